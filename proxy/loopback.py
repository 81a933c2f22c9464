"""A loopback stand-in for the cloud LLM: records every request and echoes it back.

It is a real HTTP server (uvicorn on 127.0.0.1), used by the end-to-end tests
and by `veil bench` to measure what Veil adds. It answers in OpenAI's formats
by echoing the text it received, so a test can see both what the cloud got
(masked) and what the client got back (restored). Streams are cut into
3-character pieces so placeholders are split across chunks. The model name
selects failure modes: `fail-500`, `slow` (sleeps past short timeouts),
`disconnect` (breaks the stream midway), `garbage` (a non-JSON body), and
`drip` (streams one piece every `drip_s`, for clients that hang up midway).
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route

PIECE = 3


@dataclass
class Recorded:
    path: str
    headers: dict[str, str]
    body: Any

    @property
    def raw(self) -> str:
        return json.dumps(self.body, ensure_ascii=False)


@dataclass
class LoopbackUpstream:
    """Serve with `start()`; inspect `requests`; `stop()` when done."""

    host: str = "127.0.0.1"
    requests: list[Recorded] = field(default_factory=list)
    slow_s: float = 3.0
    drip_s: float = 0.05
    _server: uvicorn.Server | None = None
    _thread: threading.Thread | None = None

    # -- answers ---------------------------------------------------------------
    @staticmethod
    def _last_text(body: dict[str, Any]) -> str:
        if "messages" in body:
            content = body["messages"][-1].get("content") or ""
            if isinstance(content, list):
                content = " ".join(part.get("text", "") for part in content if isinstance(part, dict))
            return content
        value = body.get("prompt", body.get("input", ""))
        if isinstance(value, list):
            parts = []
            for item in value:
                if isinstance(item, str):
                    parts.append(item)
                elif isinstance(item, dict):
                    content = item.get("content", item.get("output", ""))
                    if isinstance(content, list):
                        content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
                    parts.append(str(content))
            value = " ".join(parts)
        return str(value)

    async def _handle(self, request: Request) -> Response:
        path = request.url.path
        raw = await request.body()
        body = json.loads(raw) if raw else {}
        self.requests.append(Recorded(path, dict(request.headers), body))
        model = body.get("model", "echo") if isinstance(body, dict) else "echo"
        if model == "fail-500":
            return JSONResponse({"error": {"message": "upstream exploded", "type": "server_error", "param": None, "code": None}}, status_code=500)
        if model == "garbage":
            return PlainTextResponse("<html>bad gateway</html>", status_code=502)
        if model == "slow":
            await asyncio.sleep(self.slow_s)
        reply = "You said: " + self._last_text(body)
        if path.endswith("/embeddings"):
            inputs = body.get("input")
            count = len(inputs) if isinstance(inputs, list) else 1
            return JSONResponse({"object": "list", "model": model, "data": [
                {"object": "embedding", "index": i, "embedding": [0.0, 0.1, 0.2]} for i in range(count)
            ], "usage": {"prompt_tokens": 1, "total_tokens": 1}})
        if body.get("stream"):
            return StreamingResponse(self._stream(path, model, reply), media_type="text/event-stream")
        if path.endswith("/chat/completions"):
            return JSONResponse({
                "id": "chatcmpl-loop", "object": "chat.completion", "created": int(time.time()), "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": reply}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            })
        if path.endswith("/responses"):
            return JSONResponse(self._response_object(model, reply))
        return JSONResponse({
            "id": "cmpl-loop", "object": "text_completion", "created": int(time.time()), "model": model,
            "choices": [{"index": 0, "text": reply, "finish_reason": "stop", "logprobs": None}],
            "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
        })

    @staticmethod
    def _response_object(model: str, reply: str) -> dict[str, Any]:
        return {
            "id": "resp-loop", "object": "response", "created_at": int(time.time()), "model": model, "status": "completed",
            "output": [{"id": "msg-loop", "type": "message", "role": "assistant", "status": "completed",
                        "content": [{"type": "output_text", "text": reply, "annotations": []}]}],
            "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
        }

    async def _stream(self, path: str, model: str, reply: str) -> AsyncIterator[bytes]:
        pieces = [reply[i : i + PIECE] for i in range(0, len(reply), PIECE)]
        for number, piece in enumerate(pieces):
            if model == "disconnect" and number == len(pieces) // 2:
                raise ConnectionResetError("loopback upstream dropped the stream")
            if path.endswith("/responses"):
                event = {"type": "response.output_text.delta", "item_id": "msg-loop", "output_index": 0,
                         "content_index": 0, "delta": piece, "sequence_number": number}
                yield f"event: {event['type']}\ndata: {json.dumps(event)}\n\n".encode()
            elif path.endswith("/chat/completions"):
                chunk = {"id": "chatcmpl-loop", "object": "chat.completion.chunk", "created": 0, "model": model,
                         "choices": [{"index": 0, "delta": {"content": piece}, "finish_reason": None}]}
                yield f"data: {json.dumps(chunk)}\n\n".encode()
            else:
                chunk = {"id": "cmpl-loop", "object": "text_completion", "created": 0, "model": model,
                         "choices": [{"index": 0, "text": piece, "finish_reason": None, "logprobs": None}]}
                yield f"data: {json.dumps(chunk)}\n\n".encode()
            await asyncio.sleep(self.drip_s if model == "drip" else 0)
        if path.endswith("/responses"):
            done = {"type": "response.completed", "response": self._response_object(model, reply), "sequence_number": len(pieces)}
            yield f"event: response.completed\ndata: {json.dumps(done)}\n\n".encode()
            return
        final = {"id": "chatcmpl-loop", "object": "chat.completion.chunk", "created": 0, "model": model,
                 "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
        if not path.endswith("/chat/completions"):
            final = {"id": "cmpl-loop", "object": "text_completion", "created": 0, "model": model,
                     "choices": [{"index": 0, "text": "", "finish_reason": "stop", "logprobs": None}]}
        yield f"data: {json.dumps(final)}\n\ndata: [DONE]\n\n".encode()

    async def _models(self, request: Request) -> Response:
        self.requests.append(Recorded(request.url.path, dict(request.headers), None))
        return JSONResponse({"object": "list", "data": [{"id": "echo", "object": "model", "created": 0, "owned_by": "loopback"}]})

    # -- lifecycle ---------------------------------------------------------------
    def app(self) -> Starlette:
        return Starlette(routes=[
            Route("/v1/models", self._models, methods=["GET"]),
            Route("/v1/{rest:path}", self._handle, methods=["POST"]),
        ])

    def start(self) -> str:
        config = uvicorn.Config(self.app(), host=self.host, port=0, log_level="warning", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, name="loopback-upstream", daemon=True)
        self._thread.start()
        while not self._server.started:
            if not self._thread.is_alive():
                raise RuntimeError("loopback upstream failed to start")
            time.sleep(0.01)
        return self.base_url

    @property
    def base_url(self) -> str:
        assert self._server is not None
        port = self._server.servers[0].sockets[0].getsockname()[1]
        return f"http://{self.host}:{port}/v1"

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)


def main() -> None:
    """`python -m proxy.loopback`: serve until killed, printing the base URL (used by `veil bench`)."""
    upstream = LoopbackUpstream()
    print(upstream.start(), flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        upstream.stop()


if __name__ == "__main__":
    main()
