"""LoRA for the SmolLM2 relevance scorer: torch modules, and export as a llama.cpp GGUF adapter.

The export follows llama.cpp's `convert_lora_to_gguf.py` conventions:

* `general.architecture` = the base's ("llama"), `general.type` = "adapter",
  `adapter.type` = "lora", `adapter.lora.alpha` = alpha (llama.cpp scales by
  alpha / rank, rank read from the tensors);
* one pair per adapted weight, named `<gguf weight name>.lora_a` /
  `.lora_b`, e.g. `blk.3.attn_q.weight.lora_a`;
* shapes as torch stores them: A is (rank, in), B is (out, rank); the GGUF
  writer reverses them into ggml's ne order, which is what llama.cpp checks
  (`a.ne[0] == w.ne[0]`, `b.ne[1] == w.ne[1]`, `a.ne[1] == b.ne[0]`);
* q/k: llama GGUFs store attn_q/attn_k rows permuted for llama.cpp's RoPE
  layout and transformers un-permutes them on load, so the delta's rows must
  be permuted back: permute(B @ A) == permute(B) @ A, i.e. only B.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import torch
from torch import nn

HF_TO_GGUF = {
    "self_attn.q_proj": "attn_q",
    "self_attn.k_proj": "attn_k",
    "self_attn.v_proj": "attn_v",
    "self_attn.o_proj": "attn_output",
    "mlp.gate_proj": "ffn_gate",
    "mlp.up_proj": "ffn_up",
    "mlp.down_proj": "ffn_down",
}
DEFAULT_TARGETS = tuple(HF_TO_GGUF)


class LoRALinear(nn.Module):
    """y = base(x) + (alpha / r) * x A^T B^T, with B initialised to zero."""

    def __init__(self, base: nn.Linear, rank: int, alpha: float, generator: torch.Generator | None = None) -> None:
        super().__init__()
        self.base = base
        self.rank = rank
        self.alpha = alpha
        self.scale = alpha / rank
        a = torch.empty(rank, base.in_features)
        nn.init.kaiming_uniform_(a, a=math.sqrt(5), generator=generator)
        self.lora_a = nn.Parameter(a)
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.base(x) + (x @ self.lora_a.T @ self.lora_b.T) * self.scale


def _get(module: nn.Module, dotted: str) -> nn.Module:
    for part in dotted.split("."):
        module = getattr(module, part)
    return module


def _set(module: nn.Module, dotted: str, value: nn.Module) -> None:
    parent, _, leaf = dotted.rpartition(".")
    setattr(_get(module, parent) if parent else module, leaf, value)


def inject(model: nn.Module, rank: int = 8, alpha: float = 16.0, targets: tuple[str, ...] = DEFAULT_TARGETS,
           seed: int = 0) -> dict[str, LoRALinear]:
    """Freeze `model` and wrap every target linear of every decoder layer; returns {hf name: module}."""
    for p in model.parameters():
        p.requires_grad_(False)
    gen = torch.Generator().manual_seed(seed)
    wrapped: dict[str, LoRALinear] = {}
    for i, layer in enumerate(model.model.layers):
        for t in targets:
            base = _get(layer, t)
            if not isinstance(base, nn.Linear):
                raise TypeError(f"layer {i} {t} is {type(base).__name__}, not Linear")
            lora = LoRALinear(base, rank, alpha, gen)
            _set(layer, t, lora)
            wrapped[f"model.layers.{i}.{t}"] = lora
    return wrapped


def lora_state(wrapped: dict[str, LoRALinear]) -> dict[str, torch.Tensor]:
    out: dict[str, torch.Tensor] = {}
    for name, mod in wrapped.items():
        out[f"{name}.lora_a"] = mod.lora_a.detach().clone()
        out[f"{name}.lora_b"] = mod.lora_b.detach().clone()
    return out


def load_lora_state(wrapped: dict[str, LoRALinear], state: dict[str, torch.Tensor]) -> None:
    with torch.no_grad():
        for name, mod in wrapped.items():
            mod.lora_a.copy_(state[f"{name}.lora_a"])
            mod.lora_b.copy_(state[f"{name}.lora_b"])


def permute_rows(w: torch.Tensor, n_head: int) -> torch.Tensor:
    """convert_hf_to_gguf.py's llama q/k permutation (HF layout -> GGUF layout), on rows."""
    return (w.reshape(n_head, 2, w.shape[0] // n_head // 2, *w.shape[1:])
            .swapaxes(1, 2)
            .reshape(w.shape))


def unpermute_rows(w: torch.Tensor, n_head: int) -> torch.Tensor:
    """The inverse of `permute_rows` (GGUF layout -> HF layout)."""
    return (w.reshape(n_head, w.shape[0] // n_head // 2, 2, *w.shape[1:])
            .swapaxes(1, 2)
            .reshape(w.shape))


def import_gguf_adapter(wrapped: dict[str, LoRALinear], path: str | Path, *, n_head: int,
                        n_head_kv: int) -> dict[str, torch.Tensor]:
    """A `lora_state` read back from an exported GGUF adapter, to train on from a shipped adapter whose
    torch checkpoint is gone (`train --init-from X.gguf`). Rank and alpha must match `wrapped`'s."""
    from local_models.relevance_runtime import RelevanceModelError, _lora_deltas

    pairs, factor = _lora_deltas(Path(path), 1.0)
    state: dict[str, torch.Tensor] = {}
    for name, mod in wrapped.items():
        _, _, idx, *rest = name.split(".")
        hf = ".".join(rest)
        gname = f"blk.{idx}.{HF_TO_GGUF[hf]}.weight"
        if gname not in pairs:
            raise RelevanceModelError(f"{path} has no adapter for {gname}")
        a, b = (torch.from_numpy(x.copy()).float() for x in pairs[gname])
        if a.shape != mod.lora_a.shape or b.shape != mod.lora_b.shape or not math.isclose(factor, mod.scale):
            raise RelevanceModelError(f"{path}: {gname} is rank {a.shape[0]} with scale {factor:g}, not rank "
                                      f"{mod.rank} with scale {mod.scale:g}")
        if hf == "self_attn.q_proj":
            b = unpermute_rows(b, n_head)
        elif hf == "self_attn.k_proj":
            b = unpermute_rows(b, n_head_kv)
        state[f"{name}.lora_a"], state[f"{name}.lora_b"] = a, b
    return state


def gguf_tensors(wrapped: dict[str, LoRALinear], n_head: int, n_head_kv: int) -> dict[str, torch.Tensor]:
    """{gguf tensor name: tensor} for the adapter (q/k B rows permuted)."""
    out: dict[str, torch.Tensor] = {}
    for name, mod in wrapped.items():
        _, _, idx, *rest = name.split(".")
        hf = ".".join(rest)
        gname = f"blk.{idx}.{HF_TO_GGUF[hf]}.weight"
        b = mod.lora_b.detach().float()
        if hf == "self_attn.q_proj":
            b = permute_rows(b, n_head)
        elif hf == "self_attn.k_proj":
            b = permute_rows(b, n_head_kv)
        out[f"{gname}.lora_a"] = mod.lora_a.detach().float()
        out[f"{gname}.lora_b"] = b
    return out


def export_gguf_adapter(wrapped: dict[str, LoRALinear], path: str | Path, *, alpha: float, n_head: int,
                        n_head_kv: int, arch: str = "llama", dtype: str = "f16",
                        metadata: dict[str, Any] | None = None) -> Path:
    """Write the adapter as a GGUF LoRA that `llama_adapter_lora_init` accepts."""
    import gguf
    import numpy as np

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    writer = gguf.GGUFWriter(str(tmp), arch=arch)
    writer.add_string("general.type", "adapter")
    writer.add_string("adapter.type", "lora")
    writer.add_float32("adapter.lora.alpha", float(alpha))
    writer.add_string("general.name", "veil-relevance-lora")
    for key, value in (metadata or {}).items():
        if isinstance(value, bool):
            writer.add_bool(f"veil.relevance.{key}", value)
        elif isinstance(value, int):
            writer.add_int32(f"veil.relevance.{key}", value)
        elif isinstance(value, float):
            writer.add_float32(f"veil.relevance.{key}", value)
        elif isinstance(value, str):
            writer.add_string(f"veil.relevance.{key}", value)
    np_dtype = np.float16 if dtype == "f16" else np.float32
    raw = gguf.GGMLQuantizationType.F16 if dtype == "f16" else gguf.GGMLQuantizationType.F32
    for name, tensor in gguf_tensors(wrapped, n_head, n_head_kv).items():
        writer.add_tensor(name, tensor.numpy().astype(np_dtype), raw_dtype=raw)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    tmp.replace(path)
    return path
