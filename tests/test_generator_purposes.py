"""Purpose mode of the generator (eval/generator/purposes.py): a task that needs every fact of one
person's purpose kinds, and `purpose` wiring that leaves the default output untouched (family
disjointness of the pools is test_generator.py's registry-wide check)."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("faker")

from eval.dataset import samples_from_records
from eval.generator import SPLITS, generate, generate_traced
from eval.generator.__main__ import main
from eval.generator.cues import render_cue
from eval.generator.document import Owner
from eval.generator.facts import KINDS
from eval.generator.families import FAMILIES, Ctx
from eval.generator.multi import build_multi
from eval.generator.purposes import PURPOSES
from eval.generator.queries import contains_text, purpose_query, queryable
from eval.generator.single import build_single

OWNERS = (Owner("my", True, "my"), Owner("the tenant's", False, "her"), Owner("his", False, "his"))


def test_purposes_name_real_kinds_and_fill_for_any_owner() -> None:
    for key, purpose in PURPOSES.items():
        assert len(purpose.kinds) >= 3 and purpose.kinds <= set(KINDS), key
        assert all(purpose.requests.options(fam) for fam in FAMILIES), key
        for piece in purpose.requests.all_pieces():
            assert piece.text.endswith((".", "?")), piece.text
            for owner in OWNERS:
                text = render_cue(piece.text, owner)
                assert "{" not in text and "}" not in text and "  " not in text, text
    assert render_cue("Would {s} pass a mortgage affordability check?", OWNERS[0]) == "Would I pass a mortgage affordability check?"


@pytest.fixture(scope="module")
def purposeful() -> dict[str, list[tuple[dict, set[str]]]]:
    return {split: generate_traced(split, n=12, seed=4, family="train", purpose=1.0) for split in SPLITS}


def test_purpose_samples_need_two_or_more_facts_of_one_person(purposeful) -> None:
    used = 0
    for split, traced in purposeful.items():
        items = [sample for sample, _ in traced]
        good, problems = samples_from_records(items, f"purpose:{split}")
        assert not problems and len(good) == len(items), problems[:3]
        for sample, pieces in traced:
            related = sample["query_related"]
            assert related, sample["id"]
            for r in related:
                assert not contains_text(sample["query"], r["text"]), (sample["query"], r["text"])
            if any(pid.startswith("purpose.") for pid in pieces):
                used += 1
                assert split != "distract", sample["query"]
                assert len(related) >= 2 and len({r["subject"] for r in related}) == 1, sample["query"]
    # single, multi and hard use a purpose whenever a person has two facts of one
    assert used >= 24, used


def test_purpose_query_needs_every_fact_of_its_kinds_for_that_person() -> None:
    checked = 0
    for i in range(30):
        ctx = Ctx(random.Random(f"purpose-test:{i}"), "train")
        doc = build_multi(ctx) if i % 2 else build_single(ctx)
        query, facts = purpose_query(ctx, doc, [])
        if not facts:
            continue
        key = next(pid.split("/")[0].removeprefix("purpose.") for pid in ctx.used if pid.startswith("purpose."))
        owner = facts[0].owner
        expected = [f for f in queryable(doc) if f.owner == owner and f.key in PURPOSES[key].kinds]
        assert facts == expected and len(facts) >= 2, (query, [f.key for f in facts])
        checked += 1
    assert checked >= 15, checked


def test_purpose_queries_use_their_own_family() -> None:
    for fam in FAMILIES:
        used: set[str] = set()
        for _, pieces in generate_traced("single", n=10, seed=6, family=fam, purpose=1.0):
            used |= pieces
        assert any(pid.startswith("purpose.") for pid in used)
        assert all(f"/{fam}/" in pid for pid in used)


def test_zero_purpose_is_the_default_output_and_cli(tmp_path) -> None:
    for split in ("single", "multi"):
        default = generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2)
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2, purpose=0.0) == default
        assert generate(split, n=5, seed=9, family="train", implicit_refs=0.5, situational=0.2, purpose=1.0) != default
    with pytest.raises(ValueError):
        generate("single", n=1, purpose=1.5)
    out = tmp_path / "x.jsonl"
    assert main(["--split", "single", "--n", "2", "--family", "dev", "--seed", "1", "--purpose", "1",
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == generate("single", n=2, seed=1, family="dev", purpose=1.0)
