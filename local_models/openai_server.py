"""An OpenAI-compatible HTTP API in front of a local llama.cpp model.

The proxy forwards masked requests to an upstream URL; when the user has not
configured a cloud service, that upstream is this app, served on a loopback
port. Any `model` name a client sends is answered by the one local model (the
client was written for a cloud model name, and refusing it would break the
out-of-the-box experience); replies carry the local model's real name.
Generation runs in worker threads so the event loop stays responsive.
"""

from __future__ import annotations

import logging
import socket
import threading
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any, Literal, Protocol, overload

from starlette.applications import Starlette
from starlette.concurrency import iterate_in_threadpool, run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from local_models.llama_runtime import (
    DEFAULT_MAX_TOKENS,
    ChunkStream,
    Completion,
    ContextLengthError,
    ModelLoadError,
)
from local_models.openai_wire import (
    BadRequest,
    Chunk,
    close_quietly,
    max_tokens_from,
    mid_stream_error,
    openai_error,
    parse_messages,
    parse_prompt,
    read_json,
    sampling_options,
    sse,
)
from local_models.responses_api import response_object, responses_events, responses_messages, responses_usage

log = logging.getLogger(__name__)

DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024


class ChatRuntime(Protocol):
    """What the app needs from a model runtime (`LlamaChat` fits; tests may fake it)."""

    name: str

    @overload
    def chat(self, messages: list[dict[str, Any]], max_tokens: int = ..., temperature: float = ...,
             stream: Literal[False] = ..., **options: Any) -> Completion: ...

    @overload
    def chat(self, messages: list[dict[str, Any]], max_tokens: int = ..., temperature: float = ...,
             *, stream: Literal[True], **options: Any) -> ChunkStream: ...

    @overload
    def complete(self, prompt: str, max_tokens: int = ..., temperature: float = ...,
                 stream: Literal[False] = ..., **options: Any) -> Completion: ...

    @overload
    def complete(self, prompt: str, max_tokens: int = ..., temperature: float = ...,
                 *, stream: Literal[True], **options: Any) -> ChunkStream: ...


# ---------------------------------------------------------------- streaming


def _next_or_none(chunks: Iterator[Chunk]) -> Chunk | None:
    # StopIteration cannot cross a thread-pool future, hence the sentinel.
    return next(chunks, None)


async def _open_stream(make: Callable[[], Iterator[Chunk]]) -> tuple[Chunk | None, Iterator[Chunk]]:
    """Start generation and fetch the first chunk before any HTTP header is sent,
    so load and context-length errors become proper JSON error responses."""
    chunks = make()
    first = await run_in_threadpool(_next_or_none, chunks)
    return first, chunks


def _streaming_response(events: Iterator[bytes]) -> StreamingResponse:
    async def body() -> AsyncIterator[bytes]:
        try:
            async for data in iterate_in_threadpool(events):
                yield data
        finally:
            # Releases the model lock at once if the client went away.
            close_quietly(events)

    return StreamingResponse(body(), media_type="text/event-stream",
                             headers={"cache-control": "no-cache", "x-accel-buffering": "no"})


def _chat_events(first: Chunk | None, chunks: Iterator[Chunk]) -> Iterator[bytes]:
    try:
        if first is not None:
            yield sse(first)
            for chunk in chunks:
                yield sse(chunk)
        yield b"data: [DONE]\n\n"
    except Exception as exc:  # headers are already sent: report in-band
        yield sse(mid_stream_error(exc))
    finally:
        close_quietly(chunks)


# ---------------------------------------------------------------- app

Handler = Callable[[Request], Awaitable[Response]]


def _guarded(handler: Handler) -> Handler:
    """Map every failure to OpenAI error JSON; never a traceback to the client."""
    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except BadRequest as exc:
            return openai_error(exc.status, exc.message, param=exc.param, code=exc.code)
        except ContextLengthError as exc:
            return openai_error(400, f"the prompt does not fit the local model's context window: {exc}",
                                param="messages", code="context_length_exceeded")
        except ModelLoadError as exc:
            return openai_error(503, str(exc), "server_error", code="model_unavailable")
        except Exception:  # never a traceback to the client
            log.exception("local model server error")
            return openai_error(500, "the local model hit an internal error", "server_error", code="internal_error")
    return wrapped


