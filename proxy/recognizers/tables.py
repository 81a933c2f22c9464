"""Pasted tables: a CSV or markdown header row names what its columns hold, however far down the rows go.

"Applicant","Student ID",... / | Engineer | Emp ID | Mobile | / | Name | Age | Blood group |: a value in such a column
has no label beside it, only its header. `column_cells` yields the cells under the headers a caller recognises; the
ID recognizer (`identifiers`) and `TableColumnRecognizer` (blood groups, genders, ages) check each cell's shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, PatternRecognizer
from proxy.recognizers.companies import LEGAL_FORMS
from proxy.recognizers.full_names import NAME_PARTICLE, NAME_PARTICLES, NAME_WORD
from proxy.recognizers.given_names import NOT_NAMES
from proxy.recognizers.identifiers import ID_TAGS, id_column_tag, is_id_token
from proxy.recognizers.scan import ScanText

_TABLE_LINE = re.compile(r"[^\n]*[|,][^\n]*")
_PIPE_CELL = re.compile(r"[^|]+")
_CSV_CELL = re.compile(r'"[^"\n]*"|[^,\n]+|(?<=,)(?=,|$)')
_SEPARATOR_ROW = re.compile(r"[\s|:-]+")


def _cells(line: str, offset: int) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell, stripped of spaces and quotes; pipes win over commas."""
    pattern = _PIPE_CELL if "|" in line else _CSV_CELL
    out = []
    for match in pattern.finditer(line):
        raw = match.group()
        lead = len(raw) - len(raw.lstrip(' \t"'))
        body = raw.strip(' \t"')
        out.append((offset + match.start() + lead, offset + match.start() + lead + len(body), body))
    if "|" in line:  # "| a | b |": the edges' empty cells are no columns
        out = [cell for cell in out if cell[2] or cell[0] - offset not in (0, len(line))]
    return out


def column_cells(text: str, label_of: Callable[[str], str | None]) -> Iterator[tuple[int, int, str, str]]:
    """(start, end, cell text, label) of every cell in a column whose header `label_of` names: rows follow the
    header with the same number of cells (a markdown separator row skipped)."""
    if "|" not in text and "," not in text:
        return
    lines = [(m.start(), m.group()) for m in re.finditer(r"[^\n]+", text)]
    i = 0
    while i < len(lines):
        offset, line = lines[i]
        i += 1
        if not _TABLE_LINE.fullmatch(line):
            continue
        header = _cells(line, offset)
        if len(header) < 3:
            continue
        labels = {j: label for j, (_, _, cell) in enumerate(header) if (label := label_of(cell))}
        if not labels:
            continue
        while i < len(lines):
            row_offset, row = lines[i]
            if _SEPARATOR_ROW.fullmatch(row):
                i += 1
                continue
            cells = _cells(row, row_offset)
            if len(cells) != len(header):
                break
            i += 1
            for j, label in labels.items():
                start, end, cell = cells[j]
                if cell:
                    yield start, end, cell, label


# header words -> the kind its column holds, and the shape a cell must have to be one; a name column's cells are
# people ("Rajesh Subramanian | Finance | 52,000"), a first-name column's single words their given names
_NAME_HEADERS = frozenset(
    f"{who}{suffix}" for who in ("", "employee ", "customer ", "client ", "patient ", "student ", "contact ", "tenant ",
                                 "member ", "applicant ", "staff ", "user ", "person ", "candidate ", "guest ")
    for suffix in ("name", "full name", "fullname")) | {"employee", "patient", "student", "tenant", "applicant",
                                                         "candidate", "guest", "last name", "lastname", "surname",
                                                         "family name"}
# a name column's cells that are not people: a company ("Acme Corp") or a table's own words ("Total")
_NOT_PEOPLE = frozenset(form.casefold().rstrip(".") for form in LEGAL_FORMS) | {
    "total", "totals", "sum", "subtotal", "average", "mean", "unknown", "none", "null", "n/a", "tbd", "vacant",
    "group", "team", "department", "company", "corporation", "holdings", "bank", "services", "solutions"}
_FIRST_NAME_HEADERS = frozenset({"first name", "firstname", "given name", "forename"})
_BARE_NAME = "name"  # a bare "Name" may head products or plans ("Standard"): a person there has 2+ name words
_HEADERS = {"blood type": "Blood Type", "blood group": "Blood Type", "blood": "Blood Type", "gender": "Gender",
            "sex": "Gender", "age": "Age", "age (years)": "Age", "age (yrs)": "Age"}
_SHAPES = {
    "Blood Type": re.compile(r"(?:AB|A|B|O)(?:[+-]|[ ]?(?i:pos|neg|positive|negative))"),
    "Gender": re.compile(r"(?i:m|f|male|female|man|woman|non-binary|nonbinary)"),
    "Age": re.compile(r"(?:[1-9]\d?|1[01]\d)"),
}


_SHEET_COLUMN = re.compile(r"[A-Z]{1,2}:\s*")  # "A: Name | B: Dept": a spreadsheet's column letter before the header


def _header_tag(cell: str) -> str | None:
    cell = _SHEET_COLUMN.sub("", cell, count=1) if _SHEET_COLUMN.match(cell) else cell
    words = " ".join(cell.casefold().replace("_", " ").split())
    if words in _NAME_HEADERS:
        return _BARE_NAME if words == "name" else "Full Name"
    if words in _FIRST_NAME_HEADERS:
        return "Nickname"
    return id_column_tag(cell) or _HEADERS.get(words)


def _fits(tag: str, cell: str) -> bool:
    if tag in ID_TAGS:
        return is_id_token(cell)
    if tag == _BARE_NAME:
        return len(cell.split()) >= 2 and _fits("Full Name", cell)
    if tag in _NAME_SHAPES:
        words = cell.split()  # the letter ranges mix cases: each word but a particle starts with a capital
        return _NAME_SHAPES[tag].fullmatch(cell) is not None \
            and not any(word.casefold() in NOT_NAMES or word.casefold() in _NOT_PEOPLE for word in words) \
            and all(word[0].isupper() for word in words if word not in NAME_PARTICLES)
    return _SHAPES[tag].fullmatch(cell) is not None and (tag != "Age" or int(cell) <= 110)


_NAME_SHAPES = {"Full Name": re.compile(rf"{NAME_WORD}(?:[ ](?:{NAME_PARTICLE}[ ])?{NAME_WORD}){{0,3}}"),
                "Nickname": re.compile(NAME_WORD)}


class TableColumnRecognizer(PatternRecognizer):
    """Names, IDs, blood groups, genders and ages in the columns of a pasted table that its header names."""

    def __init__(self) -> None:
        super().__init__("table-column", (*ID_TAGS, *_SHAPES, *_NAME_SHAPES), [], default_tag=None)

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        for start, end, cell, tag in column_cells(doc.text, _header_tag):
            if _fits(tag, cell):
                tag = "Full Name" if tag == _BARE_NAME else tag
                score = 0.8 if tag in ID_TAGS or tag in _NAME_SHAPES else 0.75
                yield Entity(text=cell, start=start, end=end, tag=tag, score=score, detector=DETECTOR_NAME,
                             meta={"recognizer": self.name, "pattern": "column"})


def table_column_recognizer() -> PatternRecognizer:
    return TableColumnRecognizer()
