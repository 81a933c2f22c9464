"""Situational mode of the generator (eval/generator/situations.py): requests that need one fact
without referring to it, and `situational` wiring that leaves the default output untouched (that no
situation is shared between families is tested with the cues in test_generator_cues.py)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("faker")

from eval.dataset import samples_from_records
from eval.generator import SPLITS, generate, generate_traced
from eval.generator.__main__ import main
from eval.generator.cues import render_cue
from eval.generator.document import Owner
from eval.generator.facts import KINDS
from eval.generator.families import FAMILIES
from eval.generator.queries import contains_text
from eval.generator.situations import SITUATIONS

OWNERS = (Owner("my", True, "my"), Owner("the tenant's", False, "her"), Owner("his", False, "his"))


def test_situations_cover_real_kinds_in_every_family() -> None:
    assert set(SITUATIONS) <= set(KINDS)
    for key, situations in SITUATIONS.items():
        assert all(situations.options(fam) for fam in FAMILIES), key


def test_situations_are_requests_that_do_not_name_their_fact() -> None:
    for key, situations in SITUATIONS.items():
        for piece in situations.all_pieces():
            assert piece.text.endswith((".", "?")), piece.text
            assert not [r for r in KINDS[key].refs if contains_text(piece.text, r)], (key, piece.text)
            for owner in OWNERS:
                text = render_cue(piece.text, owner)
                assert "{" not in text and "}" not in text and "  " not in text, text
    # the user's own situations read in the first person with agreeing verbs
    assert render_cue("Which school catchment area {be} {s} in?", OWNERS[0]) == "Which school catchment area am I in?"
    assert render_cue("Which school catchment area {be} {s} in?", OWNERS[1]) == "Which school catchment area is the tenant in?"


@pytest.fixture(scope="module")
def situational() -> dict[str, list[tuple[dict, set[str]]]]:
    return {split: generate_traced(split, n=12, seed=4, family="train", situational=1.0) for split in SPLITS}


def test_situational_samples_need_exactly_one_unnamed_fact(situational) -> None:
    used_situation = 0
    for split, traced in situational.items():
        items = [sample for sample, _ in traced]
        good, problems = samples_from_records(items, f"situational:{split}")
        assert not problems and len(good) == len(items), problems[:3]
        for sample, pieces in traced:
            assert sample["query_related"], sample["id"]
            for r in sample["query_related"]:
                assert not contains_text(sample["query"], r["text"]), (sample["query"], r["text"])
            if any(pid.startswith("situation.") for pid in pieces):
                used_situation += 1
                assert split != "distract" and len(sample["query_related"]) == 1, sample["query"]
    # single, multi and hard use a situation whenever the document has a fact one fits
    assert used_situation >= 24, used_situation


def test_situational_queries_use_their_own_family() -> None:
    for fam in FAMILIES:
        used: set[str] = set()
        for _, pieces in generate_traced("single", n=10, seed=6, family=fam, situational=1.0):
            used |= pieces
        assert any(pid.startswith("situation.") for pid in used)
        assert all(f"/{fam}/" in pid for pid in used)


def test_zero_situational_is_the_default_output_and_cli(tmp_path) -> None:
    for split in ("single", "multi"):
        default = generate(split, n=5, seed=9, family="train", implicit_refs=0.5)
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.0) == default
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=1.0) != default
    with pytest.raises(ValueError):
        generate("single", n=1, situational=-0.1)
    out = tmp_path / "x.jsonl"
    assert main(["--split", "single", "--n", "2", "--family", "dev", "--seed", "1", "--situational", "1",
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == generate("single", n=2, seed=1, family="dev", situational=1.0)
