"""Placeholder restoration in server-sent event streams.

Upstreams stream text as deltas, and a placeholder such as `<Phone Number 1>`
may be split across chunks. Each delta field gets its own `StreamRestorer`
(keyed by choice / output item), which holds back a possible placeholder
prefix until it completes. Held text is flushed in a synthesized delta before
the stream ends (at a finish reason, `[DONE]`, the next non-delta Responses
event, or `finish()` when the upstream just stops), so the client never loses
a character. Complete texts in non-delta events (`response.output_text.done`,
`response.completed`) are restored whole.
"""

from __future__ import annotations

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
        # (choice index, field[, tool call index]) for chat / completion chunks
        self._choices: dict[tuple[Any, ...], StreamRestorer] = {}
        # (event type, item id, output index, content index) for Responses deltas
        self._deltas: dict[tuple[Any, ...], StreamRestorer] = {}
        self._last_chunk: dict[str, Any] | None = None
        self._pending_event: str | None = None

    def _restorer(self, restorers: dict[tuple[Any, ...], StreamRestorer], key: tuple[Any, ...]) -> StreamRestorer:
        if key not in restorers:
            restorers[key] = StreamRestorer(self._map)
        return restorers[key]

    def finish(self) -> Iterator[str]:
        """At the end of a stream that stopped early: events with any text still held back."""
        held = [*self._flush_chat(), *self._flush_deltas()]
        if held:
            yield ""  # close an event the upstream may have left open
            yield from held

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
            yield from self._with_event_line(f"data: {self._map.restore(data)}")
            return
        if not isinstance(event, dict):
            yield from self._with_event_line(f"data: {json.dumps(restore_json(event, self._map), ensure_ascii=False)}")
            return
        event_type = event.get("type")
        if isinstance(event_type, str) and event_type.startswith("response."):
            yield from self._responses_event(event)
        else:
            yield from self._chat_chunk(event)

    def _with_event_line(self, data_line: str) -> Iterator[str]:
        """`data_line`, after the `event:` line held for it (if any)."""
        line, self._pending_event = self._pending_event, None
        if line is not None:
            yield line
        yield data_line

    def _emit(self, event: dict[str, Any], event_name: str | None = None) -> Iterator[str]:
        data_line = f"data: {json.dumps(event, ensure_ascii=False)}"
        if event_name is None:
            yield from self._with_event_line(data_line)
        else:
            yield f"event: {event_name}"
            yield data_line

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
                choice["text"] = self._restorer(self._choices, (index, "text")).feed(choice["text"])
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
                delta[key] = self._restorer(self._choices, (index, key)).feed(delta[key])
        for call in delta.get("tool_calls") or []:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                key = (index, "tool", call.get("index", 0))
                function["arguments"] = self._restorer(self._choices, key).feed(function["arguments"])

    def _held(self, index: Any | None = None) -> dict[tuple[Any, ...], str]:
        """Pop the restorers of choice `index` (all when None): the text each still held."""
        keys = [key for key in self._choices if index is None or key[0] == index]
        held = {key: self._choices.pop(key).flush() for key in keys}
        return {key: rest for key, rest in held.items() if rest}

    @staticmethod
    def _append(choice: dict[str, Any], key: tuple[Any, ...], rest: str) -> None:
        if key[1] == "text":
            choice["text"] = (choice.get("text") or "") + rest
            return
        delta = choice.get("delta")
        if not isinstance(delta, dict):
            delta = choice["delta"] = {}
        if key[1] == "tool":
            delta["tool_calls"] = [*(delta.get("tool_calls") or []), {"index": key[2], "function": {"arguments": rest}}]
        else:
            delta[key[1]] = (delta.get(key[1]) or "") + rest

    def _flush_into(self, chunk: dict[str, Any], index: Any) -> None:
        """Append text held for choice `index` to this (finishing) chunk."""
        held = self._held(index)
        if held:
            choice = next(c for c in chunk["choices"] if isinstance(c, dict) and c.get("index", 0) == index)
            for key, rest in held.items():
                self._append(choice, key, rest)

    def _flush_chat(self) -> Iterator[str]:
        """Before [DONE]: a synthesized chunk (a complete event) with anything still held back."""
        held = self._held()
        if not held or self._last_chunk is None:
            return
        chunk = {key: value for key, value in self._last_chunk.items() if key not in ("choices", "usage")}
        choices: dict[Any, dict[str, Any]] = {}
        for key, rest in held.items():
            choice = choices.setdefault(key[0], {"index": key[0], "finish_reason": None})
            self._append(choice, key, rest)
        chunk["choices"] = list(choices.values())
        yield from self._emit(chunk)
        yield ""

    # -- Responses API events -------------------------------------------------
    def _responses_event(self, event: dict[str, Any]) -> Iterator[str]:
        event_type = event["type"]
        if event_type.endswith(".delta") and isinstance(event.get("delta"), str):
            key = (event_type, event.get("item_id"), event.get("output_index"), event.get("content_index"))
            event["delta"] = self._restorer(self._deltas, key).feed(event["delta"])
            yield from self._emit(event)
            return
        yield from self._flush_deltas()
        yield from self._emit(restore_json(event, self._map))

    def _flush_deltas(self) -> Iterator[str]:
        """Synthesized delta events (each a complete SSE event) with the text held back."""
        for key in list(self._deltas):
            rest = self._deltas.pop(key).flush()
            if not rest:
                continue
            event_type, item_id, output_index, content_index = key
            synthesized = {"type": event_type, "item_id": item_id, "output_index": output_index,
                           "content_index": content_index, "delta": rest}
            yield from self._emit(synthesized, event_name=event_type)
            yield ""
