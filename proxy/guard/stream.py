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

import re
from collections.abc import Iterator
from datetime import datetime
from typing import Any

from proxy.guard import matcher
from proxy.guard.audience import ResolvedAudience
from proxy.guard.guard import SECRET_TAG, Redaction, SecretGuard
from proxy.guard.matcher import IndexedSecret
from proxy.guard.text import Span, merge_spans, replace_spans, sentence_spans
from proxy.sse import Key, SSERewriter, TextHolder

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


class SSEReplyGuard(SSERewriter):
    """Rewrites the lines of one SSE stream so no delta text passes its `ReplyGate` unjudged.

    `proxy.sse.SSERewriter`'s line protocol, as `SSERestorer` uses it:
    `feed_line` takes one line and yields zero or more; `finish` yields what
    is still held when the upstream stops without a final event.
    """

    def __init__(self, guard: SecretGuard, audience: ResolvedAudience, at: datetime) -> None:
        super().__init__()
        self.guard = guard
        self.audience = audience
        self.at = at
        self.secrets = guard.unauthorized_secrets(audience, at)
        self._done: list[Redaction] = []  # from finished gates and complete-text events

    @property
    def redactions(self) -> list[Redaction]:
        """Everything redacted so far (for `reply_decisions`)."""
        gates = [*self._chat.values(), *self._deltas.values()]
        return [*self._done, *(r for g in gates if isinstance(g, ReplyGate) for r in g.redactions)]

    def _new_holder(self, key: Key) -> ReplyGate:
        return ReplyGate(self.guard, self.audience, self.at, self.secrets)

    def _closed(self, holder: TextHolder) -> None:
        if isinstance(holder, ReplyGate):
            self._done += holder.redactions

    def feed_line(self, line: str) -> Iterator[str]:
        if not self.secrets:
            yield line
            return
        yield from super().feed_line(line)

    def _holds_delta(self, event_type: str) -> bool:
        return "text" in event_type  # output_text (and reasoning text) deltas; others are judged whole

    def _complete_event(self, event: dict[str, Any]) -> Any:
        redacted, found = self.guard.redact_json(event, self.audience, self.at, secrets=self.secrets)
        self._done += found
        return redacted
