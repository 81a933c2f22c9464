"""PII-Bench samples: the spec's JSON Lines (or JSON array) records, validated.

The loader is the gate every benchmark file passes, ours or an outside one:
a record that breaks the spec (`shared/specs/piibench-format.md`) would make
the scores silently wrong, so it is rejected with its line number and a plain
message, and the run goes on with the good records.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from proxy.entities import normalize_text
from proxy.taxonomy import PiiType, UnknownTagError, canonical_tag, type_of

SPLITS: tuple[str, ...] = ("single", "multi", "hard", "distract")
_SUBJECT = re.compile(r"[A-Z]")


@dataclass(frozen=True, slots=True)
class GoldEntity:
    """One gold PII mention: `text == description[start:end]`."""

    text: str
    type: PiiType
    tag: str
    start: int
    end: int
    subject: str


@dataclass(frozen=True, slots=True)
class QueryItem:
    """One member of E_q: an entity text (with its subject) the query needs."""

    text: str
    subject: str


@dataclass(frozen=True, slots=True)
class Sample:
    id: str
    split: str
    description: str
    query: str
    entities: tuple[GoldEntity, ...]
    query_related: tuple[QueryItem, ...]

    @property
    def subjects(self) -> list[str]:
        return sorted({e.subject for e in self.entities})

    @property
    def has_query(self) -> bool:
        """Tasks 2 and 3 exist only for a sample with a query (spec)."""
        return bool(self.query.strip())

    @property
    def needed_texts(self) -> set[str]:
        """E_q as normalized texts."""
        return {normalize_text(item.text) for item in self.query_related}


@dataclass(frozen=True, slots=True)
class Problem:
    """Why one record (or one line) of a file was rejected."""

    source: str
    line: int
    message: str
    id: str | None = None

    def __str__(self) -> str:
        where = f"{self.source}:{self.line}"
        return f"{where}: {self.message}" + (f" (id {self.id})" if self.id else "")


class RecordError(ValueError):
    """A record breaks the spec; `messages` lists every broken rule."""

    def __init__(self, messages: list[str]) -> None:
        super().__init__("; ".join(messages))
        self.messages = messages


def load_samples(path: str | Path) -> tuple[list[Sample], list[Problem]]:
    """Valid samples of a JSONL file or JSON array, and the problems of the rest.

    Raises only for an unreadable file (`OSError`); bad content becomes problems.
    """
    path = Path(path)
    raw = path.read_bytes()
    problems: list[Problem] = []
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        problems.append(Problem(str(path), line, f"not valid UTF-8 ({exc.reason})"))
        text = raw.decode("utf-8-sig", errors="replace")
    located = _json_array(text, str(path), problems) if text.lstrip().startswith("[") else _json_lines(text, str(path), problems)
    samples = _validated(located, str(path), problems)
    return samples, problems


def samples_from_records(records: Iterable[dict[str, Any]], source: str = "<records>") -> tuple[list[Sample], list[Problem]]:
    """Validate in-memory records (e.g. from the generator); `line` is the 1-based index."""
    problems: list[Problem] = []
    samples = _validated(((i, r) for i, r in enumerate(records, start=1)), source, problems)
    return samples, problems


def _validated(located: Iterable[tuple[int, Any]], source: str, problems: list[Problem]) -> list[Sample]:
    samples: list[Sample] = []
    seen: dict[str, int] = {}
    for line, record in located:
        record_id = record.get("id") if isinstance(record, dict) and isinstance(record.get("id"), str) else None
        try:
            sample = parse_record(record)
        except RecordError as exc:
            problems.extend(Problem(source, line, message, record_id) for message in exc.messages)
            continue
        if sample.id in seen:
            problems.append(Problem(source, line, f"duplicate id (first on line {seen[sample.id]})", sample.id))
            continue
        seen[sample.id] = line
        samples.append(sample)
    return samples


def _json_lines(text: str, source: str, problems: list[Problem]) -> Iterator[tuple[int, Any]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except json.JSONDecodeError as exc:
            problems.append(Problem(source, number, f"invalid JSON: {exc.msg} at column {exc.colno}"))


def _json_array(text: str, source: str, problems: list[Problem]) -> Iterator[tuple[int, Any]]:
    """Elements of a JSON array with the line each starts on (json.load loses it)."""
    decoder = json.JSONDecoder()
    index = text.index("[") + 1
    while True:
        index = _skip_space(text, index)
        if index >= len(text):
            problems.append(Problem(source, text.count("\n") + 1, "invalid JSON: the array is not closed with ']'"))
            return
        if text[index] == "]":
            return
        line = text.count("\n", 0, index) + 1
        try:
            element, index = decoder.raw_decode(text, index)
        except json.JSONDecodeError as exc:
            problems.append(Problem(source, exc.lineno, f"invalid JSON: {exc.msg} at column {exc.colno}; the rest of the file is skipped"))
            return
        yield line, element
        index = _skip_space(text, index)
        if index < len(text) and text[index] == ",":
            index += 1


def _skip_space(text: str, index: int) -> int:
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def parse_record(record: Any) -> Sample:
    """One spec record as a `Sample`; raises `RecordError` naming every broken rule."""
    if not isinstance(record, dict):
        raise RecordError([f"a record must be a JSON object, got {type(record).__name__}"])
    errors: list[str] = []
    for name in ("id", "split", "description", "query"):
        if not isinstance(record.get(name), str):
            errors.append(f"field {name!r} is missing or not a string")
    for name in ("entities", "query_related"):
        if not isinstance(record.get(name), list):
            errors.append(f"field {name!r} is missing or not a list")
    if errors:
        raise RecordError(errors)
    if not record["id"]:
        errors.append("field 'id' is empty")
    if record["split"] not in SPLITS:
        errors.append(f"split {record['split']!r} is not one of {', '.join(SPLITS)}")
    description: str = record["description"]
    entities = [e for i, raw in enumerate(record["entities"]) if (e := _entity(i, raw, description, errors))]
    items = [q for i, raw in enumerate(record["query_related"]) if (q := _query_item(i, raw, entities, errors))]
    if errors:
        raise RecordError(errors)
    return Sample(record["id"], record["split"], description, record["query"], tuple(entities), tuple(items))


def _entity(index: int, raw: Any, description: str, errors: list[str]) -> GoldEntity | None:
    where = f"entities[{index}]"
    if not isinstance(raw, dict):
        errors.append(f"{where} is not an object")
        return None
    bad = [name for name in ("text", "type", "tag", "subject") if not isinstance(raw.get(name), str)]
    bad += [name for name in ("start", "end") if type(raw.get(name)) is not int]
    if bad:
        errors.append(f"{where}: field(s) {', '.join(bad)} missing or of the wrong type")
        return None
    ok = True
    text, start, end = raw["text"], raw["start"], raw["end"]
    if not 0 <= start < end <= len(description):
        errors.append(f"{where} {text!r}: span [{start}, {end}) is outside the description (length {len(description)})")
        ok = False
    elif description[start:end] != text:
        errors.append(f"{where}: text {text!r} != description[{start}:{end}] {description[start:end]!r}")
        ok = False
    try:
        tag = canonical_tag(raw["tag"])
    except UnknownTagError:
        errors.append(f"{where} {text!r}: tag {raw['tag']!r} is not in the taxonomy")
        return None
    if raw["type"] != type_of(tag).value:
        errors.append(f"{where} {text!r}: type {raw['type']!r} does not match tag {tag!r} (type {type_of(tag).value})")
        ok = False
    if not _SUBJECT.fullmatch(raw["subject"]):
        errors.append(f"{where} {text!r}: subject {raw['subject']!r} is not a letter A-Z")
        ok = False
    return GoldEntity(text, type_of(tag), tag, start, end, raw["subject"]) if ok else None


def _query_item(index: int, raw: Any, entities: list[GoldEntity], errors: list[str]) -> QueryItem | None:
    where = f"query_related[{index}]"
    if not isinstance(raw, dict) or not isinstance(raw.get("text"), str) or not isinstance(raw.get("subject"), str):
        errors.append(f"{where} must be an object with string fields 'text' and 'subject'")
        return None
    text, subject = raw["text"], raw["subject"]
    mentions = [e for e in entities if e.text == text and e.subject == subject]
    if not mentions:
        errors.append(f"{where} {text!r} (subject {subject}) is not the text of any entity of that subject")
        return None
    if any(e.type is PiiType.PER for e in mentions):
        errors.append(f"{where} {text!r} is a PER entity; names are never query-related")
        return None
    return QueryItem(text, subject)
