"""Unrelated mode of the generator (eval/generator/unrelated.py): a general request that needs none of the
text's facts (gold query-related set empty), and `unrelated` wiring that leaves the default output untouched."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("faker")

from eval.dataset import samples_from_records
from eval.generator import SPLITS, generate, generate_traced
from eval.generator.__main__ import main
from eval.generator.families import FAMILIES
from eval.generator.unrelated import ASKS, is_unrelated_ask


def test_every_split_takes_an_unrelated_ask_with_an_empty_gold_set() -> None:
    for split in SPLITS:
        traced = generate_traced(split, n=6, seed=4, family="train", unrelated=1.0)
        items = [sample for sample, _ in traced]
        good, problems = samples_from_records(items, f"unrelated:{split}")
        assert not problems and len(good) == len(items), problems[:3]
        for sample, pieces in traced:
            assert sample["query_related"] == [], sample["id"]
            assert is_unrelated_ask(sample["query"]), sample["query"]
            assert any(pid.startswith("unrelated.ask/train/") for pid in pieces)
            assert sample["entities"], sample["id"]  # the text still holds PII, none of it needed


def test_unrelated_asks_are_family_split_and_recognised_in_any_case() -> None:
    texts = {fam: {p.text for p in ASKS.options(fam)} for fam in FAMILIES}
    assert all(texts.values())
    assert not (texts["train"] & texts["dev"]) and not (texts["train"] & texts["test"]) and not (texts["dev"] & texts["test"])
    assert is_unrelated_ask("WHO WON THE 2018 WORLD CUP?") and not is_unrelated_ask("What is my phone number?")


def test_other_empty_gold_sets_are_still_rejected() -> None:
    """Only an unrelated ask may need nothing: every other query mode still needs at least one fact."""
    for sample in generate("single", n=10, seed=5, family="dev", implicit_refs=0.5, situational=0.3):
        assert sample["query_related"]


def test_zero_unrelated_is_the_default_output_and_cli(tmp_path) -> None:
    for split in ("single", "distract"):
        default = generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2)
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2, unrelated=0.0) == default
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2, unrelated=1.0) != default
    with pytest.raises(ValueError):
        generate("single", n=1, unrelated=-0.1)
    out = tmp_path / "x.jsonl"
    assert main(["--split", "multi", "--n", "2", "--family", "dev", "--seed", "1", "--unrelated", "1",
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == generate("multi", n=2, seed=1, family="dev", unrelated=1.0)
