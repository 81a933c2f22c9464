"""Spec JSONL (PII-Bench samples) -> GLiNER training examples, with augmentation.

A sample's `description` and its `entities` (char spans, tags) become a list of
segments (plain text or one entity), so every augmentation edits text and
spans together and spans stay exact:

* value swap: an entity's text replaced by another value of the same tag
  seen elsewhere in the training data (names, places, conditions mix freely)
* sentence shuffle and PII-free filler sentences (chat asides, greetings)
* chat style: lower case, dropped sentence-final periods, missing capitals
* typos in ordinary words (swap, drop, double a letter) and, rarely, in entities
* shouting (upper case) and title case

The result is word-tokenized with `split_words` (the same splitter the runtime
uses) into `{"tokenized_text": [...], "ner": [[start_word, end_word, label]],
"ner_labels": [...]}` chunks of at most `max_words` words, cut at sentence
ends. Tags outside the label map are simply not labelled (they are negatives
for this model; the "patterns" detector finds them).
"""

from __future__ import annotations

import json
import random
import re
from collections import defaultdict
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# Words: runs of letters/digits, or any single other non-space character. The
# runtime uses the same splitter, so training and inference see the same words.
WORD_RE = re.compile(r"[^\W_]+|\S")
SENTENCE_END_RE = re.compile(r"(?<=[.!?])\s+(?=\S)|\n+")

FILLER = (
    "Thanks in advance!",
    "Hope that makes sense.",
    "Sorry if this is a dumb question.",
    "Anyway, here is the situation.",
    "lol",
    "ok so",
    "Any help is appreciated.",
    "I have been thinking about this for a while.",
    "Not sure where else to ask.",
    "Let me give you some background.",
    "This is a bit long, sorry.",
    "Quick question for you.",
    "It has been a stressful week.",
    "Please keep the answer short.",
    "I will try to explain.",
    "Long story short, things got complicated.",
    "hey there",
    "Hi!",
    "Thank you so much.",
    "That is basically everything.",
    "Does that help?",
    "I can share more details if needed.",
    "Be honest with me.",
    "We talked about it yesterday.",
    "It is kind of urgent.",
    "Here is what I know so far.",
    "Just to give you context.",
    "fyi",
    "btw",
    "Cheers.",
)


@dataclass(frozen=True, slots=True)
class Segment:
    text: str
    tag: str | None = None  # None: plain text


def load_samples(path: str | Path) -> list[dict[str, Any]]:
    """Spec samples from a JSONL file (or a JSON array file)."""
    raw = Path(path).read_text(encoding="utf-8")
    stripped = raw.lstrip()
    if stripped.startswith("["):
        return list(json.loads(stripped))
    return [json.loads(line) for line in raw.splitlines() if line.strip()]


def sample_segments(sample: dict[str, Any]) -> list[Segment]:
    """The description as segments; overlapping or misplaced gold spans are dropped."""
    text = sample["description"]
    spans = sorted(
        (e for e in sample.get("entities", []) if text[e["start"] : e["end"]] == e["text"]),
        key=lambda e: (e["start"], -e["end"]),
    )
    segments: list[Segment] = []
    pos = 0
    for ent in spans:
        if ent["start"] < pos:
            continue
        if ent["start"] > pos:
            segments.append(Segment(text[pos : ent["start"]]))
        segments.append(Segment(ent["text"], ent["tag"]))
        pos = ent["end"]
    if pos < len(text):
        segments.append(Segment(text[pos:]))
    return segments


def render(segments: Sequence[Segment]) -> tuple[str, list[tuple[int, int, str]]]:
    """Concatenate segments: the text and its (start, end, tag) char spans."""
    parts: list[str] = []
    spans: list[tuple[int, int, str]] = []
    pos = 0
    for seg in segments:
        if seg.tag is not None and seg.text:
            spans.append((pos, pos + len(seg.text), seg.tag))
        parts.append(seg.text)
        pos += len(seg.text)
    return "".join(parts), spans


def split_words(text: str) -> list[tuple[str, int, int]]:
    return [(m.group(), m.start(), m.end()) for m in WORD_RE.finditer(text)]


# ---------------------------------------------------------------- augmentation


def _map_plain(segments: Iterable[Segment], fn) -> list[Segment]:
    return [Segment(fn(s.text), s.tag) if s.tag is None else s for s in segments]


def _map_all(segments: Iterable[Segment], fn) -> list[Segment]:
    return [Segment(fn(s.text), s.tag) for s in segments]


