"""The PII-Bench style generator: spec validity, span conventions, determinism,
and that train/dev/test phrasing families are really disjoint."""

from __future__ import annotations

import json
import re
import string
from collections import Counter

import pytest

pytest.importorskip("faker")

from eval.generator import DEFAULT_SIZES, SPLITS, api, generate, generate_traced
from eval.generator.checksums import iban_valid, luhn_valid
from eval.generator.families import FAMILIES, REGISTRY
from eval.generator.queries import contains_text
from proxy.taxonomy import ALL_TAGS, TYPE_OF_TAG

N_PER_SPLIT = {"single": 60, "multi": 50, "hard": 15, "distract": 15}


@pytest.fixture(scope="module")
def samples() -> dict[str, list[dict]]:
    return {split: generate(split, n=n, seed=3, family="test") for split, n in N_PER_SPLIT.items()}


def _all(samples: dict[str, list[dict]]) -> list[dict]:
    return [s for split in SPLITS for s in samples[split]]


def test_public_api_constants() -> None:
    assert SPLITS == ("single", "multi", "hard", "distract")
    assert DEFAULT_SIZES == {"single": 1214, "multi": 1228, "hard": 200, "distract": 200}


def test_samples_follow_the_spec(samples: dict[str, list[dict]]) -> None:
    for split, items in samples.items():
        assert len(items) == N_PER_SPLIT[split]
        for s in items:
            assert set(s) == {"id", "split", "description", "query", "entities", "query_related"}
            assert s["split"] == split and s["id"].startswith(f"test-{split}-")
            assert s["query"].strip()
            text = s["description"]
            last_end = 0
            for e in s["entities"]:
                assert set(e) == {"text", "type", "tag", "start", "end", "subject"}
                assert text[e["start"]:e["end"]] == e["text"], e
                assert e["start"] >= last_end, "mentions must not overlap"
                last_end = e["end"]
                assert e["tag"] in ALL_TAGS
                assert e["type"] == TYPE_OF_TAG[e["tag"]].value
                assert e["text"] == e["text"].strip() and e["text"][-1] not in ",;:" and e["text"][0] not in ",;:"


def test_subjects_are_lettered_by_first_appearance(samples: dict[str, list[dict]]) -> None:
    for s in _all(samples):
        order = list(dict.fromkeys(e["subject"] for e in sorted(s["entities"], key=lambda e: e["start"])))
        assert order == list(string.ascii_uppercase[:len(order)]), (s["id"], order)


def test_query_related_is_needed_pii_never_names_never_quoted(samples: dict[str, list[dict]]) -> None:
    for s in _all(samples):
        mentions = {(e["text"], e["subject"]) for e in s["entities"]}
        names = {(e["text"], e["subject"]) for e in s["entities"] if e["type"] == "PER"}
        assert s["query_related"], s["id"]
        assert len({(r["text"], r["subject"]) for r in s["query_related"]}) == len(s["query_related"]), "distinct"
        for r in s["query_related"]:
            assert set(r) == {"text", "subject"}
            assert (r["text"], r["subject"]) in mentions
            assert (r["text"], r["subject"]) not in names
            assert not contains_text(s["query"], r["text"]), (s["query"], r["text"])   # any case, as a word
            assert len(r["text"]) < 4 or r["text"].casefold() not in s["query"].casefold(), (s["query"], r["text"])


def test_split_shapes(samples: dict[str, list[dict]]) -> None:
    for s in samples["single"]:
        assert 4 <= len(s["entities"]) <= 16 and {e["subject"] for e in s["entities"]} == {"A"}
    for s in samples["multi"]:
        assert len({e["subject"] for e in s["entities"]}) >= 2
    for s in samples["distract"]:
        assert {e["subject"] for e in s["entities"]} == set("ABCDE")
        assert len({r["subject"] for r in s["query_related"]}) == 3
    mean = lambda xs: sum(xs) / len(xs)
    assert mean([len(s["entities"]) for s in samples["hard"]]) > 1.8 * mean([len(s["entities"]) for s in samples["single"]])
    assert mean([len(s["description"]) for s in samples["hard"]]) > 2 * mean([len(s["description"]) for s in samples["single"]])


def test_span_conventions(samples: dict[str, list[dict]]) -> None:
    money = {"Monthly Income", "Monthly Expenses", "Account Balance", "Loan Amount", "Annual Bonus", "Credit Limit",
             "Social Security Payment", "Tax Payment"}
    for s in _all(samples):
        for e in s["entities"]:
            t, tag = e["text"], e["tag"]
            if tag == "Age" or tag == "Credit Score":
                assert t.isdigit(), e
            if tag in money:
                assert re.search(r"\d", t) and not re.search(r"\b(per|a|each|every) (month|year)\b", t), e
            if tag in ("Debt Ratio", "ROI"):
                assert t.endswith(("%", "percent", "per cent")), e
            if e["type"] == "ORG" or tag == "Landmark":
                assert not t.startswith("the "), e
            if tag in ("Occupation", "Medical Condition", "Physical Features", "Disability Status", "Education Level"):
                assert not t.startswith(("the ", "a ", "an ")), e
            if tag == "Social Media Handle":
                assert t.startswith("@")
            if tag == "Email Address":
                assert re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z.]+", t), e


