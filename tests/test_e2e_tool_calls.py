"""Tool calls end to end: values restored into `arguments` (JSON) are escaped, whole and streamed.

The upstream is the recording loopback, scripted to answer with a tool call
instead of text: the arguments are `{"said": "<what it received>"}`, so the
placeholders Veil sent come back *inside a JSON string*. The user's values
carry a double quote, backslashes and a newline (a test detector marks them as
PII; the patterns detector still finds the phone number). The client must get
arguments that `json.loads` into the original values, with the real `openai`
SDK, for chat (tool_calls and the legacy function_call) and Responses
(function_call items and `function_call_arguments` events).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from conftest import PII, Veil, _settings, _start
from proxy.detectors.base import Detector
from proxy.detectors.registry import register_detector
from proxy.entities import Entity
from proxy.loopback import PIECE, LoopbackUpstream, Recorded

NAME = 'Jane "JJ" Doe'
NICKNAME = "J\\D\\\\x"  # backslashes: J\D\\x
PHONE = PII["Phone Number"]
TEXT = f"Save the contact {NAME} (aka {NICKNAME}), phone {PHONE}.\nThanks"
LITERALS = {NAME: "Full Name", NICKNAME: "Nickname"}


class LiteralDetector(Detector):
    """Finds the test's own values (no shipped recognizer matches quotes or backslashes)."""

    name = "test-literals"

    def detect(self, text: str) -> list[Entity]:
        return [Entity(value, m.start(), m.end(), tag, detector=self.name)
                for value, tag in LITERALS.items() for m in re.finditer(re.escape(value), text)]


