"""Run a GLiNER span-NER model on CPU: load a checkpoint, window long texts, return char spans.

Sources, in `GlinerRuntime.load(source)`:

* None: the checkpoint shipped in `local_models/weights/veil-gliner-minilm/`
  (trained by `local_models.training.train_gliner`, see docs/models/detector-card.md);
* a local directory holding `gliner_config.json` (any GLiNER checkpoint);
* a Hugging Face hub id such as `urchade/gliner_multi_pii-v1` or
  `nvidia/gliner-PII`, downloaded once with a progress bar into the HF cache.
  With `HF_HUB_OFFLINE=1` (or no network) only the cache is used, and a model
  that is not there raises `GlinerLoadError` saying so.

Every failure to load is a `GlinerLoadError` whose message says what to do;
the proxy turns it into fail-closed (`DetectionUnavailable`).

Long texts are cut into word windows that fit the encoder's length after the
label prompt, with an overlap; an entity is taken from the window where it
has the most context, so nothing past the encoder's limit is missed and
nothing is reported twice. Windows are batched.

This module imports neither proxy nor eval (local_models is the bottom layer).
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import re
import threading
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

# OpenMP worker threads that spin while waiting are ruinous on a shared
# 2-core machine (measured: 2 threads 1,650 ms spinning vs 214 ms passive per
# 1,000-char prompt under load). Only effective before torch is first imported.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

WEIGHTS_DIR = Path(__file__).resolve().parent / "weights"
DEFAULT_MODEL_NAME = "veil-gliner-minilm"
DEFAULT_MODEL_DIR = WEIGHTS_DIR / DEFAULT_MODEL_NAME
LABELS_FILENAME = "veil_labels.json"
CONFIG_FILENAME = "gliner_config.json"

# Words for the Veil checkpoints: runs of letters/digits, or one other
# non-space character (training uses the same splitter).
VEIL_WORD_PATTERN = r"[^\W_]+|\S"
# gliner's own default ("whitespace" splitter), for checkpoints trained elsewhere.
GLINER_WORD_PATTERN = r"\w+(?:[-_]\w+)*|\S"

_HUB_ID_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]*/[A-Za-z0-9][A-Za-z0-9._-]*$")


class GlinerLoadError(RuntimeError):
    """A GLiNER model cannot be loaded; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class SpanPrediction:
    """One predicted entity: char offsets into the analysed text, model label and probability."""

    start: int
    end: int
    label: str
    score: float
    text: str


@dataclass(frozen=True, slots=True)
class Window:
    """Words [begin, end) are encoded; entities starting in [keep_begin, keep_end) are kept."""

    begin: int
    end: int
    keep_begin: int
    keep_end: int


def default_threads() -> int:
    """Threads for inference: at most 2 (more rarely helps a small encoder and hurts neighbours)."""
    env = os.environ.get("VEIL_TORCH_THREADS")
    if env and env.isdigit() and int(env) > 0:
        return int(env)
    return max(1, min(2, os.cpu_count() or 1))


# Longest plausible entity, in whitespace-separated words, per taxonomy tag.
MAX_WORDS: dict[str, int] = {
    "Nickname": 2, "Social Media Handle": 1, "Full Name": 6, "Gender": 3, "Sexual Orientation": 3,
    "Nationality": 4, "Race": 5, "Ethnicity": 5, "Religious Belief": 5, "City/Region": 6,
}
# A sentence end inside a span ("... in 2020. Tianyu") -- but not "St. Mary's" or "Ph.D. thesis".
_SENTENCE_INSIDE = re.compile(r"(?:[a-z]{3,}|\d)[.!?]\s+\S|[!?]\s")


def plausible(tag: str, text: str) -> bool:
    """False for candidates no annotator would mark: across sentences or lines, or too long for the tag.

    (The span head scores a span from its first and last word, so "Tianyu ...
    sentence ... Tianyu" can look like a name; such candidates are dropped
    before the best non-overlapping set is chosen.)
    """
    if "\n" in text and tag != "Street Address":
        return False
    if _SENTENCE_INSIDE.search(text):
        return False
    return len(text.split()) <= MAX_WORDS.get(tag, 12)


