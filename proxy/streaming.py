"""Placeholder restoration in server-sent event streams.

Upstreams stream text as deltas, and a placeholder such as `<Phone Number 1>`
may be split across chunks. Each delta field gets its own `StreamRestorer`
(keyed by choice / output item), which holds back a possible placeholder
prefix until it completes. Held text is flushed in a synthesized delta before
the stream ends, so the client never loses a character. Complete texts in
non-delta events (`response.output_text.done`, `response.completed`) are
restored whole.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

from proxy.masking import PlaceholderMap, StreamRestorer


def restore_json(value: Any, placeholders: PlaceholderMap) -> Any:
    """Restore placeholders in every string of a JSON value (complete texts)."""
    if isinstance(value, str):
        return placeholders.restore(value)
    if isinstance(value, list):
        return [restore_json(item, placeholders) for item in value]
    if isinstance(value, dict):
        return {key: restore_json(item, placeholders) for key, item in value.items()}
    return value


class SSERestorer:
    """Rewrites the `data:` payloads of one SSE stream, event by event."""

    def __init__(self, placeholders: PlaceholderMap) -> None:
        self._map = placeholders
        self._restorers: dict[tuple[Any, ...], StreamRestorer] = {}
        self._last_chunk: dict[str, Any] | None = None
        self._pending_event: str | None = None

    def _restorer(self, key: tuple[Any, ...]) -> StreamRestorer:
        if key not in self._restorers:
            self._restorers[key] = StreamRestorer(self._map)
        return self._restorers[key]

    def feed_line(self, line: str) -> Iterator[str]:
        """One line of the upstream stream in, zero or more lines out."""
        if line.startswith("event:"):
            self._pending_event = line
            return
        if not line.startswith("data:"):
            yield line
            return
        data = line[5:].strip()
        if data == "[DONE]":
            yield from self._flush_chat()
            yield line
            return
        try:
            event = json.loads(data)
        except json.JSONDecodeError:
            yield self._emit_event_line()
            yield f"data: {self._map.restore(data)}"
            return
        if not isinstance(event, dict):
            yield self._emit_event_line()
            yield f"data: {json.dumps(restore_json(event, self._map))}"
            return
        event_type = event.get("type")
        if isinstance(event_type, str) and event_type.startswith("response."):
            yield from self._responses_event(event)
        else:
            yield from self._chat_chunk(event)

    def _emit_event_line(self) -> str:
        line, self._pending_event = self._pending_event, None
        return line if line is not None else ""

    def _emit(self, event: dict[str, Any], event_name: str | None = None) -> Iterator[str]:
        prefix = self._emit_event_line() if event_name is None else f"event: {event_name}"
        if prefix:
            yield prefix
        yield f"data: {json.dumps(event, ensure_ascii=False)}"

    # -- chat.completion.chunk and text_completion streams ------------------
    def _chat_chunk(self, chunk: dict[str, Any]) -> Iterator[str]:
        choices = chunk.get("choices")
        if not isinstance(choices, list):
            yield from self._emit(restore_json(chunk, self._map))
            return
        self._last_chunk = chunk
        finishing: list[int] = []
        for choice in choices:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            if isinstance(choice.get("text"), str):
                choice["text"] = self._restorer((index, "text")).feed(choice["text"])
            delta = choice.get("delta")
            if isinstance(delta, dict):
                self._restore_delta(index, delta)
            if choice.get("finish_reason") is not None:
                finishing.append(index)
        for index in finishing:
            self._flush_into(chunk, index)
        yield from self._emit(chunk)

    def _restore_delta(self, index: int, delta: dict[str, Any]) -> None:
        for key in ("content", "refusal", "reasoning_content"):
            if isinstance(delta.get(key), str):
                delta[key] = self._restorer((index, key)).feed(delta[key])
        for call in delta.get("tool_calls") or []:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                key = (index, "tool", call.get("index", 0))
                function["arguments"] = self._restorer(key).feed(function["arguments"])

    def _flush_into(self, chunk: dict[str, Any], index: int) -> None:
        """Append text held for choice `index` to this (finishing) chunk."""
        for key in [k for k in self._restorers if k[0] == index]:
            rest = self._restorers.pop(key).flush()
            if not rest:
                continue
            choice = next(c for c in chunk["choices"] if c.get("index", 0) == index)
            if key[1] == "text":
                choice["text"] = (choice.get("text") or "") + rest
            elif key[1] == "tool":
                delta = choice.setdefault("delta", {})
                delta.setdefault("tool_calls", []).append({"index": key[2], "function": {"arguments": rest}})
            else:
                delta = choice.setdefault("delta", {})
                delta[key[1]] = (delta.get(key[1]) or "") + rest

    def _flush_chat(self) -> Iterator[str]:
        """Before [DONE]: a synthesized chunk with anything still held back."""
        if not self._restorers or self._last_chunk is None:
            return
        chunk = copy.deepcopy(self._last_chunk)
        indexes = sorted({key[0] for key in self._restorers})
        chunk["choices"] = [
            {"index": i, "delta": {}, "finish_reason": None} if "delta" in self._last_chunk["choices"][0]
            else {"index": i, "text": "", "finish_reason": None}
            for i in indexes
        ]
        for index in indexes:
            self._flush_into(chunk, index)
        yield from self._emit(chunk)

    # -- Responses API events -------------------------------------------------
    def _responses_event(self, event: dict[str, Any]) -> Iterator[str]:
        event_type = event["type"]
        if event_type.endswith(".delta") and isinstance(event.get("delta"), str):
            key = (event_type, event.get("item_id"), event.get("output_index"), event.get("content_index"))
            event["delta"] = self._restorer(key).feed(event["delta"])
            yield from self._emit(event)
            return
        for key in list(self._restorers):
            rest = self._restorers.pop(key).flush()
            if rest:
                item_id, output_index, content_index = key[1:]
                synthesized = {"type": key[0], "item_id": item_id, "output_index": output_index,
                               "content_index": content_index, "delta": rest}
                yield from self._emit(synthesized, event_name=key[0])
                yield ""
        yield from self._emit(restore_json(event, self._map))
