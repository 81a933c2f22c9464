"""Noticing a secret being shared, so the user can choose to store it.

When the latest user turn says "don't tell anyone", "between us", "keep this
to yourself"... we produce a `CaptureOffer`: the span that looks like the
secret, suggested core facts and suggested confidants (the request's
audience). Nothing is stored here: an offer only becomes a secret when the
user accepts it in the UI (`accept_offer`), because a wrong guess stored
silently would start withholding text the user never meant to protect.

Suggestions are heuristics (clauses, names, numbers, dates); the user edits them.

How offers reach the user: `OfferInbox.publish` (called by
`SecretGuard.inspect`) queues each offer in the secret store, encrypted like
a secret (`SecretStore.add_offer`), and tells live listeners (the tray app's
Secrets page) that offers are pending. The desktop app then lists them with
Save and Dismiss; `veil secrets offers|accept|dismiss|review` does the same in
a terminal. The activity log only counts offers ("secret capture offer"):
their text never reaches it.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from proxy.guard.audience import ResolvedAudience
from proxy.guard.text import STOPWORDS, Span, sentence_spans, word_count
from proxy.secrets.models import PendingOffer, Secret
from proxy.secrets.store import SecretStore

log = logging.getLogger(__name__)

_CUE = re.compile(
    r"\b(?:"
    r"(?:do\s*n[o']?t|never|please\s+don'?t)\s+(?:tell|say|mention|share)\s+(?:\w+\s+){0,2}?"
    r"(?:any\s*one|any\s*body|others|people|a\s+soul|a\s+word|him|her|them|my\s+\w+)"
    r"|(?:just\s+)?between\s+(?:us|you\s+and\s+me|ourselves)"
    r"|keep\s+(?:this|it|that)\s+(?:to\s+yourself|secret|quiet|private|under\s+wraps|between\s+us|confidential)"
    r"|(?:strictly\s+)?confidential(?:ly)?|off\s+the\s+record|in\s+confidence|(?:it'?s|this\s+is)\s+a\s+secret"
    r"|promise\s+(?:not\s+to|you\s+won'?t)\s+tell|(?:no\s*one|nobody)\s+(?:else\s+)?knows"
    r"|(?:have\s*n[o']?t|have\s+not|didn'?t|did\s+not)\s+told\s+(?:any\s*one|any\s*body|my\s+\w+)"
    r"|not\s+(?:a\s+word|telling\s+any\s*one)"
    r")\b",
    re.IGNORECASE,
)
_CLAUSE = re.compile(r"\s*(?:[,;:\u2014\u2013]|\s-\s|\band\b|\bbut\b|\bbecause\b|\bso\b)\s*", re.IGNORECASE)
_NAMEISH = re.compile(r"\b(?:[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*|\d[\d,.:/%-]*\w*)\b")
MIN_SECRET_WORDS = 4  # a cue sentence with fewer words left is just the cue ("Between us.")


@dataclass(frozen=True)
class CaptureOffer:
    """A span of field `field` that looks like a secret being shared; in memory only."""

    field: int
    span: Span
    text: str = field(repr=False)
    cue: str = field(repr=False)
    suggested_core_facts: tuple[str, ...] = field(default=(), repr=False)
    suggested_confidants: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, object]:
        """For the GUI's live view (never for the on-disk log)."""
        return {"field": self.field, "start": self.span.start, "end": self.span.end, "text": self.text,
                "cue": self.cue, "core_facts": list(self.suggested_core_facts),
                "confidants": list(self.suggested_confidants)}


def find_offers(text: str, field_index: int, audience: ResolvedAudience) -> list[CaptureOffer]:
    """Offers for each secrecy cue in `text` (one user turn)."""
    spans = sentence_spans(text)
    offers: list[CaptureOffer] = []
    taken: set[int] = set()
    for cue in _CUE.finditer(text):
        at = next((i for i, s in enumerate(spans) if s.start <= cue.start() < s.end), None)
        if at is None or at in taken:
            continue
        chosen = [at]
        sentence = text[spans[at].start:spans[at].end]
        rest = sentence[: cue.start() - spans[at].start] + sentence[cue.end() - spans[at].start:]
        if word_count(rest) < MIN_SECRET_WORDS:  # the cue stands alone: the secret is next to it
            neighbour = at + 1 if at + 1 < len(spans) else at - 1
            if 0 <= neighbour < len(spans) and neighbour not in taken:
                chosen.append(neighbour)
        if all(word_count(_without_cue(text[spans[i].start:spans[i].end])) < MIN_SECRET_WORDS for i in chosen):
            continue
        taken.update(chosen)
        span = Span(min(spans[i].start for i in chosen), max(spans[i].end for i in chosen))
        body = _without_cue(text[span.start:span.end])
        offers.append(CaptureOffer(field_index, span, text[span.start:span.end], cue.group(0),
                                   suggest_facts(body), suggest_confidants(audience)))
    return offers


