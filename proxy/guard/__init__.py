"""Secret guard: withhold stored secrets from audiences not allowed to know them.

`SecretGuard.inspect` checks a request's text fields before they leave the
device; `SecretGuard.redact_reply` / `redact_json` / `stream.SSEReplyGuard`
check the reply before it reaches the client. See `proxy.guard.guard` for
the rules (including what `cloud_ok` means) and `proxy.guard.matcher` for
how passages are matched and how the thresholds were chosen.
"""

from proxy.guard.audience import ResolvedAudience
from proxy.guard.capture import CaptureOffer, OfferInbox, accept_offer
from proxy.guard.embedder import Embedder
from proxy.guard.errors import GuardUnavailable
from proxy.guard.guard import (
    SECRET_TAG,
    SYSTEM_NOTE,
    GuardResult,
    Redaction,
    ReplyCheck,
    SecretGuard,
    Withheld,
    reply_decisions,
)
from proxy.guard.request import AUDIENCE_HEADER, add_system_note, pop_audience
from proxy.guard.stream import ReplyGate, SSEReplyGuard

__all__ = [
    "AUDIENCE_HEADER",
    "SECRET_TAG",
    "SYSTEM_NOTE",
    "CaptureOffer",
    "Embedder",
    "GuardResult",
    "GuardUnavailable",
    "OfferInbox",
    "Redaction",
    "ReplyCheck",
    "ReplyGate",
    "ResolvedAudience",
    "SSEReplyGuard",
    "SecretGuard",
    "Withheld",
    "accept_offer",
    "add_system_note",
    "pop_audience",
    "reply_decisions",
]
