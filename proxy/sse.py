"""Server-sent events of OpenAI streams: the line protocol shared by Veil's stream rewriters.

`SSERewriter` takes an upstream stream one line at a time and yields the
lines to send on. It parses `event:` / `data:` lines, hands each JSON event
to its subclass (chat and completion chunks by choice, Responses API events
by type), and serializes the (possibly rewritten) event back, keeping the
`event:` line with its data. Text deltas go through per-stream holders
(`TextHolder`: a placeholder restorer, a secret gate) that may hold text back;
held text is released in the finishing chunk, in a synthesized event before
`[DONE]` or before the next non-delta Responses event, or by `finish()` when
the upstream just stops, so the client never loses a character.

Subclasses: `proxy.streaming.SSERestorer` (placeholders) and
`proxy.guard.stream.SSEReplyGuard` (secrets).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

DONE = "[DONE]"
CHAT_TEXT_FIELDS = ("content", "refusal", "reasoning_content")  # text fields of a chat chunk's delta

Key = tuple[Any, ...]
NOT_JSON = object()  # `_other_data`'s value for a data line that is not JSON


class TextHolder(Protocol):
    """One text stream's filter: `feed` returns what may be sent now, `flush` the rest."""

    def feed(self, text: str) -> str: ...

    def flush(self) -> str: ...


def data_line(payload: Any) -> str:
    """An SSE `data:` line carrying `payload` as JSON."""
    return f"data: {json.dumps(payload, ensure_ascii=False)}"


def error_event(body: dict[str, Any]) -> str:
    """A complete `error` event; the leading blank line closes an event the upstream may have left half-sent."""
    return f"\nevent: error\n{data_line(body)}\n\n"


