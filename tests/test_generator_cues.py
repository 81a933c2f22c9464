"""Implicit-reference mode of the generator (eval/generator/cues.py): cue pools per
queryable kind, family-split, and `implicit_refs` wiring that leaves the default
output untouched."""

from __future__ import annotations

import json
import random
import re

import pytest

pytest.importorskip("faker")

from eval.dataset import samples_from_records
from eval.generator import SPLITS, generate, generate_traced
from eval.generator.__main__ import main
from eval.generator.cues import CUES, TASKS, render_cue
from eval.generator.document import Owner
from eval.generator.facts import KINDS
from eval.generator.families import FAMILIES, Pool
from eval.generator.persona import make_persona
from eval.generator.queries import contains_text
from eval.generator.situations import SITUATIONS
from proxy.taxonomy import TYPE_OF_TAG

N = {"single": 30, "multi": 25, "hard": 6, "distract": 6}
OWNERS = (Owner("my", True, "my"), Owner("the tenant's", False, "her"), Owner("his", False, "his"),
          Owner("my cousin's", False, "their"))


def _queryable_kinds() -> set[str]:
    """Kinds whose drawn values are not PER-typed (queries.queryable keeps exactly those facts)."""
    tags: dict[str, set[str]] = {k: set() for k in KINDS}
    for i in range(300):
        rng = random.Random(i)
        persona = make_persona(rng, 0)
        for key, kind in KINDS.items():
            value = kind.make(persona, rng)
            if value is not None:
                tags[key].add(value.tag)
    assert all(tags.values()), [k for k, t in tags.items() if not t]
    return {k for k, t in tags.items() if any(TYPE_OF_TAG[tag].value != "PER" for tag in t)}


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().casefold())


def test_every_queryable_kind_has_cues_in_every_family() -> None:
    assert set(CUES) == _queryable_kinds()
    for key, cues in CUES.items():
        sizes = {fam: len(cues.options(fam)) for fam in FAMILIES}
        assert sizes["train"] >= 5 and sizes["dev"] >= 3 and sizes["test"] >= 3, (key, sizes)
    assert len(TASKS.options("train")) >= 20 and len(TASKS.options("dev")) >= 8 and len(TASKS.options("test")) >= 8


@pytest.mark.parametrize("source", [*CUES.values(), TASKS, *SITUATIONS.values()], ids=lambda p: p.name)
def test_no_text_is_shared_between_families(source: Pool) -> None:
    seen: dict[str, str] = {}
    for piece in source.all_pieces():
        assert seen.setdefault(_norm(piece.text), piece.family) == piece.family, piece.text


def test_cues_fill_for_any_owner_and_do_not_name_their_kind() -> None:
    for key, cues in CUES.items():
        for piece in cues.all_pieces():
            assert piece.text == piece.text.strip() and not piece.text.endswith((".", "?", "!"))
            for owner in OWNERS:
                for pronoun in (False, True):
                    text = render_cue(piece.text, owner, pronoun)
                    assert "{" not in text and "}" not in text and "  " not in text, text
            assert not [r for r in KINDS[key].refs if contains_text(piece.text, r)], (key, piece.text)
    for piece in TASKS.all_pieces():
        assert piece.text.count("{refs}") == 1 and "{" not in piece.text.replace("{refs}", ""), piece.text


@pytest.fixture(scope="module")
def implicit() -> dict[str, list[dict]]:
    return {split: generate(split, n=n, seed=4, family="train", implicit_refs=1.0) for split, n in N.items()}


def test_implicit_samples_are_valid(implicit: dict[str, list[dict]]) -> None:
    for split, items in implicit.items():
        good, problems = samples_from_records(items, f"implicit:{split}")
        assert not problems and len(good) == N[split], problems[:3]
        for s in items:
            assert s["query"].strip() and s["query_related"], s["id"]
            assert "{" not in s["query"] and "}" not in s["query"], s["query"]
            for r in s["query_related"]:
                assert not contains_text(s["query"], r["text"]), (s["query"], r["text"])
                assert len(r["text"]) < 4 or r["text"].casefold() not in s["query"].casefold()


def test_implicit_queries_use_cues_and_tasks_of_their_own_family() -> None:
    for fam in FAMILIES:
        used: set[str] = set()
        for split in SPLITS:
            for _, pieces in generate_traced(split, n=8, seed=6, family=fam, implicit_refs=1.0):
                used |= pieces
        assert all(f"/{fam}/" in pid for pid in used)
        assert any(pid.startswith("cue.") for pid in used) and any(pid.startswith("query.task/") for pid in used)


def test_zero_implicit_refs_is_the_default_output() -> None:
    for split in SPLITS:
        for fam in ("train", "test"):
            default = generate(split, n=5, seed=9, family=fam)
            assert generate(split, n=5, seed=9, family=fam, implicit_refs=0.0) == default
            assert generate(split, n=5, seed=9, family=fam, implicit_refs=1.0) != default


def test_related_facts_are_the_same_kind_of_labels(implicit: dict[str, list[dict]]) -> None:
    # the chosen facts still come from the description, never names
    for s in implicit["multi"] + implicit["distract"]:
        mentions = {(e["text"], e["subject"]): e["type"] for e in s["entities"]}
        assert all(mentions[(r["text"], r["subject"])] != "PER" for r in s["query_related"])


def test_option_range_and_cli(tmp_path) -> None:
    with pytest.raises(ValueError):
        generate("single", n=1, implicit_refs=1.5)
    out = tmp_path / "x.jsonl"
    assert main(["--split", "single", "--n", "2", "--family", "dev", "--seed", "1", "--implicit-refs", "1",
                 "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows == generate("single", n=2, seed=1, family="dev", implicit_refs=1.0)
    with pytest.raises(SystemExit):
        main(["--split", "single", "--n", "1", "--implicit-refs", "2"])
