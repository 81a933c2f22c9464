"""Pre-flight check of the GGUF LoRA export: a RANDOM, large adapter must act identically in llama.cpp.

    python -m local_models.training.relevance.check_export --n-layers 2

A trained adapter's effect can be small next to float noise; a random one
with large B moves every margin by ~1, so a wrong tensor name, shape or q/k
row permutation shows up as a large `delta_rel_error` (measured: 0.06 with
the permutation, 0.25 without it, on 2 layers). Exit status 1 on failure.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--dev", help="spec JSONL with a few samples (default: three built-in ones)")
    p.add_argument("--n-layers", type=int, default=2)
    p.add_argument("--rank", type=int, default=4)
    p.add_argument("--std", type=float, default=0.3, help="std of the random B matrices")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--max-rel-error", type=float, default=0.15)
    args = p.parse_args(argv)

    import torch

    from local_models.relevance_runtime import BASE_PRECISION, derive_base
    from local_models.training.relevance.data import dev_examples, load_samples
    from local_models.training.relevance.lora import export_gguf_adapter, inject
    from local_models.training.relevance.train import (
        Tokenizer,
        base_gguf,
        load_model,
        verify_export,
    )

    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    gguf_path = base_gguf(None)
    tok = Tokenizer(gguf_path)
    model = load_model(gguf_path, args.n_layers)
    wrapped = inject(model, args.rank, 2.0 * args.rank)
    with torch.no_grad():
        for m in wrapped.values():
            m.lora_b.normal_(0, args.std)
    with tempfile.TemporaryDirectory() as tmp:
        if args.dev:
            samples = load_samples([args.dev])[:3]
        else:
            samples = [_SAMPLE]
            Path(tmp, "s.jsonl").write_text(json.dumps(_SAMPLE) + "\n")
        out = export_gguf_adapter(wrapped, Path(tmp) / "random.gguf", alpha=2.0 * args.rank,
                                  n_head=model.config.num_attention_heads, n_head_kv=model.config.num_key_value_heads)
        base = derive_base(gguf_path, precision=BASE_PRECISION, n_layers=args.n_layers, cache_dir=tmp)
        result = verify_export(model, wrapped, tok, base, out, dev_examples(samples), 0.0, args.threads)
    ok = result["delta_rel_error"] is not None and result["delta_rel_error"] <= args.max_rel_error
    print(json.dumps({**result, "ok": ok}))
    return 0 if ok else 1


_DESC = ("im manabu tanaka and my employer is harrison-nichols, in case u need it - and i started my current job "
         "on 2015-02-23. i'm agnostic, and on top of that i'm bicurious. i support komeito.")


def _e(text: str, tag: str, type_: str) -> dict[str, object]:
    s = _DESC.index(text)
    return {"text": text, "type": type_, "tag": tag, "start": s, "end": s + len(text), "subject": "A"}


_SAMPLE = {
    "id": "check-1", "split": "single", "description": _DESC,
    "query": "Given my employer and job start date, what would be a realistic next career step?",
    "entities": [_e("manabu tanaka", "Full Name", "PER"), _e("harrison-nichols", "Company Name", "ORG"),
                 _e("2015-02-23", "Date", "DATETIME"), _e("agnostic", "Religious Belief", "DEM"),
                 _e("bicurious", "Sexual Orientation", "DEM"), _e("komeito", "Political Affiliation", "DEM")],
    "query_related": [{"text": "harrison-nichols", "subject": "A"}, {"text": "2015-02-23", "subject": "A"}],
}

if __name__ == "__main__":
    sys.exit(main())
