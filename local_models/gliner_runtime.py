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

Backends (`VEIL_GLINER_BACKEND`, or `backend=`):

* `onnx` (the default where onnxruntime is installed): the checkpoint is
  exported once to ONNX, with dynamically quantized int8 weights
  (`VEIL_GLINER_PRECISION=fp32` keeps fp32), into the cache
  (`VEIL_CACHE_DIR` or the user cache dir, `gliner/`), keyed by the weights'
  path, size and mtime, so nothing derived is committed; later loads reuse it.
  For BERT encoders with the `marker` span head the exported graph is a lean
  one (`_lean_export`): the same encoder arithmetic as the plain export
  without its (B, heads, L, L) mask tensors, and span logits from per-word
  label scores; it is checked against the torch model when derived. The
  encoder inputs are built directly from the word tokens and a label prompt
  tokenized once (`_direct_feed`, checked to equal gliner's collator, which
  remains the fallback), and decoded in numpy as gliner decodes (`_decode`),
  so no torch kernel runs per call. Windowing is unchanged. A load that has
  the torch model writes a sidecar next to the export (`_Sidecar`: the
  tokenizer, the few config values the direct inputs need, and gliner's
  inputs for probe texts); once both are cached, `load` imports neither
  torch nor gliner (~0.5 s and ~115 MB RSS instead of ~9 s and ~640 MB),
  after checking that it rebuilds the probes exactly (else, or without a
  sidecar, it loads the torch model as before, which rewrites the sidecar).
  A read-only directory of prebuilt exports (`VEIL_GLINER_PREBUILT`, which
  the desktop bundle sets; `write_prebuilt` makes one) is searched before the
  cache: `<checkpoint dir name>.<precision>.onnx` and its sidecar, whose
  fingerprint hashes the export's content instead of its path and mtime, and
  omits the gliner/transformers versions, so the checkpoint's weights, torch
  and gliner need not be installed (the probes are checked all the same).
  Where torch or gliner is missing and no usable export is found, `load`
  raises `GlinerLoadError` saying why.
* `torch`: the PyTorch model (fp32, or bf16 autocast where the CPU has native
  bf16; `int8` = dynamic quantization of the Linear layers). It is also what
  `auto` falls back to, with a warning, if the export fails.

Both run the span head in an algebraically equal but cheaper form
(`_fast_span_marker`): the output projection of the `marker` head is applied
per word instead of per (word, width) candidate.

This module imports neither proxy nor eval (local_models is the bottom layer).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import logging
import math
import os
import re
import shutil
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


# Words that name what a value is about, not a value: "Gender-wise, he is a man", "a volunteer at Oxfam",
# "Faith-wise, I'm Hindu" (the model read them as a Gender, an Occupation, a Nickname on the DEV family).
NOT_VALUES: dict[str, frozenset[str]] = {
    "Gender": frozenset({"gender", "gender-wise", "sex"}),
    "Occupation": frozenset({"volunteer", "alum", "student", "specialist", "job", "work", "occupation"}),
    "Nickname": frozenset({"faith-wise", "gender-wise", "fyi", "hr", "hiya", "hi", "hey"}),
}
# Not a nickname, capitalized or not (hand-written DEV: "on-call Mon & Tue", "Bay 1: Mr Derek Hollins",
# "Grandpa got work at ASARCO", "- Noted. And Zanele"): weekdays, months, conjunctions, kinship words, bed bays.
# Short forms that are also given names stay possible: Jan, Jun, Dec (Declan), Mar, Sun.
_NOT_NICKNAMES = frozenset(
    "mon tue tues wed weds thu thur thurs fri sat monday tuesday wednesday thursday friday saturday sunday "
    "feb apr aug sept oct nov and but or so then grandpa grandma granny grandad granddad nana mum mom dad "
    "mummy mommy daddy papa mama auntie bay bed room week perfect".split()
)
NOT_VALUES["Nickname"] = NOT_VALUES["Nickname"] | _NOT_NICKNAMES


def plausible(tag: str, text: str) -> bool:
    """False for candidates no annotator would mark: across sentences or lines, too long for the tag, or
    without a letter or digit.

    (The span head scores a span from its first and last word, so "Tianyu ...
    sentence ... Tianyu" can look like a name; such candidates are dropped
    before the best non-overlapping set is chosen.)
    """
    if "\n" in text and tag != "Street Address":
        return False
    if not any(c.isalnum() for c in text) or (len(text.strip()) == 1 and tag != "Gender"):
        return False  # an emoji, a dash, the article "a": only a form's "Sex: F" is one character
    if _SENTENCE_INSIDE.search(text):
        return False
    if text.strip().lower() in NOT_VALUES.get(tag, ()):
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


PRECISIONS = ("auto", "fp32", "bf16", "int8")
BACKENDS = ("auto", "onnx", "torch")
# Bump when the exported graph changes (derived files carry it in their cache key).
ONNX_EXPORT_VERSION = 4  # 3-4: lean attention (_lean_export, _skip_unpadded_mask), per-word span logits
_ONNX_INPUTS = ("input_ids", "attention_mask", "words_mask", "text_lengths", "span_idx", "span_mask")


def _precision_setting(precision: str | None) -> str:
    precision = (precision or os.environ.get("VEIL_GLINER_PRECISION") or "auto").strip().lower()
    if precision not in PRECISIONS:
        raise GlinerLoadError(f"unknown GLiNER precision {precision!r}; use {', '.join(PRECISIONS)}")
    return precision


def resolve_precision(precision: str | None) -> str:
    """Torch precision: "fp32", "bf16" or "int8"; "auto" (default, or VEIL_GLINER_PRECISION) picks bf16 where native."""
    precision = _precision_setting(precision)
    if precision == "auto":
        return "bf16" if bf16_fast() else "fp32"
    return precision


def onnx_available() -> bool:
    """True if onnxruntime and onnx (needed to export and quantize) are importable."""
    return all(importlib.util.find_spec(name) is not None for name in ("onnxruntime", "onnx"))


PREBUILT_ENV = "VEIL_GLINER_PREBUILT"


def prebuilt_dir() -> Path | None:
    """The read-only directory of prebuilt ONNX exports (`VEIL_GLINER_PREBUILT`), or None."""
    value = os.environ.get(PREBUILT_ENV, "").strip()
    return Path(value).expanduser() if value else None


def _onnx_runs() -> bool:
    """True if the onnx backend can run here: onnxruntime, plus onnx to export or a prebuilt exports dir."""
    if importlib.util.find_spec("onnxruntime") is None:
        return False
    return onnx_available() or prebuilt_dir() is not None


def resolve_backend(backend: str | None = None, precision: str | None = None) -> tuple[str, str]:
    """(backend, precision) from the arguments or VEIL_GLINER_BACKEND / VEIL_GLINER_PRECISION.

    `auto` is onnx (int8) where onnxruntime is installed (with onnx, or a
    prebuilt exports dir), else torch; asking for bf16 picks torch, the only
    backend that runs it.
    """
    backend = (backend or os.environ.get("VEIL_GLINER_BACKEND") or "auto").strip().lower()
    if backend not in BACKENDS:
        raise GlinerLoadError(f"unknown GLiNER backend {backend!r}; use {', '.join(BACKENDS)}")
    precision = _precision_setting(precision)
    if backend == "auto":
        backend = "torch" if precision == "bf16" or not _onnx_runs() else "onnx"
    if backend == "onnx":
        if precision == "bf16":
            raise GlinerLoadError("bf16 runs on the torch backend only; use VEIL_GLINER_BACKEND=torch or precision int8/fp32")
        if not _onnx_runs():
            raise GlinerLoadError("the onnx backend needs onnxruntime and onnx (pip install onnxruntime onnx), "
                                  "or use VEIL_GLINER_BACKEND=torch")
        return "onnx", "int8" if precision == "auto" else precision
    return "torch", resolve_precision(precision)


def cache_dir() -> Path:
    """Where derived GLiNER files (ONNX exports) live: $VEIL_CACHE_DIR/gliner or the user cache dir."""
    override = os.environ.get("VEIL_CACHE_DIR")
    if override:
        return Path(override) / "gliner"
    import platformdirs

    return Path(platformdirs.user_cache_dir("veil")) / "gliner"