class ToolCallUpstream(LoopbackUpstream):
    """The loopback, answering every chat / Responses request with a tool call that quotes the request."""

    async def _handle(self, request: Request) -> Response:
        path = request.url.path
        body = json.loads(await request.body())
        self.requests.append(Recorded(path, dict(request.headers), body))
        arguments = json.dumps({"said": "You said: " + self._last_text(body)})
        legacy = body.get("model") == "function-call"
        if path.endswith("/responses"):
            if body.get("stream"):
                return StreamingResponse(self._responses_stream(arguments), media_type="text/event-stream")
            return JSONResponse(self._response(arguments))
        if body.get("stream"):
            return StreamingResponse(self._chat_stream(arguments, legacy), media_type="text/event-stream")
        message: dict[str, Any] = {"role": "assistant", "content": None}
        if legacy:
            message["function_call"] = {"name": "save", "arguments": arguments}
        else:
            message["tool_calls"] = [{"id": "call-loop", "type": "function", "function": {"name": "save", "arguments": arguments}}]
        return JSONResponse({
            "id": "chatcmpl-loop", "object": "chat.completion", "created": int(time.time()), "model": body["model"],
            "choices": [{"index": 0, "message": message, "finish_reason": "function_call" if legacy else "tool_calls"}],
        })

    @staticmethod
    def _pieces(text: str) -> list[str]:
        return [text[i : i + PIECE] for i in range(0, len(text), PIECE)]

    async def _chat_stream(self, arguments: str, legacy: bool) -> AsyncIterator[bytes]:
        def chunk(delta: dict[str, Any], finish: str | None = None) -> bytes:
            data = {"id": "chatcmpl-loop", "object": "chat.completion.chunk", "created": 0, "model": "tools",
                    "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
            return f"data: {json.dumps(data)}\n\n".encode()

        first = {"name": "save", "arguments": ""}
        yield chunk({"role": "assistant", "function_call": first} if legacy else
                    {"role": "assistant", "tool_calls": [{"index": 0, "id": "call-loop", "type": "function", "function": first}]})
        for piece in self._pieces(arguments):
            yield chunk({"function_call": {"arguments": piece}} if legacy else
                        {"tool_calls": [{"index": 0, "function": {"arguments": piece}}]})
        yield chunk({}, "function_call" if legacy else "tool_calls")
        yield b"data: [DONE]\n\n"

    @staticmethod
    def _item(arguments: str) -> dict[str, Any]:
        return {"id": "fc-loop", "type": "function_call", "call_id": "call-loop", "name": "save",
                "arguments": arguments, "status": "completed"}

    def _response(self, arguments: str) -> dict[str, Any]:
        return {**self._response_object("tools", ""), "output": [self._item(arguments)]}

    async def _responses_stream(self, arguments: str) -> AsyncIterator[bytes]:
        def event(data: dict[str, Any]) -> bytes:
            return f"event: {data['type']}\ndata: {json.dumps(data)}\n\n".encode()

        yield event({"type": "response.output_item.added", "output_index": 0, "item": self._item(""), "sequence_number": 0})
        pieces = self._pieces(arguments)
        for number, piece in enumerate(pieces, 1):
            yield event({"type": "response.function_call_arguments.delta", "item_id": "fc-loop", "output_index": 0,
                         "delta": piece, "sequence_number": number})
        yield event({"type": "response.function_call_arguments.done", "item_id": "fc-loop", "output_index": 0,
                     "arguments": arguments, "sequence_number": len(pieces) + 1})
        yield event({"type": "response.output_item.done", "output_index": 0, "item": self._item(arguments),
                     "sequence_number": len(pieces) + 2})
        yield event({"type": "response.completed", "response": self._response(arguments), "sequence_number": len(pieces) + 3})


@pytest.fixture(scope="module")
def tools_veil(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Veil]:
    register_detector("test-literals", LiteralDetector)
    upstream = ToolCallUpstream()
    upstream.start()
    veil = _start(upstream, _settings(upstream, tmp_path_factory.mktemp("veil-tools"), detectors=("patterns", "test-literals")))
    yield veil
    veil.service.stop()
    upstream.stop()


@pytest.fixture
def veil(tools_veil: Veil) -> Veil:
    tools_veil.upstream.requests.clear()
    return tools_veil


def sent_text(veil: Veil) -> str:
    """What the cloud got, after checking it holds no raw value and the expected placeholders."""
    [request] = veil.received
    raw = request.raw
    assert not [value for value in (NAME, NICKNAME, PHONE) if value in raw]
    for placeholder in ("<Full Name 1>", "<Nickname 1>", "<Phone Number 1>"):
        assert placeholder in raw
    return raw


def assert_restored(arguments: str) -> None:
    assert json.loads(arguments) == {"said": "You said: " + TEXT}


MESSAGES = [{"role": "user", "content": TEXT}]


@pytest.mark.parametrize("model", ["tools", "function-call"])
def test_chat_reply_arguments_are_valid_json_with_the_original_values(veil: Veil, model: str):
    reply = veil.client().chat.completions.create(model=model, messages=MESSAGES)

    sent_text(veil)
    message = reply.choices[0].message
    call = message.function_call if model == "function-call" else message.tool_calls[0].function
    assert call.name == "save"
    assert_restored(call.arguments)


@pytest.mark.parametrize("model", ["tools", "function-call"])
def test_chat_stream_arguments_split_across_chunks_are_valid_json(veil: Veil, model: str):
    stream = veil.client().chat.completions.create(model=model, messages=MESSAGES, stream=True)
    pieces = []
    for chunk in stream:
        for choice in chunk.choices:
            delta = choice.delta
            if model == "function-call":
                pieces.append(delta.function_call.arguments if delta.function_call else "")
            else:
                pieces += [call.function.arguments or "" for call in delta.tool_calls or [] if call.function]

    sent_text(veil)
    assert len(pieces) > 20  # 3-character pieces upstream: placeholders were split
    assert_restored("".join(pieces))


async def test_async_chat_stream_tool_call(veil: Veil):
    async with veil.async_client() as client:
        stream = await client.chat.completions.create(model="tools", messages=MESSAGES, stream=True)
        arguments = "".join([call.function.arguments or "" async for chunk in stream for choice in chunk.choices
                             for call in choice.delta.tool_calls or [] if call.function])
    assert_restored(arguments)


def test_responses_function_call_arguments_are_valid_json(veil: Veil):
    reply = veil.client().responses.create(model="tools", input=TEXT)

    sent_text(veil)
    [item] = reply.output
    assert item.type == "function_call"
    assert_restored(item.arguments)


def test_responses_stream_function_call_arguments_are_valid_json(veil: Veil):
    events = list(veil.client().responses.create(model="tools", input=[{"role": "user", "content": TEXT}], stream=True))

    sent_text(veil)
    deltas = [e.delta for e in events if e.type == "response.function_call_arguments.delta"]
    assert len(deltas) > 20
    assert_restored("".join(deltas))
    [done] = [e for e in events if e.type == "response.function_call_arguments.done"]
    assert_restored(done.arguments)
    [item_done] = [e for e in events if e.type == "response.output_item.done"]
    assert_restored(item_done.item.arguments)
    assert events[-1].type == "response.completed"
    assert_restored(events[-1].response.output[0].arguments)


def test_tool_call_arguments_in_the_request_are_masked(veil: Veil):
    """The way in: arguments of an earlier call (JSON) are masked too, and the new reply restored."""
    earlier = json.dumps({"phone": PHONE})
    messages = [
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": "call_0", "type": "function", "function": {"name": "save", "arguments": earlier}}]},
        {"role": "tool", "tool_call_id": "call_0", "content": "saved"},
        *MESSAGES,
    ]
    reply = veil.client().chat.completions.create(model="tools", messages=messages)

    [request] = veil.received
    assert json.loads(request.body["messages"][0]["tool_calls"][0]["function"]["arguments"]) == {"phone": "<Phone Number 1>"}
    assert_restored(reply.choices[0].message.tool_calls[0].function.arguments)
