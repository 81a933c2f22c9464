"""The detector model card generator (local_models/training/card.py)."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from local_models.training.card import card_sections, render_card

REPO = Path(__file__).resolve().parents[1]
TRAIN = [f"build/gliner-data/train-{s}.jsonl" for s in ("single", "multi", "hard", "distract")]
DEV = [f"build/gliner-data/dev-{s}.jsonl" for s in ("single", "multi", "hard", "distract")]
FACTS = {"threshold": 0.55, "size_mb": 53.3, "step": 1000,
         "dev": {"strict_p": 0.9, "strict_r": 0.9, "strict_f1": 0.9, "ent_f1": 0.95, "n_gold": 10, "n_pred": 10}}
CURVE = [{"step": 60, "strict_f1": 0.0, "ent_f1": 0.0}, {"step": 120, "strict_f1": 0.5, "ent_f1": 0.6}]


def fake_args(card: Path, **extra) -> argparse.Namespace:
    base = {"train": TRAIN, "dev": DEV, "dev_n": 60, "work_dir": "build/gliner-work", "card": str(card),
            "label_set": "soft", "copies": 1, "augment_prob": 0.5, "span_mode": "marker", "bf16": True,
            "max_steps": 1000, "seed": 13, "threads": 1, "data_note": ""}
    return argparse.Namespace(**{**base, **extra})


def section(card: str, title: str) -> str:
    return card_sections(card)[title]


def test_data_section_and_table_mention_open_values_and_terse(tmp_path: Path):
    args = fake_args(tmp_path / "card.md", open_values=True, terse=400)
    card = render_card(args, FACTS, {"n_samples": 3200, "n_examples": 4184, "stats": {}}, CURVE)
    data = section(card, "Data")
    assert "`--open-values`" in data and "GeoNames" in data and "Faker" in data and "16 Latin-script" in data
    assert "`--terse 400`" in data and "400 short list-like texts" in data
    table = section(card, "Hyper-parameters")
    assert "| open_values | True |" in table and "| terse | 400 |" in table
    rebuild = section(card, "Rebuild")
    assert rebuild.count("--open-values --terse 400") == 1
    # no existing card: the hand-written sections are placeholders to fill in
    assert section(card, "Run history").startswith("## Run history\n\n(fill in:")
    assert "veil eval piibench" in section(card, "Benchmark") and "(fill in:" in section(card, "Benchmark")


def test_old_args_without_the_new_options_still_render(tmp_path: Path):
    args = fake_args(tmp_path / "card.md")  # a namespace from before --open-values/--terse
    card = render_card(args, FACTS, {}, [])
    data = section(card, "Data")
    assert "open value banks" not in data and "terse texts" not in data
    assert "| open_values | False |" in card and "| terse | 0 |" in card
    assert "--open-values" not in card and "--terse" not in card


def test_run_args_win_over_the_namespace(tmp_path: Path):
    args = fake_args(tmp_path / "card.md")
    run = {"args": {**vars(args), "open_values": True, "terse": 50}, "n_samples": 1, "n_examples": 2, "stats": {}}
    data = section(render_card(args, FACTS, run, []), "Data")
    assert "`--open-values`" in data and "`--terse 50`" in data


def test_data_generation_line_from_the_makefile_or_the_note(tmp_path: Path):
    note = ("python -m eval.generator --family train --seed 101 --split single --n 1600 / multi 1200"
            " / hard 200 / distract 200; dev: --family dev --seed 202 single 50, multi 50, hard 25, distract 25")
    # the Makefile's training command passes how its data target made the files
    dry = subprocess.run(["make", "-n", "model-detector"], cwd=REPO, capture_output=True,
                         text=True, check=True).stdout
    assert f"--data-note '{note}'" in dry
    args = fake_args(tmp_path / "card.md", data_note=note)
    assert f"* data generation: `{note}`" in render_card(args, FACTS, {}, [])
    # data made some other way get no such line; a note from run.json wins
    other = fake_args(tmp_path / "card.md", train=["elsewhere/train.jsonl"])
    assert "data generation" not in render_card(other, FACTS, {}, [])
    noted = fake_args(tmp_path / "card.md", train=["elsewhere/train.jsonl"], data_note="made by hand")
    assert "* data generation: `made by hand`" in render_card(noted, FACTS, {}, [])


def test_hand_written_sections_are_carried_over_from_the_existing_card(tmp_path: Path):
    old = tmp_path / "card.md"
    history = "## Run history\n\nResumed at step 300 with `--max-steps 1000`.\nWall time: 69 min."
    bench = ("## Benchmark\n\n| split | Strict-F1 |\n|---|---|\n| single | 0.825 |\n\n"
             "Latency: detect p50 **59.7 ms**.\n### a sub-heading stays\nmore text")
    old.write_text("# Model card\n\n## Scores\n\nold scores\n\n" + history + "\n\n" + bench + "\n", encoding="utf-8")
    args = fake_args(old, open_values=True, terse=400)
    card = render_card(args, FACTS, {}, CURVE)
    assert section(card, "Run history") == history
    assert section(card, "Benchmark") == bench
    assert "old scores" not in card and card.endswith("more text\n")
    assert card.index("## Rebuild") < card.index("## Run history") < card.index("## Benchmark")
    # rendering over its own output is stable
    old.write_text(card, encoding="utf-8")
    assert render_card(args, FACTS, {}, CURVE) == card


def test_static_prose_matches_the_committed_card(tmp_path: Path):
    committed = (REPO / "docs/models/detector-card.md").read_text(encoding="utf-8")
    card = render_card(fake_args(tmp_path / "card.md"), FACTS, {}, CURVE)
    for title in ("Labels (prompt -> tag)", "Design choices (measured on the 2-core build machine, shared with other jobs)",
                  "Using it"):
        assert section(card, title) == section(committed, title)
    assert card.split("\n## ")[0] == committed.split("\n## ")[0].replace("53.3 MB", f"{FACTS['size_mb']} MB")


def test_a_run_on_a_dump_rebuilds_with_the_dump_command_then_the_run(tmp_path: Path):
    """Trained elsewhere on --examples: the card shows how the examples were built (the dump's options and
    data seed) and then the training run, not the run's unused defaults for the data options."""
    args = fake_args(tmp_path / "card.md")
    run = {"args": {**vars(args), "examples": "build/ex.jsonl.xz", "copies": 2, "open_values": True, "seed": 48,
                    "data_seed": 47}, "n_samples": 1200, "n_examples": 2852, "stats": {}}
    card = render_card(args, FACTS, run, [])
    dump, train = [line for line in section(card, "Rebuild").splitlines() if line.startswith("python -m")]
    assert "--dump-examples build/ex.jsonl.xz" in dump and "--copies 2" in dump and "--open-values" in dump
    assert "--seed 47" in dump and "--train build/gliner-data/train-single.jsonl" in dump
    assert "--examples build/ex.jsonl.xz" in train and "--seed 48" in train
    assert "--copies" not in train and "--open-values" not in train and "--train" not in train
    assert "| data_seed | 47 |" in section(card, "Hyper-parameters")
