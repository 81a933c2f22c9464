"""llama.cpp scoring for the query-relevance stage: yes/no margins over a shared prefix.

The relevance judge asks one question per PII candidate ("does this question
need this detail?"). All candidates share the same prefix (the question), so it
is evaluated once and each candidate only adds a short suffix. Everything goes
into ONE `llama_decode` (each call has a fixed cost of ~13 ms here):

* the prefix tokens belong to all KV-cache sequences 0..k-1 at once
  (`n_seq_id = k`; a unified KV cache stores each such cell once);
* candidate i's suffix tokens follow in sequence i, so the suffixes see the
  prefix but never each other;
* the score of candidate i is logit(" yes") - logit(" no") at its last token.

When the candidates do not fit one batch (more than `n_seq_max`, or the KV
cache is full), the first decode puts the prefix into every sequence any later
group will use; each later group drops the previous suffixes (`seq_rm` from the
prefix length on) and decodes only its own suffixes. The margins are
bit-identical to the earlier form that decoded the prefix into sequence 0 alone
and shared it with `llama_memory_seq_cp` (one more decode: 2-6% more CPU).

Measured on this project's 2-core box against the two alternatives llama.cpp
offers (one suffix at a time with `seq_rm` truncation, and `save_state` /
`load_state`), the one-batch multi-sequence form used the least CPU; see
docs/models/relevance-card.md. Flash attention (`flash_attn=True`, the default)
cut another ~8% of CPU; it moves margins by up to ~0.1 (F16 attention
arithmetic), 1-2 decisions in 3,400 on the dev set.

The prompt format lives here (not in `proxy`) because training
(`local_models.training.relevance`) must build byte-identical prompts.

Base weights: the bundled SmolLM2-135M-Instruct GGUF is Q4_1, a type that
neither llama.cpp's tinyBLAS GEMM nor (with AMX repacking off, see
`llama_compat`) its repacked kernels handle, so prompt processing runs on the
slow per-row dot path. `derive_base` writes a dequantized F16/BF16/F32 copy
(optionally truncated to the first N transformer blocks, optionally with a LoRA
merged in) into Veil's cache once; it is lossless w.r.t. the Q4_1 weights and
about 3x faster per token here. F32 ran ~15% faster than F16 (and BF16) on this
AVX-512 box, so the bundled judge (and training) use it (`BASE_PRECISION`).
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import logging
import math
import os
import re
import struct
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from local_models.llama_compat import (
    available_cpus,
    cpu_backend_has_amx,
    gpu_offload_available,
    import_llama_cpp,
    model_params,
)
from local_models.registry import InvalidModelFileError, check_gguf

log = logging.getLogger(__name__)

PROMPT_FORMAT = "veil-relevance-v1"
# v2: as v1, and a candidate whose kind the request names (`relevance_kinds.named_kinds`) is marked
# `<Tag>*:`; the mark costs no token ("*:" is one token where ":" was). An adapter says which it was trained for.
PROMPT_FORMAT_NAMED = "veil-relevance-v2"
PROMPT_FORMATS = (PROMPT_FORMAT, PROMPT_FORMAT_NAMED)
YES_TEXT = " yes"
NO_TEXT = " no"
DEFAULT_THRESHOLD = 0.0  # on the yes-no logit margin; adapters carry a dev-tuned value
# Context around each candidate. Training jitters it (8-48 chars before, 0-20 after); at run time
# 14/4 scored the same dev F1 as 32/12 (0.902 vs 0.901, DEV family, gold candidates) with ~35%
# less CPU per request (435 vs 676 ms for 15 candidates), since cost is linear in tokens.
WINDOW_BEFORE = 14
WINDOW_AFTER = 4
MAX_QUESTION_CHARS = 600
MAX_CANDIDATE_CHARS = 24

# The derived base's weights: F32 rather than F16 costs ~15% less CPU per request on the 2-core AVX-512
# box (bench prompt, 60-80 interleaved calls, 3 runs: 308-320 vs 357-372 ms; BF16 383 ms), margins
# within 0.05; the cached file is larger (145 vs 89 MB for the 8-block judge). Training derives the same.
BASE_PRECISION = "f32"

_CTX_PATCH_LOCK = threading.Lock()


class RelevanceModelError(RuntimeError):
    """The relevance model cannot be used; the message says why and what to do."""


# --------------------------------------------------------------------------- prompt format


def _clean(text: str) -> str:
    return " ".join(text.split())


def _squash(text: str) -> str:
    """Whitespace runs (newlines included) to one space, keeping a leading/trailing one."""
    return re.sub(r"\s+", " ", text)


def format_prefix(question: str) -> str:
    """The shared prefix: the user's question (whitespace-normalised, capped)."""
    q = _clean(question)
    if len(q) > MAX_QUESTION_CHARS:
        q = q[-MAX_QUESTION_CHARS:]  # the ask is usually at the end
    return f"Question: {q}\n"