def sentences(segments: Sequence[Segment]) -> list[list[Segment]]:
    """Split at sentence ends that fall in plain text; the separator is dropped."""
    out: list[list[Segment]] = [[]]
    for seg in segments:
        if seg.tag is not None:
            out[-1].append(seg)
            continue
        pos = 0
        for m in SENTENCE_END_RE.finditer(seg.text):
            if m.start() > pos:
                out[-1].append(Segment(seg.text[pos : m.start()]))
            out.append([])
            pos = m.end()
        if pos < len(seg.text):
            out[-1].append(Segment(seg.text[pos:]))
    return [s for s in out if any(x.text.strip() for x in s)]


def join_sentences(sents: Sequence[Sequence[Segment]], sep: str = " ") -> list[Segment]:
    out: list[Segment] = []
    for i, sent in enumerate(sents):
        if i:
            out.append(Segment(sep))
        out.extend(sent)
    return out


def _typo(word: str, rng: random.Random) -> str:
    if len(word) < 4 or not word.isalpha():
        return word
    i = rng.randrange(1, len(word) - 1)
    op = rng.random()
    if op < 0.4:  # swap neighbours
        return word[:i] + word[i + 1] + word[i] + word[i + 2 :]
    if op < 0.7:  # drop
        return word[:i] + word[i + 1 :]
    return word[:i] + word[i] + word[i:]  # double


def _typos(text: str, rng: random.Random, rate: float) -> str:
    return re.sub(r"[A-Za-z]{4,}", lambda m: _typo(m.group(), rng) if rng.random() < rate else m.group(), text)


def _chat_style(segments: list[Segment], rng: random.Random) -> list[Segment]:
    segments = _map_all(segments, str.lower)
    # drop sentence-final periods and some commas in plain text
    segments = _map_plain(segments, lambda t: re.sub(r"\.(?=\s|$)", "", t) if rng.random() < 0.7 else t)
    if rng.random() < 0.3:
        segments = _map_plain(segments, lambda t: re.sub(r"\bI\b", "i", t).replace(",", ""))
    if rng.random() < 0.3:
        segments = _map_plain(
            segments,
            lambda t: t.replace("I am ", "im ").replace("i am ", "im ").replace("you ", "u ").replace(" and ", " & "),
        )
    return segments


class Augmenter:
    """Random, seeded augmentations over segment lists (see module docstring)."""

    def __init__(self, value_bank: dict[str, list[str]], rng: random.Random, strength: float = 1.0,
                 open_bank: dict[str, list[str]] | None = None, open_share: float = 0.7) -> None:
        self.bank = value_bank
        self.open_bank = open_bank or {}
        self.open_share = open_share
        self.rng = rng
        self.p = strength

    def _swap_value(self, tag: str) -> str:
        """A same-tag value: from the open bank (`open_share` of the time, when it has the tag), else the data's."""
        if self.open_bank.get(tag) and (not self.bank.get(tag) or self.rng.random() < self.open_share):
            return self.rng.choice(self.open_bank[tag])
        return self.rng.choice(self.bank[tag])

    def __call__(self, segments: list[Segment]) -> list[Segment]:
        rng, p = self.rng, self.p
        if rng.random() < 0.5 * p:
            segments = [
                Segment(self._swap_value(s.tag), s.tag)
                if s.tag is not None and (self.bank.get(s.tag) or self.open_bank.get(s.tag)) and rng.random() < 0.5
                else s
                for s in segments
            ]
        if rng.random() < 0.3 * p:
            sents = sentences(segments)
            rng.shuffle(sents)
            segments = join_sentences(sents, rng.choice([" ", " ", "\n"]))
        if rng.random() < 0.3 * p:
            sents = sentences(segments)
            for _ in range(rng.randint(1, 3)):
                sents.insert(rng.randint(0, len(sents)), [Segment(rng.choice(FILLER))])
            segments = join_sentences(sents, rng.choice([" ", " ", "\n"]))
        r = rng.random()
        if r < 0.2 * p:
            segments = _chat_style(segments, rng)
        elif r < 0.25 * p:
            segments = _map_all(segments, str.upper)
        elif r < 0.3 * p:
            segments = _map_all(segments, str.title)
        if rng.random() < 0.3 * p:
            rate = rng.uniform(0.02, 0.08)
            segments = _map_plain(segments, lambda t: _typos(t, rng, rate))
        if rng.random() < 0.1 * p:
            segments = [
                Segment(_typos(s.text, rng, 0.3), s.tag) if s.tag is not None and rng.random() < 0.3 else s
                for s in segments
            ]
        return [s for s in segments if s.text]


