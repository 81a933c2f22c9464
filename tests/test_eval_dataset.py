"""The PII-Bench loader: good records load, each bad one is reported by line and skipped."""

import copy
import json

import pytest

from eval.dataset import load_samples, samples_from_records
from proxy.taxonomy import PiiType

GOOD = {
    "id": "single-0001",
    "split": "single",
    "description": "Lance works at the Global Health Research Center in Leeds.",
    "query": "How do I get to my office?",
    "entities": [
        {"text": "Lance", "type": "PER", "tag": "Nickname", "start": 0, "end": 5, "subject": "A"},
        {"text": "Global Health Research Center", "type": "ORG", "tag": "NGO", "start": 19, "end": 48, "subject": "A"},
        {"text": "Leeds", "type": "LOC", "tag": "City/Region", "start": 52, "end": 57, "subject": "A"},
    ],
    "query_related": [{"text": "Global Health Research Center", "subject": "A"}],
}


def variant(number: int, edit=None) -> dict:
    record = copy.deepcopy(GOOD)
    record["id"] = f"single-{number:04d}"
    if edit:
        edit(record)
    return record


def write_jsonl(tmp_path, lines):
    path = tmp_path / "data.jsonl"
    path.write_text("\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n", encoding="utf-8")
    return path


def test_good_record_loads(tmp_path):
    samples, problems = load_samples(write_jsonl(tmp_path, [GOOD]))
    assert problems == []
    [sample] = samples
    assert sample.entities[1].type is PiiType.ORG and sample.entities[1].tag == "NGO"
    assert sample.needed_texts == {"global health research center"}
    assert sample.subjects == ["A"]


def set_entity(index, **fields):
    def edit(record):
        record["entities"][index].update(fields)
    return edit


BAD = [
    (set_entity(2, start=50), "!= description[50:57] 'n Leeds'"),
    (set_entity(2, end=500), "outside the description"),
    (set_entity(2, tag="Town"), "tag 'Town' is not in the taxonomy"),
    (set_entity(2, type="ORG"), "does not match tag 'City/Region'"),
    (set_entity(2, subject="a"), "subject 'a' is not a letter"),
    (set_entity(2, start="52"), "start missing or of the wrong type"),
    (lambda r: r.pop("query"), "field 'query' is missing"),
    (lambda r: r.update(split="easy"), "split 'easy' is not one of"),
    (lambda r: r.update(query_related=[{"text": "Paris", "subject": "A"}]), "'Paris' (subject A) is not the text of any entity"),
    (lambda r: r.update(query_related=[{"text": "Leeds", "subject": "B"}]), "'Leeds' (subject B) is not the text"),
    (lambda r: r.update(query_related=[{"text": "Lance", "subject": "A"}]), "is a PER entity"),
    (lambda r: r.update(entities="none"), "'entities' is missing or not a list"),
]


@pytest.mark.parametrize("edit,message", BAD)
def test_bad_record_reported_with_line_number(tmp_path, edit, message):
    path = write_jsonl(tmp_path, [variant(1), variant(2, edit), variant(3)])
    samples, problems = load_samples(path)
    assert [s.id for s in samples] == ["single-0001", "single-0003"]
    assert len(problems) == 1
    problem = problems[0]
    assert problem.line == 2 and message in problem.message
    assert str(problem).startswith(f"{path}:2: ")


def test_invalid_json_and_blank_lines_and_duplicates(tmp_path):
    path = write_jsonl(tmp_path, [variant(1), "", "{not json", "[1, 2]", variant(1)])
    samples, problems = load_samples(path)
    assert [s.id for s in samples] == ["single-0001"]
    assert [(p.line, p.message.split(":")[0]) for p in problems] == [
        (3, "invalid JSON"),
        (4, "a record must be a JSON object, got list"),
        (5, "duplicate id (first on line 1)"),
    ]


def test_json_array_reports_the_line_each_record_starts_on(tmp_path):
    path = tmp_path / "data.json"
    records = [variant(1), variant(2, set_entity(0, tag="Alias")), variant(3)]
    path.write_text(json.dumps(records, indent=2), encoding="utf-8")
    samples, problems = load_samples(path)
    assert [s.id for s in samples] == ["single-0001", "single-0003"]
    [problem] = problems
    object_starts = [i for i, line in enumerate(path.read_text().splitlines(), 1) if line == "  {"]
    assert problem.line == object_starts[1] > 2
    assert "'Alias' is not in the taxonomy" in problem.message


def test_truncated_json_array_keeps_what_parsed(tmp_path):
    path = tmp_path / "data.json"
    path.write_text("[" + json.dumps(variant(1)) + ",\n" + json.dumps(variant(2))[:40], encoding="utf-8")
    samples, problems = load_samples(path)
    assert [s.id for s in samples] == ["single-0001"]
    assert problems[0].line == 2 and "invalid JSON" in problems[0].message


def test_several_errors_of_one_record_are_all_reported():
    bad = variant(1, lambda r: (r["entities"][0].update(tag="Alias"), r["entities"][2].update(start=0)))
    samples, problems = samples_from_records([bad])
    assert samples == []
    assert len(problems) == 2 and all(p.line == 1 and p.id == "single-0001" for p in problems)


def test_undecodable_bytes_are_a_problem_not_a_crash(tmp_path):
    path = tmp_path / "data.jsonl"
    path.write_bytes(json.dumps(variant(1)).encode() + b"\n\xff\xfe\n")
    samples, problems = load_samples(path)
    assert len(samples) == 1
    assert any(p.line == 2 and "UTF-8" in p.message for p in problems)


@pytest.mark.parametrize(
    ("name", "count"),
    [("handwritten.jsonl", 48), ("attribution-dev.jsonl", 72), ("attribution-dev4.jsonl", 40),
     ("attribution-dev5.jsonl", 40), ("attribution-val6.jsonl", 40), ("attribution-val7.jsonl", 40),
     ("dev18-profiles.jsonl", 40), ("dev18-self.jsonl", 40), ("dev18-about.jsonl", 40),
     ("dev18-records.jsonl", 40), ("dev18-multi.jsonl", 40)],
)
def test_shipped_hand_written_sets_load_without_problems(name, count):
    from pathlib import Path

    good, problems = load_samples(Path(__file__).parent.parent / "eval" / "data" / name)
    assert problems == [] and len(good) == count
    assert len({s.id for s in good}) == count