def format_candidate(tag: str, text: str, before: str = "", after: str = "", named: bool = False) -> str:
    """One candidate's suffix; the model answers " yes" / " no" right after it. `named` (format v2 only):
    the request names this kind of detail."""
    mark = "*" if named else ""
    return f"{tag}{mark}: {_squash(before).lstrip()}[{short_value(text)}]{_squash(after).rstrip()} ->"


def short_value(text: str) -> str:
    """The candidate's value, capped: long digit runs cost one token per digit and say little."""
    value = _clean(text)
    if sum(c.isdigit() for c in value) > 6:
        return value[:6] + "…"
    return value if len(value) <= MAX_CANDIDATE_CHARS else value[:MAX_CANDIDATE_CHARS] + "…"


def context_window(source: str, start: int, end: int,
                   before: int = WINDOW_BEFORE, after: int = WINDOW_AFTER) -> tuple[str, str]:
    """Up to `before`/`after` characters around source[start:end], cut at word boundaries."""
    left = source[max(0, start - before):start]
    if start - before > 0 and " " in left:
        left = left[left.index(" ") + 1:]
    right = source[end:end + after]
    if end + after < len(source) and " " in right:
        right = right[:right.rindex(" ")]
    return left, right


# --------------------------------------------------------------------------- base derivation


