"""Veil end to end: the real `openai` SDK -> a real Veil proxy -> the loopback "cloud".

What the loopback records is what the cloud would have received; what the SDK
returns is what the user sees. So every test states both sides: no raw PII
upstream, the original values back in the reply.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import openai
import pytest

from conftest import PII, PII_TEXT, Veil, _settings
from proxy.activity import ActivityLog
from proxy.detectors.base import Detector
from proxy.detectors import registry
from proxy.detectors.registry import register_detector
from proxy.service import ProxyService

ERROR_KEYS = {"message", "type", "param", "code"}
PHONE_2 = "(212) 555-0147"


def masked(text: str, extra: dict[str, str] | None = None) -> str:
    """`text` as Veil must send it: every value of PII (and `extra`) replaced by its placeholder."""
    for tag, value in PII.items():
        text = text.replace(value, f"<{tag} 1>")
    for value, placeholder in (extra or {}).items():
        text = text.replace(value, placeholder)
    return text


def assert_no_pii(payload: Any, values: tuple[str, ...] = (*PII.values(), PHONE_2)) -> None:
    raw = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    leaked = [value for value in values if value in raw]
    assert not leaked, f"raw PII reached the upstream: {leaked}"


def only_request(veil: Veil, path: str) -> dict[str, Any]:
    """The single request the upstream received (on `path`), after checking it carries no PII."""
    assert [r.path for r in veil.received] == [path]
    assert_no_pii(veil.received[0].body)
    return veil.received[0].body


def assert_openai_error(response: httpx.Response, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert "Traceback" not in response.text
    error = response.json()["error"]
    assert set(error) == ERROR_KEYS and error["message"]
    if code is not None:
        assert error["code"] == code
    return error


def wait_for(predicate, timeout_s: float = 5.0):
    """Poll until `predicate()` is truthy (stream rows are logged when the relay ends)."""
    deadline = time.monotonic() + timeout_s
    while not (result := predicate()):
        assert time.monotonic() < deadline, "condition not reached in time"
        time.sleep(0.02)
    return result


# -- 1 + 2: nothing raw upstream, everything restored in the reply -------------------------


def test_chat_masks_the_prompt_and_restores_the_reply(veil: Veil):
    reply = veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": PII_TEXT}])

    body = only_request(veil, "/v1/chat/completions")
    assert body["messages"][0]["content"] == masked(PII_TEXT)
    assert reply.choices[0].message.content == "You said: " + PII_TEXT


def test_chat_masks_every_text_field_with_one_placeholder_per_value(veil: Veil):
    email, phone, card, ssn, ip = (PII[t] for t in ("Email Address", "Phone Number", "Credit Card", "Social Security Number", "IP Address"))
    arguments = json.dumps({"phone": phone, "ssn": ssn})
    messages = [
        {"role": "system", "content": f"The user is {email}, phone {phone}."},
        {"role": "user", "content": [
            {"type": "text", "text": f"My card {card} was declined; I'm {email}."},
            {"type": "image_url", "image_url": {"url": "https://example.org/receipt.png"}},
        ]},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "lookup", "arguments": arguments}},
        ]},
        {"role": "tool", "tool_call_id": "call_1", "content": f"Line {phone} last seen from {ip}."},
        {"role": "user", "content": f"Also try {PHONE_2} and mail {email}."},
    ]
    reply = veil.client().chat.completions.create(model="echo", messages=messages)

    sent = only_request(veil, "/v1/chat/completions")["messages"]
    assert sent[0]["content"] == "The user is <Email Address 1>, phone <Phone Number 1>."
    assert sent[1]["content"][0]["text"] == "My card <Credit Card 1> was declined; I'm <Email Address 1>."
    assert sent[1]["content"][1] == messages[1]["content"][1]  # non-text parts untouched
    assert json.loads(sent[2]["tool_calls"][0]["function"]["arguments"]) == {
        "phone": "<Phone Number 1>", "ssn": "<Social Security Number 1>"}
    assert sent[2]["tool_calls"][0]["function"]["name"] == "lookup"
    assert sent[3]["content"] == "Line <Phone Number 1> last seen from <IP Address 1>."
    assert sent[4]["content"] == "Also try <Phone Number 2> and mail <Email Address 1>."
    assert reply.choices[0].message.content == f"You said: Also try {PHONE_2} and mail {email}."


def test_chat_stream_restores_placeholders_split_across_chunks(veil: Veil):
    stream = veil.client().chat.completions.create(
        model="echo", messages=[{"role": "user", "content": PII_TEXT}], stream=True)
    pieces = [chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices]

    body = only_request(veil, "/v1/chat/completions")
    assert body["stream"] is True and body["messages"][0]["content"] == masked(PII_TEXT)
    assert "".join(pieces) == "You said: " + PII_TEXT
    assert len(pieces) > 20  # the upstream sent 3-character pieces: placeholders were split
    assert not any("<" in piece for piece in pieces)  # no placeholder fragment reached the client


async def test_async_client_chat_and_stream(veil: Veil):
    async with veil.async_client() as client:
        reply = await client.chat.completions.create(model="echo", messages=[{"role": "user", "content": PII_TEXT}])
        stream = await client.chat.completions.create(
            model="echo", messages=[{"role": "user", "content": PII_TEXT}], stream=True)
        streamed = "".join([chunk.choices[0].delta.content or "" async for chunk in stream])

    assert reply.choices[0].message.content == streamed == "You said: " + PII_TEXT
    assert len(veil.received) == 2
    for request in veil.received:
        assert_no_pii(request.body)
        assert request.body["messages"][0]["content"] == masked(PII_TEXT)


def test_completions_string_prompt(veil: Veil):
    reply = veil.client().completions.create(model="echo", prompt=PII_TEXT)

    assert only_request(veil, "/v1/completions")["prompt"] == masked(PII_TEXT)
    assert reply.choices[0].text == "You said: " + PII_TEXT


def test_completions_list_prompt_shares_placeholders(veil: Veil):
    email, phone = PII["Email Address"], PII["Phone Number"]
    prompts = [f"Write to {email}.", f"Or call {phone}, {PHONE_2}; cc {email}."]
    reply = veil.client().completions.create(model="echo", prompt=prompts)

    assert only_request(veil, "/v1/completions")["prompt"] == [
        "Write to <Email Address 1>.", "Or call <Phone Number 1>, <Phone Number 2>; cc <Email Address 1>."]
    assert reply.choices[0].text == "You said: " + " ".join(prompts)


def test_responses_string_input_and_instructions(veil: Veil):
    instructions = f"Never reveal SSN {PII['Social Security Number']} of {PII['Email Address']}."
    reply = veil.client().responses.create(model="echo", instructions=instructions, input=PII_TEXT)

    body = only_request(veil, "/v1/responses")
    assert body["instructions"] == "Never reveal SSN <Social Security Number 1> of <Email Address 1>."
    assert body["input"] == masked(PII_TEXT)
    assert reply.output_text == "You said: " + PII_TEXT


def test_responses_item_list(veil: Veil):
    email, phone, iban = PII["Email Address"], PII["Phone Number"], PII["Bank Account"]
    items = [
        {"role": "user", "content": [{"type": "input_text", "text": f"Pay from {iban}, receipt to {email}."}]},
        {"type": "function_call", "call_id": "c1", "name": "pay", "arguments": json.dumps({"iban": iban})},
        {"type": "function_call_output", "call_id": "c1", "output": f"Paid; confirmation sent to {phone}."},
        {"role": "user", "content": f"Thanks, is {phone} right?"},
    ]
    reply = veil.client().responses.create(model="echo", input=items)

    sent = only_request(veil, "/v1/responses")["input"]
    assert sent[0]["content"][0]["text"] == "Pay from <Bank Account 1>, receipt to <Email Address 1>."
    assert json.loads(sent[1]["arguments"]) == {"iban": "<Bank Account 1>"}
    assert sent[2]["output"] == "Paid; confirmation sent to <Phone Number 1>."
    assert sent[3]["content"] == "Thanks, is <Phone Number 1> right?"
    # The loopback echoes every item's text: the reply carries all values, restored.
    assert reply.output_text == "You said: " + " ".join(
        [f"Pay from {iban}, receipt to {email}.", "", f"Paid; confirmation sent to {phone}.", f"Thanks, is {phone} right?"])


def test_responses_prompt_variables_are_masked_and_restored(veil: Veil):
    email, phone = PII["Email Address"], PII["Phone Number"]
    variables = {"customer": PII_TEXT, "contact": {"type": "input_text", "text": f"Reach {email} or {PHONE_2}."}}
    reply = veil.client().responses.create(
        model="echo", prompt={"id": "pmpt_support", "version": "3", "variables": variables}, input=f"Is {phone} current?")

    body = only_request(veil, "/v1/responses")
    assert body["prompt"] == {"id": "pmpt_support", "version": "3", "variables": {
        "customer": masked(PII_TEXT),
        "contact": {"type": "input_text", "text": "Reach <Email Address 1> or <Phone Number 2>."}}}
    assert body["input"] == "Is <Phone Number 1> current?"  # one placeholder per value, variables and input alike
    # The loopback echoes the prompt object it got (as Python text): every value comes back restored.
    assert PII_TEXT in reply.output_text and f"Reach {email} or {PHONE_2}." in reply.output_text
    assert "<" not in reply.output_text


def test_responses_prompt_template_without_input(veil: Veil):
    stream = veil.client().responses.create(
        model="echo", prompt={"id": "pmpt_support", "variables": {"customer": PII_TEXT}}, stream=True)
    text = "".join(e.delta for e in stream if e.type == "response.output_text.delta")

    assert only_request(veil, "/v1/responses")["prompt"]["variables"] == {"customer": masked(PII_TEXT)}
    assert PII_TEXT in text and "<" not in text


@pytest.mark.parametrize("inputs", [PII_TEXT, [PII_TEXT, f"again {PII['Email Address']}"]], ids=["string", "list"])
def test_embeddings_input(veil: Veil, inputs):
    reply = veil.client().embeddings.create(model="echo", input=inputs, encoding_format="float")

    sent = only_request(veil, "/v1/embeddings")["input"]
    expected = masked(inputs) if isinstance(inputs, str) else [masked(PII_TEXT), "again <Email Address 1>"]
    assert sent == expected
    assert len(reply.data) == (1 if isinstance(inputs, str) else 2)


def _stream_text(client: openai.OpenAI, endpoint: str, text: str) -> str:
    if endpoint == "chat":
        stream = client.chat.completions.create(model="echo", messages=[{"role": "user", "content": text}], stream=True)
        return "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    if endpoint == "completions":
        stream = client.completions.create(model="echo", prompt=text, stream=True)
        return "".join(c.choices[0].text for c in stream)
    events = list(client.responses.create(model="echo", input=text, stream=True))
    assert events[-1].type == "response.completed"
    assert events[-1].response.output_text == "You said: " + text  # the final object is restored too
    return "".join(e.delta for e in events if e.type == "response.output_text.delta")


@pytest.mark.parametrize("endpoint", ["chat", "completions", "responses"])
def test_streams_on_every_endpoint_are_masked_and_restored(veil: Veil, endpoint: str):
    assert _stream_text(veil.client(), endpoint, PII_TEXT) == "You said: " + PII_TEXT
    assert len(veil.received) == 1
    assert_no_pii(veil.received[0].body)
    assert masked(PII_TEXT) in veil.received[0].raw


async def test_async_responses_stream(veil: Veil):
    async with veil.async_client() as client:
        stream = await client.responses.create(model="echo", input=PII_TEXT, stream=True)
        deltas = [e.delta async for e in stream if e.type == "response.output_text.delta"]
    assert "".join(deltas) == "You said: " + PII_TEXT
    assert_no_pii(veil.received[0].body)


def test_multi_turn_conversation_keeps_placeholders_consistent(veil: Veil):
    email, card = PII["Email Address"], PII["Credit Card"]
    messages = [
        {"role": "user", "content": f"I'm {email}, card {card}."},
        {"role": "assistant", "content": f"Thanks {email}, noted your card {card}."},
        {"role": "user", "content": f"Card {card} again; reply to {email} or {PHONE_2}."},
    ]
    reply = veil.client().chat.completions.create(model="echo", messages=messages)

    sent = [m["content"] for m in only_request(veil, "/v1/chat/completions")["messages"]]
    assert sent == [
        "I'm <Email Address 1>, card <Credit Card 1>.",
        "Thanks <Email Address 1>, noted your card <Credit Card 1>.",
        "Card <Credit Card 1> again; reply to <Email Address 1> or <Phone Number 1>.",
    ]
    assert reply.choices[0].message.content == "You said: " + messages[2]["content"]


# -- fail closed ------------------------------------------------------------------------


class _BrokenDetector(Detector):
    def __init__(self, broken: str) -> None:
        self.name = f"broken-{broken}"
        self.broken = broken

    def load(self) -> None:
        if self.broken == "load":
            raise OSError("model file is corrupt")

    def detect(self, text: str):
        raise RuntimeError("inference crashed")


@pytest.mark.parametrize("broken", ["load", "detect"])
@pytest.mark.parametrize("stream", [False, True])
def test_fail_closed_when_protection_cannot_run(make_veil, monkeypatch, broken: str, stream: bool):
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))  # the registration ends with the test
    register_detector(f"broken-{broken}", lambda: _BrokenDetector(broken))
    veil = make_veil(detectors=(f"broken-{broken}",))

    with pytest.raises(openai.APIStatusError) as raised:
        veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": PII_TEXT}], stream=stream)

    assert raised.value.status_code == 503
    assert raised.value.body["type"] == "veil_protection_unavailable"
    assert raised.value.body["code"] == "protection_unavailable"
    assert veil.received == []  # nothing at all reached the upstream
    row = veil.state.activity.recent(1)[0]
    assert (row["status"], row["error"]) == (503, f"protection unavailable: broken-{broken}")
    [detector] = httpx.get(veil.url[:-3] + "/veil/status").json()["detectors"]
    assert detector["name"] == f"broken-{broken}"
    assert (detector["ready"], "corrupt" in detector["detail"]) == ((False, True) if broken == "load" else (True, False))


class _GatedDetector(Detector):
    """Loads only when the test releases it (a model that takes a while, like GLiNER's first load)."""

    name = "gated"

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def load(self) -> None:
        self.release.wait(60)

    def detect(self, text: str):
        return []


def test_requests_wait_while_detection_loads_and_status_says_loading(loopback, tmp_path, monkeypatch):
    monkeypatch.setattr(registry, "_FACTORIES", dict(registry._FACTORIES))
    monkeypatch.setenv("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
    release = threading.Event()
    register_detector("gated", lambda: _GatedDetector(release))
    loopback.requests.clear()
    service = ProxyService(_settings(loopback, tmp_path, detectors=("patterns", "gated")))
    url = service.start()  # serving at once; the detectors load in the background
    status_url = url[:-3] + "/veil/status"
    try:
        status = httpx.get(status_url).json()
        assert (status["status"], status["protection"]["state"]) == ("loading", "loading")
        assert "gated" in status["protection"]["detail"]
        assert {d["name"]: d["ready"] for d in status["detectors"]} == {"patterns": True, "gated": False}

        replies: list[Any] = []
        client = openai.OpenAI(base_url=url, api_key="sk-client", max_retries=0)
        waiting = threading.Thread(target=lambda: replies.append(client.chat.completions.create(
            model="echo", messages=[{"role": "user", "content": PII_TEXT}])))
        waiting.start()
        time.sleep(0.5)
        assert waiting.is_alive() and loopback.requests == []  # the request waits; nothing went out
        release.set()
        waiting.join(30)
        assert replies[0].choices[0].message.content == "You said: " + PII_TEXT
        [sent] = loopback.requests
        assert_no_pii(sent.body)
        assert sent.body["messages"][0]["content"] == masked(PII_TEXT)
        status = httpx.get(status_url).json()
        assert (status["status"], status["protection"]["state"]) == ("protecting", "ready")
        assert status["protection"]["seconds"] >= 0.4
    finally:
        release.set()
        service.stop()


# -- 3: bad input gets an OpenAI-format 4xx, never a traceback -------------------------------

BAD_BODIES = [
    ("chat/completions", b'{"model": "echo", "messages": [', "invalid_json", None),
    ("chat/completions", b"\xff\xfe not utf-8", "invalid_json", None),
    ("chat/completions", b"[" * 100_000, "invalid_json", None),
    ("chat/completions", b"", "invalid_json", None),
    ("chat/completions", b'["not", "an", "object"]', "invalid_request_body", "body"),
    ("chat/completions", b'{"model": "echo", "messages": "hi"}', "invalid_request_body", "messages"),
    ("chat/completions", b'{"model": "echo", "messages": []}', "invalid_request_body", "messages"),
    ("chat/completions", b'{"model": "echo", "messages": [{"role": "user", "content": 42}]}', "invalid_request_body", "messages[0].content"),
    ("chat/completions", b'{"model": "echo", "messages": [{"content": "hi"}]}', "invalid_request_body", "messages[0].role"),
    ("chat/completions", b'{"model": "echo", "messages": [{"role": "user", "content": [{"type": "text", "text": 7}]}]}',
     "invalid_request_body", "messages[0].content[0].text"),
    ("chat/completions", b'{"model": 5, "messages": [{"role": "user", "content": "hi"}]}', "invalid_request_body", "model"),
    ("chat/completions", b'{"model": "echo", "stream": "yes", "messages": [{"role": "user", "content": "hi"}]}',
     "invalid_request_body", "stream"),
    ("completions", b'{"model": "echo", "prompt": [101, 102, 103]}', "invalid_request_body", "prompt[0]"),
    ("completions", b'{"model": "echo"}', "invalid_request_body", "prompt"),
    ("embeddings", b'{"model": "echo", "input": [[1, 2, 3]]}', "invalid_request_body", "input[0]"),
    ("responses", b'{"model": "echo", "input": 3}', "invalid_request_body", "input"),
    ("responses", b'{"model": "echo", "input": "hi", "instructions": ["x"]}', "invalid_request_body", "instructions"),
]


@pytest.mark.parametrize(("endpoint", "raw", "code", "param"), BAD_BODIES)
def test_malformed_requests_get_openai_format_400(veil: Veil, endpoint: str, raw: bytes, code: str, param: str | None):
    response = httpx.post(f"{veil.url}/{endpoint}", content=raw, headers={"content-type": "application/json"})
    error = assert_openai_error(response, 400, code)
    assert error["type"] == "invalid_request_error"
    assert error["param"] == param
    assert veil.received == []


def test_sdk_raises_bad_request_for_wrong_field_types(veil: Veil):
    with pytest.raises(openai.BadRequestError) as raised:
        veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": 42}])  # type: ignore[list-item]
    assert raised.value.body["param"] == "messages[0].content"
    with pytest.raises(openai.BadRequestError):
        veil.client().completions.create(model="echo", prompt=[[1, 2, 3]])
    assert veil.received == []


def test_body_over_the_limit_gets_413(make_veil):
    veil = make_veil(max_body_bytes=1000)
    big = json.dumps({"model": "echo", "messages": [{"role": "user", "content": "x" * 2000}]}).encode()

    assert_openai_error(httpx.post(f"{veil.url}/chat/completions", content=big), 413, "request_too_large")
    # Without a Content-Length (chunked upload) the limit holds while reading.
    chunked = httpx.post(f"{veil.url}/chat/completions", content=iter([big[:600], big[600:]]))
    assert "content-length" not in chunked.request.headers
    assert_openai_error(chunked, 413, "request_too_large")
    with pytest.raises(openai.APIStatusError) as raised:
        veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": "x" * 2000}])
    assert raised.value.status_code == 413
    # A body under the limit still goes through.
    small = veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": "hi"}])
    assert small.choices[0].message.content == "You said: hi"
    assert len(veil.received) == 1


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/v1/assistants", 404),
    ("POST", "/v1/images/generations", 404),
    ("POST", "/v2/chat/completions", 404),
    ("GET", "/", 404),
    ("GET", "/v1/chat/completions", 405),
    ("DELETE", "/v1/responses", 405),
    ("POST", "/v1/models", 405),
    ("OPTIONS", "/v1/chat/completions", 405),
    ("PROPFIND", "/v1/embeddings", 405),
])
def test_unknown_paths_and_wrong_methods(veil: Veil, method: str, path: str, status: int):
    response = httpx.request(method, veil.url[:-3] + path, json={"model": "echo"})
    assert_openai_error(response, status)
    assert veil.received == []