def _fast_span_marker(self: Any, h: Any, span_idx: Any) -> Any:
    """`SpanMarker.forward`, with the output projection moved before the gather (same result).

    The original computes out_project(relu(cat(start[i], end[j]))) for every
    candidate span (words x max_width rows of 768 -> 384); since relu acts
    elementwise and a Linear on a concatenation is a sum of two Linears, that
    equals relu(start) @ Ws[i] + relu(end) @ We[j] + b, projected once per word.
    """
    import torch

    _, _, dim = h.shape
    weight = self.out_project.weight
    start = torch.relu(self.project_start(h)) @ weight[:, :dim].t()
    end = torch.relu(self.project_end(h)) @ weight[:, dim:].t() + self.out_project.bias
    start = torch.gather(start, 1, span_idx[:, :, 0].unsqueeze(2).expand(-1, -1, dim))
    end = torch.gather(end, 1, span_idx[:, :, 1].unsqueeze(2).expand(-1, -1, dim))
    return (start + end).view(h.size(0), span_idx.size(1) // self.max_width, self.max_width, dim)


def speed_up_span_head(core: Any) -> int:
    """Swap in `_fast_span_marker` on every exact `SpanMarker` of a GLiNER core model; returns how many."""
    import types

    import torch

    try:
        from gliner.modeling.span_rep import SpanMarker
    except ImportError:  # pragma: no cover - another gliner layout: leave the model as it is
        return 0
    count = 0
    for module in core.modules():
        out = getattr(module, "out_project", None)
        # (a quantized Linear's weight is a method: leave such heads as they are)
        if type(module) is SpanMarker and isinstance(getattr(out, "weight", None), torch.Tensor):
            module.forward = types.MethodType(_fast_span_marker, module)
            count += 1
    return count


def _lean_bert_forward(self: Any, input_ids: Any = None, attention_mask: Any = None, *args: Any, **kwargs: Any) -> Any:
    """Export-time `BertModel.forward` (encoder only): the ops torch's SDPA export emits, minus two wastes.

    torch exports `scaled_dot_product_attention` as q*sqrt(s) @ k^T*sqrt(s) +
    mask -> softmax -> Where(IsNaN, 0) -> @ v, with the padding mask built and
    expanded to (B, heads, L, L) in every layer. This emits the same ops in
    the same order on the same values, with the mask built once as
    (B, 1, 1, L) and broadcast by the Add (identical sums), and without the
    NaN guard (a row is NaN only if every key is padding, which a batch row
    never is). onnxruntime then runs the same kernels on the same numbers:
    the encoder output is bit-identical to the plain export, ~25% cheaper.
    """
    import numpy as np
    import torch

    hidden = self.embeddings(input_ids=input_ids)
    batch, length = input_ids.shape
    mask = torch.where(attention_mask[:, None, None, :].bool(), 0.0, float("-inf")).to(hidden.dtype)
    for layer in self.encoder.layer:
        sa = layer.attention.self
        heads, dim = sa.num_attention_heads, sa.attention_head_size
        # the square root of the softmax scale, in float32 as the SDPA export folds it
        root = float(np.sqrt(np.float32(getattr(sa, "scaling", dim**-0.5))))
        q = sa.query(hidden).view(batch, length, heads, dim).transpose(1, 2)
        k = sa.key(hidden).view(batch, length, heads, dim).transpose(1, 2)
        v = sa.value(hidden).view(batch, length, heads, dim).transpose(1, 2)
        weights = torch.softmax(torch.matmul(q * root, k.transpose(-2, -1) * root) + mask, dim=-1)
        context = torch.matmul(weights, v).transpose(1, 2).reshape(batch, length, heads * dim)
        attended = layer.attention.output(context, hidden)
        hidden = layer.output(layer.intermediate(attended), attended)
    return (hidden,)


def _lean_bert(core: Any) -> Any:
    """The core's BERT encoder if `_lean_bert_forward` computes exactly what it does, else None."""
    encoder = getattr(getattr(core, "token_rep_layer", None), "bert_layer", None)
    bert = getattr(encoder, "model", None)
    config = getattr(bert, "config", None)
    if type(bert).__name__ != "BertModel" or config is None:
        return None
    if getattr(getattr(encoder, "config", None), "fuse_layers", False) or getattr(config, "is_decoder", False):
        return None
    if getattr(config, "position_embedding_type", "absolute") != "absolute" or getattr(config, "add_cross_attention", False):
        return None
    if getattr(config, "_attn_implementation", None) not in ("sdpa", "eager"):
        return None
    for layer in getattr(getattr(bert, "encoder", None), "layer", []):
        sa = getattr(getattr(layer, "attention", None), "self", None)
        if type(sa).__name__ != "BertSelfAttention" or getattr(layer, "crossattention", None) is not None:
            return None
        if not all(hasattr(sa, a) for a in ("query", "key", "value", "num_attention_heads", "attention_head_size")):
            return None
        if not all(hasattr(layer, a) for a in ("intermediate", "output")):
            return None
    return bert


@contextlib.contextmanager
def _lean_export(core: Any):
    """While exporting: the BERT encoder runs `_lean_bert_forward` (where it applies). Yields whether it does."""
    import types

    bert = _lean_bert(core)
    if bert is None:
        yield False
        return
    saved = bert.__dict__.get("forward")
    bert.forward = types.MethodType(_lean_bert_forward, bert)
    try:
        yield True
    finally:
        if saved is None:
            del bert.forward
        else:
            bert.forward = saved


def _span_logits_wrapper(core: Any) -> Any:
    """An export wrapper computing the span logits from per-word label scores, or None where it does not apply.

    For the `marker` head (with `_fast_span_marker`'s algebra) a span's
    representation is S[i] + E[j] (start word i, end word j), so its logit
    for label c is S[i].P[c] + E[j].P[c]: scoring words against labels first
    and gathering (words x labels) scores replaces gathering (spans x hidden)
    vectors and the (spans x hidden x labels) einsum. Same inputs and output
    as gliner's wrapper; the logits differ only by float rounding (~1e-5).
    """
    import torch

    try:
        from gliner.modeling.base import UniEncoderSpanModel
        from gliner.modeling.context_encoders import IdentityContextEncoder
        from gliner.modeling.span_rep import SpanMarker
    except ImportError:  # pragma: no cover - another gliner layout
        return None
    layer = getattr(core, "span_rep_layer", None)
    marker = getattr(layer, "span_rep_layer", None)
    if type(core) is not UniEncoderSpanModel or type(marker) is not SpanMarker:
        return None
    if not isinstance(getattr(layer, "context_encoder", None), IdentityContextEncoder):
        return None
    if not isinstance(getattr(marker.out_project, "weight", None), torch.Tensor):
        return None
    max_width = int(core.config.max_width)

    class SpanLogits(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.core = core

        def forward(self, input_ids: Any, attention_mask: Any, words_mask: Any, text_lengths: Any,
                    span_idx: Any, span_mask: Any) -> Any:
            rep = core.get_representations(input_ids, attention_mask, text_lengths, words_mask)
            words, _ = core._fit_length(rep.words_embedding, rep.mask, span_idx.size(1) // max_width)
            prompts = core.prompt_rep_layer(rep.prompts_embedding).transpose(1, 2)  # (B, D, C)
            dim = words.shape[-1]
            weight = marker.out_project.weight
            start = torch.relu(marker.project_start(words)) @ weight[:, :dim].t()
            end = torch.relu(marker.project_end(words)) @ weight[:, dim:].t() + marker.out_project.bias
            start, end = start @ prompts, end @ prompts  # (B, W, C): every word against every label
            idx = span_idx * span_mask.unsqueeze(-1)
            classes = start.shape[-1]
            start = torch.gather(start, 1, idx[:, :, 0].unsqueeze(2).expand(-1, -1, classes))
            end = torch.gather(end, 1, idx[:, :, 1].unsqueeze(2).expand(-1, -1, classes))
            return (start + end).view(words.size(0), span_idx.size(1) // max_width, max_width, classes)

    return SpanLogits()


def _weights_file(model_dir: Path) -> Path:
    for name in ("model.safetensors", "pytorch_model.bin"):
        if (model_dir / name).is_file():
            return model_dir / name
    raise GlinerLoadError(f"{model_dir} has no model weights (model.safetensors or pytorch_model.bin)")


def _package_version(name: str) -> str:
    """An installed distribution's version, read from its metadata (nothing is imported), or "?"."""
    try:
        from importlib.metadata import version

        return version(name)
    except Exception:  # noqa: BLE001 - not installed, odd metadata
        return "?"


def onnx_path(model_dir: str | os.PathLike[str], *, precision: str = "int8",
              cache: str | os.PathLike[str] | None = None) -> tuple[Path, str, str]:
    """Where `derive_onnx` keeps the export of a checkpoint: (file, prefix of this checkpoint dir's exports, legacy prefix).

    Computed without torch or gliner: the key hashes the weights' path, size
    and mtime, the config, the precision, `ONNX_EXPORT_VERSION` and the
    installed gliner version (from its metadata). Raises `GlinerLoadError`.
    """
    if precision not in ("int8", "fp32"):
        raise GlinerLoadError(f"ONNX precision must be int8 or fp32, got {precision!r}")
    model_dir = Path(model_dir)
    weights = _weights_file(model_dir)
    st = weights.stat()
    config = (model_dir / CONFIG_FILENAME).read_bytes() if (model_dir / CONFIG_FILENAME).is_file() else b""
    ident = (f"{weights.resolve()}|{st.st_size}|{st.st_mtime_ns}|{hashlib.sha256(config).hexdigest()}|{precision}"
             f"|v{ONNX_EXPORT_VERSION}|gliner {_package_version('gliner')}")
    key = hashlib.sha256(ident.encode()).hexdigest()[:16]
    out_dir = Path(cache) if cache is not None else cache_dir()
    name = _export_name(model_dir)
    # exports of this checkpoint directory (any weights/version), so a re-export can drop the older ones
    prefix = f"{name}.{precision}.{hashlib.sha256(str(weights.resolve().parent).encode()).hexdigest()[:8]}."
    return out_dir / f"{prefix}{key}.onnx", prefix, f"{name}.{precision}."


def _export_name(model_dir: Path) -> str:
    return re.sub(r"[^A-Za-z0-9._-]+", "_", Path(model_dir).name)[:60] or "gliner"


def prebuilt_path(model_dir: str | os.PathLike[str], precision: str = "int8",
                  prebuilt: str | os.PathLike[str] | None = None) -> Path | None:
    """The prebuilt export of a checkpoint dir in `prebuilt` (default `prebuilt_dir()`) if it exists, else None."""
    folder = Path(prebuilt) if prebuilt is not None else prebuilt_dir()
    if folder is None:
        return None
    path = folder / f"{_export_name(Path(model_dir))}.{precision}.onnx"
    return path if path.is_file() else None


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def write_prebuilt(out_dir: str | os.PathLike[str], model_dir: str | os.PathLike[str] | None = None, *,
                   precision: str = "int8", cache: str | os.PathLike[str] | None = None) -> Path:
    """Put a checkpoint's ONNX export and its sidecar into `out_dir` as a prebuilt export (`prebuilt_path`).

    Build time (e.g. the desktop bundle): `GlinerRuntime.load` (the torch path, `derive_onnx` and the
    sidecar, or their cached copies checked as usual; `VEIL_GLINER_PREBUILT` is ignored meanwhile)
    fills the cache, then both files are copied with the prebuilt fingerprint, and the weights' hash
    (checked at load where the weights are present). Returns the export's path. Raises `GlinerLoadError`.
    """
    model_dir = Path(model_dir) if model_dir is not None else DEFAULT_MODEL_DIR
    saved = os.environ.pop(PREBUILT_ENV, None)
    try:
        GlinerRuntime.load(model_dir, backend="onnx", precision=precision, cache=cache, progress=False)
    finally:
        if saved is not None:
            os.environ[PREBUILT_ENV] = saved
    exported = onnx_path(model_dir, precision=precision, cache=cache)[0]
    sidecar_file = _Sidecar.path_for(exported)
    if not exported.is_file() or _Sidecar.read(sidecar_file, exported, model_dir) is None:
        raise GlinerLoadError(f"{model_dir}: no ONNX export with a sidecar in the cache after loading it "
                              "(this checkpoint needs torch at every load); nothing to prebuild")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    target = out / f"{_export_name(model_dir)}.{precision}.onnx"
    shutil.copyfile(exported, target)
    data = json.loads(sidecar_file.read_text(encoding="utf-8"))
    data["fingerprint"] = _Sidecar.fingerprint(target, model_dir, prebuilt=True)
    data["weights"] = _Sidecar.weights_id(model_dir)
    _Sidecar.path_for(target).write_text(json.dumps(data), encoding="utf-8")
    return target


def derive_onnx(model: Any, model_dir: str | os.PathLike[str], *, precision: str = "int8",
                cache: str | os.PathLike[str] | None = None) -> Path:
    """The ONNX export of a loaded GLiNER span model (`precision` int8: dynamically quantized weights, or fp32).

    Written once into the cache (atomically) and reused: the name carries a
    hash of the weights' path, size and mtime, the config, the precision, the
    gliner version and `ONNX_EXPORT_VERSION`, so a retrained checkpoint gets a
    fresh export. The graph does not depend on the labels (they are inputs).
    Raises `GlinerLoadError`.
    """
    model_dir = Path(model_dir)
    out, prefix, legacy = onnx_path(model_dir, precision=precision, cache=cache)
    out_dir = out.parent
    if out.is_file():
        return out
    import time

    import torch

    started = time.perf_counter()
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise GlinerLoadError(f"cannot create the cache dir for the ONNX export ({out_dir}): {exc}") from exc
    tmp_fp32 = out.with_name(f"{out.stem}.tmp{os.getpid()}-{threading.get_ident()}.fp32.onnx")
    tmp_out = out.with_name(f"{out.stem}.tmp{os.getpid()}-{threading.get_ident()}.onnx")
    try:
        with _quiet(), _quiet_onnx_logs(), torch.inference_mode(False), torch.no_grad():
            core = model.model.eval()
            speed_up_span_head(core)
            spec = model._get_onnx_input_spec()
            if tuple(spec["input_names"]) != _ONNX_INPUTS:
                raise GlinerLoadError(f"{model_dir}: unsupported GLiNER model type for ONNX ({type(model).__name__})")
            # two rows of different lengths: the padded case is exported and checked too
            sample = [{"tokenized_text": ["My", "name", "is", "Maria", "Lopez", "and", "I", "live", "in", "Lyon", "."], "ner": None},
                      {"tokenized_text": ["Hi", "."], "ner": None}]
            batch = model.collate_batch(sample, ["person", "city", "company"], model.create_collator())
            inputs = tuple(batch[n] for n in _ONNX_INPUTS)

            def export(wrapper: Any) -> None:
                torch.onnx.export(wrapper.eval(), inputs, f=str(tmp_fp32), input_names=list(_ONNX_INPUTS),
                                  output_names=spec["output_names"], dynamic_axes=spec["dynamic_axes"],
                                  opset_version=17, dynamo=False)

            lean_head = _span_logits_wrapper(core)
            lean = False
            if lean_head is not None or _lean_bert(core) is not None:
                try:
                    with _lean_export(core) as lean_bert:
                        export(lean_head if lean_head is not None else model._create_onnx_wrapper(core))
                    if lean_bert:
                        _skip_unpadded_mask(tmp_fp32)
                    plain = model._create_onnx_wrapper(core).eval()
                    single = model.collate_batch(sample[:1], ["person", "city", "company"], model.create_collator())
                    cases = [inputs, tuple(single[n] for n in _ONNX_INPUTS)]  # padded and not (both If branches)
                    _check_export(tmp_fp32, [(case, plain(*case).float().numpy()) for case in cases])
                    lean = True
                except Exception as exc:  # noqa: BLE001 - anything unexpected: export gliner's own graph
                    log.warning("GLiNER: lean ONNX export of %s failed (%s: %s); exporting the plain graph",
                                model_dir, type(exc).__name__, exc)
            if not lean:
                export(model._create_onnx_wrapper(core))
            if precision == "int8":
                from onnxruntime.quantization import QuantType, quantize_dynamic

                quantize_dynamic(str(tmp_fp32), str(tmp_out), weight_type=QuantType.QInt8, per_channel=True)
            else:
                os.replace(tmp_fp32, tmp_out)
        os.replace(tmp_out, out)
    except GlinerLoadError:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure means "cannot export"
        raise GlinerLoadError(f"cannot export {model_dir} to ONNX: {type(exc).__name__}: {exc}") from exc
    finally:
        for leftover in (tmp_fp32, tmp_out):
            with contextlib.suppress(OSError):
                leftover.unlink()
    _drop_stale_exports(out, prefix, legacy=legacy)
    log.info("exported %s to %s (%s) in %.1f s", model_dir, out, precision, time.perf_counter() - started)
    return out


def _drop_stale_exports(current: Path, prefix: str, legacy: str | None = None) -> None:
    """Delete older exports of the same checkpoint dir and precision (27-105 MB each; a retrained
    checkpoint or a new export version would otherwise leave them in the cache forever), and
    exports named the pre-session-4 way (`legacy` + key, no directory hash), which nothing reads."""
    stale_names = [re.compile(re.escape(prefix) + r"[0-9a-f]{16}\.(?:onnx|json)")]  # (.json: their sidecars)
    if legacy is not None:
        stale_names.append(re.compile(re.escape(legacy) + r"[0-9a-f]{16}\.onnx"))
    for stale in current.parent.glob("*"):
        if stale.stem != current.stem and any(p.fullmatch(stale.name) for p in stale_names):
            with contextlib.suppress(OSError):
                stale.unlink()


def _skip_unpadded_mask(path: Path) -> int:
    """Rewrite the ONNX file at `path` so that attention adds the padding mask only to padded batches.

    `_lean_bert_forward` adds one (B, 1, 1, L) mask of 0 / -inf to every
    layer's (B, heads, L, L) scores before the softmax. When no row is padded
    (one window: the usual case) the mask is all zeros and the Add changes no
    value, so each Add + Softmax becomes If(mask has no -inf) -> Softmax(scores)
    else Softmax(scores + mask): the same numbers either way, ~5 ms less per
    1,000 characters. Returns how many were rewritten (0: the file is untouched).
    """
    import onnx
    from onnx import TensorProto, helper

    model = onnx.load(str(path))
    graph = model.graph
    producer = {out: node for node in graph.node for out in node.output}
    consumers: dict[str, list[Any]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    pairs: dict[str, list[tuple[Any, Any]]] = {}
    for node in graph.node:
        if node.op_type != "Add" or len(node.input) != 2:
            continue
        after = consumers.get(node.output[0], [])
        scores, mask = node.input
        if len(after) == 1 and after[0].op_type == "Softmax" and getattr(producer.get(scores), "op_type", None) == "MatMul":
            pairs.setdefault(mask, []).append((node, after[0]))
    if len(pairs) != 1 or getattr(producer.get(next(iter(pairs))), "op_type", None) not in ("Where", "Cast"):
        return 0
    ((mask, found),) = pairs.items()
    lowest, cond = f"{mask}__veil_min", f"{mask}__veil_unpadded"
    zero = helper.make_tensor(f"{mask}__veil_zero", TensorProto.FLOAT, [], [0.0])
    graph.initializer.append(zero)
    guard = [helper.make_node("ReduceMin", [mask], [lowest], name=f"{lowest}_node", keepdims=0),
             helper.make_node("Equal", [lowest, zero.name], [cond], name=f"{cond}_node")]
    adds = {id(add): softmax for add, softmax in found}
    softmaxes = {id(softmax) for _, softmax in found}
    rewritten: list[Any] = []
    for node in graph.node:
        if id(node) in softmaxes:
            continue
        softmax = adds.get(id(node))
        if softmax is None:
            rewritten.append(node)
            continue
        rewritten.extend(guard)
        guard = []
        scores, out = node.input[0], softmax.output[0]
        attrs = {a.name: helper.get_attribute_value(a) for a in softmax.attribute}
        then = helper.make_graph(
            [helper.make_node("Softmax", [scores], [f"{out}__then"], **attrs)], f"{node.name}__then", [],
            [helper.make_tensor_value_info(f"{out}__then", TensorProto.FLOAT, None)],
        )
        other = helper.make_graph(
            [helper.make_node("Add", [scores, mask], [f"{out}__sum"]),
             helper.make_node("Softmax", [f"{out}__sum"], [f"{out}__else"], **attrs)], f"{node.name}__else", [],
            [helper.make_tensor_value_info(f"{out}__else", TensorProto.FLOAT, None)],
        )
        rewritten.append(
            helper.make_node("If", [cond], [out], name=f"{node.name}__veil_if", then_branch=then, else_branch=other)
        )
    del graph.node[:]
    graph.node.extend(rewritten)
    onnx.checker.check_model(model)
    onnx.save(model, str(path))
    return len(found)


def _check_export(path: Path, cases: Sequence[tuple[Sequence[Any], Any]]) -> None:
    """Raise unless the fp32 graph at `path` gives, for each (inputs, expected), the torch model's logits `expected`."""
    import numpy as np
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    session = ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    for inputs, expected in cases:
        feed = {name: tensor.numpy() for name, tensor in zip(_ONNX_INPUTS, inputs, strict=True)}
        feed["span_mask"] = feed["span_mask"].astype(np.bool_, copy=False)
        (got,) = session.run(None, feed)
        if got.shape != expected.shape or not np.allclose(got, expected, rtol=1e-3, atol=1e-3):
            worst = float(np.max(np.abs(got - expected))) if got.shape == expected.shape else float("nan")
            raise ValueError(f"exported logits differ from the torch model's (shape {got.shape} vs {expected.shape}, "
                             f"max abs diff {worst:.3g})")


def onnx_session(path: str | os.PathLike[str], threads: int) -> Any:
    """An onnxruntime CPU session: `threads` intra-op threads that sleep rather than spin when idle."""
    try:
        import onnxruntime as ort

        options = ort.SessionOptions()
        options.intra_op_num_threads = threads
        options.inter_op_num_threads = 1
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        # Spinning workers are ruinous on a shared machine (see OMP_WAIT_POLICY above).
        spin = os.environ.get("VEIL_ORT_SPIN", "0").strip().lower() in {"1", "true", "yes", "on"}
        options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spin else "0")
        options.log_severity_level = 3
        session = ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    except Exception as exc:
        raise GlinerLoadError(f"cannot open the ONNX model {path}: {type(exc).__name__}: {exc}") from exc
    names = {i.name for i in session.get_inputs()}
    if names != set(_ONNX_INPUTS):
        raise GlinerLoadError(f"{path} has inputs {sorted(names)}, expected {list(_ONNX_INPUTS)}")
    return session


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


def _ids_by_word(encoder: Any, words: Sequence[str]) -> list[list[int]]:
    """Token ids per word from one pre-tokenized encoding (a fast tokenizer without padding or truncation)."""
    encoding = encoder.encode(list(words), is_pretokenized=True, add_special_tokens=False)
    ids: list[list[int]] = [[] for _ in words]
    for token, word in zip(encoding.ids, encoding.word_ids, strict=True):
        ids[word].append(token)
    return ids


def _onnx_feed(batch: dict[str, Any]) -> dict[str, Any]:
    """The ONNX graph's inputs (numpy) from a batch collated by gliner."""
    import numpy as np

    feed = {name: batch[name].numpy() for name in _ONNX_INPUTS}
    feed["span_mask"] = feed["span_mask"].astype(np.bool_, copy=False)
    return feed


@dataclass(frozen=True, slots=True)
class _Prompt:
    """A label set's constant part of the encoder input: tokens before and after the text's, and the class map."""

    head: tuple[int, ...]  # [CLS] <<ENT>> label ... <<SEP>>
    tail: tuple[int, ...]  # [SEP]
    pad_id: int
    max_length: int  # longer rows are truncated by the tokenizer (left to the collator)
    id_to_classes: dict[int, str]

    @classmethod
    def build(cls, model: Any, tokenizer: Any, labels: Sequence[str]) -> _Prompt:
        """From gliner's processor (prompt words) and the tokenizer (ids), exactly as the collator makes them."""
        from gliner.data_processing.utils import make_mapping

        class_to_id, id_to_class = make_mapping(list(labels))
        (words,), (n_prompt,) = model.data_processor.prepare_inputs([["x"]], class_to_id)
        encoded = tokenizer(words, is_split_into_words=True, truncation=False)
        ids, owners = encoded["input_ids"], encoded.word_ids()
        text_positions = [p for p, w in enumerate(owners) if w is not None and w >= n_prompt]
        if not text_positions or owners[text_positions[0]:text_positions[-1] + 1].count(None):
            raise ValueError("unexpected prompt layout")
        first, last = text_positions[0], text_positions[-1]
        if ids[first:last + 1] != tokenizer(["x"], add_special_tokens=False)["input_ids"][0]:
            raise ValueError("a word's tokens depend on its neighbours")
        max_length = getattr(tokenizer, "model_max_length", None)
        if not isinstance(max_length, int) or not 0 < max_length < 100_000:
            max_length = 512
        pad_id = tokenizer.pad_token_id
        if pad_id is None:
            raise ValueError("the tokenizer has no pad token")
        return cls(tuple(ids[:first]), tuple(ids[last + 1:]), int(pad_id), max_length, dict(id_to_class))

    @classmethod
    def from_encoder(cls, encoder: Any, labels: Sequence[str], *, ent_token: str, sep_token: str, pad_id: int,
                     max_length: int) -> _Prompt:
        """The same prompt without gliner or transformers: gliner's prompt words (`<<ENT>> label ... <<SEP>>`,
        labels de-duplicated in order), tokenized by a `tokenizers.Tokenizer` (see `_Sidecar`)."""
        classes = list(dict.fromkeys(labels))
        words = _prompt_words(classes, ent_token, sep_token)
        n_prompt = len(words)
        encoding = encoder.encode([*words, "x"], is_pretokenized=True, add_special_tokens=True)
        ids, owners = encoding.ids, encoding.word_ids
        text_positions = [p for p, w in enumerate(owners) if w is not None and w >= n_prompt]
        if not text_positions or owners[text_positions[0]:text_positions[-1] + 1].count(None):
            raise ValueError("unexpected prompt layout")
        first, last = text_positions[0], text_positions[-1]
        if ids[first:last + 1] != _ids_by_word(encoder, ["x"])[0]:
            raise ValueError("a word's tokens depend on its neighbours")
        id_to_class = {i: label for i, label in enumerate(classes, start=1)}
        return cls(tuple(ids[:first]), tuple(ids[last + 1:]), int(pad_id), int(max_length), id_to_class)

    def to_json(self) -> dict[str, Any]:
        return {"head": list(self.head), "tail": list(self.tail), "pad_id": self.pad_id, "max_length": self.max_length,
                "id_to_classes": [[k, v] for k, v in self.id_to_classes.items()]}


def _prompt_words(labels: Sequence[str], ent_token: str, sep_token: str, *, dedupe: bool = True) -> list[str]:
    """gliner's label prompt words (its processor's `prepare_inputs`): `<<ENT>> label` per label, then `<<SEP>>`."""
    words: list[str] = []
    for label in dict.fromkeys(labels) if dedupe else labels:
        words.append(ent_token)
        if str(label):  # (gliner: an empty label has no words)
            words.append(str(label))
    words.append(sep_token)
    return words


# Texts and labels whose encoder inputs a `_Sidecar` records (gliner's) and a torch-free load rebuilds.
_PROBE_TEXTS = (
    "Dr. José Ñúñez-O'Brien (@jose_n) paid €1,234.56 at 221B Baker St., London.",
    "東京 ﬁle naïve\u200bword e\u0301 \U0001F642 x_y -- 12:30pm",
    "Hi",
)
_PROBE_LABELS = ("person", "e-mail address", "Straße or city", "NGO (non-profit)")
SIDECAR_FORMAT = 1


@dataclass(frozen=True)
class _Sidecar:
    """What a runtime needs besides the ONNX session, for `GlinerRuntime.load` to skip torch and gliner.

    Written next to the export (same name, `.json`) by a load that has the
    torch model (`GlinerRuntime._write_sidecar`): the exact tokenizer gliner
    uses (as `tokenizers` JSON), the special tokens and config values the
    direct inputs need, and for probe label sets the label prompt and the
    encoder inputs of `_PROBE_TEXTS` as gliner's collator builds them. A
    torch-free load rebuilds the probes and compares (`_sidecar_problem`).
    `fingerprint` ties it to the export file, the checkpoint's non-weight
    files (tokenizer, config) and the gliner/transformers/tokenizers versions.
    """

    tokenizer: str
    ent_token: str
    sep_token: str
    pad_id: int
    max_length: int
    max_width: int
    max_words: int
    max_tokens: int
    probes: tuple[dict[str, Any], ...]  # {"labels", "prompt" (`_Prompt.to_json`), "prompt_tokens", "feed"}

    @staticmethod
    def path_for(exported: Path) -> Path:
        return exported.with_suffix(".json")

    @staticmethod
    def fingerprint(exported: Path, model_dir: Path, *, prebuilt: bool = False) -> str:
        """A cached export: its name, size and mtime, the checkpoint's non-weight files, gliner/transformers/
        tokenizers versions. A prebuilt one (`write_prebuilt`): its content instead of name and mtime, and
        the tokenizers version only (gliner and transformers need not be installed where it runs)."""
        st = exported.stat()
        if prebuilt:
            parts = [f"format {SIDECAR_FORMAT} prebuilt", f"{st.st_size}|{_sha256_file(exported)}"]
        else:
            parts = [f"format {SIDECAR_FORMAT}", f"{exported.name}|{st.st_size}|{st.st_mtime_ns}"]
        for f in sorted(Path(model_dir).iterdir()):
            # (the weights are in the export's key; the labels file is read at each load)
            skip = f.name == LABELS_FILENAME or f.suffix in (".safetensors", ".bin", ".pt", ".onnx")
            if not skip and f.is_file() and f.stat().st_size < 50_000_000:
                parts.append(f"{f.name}|{hashlib.sha256(f.read_bytes()).hexdigest()}")
        packages = ("tokenizers",) if prebuilt else ("gliner", "transformers", "tokenizers")
        parts.extend(f"{name} {_package_version(name)}" for name in packages)
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()

    @staticmethod
    def weights_id(model_dir: Path) -> str | None:
        """Size and sha256 of the checkpoint's weights file, or None where it has none (a bundle ships none)."""
        try:
            weights = _weights_file(Path(model_dir))
        except GlinerLoadError:
            return None
        return f"{weights.stat().st_size}|{_sha256_file(weights)}"

    def to_json(self) -> dict[str, Any]:
        return {"format": SIDECAR_FORMAT, **{k: getattr(self, k) for k in self.__dataclass_fields__}}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> _Sidecar:
        if data.get("format") != SIDECAR_FORMAT:
            raise ValueError(f"format {data.get('format')!r}")
        return cls(
            tokenizer=str(data["tokenizer"]), ent_token=str(data["ent_token"]), sep_token=str(data["sep_token"]),
            pad_id=int(data["pad_id"]), max_length=int(data["max_length"]), max_width=int(data["max_width"]),
            max_words=int(data["max_words"]), max_tokens=int(data["max_tokens"]),
            probes=tuple(dict(p) for p in data["probes"]),
        )

    @classmethod
    def read(cls, path: Path, exported: Path, model_dir: Path, *, prebuilt: bool = False,
             problems: list[str] | None = None) -> _Sidecar | None:
        """The sidecar at `path` if it is readable and fits `exported` and `model_dir`, else None (logged, and
        the reason appended to `problems`). `prebuilt`: a `write_prebuilt` export (its weights, if the
        checkpoint dir has them, must be those it was exported from)."""
        problems = problems if problems is not None else []
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            stale = data.get("fingerprint") != cls.fingerprint(exported, model_dir, prebuilt=prebuilt)
            if not stale and prebuilt and cls.weights_id(model_dir) not in (None, data.get("weights")):
                stale = True
            if stale:
                problems.append(f"the ONNX sidecar {path} does not fit {exported.name}, this checkpoint or "
                                "the installed tokenizers")
                log.info("GLiNER: the ONNX sidecar %s is stale; loading the torch model", path)
                return None
            sidecar = cls.from_json(data)
            if not sidecar.probes:
                raise ValueError("no probes")
            return sidecar
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            problems.append(f"unreadable ONNX sidecar {path} ({type(exc).__name__}: {exc})")
            log.warning("GLiNER: unreadable ONNX sidecar %s (%s: %s); loading the torch model",
                        path, type(exc).__name__, exc)
            return None

    def write(self, path: Path, fingerprint: str) -> None:
        tmp = path.with_name(f"{path.stem}.tmp{os.getpid()}-{threading.get_ident()}.json")
        try:
            tmp.write_text(json.dumps({**self.to_json(), "fingerprint": fingerprint}), encoding="utf-8")
            os.replace(tmp, path)
        finally:
            with contextlib.suppress(OSError):
                tmp.unlink()

    def encoder(self) -> Any:
        """The tokenizer, as a `tokenizers.Tokenizer` without padding or truncation."""
        from tokenizers import Tokenizer

        encoder = Tokenizer.from_str(self.tokenizer)
        encoder.no_padding()
        encoder.no_truncation()
        return encoder

    def prompt_settings(self) -> dict[str, Any]:
        return {"ent_token": self.ent_token, "sep_token": self.sep_token, "pad_id": self.pad_id,
                "max_length": self.max_length}


class _Span:
    """A decoded candidate, with the fields of gliner's `Span` that `predict_many` reads (gliner imports torch)."""

    __slots__ = ("end", "entity_type", "score", "start")

    def __init__(self, start: int, end: int, entity_type: str, score: float) -> None:
        self.start, self.end, self.entity_type, self.score = start, end, entity_type, score


def _greedy_nested(spans: Sequence[_Span]) -> list[_Span]:
    """gliner's `greedy_search(spans, flat_ner=False, multi_label=False)`: best first, nesting allowed, by start."""
    kept: list[_Span] = []
    for span in sorted(spans, key=lambda x: -x.score):
        s, e = span.start, span.end
        for k in kept:
            if (s, e) == (k.start, k.end):
                break
            if not (s > k.end or k.start > e) and not ((s <= k.start and e >= k.end) or (k.start <= s and k.end >= e)):
                break  # overlapping, neither inside the other
        else:
            kept.append(span)
    kept.sort(key=lambda x: x.start)
    return kept


class GlinerRuntime:
    """A loaded GLiNER model plus the label prompts to run it with.

    With an ONNX session the torch model is only needed to build the encoder
    inputs gliner's way; a runtime made from a `_Sidecar` (`model` None: the
    torch-free path of `load`) loads it lazily, on first access to `model`,
    `tokenizer` or `collator` (or for a row the direct inputs cannot build).
    """

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
        session: Any = None,
        sidecar: _Sidecar | None = None,
        model_dir: str | os.PathLike[str] | None = None,
    ) -> None:
        """`model`: a loaded GLiNER; `session`: an onnxruntime session of its export (`derive_onnx`) to run
        instead of the torch model (its tokenizer, collator and decoder are still used). `model` None with a
        `session` and a `sidecar`: the torch-free runtime, `model_dir` being where to load the model from if needed."""
        self._model = model
        self._model_dir = Path(model_dir) if model_dir is not None else None
        self._model_lock = threading.Lock()
        self._collator: Any = None
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
        self.session = session
        self.backend = "onnx" if session is not None else "torch"
        self.sidecar = sidecar
        self._words_encoder: Any = None  # a private copy of the tokenizer for whole word lists (see `word_ids`)
        if model is None:
            if session is None or sidecar is None or self._model_dir is None:
                raise ValueError("a runtime without a model needs an ONNX session, its sidecar and the model dir")
            self.precision = precision if precision in ("int8", "fp32") else "int8"
            self.max_width = sidecar.max_width
            self.max_words = sidecar.max_words
            self.max_tokens = sidecar.max_tokens
            self._words_encoder = sidecar.encoder()
        else:
            import torch

            torch.set_num_threads(self.threads)
            if session is None:
                self.precision = resolve_precision(precision)
                speed_up_span_head(model.model)
            else:
                self.precision = precision if precision in ("int8", "fp32") else "int8"
            config = model.config
            self.max_width = int(getattr(config, "max_width", 12))
            self.max_words = int(getattr(config, "max_len", 384))
            self.max_tokens = self._encoder_limit()
            model.eval()
        self.overlap = overlap_words if overlap_words is not None else max(2 * self.max_width + 2, 24)
        self._lock = threading.Lock()
        self._budget_cache: dict[tuple[str, ...], int] = {}
        # Label prompts for building encoder inputs directly (`_direct_feed`), per label tuple;
        # None where that path does not reproduce gliner's collator (checked on first use).
        self._prompts: dict[tuple[str, ...], _Prompt | None] = {}
        self.direct_inputs = session is not None

    @property
    def model(self) -> Any:
        """The gliner model (loaded now if this runtime was made without it; its weights then stay in ONNX)."""
        if self._model is None:
            with self._model_lock:
                if self._model is None:
                    import torch

                    assert self._model_dir is not None
                    log.info("GLiNER: loading the torch model of %s (the direct ONNX inputs do not cover this call)",
                             self.source)
                    torch.set_num_threads(self.threads)
                    model = self._load_dir(self._model_dir)
                    _release_weights(model)
                    self._model = model
        return self._model

    @property
    def tokenizer(self) -> Any:
        """gliner's (transformers) tokenizer."""
        return self.model.data_processor.transformer_tokenizer

    @property
    def collator(self) -> Any:
        if self._collator is None:
            self._collator = self.model.create_collator()
        return self._collator

    @property
    def torch_free(self) -> bool:
        """True while no torch model is loaded (the runtime was made from a `_Sidecar` and has not needed it)."""
        return self._model is None

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
        backend: str | None = None,
        cache: str | os.PathLike[str] | None = None,
    ) -> GlinerRuntime:
        """Load a checkpoint (see the module docstring for `source`, `backend` and `precision`).

        `quantize=True` is the older spelling of precision "int8". `cache`
        overrides where the ONNX export is kept. Raises `GlinerLoadError`.

        On the onnx backend, once the export and its sidecar (`_Sidecar`) are in
        the cache, neither torch nor gliner is imported: the runtime is the ONNX
        session, the tokenizer and a few config values, checked against the
        sidecar's probes (on a mismatch: the torch path below, with a warning).
        """
        requested = (backend or os.environ.get("VEIL_GLINER_BACKEND") or "auto").strip().lower()
        backend, precision = resolve_backend(backend, "int8" if quantize else precision)
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

        def make(model: Any, session: Any, precision: str, sidecar: _Sidecar | None = None) -> GlinerRuntime:
            meta = cls._read_meta(model_dir)
            mapping = label_to_tag if label_to_tag is not None else meta.get("labels")
            wanted = labels if labels is not None else (list(mapping) if mapping else [])
            if not wanted:
                raise GlinerLoadError(
                    f"{source_name}: the checkpoint has no {LABELS_FILENAME}; pass the labels to predict"
                )
            return cls(
                model,
                wanted,
                source=source_name,
                label_to_tag=mapping,
                threshold=threshold if threshold is not None else float(meta.get("threshold", 0.5)),
                label_thresholds=meta.get("label_thresholds"),
                word_pattern=meta.get("word_pattern", GLINER_WORD_PATTERN),
                threads=threads,
                precision=precision,
                session=session,
                sidecar=sidecar,
                model_dir=model_dir,
            )

        session = None
        problems: list[str] = []
        if backend == "onnx":
            lite = cls._load_torch_free(model_dir, precision, cache, threads, make, problems)
            if lite is not None:
                return lite
        missing = [name for name in ("torch", "gliner") if importlib.util.find_spec(name) is None]
        if missing:  # (the desktop bundle: only a prebuilt export can run; fail with the reason)
            why = "; ".join(problems) or (f"no prebuilt ONNX export of it ({PREBUILT_ENV}: {prebuilt_dir()})"
                                          if backend == "onnx" else "the torch backend needs them")
            raise GlinerLoadError(f"cannot load {source_name}: {' and '.join(missing)} not installed here, "
                                  f"and no usable ONNX export: {why}")
        import torch

        torch.set_num_threads(threads or default_threads())
        if backend == "onnx":
            model = cls._load_dir(model_dir)
            try:
                exported = derive_onnx(model, model_dir, precision=precision, cache=cache)
                session = onnx_session(exported, threads or default_threads())
                _release_weights(model)
            except GlinerLoadError as exc:
                if requested == "onnx":
                    raise
                log.warning("GLiNER: ONNX backend unavailable (%s); running the torch model", exc)
                precision = resolve_precision(None if precision == "int8" else precision)
        else:
            model = cls._load_dir(model_dir, quantize=precision == "int8")
        runtime = make(model, session, precision)
        if session is not None:
            runtime._write_sidecar(exported, model_dir)
        return runtime

    @classmethod
    def _load_torch_free(cls, model_dir: Path, precision: str, cache: str | os.PathLike[str] | None,
                         threads: int | None, make: Callable[..., GlinerRuntime],
                         problems: list[str] | None = None) -> GlinerRuntime | None:
        """The runtime from a prebuilt export (`prebuilt_path`), else the cached one, and its sidecar, without
        torch or gliner; None where they are missing or do not fit this checkpoint and environment (then
        `load` takes the torch path; the reasons are appended to `problems`)."""
        problems = problems if problems is not None else []
        candidates: list[tuple[Path, bool]] = []
        shipped = prebuilt_path(model_dir, precision)
        if shipped is not None:
            candidates.append((shipped, True))
        with contextlib.suppress(GlinerLoadError):  # (no weights: no cached export; the torch path says so)
            candidates.append((onnx_path(model_dir, precision=precision, cache=cache)[0], False))
        for exported, prebuilt in candidates:
            sidecar_file = _Sidecar.path_for(exported)
            if not (exported.is_file() and sidecar_file.is_file()):
                if prebuilt:
                    problems.append(f"the prebuilt export {exported} has no sidecar {sidecar_file.name}")
                continue
            sidecar = _Sidecar.read(sidecar_file, exported, model_dir, prebuilt=prebuilt, problems=problems)
            if sidecar is None:
                continue
            try:
                session = onnx_session(exported, threads or default_threads())
            except GlinerLoadError as exc:
                problems.append(str(exc))
                log.warning("GLiNER: %s; loading the torch model", exc)
                continue
            try:
                runtime = make(None, session, precision, sidecar)
                problem = runtime._sidecar_problem()
            except GlinerLoadError:
                raise  # (the checkpoint's labels file: the torch path would say the same)
            except Exception as exc:  # noqa: BLE001 - a sidecar that cannot be used is a mismatch
                problem = f"{type(exc).__name__}: {exc}"
            if problem is not None:
                problems.append(f"the ONNX sidecar {sidecar_file} does not match this environment ({problem})")
                log.warning("GLiNER: the ONNX sidecar %s does not match this environment (%s); loading the torch "
                            "model", sidecar_file, problem)
                continue
            if prebuilt:
                log.info("GLiNER: using the prebuilt ONNX export %s", exported)
            return runtime
        return None

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
            shipped = prebuilt_path(model_dir, "int8") or prebuilt_path(model_dir, "fp32")
            if shipped is None or importlib.util.find_spec("onnxruntime") is None:
                raise GlinerLoadError(f"{model_dir} has no model weights (model.safetensors or pytorch_model.bin)")
            size = shipped.stat().st_size
            return f"{model_dir} (prebuilt ONNX export {shipped}, {size / 1e6:.0f} MB; loads on first use)"
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

    # -------------------------------------------------------------- sidecar (torch-free loads)

    def _write_sidecar(self, exported: Path, model_dir: Path) -> None:
        """Write the `_Sidecar` of this runtime's export (or delete a stale one where the direct path is off)."""
        target = _Sidecar.path_for(exported)
        try:
            sidecar = self._make_sidecar()
            if sidecar is not None:
                sidecar.write(target, _Sidecar.fingerprint(exported, model_dir))
                return
        except Exception as exc:  # noqa: BLE001 - no sidecar: later loads take the torch path too
            log.info("GLiNER: no ONNX sidecar for %s (%s: %s)", self.source, type(exc).__name__, exc)
        with contextlib.suppress(OSError):
            target.unlink()

    def _make_sidecar(self) -> _Sidecar | None:
        """This runtime's `_Sidecar` (it has the torch model and a session), or None where a torch-free
        runtime would not build the same inputs (checked: one is made from it and compared)."""
        if self._model is None or self.session is None or not self.direct_inputs or self._model_dir is None:
            return None
        rows = [[w for w, _, _ in self.split_words(text)] for text in _PROBE_TEXTS]
        self._fast_word_ids(rows)
        if self._words_encoder is None:
            return None
        processor = self.model.data_processor
        probes = []
        prompt = None
        for labels in (list(self.labels), list(_PROBE_LABELS)):
            prompt = self._prompt(labels)  # gliner's, checked against its collator
            if prompt is None:
                return None
            feed = self._direct_feed(prompt, rows, [self.word_ids(r) for r in rows])
            if feed is None:
                return None
            probes.append({"labels": labels, "prompt": prompt.to_json(), "prompt_tokens": self.prompt_tokens(labels),
                           "feed": {name: feed[name].tolist() for name in _ONNX_INPUTS}})
        assert prompt is not None
        sidecar = _Sidecar(
            tokenizer=self._words_encoder.to_str(), ent_token=str(processor.ent_token),
            sep_token=str(processor.sep_token), pad_id=prompt.pad_id, max_length=prompt.max_length,
            max_width=self.max_width, max_words=self.max_words, max_tokens=self.max_tokens, probes=tuple(probes),
        )
        sidecar = _Sidecar.from_json(json.loads(json.dumps(sidecar.to_json())))  # as it will be read back
        lite = GlinerRuntime(None, self.labels, source=self.source, word_pattern=self.word_re.pattern,
                             threads=self.threads, precision=self.precision, session=self.session, sidecar=sidecar,
                             model_dir=self._model_dir)
        problem = lite._sidecar_problem()
        if problem is not None:
            log.info("GLiNER: %s needs the torch model at every load (%s)", self.source, problem)
            return None
        return sidecar

    def _sidecar_problem(self) -> str | None:
        """None if this torch-free runtime rebuilds its sidecar's probes exactly (prompts, lengths, encoder
        inputs), else what differs."""
        sidecar = self.sidecar
        if sidecar is None or self._words_encoder is None:
            return "no sidecar"
        rows = [[w for w, _, _ in self.split_words(text)] for text in _PROBE_TEXTS]
        for probe in sidecar.probes:
            labels = list(probe["labels"])
            try:
                prompt = _Prompt.from_encoder(self._words_encoder, labels, **sidecar.prompt_settings())
            except Exception as exc:  # noqa: BLE001 - a prompt that cannot be built is a mismatch
                return f"label prompt: {type(exc).__name__}: {exc}"
            if prompt.to_json() != probe["prompt"]:
                return f"the label prompt of {labels} differs"
            if self.prompt_tokens(labels) != probe["prompt_tokens"]:
                return f"the label prompt length of {labels} differs"
            feed = self._direct_feed(prompt, rows, [self.word_ids(r) for r in rows])
            if feed is None or any(feed[name].tolist() != probe["feed"][name] for name in _ONNX_INPUTS):
                return f"the encoder inputs of the probe texts with labels {labels} differ"
        return None

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
        if self._model is None:  # torch-free: gliner's prompt words, by the sidecar's tokenizer
            words = _prompt_words(labels, self.sidecar.ent_token, self.sidecar.sep_token, dedupe=False)
            return len(self._words_encoder.encode(words, is_pretokenized=True, add_special_tokens=True).ids)
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

    def word_ids(self, words: Sequence[str]) -> list[list[int]]:
        """Each word's subword token ids (no special tokens), as the tokenizer gives them for the word alone."""
        if not words:
            return []
        if self._words_encoder is not None:
            return _ids_by_word(self._words_encoder, words)
        return self.tokenizer(list(words), add_special_tokens=False)["input_ids"]

    def _fast_word_ids(self, probes: Sequence[Sequence[str]]) -> None:
        """Encode word lists in one call (`_ids_by_word`) from now on, if that gives the per-word ids on `probes`."""
        if self._words_encoder is not None:
            return
        try:
            from tokenizers import Tokenizer

            encoder = Tokenizer.from_str(self.tokenizer.backend_tokenizer.to_str())
            encoder.no_padding()
            encoder.no_truncation()
            if all(_ids_by_word(encoder, words) == self.word_ids(words) for words in probes):
                self._words_encoder = encoder
        except Exception as exc:  # noqa: BLE001 - a slow tokenizer, another layout: keep the per-word calls
            log.debug("GLiNER: word lists are tokenized word by word (%s)", exc)

    def word_costs(self, words: Sequence[str]) -> list[int]:
        return [max(1, len(x)) for x in self.word_ids(words)]

    def windows(self, text: str, labels: Sequence[str] | None = None) -> tuple[list[tuple[str, int, int]], list[Window]]:
        words, _, windows = self._plan(text, labels or self.labels)
        return words, windows

    def _plan(self, text: str, labels: Sequence[str]) -> tuple[list[tuple[str, int, int]], list[list[int]], list[Window]]:
        """Words (text, start, end), their token ids, and the windows to encode."""
        words = self.split_words(text)
        ids = self.word_ids([w for w, _, _ in words])
        costs = [max(1, len(x)) for x in ids]
        budget = self.window_budget(labels)
        return words, ids, plan_windows(costs, budget, self.overlap, max_words=self.max_words)

    # -------------------------------------------------------------- direct inputs

    def _prompt(self, labels: Sequence[str]) -> _Prompt | None:
        """The label prompt's token ids for `_direct_feed`, or None if that path is off for these labels.

        Built once per label set from gliner's own processor and tokenizer,
        then checked: direct inputs for a few probe texts must equal the
        collator's exactly, or the collator is used for these labels.
        """
        key = tuple(labels)
        if key in self._prompts:
            return self._prompts[key]
        prompt = None
        if self.direct_inputs and self._model is None:  # torch-free: checked against the sidecar at load
            try:
                prompt = _Prompt.from_encoder(self._words_encoder, labels, **self.sidecar.prompt_settings())
            except Exception as exc:  # noqa: BLE001 - any surprise: use the collator
                log.info("GLiNER: direct inputs unavailable (%s: %s); using the collator", type(exc).__name__, exc)
        elif self.direct_inputs and type(self.model.decoder).__name__ == "SpanDecoder":  # what `_decode` reproduces
            try:
                prompt = _Prompt.build(self.model, self.tokenizer, labels)
                if not self._direct_matches_collator(prompt, labels):
                    log.info("GLiNER: direct inputs differ from gliner's collator for %s; using the collator", self.source)
                    prompt = None
            except Exception as exc:  # noqa: BLE001 - any surprise: use the collator
                log.info("GLiNER: direct inputs unavailable (%s: %s); using the collator", type(exc).__name__, exc)
                prompt = None
        self._prompts[key] = prompt
        return prompt

    def _direct_matches_collator(self, prompt: _Prompt, labels: Sequence[str]) -> bool:
        import numpy as np

        rows = [[w for w, _, _ in self.split_words(text)] for text in _PROBE_TEXTS]
        self._fast_word_ids(rows)
        feed = self._direct_feed(prompt, rows, [self.word_ids(r) for r in rows])
        if feed is None:
            return False
        with _quiet():
            batch = self.model.collate_batch([{"tokenized_text": r, "ner": None} for r in rows], list(labels), self.collator)
        want = _onnx_feed(batch)
        return all(feed[k].shape == want[k].shape and np.array_equal(feed[k], want[k]) for k in _ONNX_INPUTS)

    def _direct_feed(
        self, prompt: _Prompt, rows: Sequence[Sequence[str]], row_ids: Sequence[Sequence[Sequence[int]]]
    ) -> dict[str, Any] | None:
        """The encoder inputs gliner's collator would build for these word rows (numpy), or None where it would truncate.

        Per row: [CLS] + label prompt + each word's tokens + [SEP]; a word's
        first token carries its 1-based rank among the words that have tokens
        (gliner's `prepare_word_mask`); spans are (i, i + k) for every word i
        and width k < max_width, valid while inside the row. Rows are padded.
        """
        import numpy as np

        width = self.max_width
        sequences: list[list[int]] = []
        marks: list[list[int]] = []
        if not all(rows):
            return None  # gliner stands a "[PAD]" word in for an empty row; never the case for a window
        for ids in row_ids:
            seq = list(prompt.head)
            mark = [0] * len(seq)
            rank = 0
            for word in ids:
                if word:
                    rank += 1
                    seq.extend(word)
                    mark.append(rank)
                    mark.extend([0] * (len(word) - 1))
            seq.extend(prompt.tail)
            mark.extend([0] * len(prompt.tail))
            if len(seq) > prompt.max_length:
                return None  # the tokenizer would truncate: leave it to the collator
            sequences.append(seq)
            marks.append(mark)
        n_rows = len(rows)
        length = max(len(x) for x in sequences)
        input_ids = np.full((n_rows, length), prompt.pad_id, dtype=np.int64)
        attention = np.zeros((n_rows, length), dtype=np.int64)
        words_mask = np.zeros((n_rows, length), dtype=np.int64)
        for r, (seq, mark) in enumerate(zip(sequences, marks, strict=True)):
            input_ids[r, : len(seq)] = seq
            attention[r, : len(seq)] = 1
            words_mask[r, : len(mark)] = mark
        counts = [max(1, len(row)) for row in rows]
        most = max(counts)
        starts = np.repeat(np.arange(most, dtype=np.int64), width)
        ends = starts + np.tile(np.arange(width, dtype=np.int64), most)
        span_idx = np.zeros((n_rows, most * width, 2), dtype=np.int64)
        span_mask = np.zeros((n_rows, most * width), dtype=np.bool_)
        for r, count in enumerate(counts):
            n = count * width
            span_idx[r, :n, 0] = starts[:n]
            span_idx[r, :n, 1] = ends[:n]
            span_mask[r, :n] = ends[:n] < count
        return {
            "input_ids": input_ids,
            "attention_mask": attention,
            "words_mask": words_mask,
            "text_lengths": np.asarray(counts, dtype=np.int64).reshape(n_rows, 1),
            "span_idx": span_idx,
            "span_mask": span_mask,
        }

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
        labels = list(labels or self.labels)
        base_threshold = self.threshold if threshold is None else threshold
        low = min([base_threshold, *self.label_thresholds.values()]) if threshold is None else base_threshold
        found: list[list[SpanPrediction]] = [[] for _ in texts]
        # (the tokenizer keeps padding/truncation state between calls: one caller at a time)
        with self._lock:
            prompt = self._prompt(labels) if self.session is not None else None
            jobs: list[tuple[int, Window, list[tuple[str, int, int]], list[list[int]]]] = []
            for i, text in enumerate(texts):
                words, ids, windows = self._plan(text, labels)
                jobs.extend((i, w, words, ids) for w in windows)
            for k in range(0, len(jobs), self.batch_size):
                chunk = jobs[k : k + self.batch_size]
                rows = [[w for w, _, _ in words[win.begin : win.end]] for _, win, words, _ in chunk]
                feed = None
                if prompt is not None:
                    feed = self._direct_feed(prompt, rows, [ids[win.begin : win.end] for _, win, _, ids in chunk])
                if feed is not None:
                    (logits,) = self.session.run(None, feed)
                    decoded = self._decode(logits, rows, prompt.id_to_classes, low)
                else:
                    import torch

                    with _quiet(), torch.inference_mode():
                        input_x = [{"tokenized_text": row, "ner": None} for row in rows]
                        batch = self.model.collate_batch(input_x, labels, self.collator)
                        if self.session is not None:
                            output = self._run_onnx(batch)
                        else:
                            with torch.autocast("cpu", dtype=torch.bfloat16, enabled=self.precision == "bf16"):
                                output = self.model.run_batch(batch, threshold=low)
                            for key, value in list(output.items()):
                                if isinstance(value, torch.Tensor) and value.dtype == torch.bfloat16:
                                    output[key] = value.float()
                        decoded = self.model.decode_batch(output, batch, threshold=low, flat_ner=False, multi_label=False)
                for (i, win, words, _), spans in zip(chunk, decoded, strict=True):
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

    def _decode(
        self, logits: Any, rows: Sequence[Sequence[str]], id_to_classes: dict[int, str], threshold: float
    ) -> list[list[Any]]:
        """gliner's span decoding (nested allowed, one label per span), in numpy: no torch op per call.

        Same candidates (probability above `threshold`, inside the row), in the
        same order, then gliner's greedy search (`_greedy_nested`). Only logits within reach
        of the threshold go through the sigmoid; under load torch's threaded
        kernels over all (words x widths x labels) cost tens of ms.
        """
        import numpy as np

        t = float(threshold)
        cut = -np.inf if t <= 0 else np.inf if t >= 1 else math.log(t / (1 - t)) - 1e-3
        above = np.float32(t)
        one = np.float32(1)
        decoded = []
        for b, row in enumerate(rows):
            scores = logits[b]
            s, k, c = np.nonzero(scores > cut)
            inside = s + k < len(row)
            s, k, c = s[inside], k[inside], c[inside]
            probs = one / (one + np.exp(-scores[s, k, c]))
            sure = probs > above
            found = zip(s[sure].tolist(), k[sure].tolist(), c[sure].tolist(), probs[sure].tolist(), strict=True)
            decoded.append(_greedy_nested([_Span(i, i + w, id_to_classes[j + 1], p) for i, w, j, p in found]))
        return decoded

    def _run_onnx(self, batch: dict[str, Any]) -> Any:
        """The model's logits for a collated batch, from the onnxruntime session."""
        import torch
        from gliner.modeling.outputs import GLiNERBaseOutput

        (logits,) = self.session.run(None, _onnx_feed(batch))
        return GLiNERBaseOutput(logits=torch.from_numpy(logits))

    def warmup(self) -> None:
        self.predict("Warm-up text for the detector.")


@contextlib.contextmanager
def _quiet():
    """Silence gliner/transformers chatter (truncation warnings, deprecations) around a call."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _release_weights(model: Any) -> None:
    """Free the torch weights of a model whose forward pass runs in onnxruntime (~90 MB for MiniLM).

    Its tokenizer, collator and decoder, which the ONNX path still uses, hold no weights.
    """
    import torch

    for tensor in [*model.model.parameters(), *model.model.buffers()]:
        tensor.data = torch.empty(0, dtype=tensor.dtype)


class _DropOnnxRecords(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return "onnx" not in record.pathname


@contextlib.contextmanager
def _quiet_onnx_logs():
    """onnxruntime.quantization warns on the root logger for every tensor it cannot type; drop those."""
    root = logging.getLogger()
    dropper = _DropOnnxRecords()
    root.addFilter(dropper)
    try:
        yield
    finally:
        root.removeFilter(dropper)
