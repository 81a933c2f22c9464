"""Turning what a user types ("Maya", "my boss", "Saturday climbers") into lookup keys.

Pure functions; the store applies them to its tables. Relationship words are
mapped generously (e.g. "my mom" also matches a plain "family" tie): for a
privacy guard, naming too many possible readers errs towards caution, naming
too few towards a leak.
"""

from __future__ import annotations

import re
import unicodedata

# word the user may type -> relationship roles it can denote
_ROLE_WORDS: dict[str, frozenset[str]] = {}


def _words(roles: set[str], *words: str) -> None:
    for word in words:
        _ROLE_WORDS[word] = _ROLE_WORDS.get(word, frozenset()) | frozenset(roles)


_BOSS = {"manager", "boss", "supervisor", "line manager", "team lead", "lead"}
_PARTNER = {"partner", "spouse", "wife", "husband", "girlfriend", "boyfriend", "fiance", "fiancee"}
_PARENT = {"parent", "mother", "father", "mom", "mum", "dad"}
_CHILD = {"child", "son", "daughter", "kid"}
_SIBLING = {"sibling", "brother", "sister"}
_GRAND = {"grandparent", "grandmother", "grandfather", "grandma", "grandpa"}
_FAMILY = {"family", "relative", "cousin", "aunt", "uncle"} | _PARENT | _CHILD | _SIBLING | _GRAND

_words(_BOSS, "manager", "boss", "supervisor", "line manager", "team lead", "lead")
_REPORT = {"report", "direct report", "subordinate", "employee"}
_words(_REPORT, *_REPORT, "team")
_words({"coworker", "colleague", "co-worker"}, "coworker", "co-worker", "colleague", "workmate")
_FRIEND = {"friend", "best friend", "close friend"}
_words(_FRIEND, *_FRIEND, "buddy", "mate", "pal")
_words(_PARTNER, *_PARTNER, "other half", "significant other")
_words(_PARENT | {"family", "relative"}, "parent", "parents", "folks")
_words({"mother", "mom", "mum", "parent", "family", "relative"}, "mother", "mom", "mum", "mommy", "mummy")
_words({"father", "dad", "parent", "family", "relative"}, "father", "dad", "daddy")
_words(_CHILD | {"family", "relative"}, "child", "kid", "kids", "children")
_words({"son", "child", "family", "relative"}, "son")
_words({"daughter", "child", "family", "relative"}, "daughter")
_words(_SIBLING | {"family", "relative"}, "sibling")
_words({"brother", "sibling", "family", "relative"}, "brother")
_words({"sister", "sibling", "family", "relative"}, "sister")
_words(_FAMILY, "family", "relative", "relatives")
_words({"mentor"}, "mentor")
_words({"mentee"}, "mentee")
_words({"neighbor", "neighbour"}, "neighbor", "neighbour")
_words({"roommate", "flatmate", "housemate"}, "roommate", "flatmate", "housemate")

# Stored relationship type -> the role of `a` as seen from `b` (b is a's <type>,
# so a is b's <inverse>). Types not listed are symmetric.
_INVERSE: dict[str, str] = {
    **{t: "report" for t in _BOSS},
    "report": "manager", "direct report": "manager", "subordinate": "manager", "employee": "manager",
    **{t: "child" for t in _PARENT},
    "child": "parent", "son": "parent", "daughter": "parent", "kid": "parent",
    "mentor": "mentee", "mentee": "mentor",
    **{t: "grandchild" for t in _GRAND},
}

_SELF = {"me", "myself", "i", "self"}
_MY = re.compile(r"^(?:my|our)\s+(?P<rest>.+)$")


def normalize(text: str) -> str:
    """Case-, accent-width- and space-insensitive form used for every name comparison."""
    text = unicodedata.normalize("NFKC", text).casefold()
    text = re.sub(r"[\s_]+", " ", text).strip(" \t\"'`.,;:!?()[]{}")
    text = re.sub(r"^@", "", text)
    return text


def normalize_type(rel_type: str) -> str:
    return re.sub(r"[\s_-]+", " ", rel_type.strip().casefold()).replace("co worker", "coworker")


def role_of_other(rel_type: str, me_is_a: bool) -> str:
    """The other person's role relative to me for a tie of `rel_type`.

    When I am `a`, the other (`b`) is my <type>; when I am `b`, they are my
    <inverse of type>.
    """
    kind = normalize_type(rel_type)
    return kind if me_is_a else _INVERSE.get(kind, kind)


def is_self(query: str) -> bool:
    return normalize(query) in _SELF


def relationship_roles(query: str) -> frozenset[str] | None:
    """Roles a "my <word>" phrase can denote, or None when `query` is not such a phrase.

    An unknown word still resolves to itself, so a custom type such as
    "my landlord" works when the user stored a "landlord" relationship.
    """
    match = _MY.match(normalize(query))
    if not match:
        return None
    word = normalize_type(match.group("rest"))
    candidates = [word]
    if word.endswith("ies"):
        candidates.append(word[:-3] + "y")
    if word.endswith("s"):
        candidates.append(word[:-1])
    for candidate in candidates:
        if candidate in _ROLE_WORDS:
            return _ROLE_WORDS[candidate] | {candidate}
    return frozenset({word, *candidates})
