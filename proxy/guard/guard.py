"""`SecretGuard`: withhold stored secrets from readers who may not know them.

Per request: resolve the audience, find every passage (in any field: system
prompt, history, retrieved documents, tool output, the question) that
reveals a stored secret, and replace it with `<Secret>` unless the secret may
go out. Replies are scanned the same way before they reach the client.

When a secret may go out (`SecretGuard.allowed`):

1. Every reader of the audience must be authorized at request time
   (`SecretStore.is_authorized`: owner, confidant with a live tie, current
   member of a confidant group). An unknown audience authorizes nothing.
2. The cloud provider sees every request it is sent, so it is a reader too,
   but not one PrivacyBench scores, and refusing it everything would refuse
   confidants too (secrets default to `cloud_ok=False`). We therefore treat it
   as a minimization rule, not an audience: a `cloud_ok=False` secret reaches
   the cloud only when (1) holds *and* the conversation calls for it, i.e.
   a. a reader other than the owner is in the audience: (1) made them all
      confidants, and a confidant's request is the disclosure the owner chose
      (the assistant answering someone who was told, whose questions are
      typically allusive: "how are the plans you told me about going?", which
      no similarity test can tie to one secret; PrivacyBench's authorized
      probes are such questions, and a topic test withheld 75-88% of them); or
   b. some user turn of the conversation (not only the latest: follow-ups say
      "when is it again?") is about it: cosine of one of its sentences to the
      content >= `RELEVANCE_THRESHOLD`, or it names one of the core facts; or
   c. the user typed it into a user turn themselves (the cloud has it already).
   So the minimization bites on the owner's own requests (audience `me`): a
   `cloud_ok=False` secret sitting in a retrieved document or a system prompt
   while the owner asks about something else is withheld.
   `cloud_ok=True` secrets go out whenever (1) holds.
   `strict_cloud=True` withholds `cloud_ok=False` secrets from every request.

Replies only face rule (1): the provider already saw what it was sent.

Fail closed: a store or model failure raises `GuardUnavailable` and the
request is refused; it is never forwarded unchecked.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from proxy.guard import matcher
from proxy.guard.audience import UNKNOWN_AUDIENCE, AudienceResolver, ResolvedAudience
from proxy.guard.capture import CaptureOffer, OfferInbox, find_offers
from proxy.guard.embedder import Embedder
from proxy.guard.errors import GuardUnavailable
from proxy.guard.facts import facts_found
from proxy.guard.matcher import IndexedSecret, Match, SecretIndex
from proxy.guard.text import Span, merge_spans, replace_spans, word_forms
from proxy.secrets.errors import SecretStoreError
from proxy.secrets.store import SecretStore

SECRET_TAG = "<Secret>"
SYSTEM_NOTE = (
    "Note from the user's privacy proxy: parts of this conversation were withheld and appear as "
    f"{SECRET_TAG}. Do not guess, reconstruct or speculate about what they contain, and do not ask "
    "for them; answer using the rest. If the request cannot be answered without them, say so briefly."
)

NOT_AUTHORIZED = "not authorized"
NOT_NEEDED = "cloud_ok=false, not needed"
STRICT_CLOUD = "cloud_ok=false"


@dataclass(frozen=True, slots=True)
class Withheld:
    """One withheld passage: which secret, which field, which characters of the original text."""

    secret_id: str
    field: int
    span: Span
    reason: str


@dataclass
class GuardResult:
    """What to send instead of the request's texts, and what to record about it."""

    texts: list[str]
    system_note: str | None
    audience: ResolvedAudience
    withheld: list[Withheld] = field(default_factory=list)
    capture_offers: list[CaptureOffer] = field(default_factory=list)
    decisions: dict[str, int] = field(default_factory=dict)

    @property
    def changed(self) -> bool:
        return bool(self.withheld)


@dataclass(frozen=True, slots=True)
class Redaction:
    """One redacted passage of a reply."""

    secret_id: str
    span: Span