def test_sdk_sees_unsupported_endpoints_as_not_found(veil: Veil):
    with pytest.raises(openai.NotFoundError):
        veil.client().files.list()


def test_access_token_is_required_when_configured(make_veil):
    veil = make_veil(access_token="veil-local-secret")
    body = {"model": "echo", "messages": [{"role": "user", "content": "hi"}]}

    assert_openai_error(httpx.post(f"{veil.url}/chat/completions", json=body), 401, "invalid_veil_token")
    assert_openai_error(httpx.post(f"{veil.url}/chat/completions", json=body, headers={"x-veil-token": "guess"}), 401)
    assert_openai_error(httpx.get(f"{veil.url}/models"), 401)
    with pytest.raises(openai.AuthenticationError):
        veil.client(api_key="sk-someone-else").chat.completions.create(**body)
    assert veil.received == []

    ok = httpx.post(f"{veil.url}/chat/completions", json=body, headers={"x-veil-token": "veil-local-secret"})
    assert ok.status_code == 200 and ok.json()["choices"][0]["message"]["content"] == "You said: hi"
    assert veil.client(api_key="veil-local-secret").models.list().data[0].id == "echo"


def test_veil_status_requires_the_access_token_when_configured(make_veil):
    veil = make_veil(access_token="veil-local-secret")
    status_url = veil.url[:-3] + "/veil/status"

    for headers in ({}, {"x-veil-token": "guess"}, {"authorization": "Bearer sk-someone-else"}):
        error = assert_openai_error(httpx.get(status_url, headers=headers), 401, "invalid_veil_token")
        assert error["type"] == "authentication_error"
        assert veil.upstream.base_url not in error["message"]
    for headers in ({"x-veil-token": "veil-local-secret"}, {"authorization": "Bearer veil-local-secret"}):
        ok = httpx.get(status_url, headers=headers)
        assert ok.status_code == 200 and ok.json()["status"] == "protecting"
    assert veil.received == []


# -- 4: upstream failures -------------------------------------------------------------------


@pytest.mark.parametrize("stream", [False, True])
def test_upstream_500_is_passed_through(veil: Veil, stream: bool):
    with pytest.raises(openai.InternalServerError) as raised:
        veil.client().chat.completions.create(model="fail-500", messages=[{"role": "user", "content": PII_TEXT}], stream=stream)
    assert raised.value.status_code == 500
    assert raised.value.body["message"] == "upstream exploded"
    assert len(veil.received) == 1
    assert_no_pii(veil.received[0].body)


@pytest.mark.parametrize("stream", [False, True])
def test_garbage_from_upstream_is_a_502(veil: Veil, stream: bool):
    body = {"model": "garbage", "stream": stream, "messages": [{"role": "user", "content": "hi"}]}
    error = assert_openai_error(httpx.post(f"{veil.url}/chat/completions", json=body), 502, "bad_upstream_response")
    assert error["type"] == "upstream_error"


@pytest.mark.parametrize("stream", [False, True])
def test_upstream_timeout_is_a_504_not_a_hang(make_veil, stream: bool):
    veil = make_veil(upstream_timeout_s=0.5)
    started = time.monotonic()
    with pytest.raises(openai.APIStatusError) as raised:
        veil.client().chat.completions.create(model="slow", messages=[{"role": "user", "content": "hi"}], stream=stream)
    assert raised.value.status_code == 504
    assert raised.value.body["code"] == "upstream_timeout"
    assert time.monotonic() - started < 1.8  # the loopback would answer after 2 s


def test_unreachable_upstream_is_a_502(make_veil):
    veil = make_veil(upstream="http://127.0.0.1:9/v1")  # discard port: nothing listens
    with pytest.raises(openai.APIStatusError) as raised:
        veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": "hi"}])
    assert raised.value.status_code == 502
    assert raised.value.body["code"] == "upstream_unreachable"


@pytest.mark.parametrize("endpoint", ["chat", "completions", "responses"])
def test_stream_broken_midway_ends_with_an_error_event(veil: Veil, endpoint: str):
    client = veil.client(timeout=10)
    received: list[str] = []
    started = time.monotonic()
    with pytest.raises(openai.APIError, match="broke off the stream"):
        if endpoint == "chat":
            for chunk in client.chat.completions.create(model="disconnect", messages=[{"role": "user", "content": PII_TEXT}], stream=True):
                received.append(chunk.choices[0].delta.content or "")
        elif endpoint == "completions":
            for chunk in client.completions.create(model="disconnect", prompt=PII_TEXT, stream=True):
                received.append(chunk.choices[0].text)
        else:
            for event in client.responses.create(model="disconnect", input=PII_TEXT, stream=True):
                received.append(getattr(event, "delta", ""))
    assert time.monotonic() - started < 5
    text = "".join(received)
    assert text and ("You said: " + PII_TEXT).startswith(text)  # what came before the break, restored
    row = wait_for(lambda: [r for r in veil.state.activity.recent(5) if r["model"] == "disconnect"])[0]
    assert row["error"].startswith("upstream stream broke")


# -- 5: credentials -------------------------------------------------------------------------


def test_client_authorization_is_forwarded(make_veil, monkeypatch):
    monkeypatch.delenv("VEIL_UPSTREAM_API_KEY", raising=False)
    veil = make_veil()
    veil.client(api_key="sk-client-123", organization="org-9").chat.completions.create(
        model="echo", messages=[{"role": "user", "content": "hi"}])
    headers = veil.received[0].headers
    assert headers["authorization"] == "Bearer sk-client-123"
    assert headers["openai-organization"] == "org-9"


def test_configured_upstream_key_is_used(make_veil, monkeypatch):
    monkeypatch.setenv("VEIL_UPSTREAM_API_KEY", "sk-veil-configured")
    veil = make_veil()
    client = veil.client(api_key="sk-placeholder")
    client.chat.completions.create(model="echo", messages=[{"role": "user", "content": "hi"}])
    client.models.list()
    assert [r.headers["authorization"] for r in veil.received] == ["Bearer sk-veil-configured"] * 2


def test_access_token_is_never_forwarded(make_veil, monkeypatch):
    monkeypatch.delenv("VEIL_UPSTREAM_API_KEY", raising=False)
    token = "veil-local-secret"
    veil = make_veil(access_token=token)
    body = {"model": "echo", "messages": [{"role": "user", "content": "hi"}]}

    veil.client(api_key=token).chat.completions.create(**body)  # token as the SDK's key
    veil.client(api_key="sk-client", default_headers={"X-Veil-Token": token}).chat.completions.create(**body)
    veil.state.upstream_key = "sk-veil-configured"
    veil.client(api_key=token).chat.completions.create(**body)

    first, second, third = (r.headers for r in veil.received)
    assert "authorization" not in first
    assert second["authorization"] == "Bearer sk-client"
    assert third["authorization"] == "Bearer sk-veil-configured"
    for headers in (first, second, third):
        assert token not in json.dumps(headers)


