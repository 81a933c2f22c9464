"""A minimal OpenAI Responses API on top of chat completions.

Clients such as agents increasingly call `/v1/responses`; the local model only
does chat, so requests are mapped to chat messages and replies (or chat stream
chunks) are dressed as Responses objects and typed stream events.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from local_models.openai_wire import BadRequest, Chunk, close_quietly, mid_stream_error, parse_messages, sse


def responses_messages(body: dict[str, Any]) -> list[dict[str, str]]:
    raw = body.get("input")
    if isinstance(raw, str):
        messages = [{"role": "user", "content": raw}]
    elif isinstance(raw, list):
        messages = parse_messages(raw, "input")
    else:
        raise BadRequest("input must be a string or a list of messages", param="input")
    instructions = body.get("instructions")
    if instructions is not None:
        if not isinstance(instructions, str):
            raise BadRequest("instructions must be a string", param="instructions")
        messages.insert(0, {"role": "system", "content": instructions})
    return messages


def response_object(meta: dict[str, Any], text: str | None, status: str,
                     usage: dict[str, Any] | None = None) -> dict[str, Any]:
    output = []
    if text is not None:
        item_status = "completed" if status == "completed" else "incomplete"
        output.append({"id": meta["item_id"], "type": "message", "status": item_status, "role": "assistant",
                       "content": [{"type": "output_text", "text": text, "annotations": [], "logprobs": []}]})
    return {
        "id": meta["id"], "object": "response", "created_at": meta["created_at"], "status": status,
        "model": meta["model"], "output": output, "error": None,
        "incomplete_details": {"reason": "max_output_tokens"} if status == "incomplete" else None,
        "instructions": meta["instructions"], "max_output_tokens": meta["max_output_tokens"],
        "temperature": meta["temperature"], "top_p": meta["top_p"], "parallel_tool_calls": False,
        "tool_choice": "none", "tools": [], "text": {"format": {"type": "text"}}, "metadata": {},
        "usage": usage,
    }


def responses_usage(chat_usage: dict[str, Any] | None) -> dict[str, Any] | None:
    if not chat_usage:
        return None
    return {"input_tokens": chat_usage.get("prompt_tokens", 0),
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": chat_usage.get("completion_tokens", 0),
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": chat_usage.get("total_tokens", 0)}


def responses_events(meta: dict[str, Any], first: Chunk | None, chunks: Iterator[Chunk]) -> Iterator[bytes]:
    """Translate chat chunks into the Responses API's typed event sequence."""
    seq = iter(range(1 << 62))
    item, part_ref = meta["item_id"], {"item_id": meta["item_id"], "output_index": 0, "content_index": 0}

    def event(kind: str, **fields: Any) -> bytes:
        return sse({"type": kind, "sequence_number": next(seq), **fields}, event=kind)

    try:
        yield event("response.created", response=response_object(meta, None, "in_progress"))
        yield event("response.in_progress", response=response_object(meta, None, "in_progress"))
        yield event("response.output_item.added", output_index=0, item={
            "id": item, "type": "message", "status": "in_progress", "role": "assistant", "content": []})
        yield event("response.content_part.added", **part_ref,
                    part={"type": "output_text", "text": "", "annotations": [], "logprobs": []})
        texts: list[str] = []
        finish = None
        for chunk in (_chain(first, chunks) if first is not None else ()):
            choice = (chunk.get("choices") or [{}])[0]
            delta = (choice.get("delta") or {}).get("content")
            finish = choice.get("finish_reason") or finish
            if delta:
                texts.append(delta)
                yield event("response.output_text.delta", **part_ref, delta=delta, logprobs=[])
        text = "".join(texts)
        part = {"type": "output_text", "text": text, "annotations": [], "logprobs": []}
        yield event("response.output_text.done", **part_ref, text=text, logprobs=[])
        yield event("response.content_part.done", **part_ref, part=part)
        status = "incomplete" if finish == "length" else "completed"
        yield event("response.output_item.done", output_index=0, item={
            "id": item, "type": "message", "status": status, "role": "assistant", "content": [part]})
        kind = "response.incomplete" if status == "incomplete" else "response.completed"
        yield event(kind, response=response_object(meta, text, status))
    except Exception as exc:  # headers are already sent: report in-band
        body = mid_stream_error(exc)["error"]
        yield event("error", message=body["message"], code=body["code"], param=None)
    finally:
        close_quietly(chunks)


def _chain(first: Chunk, rest: Iterator[Chunk]) -> Iterator[Chunk]:
    yield first
    yield from rest


__all__ = ["response_object", "responses_events", "responses_messages", "responses_usage"]