def create_local_app(runtime: ChatRuntime, *, max_tokens_cap: int = DEFAULT_MAX_TOKENS,
                     max_body_bytes: int = DEFAULT_MAX_BODY_BYTES) -> Starlette:
    """OpenAI-compatible app (chat, completions, responses, models) answered by `runtime`.

    `max_tokens_cap` is both the default and the upper bound for generated tokens.
    """
    created = int(time.time())

    async def chat_completions(request: Request) -> Response:
        body = await read_json(request, max_body_bytes)
        messages = parse_messages(body.get("messages"))
        max_tokens = max_tokens_from(body, ("max_completion_tokens", "max_tokens"), max_tokens_cap)
        opts = sampling_options(body)
        if body.get("stream"):
            first, chunks = await _open_stream(
                lambda: runtime.chat(messages, max_tokens=max_tokens, stream=True, **opts))
            return _streaming_response(_chat_events(first, chunks))
        result = await run_in_threadpool(lambda: runtime.chat(messages, max_tokens=max_tokens, **opts))
        return JSONResponse(result)

    async def completions(request: Request) -> Response:
        body = await read_json(request, max_body_bytes)
        prompt = parse_prompt(body.get("prompt"))
        max_tokens = max_tokens_from(body, ("max_tokens",), max_tokens_cap)
        opts = sampling_options(body)
        if body.get("stream"):
            first, chunks = await _open_stream(
                lambda: runtime.complete(prompt, max_tokens=max_tokens, stream=True, **opts))
            return _streaming_response(_chat_events(first, chunks))
        result = await run_in_threadpool(lambda: runtime.complete(prompt, max_tokens=max_tokens, **opts))
        return JSONResponse(result)

    async def responses(request: Request) -> Response:
        body = await read_json(request, max_body_bytes)
        messages = responses_messages(body)
        max_tokens = max_tokens_from(body, ("max_output_tokens",), max_tokens_cap)
        opts = {k: v for k, v in sampling_options(body).items() if k in ("temperature", "top_p")}
        meta = {"id": f"resp_{uuid.uuid4().hex}", "item_id": f"msg_{uuid.uuid4().hex}",
                "created_at": int(time.time()), "model": runtime.name, "instructions": body.get("instructions"),
                "max_output_tokens": max_tokens, "temperature": opts["temperature"], "top_p": opts.get("top_p", 1.0)}
        if body.get("stream"):
            first, chunks = await _open_stream(
                lambda: runtime.chat(messages, max_tokens=max_tokens, stream=True, **opts))
            return _streaming_response(responses_events(meta, first, chunks))
        result = await run_in_threadpool(lambda: runtime.chat(messages, max_tokens=max_tokens, **opts))
        choice = result["choices"][0]
        status = "incomplete" if choice.get("finish_reason") == "length" else "completed"
        text = choice["message"].get("content") or ""
        return JSONResponse(response_object(meta, text, status, responses_usage(result.get("usage"))))

    def model_card() -> dict[str, Any]:
        return {"id": runtime.name, "object": "model", "created": created, "owned_by": "veil-local"}

    async def models(request: Request) -> Response:
        return JSONResponse({"object": "list", "data": [model_card()]})

    async def model(request: Request) -> Response:
        if request.path_params["model"] != runtime.name:
            raise BadRequest(f"the local server only has model {runtime.name!r}", param="model",
                             code="model_not_found", status=404)
        return JSONResponse(model_card())

    async def embeddings(request: Request) -> Response:
        raise BadRequest("the bundled local model does not serve embeddings; configure an upstream "
                         "service that does", param="model", code="embeddings_not_supported")

    async def not_found(request: Request) -> Response:
        raise BadRequest(f"the local model server does not serve {request.method} {request.url.path}",
                         code="unknown_url", status=404)

    routes = [
        Route("/v1/chat/completions", _guarded(chat_completions), methods=["POST"]),
        Route("/v1/completions", _guarded(completions), methods=["POST"]),
        Route("/v1/responses", _guarded(responses), methods=["POST"]),
        Route("/v1/embeddings", _guarded(embeddings), methods=["POST"]),
        Route("/v1/models", _guarded(models), methods=["GET"]),
        Route("/v1/models/{model:path}", _guarded(model), methods=["GET"]),
        Route("/{path:path}", _guarded(not_found), methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),
    ]
    return Starlette(routes=routes)


def serve_in_thread(app: Any, host: str = "127.0.0.1", port: int = 0,
                    startup_timeout: float = 15.0) -> tuple[str, Callable[[], None]]:
    """Run `app` with uvicorn in a daemon thread; return (`http://host:port/v1`, stop).

    The socket is bound here, so an ephemeral port is known at once; the call
    returns only after uvicorn is accepting connections.
    """
    import uvicorn

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(app, lifespan="off", log_config=None, log_level="warning", access_log=False)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True,
                              name=f"veil-local-model-{bound_port}")
    thread.start()
    deadline = time.monotonic() + startup_timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise RuntimeError(f"the local model server did not start on {host}:{bound_port}")
        time.sleep(0.01)

    def stop(timeout: float = 5.0) -> None:
        server.should_exit = True
        thread.join(timeout)
        sock.close()

    url_host = f"[{host}]" if family == socket.AF_INET6 else host
    return f"http://{url_host}:{bound_port}/v1", stop


__all__ = ["DEFAULT_MAX_BODY_BYTES", "ChatRuntime", "create_local_app", "serve_in_thread"]