def bf16_fast() -> bool:
    """True where bf16 matmuls are native (AMX tiles or AVX512-BF16): there bf16 autocast is ~1.3-2x faster."""
    import torch

    cpu = getattr(torch, "cpu", None)
    for name in ("_is_amx_tile_supported", "_is_avx512_bf16_supported"):
        probe = getattr(cpu, name, None)
        try:
            if probe is not None and probe():
                return True
        except Exception:  # noqa: BLE001 - a probe that fails means "no"
            continue
    return False


def resolve_precision(precision: str | None) -> str:
    """"fp32" or "bf16"; "auto" (default, or VEIL_GLINER_PRECISION) picks bf16 where the CPU has it natively."""
    precision = (precision or os.environ.get("VEIL_GLINER_PRECISION") or "auto").strip().lower()
    if precision not in {"auto", "fp32", "bf16"}:
        raise GlinerLoadError(f"unknown GLiNER precision {precision!r}; use auto, fp32 or bf16")
    if precision == "auto":
        return "bf16" if bf16_fast() else "fp32"
    return precision


def plan_windows(word_costs: Sequence[int], budget: int, overlap: int, max_words: int | None = None) -> list[Window]:
    """Cut words (each costing `word_costs[i]` subword tokens) into windows of <= `budget` tokens.

    Consecutive windows share `overlap` words; the shared stretch is split in
    the middle, so every word is "kept" by exactly one window and an entity
    starting there is read with at least overlap/2 words of context on both
    sides (make overlap/2 >= the model's max span width).
    """
    n = len(word_costs)
    if n == 0:
        return []
    if budget < 1:
        raise ValueError("window budget must be positive")
    spans: list[tuple[int, int]] = []
    begin = 0
    while True:
        end, used = begin, 0
        while end < n and (used + word_costs[end] <= budget or end == begin):
            if max_words is not None and end - begin >= max_words:
                break
            used += word_costs[end]
            end += 1
        spans.append((begin, end))
        if end >= n:
            break
        size = end - begin
        step_overlap = min(overlap, size // 2)  # always advance
        begin = end - step_overlap
    windows: list[Window] = []
    for k, (b, e) in enumerate(spans):
        keep_b = 0 if k == 0 else windows[-1].keep_end
        if k == len(spans) - 1:
            keep_e = n
        else:
            next_b = spans[k + 1][0]
            keep_e = next_b + (e - next_b) // 2
        windows.append(Window(b, e, keep_b, keep_e))
    return windows


def _flat(spans: Iterable[SpanPrediction]) -> list[SpanPrediction]:
    """Best-first greedy non-overlapping subset, by position."""
    kept: list[SpanPrediction] = []
    for s in sorted(spans, key=lambda s: (-s.score, s.start, -(s.end - s.start))):
        if all(s.end <= k.start or k.end <= s.start for k in kept):
            kept.append(s)
    return sorted(kept, key=lambda s: (s.start, s.end))


def _is_hub_id(source: str) -> bool:
    return bool(_HUB_ID_RE.match(source)) and not Path(source).exists()


def _offline() -> bool:
    return os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in {"1", "true", "yes", "on"}


class GlinerRuntime:
    """A loaded GLiNER model plus the label prompts to run it with."""

    def __init__(
        self,
        model: Any,
        labels: Sequence[str],
        *,
        source: str,
        label_to_tag: dict[str, str] | None = None,
        threshold: float = 0.5,
        label_thresholds: dict[str, float] | None = None,
        word_pattern: str = GLINER_WORD_PATTERN,
        batch_size: int = 8,
        overlap_words: int | None = None,
        threads: int | None = None,
        precision: str | None = None,
    ) -> None:
        import torch

        self.model = model
        self.labels = list(labels)
        if not self.labels:
            raise GlinerLoadError(f"no labels to predict for {source}")
        self.source = source
        self.label_to_tag = dict(label_to_tag or {})
        self.threshold = threshold
        self.label_thresholds = dict(label_thresholds or {})
        self.word_re = re.compile(word_pattern)
        self.batch_size = batch_size
        self.threads = threads or default_threads()
        torch.set_num_threads(self.threads)
        self.precision = resolve_precision(precision)
        config = model.config
        self.max_width = int(getattr(config, "max_width", 12))
        self.overlap = overlap_words if overlap_words is not None else max(2 * self.max_width + 2, 24)
        self.max_words = int(getattr(config, "max_len", 384))
        self.tokenizer = model.data_processor.transformer_tokenizer
        self.collator = model.create_collator()
        self.max_tokens = self._encoder_limit()
        self._lock = threading.Lock()
        self._budget_cache: dict[tuple[str, ...], int] = {}
        self.model.eval()

    # ------------------------------------------------------------------ load

    @classmethod
    def load(
        cls,
        source: str | os.PathLike[str] | None = None,
        *,
        threads: int | None = None,
        labels: Sequence[str] | None = None,
        label_to_tag: dict[str, str] | None = None,
        threshold: float | None = None,
        allow_download: bool | None = None,
        progress: bool = True,
        quantize: bool = False,
        precision: str | None = None,
    ) -> GlinerRuntime:
        """Load a checkpoint (see the module docstring for `source`); raise `GlinerLoadError`."""
        import torch

        torch.set_num_threads(threads or default_threads())
        if source is None:
            model_dir = DEFAULT_MODEL_DIR
            if not (model_dir / CONFIG_FILENAME).is_file():
                raise GlinerLoadError(
                    f"the shipped GLiNER checkpoint is missing ({model_dir}); rebuild it with "
                    "`make model-detector` or point the gliner detector at a checkpoint (VEIL_GLINER_MODEL)"
                )
            source_name = str(model_dir)
        else:
            source_name = os.fspath(source)
            path = Path(source_name).expanduser()
            if path.exists():
                model_dir = path
            elif _is_hub_id(source_name):
                model_dir = cls._fetch(source_name, allow_download=allow_download, progress=progress)
            else:
                raise GlinerLoadError(
                    f"GLiNER checkpoint {source_name!r} not found: not a directory, and not a hub id like 'org/name'"
                )
        model = cls._load_dir(model_dir, quantize=quantize)
        meta = cls._read_meta(model_dir)
        mapping = label_to_tag if label_to_tag is not None else meta.get("labels")
        if labels is None:
            labels = list(mapping) if mapping else []
        if not labels:
            raise GlinerLoadError(
                f"{source_name}: the checkpoint has no {LABELS_FILENAME}; pass the labels to predict"
            )
        return cls(
            model,
            labels,
            source=source_name,
            label_to_tag=mapping,
            threshold=threshold if threshold is not None else float(meta.get("threshold", 0.5)),
            label_thresholds=meta.get("label_thresholds"),
            word_pattern=meta.get("word_pattern", GLINER_WORD_PATTERN),
            threads=threads,
            precision="fp32" if quantize else precision,
        )

    @classmethod
    def check(cls, source: str | os.PathLike[str] | None = None) -> str:
        """Cheap readiness check (no torch, no download): a one-line description, or `GlinerLoadError`.

        Verifies the checkpoint directory, its config, labels file and the
        safetensors header, so `veil models` can say why a model is unusable
        without loading it.
        """
        if source is None:
            model_dir = DEFAULT_MODEL_DIR
            if not (model_dir / CONFIG_FILENAME).is_file():
                raise GlinerLoadError(
                    f"the shipped GLiNER checkpoint is missing ({model_dir}); rebuild it with `make model-detector`"
                )
        else:
            name = os.fspath(source)
            model_dir = Path(name).expanduser()
            if not model_dir.exists():
                if not _is_hub_id(name):
                    raise GlinerLoadError(f"GLiNER checkpoint {name!r} not found")
                try:
                    from huggingface_hub import snapshot_download

                    model_dir = Path(snapshot_download(name, local_files_only=True))
                except Exception as exc:  # noqa: BLE001
                    if _offline():
                        raise GlinerLoadError(
                            f"GLiNER model {name!r} is not in the local Hugging Face cache and downloads are off "
                            "(HF_HUB_OFFLINE=1)"
                        ) from exc
                    return f"{name}: not downloaded yet (fetched from the Hugging Face hub on first use)"
        if not (model_dir / CONFIG_FILENAME).is_file():
            raise GlinerLoadError(f"{model_dir} is not a GLiNER checkpoint (no {CONFIG_FILENAME})")
        try:
            json.loads((model_dir / CONFIG_FILENAME).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GlinerLoadError(f"{model_dir / CONFIG_FILENAME} is not valid JSON: {exc}") from exc
        cls._read_meta(model_dir)
        weights = model_dir / "model.safetensors"
        if weights.is_file():
            try:
                with weights.open("rb") as fh:
                    header_len = int.from_bytes(fh.read(8), "little")
                    if not 0 < header_len < 100_000_000:
                        raise ValueError("bad header length")
                    json.loads(fh.read(header_len))
            except (OSError, ValueError) as exc:
                raise GlinerLoadError(f"{weights} is not a readable safetensors file: {exc}") from exc
        elif not (model_dir / "pytorch_model.bin").is_file():
            raise GlinerLoadError(f"{model_dir} has no model weights (model.safetensors or pytorch_model.bin)")
        size = sum(f.stat().st_size for f in model_dir.iterdir() if f.is_file())
        return f"{model_dir} ({size / 1e6:.0f} MB; loads on first use)"

    @staticmethod
    def _read_meta(model_dir: Path) -> dict[str, Any]:
        path = model_dir / LABELS_FILENAME
        if not path.is_file():
            return {}
        try:
            meta = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise GlinerLoadError(f"{path} is not valid JSON: {exc}") from exc
        if not isinstance(meta, dict) or not isinstance(meta.get("labels", {}), dict):
            raise GlinerLoadError(f"{path} must be an object with a 'labels' mapping")
        return meta

    @staticmethod
    def _load_dir(model_dir: Path, *, quantize: bool = False) -> Any:
        if not model_dir.is_dir():
            raise GlinerLoadError(f"GLiNER checkpoint {model_dir} is not a directory")
        if not (model_dir / CONFIG_FILENAME).is_file():
            raise GlinerLoadError(f"{model_dir} is not a GLiNER checkpoint (no {CONFIG_FILENAME})")
        weights = [model_dir / "model.safetensors", model_dir / "pytorch_model.bin"]
        if not any(w.is_file() for w in weights):
            raise GlinerLoadError(f"{model_dir} has no model weights (model.safetensors or pytorch_model.bin)")
        try:
            from gliner import GLiNER
        except ImportError as exc:  # pragma: no cover - gliner is a dependency
            raise GlinerLoadError(f"the gliner package is not installed: {exc}") from exc
        try:
            with _quiet():
                model = GLiNER.from_pretrained(
                    str(model_dir),
                    local_files_only=True,
                    load_tokenizer=True,
                    map_location="cpu",
                    quantize="int8" if quantize else None,
                )
                model.float() if not quantize else None
        except Exception as exc:  # noqa: BLE001 - any failure means "cannot load"
            raise GlinerLoadError(f"cannot load GLiNER checkpoint {model_dir}: {type(exc).__name__}: {exc}") from exc
        model.eval()
        return model

    @staticmethod
    def _fetch(repo_id: str, *, allow_download: bool | None, progress: bool) -> Path:
        """The local snapshot of a hub model: from the cache, or downloaded (with a progress bar)."""
        try:
            from huggingface_hub import snapshot_download
        except ImportError as exc:  # pragma: no cover
            raise GlinerLoadError(f"huggingface_hub is not installed, cannot fetch {repo_id}: {exc}") from exc
        patterns = ["*.json", "*.safetensors", "*.bin", "*.txt", "*.model", "tokenizer*"]
        try:
            return Path(snapshot_download(repo_id, allow_patterns=patterns, local_files_only=True))
        except Exception:  # noqa: BLE001 - not cached: try the network below
            pass
        if allow_download is None:
            allow_download = not _offline()
        if not allow_download:
            raise GlinerLoadError(
                f"GLiNER model {repo_id!r} is not in the local Hugging Face cache and downloads are off "
                "(HF_HUB_OFFLINE=1). Connect to the internet and unset HF_HUB_OFFLINE once to download it, "
                "or use the shipped checkpoint"
            )
        log.warning("downloading GLiNER model %s from the Hugging Face hub (one time)...", repo_id)
        try:
            if not progress:
                from huggingface_hub.utils import disable_progress_bars

                disable_progress_bars()
            return Path(snapshot_download(repo_id, allow_patterns=patterns))
        except Exception as exc:  # noqa: BLE001
            raise GlinerLoadError(
                f"cannot download GLiNER model {repo_id!r} ({type(exc).__name__}: {exc}). "
                "Are you offline? Check the connection and the model id, or use the shipped checkpoint"
            ) from exc

    # -------------------------------------------------------------- windowing

    def _encoder_limit(self) -> int:
        limits = [512]
        tok_max = getattr(self.tokenizer, "model_max_length", None)
        if isinstance(tok_max, int) and 0 < tok_max < 100_000:
            limits.append(tok_max)
        enc = getattr(self.model.config, "encoder_config", None)
        pos = getattr(enc, "max_position_embeddings", None)
        if isinstance(pos, int) and pos > 0:
            limits.append(pos)
        return min(limits)

    def prompt_tokens(self, labels: Sequence[str]) -> int:
        """Subword tokens the label prompt takes (with [CLS]/[SEP])."""
        processor = self.model.data_processor
        prompt_words, _ = processor.prepare_inputs([[]], [list(labels)])
        return len(self.tokenizer(prompt_words[0], is_split_into_words=True)["input_ids"])

    def window_budget(self, labels: Sequence[str]) -> int:
        key = tuple(labels)
        if key not in self._budget_cache:
            self._budget_cache[key] = self.max_tokens - self.prompt_tokens(labels) - 2
        return self._budget_cache[key]

    def split_words(self, text: str) -> list[tuple[str, int, int]]:
        return [(m.group(), m.start(), m.end()) for m in self.word_re.finditer(text)]

    def word_costs(self, words: Sequence[str]) -> list[int]:
        if not words:
            return []
        ids = self.tokenizer(list(words), add_special_tokens=False)["input_ids"]
        return [max(1, len(x)) for x in ids]

    def windows(self, text: str, labels: Sequence[str] | None = None) -> tuple[list[tuple[str, int, int]], list[Window]]:
        words = self.split_words(text)
        costs = self.word_costs([w for w, _, _ in words])
        budget = self.window_budget(labels or self.labels)
        return words, plan_windows(costs, budget, self.overlap, max_words=self.max_words)

    # -------------------------------------------------------------- predict

    def predict(
        self,
        text: str,
        labels: Sequence[str] | None = None,
        threshold: float | None = None,
        span_filter: Callable[[SpanPrediction], bool] | None = None,
    ) -> list[SpanPrediction]:
        return self.predict_many([text], labels=labels, threshold=threshold, span_filter=span_filter)[0]

    def predict_many(
        self,
        texts: Sequence[str],
        labels: Sequence[str] | None = None,
        threshold: float | None = None,
        span_filter: Callable[[SpanPrediction], bool] | None = None,
    ) -> list[list[SpanPrediction]]:
        """Entities per text (flat: no two overlap), windows of all texts batched together.

        Candidates are decoded with nesting allowed, `span_filter` (if given)
        drops implausible ones, then the best-scoring non-overlapping set is
        kept, so a rejected long span never hides the good short one inside it.
        """
        import torch

        labels = list(labels or self.labels)
        base_threshold = self.threshold if threshold is None else threshold
        low = min([base_threshold, *self.label_thresholds.values()]) if threshold is None else base_threshold
        jobs: list[tuple[int, Window, list[tuple[str, int, int]]]] = []
        for i, text in enumerate(texts):
            words, windows = self.windows(text, labels)
            jobs.extend((i, w, words) for w in windows)
        found: list[list[SpanPrediction]] = [[] for _ in texts]
        with self._lock, torch.inference_mode():
            for k in range(0, len(jobs), self.batch_size):
                chunk = jobs[k : k + self.batch_size]
                input_x = [{"tokenized_text": [w for w, _, _ in words[win.begin : win.end]], "ner": None} for _, win, words in chunk]
                with _quiet():
                    batch = self.model.collate_batch(input_x, labels, self.collator)
                    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.precision == "bf16"):
                        output = self.model.run_batch(batch, threshold=low)
                    for key, value in list(output.items()):
                        if isinstance(value, torch.Tensor) and value.dtype == torch.bfloat16:
                            output[key] = value.float()
                    decoded = self.model.decode_batch(output, batch, threshold=low, flat_ner=False, multi_label=False)
                for (i, win, words), spans in zip(chunk, decoded, strict=True):
                    text = texts[i]
                    for span in spans:
                        ws, we = win.begin + span.start, win.begin + span.end
                        if not win.keep_begin <= ws < win.keep_end or we >= win.end:
                            continue
                        score = float(span.score)
                        if threshold is None and score < self.label_thresholds.get(span.entity_type, base_threshold):
                            continue
                        start, end = words[ws][1], words[we][2]
                        pred = SpanPrediction(start, end, span.entity_type, score, text[start:end])
                        if span_filter is None or span_filter(pred):
                            found[i].append(pred)
        return [_flat(spans) for spans in found]

    def warmup(self) -> None:
        self.predict("Warm-up text for the detector.")


@contextlib.contextmanager
def _quiet():
    """Silence gliner/transformers chatter (truncation warnings, deprecations) around a call."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield
