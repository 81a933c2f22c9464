"""The real default detectors end to end: patterns + the trained GLiNER model, through the proxy.

Most proxy tests pin `detectors=("patterns",)` (conftest): they test plumbing.
These run what a user gets out of the box: the `openai` SDK -> a real Veil
proxy with the default detectors -> the loopback "cloud". Names, street
addresses, employers and health conditions (which no pattern can find) must
be masked before the upstream sees them, and restored in the reply.

GLiNER loads once per test process (its int8 ONNX file is derived once per
machine into the session cache, `build/test-cache`, see conftest).
"""

from __future__ import annotations

import json

import httpx
import pytest
from conftest import PII, Veil

from proxy.config import DEFAULT_DETECTORS, Settings, load_settings

NAME, ADDRESS = "Maria Lopez", "221 Maple Avenue"
PROMPT = (f"Hi, I am {NAME} and I live at {ADDRESS}, Columbus. Please write a short note to my landlord "
          f"about the broken heater; he can reach me at {PII['Email Address']}.")
HEALTH = ("My colleague Rahul Menon at Northwind Logistics was diagnosed with type 2 diabetes last year; "
          "how should I support him?")


def test_the_default_is_patterns_and_gliner(tmp_path):
    assert DEFAULT_DETECTORS == ("patterns", "gliner") == Settings().detectors
    assert load_settings(tmp_path / "absent.toml", env={}).detectors == DEFAULT_DETECTORS


@pytest.fixture(scope="module")
def default_veil(loopback, tmp_path_factory) -> Veil:
    from conftest import _settings, _start

    veil = _start(loopback, _settings(loopback, tmp_path_factory.mktemp("veil-default"), detectors=DEFAULT_DETECTORS))
    yield veil
    veil.service.stop()


@pytest.fixture
def veil(default_veil: Veil) -> Veil:
    default_veil.upstream.requests.clear()
    return default_veil


def test_status_says_both_detectors_are_loaded(veil: Veil):
    status = httpx.get(veil.url[:-3] + "/veil/status").json()
    assert status["status"] == "protecting"
    assert status["protection"]["state"] == "ready" and status["protection"]["seconds"] is not None
    detectors = {d["name"]: d for d in status["detectors"]}
    assert list(detectors) == ["patterns", "gliner"] and all(d["ready"] for d in detectors.values())
    assert detectors["gliner"]["detail"].startswith("loaded:")


def test_name_and_street_address_are_masked_upstream_and_restored(veil: Veil):
    reply = veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": PROMPT}])

    [request] = veil.received
    sent = request.body["messages"][0]["content"]
    assert NAME not in request.raw and ADDRESS not in request.raw and PII["Email Address"] not in request.raw
    assert "<Full Name 1>" in sent and "<Street Address 1>" in sent and "<Email Address 1>" in sent
    assert reply.choices[0].message.content == "You said: " + PROMPT  # restored for the user
    row = veil.state.activity.recent(1)[0]
    assert sum(row["masked"].values()) >= 3 and NAME not in json.dumps(row)  # counts, never values


def test_stream_restores_what_gliner_masked(veil: Veil):
    stream = veil.client().chat.completions.create(
        model="echo", messages=[{"role": "user", "content": PROMPT}], stream=True)
    streamed = "".join(chunk.choices[0].delta.content or "" for chunk in stream if chunk.choices)

    [request] = veil.received
    assert NAME not in request.raw and ADDRESS not in request.raw
    assert streamed == "You said: " + PROMPT


def test_employer_and_health_condition_do_not_leave_the_machine(veil: Veil):
    reply = veil.client().responses.create(model="echo", input=HEALTH)

    [request] = veil.received
    for value in ("Rahul Menon", "Northwind Logistics", "type 2 diabetes"):
        assert value not in request.raw, value
    sent = json.dumps(request.body)
    assert "<Company Name 1>" in sent and "<Medical Condition 1>" in sent
    assert HEALTH in reply.output_text


def test_escaped_values_in_tool_call_arguments_are_masked(veil: Veil):
    """Arguments are JSON text: "Jos\\u00e9 Mart\\u00ednez" or a "\\n" inside a value must not hide PII."""
    name = "José Martínez"
    arguments = json.dumps({"to": PII["Email Address"],
                            "body": f"Dear {name},\nyour new flat at {ADDRESS}, Columbus is ready."}, ensure_ascii=True)
    assert name not in arguments  # escaped as the SDKs of some models send it
    messages = [
        {"role": "user", "content": "Email my new tenant that the flat is ready."},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "send_email", "arguments": arguments}}]},
        {"role": "tool", "tool_call_id": "call_1", "content": "sent"},
        {"role": "user", "content": "Thanks. Now summarise what you sent."},
    ]
    veil.client().chat.completions.create(model="echo", messages=messages)
    sent = veil.received[-1].body["messages"][1]["tool_calls"][0]["function"]["arguments"]
    parsed = json.loads(sent)  # still valid JSON for the upstream
    for value in (name, "Martínez", "Mart\\u00ednez", ADDRESS, PII["Email Address"]):
        assert value not in sent
    assert parsed["to"].startswith("<") and "<Full Name" in parsed["body"]


def test_hand_written_details_the_model_alone_misses_are_masked(veil: Veil):
    """A given name placed by a relation word, a job and employer bound to a person, and a one-line postal
    address (street found by its shape, town and postcode joined to it) never reach the upstream."""
    text = ("My wife Min-ji (38) is a line cook at Joe Beef and we live at 14 Agar Grove, London NW1 9SL. "
            "What is a good name for a goldfish?")
    reply = veil.client().chat.completions.create(model="echo", messages=[{"role": "user", "content": text}])

    [request] = veil.received
    for value in ("Min-ji", "line cook", "Joe Beef", "Agar Grove", "NW1 9SL"):
        assert value not in request.raw, value
    sent = request.body["messages"][0]["content"]
    assert "<Occupation 1>" in sent and "<Company Name 1>" in sent and "<Street Address 1>" in sent
    assert reply.choices[0].message.content == "You said: " + text