def value_bank(samples: Iterable[dict[str, Any]], tags: Iterable[str]) -> dict[str, list[str]]:
    wanted = set(tags)
    bank: dict[str, set[str]] = defaultdict(set)
    for sample in samples:
        for ent in sample.get("entities", []):
            if ent["tag"] in wanted:
                bank[ent["tag"]].add(ent["text"])
    return {tag: sorted(values) for tag, values in bank.items()}


# ------------------------------------------------------------ tokenization


def to_examples(
    segments: Sequence[Segment],
    tag_to_label: dict[str, str],
    labels: Sequence[str],
    max_words: int = 200,
    stats: dict[str, int] | None = None,
) -> list[dict[str, Any]]:
    """Word-tokenized GLiNER examples, chunked at sentence ends to <= max_words words."""
    text, spans = render(segments)
    words = split_words(text)
    starts = {s: i for i, (_, s, _) in enumerate(words)}
    ends = {e: i for i, (_, _, e) in enumerate(words)}
    ner: list[tuple[int, int, str]] = []
    for start, end, tag in spans:
        label = tag_to_label.get(tag)
        if label is None:
            continue
        # trim whitespace the augmentations may have left inside the span edges
        while start < end and text[start].isspace():
            start += 1
        while end > start and text[end - 1].isspace():
            end -= 1
        if start in starts and end in ends and starts[start] <= ends[end]:
            ner.append((starts[start], ends[end], label))
        elif stats is not None:
            stats["unaligned"] = stats.get("unaligned", 0) + 1
    if stats is not None:
        stats["entities"] = stats.get("entities", 0) + len(ner)
    # sentence-end word indices (a word that is ., !, ? or the last before a newline)
    cut_after = {i for i, (w, _, e) in enumerate(words) if w in ".!?" or text[e : e + 1] == "\n"}
    examples = []
    begin = 0
    while begin < len(words):
        end = min(begin + max_words, len(words))
        if end < len(words):
            cuts = [i + 1 for i in cut_after if begin + max_words // 3 <= i + 1 <= end]
            if cuts:
                end = max(cuts)
        # never cut through an entity
        for s, e, _ in ner:
            if s < end <= e:
                end = s if s > begin else e + 1
        chunk_ner = [[s - begin, e - begin, lab] for s, e, lab in ner if begin <= s and e < end]
        examples.append({
            "tokenized_text": [w for w, _, _ in words[begin:end]],
            "ner": chunk_ner,
            "ner_labels": list(labels),
        })
        begin = end
    return examples


def build_examples(
    samples: Sequence[dict[str, Any]],
    tag_to_label: dict[str, str],
    *,
    copies: int = 1,
    augment: bool = True,
    augment_prob: float = 0.5,
    seed: int = 0,
    max_words: int = 200,
    shuffle_label_prob: float = 0.2,
    stats: dict[str, int] | None = None,
    open_bank: dict[str, list[str]] | None = None,
    extra: Sequence[list[Segment]] = (),
) -> list[dict[str, Any]]:
    """Every sample `copies` times: the first copy augmented with probability
    `augment_prob` (else as written), the others always augmented. `open_bank`
    adds outside values to the same-tag swaps; `extra` are further texts
    (segment lists, e.g. `open_values.terse_samples`), used once, augmented likewise."""
    rng = random.Random(seed)
    labels = list(dict.fromkeys(tag_to_label.values()))
    augmenter = Augmenter(value_bank(samples, tag_to_label), rng, open_bank=open_bank)
    out: list[dict[str, Any]] = []
    bases = [(sample_segments(sample), copies) for sample in samples] + [(list(e), 1) for e in extra]
    for base, n_copies in bases:
        for copy in range(n_copies):
            wanted = augment and (copy > 0 or rng.random() < augment_prob)
            segments = augmenter(list(base)) if wanted else base
            for ex in to_examples(segments, tag_to_label, labels, max_words=max_words, stats=stats):
                if rng.random() < shuffle_label_prob:
                    shuffled = list(labels)
                    rng.shuffle(shuffled)
                    ex["ner_labels"] = shuffled
                out.append(ex)
    rng.shuffle(out)
    return out


def iter_jsonl(paths: Iterable[str | Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        yield from load_samples(path)


def length_grouped(examples: list[dict[str, Any]], batch_size: int, seed: int, pool: int = 32) -> list[dict[str, Any]]:
    """Reorder so each run of `batch_size` has similar lengths (less padding), batches in random order."""
    rng = random.Random(seed)
    batches: list[list[dict[str, Any]]] = []
    span = batch_size * pool
    for k in range(0, len(examples), span):
        group = sorted(examples[k : k + span], key=lambda e: len(e["tokenized_text"]))
        batches.extend(group[i : i + batch_size] for i in range(0, len(group), batch_size))
    rng.shuffle(batches)
    return [e for b in batches for e in b]
