"""Reply redaction for streamed replies: hold text back until it can be judged.

A secret is revealed by a sentence (or a few), not by a token, so `ReplyGate`
buffers deltas and releases text one complete sentence at a time, after
checking it together with the last sentences already released (so a secret
told across two sentences is caught on the second). What it redacts is only
ever in the unreleased part: the client never receives every core fact of a
secret the audience may not know. The cost is latency of up to one sentence
(or `MAX_HOLD` characters when the model writes no sentence ends).

`SSEReplyGuard` applies one gate per text stream of an OpenAI SSE response
(chat chunks, completions, Responses `output_text` deltas). It sits *after*
placeholder restoration (`proxy.streaming.SSERestorer`), since the secret's
words must be visible to be judged.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from datetime import datetime
from typing import Any

from proxy.guard import matcher
from proxy.guard.audience import ResolvedAudience
from proxy.guard.guard import SECRET_TAG, Redaction, SecretGuard
from proxy.guard.matcher import IndexedSecret
from proxy.guard.text import Span, merge_spans, replace_spans, sentence_spans

MAX_HOLD = 400  # characters held without a sentence end before they are judged anyway
CONTEXT_SENTENCES = matcher.WINDOW - 1
_SENTENCE_END = re.compile(r"[.!?\u2026][\"'\u2019\u201d)\]]*\s|\n")


class ReplyGate:
    """Decides, on the text accumulated so far, what part of a streamed reply may be released."""

    def __init__(self, guard: SecretGuard, audience: ResolvedAudience, at: datetime,
                 secrets: list[IndexedSecret] | None = None) -> None:
        self.guard = guard
        self.audience = audience
        self.at = at
        self.secrets = secrets if secrets is not None else guard.unauthorized_secrets(audience, at)
        self.redactions: list[Redaction] = []
        self._pending = ""
        self._context = ""  # the last released sentences (as released), for cross-sentence windows

    def feed(self, delta: str) -> str:
        """Add a delta; returns the text that may be released now (possibly "")."""
        if not self.secrets:
            return delta
        self._pending += delta
        cut = _last_sentence_end(self._pending)
        if cut == 0 and len(self._pending) < MAX_HOLD:
            return ""
        cut = cut or len(self._pending)
        ready, self._pending = self._pending[:cut], self._pending[cut:]
        return self._judge(ready)

    def flush(self) -> str:
        """At the end of the stream: judge and release whatever is still held."""
        ready, self._pending = self._pending, ""
        return self._judge(ready) if ready else ""

    def _judge(self, ready: str) -> str:
        text = self._context + ready
        offset = len(self._context)
        matches = matcher.find_matches(self.guard.index, [text], self.secrets)
        spans = [Span(max(m.span.start, offset) - offset, m.span.end - offset) for m in matches if m.span.end > offset]
        if spans:
            self.redactions += list(dict.fromkeys(
                Redaction(m.secret_id, Span(max(m.span.start, offset) - offset, m.span.end - offset))
                for m in matches if m.span.end > offset))
            ready = replace_spans(ready, merge_spans(spans, ready), SECRET_TAG)
        released = self._context + ready
        tail = sentence_spans(released)[-CONTEXT_SENTENCES:]
        self._context = released[tail[0].start:] if tail else ""
        return ready


def _last_sentence_end(text: str) -> int:
    """Index just after the last sentence end in `text` (0 when there is none)."""
    end = 0
    for match in _SENTENCE_END.finditer(text):
        end = match.end()
    return end


class SSEReplyGuard:
    """Rewrites the lines of one SSE stream so no delta text passes its `ReplyGate` unjudged.

    Mirrors `SSERestorer`'s line protocol: `feed_line` takes one line and
    yields zero or more; `finish` yields what is still held when the upstream
    stops without a final event.
    """

    def __init__(self, guard: SecretGuard, audience: ResolvedAudience, at: datetime) -> None:
        self.guard = guard
        self.audience = audience
        self.at = at
        self.secrets = guard.unauthorized_secrets(audience, at)
        self._gates: dict[tuple[Any, ...], ReplyGate] = {}
        self._pending_event: str | None = None
        self._last_chunk: dict[str, Any] | None = None
        self._done: list[Redaction] = []  # from finished gates and complete-text events

    @property
    def redactions(self) -> list[Redaction]:
        """Everything redacted so far (for `reply_decisions`)."""
        return [*self._done, *(r for g in self._gates.values() for r in g.redactions)]

    def _gate(self, key: tuple[Any, ...]) -> ReplyGate:
        if key not in self._gates:
            self._gates[key] = ReplyGate(self.guard, self.audience, self.at, self.secrets)
        return self._gates[key]

    def _close(self, key: tuple[Any, ...]) -> str:
        """Flush and drop one gate, keeping its redactions."""
        gate = self._gates.pop(key)
        rest = gate.flush()
        self._done += gate.redactions
        return rest

    def feed_lines(self, lines: Iterable[str]) -> Iterator[str]:
        for line in lines:
            yield from self.feed_line(line)

    def feed_line(self, line: str) -> Iterator[str]:
        if not self.secrets:
            yield line
            return
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
            yield from self._emit_raw(line)
            return
        if not isinstance(event, dict):
            yield from self._emit_raw(line)
            return
        event_type = event.get("type")
        if isinstance(event_type, str) and event_type.startswith("response."):
            yield from self._responses_event(event)
        else:
            yield from self._chat_chunk(event)

    def finish(self) -> Iterator[str]:
        held = [*self._flush_chat(), *self._flush_deltas()]
        if held:
            yield ""
            yield from held

    # -- plumbing -------------------------------------------------------------
    def _emit_raw(self, data_line: str) -> Iterator[str]:
        line, self._pending_event = self._pending_event, None
        if line is not None:
            yield line
        yield data_line

    def _emit(self, event: dict[str, Any], event_name: str | None = None) -> Iterator[str]:
        data_line = f"data: {json.dumps(event, ensure_ascii=False)}"
        if event_name is not None:
            yield f"event: {event_name}"
            yield data_line
        else:
            yield from self._emit_raw(data_line)

    # -- chat.completion.chunk / text_completion ---------------------------------
    def _chat_chunk(self, chunk: dict[str, Any]) -> Iterator[str]:
        choices = chunk.get("choices")
        if not isinstance(choices, list):
            yield from self._emit(chunk)
            return
        self._last_chunk = chunk
        for choice in choices:
            if not isinstance(choice, dict):
                continue
            index = choice.get("index", 0)
            if isinstance(choice.get("text"), str):
                choice["text"] = self._gate((index, "text")).feed(choice["text"])
            delta = choice.get("delta")
            if isinstance(delta, dict):
                for key in ("content", "refusal", "reasoning_content"):
                    if isinstance(delta.get(key), str):
                        delta[key] = self._gate((index, key)).feed(delta[key])
            if choice.get("finish_reason") is not None:
                for key, rest in self._held(index).items():
                    _append(choice, key, rest)
        yield from self._emit(chunk)

    def _held(self, index: Any | None = None) -> dict[tuple[Any, ...], str]:
        """Close the chat gates of choice `index` (all when None): the text each still held."""
        keys = [k for k in self._gates if k[0] != "resp" and (index is None or k[0] == index)]
        held = {k: self._close(k) for k in keys}
        return {k: v for k, v in held.items() if v}

    def _flush_chat(self) -> Iterator[str]:
        held = self._held()
        if not held or self._last_chunk is None:
            return
        chunk = {k: v for k, v in self._last_chunk.items() if k not in ("choices", "usage")}
        choices: dict[Any, dict[str, Any]] = {}
        for key, rest in held.items():
            choice = choices.setdefault(key[0], {"index": key[0], "finish_reason": None})
            _append(choice, key, rest)
        chunk["choices"] = list(choices.values())
        yield from self._emit(chunk)
        yield ""

    # -- Responses API -------------------------------------------------------------
    def _responses_event(self, event: dict[str, Any]) -> Iterator[str]:
        event_type = event["type"]
        if event_type.endswith(".delta") and isinstance(event.get("delta"), str) and "text" in event_type:
            key = ("resp", event_type, event.get("item_id"), event.get("output_index"), event.get("content_index"))
            event["delta"] = self._gate(key).feed(event["delta"])
            yield from self._emit(event)
            return
        yield from self._flush_deltas()
        redacted, found = self.guard.redact_json(event, self.audience, self.at, secrets=self.secrets)
        self._done += found
        yield from self._emit(redacted)  # type: ignore[arg-type]

    def _flush_deltas(self) -> Iterator[str]:
        for key in [k for k in self._gates if k[0] == "resp"]:
            rest = self._close(key)
            if not rest:
                continue
            _, event_type, item_id, output_index, content_index = key
            yield from self._emit({"type": event_type, "item_id": item_id, "output_index": output_index,
                                   "content_index": content_index, "delta": rest}, event_name=event_type)
            yield ""


def _append(choice: dict[str, Any], key: tuple[Any, ...], rest: str) -> None:
    if key[1] == "text":
        choice["text"] = (choice.get("text") or "") + rest
        return
    delta = choice.get("delta")
    if not isinstance(delta, dict):
        delta = choice["delta"] = {}
    delta[key[1]] = (delta.get(key[1]) or "") + rest
