"""Document layouts: running prose, key-value forms, letters, chat messages and
profile bios. Each layout arranges already-chosen facts; the wording pieces
(line formats, separators, greetings) are family-split like the frames."""

from __future__ import annotations

from .compose import Fact, join_sentences, write_sentences
from .facts import KINDS
from .families import pool
from .render import DocState, Mention, Part, Who, is_protected

FORM_LINE = pool("form.line", ["{label}: {value}", "- {label}: {value}", "{LABEL}: {value}"],
                 ["{label} — {value}", "{label} | {value}", "* {label}: {value}"],
                 ["{label} = {value}", "• {label} → {value}", "[{label}] {value}"])
NAME_LABELS = ("Name", "Full name")
BIO_SEPARATOR = pool("bio.separator", [" | ", " • "], [" / ", " ~ "], [" · ", " // "])
BIO_ITEM = {
    "age": pool("bio.age", ["{V} y/o", "{V}"], ["{V}yo", "{V} years young"], ["age {V}", "{V}, if you must know"]),
    "city": pool("bio.city", ["📍 {V}", "{V}"], ["based in {V}", "{V} native"], ["{V} based", "currently {V}"]),
    "occupation": pool("bio.occupation", ["{V}", "{V} by day"], ["{V} 👩‍💻", "full-time {V}"], ["{V} irl", "professional {V}"]),
    "handle": pool("bio.handle", ["IG: {V}", "{V}"], ["insta {V}", "find me: {V}"], ["socials → {V}", "{V} everywhere"]),
    "orientation": pool("bio.orientation", ["{V}", "{V} 🏳️‍🌈"], ["{V} and proud"], ["openly {V}"]),
    "religion": pool("bio.religion", ["{V}"], ["{V} 🙏"], ["faith: {V}"]),
    "political_view": pool("bio.politics", ["{V}"], ["{V} voter"], ["politics: {V}"]),
    "nationality": pool("bio.nationality", ["{V}", "{V} 🌍"], ["proudly {V}"], ["{V} abroad"]),
    "height": pool("bio.height", ["{V}", "{V} (yes it matters)"], ["{V} tall"], ["height {V}"]),
    "school_current": pool("bio.school", ["{V}", "student @ {V}"], ["{V} student"], ["studying at {V}"]),
}
CHAT_GREETING = pool("chat.greeting", ["hey", "hi there", "ok so"], ["hiya", "yo", "hello!!"], ["heyy", "good morning", "sooo"])


def _label_line(fmt: str, label: str, value: Mention) -> list[Part]:
    head, tail = fmt.split("{value}")
    head = head.replace("{label}", label).replace("{LABEL}", label.upper())
    return [head, value, tail]


def _mention(fact: Fact) -> Mention:
    return Mention(fact.value.text, fact.value.tag, fact.owner, fact.key, is_protected(fact.value), fact.value.det)


def form_lines(state: DocState, who: Who, facts: list[Fact], name_label: str | None) -> list[Part]:
    """Key-value lines; the first line names the person if `name_label` is given."""
    ctx = state.ctx
    fmt = state.form_line or ctx.pick(FORM_LINE)
    state.form_line = fmt
    out: list[Part] = []
    if name_label:
        out += _label_line(fmt, name_label, Mention(who.full, "Full Name", who.owner, None))
        who.introduced = True
        state.last_owner = who.owner
    for fact in facts:
        if out:
            out.append("\n")
        label = ctx.choice(KINDS[fact.key].labels)
        out += _label_line(fmt, label, _mention(fact))
    return out


def prose(state: DocState, who: Who, facts: list[Fact], *, paragraphs: int = 1, first_needs_subject: bool = False,
          filler_rate: float = 0.1) -> list[Part]:
    """Running text over `facts`, split into up to `paragraphs` paragraphs."""
    ctx = state.ctx
    chunks: list[list[Fact]] = [facts]
    if paragraphs > 1 and len(facts) >= 4:
        cut = sorted(ctx.rng.sample(range(2, len(facts) - 1), min(paragraphs - 1, len(facts) - 3)))
        chunks, start = [], 0
        for c in cut + [len(facts)]:
            chunks.append(facts[start:c])
            start = c
    out: list[Part] = []
    for i, chunk in enumerate(chunks):
        if not chunk:
            continue
        if out:
            out.append("\n\n")
        sentences = write_sentences(state, who, chunk, opener_rate=0.2 if i == 0 else 0.3, filler_rate=filler_rate,
                                    first_needs_subject=first_needs_subject and i == 0)
        out += join_sentences(sentences)
    return out


def bio_line(state: DocState, who: Who, facts: list[Fact]) -> list[Part]:
    ctx = state.ctx
    sep = ctx.pick(BIO_SEPARATOR)
    out: list[Part] = []
    for fact in facts:
        if out:
            out.append(sep)
        text = ctx.pick(BIO_ITEM[fact.key])
        head, tail = text.split("{V}")
        out += [head, _mention(fact), tail]
    return out


def chat(state: DocState, who: Who, facts: list[Fact], greet: bool = True) -> list[Part]:
    """Short messages, one or two facts each, one message per line."""
    ctx = state.ctx
    state.chatty = True
    out: list[Part] = []
    if greet:
        out.append(ctx.pick(CHAT_GREETING))
    pending = list(facts)
    while pending:
        take = pending[: ctx.choice((1, 1, 2))]
        pending = pending[len(take):]
        sentences = write_sentences(state, who, take, max_clauses=2, opener_rate=0.25)
        if out:
            out.append("\n")
        out += join_sentences(sentences)
    return out
