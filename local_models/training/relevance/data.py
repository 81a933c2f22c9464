"""Spec JSONL (PII-Bench samples) -> relevance training examples in the scorer's exact prompt format.

One example per sample: the shared prefix (`format_prefix(query)`) and one
suffix per candidate (`format_candidate(tag, text, before, after)`), each
labelled yes/no. Candidates are the sample's gold entities, one per distinct
(tag, normalised text) value as the engine deduplicates them, minus PER (names
are never needed and the judge never scores them): the deployable "w/ Choice"
form. The label is whether the value's text is in `query_related`.

Augmentations (all seeded; a fresh draw every epoch) so the adapter does not
learn the generator's surface form:

* query: lower case, dropped punctuation, chatty greeting/thanks around it,
  "my"/"the user's"-style point-of-view swaps, and statements of some of the
  text's values before the ask ("I'm 42 and Catholic - what's the plot of
  Hamlet?"), labels unchanged: a value stated beside an ask is needed only
  when the ask needs it (chat users write this way; the generator's queries
  never quote a value);
* context window: the first mention's window (what the engine sends) or another
  mention's, random window sizes, and no window at all (callers that give the
  judge no source text);
* detector noise: a sibling tag of the same type; lower-cased values;
* distractors: candidates drawn from other samples whose tag the query does
  not need, labelled no;
* at most `max_negatives` "no" candidates per example (all "yes" kept): the
  runtime scores candidates independently, so this only cuts training
  compute on long samples (hard/distract have 20+ candidates).
"""

from __future__ import annotations

import json
import random
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from local_models.relevance_kinds import named_kinds
from local_models.relevance_runtime import (
    PROMPT_FORMAT,
    PROMPT_FORMAT_NAMED,
    PROMPT_FORMATS,
    context_window,
    format_candidate,
    format_prefix,
)

TYPES_TAGS: dict[str, tuple[str, ...]] = {
    "CODE": ("Social Security Number", "Driver's License", "Bank Account", "Credit Card", "Phone Number",
             "IP Address", "Email Address", "Password Hash", "Passport Number", "Tax ID", "Employee ID",
             "Student ID"),
    "LOC": ("Street Address", "City/Region", "Landmark"),
    "ORG": ("Company Name", "Educational Institution", "Government Agency", "NGO", "Healthcare Facility"),
    "DEM": ("Occupation", "Age", "Gender", "Height", "Weight", "Blood Type", "Sexual Orientation", "Nationality",
            "Ethnicity", "Race", "Religious Belief", "Political Affiliation", "Education Level",
            "Academic Degree", "Physical Features", "Medical Condition", "Disability Status"),
    "DATETIME": ("Date", "Time", "Duration"),
    "QUANTITY": ("Monthly Income", "Monthly Expenses", "Account Balance", "Loan Amount", "Annual Bonus",
                 "Credit Limit", "Social Security Payment", "Tax Payment", "Debt Ratio", "Investment Return",
                 "ROI", "Credit Score"),
}
TYPE_OF_TAG = {tag: t for t, tags in TYPES_TAGS.items() for tag in tags}

GREETINGS = ("Hi! ", "Hello, ", "Hey, quick question: ", "Quick one: ", "Please help: ", "Hi there. ", "Question - ")
THANKS = (" Thanks!", " Thank you.", " thx", " Appreciate it.", " Be brief.", " Keep it short please.")
POV = ((r"\bmy\b", "the user's"), (r"\bmy\b", "our"), (r"\bI\b", "we"), (r"\bher\b", "his"), (r"\bhis\b", "her"))


@dataclass
class Augment:
    """Probabilities of each augmentation (all 0 = the plain deployable form, used for dev)."""

    lower_query: float = 0.15
    strip_punct: float = 0.08
    chatty: float = 0.2
    pov: float = 0.15
    other_mention: float = 0.25
    no_window: float = 0.15
    jitter_window: float = 0.3
    sibling_tag: float = 0.04
    lower_value: float = 0.08
    distractors: float = 0.4
    max_distractors: int = 3
    max_negatives: int = 8  # per example; candidates are scored independently, so this only saves compute
    state_values: float = 0.0  # the query opens with statements of some of the text's values (`train --state-values`)

    @classmethod
    def none(cls) -> Augment:
        return cls(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)


@dataclass
class Candidate:
    tag: str
    text: str
    before: str
    after: str
    label: int
    named: bool = False  # the request names this kind (marked in prompt format v2)

    @property
    def suffix(self) -> str:
        return format_candidate(self.tag, self.text, self.before, self.after, self.named)


@dataclass
class Example:
    id: str
    query: str
    candidates: list[Candidate] = field(default_factory=list)

    @property
    def prefix(self) -> str:
        return format_prefix(self.query)


def normalize(text: str) -> str:
    """The spec's comparison key (NFKC, case-folded, surrounding space/punctuation stripped)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    strip = lambda c: c.isspace() or unicodedata.category(c).startswith("P")
    start, end = 0, len(folded)
    while start < end and strip(folded[start]):
        start += 1
    while end > start and strip(folded[end - 1]):
        end -= 1
    return folded[start:end]


def load_samples(paths: Iterable[str | Path]) -> list[dict[str, Any]]:
    """Spec samples from JSON Lines files (or a JSON array), skipping ones without a query."""
    out: list[dict[str, Any]] = []
    for path in paths:
        text = Path(path).read_text(encoding="utf-8")
        if text.lstrip().startswith("["):
            items = json.loads(text)
        else:
            items = [json.loads(line) for line in text.splitlines() if line.strip()]
        out.extend(s for s in items if s.get("query") and s.get("entities"))
    return out


def _mentions(sample: dict[str, Any]) -> list[tuple[tuple[str, str], list[dict[str, Any]]]]:
    """Non-PER mentions grouped by (tag, normalised text), in order of first appearance."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for ent in sorted(sample["entities"], key=lambda e: e["start"]):
        if ent.get("type") == "PER" or TYPE_OF_TAG.get(ent["tag"]) is None:
            continue
        groups.setdefault((ent["tag"], normalize(ent["text"]) or ent["text"]), []).append(ent)
    return list(groups.items())


def needed_texts(sample: dict[str, Any]) -> set[str]:
    return {normalize(q["text"]) for q in sample.get("query_related") or []}


def _augment_query(query: str, rng: random.Random, aug: Augment) -> str:
    q = query
    if rng.random() < aug.pov:
        pattern, repl = rng.choice(POV)
        q = re.sub(pattern, repl, q, count=1)
    if rng.random() < aug.strip_punct:
        q = re.sub(r"[?!.,;:]", "", q)
    if rng.random() < aug.lower_query:
        q = q.lower()
    if rng.random() < aug.chatty:
        q = rng.choice(GREETINGS) + q if rng.random() < 0.6 else q + rng.choice(THANKS)
    return q


_I_AM_TAGS = frozenset({"Age", "Occupation", "Nationality", "Ethnicity", "Race", "Religious Belief", "Political Affiliation",
                        "Gender", "Sexual Orientation", "Disability Status"})
_I_HAVE_TAGS = frozenset({"Medical Condition", "Physical Features", "Academic Degree"})
_STATE_JOINS = (", ", " - ", ". ", "; ", " and ")


def _statement(sample: dict[str, Any], rng: random.Random) -> str:
    """One to three of the text's values stated the way chat users write them before an ask ("I'm 42 and
    Catholic", "my phone number is 0770 ...", "I have asthma"); "" when the text has none."""
    groups = _mentions(sample)
    if not groups:
        return ""
    parts = []
    for (tag, _norm), mentions in rng.sample(groups, min(len(groups), rng.randint(1, 3))):
        value = mentions[0]["text"]
        if tag in _I_AM_TAGS:
            parts.append(f"I'm {value}")
        elif tag in _I_HAVE_TAGS:
            parts.append(f"I have {value}")
        else:
            parts.append(f"my {tag.lower()} is {value}")
    text = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return text[0].upper() + text[1:]


def _with_statement(query: str, statement: str, rng: random.Random) -> str:
    """The query after a statement of values: "I'm 42 and Catholic - what's the plot of Hamlet?"."""
    join = rng.choice(_STATE_JOINS)
    keep_case = join == ". " or query.startswith(("I ", "I'", "I’"))
    return statement + join + (query if keep_case else query[:1].lower() + query[1:])


def _window(desc: str, ent: dict[str, Any], rng: random.Random, aug: Augment) -> tuple[str, str]:
    if rng.random() < aug.no_window:
        return "", ""
    if rng.random() < aug.jitter_window:
        return context_window(desc, ent["start"], ent["end"], rng.randint(8, 48), rng.randint(0, 20))
    return context_window(desc, ent["start"], ent["end"])


