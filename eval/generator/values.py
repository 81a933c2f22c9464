"""Entity values as the grammar needs them: text plus how it is introduced
(article, "the", adjective or noun) so frames read naturally."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Value:
    """One PII value. `det` is "a" (count noun), "the" (name used with the) or ""."""

    text: str
    tag: str
    det: str = ""
    form: str = ""
    nouns: tuple[str, ...] = ()


def marked(raw: str, tag: str, nouns: tuple[str, ...] = (), form: str = "") -> Value:
    """Parse vocabulary markers: "a x"/"an x" count noun, "the x", "~x" adjective."""
    if raw.startswith("~"):
        return Value(raw[1:], tag, "", form or "adj", nouns)
    for det, prefix in (("a", "a "), ("a", "an "), ("the", "the ")):
        if raw.startswith(prefix):
            return Value(raw[len(prefix):], tag, det, form or ("count" if det == "a" else "name"), nouns)
    return Value(raw, tag, "", form or "mass", nouns)


_AN_LETTERS = set("AEFHILMNORSX")


def indefinite_article(word: str) -> str:
    """'a' or 'an' by sound, good enough for names, acronyms and numbers."""
    w = word.lstrip("\"'(“")
    if not w:
        return "a"
    if w[0].isdigit():
        num = "".join(c for c in w if c.isdigit())
        return "an" if num.startswith("8") or num in ("11", "18") or (len(num) in (2, 5) and num.startswith("18")) else "a"
    token = w.split()[0].split("-")[0].rstrip(".,;:")
    if len(token) > 1 and token.isalpha() and sum(c.isupper() for c in token) >= 2:
        return "an" if token[0] in _AN_LETTERS else "a"
    low = token.lower()
    if low.startswith(("uni", "use", "usu", "ura", "eu", "one", "once", "u.s", "ubi", "ufo", "uro")):
        return "a"
    if low.startswith(("hour", "honest", "honor", "honour", "heir")):
        return "an"
    return "an" if low[:1] in "aeiou" else "a"