# -- 6: models, status, activity log --------------------------------------------------------


def test_models_pass_through(veil: Veil):
    models = veil.client().models.list()
    assert [m.id for m in models.data] == ["echo"]
    assert [r.path for r in veil.received] == ["/v1/models"]


def test_status_reports_protection(veil: Veil):
    status = httpx.get(veil.url[:-3] + "/veil/status")
    assert status.status_code == 200
    data = status.json()
    assert data["status"] == "protecting"
    assert data["policy"] == "all"
    assert data["upstream"] == veil.upstream.base_url
    assert [(d["name"], d["ready"]) for d in data["detectors"]] == [("patterns", True)]


def test_activity_log_has_a_row_per_request_and_no_raw_pii(make_veil):
    veil = make_veil()
    client = veil.client()
    client.chat.completions.create(model="echo", messages=[{"role": "user", "content": PII_TEXT}])
    "".join(c.choices[0].delta.content or "" for c in client.chat.completions.create(
        model="echo", messages=[{"role": "user", "content": PII_TEXT}], stream=True))
    client.embeddings.create(model="echo", input=[PII_TEXT], encoding_format="float")
    httpx.post(f"{veil.url}/completions", json={"model": "echo", "prompt": [[1, 2]]})
    with pytest.raises(openai.InternalServerError):
        client.responses.create(model="fail-500", input=PII_TEXT, stream=True)
    db = veil.data_dir / "activity.db"
    wait_for(lambda: len(veil.state.activity.recent()) >= 5)

    veil.service.stop()  # closes the log: everything is in the files now
    rows = list(reversed(ActivityLog(db).recent()))
    assert [(r["endpoint"], r["status"], r["stream"]) for r in rows] == [
        ("chat/completions", 200, 0), ("chat/completions", 200, 1), ("embeddings", 200, 0),
        ("completions", 400, 0), ("responses", 500, 1)]
    for row in (rows[0], rows[1], rows[2], rows[4]):
        assert row["entities"] == {"CODE": 6} and row["masked"] == {"CODE": 6}
    assert rows[3]["entities"] == {} and rows[4]["error"] == "upstream HTTP 500"
    stored = b"".join(p.read_bytes() for p in veil.data_dir.iterdir() if p.name.startswith("activity.db"))
    for value in PII.values():
        assert value.encode() not in stored


