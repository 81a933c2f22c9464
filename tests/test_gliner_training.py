"""Training-data preparation for the GLiNER detector: spec JSONL -> word-level examples, augmentation keeps spans exact."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from local_models.training.data import (
    Augmenter,
    Segment,
    build_examples,
    length_grouped,
    load_samples,
    render,
    sample_segments,
    split_words,
    to_examples,
    value_bank,
)
from local_models.training.evaluate import best_threshold, norm, score
from local_models.training.labels import SOFT_LABELS, label_map
from proxy.taxonomy import ALL_TAGS

TEXT = (
    "Maria Lopez is a software engineer at Northwind Traders in Lyon. She was diagnosed with type 2 diabetes in 2019. "
    "Her brother Tom studies at the University of Leeds and posts as @tom_l88."
)
GOLD = [
    ("Maria Lopez", "Full Name"), ("software engineer", "Occupation"), ("Northwind Traders", "Company Name"),
    ("Lyon", "City/Region"), ("type 2 diabetes", "Medical Condition"), ("2019", "Date"), ("Tom", "Nickname"),
    ("University of Leeds", "Educational Institution"), ("@tom_l88", "Social Media Handle"),
]


def sample(text: str = TEXT, gold=GOLD) -> dict:
    entities = []
    for surface, tag in gold:
        start = text.index(surface)
        entities.append({"text": surface, "type": "X", "tag": tag, "start": start, "end": start + len(surface), "subject": "A"})
    return {"id": "t-1", "split": "single", "description": text, "query": "", "entities": entities, "query_related": []}


TAG_TO_LABEL = {tag: label for label, tag in SOFT_LABELS.items()}


def test_labels_are_taxonomy_tags():
    for name in ("soft", "extended"):
        assert set(label_map(name).values()) <= set(ALL_TAGS)
    assert "Date" not in SOFT_LABELS.values()  # structured tags are the patterns detector's


def test_load_samples_accepts_jsonl_and_json_array(tmp_path: Path):
    (tmp_path / "a.jsonl").write_text(json.dumps(sample()) + "\n\n" + json.dumps(sample()) + "\n")
    (tmp_path / "b.json").write_text(json.dumps([sample()]))
    assert len(load_samples(tmp_path / "a.jsonl")) == 2
    assert len(load_samples(tmp_path / "b.json")) == 1


def test_examples_are_word_aligned_and_skip_patterns_tags():
    (example,) = to_examples(sample_segments(sample()), TAG_TO_LABEL, list(SOFT_LABELS))
    words = example["tokenized_text"]
    spans = {(" ".join(words[s : e + 1]), label) for s, e, label in example["ner"]}
    assert ("Maria Lopez", "full name") in spans
    assert ("University of Leeds", "school or university") in spans
    assert ("@ tom _ l88", "social media handle") in spans
    assert {label for _, label in spans} == {TAG_TO_LABEL[t] for _, t in GOLD if t in TAG_TO_LABEL}
    assert not any(label == "date" for _, label in spans)
    assert example["ner_labels"] == list(SOFT_LABELS)
    assert split_words("@tom_l88") == [("@", 0, 1), ("tom", 1, 4), ("_", 4, 5), ("l88", 5, 8)]


def test_augmentation_keeps_every_span_exact():
    samples = [sample()]
    bank = value_bank(samples + [sample(TEXT.replace("Lyon", "Quito"), [("Quito", "City/Region")])], TAG_TO_LABEL)
    rng = random.Random(3)
    augment = Augmenter(bank, rng, strength=2.0)
    base = sample_segments(samples[0])
    seen_texts = set()
    for _ in range(200):
        segs = augment(list(base))
        text, spans = render(segs)
        seen_texts.add(text)
        for (start, end, tag), seg in zip(spans, [s for s in segs if s.tag is not None and s.text]):
            assert text[start:end] == seg.text and seg.tag == tag
        assert sum(1 for s in segs if s.tag) <= len(GOLD)
    assert len(seen_texts) > 50  # it really varies the text


def test_long_texts_are_chunked_at_sentence_ends_without_cutting_entities():
    text = " ".join(["Maria Lopez lives in Lyon."] * 60)
    segs: list[Segment] = []
    for i in range(60):
        segs += [Segment("Maria Lopez", "Full Name"), Segment(" lives in "), Segment("Lyon", "City/Region"), Segment(". " if i < 59 else ".")]
    assert render(segs)[0] == text
    chunks = to_examples(segs, TAG_TO_LABEL, list(SOFT_LABELS), max_words=50)
    assert len(chunks) > 5
    assert all(len(c["tokenized_text"]) <= 50 for c in chunks)
    assert sum(len(c["ner"]) for c in chunks) == 120
    for c in chunks:
        assert c["tokenized_text"][-1] == "."
        for s, e, _ in c["ner"]:
            assert 0 <= s <= e < len(c["tokenized_text"])


def test_build_examples_is_seeded_and_length_grouped():
    samples = [sample() for _ in range(20)]
    a = build_examples(samples, TAG_TO_LABEL, copies=2, seed=5)
    b = build_examples(samples, TAG_TO_LABEL, copies=2, seed=5)
    assert a == b and len(a) == 40
    grouped = length_grouped(a, batch_size=4, seed=1)
    assert sorted(map(json.dumps, grouped)) == sorted(map(json.dumps, a))


def test_dev_scores_and_threshold():
    s = sample()
    tags = set(SOFT_LABELS.values())
    perfect = score([s], [[(t, tag) for t, tag in GOLD]], tags)
    assert perfect.strict_f1 == 1.0 and perfect.n_gold == 8  # the Date is not a soft tag
    half = score([s], [[("maria lopez.", "Full Name"), ("Lyon", "Company Name")]], tags)
    assert half.strict_p == 0.5 and half.ent_f1 > half.strict_f1
    raw = [[(t, tag, 0.9) for t, tag in GOLD] + [("Her", "Full Name", 0.4)]]
    threshold, best = best_threshold([s], raw, tags)
    assert threshold > 0.4 and best.strict_f1 == 1.0
    assert norm("  “Lyon”. ") == "lyon"


def test_open_bank_values_are_swapped_in_with_exact_spans():
    from local_models.training.open_values import terse_samples

    open_bank = {"City/Region": ["Kandy", "Legnica"], "Full Name": ["Zelha Erdoğan"]}
    augment = Augmenter(value_bank([sample()], TAG_TO_LABEL), random.Random(4), strength=2.0, open_bank=open_bank)
    base = sample_segments(sample())
    seen: set[str] = set()
    for _ in range(300):
        segs = augment(list(base))
        text, spans = render(segs)
        for start, end, tag in spans:
            if text[start:end] in ("Kandy", "Legnica", "Zelha Erdoğan"):
                assert tag in open_bank
                seen.add(text[start:end])
    assert seen == {"Kandy", "Legnica", "Zelha Erdoğan"}
    # a tag only the open bank has is still swapped (from it), never crashes
    only_open = Augmenter({}, random.Random(1), strength=2.0, open_bank=open_bank)
    assert any(s.text == "Kandy" for _ in range(100) for s in only_open(list(base)))


def test_terse_texts_are_labelled_from_the_bank_and_join_the_examples():
    from local_models.training.open_values import TERSE_TEMPLATES, _job, terse_samples

    bank = {"Full Name": ["Ana Ruiz"], "Company Name": ["Berthelot et Fils"], "Street Address": ["ul. Sawickiej 95"],
            "City/Region": ["Legnica"], "Occupation": ["warehouse manager"]}
    texts = terse_samples(60, bank, seed=2)
    assert texts == terse_samples(60, bank, seed=2) and len(texts) == 60
    for segs in texts:
        for s in segs:
            if s.tag is not None:
                assert s.text.lower() in {v.lower() for v in bank[s.tag]}
            else:
                assert "{" not in s.text  # every slot was filled
    assert len(TERSE_TEMPLATES) >= 20
    assert _job("Engineer, civil") == "civil engineer"
    with_extra = build_examples([sample()], TAG_TO_LABEL, seed=5, extra=texts[:10])
    assert len(with_extra) == 11
    labels = {lab for ex in with_extra for *_, lab in ex["ner"]}
    assert {"full name", "city or region"} <= labels


def _presidio_raw(root):
    """A raw_data folder in presidio-evaluator's own file formats."""
    raw = root / "raw_data"
    raw.mkdir()
    (raw / "templates.txt").write_text(
        "My friend {{first_name}} {{last_name}} lives in {{city}}\n"
        "{{organization}} is an {{nationality}} bank\\nCall {{phone_number}}\n"
        "Ship it to {{building_number}} {{street_name}}, {{city}}\n"
        "The corner of {{street_name}} and Main\n"
        "How do I check my balance?\n",
        encoding="utf-8",
    )
    (raw / "nationalities.csv").write_text("\ufeffcountry,nationality,man,woman,plural\nnorway,norwegian,norwegian,"
                                           "norwegian,norwegians\n", encoding="utf-8")
    (raw / "companies_and_organizations.csv").write_text("organization\nABN AMRO Group NV\n  \n", encoding="utf-8")
    return raw