def _cache_dir() -> Path:
    override = os.environ.get("VEIL_CACHE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_cache_dir("veil"))


_GGUF_SCALAR = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<?", 10: "<Q", 11: "<q", 12: "<d"}
_GGML_F32, _GGML_F16, _GGML_Q4_0, _GGML_Q4_1, _GGML_Q8_0, _GGML_BF16 = 0, 1, 2, 3, 8, 30
# type -> (values per block, bytes per block)
_GGML_BLOCK = {_GGML_F32: (1, 4), _GGML_F16: (1, 2), _GGML_Q4_0: (32, 18), _GGML_Q4_1: (32, 20), _GGML_Q8_0: (32, 34),
               _GGML_BF16: (1, 2)}
_PRECISIONS = {"f16": (_GGML_F16, 1), "f32": (_GGML_F32, 0), "bf16": (_GGML_BF16, 32)}  # ggml type, file_type
SOURCE_PRECISION = "source"  # every tensor in its source type: only the blocks are cut (a small copy to train on)


@dataclass
class _Tensor:
    name: str
    dims: tuple[int, ...]  # ggml order (ne0 first)
    type: int
    offset: int

    @property
    def n_values(self) -> int:
        return math.prod(self.dims)

    @property
    def n_bytes(self) -> int:
        per, size = _GGML_BLOCK[self.type]
        return self.n_values // per * size


@dataclass
class _Gguf:
    """A GGUF file's header, parsed without the gguf package: raw KV records and tensor infos."""

    version: int
    kv: list[tuple[str, int, bytes]]  # key, value type, raw value bytes
    tensors: list[_Tensor]
    data_start: int
    alignment: int

    def value(self, key: str) -> Any:
        for k, vtype, raw in self.kv:
            if k == key:
                if vtype == 8:
                    return raw[8:].decode("utf-8", "replace")
                if vtype in _GGUF_SCALAR:
                    return struct.unpack(_GGUF_SCALAR[vtype], raw)[0]
                return raw
        return None


def _read_gguf(path: Path) -> _Gguf:
    with open(path, "rb") as fh:
        data = fh.read(64 << 20)  # header + KV + tensor infos are far smaller than this
    if data[:4] != b"GGUF":
        raise InvalidModelFileError(f"{path} is not a GGUF file")
    version, n_tensors, n_kv = struct.unpack_from("<IQQ", data, 4)
    off = 24

    def skip_value(vtype: int, at: int) -> int:
        if vtype in _GGUF_SCALAR:
            return at + struct.calcsize(_GGUF_SCALAR[vtype])
        if vtype == 8:
            (n,) = struct.unpack_from("<Q", data, at)
            return at + 8 + n
        if vtype == 9:
            itype, count = struct.unpack_from("<IQ", data, at)
            at += 12
            if itype in _GGUF_SCALAR:
                return at + struct.calcsize(_GGUF_SCALAR[itype]) * count
            for _ in range(count):
                at = skip_value(itype, at)
            return at
        raise InvalidModelFileError(f"{path}: unknown GGUF value type {vtype}")

    kv: list[tuple[str, int, bytes]] = []
    for _ in range(n_kv):
        (n,) = struct.unpack_from("<Q", data, off)
        key = data[off + 8:off + 8 + n].decode("utf-8")
        off += 8 + n
        (vtype,) = struct.unpack_from("<I", data, off)
        off += 4
        end = skip_value(vtype, off)
        kv.append((key, vtype, data[off:end]))
        off = end
    tensors: list[_Tensor] = []
    for _ in range(n_tensors):
        (n,) = struct.unpack_from("<Q", data, off)
        name = data[off + 8:off + 8 + n].decode("utf-8")
        off += 8 + n
        (n_dims,) = struct.unpack_from("<I", data, off)
        dims = struct.unpack_from(f"<{n_dims}Q", data, off + 4)
        off += 4 + 8 * n_dims
        ttype, t_off = struct.unpack_from("<IQ", data, off)
        off += 12
        tensors.append(_Tensor(name, tuple(dims), ttype, t_off))
    g = _Gguf(version, kv, tensors, 0, 32)
    g.alignment = int(g.value("general.alignment") or 32)
    g.data_start = -(-off // g.alignment) * g.alignment
    return g


def _dequantize(raw: Any, ttype: int, n_values: int) -> Any:
    import numpy as np

    if ttype == _GGML_F32:
        return np.frombuffer(raw, dtype=np.float32, count=n_values)
    if ttype == _GGML_F16:
        return np.frombuffer(raw, dtype=np.float16, count=n_values).astype(np.float32)
    if ttype == _GGML_BF16:
        return (np.frombuffer(raw, dtype=np.uint16, count=n_values).astype(np.uint32) << 16).view(np.float32)
    blocks = np.frombuffer(raw, dtype=np.uint8).reshape(n_values // 32, -1)
    d = blocks[:, :2].copy().view(np.float16).astype(np.float32)
    if ttype == _GGML_Q8_0:
        return (blocks[:, 2:].view(np.int8).astype(np.float32) * d).reshape(-1)
    qs = blocks[:, 4:] if ttype == _GGML_Q4_1 else blocks[:, 2:]
    q = np.concatenate([qs & 0x0F, qs >> 4], axis=1).astype(np.float32)
    if ttype == _GGML_Q4_1:
        m = blocks[:, 2:4].copy().view(np.float16).astype(np.float32)
        return (q * d + m).reshape(-1)
    return ((q - 8.0) * d).reshape(-1)  # Q4_0


def _encode(values: Any, otype: int) -> bytes:
    import numpy as np

    if otype == _GGML_F16:
        return values.astype(np.float16).tobytes()
    if otype == _GGML_BF16:  # round to nearest even on the upper 16 bits
        bits = values.astype(np.float32).view(np.uint32)
        return ((bits + 0x7FFF + ((bits >> 16) & 1)) >> 16).astype(np.uint16).tobytes()
    return values.astype(np.float32).tobytes()


def _lora_deltas(adapter: Path, scale: float) -> tuple[dict[str, tuple[Any, Any]], float]:
    """{base tensor name: (A (r, in), B (out, r))} of a GGUF LoRA adapter, and its alpha/rank scale."""
    import numpy as np

    g = _read_gguf(adapter)
    if g.value("general.type") != "adapter" or g.value("adapter.type") != "lora":
        raise RelevanceModelError(f"{adapter} is not a GGUF LoRA adapter")
    alpha = g.value("adapter.lora.alpha")
    pairs: dict[str, dict[str, Any]] = {}
    with open(adapter, "rb") as fh:
        for t in g.tensors:
            base, _, part = t.name.rpartition(".")
            if part not in ("lora_a", "lora_b") or t.type not in (_GGML_F16, _GGML_F32, _GGML_BF16):
                raise RelevanceModelError(f"{adapter}: unexpected adapter tensor {t.name} (type {t.type})")
            fh.seek(g.data_start + t.offset)
            values = _dequantize(fh.read(t.n_bytes), t.type, t.n_values)
            pairs.setdefault(base, {})[part] = values.reshape(t.dims[1], t.dims[0])
    out: dict[str, tuple[Any, Any]] = {}
    rank = None
    for name, ab in pairs.items():
        if set(ab) != {"lora_a", "lora_b"}:
            raise RelevanceModelError(f"{adapter}: {name} lacks lora_a or lora_b")
        a, b = np.asarray(ab["lora_a"]), np.asarray(ab["lora_b"])
        rank = a.shape[0]
        out[name] = (a, b)
    factor = scale * (float(alpha) / rank if alpha and rank else 1.0)
    return out, factor


def derive_base(src: str | os.PathLike[str], *, precision: str = "f16", n_layers: int | None = None,
                cache_dir: str | os.PathLike[str] | None = None, adapter: str | os.PathLike[str] | None = None,
                adapter_scale: float = 1.0, keep_embedding: bool = True) -> Path:
    """A dequantized (F16/BF16/F32) copy of GGUF `src`, keeping the first `n_layers` blocks.

    `precision="source"` keeps every tensor as it is and only cuts the blocks
    (no adapter then): the smallest file a trainer elsewhere can load.

    With `adapter` (a GGUF LoRA), its delta is merged into the weights
    (W + scale * alpha/r * B @ A, in GGUF layout), so llama.cpp runs no
    adapter ops at inference (they cost ~45% extra time unmerged here).

    Written once into the cache (atomically) and reused; the name carries the
    source's (and adapter's) size and mtime so a changed file gets a fresh
    copy. Pure numpy: sources with Q4_0/Q4_1/Q8_0/F16/BF16/F32 weights; the
    token embedding table is copied as is (llama.cpp only gathers rows from it).
    """
    src_path = check_gguf(src)
    if precision not in _PRECISIONS and precision != SOURCE_PRECISION:
        raise ValueError(f"precision must be one of {', '.join([*_PRECISIONS, SOURCE_PRECISION])}, got {precision!r}")
    if precision == SOURCE_PRECISION and adapter is not None:
        raise ValueError("an adapter can only be merged into a dequantized copy (f16, bf16 or f32)")
    st = src_path.stat()
    ident = f"{src_path}|{st.st_size}|{st.st_mtime_ns}|{precision}|{n_layers}|{keep_embedding}"
    adapter_path = check_gguf(adapter) if adapter is not None else None
    if adapter_path is not None:
        ast = adapter_path.stat()
        ident += f"|{adapter_path}|{ast.st_size}|{ast.st_mtime_ns}|{adapter_scale}"
    key = hashlib.sha256(ident.encode()).hexdigest()[:16]
    out_dir = Path(cache_dir) if cache_dir is not None else _cache_dir()
    tag = "" if adapter_path is None else f".{adapter_path.stem[:40]}"
    out = out_dir / f"{src_path.stem}.{precision}{'' if n_layers is None else f'.L{n_layers}'}{tag}.{key}.gguf"
    if out.is_file():
        return out
    started = time.perf_counter()
    g = _read_gguf(src_path)
    arch = g.value("general.architecture")
    block_key = f"{arch}.block_count"
    total = g.value(block_key)
    if not isinstance(total, int):
        raise RelevanceModelError(f"{src_path}: no {block_key} in the GGUF header")
    keep = total if n_layers is None else int(n_layers)
    if not 1 <= keep <= total:
        raise RelevanceModelError(f"n_layers must be 1..{total}, got {n_layers}")
    out_type, file_type = _PRECISIONS.get(precision, (None, None))
    deltas, factor = _lora_deltas(adapter_path, adapter_scale) if adapter_path is not None else ({}, 1.0)
    names = {t.name for t in g.tensors}
    unknown = [n for n in deltas if n not in names]
    if unknown:
        raise RelevanceModelError(f"adapter {adapter_path} does not fit {src_path}: no base tensor {unknown[0]}")
    plan: list[tuple[_Tensor, int]] = []  # source tensor, output type
    for t in g.tensors:
        if t.name.startswith("blk.") and int(t.name.split(".")[1]) >= keep:
            continue
        if t.type not in _GGML_BLOCK:
            raise RelevanceModelError(f"{src_path}: tensor {t.name} has ggml type {t.type}, which derive_base "
                                      "cannot dequantize; use the model as is")
        keep_raw = (out_type is None or len(t.dims) == 1 or (keep_embedding and t.name == "token_embd.weight")
                    or t.type == out_type) and t.name not in deltas
        plan.append((t, t.type if keep_raw else out_type))
    out_dir.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(f".tmp{os.getpid()}")
    align = g.alignment
    try:
        with open(src_path, "rb") as fin, open(tmp, "wb") as fout:
            header = bytearray(struct.pack("<4sIQQ", b"GGUF", g.version, len(plan), len(g.kv)))
            for k, vtype, raw in g.kv:
                if k == block_key:
                    raw = struct.pack(_GGUF_SCALAR[vtype], keep)
                elif k == "general.file_type" and vtype in (4, 5) and file_type is not None:
                    raw = struct.pack(_GGUF_SCALAR[vtype], file_type)
                kb = k.encode("utf-8")
                header += struct.pack("<Q", len(kb)) + kb + struct.pack("<I", vtype) + raw
            offset = 0
            for t, otype in plan:
                nb = t.name.encode("utf-8")
                header += struct.pack("<Q", len(nb)) + nb + struct.pack("<I", len(t.dims))
                header += struct.pack(f"<{len(t.dims)}Q", *t.dims) + struct.pack("<IQ", otype, offset)
                per, size = _GGML_BLOCK[otype]
                offset += -(-(t.n_values // per * size) // align) * align
            header += b"\0" * (-len(header) % align)
            fout.write(header)
            for t, otype in plan:
                fin.seek(g.data_start + t.offset)
                raw = fin.read(t.n_bytes)
                if otype != t.type or t.name in deltas:
                    values = _dequantize(raw, t.type, t.n_values)
                    if t.name in deltas:
                        a, b = deltas[t.name]
                        values = (values.reshape(t.dims[1], t.dims[0]) + factor * (b @ a)).reshape(-1)
                    raw = _encode(values, otype)
                fout.write(raw)
                fout.write(b"\0" * (-len(raw) % align))
        os.replace(tmp, out)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    stem = out.name[: -len(f".{key}.gguf")]
    for stale in out_dir.glob(f"{glob.escape(stem)}.*.gguf"):  # older copies of the same source/adapter
        if stale != out and len(stale.name) == len(out.name):
            stale.unlink(missing_ok=True)
    log.info("derived %s from %s in %.1fs", out, src_path, time.perf_counter() - started)
    return out


# --------------------------------------------------------------------------- adapter metadata


@dataclass(frozen=True)
class AdapterInfo:
    """What the sidecar JSON next to a relevance LoRA says about it."""

    path: Path
    threshold: float = DEFAULT_THRESHOLD
    n_layers: int | None = None
    prompt_format: str = PROMPT_FORMAT
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> AdapterInfo:
        """Check the adapter file and read `<adapter>.json` if present."""
        p = Path(path).expanduser()
        try:
            p = check_gguf(p)
        except InvalidModelFileError as exc:
            raise RelevanceModelError(f"relevance adapter unusable: {exc}") from exc
        meta_path = p.with_suffix(".json")
        meta: dict[str, Any] = {}
        if meta_path.is_file():
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, json.JSONDecodeError) as exc:
                raise RelevanceModelError(f"cannot read adapter metadata {meta_path}: {exc}") from exc
        fmt = meta.get("prompt_format", PROMPT_FORMAT)
        if fmt not in PROMPT_FORMATS:
            raise RelevanceModelError(f"{p} was trained for prompt format {fmt!r}; this Veil reads "
                                      f"{' and '.join(map(repr, PROMPT_FORMATS))}")
        return cls(p, float(meta.get("threshold", DEFAULT_THRESHOLD)),
                   meta.get("n_layers"), fmt, meta)


def adapter_kind(path: str | os.PathLike[str]) -> str | None:
    """`general.type` of a GGUF ("model", "adapter", or None when absent/unreadable)."""
    try:
        value = _read_gguf(Path(path)).value("general.type")
    except (OSError, InvalidModelFileError, struct.error, UnicodeDecodeError):
        return None
    return value if isinstance(value, str) else None


# --------------------------------------------------------------------------- the scorer


@contextmanager
def _context_params(n_seq_max: int) -> Iterator[None]:
    """Set `n_seq_max` and a unified KV cache, which `Llama()` only sets for embeddings."""
    llama_cpp = import_llama_cpp()
    lib = llama_cpp.llama_cpp
    with _CTX_PATCH_LOCK:
        original = lib.llama_context_default_params

        def patched() -> Any:
            params = original()
            params.n_seq_max = n_seq_max
            params.kv_unified = True
            return params

        lib.llama_context_default_params = patched
        llama_cpp.llama_context_default_params = patched
        try:
            yield
        finally:
            lib.llama_context_default_params = original
            llama_cpp.llama_context_default_params = original


class PrefixScorer:
    """Yes/no margins for many suffixes after one shared prefix, on one llama.cpp context.

    Thread-safe (one lock); loaded lazily. `method` is "multiseq" (default,
    see module doc) or "sequential" (one suffix after another, truncating the
    KV cache back to the prefix; kept for comparison and as a fallback).
    `flash_attn` turns on llama.cpp's flash attention (both methods).
    """

    def __init__(self, base_path: str | os.PathLike[str], adapter_path: str | os.PathLike[str] | None = None, *,
                 n_threads: int | None = None, n_ctx: int = 2048, n_seq_max: int = 32, n_gpu_layers: int = 0,
                 lora_scale: float = 1.0, method: str = "multiseq", flash_attn: bool = True,
                 name: str = "relevance") -> None:
        if method not in ("multiseq", "sequential"):
            raise ValueError(f"method must be multiseq or sequential, got {method!r}")
        self.base_path = Path(base_path)
        self.adapter_path = Path(adapter_path) if adapter_path else None
        self.n_threads = n_threads or available_cpus()
        self.n_ctx = n_ctx
        self.n_seq_max = n_seq_max
        self.n_gpu_layers = n_gpu_layers if (n_gpu_layers == 0 or gpu_offload_available()) else 0
        self.lora_scale = lora_scale
        self.method = method
        self.flash_attn = flash_attn
        self.name = name
        self.load_seconds: float | None = None
        self._llm: Any = None
        self._batch: Any = None
        self._lock = threading.Lock()
        self._yes = self._no = -1

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    def load(self) -> None:
        with self._lock:
            self._ensure_loaded()

    def _ensure_loaded(self) -> Any:
        if self._llm is not None:
            return self._llm
        try:
            check_gguf(self.base_path)
            if self.adapter_path is not None:
                check_gguf(self.adapter_path)
        except InvalidModelFileError as exc:
            raise RelevanceModelError(f"{self.name}: {exc}") from exc
        if self.adapter_path is not None and adapter_kind(self.adapter_path) != "adapter":
            raise RelevanceModelError(f"{self.name}: {self.adapter_path} is a GGUF file but not a LoRA adapter "
                                      "(general.type is not 'adapter')")
        try:
            llama_cpp = import_llama_cpp()
        except ImportError as exc:
            raise RelevanceModelError(f"llama-cpp-python is not installed ({exc})") from exc
        kwargs: dict[str, Any] = {
            "model_path": str(self.base_path), "n_ctx": self.n_ctx, "n_batch": self.n_ctx, "n_ubatch": min(self.n_ctx, 1024),
            "n_threads": self.n_threads, "n_gpu_layers": self.n_gpu_layers, "flash_attn": self.flash_attn,
            "verbose": False,
        }
        if self.adapter_path is not None:
            kwargs.update(lora_path=str(self.adapter_path), lora_scale=self.lora_scale)
        started = time.perf_counter()
        try:
            with model_params(use_extra_bufts=not cpu_backend_has_amx()), _context_params(self.n_seq_max):
                llm = llama_cpp.Llama(**kwargs)
        except Exception as exc:  # ValueError / RuntimeError / OSError from llama-cpp
            what = f"{self.base_path}" + (f" + adapter {self.adapter_path}" if self.adapter_path else "")
            raise RelevanceModelError(
                f"{self.name}: llama.cpp rejected {what} ({exc}); a file may be corrupt or truncated, or the "
                "adapter was trained for a different base model") from exc
        yes = llm.tokenize(YES_TEXT.encode(), add_bos=False, special=False)
        no = llm.tokenize(NO_TEXT.encode(), add_bos=False, special=False)
        if len(yes) != 1 or len(no) != 1:
            llm.close()
            raise RelevanceModelError(f"{self.name}: {YES_TEXT!r}/{NO_TEXT!r} are not single tokens in {self.base_path}")
        self._yes, self._no = yes[0], no[0]
        lib = llama_cpp.llama_cpp
        self._batch = lib.llama_batch_init(self.n_ctx, 0, self.n_seq_max)
        self._llm = llm
        self.load_seconds = time.perf_counter() - started
        return llm

    def close(self) -> None:
        with self._lock:
            llm, self._llm = self._llm, None
            batch, self._batch = self._batch, None
        if batch is not None:
            import_llama_cpp().llama_cpp.llama_batch_free(batch)
        if llm is not None:
            llm.close()

    def __del__(self) -> None:  # pragma: no cover - best effort at interpreter shutdown
        with contextlib.suppress(Exception):
            self.close()

    def tokenize(self, text: str, *, bos: bool = False) -> list[int]:
        with self._lock:
            llm = self._ensure_loaded()
            return list(llm.tokenize(text.encode("utf-8"), add_bos=bos, special=False))

    def score(self, prefix: str, suffixes: Sequence[str]) -> list[float]:
        """logit(yes) - logit(no) after `prefix + suffix`, for every suffix."""
        if not suffixes:
            return []
        with self._lock:
            llm = self._ensure_loaded()
            p_tokens = list(llm.tokenize(prefix.encode("utf-8"), add_bos=True, special=False))
            s_tokens = [list(llm.tokenize(s.encode("utf-8"), add_bos=False, special=False)) or [self._no]
                        for s in suffixes]
            return self._score_tokens(p_tokens, s_tokens)

    # --- internals (lock held) ---

    def _decode(self, items: Sequence[tuple[int, int, Sequence[int], bool]]) -> None:
        lib = import_llama_cpp().llama_cpp
        batch = self._batch
        batch.n_tokens = len(items)
        for i, (token, pos, seqs, logits) in enumerate(items):
            batch.token[i] = token
            batch.pos[i] = pos
            batch.n_seq_id[i] = len(seqs)
            for j, seq in enumerate(seqs):
                batch.seq_id[i][j] = seq
            batch.logits[i] = logits
        rc = lib.llama_decode(self._llm._ctx.ctx, batch)
        if rc != 0:
            raise RelevanceModelError(f"{self.name}: llama_decode failed (code {rc})")

    def _margin(self, index: int) -> float:
        lib = import_llama_cpp().llama_cpp
        row = lib.llama_get_logits_ith(self._llm._ctx.ctx, index)
        return float(row[self._yes] - row[self._no])

    def _score_tokens(self, prefix: list[int], suffixes: list[list[int]]) -> list[float]:
        lib = import_llama_cpp().llama_cpp
        mem = lib.llama_get_memory(self._llm._ctx.ctx)
        budget = self.n_ctx - 1
        longest = max(len(s) for s in suffixes)
        if len(prefix) + longest > budget:
            keep = budget - longest
            if keep < 8:
                raise RelevanceModelError(f"{self.name}: a candidate is too long for the context ({self.n_ctx})")
            prefix = prefix[:1] + prefix[-(keep - 1):]
        n_p = len(prefix)
        lib.llama_memory_clear(mem, True)
        if self.method == "sequential":
            self._decode([(t, i, (0,), False) for i, t in enumerate(prefix)])
            scores: list[float] = []
            for suffix in suffixes:
                lib.llama_memory_seq_rm(mem, 0, n_p, -1)
                self._decode([(t, n_p + i, (0,), i == len(suffix) - 1) for i, t in enumerate(suffix)])
                scores.append(self._margin(len(suffix) - 1))
            return scores
        # multiseq: groups that fit both the sequence limit and the KV cache. No group has more
        # sequences than `shared`, so the prefix, decoded once into all of them together with the
        # first group, serves every later group as it is.
        shared = tuple(range(min(self.n_seq_max, len(suffixes))))
        scores = []
        group: list[list[int]] = []
        used = n_p
        for suffix in suffixes + [None]:  # type: ignore[list-item]
            if suffix is not None and len(group) < self.n_seq_max and used + len(suffix) <= budget:
                group.append(suffix)
                used += len(suffix)
                continue
            if group:
                first = not scores
                if not first:  # drop the previous group's suffix cells (all sequences), keep the prefix
                    lib.llama_memory_seq_rm(mem, -1, n_p, -1)
                scores.extend(self._score_group(n_p, group, prefix if first else (), shared))
            if suffix is not None:
                group, used = [suffix], n_p + len(suffix)
        return scores

    def _score_group(self, n_p: int, group: list[list[int]], prefix: Sequence[int],
                     shared: Sequence[int]) -> list[float]:
        """One decode: `prefix` (if any) in every sequence of `shared`, suffix k in sequence k."""
        items: list[tuple[int, int, Sequence[int], bool]] = [(t, i, shared, False) for i, t in enumerate(prefix)]
        last: list[int] = []
        for k, suffix in enumerate(group):
            for i, token in enumerate(suffix):
                items.append((token, n_p + i, (k,), i == len(suffix) - 1))
            last.append(len(items) - 1)
        self._decode(items)
        return [self._margin(i) for i in last]


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x)) if x > -60 else 0.0


__all__ = [
    "BASE_PRECISION", "DEFAULT_THRESHOLD", "NO_TEXT", "PROMPT_FORMAT", "PROMPT_FORMATS", "PROMPT_FORMAT_NAMED",
    "YES_TEXT", "AdapterInfo", "PrefixScorer",
    "RelevanceModelError", "adapter_kind", "context_window", "derive_base", "format_candidate",
    "format_prefix", "short_value", "sigmoid",
]
