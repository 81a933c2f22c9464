"""Finding the passages of a text that reveal a stored secret.

A passage is a sentence or a window of up to `WINDOW` consecutive sentences
(a secret told over two sentences is still told). It reveals a secret when

* lexically, it holds all or most of the secret's core facts (`facts.reveals`), or
* semantically, its MiniLM score reaches the secret's threshold. The score is
  the mean of its cosine to the secret's content and to its core facts joined
  into one line (content alone when a secret has no facts). Window vectors
  are the word-weighted mean of their sentences' vectors, so each sentence is
  embedded once.

Thresholds were chosen on `proxy.guard.calibration` (20 secrets, 40 revealing
paraphrases, 40 same-topic hard negatives, ~1,800 unrelated pairs; run it to
reproduce). On the combined score the paraphrases score 0.56-0.88, hard
negatives 0.20-0.65 and unrelated pairs at most 0.41. A held-out paraphrase
("cut almost a third of the Leeds staff this autumn") scored 0.51, so the
in-sample minimum overstates recall: we take 0.50, where ~1/3 of the hard
negatives (same person, same topic) are withheld too and no unrelated
sentence is. Recall wins ties: a withheld harmless sentence costs some
utility, a missed one leaks. Secrets without core facts use the content
cosine alone, which separates worse (hard negatives reach 0.73): 0.55.

Secret vectors are cached by a digest of the secret's text, so editing or
replacing a secret re-embeds it on the next request and a removed one drops out.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from proxy.guard.embedder import Embedder
from proxy.guard.facts import FactPattern, compile_fact, facts_found, reveals
from proxy.guard.text import Span, sentence_spans, word_count, word_forms
from proxy.secrets.models import Secret

SEMANTIC_THRESHOLD = 0.50  # mean of cos(content) and cos(joined facts)
CONTENT_ONLY_THRESHOLD = 0.55  # secrets without core facts
RELEVANCE_THRESHOLD = 0.50  # a question *about* a secret (cloud minimization), cos(content)
WINDOW = 3
MIN_WORDS = 2  # a one-word sentence ("Thanks!") cannot tell a secret semantically


@dataclass(frozen=True, slots=True)
class Match:
    """Passage `span` of field `field` reveals secret `secret_id` (`how`: "lexical"/"semantic")."""

    secret_id: str
    field: int
    span: Span
    how: str
    score: float


@dataclass(frozen=True)
class IndexedSecret:
    """A secret plus what matching needs; holds plaintext, so it lives in memory only."""

    secret: Secret
    patterns: tuple[FactPattern, ...]
    digest: bytes

    @property
    def id(self) -> str:
        return self.secret.id


def _digest(secret: Secret) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for part in (secret.content, *secret.core_facts):
        h.update(part.encode("utf-8") + b"\x00")
    return h.digest()


def _facts_line(secret: Secret) -> str:
    return "; ".join(secret.core_facts)


class SecretIndex:
    """The store's secrets with their patterns and vectors, refreshed from the store per request."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder
        self._entries: dict[str, IndexedSecret] = {}
        self._vectors: dict[bytes, tuple[np.ndarray, np.ndarray | None]] = {}
        self._lock = threading.RLock()  # requests run in worker threads; a refresh may prune vectors

    def refresh(self, secrets: Iterable[Secret]) -> dict[str, IndexedSecret]:
        """Replace the index with `secrets`; patterns are rebuilt only for changed secrets."""
        with self._lock:
            return self._refresh(secrets)

    def _refresh(self, secrets: Iterable[Secret]) -> dict[str, IndexedSecret]:
        entries: dict[str, IndexedSecret] = {}
        for secret in secrets:
            digest = _digest(secret)
            old = self._entries.get(secret.id)
            if old is not None and old.digest == digest:
                entries[secret.id] = IndexedSecret(secret, old.patterns, digest)  # confidants may change
            else:
                patterns = tuple(p for p in map(compile_fact, secret.core_facts) if p.essential or p.common)
                entries[secret.id] = IndexedSecret(secret, patterns, digest)
        self._entries = entries
        live = {e.digest for e in entries.values()}
        self._vectors = {d: v for d, v in self._vectors.items() if d in live}
        return entries

    def vectors(self, entries: Sequence[IndexedSecret]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Content vectors, fact vectors (content where a secret has none) and per-secret thresholds."""
        with self._lock:
            return self._vectors_of(entries)

    def _vectors_of(self, entries: Sequence[IndexedSecret]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        missing = [e for e in entries if e.digest not in self._vectors]
        if missing:
            texts = [e.secret.content for e in missing] + [_facts_line(e.secret) for e in missing if e.secret.core_facts]
            encoded = self.embedder.encode(texts)
            facts_iter = iter(encoded[len(missing):])
            for e, content in zip(missing, encoded[: len(missing)]):
                facts = next(facts_iter) if e.secret.core_facts else None
                self._vectors[e.digest] = (content, facts)
        content = np.stack([self._vectors[e.digest][0] for e in entries])
        facts = np.stack([
            f if (f := self._vectors[e.digest][1]) is not None else self._vectors[e.digest][0] for e in entries
        ])
        thresholds = np.array([
            SEMANTIC_THRESHOLD if e.secret.core_facts else CONTENT_ONLY_THRESHOLD for e in entries
        ], dtype=np.float32)
        return content, facts, thresholds


@dataclass
class _Field:
    index: int
    text: str
    spans: list[Span]
    words: list[set[str]]
    sizes: list[int]


def find_matches(
    index: SecretIndex,
    texts: Sequence[str],
    candidates: Sequence[IndexedSecret],
    *,
    semantic: bool = True,
    fields: Iterable[int] | None = None,
) -> list[Match]:
    """Every passage of `texts` (only `fields`, when given) that reveals one of `candidates`."""
    if not candidates:
        return []
    wanted = range(len(texts)) if fields is None else fields
    parsed: list[_Field] = []
    for i in wanted:
        spans = sentence_spans(texts[i])
        if spans:
            parsed.append(_Field(i, texts[i], spans, [word_forms(texts[i][s.start:s.end]) for s in spans],
                                 [max(1, word_count(texts[i][s.start:s.end])) for s in spans]))
    matches = _lexical(parsed, candidates)
    if semantic:
        matches += _semantic(index, parsed, candidates)
    return matches


def _windows(n: int) -> Iterable[tuple[int, int]]:
    for size in range(1, WINDOW + 1):
        for start in range(n - size + 1):
            yield start, start + size


def _lexical(parsed: Sequence[_Field], candidates: Sequence[IndexedSecret]) -> list[Match]:
    matches: list[Match] = []
    for f in parsed:
        for entry in candidates:
            if not entry.patterns:
                continue
            covered: set[int] = set()
            for lo, hi in _windows(len(f.spans)):  # smallest windows first
                if covered.intersection(range(lo, hi)):
                    continue  # a window only counts when no part of it reveals the secret alone
                words = set().union(*f.words[lo:hi])
                if reveals(entry.patterns, words):
                    # keep only the sentences that carry facts, not a harmless neighbour
                    keep = [i for i in range(lo, hi) if facts_found(entry.patterns, f.words[i])] or list(range(lo, hi))
                    covered.update(keep)
                    found = facts_found(entry.patterns, words) / len(entry.patterns)
                    matches += [Match(entry.id, f.index, f.spans[i], "lexical", found) for i in keep]
    return matches


def _semantic(index: SecretIndex, parsed: Sequence[_Field], candidates: Sequence[IndexedSecret]) -> list[Match]:
    units = [(f, i) for f in parsed for i, s in enumerate(f.spans) if f.sizes[i] >= MIN_WORDS]
    if not units:
        return []
    vectors = index.embedder.encode([f.text[f.spans[i].start:f.spans[i].end] for f, i in units])
    content, facts, thresholds = index.vectors(candidates)
    by_field: dict[int, dict[int, np.ndarray]] = {}
    for (f, i), v in zip(units, vectors):
        by_field.setdefault(f.index, {})[i] = v
    matches: list[Match] = []
    for f in parsed:
        own = by_field.get(f.index, {})
        windows, rows = [], []
        for lo, hi in _windows(len(f.spans)):
            members = [i for i in range(lo, hi) if i in own]
            if not members or (hi - lo > 1 and len(members) < 2):
                continue
            weights = np.array([f.sizes[i] for i in members], dtype=np.float32)
            v = (np.stack([own[i] for i in members]) * weights[:, None]).sum(axis=0)
            rows.append(v / (np.linalg.norm(v) or 1.0))
            windows.append((lo, hi, members))
        if not rows:
            continue
        w = np.stack(rows)
        scores = 0.5 * (w @ content.T + w @ facts.T)
        hits = np.argwhere(scores >= thresholds[None, :])
        covered: dict[int, set[int]] = {}
        for row, col in hits:  # rows come in window order: single sentences first
            lo, hi, members = windows[row]
            seen = covered.setdefault(int(col), set())
            if seen.intersection(members):
                continue  # a window only counts when no part of it reveals the secret alone
            seen.update(members)
            score = float(scores[row, col])
            matches += [Match(candidates[col].id, f.index, f.spans[i], "semantic", score) for i in members]
    return matches


def relevance(index: SecretIndex, query: str, candidates: Sequence[IndexedSecret]) -> dict[str, float]:
    """How strongly the question `query` is about each candidate (max sentence cosine to its content)."""
    spans = [s for s in sentence_spans(query) if word_count(query[s.start:s.end]) >= MIN_WORDS]
    if not spans or not candidates:
        return {}
    vectors = index.embedder.encode([query[s.start:s.end] for s in spans])
    content, _, _ = index.vectors(candidates)
    best = (vectors @ content.T).max(axis=0)
    return {e.id: float(s) for e, s in zip(candidates, best)}