def test_paused_protection_forwards_unchanged_and_says_so(make_veil):
    veil = make_veil()
    veil.state.paused = True
    reply = veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": PII_TEXT}])
    assert veil.received[0].body["messages"][0]["content"] == PII_TEXT
    assert reply.choices[0].message.content == "You said: " + PII_TEXT
    assert httpx.get(veil.url[:-3] + "/veil/status").json()["status"] == "paused"
    assert veil.state.activity.recent(1)[0]["decisions"] == {"protection paused": 1}


def test_client_hanging_up_midstream_is_logged_and_closes_the_upstream(veil: Veil):
    long_text = (PII_TEXT + " ") * 5  # ~250 pieces: over 10 s if relayed to the end
    stream = veil.client().chat.completions.create(
        model="drip", messages=[{"role": "user", "content": long_text}], stream=True)
    first = [next(stream).choices[0].delta.content for _ in range(3)]
    stream.close()

    assert "".join(first) == "You said: "[:9]
    row = wait_for(lambda: [r for r in veil.state.activity.recent(5) if r["model"] == "drip"], timeout_s=5)[0]
    assert row["status"] == 200 and row["masked"] == {"CODE": 30}


def test_stream_null_is_a_plain_request(veil: Veil):
    body = {"model": "echo", "stream": None, "messages": [{"role": "user", "content": PII["Email Address"]}]}
    response = httpx.post(f"{veil.url}/chat/completions", json=body)
    assert response.status_code == 200
    assert response.json()["choices"][0]["message"]["content"] == "You said: " + PII["Email Address"]
    assert only_request(veil, "/v1/chat/completions")["messages"][0]["content"] == "<Email Address 1>"