class SSERewriter(ABC):
    """Rewrites the events of one SSE stream: `feed_line` takes one line and yields zero or more.

    Holders are keyed `(choice index, field[, tool call index])` for chat and
    completion chunks, and `(event type, item id, output index, content index)`
    for Responses delta events.
    """

    def __init__(self) -> None:
        self._pending_event: str | None = None  # an `event:` line, held until its data line
        self._last_chunk: dict[str, Any] | None = None
        self._chat: dict[Key, TextHolder] = {}
        self._deltas: dict[Key, TextHolder] = {}

    # -- what subclasses decide ---------------------------------------------------------
    @abstractmethod
    def _new_holder(self, key: Key) -> TextHolder:
        """The holder for the text stream `key`."""

    def _closed(self, holder: TextHolder) -> None:
        """Called once a holder has been flushed and dropped."""

    def _holds_delta(self, event_type: str) -> bool:
        """Whether a Responses `*.delta` event of this type goes through a holder."""
        return True

    def _rewrite_delta(self, index: Any, delta: dict[str, Any]) -> None:
        """Feed a chat delta's text fields through their holders, in place."""
        for key in CHAT_TEXT_FIELDS:
            if isinstance(delta.get(key), str):
                delta[key] = self._feed(self._chat, (index, key), delta[key])

    @abstractmethod
    def _complete_event(self, event: dict[str, Any]) -> Any:
        """A Responses event that is not a held delta (complete texts), rewritten."""

    def _other_chunk(self, chunk: dict[str, Any]) -> Any:
        """A JSON object that is neither a choices chunk nor a Responses event (an error...)."""
        return chunk

    def _other_data(self, line: str, data: str, value: Any) -> str:
        """The line for a data line that is not a JSON object (`value` is `NOT_JSON` or the parsed value)."""
        return line

    # -- the line protocol ----------------------------------------------------------------
    def feed_lines(self, lines: Iterable[str]) -> Iterator[str]:
        for line in lines:
            yield from self.feed_line(line)

    def feed_line(self, line: str) -> Iterator[str]:
        """One line of the upstream stream in, zero or more lines out."""
        if line.startswith("event:"):
            self._pending_event = line
            return
        if not line.startswith("data:"):
            yield line
            return
        data = line[5:].strip()
        if data == DONE:
            yield from self._flush_chat()
            yield line
            return
        try:
            event = json.loads(data)
        except json.JSONDecodeError:
            event = NOT_JSON
        if not isinstance(event, dict):
            yield from self._with_event_line(self._other_data(line, data, event))
            return
        event_type = event.get("type")
        if isinstance(event_type, str) and event_type.startswith("response."):
            yield from self._responses_event(event)
        else:
            yield from self._chat_chunk(event)

    def finish(self) -> Iterator[str]:
        """At the end of a stream that stopped early: events with any text still held back."""
        held = [*self._flush_chat(), *self._flush_deltas()]
        if held:
            yield ""  # close an event the upstream may have left open
            yield from held

    def _with_event_line(self, line: str) -> Iterator[str]:
        """`line`, after the `event:` line held for it (if any)."""
        event_line, self._pending_event = self._pending_event, None
        if event_line is not None:
            yield event_line
        yield line

    def _emit(self, event: Any, event_name: str | None = None) -> Iterator[str]:
        if event_name is None:
            yield from self._with_event_line(data_line(event))
        else:
            yield f"event: {event_name}"
            yield data_line(event)

    # -- holders ------------------------------------------------------------------------
    def _feed(self, holders: dict[Key, TextHolder], key: Key, text: str) -> str:
        if key not in holders:
            holders[key] = self._new_holder(key)
        return holders[key].feed(text)

    def _close(self, holders: dict[Key, TextHolder], key: Key) -> str:
        """Flush and drop one holder: the text it still held."""
        holder = holders.pop(key)
        rest = holder.flush()
        self._closed(holder)
        return rest

    # -- chat.completion.chunk and text_completion streams ----------------------------------
    def _chat_chunk(self, chunk: dict[str, Any]) -> Iterator[str]:
        choices = chunk.get("choices")
        if not isinstance(choices, list):
            yield from self._emit(self._other_chunk(chunk))
            return
        self._last_chunk = chunk
        finishing: list[Any] = []
        for choice in choices:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            if isinstance(choice.get("text"), str):
                choice["text"] = self._feed(self._chat, (index, "text"), choice["text"])
            delta = choice.get("delta")
            if isinstance(delta, dict):
                self._rewrite_delta(index, delta)
            if choice.get("finish_reason") is not None:
                finishing.append(index)
        for index in finishing:
            self._flush_into(chunk, index)
        yield from self._emit(chunk)

    def _held(self, index: Any | None = None) -> dict[Key, str]:
        """Close the chat holders of choice `index` (all when None): the text each still held."""
        keys = [key for key in self._chat if index is None or key[0] == index]
        held = {key: self._close(self._chat, key) for key in keys}
        return {key: rest for key, rest in held.items() if rest}

    @staticmethod
    def _append(choice: dict[str, Any], key: Key, rest: str) -> None:
        """Add held text `rest` of stream `key` to a chunk's choice."""
        if key[1] == "text":
            choice["text"] = (choice.get("text") or "") + rest
            return
        delta = choice.get("delta")
        if not isinstance(delta, dict):
            delta = choice["delta"] = {}
        if key[1] == "tool":
            delta["tool_calls"] = [*(delta.get("tool_calls") or []), {"index": key[2], "function": {"arguments": rest}}]
        elif key[1] == "function_call":
            call = delta.get("function_call")
            if not isinstance(call, dict):
                call = delta["function_call"] = {}
            call["arguments"] = (call.get("arguments") or "") + rest
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

    # -- Responses API events -----------------------------------------------------------------
    def _responses_event(self, event: dict[str, Any]) -> Iterator[str]:
        event_type = event["type"]
        if event_type.endswith(".delta") and isinstance(event.get("delta"), str) and self._holds_delta(event_type):
            key = (event_type, event.get("item_id"), event.get("output_index"), event.get("content_index"))
            event["delta"] = self._feed(self._deltas, key, event["delta"])
            yield from self._emit(event)
            return
        yield from self._flush_deltas()
        yield from self._emit(self._complete_event(event))

    def _flush_deltas(self) -> Iterator[str]:
        """Synthesized delta events (each a complete SSE event) with the text held back."""
        for key in list(self._deltas):
            rest = self._close(self._deltas, key)
            if not rest:
                continue
            event_type, item_id, output_index, content_index = key
            synthesized = {"type": event_type, "item_id": item_id, "output_index": output_index,
                           "content_index": content_index, "delta": rest}
            yield from self._emit(synthesized, event_name=event_type)
            yield ""
