"""A finished document: parts with mentions -> the spec's sample dict.

Offsets come from concatenating parts, so `text == description[start:end]`
holds by construction; subjects are lettered A, B, ... by first appearance."""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

from .compose import Fact
from .families import Ctx
from .render import Mention, Part


@dataclass
class Owner:
    """How a query refers to a subject: "my", "my cousin's", "the patient's"."""

    possessive: str
    is_user: bool = False
    pronoun_possessive: str = "their"


@dataclass
class Doc:
    parts: list[Part]
    facts: list[Fact]
    owners: dict[int, Owner]
    casual: bool = False
    categories: tuple[str, ...] = ()
    used: set[str] = field(default_factory=set)


_TYPO_SKIP = {"with", "that", "have", "this", "from", "your", "about", "there"}
_SLANG = {" you ": " u ", " because ": " bc ", " with ": " w/ ", " about ": " abt ", " though": " tho",
          " really ": " rly ", " please": " pls", " thanks": " thx", " people ": " ppl "}


def _typo(ctx: Ctx, word: str) -> str:
    i = ctx.rng.randrange(1, len(word) - 1)
    kind = ctx.rng.random()
    if kind < 0.4:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind < 0.7:
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


def _noisy_text(ctx: Ctx, text: str, lower: bool, typo_rate: float) -> str:
    if lower:
        text = text.lower()
    if ctx.chance(0.5):
        text = text.replace("I'm", "im").replace("i'm", "im").replace("don't", "dont").replace("I've", "ive").replace("it's", "its")
    for full, short in _SLANG.items():
        if full in text and ctx.chance(0.35):
            text = text.replace(full, short)
    words = re.split(r"(\W+)", text)
    for i, w in enumerate(words):
        if len(w) >= 5 and w.isalpha() and w.lower() not in _TYPO_SKIP and ctx.chance(typo_rate):
            words[i] = _typo(ctx, w)
    return "".join(words)


def casualize(ctx: Ctx, parts: list[Part]) -> list[Part]:
    """Informal chat style: maybe all lower case, dropped apostrophes, slang, typos (never inside codes)."""
    lower = ctx.chance(0.55)
    typo_rate = ctx.rng.choice((0.0, 0.02, 0.04, 0.07))
    out: list[Part] = []
    for part in parts:
        if isinstance(part, Mention):
            if lower and not part.protect:
                part = Mention(part.text.lower(), part.tag, part.owner, part.fact, part.protect, part.det)
            out.append(part)
        else:
            out.append(_noisy_text(ctx, part, lower, typo_rate))
    return out


_MULTI_SPACE = re.compile(r" {2,}")
_SPACE_PUNCT = re.compile(r" +([,.;:!?])")


def _strip_spaces(parts: list[Part]) -> list[Part]:
    """Collapse doubled spaces and spaces before punctuation in plain text."""
    out: list[Part] = []
    for part in parts:
        if isinstance(part, str) and " " in part:
            part = _SPACE_PUNCT.sub(r"\1", _MULTI_SPACE.sub(" ", part))
        out.append(part)
    for i in range(1, len(out)):
        prev, cur = out[i - 1], out[i]
        if isinstance(prev, str) and isinstance(cur, str) and prev.endswith(" ") and cur.startswith(" "):
            out[i] = cur.lstrip(" ")      # a space at the end of one piece and the start of the next
        elif isinstance(prev, Mention) and prev.text.endswith(".") and isinstance(cur, str) and cur.startswith("."):
            out[i] = cur[1:]              # "9 a.m." + "." -> one full stop
    return out


def assemble(parts: list[Part]) -> tuple[str, list[dict]]:
    """Concatenate parts; return the text and raw entity records with offsets and owners."""
    parts = _strip_spaces(parts)
    chunks: list[str] = []
    entities: list[dict] = []
    pos = 0
    for part in parts:
        if isinstance(part, Mention):
            text = part.text
            if not text or text != text.strip():
                raise ValueError(f"bad mention {text!r}")
            entities.append({"text": text, "tag": part.tag, "start": pos, "end": pos + len(text),
                             "owner": part.owner, "fact": part.fact})
        else:
            text = part
        chunks.append(text)
        pos += len(text)
    return "".join(chunks), entities


def letters_by_appearance(entities: list[dict]) -> dict[int, str]:
    order: dict[int, str] = {}
    for ent in sorted(entities, key=lambda e: e["start"]):
        if ent["owner"] not in order:
            order[ent["owner"]] = string.ascii_uppercase[len(order)]
    return order
