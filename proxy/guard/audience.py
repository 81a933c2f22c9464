"""Who will read what a request produces: explicit, inferred from the request, or unknown.

The explicit audience (the `X-Veil-Audience` header or `metadata.veil_audience`)
wins; otherwise the latest user turn is searched for addressees ("draft an
email to my manager", "reply to Maya", "message the Saturday climbers
group"). Everyone an addressee resolves to at request time is a reader, and
a secret may reach the request only when *every* reader is authorized: a
group message is read by all current members, an ambiguous "Jo" by every Jo.

Unknown means "not authorized": no addressee found, a name the store does not
know, a relationship with nobody in it right now ("my manager" after the tie
ended), or a group with no current members. An unresolvable addressee next to
resolvable ones also makes the whole audience unresolved, since "email my
landlord and Sam" is read by someone we cannot check.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from proxy.secrets import audience as phrases
from proxy.secrets.models import Audience
from proxy.secrets.store import SecretStore

EXPLICIT, INFERRED, UNKNOWN = "explicit", "inferred", "unknown"


@dataclass(frozen=True)
class ResolvedAudience:
    """The readers of one request. `phrases` are what was resolved (in memory only, never logged)."""

    source: str  # explicit | inferred | unknown
    person_ids: frozenset[str] = frozenset()
    group_ids: frozenset[str] = frozenset()
    kinds: tuple[str, ...] = ()
    phrases: tuple[str, ...] = field(default=(), repr=False)
    unresolved: tuple[str, ...] = field(default=(), repr=False)
    ambiguous: bool = False

    @property
    def known(self) -> bool:
        """Every reader is known: something resolved, to at least one person, and nothing failed."""
        return self.source != UNKNOWN and bool(self.person_ids) and not self.unresolved

    @property
    def label(self) -> str:
        """For the activity log: source, kinds and ids only (no names, which are PII)."""
        if not self.known:
            why = "unresolved" if self.unresolved or self.phrases else "none found"
            return f"{self.source}:unknown ({why})"
        kinds = "+".join(dict.fromkeys(self.kinds)) or "person"
        ids = ",".join(sorted(self.group_ids) or sorted(self.person_ids))
        return f"{self.source}:{kinds}:{ids}"


UNKNOWN_AUDIENCE = ResolvedAudience(UNKNOWN)

# Words that introduce an addressee. Bare prepositions are deliberately not
# triggers: in "what happened to Maya" or "my lunch with Sam" the person named
# is not a reader, and taking them for one would open their secrets to the
# real (unknown) reader.
_TRIGGER = re.compile(
    r"\b(?:e-?mail(?:ing)?|message|messaging|text(?:ing)?|dm|ping|tell(?:ing)?|cc|bcc|"
    r"(?:reply|replying|respond|responding|write|writing|talk|talking|speak|speaking|"
    r"introduce|announce|explain|mention|say|report)\s+(?:(?:it|this|that|back|something)\s+)?to|"
    r"(?:send|sending|forward|forwarding|give|show|pass)\s+(?:\S+\s+){0,3}?to|"
    r"share\s+(?:\S+\s+){0,3}?with|"
    r"(?:an?|the|my)\s+(?:quick\s+|short\s+|polite\s+|formal\s+)?"
    r"(?:e-?mail|message|note|letter|reply|response|text|dm|memo|update|invitation|invite|card|toast|speech|post)"
    r"\s+(?:to|for))\s+",
    re.IGNORECASE,
)
_PHRASE_END = re.compile(r"[,.;:!?\n()\[\]\"]")
_JOINER = re.compile(r"^\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)", re.IGNORECASE)
_GROUP_SUFFIX = re.compile(r"\s+(?:group chat|group|chat|channel|thread|crew|gang)$", re.IGNORECASE)
_CALENDAR_TEXT = (
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july "
    "august september october november december i"
)
_CALENDAR = frozenset(_CALENDAR_TEXT.split())
_MAX_WORDS = 6


class AudienceResolver:
    """Resolves explicit audiences and infers them from request text, against one store."""

    def __init__(self, store: SecretStore) -> None:
        self.store = store

    # ----------------------------------------------------------------- explicit

    def explicit(self, value: str, at: datetime) -> ResolvedAudience:
        """The audience a client named: a person, alias, group or "my <relationship>".

        A list ("Maya, Sam" or "Maya and Sam") is accepted when the whole value
        does not resolve as one name.
        """
        value = value.strip()
        if not value:
            return UNKNOWN_AUDIENCE
        whole = self._resolve(value, at)
        if whole is not None:
            return _combine(EXPLICIT, [(value, whole)], [])
        parts = [p.strip() for p in re.split(r"\s*(?:[,;]|\band\b|&)\s*", value) if p.strip()]
        found, failed = [], []
        for part in parts:
            hit = self._resolve(part, at)
            (found.append((part, hit)) if hit is not None else failed.append(part))
        return _combine(EXPLICIT, found, failed or ([] if found else [value]))

    # ----------------------------------------------------------------- inferred

    def infer(self, query: str | None, at: datetime) -> ResolvedAudience:
        """Addressees named in the latest user turn, or the unknown audience."""
        if not query:
            return UNKNOWN_AUDIENCE
        keys = self._known_keys()
        found: list[tuple[str, Audience]] = []
        failed: list[str] = []
        for trigger in _TRIGGER.finditer(query):
            pos = trigger.end()
            while True:
                phrase, hit, end = self._longest(query, pos, keys, at)
                if hit is not None:
                    found.append((phrase, hit))
                elif phrase is not None:
                    failed.append(phrase)
                    break
                else:
                    break
                joiner = _JOINER.match(query, end)
                if not joiner:
                    break
                pos = joiner.end()
        if not found and not failed:
            return UNKNOWN_AUDIENCE
        return _combine(INFERRED, found, failed)

    def _longest(
        self, text: str, pos: int, keys: set[str], at: datetime
    ) -> tuple[str | None, Audience | None, int]:
        """The longest phrase at `pos` that resolves (phrase, audience, end), else an unresolved candidate.

        The candidate reported when nothing resolves is a "my <relationship>"
        phrase or a capitalized name ("email Zoe"); otherwise None ("tell me",
        "email it"). "me" is never inferred: the person typing is not
        necessarily the owner (an assistant may answer others on their
        behalf), so the owner as reader must be said explicitly.
        """
        stop = _PHRASE_END.search(text, pos)
        limit = stop.start() if stop else len(text)
        words = list(re.finditer(r"[^\s]+", text[pos:limit]))[:_MAX_WORDS]
        for n in range(len(words), 0, -1):
            end = pos + words[n - 1].end()
            phrase = text[pos:end].strip(" '\"")
            for variant in _variants(phrase):
                key = phrases.normalize(variant)
                if phrases.is_self(variant) or key in ("us", "ourselves"):
                    continue
                if key in keys or phrases.relationship_roles(variant) is not None:
                    hit = self._resolve(variant, at)
                    if hit is not None:
                        return phrase, hit, end
        if not words:
            return None, None, pos
        first = words[0].group(0).strip(" '\"")
        if phrases.normalize(first) in ("my", "our") and len(words) > 1:
            role = f"{first} {words[1].group(0)}"
            return (role, None, pos + words[1].end()) if _is_role_phrase(role, self.store) else (None, None, pos)
        if first[:1].isupper() and phrases.normalize(first) not in _CALENDAR:
            return first, None, pos + words[0].end()
        return None, None, pos

    def _resolve(self, name: str, at: datetime) -> Audience | None:
        """The store's resolution, else everyone whose first name is `name` ("Sam" -> Sam Okafor).

        People write first names; the store matches full names and aliases
        only. Several people sharing the first name all become readers.
        """
        audience = self.store.resolve_audience(name, at)
        if audience.found:
            return audience if audience.people else None
        key = phrases.normalize(name)
        if not key or " " in key:
            return None
        people = tuple(p for p in self.store.people() if phrases.normalize(p.name).split(" ")[0] == key)
        return Audience(name, "person", people) if people else None

    def _known_keys(self) -> set[str]:
        """Normalized ids, names and aliases of people and groups: a cheap pre-check before resolving."""
        keys: set[str] = set()
        for p in self.store.people():
            keys.update(phrases.normalize(x) for x in (p.id, p.name, *p.aliases))
            keys.add(phrases.normalize(p.name).split(" ")[0])
        for g in self.store.groups():
            keys.update(phrases.normalize(x) for x in (g.id, g.name, f"the {g.name}"))
        return keys


def _variants(phrase: str) -> list[str]:
    """"the Saturday climbers group" -> also "the Saturday climbers" (group names rarely say "group")."""
    out = [phrase]
    trimmed = _GROUP_SUFFIX.sub("", phrase)
    if trimmed != phrase and trimmed:
        out.append(trimmed)
    return out


def _is_role_phrase(phrase: str, store: SecretStore) -> bool:
    """Whether an unresolved "my X" names a relationship (so its reader is unknown), not "my trip"."""
    roles = phrases.relationship_roles(phrase)
    if roles is None:
        return False
    typed = phrases.normalize_type(phrase.split(" ", 1)[1]) if " " in phrase else ""
    if roles - {typed, typed.rstrip("s")}:
        return True  # a relationship word the store knows ("manager" -> boss, supervisor, ...)
    return any(phrases.normalize_type(r.type) in roles for r in store.relationships())


def _combine(source: str, found: list[tuple[str, Audience]], failed: list[str]) -> ResolvedAudience:
    people: set[str] = set()
    groups: set[str] = set()
    kinds: list[str] = []
    ambiguous = False
    for _, audience in found:
        people.update(audience.person_ids)
        groups.update(g.id for g in audience.groups)
        kinds.append(audience.kind)
        ambiguous = ambiguous or audience.ambiguous
    return ResolvedAudience(
        source, frozenset(people), frozenset(groups), tuple(kinds),
        tuple(p for p, _ in found), tuple(failed), ambiguous,
    )