class SecretGuard:
    """The enforcement half of the secret store; one per proxy, shared across requests."""

    def __init__(self, store: SecretStore, embedder: Embedder | None = None, *, strict_cloud: bool = False) -> None:
        self.store = store
        self.embedder = embedder if embedder is not None else Embedder()
        self.strict_cloud = strict_cloud
        self.audiences = AudienceResolver(store)
        self.index = SecretIndex(self.embedder)
        self.offers = OfferInbox(store)  # capture offers awaiting the user (GUI, `veil secrets offers`)

    def warm_up(self) -> None:
        """Load the model and embed the stored secrets now, so the first request does not wait.

        Does nothing while the store holds no secrets (no model is loaded at
        all then). Raises `GuardUnavailable`; the caller logs it, and requests
        that need the guard are refused until it can run.
        """
        entries = self._entries()
        if entries:
            self.index.vectors(entries)

    # ------------------------------------------------------------------ request

    def resolve_audience(self, explicit: str | None, query: str | None, at: datetime) -> ResolvedAudience:
        """The explicit audience when given (even if it does not resolve), else the inferred one."""
        try:
            if explicit is not None and explicit.strip():
                return self.audiences.explicit(explicit, at)
            return self.audiences.infer(query, at)
        except (SecretStoreError, sqlite3.Error) as exc:
            raise GuardUnavailable(f"could not read the secret store: {exc}") from exc

    def inspect(
        self,
        texts: Sequence[str],
        roles: Sequence[str],
        query: str | None,
        explicit_audience: str | None,
        at: datetime,
    ) -> GuardResult:
        """Check one request's text fields (`roles[i]` is the role of `texts[i]`).

        `query` is the latest user turn (as `proxy.payloads` extracts it).
        Raises `GuardUnavailable` when the check cannot run.
        """
        audience = self.resolve_audience(explicit_audience, query, at)
        decisions: Counter[str] = Counter({f"secret audience {audience.source}": 1})
        if audience.ambiguous:
            decisions["secret audience ambiguous"] += 1
        offers = self._offers(texts, roles, query, audience)
        entries = self._entries()
        out = list(texts)
        withheld: list[Withheld] = []
        if entries:
            matches = matcher.find_matches(self.index, texts, entries)
            known = [o for o in offers if any(m.field == o.field and _overlap(m.span, o.span) for m in matches)]
            if known:  # the user is re-telling a secret the store already holds
                decisions["secret capture known"] += len(known)
                offers = [o for o in offers if o not in known]
            withheld = self._withheld(matches, entries, texts, roles, query, audience, at, decisions)
            by_field: dict[int, list[Span]] = {}
            for w in withheld:
                by_field.setdefault(w.field, []).append(w.span)
            for i, spans in by_field.items():
                out[i] = replace_spans(texts[i], merge_spans(spans, texts[i]), SECRET_TAG)
        if offers:
            decisions["secret capture offer"] += len(offers)
            self.offers.publish(offers, audience)
        if withheld:
            decisions["secret withheld"] += len(withheld)
        note = SYSTEM_NOTE if withheld else None
        return GuardResult(out, note, audience, withheld, offers, dict(sorted(decisions.items())))

    def _entries(self) -> list[IndexedSecret]:
        try:
            return list(self.index.refresh(self.store.secrets()).values())
        except (SecretStoreError, sqlite3.Error) as exc:  # keyring locked, wrong key, unreadable file
            raise GuardUnavailable(f"could not read the secret store: {exc}") from exc

    def _offers(
        self, texts: Sequence[str], roles: Sequence[str], query: str | None, audience: ResolvedAudience
    ) -> list[CaptureOffer]:
        """Offers from the latest user turn only (earlier turns were offered when they were sent)."""
        if not query:
            return []
        fields = _query_fields(texts, roles, query)
        return [offer for i in fields for offer in find_offers(texts[i], i, audience)]

    def allowed(
        self, entry: IndexedSecret, audience: ResolvedAudience, at: datetime, *, needed: bool = True
    ) -> tuple[bool, str]:
        """Whether `entry` may go out to `audience` (and the cloud), with the reason when it may not."""
        if not self.audience_authorized(entry.id, audience, at):
            return False, NOT_AUTHORIZED
        if not entry.secret.cloud_ok:
            if self.strict_cloud:
                return False, STRICT_CLOUD
            if not needed:
                return False, NOT_NEEDED
        return True, ""

    def audience_authorized(self, secret_id: str, audience: ResolvedAudience, at: datetime) -> bool:
        """Every reader is known and authorized for the secret at `at`."""
        if not audience.known:
            return False
        try:
            return all(self.store.is_authorized(secret_id, pid, at) for pid in audience.person_ids)
        except (SecretStoreError, sqlite3.Error) as exc:
            raise GuardUnavailable(f"could not check authorization: {exc}") from exc

    def _withheld(
        self,
        matches: list[Match],
        entries: list[IndexedSecret],
        texts: Sequence[str],
        roles: Sequence[str],
        query: str | None,
        audience: ResolvedAudience,
        at: datetime,
        decisions: Counter[str],
    ) -> list[Withheld]:
        by_id = {e.id: e for e in entries}
        matched_ids = list(dict.fromkeys(m.secret_id for m in matches))
        user_fields = {i for i, role in enumerate(roles) if role == "user" and texts[i]}
        asked = [texts[i] for i in sorted(user_fields)] or ([query] if query else [])
        needs_relevance = [
            by_id[s] for s in matched_ids
            if not by_id[s].secret.cloud_ok and not self.strict_cloud
            and not _confidant_reader(by_id[s], audience)
        ]
        relevance = matcher.relevance(self.index, "\n".join(asked), needs_relevance) if asked and needs_relevance else {}
        asked_forms = word_forms("\n".join(asked)) if needs_relevance else None
        verdicts: dict[str, tuple[bool, str]] = {}
        for sid in matched_ids:
            entry = by_id[sid]
            needed = (
                _confidant_reader(entry, audience)
                or any(m.secret_id == sid and (m.field in user_fields) for m in matches)
                or relevance.get(sid, 0.0) >= matcher.RELEVANCE_THRESHOLD
                or (asked_forms is not None and bool(entry.patterns) and facts_found(entry.patterns, asked_forms) > 0)
            )
            verdicts[sid] = self.allowed(entry, audience, at, needed=needed)
        withheld: list[Withheld] = []
        seen: set[tuple[str, int, int, int]] = set()
        for m in matches:
            ok, reason = verdicts[m.secret_id]
            key = (m.secret_id, m.field, m.span.start, m.span.end)
            if key in seen:
                continue
            seen.add(key)
            if ok:
                decisions[f"secret passed {m.secret_id}"] += 1
            else:
                decisions[f"secret withheld {m.secret_id} ({reason})"] += 1
                withheld.append(Withheld(m.secret_id, m.field, m.span, reason))
        return withheld

    # -------------------------------------------------------------------- reply

    def unauthorized_secrets(self, audience: ResolvedAudience, at: datetime) -> list[IndexedSecret]:
        """The secrets this audience may not read (what a reply must not reveal)."""
        return [e for e in self._entries() if not self.audience_authorized(e.id, audience, at)]

    def redact_reply(
        self, text: str, audience: ResolvedAudience, at: datetime, *, secrets: list[IndexedSecret] | None = None
    ) -> tuple[str, list[Redaction]]:
        """`text` with every passage revealing a secret the audience may not know replaced by `<Secret>`.

        Pass `secrets` (from `unauthorized_secrets`) to skip re-reading the
        store, e.g. for every step of a stream.
        """
        candidates = secrets if secrets is not None else self.unauthorized_secrets(audience, at)
        if not candidates or not text.strip():
            return text, []
        matches = matcher.find_matches(self.index, [text], candidates)
        if not matches:
            return text, []
        redactions = list(dict.fromkeys(Redaction(m.secret_id, m.span) for m in matches))
        return replace_spans(text, merge_spans([r.span for r in redactions], text), SECRET_TAG), redactions

    def redact_json(
        self, value: object, audience: ResolvedAudience, at: datetime, *, secrets: list[IndexedSecret] | None = None
    ) -> tuple[object, list[Redaction]]:
        """`redact_reply` applied to the text fields of a complete (non-streamed) response body."""
        secrets = secrets if secrets is not None else self.unauthorized_secrets(audience, at)
        found: list[Redaction] = []

        def walk(item: object, key: object = None) -> object:
            if isinstance(item, str) and key == "arguments" and secrets:
                try:  # tool-call arguments are JSON: redact inside it, keep it parseable
                    parsed = json.loads(item)
                except ValueError:
                    parsed = None
                if isinstance(parsed, (dict, list)):
                    return json.dumps(walk_all(parsed), ensure_ascii=False)
            if isinstance(item, str):
                if key in _REPLY_TEXT_KEYS and secrets:
                    redacted, hits = self.redact_reply(item, audience, at, secrets=secrets)
                    found.extend(hits)
                    return redacted
                return item
            if isinstance(item, list):
                return [walk(x, key) for x in item]
            if isinstance(item, dict):
                return {k: walk(v, k) for k, v in item.items()}
            return item

        def walk_all(item: object) -> object:
            """Every string of a tool call's arguments is text the tool (and its reader) receives."""
            if isinstance(item, str):
                return walk(item, "text")
            if isinstance(item, list):
                return [walk_all(x) for x in item]
            if isinstance(item, dict):
                return {k: walk_all(v) for k, v in item.items()}
            return item

        return walk(value), found

    def reply_check(self, audience: ResolvedAudience, at: datetime) -> ReplyCheck:
        """One request's reply scanning, for the server (see `ReplyCheck`)."""
        return ReplyCheck(self, audience, at)


