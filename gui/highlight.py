"""HTML for a text with its PII findings marked, as written and as sent.

Each PII type has its own colour; a masked mention gets a filled background,
a kept one a coloured underline, so "what left the machine" is visible at a
glance. Pure functions (no Qt), fed by the activity event's findings dicts.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence
from typing import Any

from proxy.taxonomy import PiiType

TYPE_COLORS: dict[str, str] = {
    PiiType.PER.value: "#f4b6c2",
    PiiType.CODE.value: "#9fd3f5",
    PiiType.LOC.value: "#b9e4a8",
    PiiType.ORG.value: "#f9d89c",
    PiiType.DEM.value: "#d6c2f2",
    PiiType.DATETIME.value: "#a8e6dc",
    PiiType.QUANTITY.value: "#f7c3a1",
}
TYPE_INK: dict[str, str] = {  # darker shade of each colour, for kept values (text on white)
    PiiType.PER.value: "#b0305a",
    PiiType.CODE.value: "#1565a8",
    PiiType.LOC.value: "#2e7d32",
    PiiType.ORG.value: "#a86500",
    PiiType.DEM.value: "#6a3fb0",
    PiiType.DATETIME.value: "#00796b",
    PiiType.QUANTITY.value: "#b5501a",
}
UNKNOWN_COLOR = "#dddddd"
_PLACEHOLDER = re.compile(r"<([A-Z][A-Za-z'/ ]+?)(?: \d+)?>")


def color_of(pii_type: str) -> str:
    return TYPE_COLORS.get(pii_type, UNKNOWN_COLOR)


def _esc(text: str) -> str:
    return html.escape(text).replace("\n", "<br>")


def _masked_span(text: str, pii_type: str, title: str) -> str:
    return (f'<span style="background-color:{color_of(pii_type)}; font-weight:600" title="{html.escape(title)}">'
            f"{_esc(text)}</span>")


def _kept_span(text: str, pii_type: str, title: str) -> str:
    # QTextDocument has no borders on spans: the type's ink colour, underlined, marks "kept"
    ink = TYPE_INK.get(pii_type, "#444444")
    return (f'<span style="text-decoration: underline; color:{ink}; font-weight:600" '
            f'title="{html.escape(title)}">{_esc(text)}</span>')


def field_findings(findings: Iterable[dict[str, Any]], field: int) -> list[dict[str, Any]]:
    return sorted((f for f in findings if f.get("field", 0) == field), key=lambda f: f["start"])


def render_original(text: str, findings: Sequence[dict[str, Any]]) -> str:
    """The text as the user wrote it, every finding marked (masked filled, kept underlined)."""
    out: list[str] = []
    cursor = 0
    for f in findings:
        if f["start"] < cursor:
            continue
        out.append(_esc(text[cursor : f["start"]]))
        title = f"{f['tag']}: {'masked' if f['masked'] else 'kept'} ({f['reason']})"
        span = text[f["start"] : f["end"]]
        out.append(_masked_span(span, f["type"], title) if f["masked"] else _kept_span(span, f["type"], title))
        cursor = f["end"]
    out.append(_esc(text[cursor:]))
    return "".join(out)


def render_sent(original: str, sent: str, findings: Sequence[dict[str, Any]]) -> str:
    """The text as it went upstream: placeholders filled, kept values underlined.

    Rebuilt from the original and the findings; if that does not give exactly
    `sent` (it always should), fall back to marking placeholders in `sent`.
    """
    pieces: list[str] = []
    plain: list[str] = []
    cursor = 0
    for f in findings:
        if f["start"] < cursor:
            continue
        before = original[cursor : f["start"]]
        pieces.append(_esc(before))
        plain.append(before)
        value = f["replacement"] if f["masked"] and f.get("replacement") else original[f["start"] : f["end"]]
        title = f"{f['tag']}: {'masked' if f['masked'] else 'kept'} ({f['reason']})"
        pieces.append(_masked_span(value, f["type"], title) if f["masked"] else _kept_span(value, f["type"], title))
        plain.append(value)
        cursor = f["end"]
    pieces.append(_esc(original[cursor:]))
    plain.append(original[cursor:])
    if "".join(plain) == sent:
        return "".join(pieces)
    return mark_placeholders(sent)


def mark_placeholders(text: str) -> str:
    """Colour every `<Tag N>` placeholder in an already masked text."""
    from proxy.taxonomy import TYPE_OF_TAG

    out: list[str] = []
    cursor = 0
    for match in _PLACEHOLDER.finditer(text):
        tag = match.group(1)
        if tag not in TYPE_OF_TAG:
            continue
        out.append(_esc(text[cursor : match.start()]))
        out.append(_masked_span(match.group(0), TYPE_OF_TAG[tag].value, f"{tag}: masked"))
        cursor = match.end()
    out.append(_esc(text[cursor:]))
    return "".join(out)


def legend_html() -> str:
    """A one-line key: type colours, and how masked and kept values look."""
    chips = " ".join(
        f'<span style="background-color:{color}">&nbsp;{name}&nbsp;</span>' for name, color in TYPE_COLORS.items()
    )
    return (f"{chips} &nbsp;&nbsp; {_masked_span('masked', 'CODE', 'masked')} "
            f"{_kept_span('kept', 'CODE', 'kept')}")