def build_example(sample: dict[str, Any], rng: random.Random, aug: Augment,
                  pool: Sequence[dict[str, Any]] = (), prompt_format: str = PROMPT_FORMAT) -> Example:
    if prompt_format not in PROMPT_FORMATS:
        raise ValueError(f"unknown prompt format {prompt_format!r}")
    desc = sample["description"]
    needed = needed_texts(sample)
    query = sample["query"]
    if aug.state_values and rng.random() < aug.state_values and (statement := _statement(sample, rng)):
        # chat users state values beside an ask; whether each is needed is still the ask's call (the labels)
        query = _with_statement(query, statement, rng)
    example = Example(sample["id"], _augment_query(query, rng, aug))
    # what the runtime marks: the kinds the (augmented) question names, after any tag noise
    named = named_kinds(example.query) if prompt_format == PROMPT_FORMAT_NAMED else frozenset()
    needed_tags: set[str] = set()
    for (tag, norm), mentions in _mentions(sample):
        label = int(norm in needed)
        if label:
            needed_tags.add(tag)
        ent = mentions[0] if len(mentions) == 1 or rng.random() >= aug.other_mention else rng.choice(mentions)
        before, after = _window(desc, ent, rng, aug)
        text = ent["text"]
        if rng.random() < aug.lower_value:
            text = text.lower()
        if rng.random() < aug.sibling_tag:
            tag = rng.choice(TYPES_TAGS[TYPE_OF_TAG[tag]])
        example.candidates.append(Candidate(tag, text, before, after, label, tag in named))
    if pool and rng.random() < aug.distractors:
        for _ in range(rng.randint(1, max(1, aug.max_distractors))):
            other = rng.choice(pool)
            if other is sample:
                continue
            groups = [g for g in _mentions(other) if g[0][0] not in needed_tags]
            if not groups:
                continue
            (tag, _norm), mentions = rng.choice(groups)
            before, after = _window(other["description"], mentions[0], rng, aug)
            example.candidates.append(Candidate(tag, mentions[0]["text"], before, after, 0, tag in named))
        rng.shuffle(example.candidates)
    negatives = [c for c in example.candidates if not c.label]
    if aug.max_negatives and len(negatives) > aug.max_negatives:
        keep = {id(c) for c in rng.sample(negatives, aug.max_negatives)}
        example.candidates = [c for c in example.candidates if c.label or id(c) in keep]
    return example


def build_epoch(samples: Sequence[dict[str, Any]], seed: int, epoch: int, aug: Augment | None = None,
                prompt_format: str = PROMPT_FORMAT) -> list[Example]:
    """All samples as examples, shuffled, with this epoch's augmentation draw (deterministic)."""
    aug = aug or Augment()
    rng = random.Random(f"veil-relevance:{seed}:{epoch}")
    order = list(range(len(samples)))
    rng.shuffle(order)
    out = [build_example(samples[i], rng, aug, samples, prompt_format) for i in order]
    return [ex for ex in out if ex.candidates]


def dev_examples(samples: Sequence[dict[str, Any]], prompt_format: str = PROMPT_FORMAT) -> list[Example]:
    """The deployable form with no augmentation (what the engine sends, first-mention windows)."""
    rng = random.Random("veil-relevance:dev")
    return [ex for ex in (build_example(s, rng, Augment.none(), (), prompt_format) for s in samples) if ex.candidates]


def write_jsonl(examples: Iterable[Example], path: str | Path) -> int:
    """Prepared examples as JSONL (prompt text + labels), for inspection or other trainers."""
    n = 0
    with open(path, "w", encoding="utf-8") as fh:
        for ex in examples:
            fh.write(json.dumps({"id": ex.id, "prefix": ex.prefix,
                                 "candidates": [{"suffix": c.suffix, "label": c.label} for c in ex.candidates]},
                                ensure_ascii=False) + "\n")
            n += 1
    return n


def main(argv: list[str] | None = None) -> int:
    import argparse

    p = argparse.ArgumentParser(description="spec JSONL -> prepared relevance examples (JSONL)")
    p.add_argument("inputs", nargs="+")
    p.add_argument("--out", required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--epoch", type=int, default=0)
    p.add_argument("--plain", action="store_true", help="no augmentation (dev form)")
    args = p.parse_args(argv)
    samples = load_samples(args.inputs)
    examples = dev_examples(samples) if args.plain else build_epoch(samples, args.seed, args.epoch)
    n = write_jsonl(examples, args.out)
    pos = sum(c.label for ex in examples for c in ex.candidates)
    tot = sum(len(ex.candidates) for ex in examples)
    print(f"{n} examples, {tot} candidates, {pos} needed ({pos / max(tot, 1):.1%}) -> {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
