"""Pasted tables: a CSV or markdown header row names what its columns hold, however far down the rows go.

"Applicant","Student ID",... / | Engineer | Emp ID | Mobile | / | Name | Age | Blood group |: a value in such a column
has no label beside it, only its header. `column_cells` yields the cells under the headers a caller recognises; the
ID recognizer (`identifiers`) and `TableColumnRecognizer` (blood groups, genders, ages) check each cell's shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from proxy.entities import Entity
from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.fields import BARE_NAME, FIELD_TAGS, field_tag, value_fits
from proxy.recognizers.identifiers import ID_TAGS, id_column_tag, is_id_token
from proxy.recognizers.scan import ScanText

_TABLE_LINE = re.compile(r"[^\n]*[|,;\t][^\n]*")
_PIPE_CELL = re.compile(r"[^|]+")
_CSV_CELL = re.compile(r'"[^"\n]*"|[^,\n]+|(?<=,)(?=,|$)')
_TSV_CELL = re.compile(r"[^\t\n]+|(?<=\t)(?=\t|$)")
_SEMICOLON_CELL = re.compile(r'"[^"\n]*"|[^;\n]+|(?<=;)(?=;|$)')
_SEPARATOR_ROW = re.compile(r"[\s|:+-]+")  # markdown's "|---|", psql's "----+----"


def _cells(line: str, offset: int) -> list[tuple[int, int, str]]:
    """(start, end, text) of each cell, stripped of spaces and quotes; pipes win over tabs, tabs over semicolons
    (a European CSV), semicolons over commas."""
    if "|" in line:
        pattern = _PIPE_CELL
    elif "\t" in line:
        pattern = _TSV_CELL
    elif line.count(";") >= 2 and line.count(";") >= line.count(","):
        pattern = _SEMICOLON_CELL
    else:
        pattern = _CSV_CELL
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
    if not any(sep in text for sep in "|,;\t"):
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
                if cell and cell.casefold() != header[j][2].casefold():  # a header row repeated (psql under a query)
                    yield start, end, cell, label


# header words -> the kind its column holds. Any field key (`fields`: "Name", "First name", "surname", "telefon",
# "pesel", "username", "rozpoznanie") names its column; a table also heads a column of people with a role ("Patient",
# "Tenant name", "User full name": "Rajesh Subramanian | Finance | 52,000")
_ROLE_NAME_HEADERS = frozenset(
    f"{who} {suffix}" for who in ("employee", "customer", "client", "patient", "student", "contact", "tenant", "member",
                                  "applicant", "staff", "user", "person", "candidate", "guest")
    for suffix in ("name", "full name", "fullname")) | {"employee", "patient", "student", "tenant", "applicant",
                                                         "candidate", "guest"}
_NAME_TAGS = frozenset({BARE_NAME, "Full Name", "Nickname"})
_HEADERS = {"blood type": "Blood Type", "blood group": "Blood Type", "blood": "Blood Type", "gender": "Gender",
            "sex": "Gender", "age": "Age", "age (years)": "Age", "age (yrs)": "Age"}
_SHAPES = {
    "Blood Type": re.compile(r"(?:AB|A|B|O)(?:[+-]|[ ]?(?i:pos|neg|positive|negative))"),
    "Gender": re.compile(r"(?i:m|f|male|female|man|woman|non-binary|nonbinary)"),
    "Age": re.compile(r"(?:[1-9]\d?|1[01]\d)"),
}


_SHEET_COLUMN = re.compile(r"^[A-Z]{1,2}:\s*")  # "A: Name | B: Dept": a spreadsheet's column letter before the header


def _header_tag(cell: str) -> str | None:
    cell = _SHEET_COLUMN.sub("", cell, count=1)
    words = " ".join(cell.casefold().replace("_", " ").split())
    if words in _ROLE_NAME_HEADERS:
        return "Full Name"
    key_tag = field_tag(cell)
    if key_tag in _NAME_TAGS:  # a person's name before an ID label's reading ("Account holder")
        return key_tag
    return id_column_tag(cell) or _HEADERS.get(words) or key_tag


def _fits(tag: str, cell: str) -> bool:
    if tag in ID_TAGS:  # a column of IDs may hold short ones ("E1023"): the header says what they are
        return is_id_token(cell)
    if tag in _SHAPES:
        return _SHAPES[tag].fullmatch(cell) is not None and (tag != "Age" or int(cell) <= 110)
    return value_fits(tag, cell)


class TableColumnRecognizer(PatternRecognizer):
    """Names, IDs, blood groups, genders and ages in the columns of a pasted table that its header names."""

    def __init__(self) -> None:
        super().__init__("table-column", (*ID_TAGS, *_SHAPES, *FIELD_TAGS.values()), [], default_tag=None)

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        for start, end, cell, tag in column_cells(doc.text, _header_tag):
            if _fits(tag, cell):
                tag = "Full Name" if tag == BARE_NAME else tag
                score = 0.75 if tag in _SHAPES else 0.8
                yield self.entity(doc.text, start, end, tag, score, "column")


def table_column_recognizer() -> PatternRecognizer:
    return TableColumnRecognizer()