class ReplyCheck:
    """Scans one request's reply (whole body or SSE stream) and keeps the counts for the log."""

    def __init__(self, guard: SecretGuard, audience: ResolvedAudience, at: datetime) -> None:
        self.guard = guard
        self.audience = audience
        self.at = at
        self._found: list[Redaction] = []
        self._streams: list[Any] = []

    def body(self, data: Any) -> Any:
        """A complete JSON response with revealing passages redacted. Raises GuardUnavailable."""
        redacted, found = self.guard.redact_json(data, self.audience, self.at)
        self._found += found
        return redacted

    def stream(self) -> Any:
        """A fresh `SSEReplyGuard` for one event stream. Raises GuardUnavailable."""
        from proxy.guard.stream import SSEReplyGuard

        sse = SSEReplyGuard(self.guard, self.audience, self.at)
        self._streams.append(sse)
        return sse

    @property
    def decisions(self) -> dict[str, int]:
        return reply_decisions([*self._found, *(r for s in self._streams for r in s.redactions)])


_REPLY_TEXT_KEYS = frozenset({"content", "text", "refusal", "output_text", "arguments", "reasoning_content", "input"})


def reply_decisions(redactions: Sequence[Redaction]) -> dict[str, int]:
    """Activity-log counts for reply redactions: secret ids and counts only."""
    counts = Counter(f"secret reply redacted {r.secret_id}" for r in redactions)
    return dict(sorted(counts.items()))


