"""OpenAI wire format: error bodies, request validation and SSE framing.

Shared by the local server's endpoints; pure functions over request bodies and
chunk dicts, with no model calls.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from contextlib import suppress
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from local_models.llama_runtime import DEFAULT_TEMPERATURE

log = logging.getLogger(__name__)

_SAMPLING_KEYS = ("top_p", "stop", "seed", "presence_penalty", "frequency_penalty")
_TEXT_PART_TYPES = {"text", "input_text", "output_text"}
_ROLE_ALIASES = {"developer": "system"}

Chunk = dict[str, Any]


class BadRequest(Exception):
    """A client error reported as an OpenAI `invalid_request_error`."""

    def __init__(self, message: str, param: str | None = None, code: str | None = None, status: int = 400) -> None:
        super().__init__(message)
        self.message, self.param, self.code, self.status = message, param, code, status


def error_body(message: str, type_: str = "invalid_request_error", param: str | None = None,
               code: str | None = None) -> dict[str, Any]:
    return {"error": {"message": message, "type": type_, "param": param, "code": code}}


def openai_error(status: int, message: str, type_: str = "invalid_request_error",
                 param: str | None = None, code: str | None = None) -> JSONResponse:
    return JSONResponse(error_body(message, type_, param, code), status_code=status)


async def read_json(request: Request, limit: int) -> dict[str, Any]:
    body = bytearray()
    async for part in request.stream():
        body += part
        if len(body) > limit:
            raise BadRequest(f"request body is larger than {limit} bytes", code="request_too_large", status=413)
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadRequest(f"request body is not valid JSON: {exc}") from exc
    if not isinstance(data, dict):
        raise BadRequest("request body must be a JSON object")
    return data


def max_tokens_from(body: dict[str, Any], keys: tuple[str, ...], cap: int) -> int:
    """The client's limit, clamped to `cap` so a CPU reply stays within seconds."""
    for key in keys:
        value = body.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise BadRequest(f"{key} must be a positive integer", param=key)
        return min(value, cap)
    return cap


def sampling_options(body: dict[str, Any]) -> dict[str, Any]:
    temperature = body.get("temperature", DEFAULT_TEMPERATURE)
    if temperature is None:
        temperature = DEFAULT_TEMPERATURE
    if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not 0 <= temperature <= 2:
        raise BadRequest("temperature must be a number between 0 and 2", param="temperature")
    n = body.get("n", 1)
    if n not in (1, None):
        raise BadRequest("the local model returns one choice; n must be 1", param="n")
    opts = {key: body[key] for key in _SAMPLING_KEYS if body.get(key) is not None}
    opts["temperature"] = float(temperature)
    return opts


def text_content(content: Any, param: str) -> str:
    """Flatten string-or-parts content; llama.cpp chat templates expect plain strings."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        texts = []
        for part in content:
            if isinstance(part, str):
                texts.append(part)
            elif isinstance(part, dict) and part.get("type") in _TEXT_PART_TYPES:
                texts.append(str(part.get("text") or ""))
            else:
                kind = part.get("type") if isinstance(part, dict) else type(part).__name__
                raise BadRequest(f"the local model only understands text; content part type {kind!r} is not supported",
                                 param=param)
        return "\n".join(texts)
    raise BadRequest("message content must be a string or a list of text parts", param=param)


def parse_messages(raw: Any, param: str = "messages") -> list[dict[str, str]]:
    if not isinstance(raw, list) or not raw:
        raise BadRequest(f"{param} must be a non-empty list of messages", param=param)
    out: list[dict[str, str]] = []
    for i, msg in enumerate(raw):
        if not isinstance(msg, dict) or not isinstance(msg.get("role"), str):
            raise BadRequest(f"{param}[{i}] must be an object with a string 'role'", param=f"{param}[{i}]")
        if msg.get("type") not in (None, "message"):
            raise BadRequest(f"{param}[{i}] has type {msg['type']!r}; the local model only takes messages",
                             param=f"{param}[{i}]")
        role: str = _ROLE_ALIASES.get(msg["role"]) or msg["role"]
        out.append({"role": role, "content": text_content(msg.get("content"), f"{param}[{i}].content")})
    return out


def parse_prompt(raw: Any) -> str:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, list) and len(raw) == 1 and isinstance(raw[0], str):
        return raw[0]
    raise BadRequest("prompt must be a string (or a list with exactly one string)", param="prompt")


def sse(data: Any, event: str | None = None) -> bytes:
    head = f"event: {event}\n" if event else ""
    return f"{head}data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def close_quietly(iterator: Iterator[Any]) -> None:
    """Close a generator (releasing the model lock it may hold); plain iterators need nothing."""
    close = getattr(iterator, "close", None)
    if close is not None:
        with suppress(ValueError):  # still running in a worker; it finishes and is collected
            close()


def mid_stream_error(exc: Exception) -> dict[str, Any]:
    log.exception("local model failed while streaming")
    return error_body(f"the local model failed while streaming: {exc}", "server_error", code="generation_failed")


__all__ = ["BadRequest", "Chunk", "close_quietly", "error_body", "max_tokens_from", "mid_stream_error", "openai_error",
           "parse_messages", "parse_prompt", "read_json", "sampling_options", "sse", "text_content"]