def test_identifiers_have_valid_check_digits(samples: dict[str, list[dict]]) -> None:
    cards = ibans = ssns = 0
    for s in _all(samples):
        for e in s["entities"]:
            t = e["text"]
            if e["tag"] == "Credit Card":
                cards += 1
                assert luhn_valid(t), t
            if e["tag"] == "Bank Account" and re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9 ]+", t):
                ibans += 1
                assert iban_valid(t), t
            m = re.fullmatch(r"(\d{3})-(\d{2})-(\d{4})", t)
            if e["tag"] == "Social Security Number" and m:
                ssns += 1
                area, group, serial = m.groups()
                assert area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"
    assert cards and ibans


def test_deterministic_and_seeded() -> None:
    for split in SPLITS:
        a = generate(split, n=4, seed=7, family="dev")
        assert a == generate(split, n=4, seed=7, family="dev")
        assert a != generate(split, n=4, seed=8, family="dev")
    # a sample does not depend on how many are generated
    assert generate("single", n=2, seed=7)[1] == generate("single", n=5, seed=7)[1]


def test_ids_and_sizes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(api.DEFAULT_SIZES, "distract", 3)
    items = generate("distract", seed=1, family="train")
    assert [s["id"] for s in items] == ["train-distract-0001", "train-distract-0002", "train-distract-0003"]
    with pytest.raises(ValueError):
        generate("single", n=1, family="validation")
    with pytest.raises(ValueError):
        generate("singles", n=1)


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.strip().casefold())


def test_template_families_are_disjoint() -> None:
    by_text: dict[str, set[str]] = {}
    for pool in REGISTRY.values():
        for fam in FAMILIES:
            assert pool.options(fam), f"{pool.name} has no {fam} pieces"
        for piece in pool.all_pieces():
            assert piece.id.startswith(f"{pool.name}/{piece.family}/")
            if _norm(piece.text):
                by_text.setdefault(_norm(piece.text), set()).add(piece.family)
    shared = {t: f for t, f in by_text.items() if len(f) > 1}
    assert not shared, shared
    assert len(REGISTRY) > 100 and len(by_text) > 800


def test_each_family_uses_only_its_own_pieces() -> None:
    for fam in FAMILIES:
        used: set[str] = set()
        for split in SPLITS:
            for _, pieces in generate_traced(split, n=6, seed=2, family=fam):
                used |= pieces
        assert used and all(f"/{fam}/" in pid for pid in used)


def _masked_ngrams(items: list[dict], n: int = 4) -> Counter:
    """Word n-grams of the descriptions with every entity replaced by one placeholder token."""
    grams: Counter = Counter()
    for s in items:
        text = s["description"]
        for e in sorted(s["entities"], key=lambda e: -e["start"]):
            text = text[:e["start"]] + " \x00 " + text[e["end"]:]
        words = re.findall(r"[a-z']+|\x00", text.lower())
        for i in range(len(words) - n + 1):
            grams[" ".join(words[i:i + n])] += 1
    return grams


def _overlap(a: Counter, b: Counter) -> float:
    """Share of b's 4-gram occurrences whose 4-gram also occurs in a."""
    total = sum(b.values())
    return sum(c for g, c in b.items() if g in a) / total


def test_generated_text_overlaps_little_across_families() -> None:
    train_a = _masked_ngrams(generate("single", n=150, seed=21, family="train") + generate("multi", n=60, seed=21, family="train"))
    train_b = _masked_ngrams(generate("single", n=150, seed=22, family="train") + generate("multi", n=60, seed=22, family="train"))
    test = _masked_ngrams(generate("single", n=150, seed=22, family="test") + generate("multi", n=60, seed=22, family="test"))
    within, across = _overlap(train_a, train_b), _overlap(train_a, test)
    assert across < 0.25, across
    assert within > 2 * across, (within, across)


def test_all_tags_appear_in_a_moderate_sample() -> None:
    items = generate("single", n=250, seed=5, family="train") + generate("multi", n=80, seed=5, family="train")
    seen = Counter(e["tag"] for s in items for e in s["entities"])
    assert set(ALL_TAGS) <= set(seen), sorted(set(ALL_TAGS) - set(seen))


def test_cli_writes_jsonl(tmp_path) -> None:
    from eval.generator.__main__ import main

    out = tmp_path / "x.jsonl"
    assert main(["--split", "single", "--n", "3", "--family", "train", "--seed", "1", "--out", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["train-single-0001", "train-single-0002", "train-single-0003"]
    assert rows == generate("single", n=3, seed=1, family="train")