def _confidant_reader(entry: IndexedSecret, audience: ResolvedAudience) -> bool:
    """Someone other than the secret's owner reads the reply (rule 2a; rule 1 still decides whether they may)."""
    return audience.known and any(pid != entry.secret.owner for pid in audience.person_ids)


def _overlap(a: Span, b: Span) -> bool:
    return a.start < b.end and b.start < a.end


def _query_fields(texts: Sequence[str], roles: Sequence[str], query: str | None) -> list[int]:
    """Indexes of the fields that make up the latest user turn.

    `payloads.extract` joins the last user message's parts with newlines, so
    the last user-role fields whose texts are all contained in `query`.
    """
    if not query:
        return []
    found: list[int] = []
    for i in range(len(texts) - 1, -1, -1):
        if roles[i] == "user" and texts[i] and texts[i] in query:
            found.append(i)
            if len(texts[i]) >= len(query) or "\n".join(texts[j] for j in reversed(found)) == query:
                break
        elif found:
            break
    return sorted(found)


__all__ = [
    "SECRET_TAG",
    "SYSTEM_NOTE",
    "UNKNOWN_AUDIENCE",
    "GuardResult",
    "Redaction",
    "ReplyCheck",
    "SecretGuard",
    "Withheld",
    "reply_decisions",
]
