"""The relevance adapter's model card generator (local_models/training/relevance/card.py)."""

from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path

import pytest

from local_models.training.card import card_sections
from local_models.training.relevance.card import (
    BUILD,
    DESIGN,
    begin_marker,
    end_marker,
    generated_regions,
    render_build,
    write_card,
)

REPO = Path(__file__).resolve().parents[1]
CARD = REPO / "docs/models/relevance-card.md"
SIDECAR = REPO / "local_models/weights/relevance/smollm2-relevance-lora.json"


def committed_sidecar() -> dict:
    return json.loads(SIDECAR.read_text(encoding="utf-8"))


def other_run(sidecar: dict) -> dict:
    """The committed run's sidecar with different measurements, as a later training run would write."""
    run = copy.deepcopy(sidecar)
    run["threshold"] = 0.123
    run["dev_metrics"] = {**run["dev_metrics"], "precision": 0.5, "recall": 0.96, "f1": 0.6543}
    run["history"] = [{"step": 50, "f1": 0.6543, "precision": 0.5, "recall": 0.96, "threshold": 0.12}]
    run["verification"] = {**run["verification"], "samples": 3}
    return run


def hand_card(body: str) -> str:
    return ("# Veil relevance adapter (SmolLM2-135M-Instruct + LoRA)\n\n> **Status.** written by hand\n\n"
            "## What it does\n\nhand prose, not card.py's DESIGN\n\n## This build\n\n"
            f"{begin_marker(BUILD)}\n{body}\n{end_marker(BUILD)}\n\n"
            "## Results\n\n| data | QR-F1 |\n|---|---|\n| hand-written | **0.436** |\n\n"
            "## Limits\n\n* hand-written limit\n")


def test_existing_card_keeps_hand_sections_and_gets_a_new_generated_region(tmp_path: Path):
    sidecar = committed_sidecar()
    card = tmp_path / "card.md"
    card.write_bytes(hand_card("| old | table |\n\n### Dev\n\nold dev numbers").encode("utf-8"))
    run = other_run(sidecar)
    write_card(card, run, run["args"], notes="ignored: the card exists")
    text = card.read_bytes().decode("utf-8")
    assert text == hand_card(render_build(run, run["args"]))
    assert "old dev numbers" not in text and "ignored" not in text
    assert "F1 0.654" in text and "| 50 | 0.654 |" in text and "0.123, dev-tuned" in text
    # writing again over its own output changes nothing
    write_card(card, run, run["args"])
    assert card.read_bytes().decode("utf-8") == text


def test_existing_card_without_markers_is_refused_not_overwritten(tmp_path: Path):
    sidecar = committed_sidecar()
    card = tmp_path / "card.md"
    original = "# a card\n\n## Results\n\nhand-written results\n"
    card.write_text(original, encoding="utf-8")
    with pytest.raises(ValueError, match="generated"):
        write_card(card, sidecar, sidecar["args"])
    assert card.read_text(encoding="utf-8") == original


def test_new_path_gets_a_complete_card(tmp_path: Path):
    sidecar = committed_sidecar()
    card = tmp_path / "docs" / "relevance-card.md"
    write_card(card, sidecar, sidecar["args"], notes="> a note under the title")
    text = card.read_text(encoding="utf-8")
    assert text.startswith("# Veil relevance adapter (SmolLM2-135M-Instruct + LoRA)\n\n> a note under the title\n\n")
    sections = card_sections(text)
    assert list(sections) == ["What it does", "How it runs (on device, llama.cpp)", "Training", "This build", "Limits"]
    assert DESIGN in text
    assert generated_regions(text) == {BUILD: render_build(sidecar, sidecar["args"])}
    assert "### Dev (generator DEV family, gold candidates, 160 samples)" in text
    assert "### llama.cpp export check" in text and json.dumps(sidecar["verification"]) in text
    # the new card is updatable in place like the committed one
    run = other_run(sidecar)
    write_card(card, run, run["args"])
    assert generated_regions(card.read_text(encoding="utf-8")) == {BUILD: render_build(run, run["args"])}


def test_design_prose_matches_the_committed_card():
    committed = card_sections(CARD.read_text(encoding="utf-8"))
    design = card_sections(DESIGN)
    assert list(design) == ["What it does", "How it runs (on device, llama.cpp)", "Training"]
    for title, section in design.items():
        assert section == committed[title]
    assert "seq_cp`-then-" in DESIGN and "cached F32 copy" in DESIGN and "cached F16 copy" not in DESIGN


def test_regenerating_the_committed_card_from_its_sidecar_keeps_it(tmp_path: Path):
    """What `make model-relevance` does at its end (train.py: write_card(--card, sidecar, vars(args))),
    on a copy of the committed card with the committed run's sidecar and recorded args."""
    committed = CARD.read_bytes()
    card = tmp_path / "relevance-card.md"
    shutil.copyfile(CARD, card)
    sidecar = committed_sidecar()
    write_card(card, sidecar, sidecar["args"])
    assert card.read_bytes() == committed  # the generated region reproduces the committed run exactly
    # a different run changes the generated region only; every hand-written part stays as it was
    run = other_run(sidecar)
    write_card(card, run, run["args"])
    text, old = card.read_text(encoding="utf-8"), committed.decode("utf-8")
    old_region, new_region = generated_regions(old)[BUILD], generated_regions(text)[BUILD]
    assert old_region != new_region == render_build(run, run["args"])
    assert text.replace(new_region, "<region>") == old.replace(old_region, "<region>")
    for kept in ("> **Status (", "## Results (never trained or tuned on",
                 "Session 5 (retrained detector", "## Latency (`veil bench`", "## Relevance levels",
                 "## Measured cost of the design choices", "gold-candidate QR-F1 0.557"):
        assert text.count(kept) == old.count(kept) >= 1
    assert card_sections(text)["Limits"] == card_sections(old)["Limits"]
    assert CARD.read_bytes() == committed  # the real card is never touched