def _without_cue(text: str) -> str:
    return re.sub(r"\s{2,}", " ", _CUE.sub(" ", text)).strip(" ,;:-\u2014")


def suggest_facts(text: str, limit: int = 4) -> tuple[str, ...]:
    """Short clauses of the secret, trimmed of filler, plus names and numbers it mentions."""
    facts: list[str] = []
    for clause in _CLAUSE.split(text):
        words = clause.strip(" .!?\"'").split()
        while words and words[0].casefold() in STOPWORDS | {"that", "just", "so", "well", "ok", "okay", "hey"}:
            words.pop(0)
        if 2 <= len(words) <= 8:
            facts.append(" ".join(words))
    for m in _NAMEISH.finditer(text):
        token = m.group(0)
        if token.casefold() not in STOPWORDS and not any(token in f for f in facts) and m.start() > 0:
            facts.append(token)
    return tuple(dict.fromkeys(facts))[:limit]


def suggest_confidants(audience: ResolvedAudience) -> tuple[str, ...]:
    """Whoever the secret is being told to: the audience's groups, else its people."""
    if not audience.known:
        return ()
    return tuple(sorted(audience.group_ids)) or tuple(sorted(audience.person_ids))


def accept_offer(
    store: SecretStore,
    offer: CaptureOffer,
    *,
    core_facts: list[str] | None = None,
    confidants: list[str] | None = None,
    cloud_ok: bool = False,
    at: datetime | None = None,
) -> Secret:
    """Store an offer the user accepted (with their edits); the only way an offer becomes a secret."""
    return store.add_secret(
        _without_cue(offer.text) or offer.text,
        core_facts if core_facts is not None else list(offer.suggested_core_facts),
        confidants if confidants is not None else list(offer.suggested_confidants),
        shared_at=at or datetime.now().replace(microsecond=0),
        cloud_ok=cloud_ok,
    )


OfferListener = Callable[[list[PendingOffer]], None]


class OfferInbox:
    """Pending capture offers: queued encrypted in the store, announced to live listeners.

    Listeners run on the caller's thread (the proxy's); a GUI must hop to its
    own thread. A failure to queue (locked keyring...) is logged and the
    offer dropped: an offer is a convenience, never a reason to refuse a request.
    """

    def __init__(self, store: SecretStore) -> None:
        self.store = store
        self._listeners: list[OfferListener] = []
        self._lock = threading.Lock()

    def subscribe(self, listener: OfferListener) -> Callable[[], None]:
        """Call `listener(new_offers)` whenever offers are queued; returns the unsubscribe function."""
        with self._lock:
            self._listeners.append(listener)

        def unsubscribe() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)
        return unsubscribe

    def publish(self, offers: Sequence[CaptureOffer], audience: ResolvedAudience | None = None) -> list[PendingOffer]:
        """Queue `offers` (duplicates of pending ones are skipped); returns the newly queued ones."""
        queued: list[PendingOffer] = []
        for offer in offers:
            try:
                pending = self.store.add_offer(
                    _without_cue(offer.text) or offer.text, offer.cue, offer.suggested_core_facts,
                    offer.suggested_confidants, audience=audience.label if audience is not None else None,
                )
            except Exception as exc:  # noqa: BLE001 - see the class docstring
                log.warning("could not queue a secret capture offer: %s", type(exc).__name__)
                continue
            if pending is not None:
                queued.append(pending)
        if queued:
            with self._lock:
                listeners = list(self._listeners)
            for listener in listeners:
                try:
                    listener(queued)
                except Exception:
                    log.exception("an offer listener failed")
        return queued