def test_presidio_templates_are_filled_and_labelled(tmp_path):
    from local_models.training.presidio_templates import companies, nationalities, template_samples, templates

    raw = _presidio_raw(tmp_path)
    pool = templates(raw)
    # a template without a labelled slot, or with a street name standing alone, is left out; number + street
    # name is one address; an escaped newline is a line break
    assert pool == ["My friend {{first_name}} {{last_name}} lives in {{city}}",
                    "{{organization}} is an {{nationality}} bank\nCall {{phone_number}}",
                    "Ship it to {{address}}, {{city}}"]
    assert companies(raw) == ["ABN AMRO Group NV"] and nationalities(raw) == ["Norwegian"]
    bank = {"Full Name": ["Ana Ruiz"], "City/Region": ["Legnica"], "Company Name": ["Berthelot et Fils"],
            "Street Address": ["ul. Sawickiej 95"]}
    texts = template_samples(40, bank, raw, seed=1)
    assert texts == template_samples(40, bank, raw, seed=1)
    seen = set()
    for segs in texts:
        text = "".join(s.text for s in segs)
        assert "{" not in text
        for s in segs:
            if s.tag:
                seen.add((s.text, s.tag))
    assert seen == {("Ana Ruiz", "Full Name"), ("Legnica", "City/Region"), ("Berthelot et Fils", "Company Name"),
                    ("Norwegian", "Nationality"), ("ul. Sawickiej 95", "Street Address")}


def test_the_installed_presidio_evaluator_feeds_the_open_bank():
    from local_models.training.open_values import open_value_bank
    from local_models.training.presidio_templates import raw_data_dir, templates

    raw = raw_data_dir()
    if raw is None:
        pytest.skip("presidio-evaluator is not installed (make setup installs it)")
    assert len(templates(raw)) > 100
    bank = open_value_bank(n=40)
    assert "Norwegian" in bank["Nationality"] and "ABN AMRO Group NV" in bank["Company Name"]
