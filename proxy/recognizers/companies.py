"""Company names that carry their legal form: "Halden & Marsh LLP", "Lis Haulage Ltd", "Halvorsen Marine AS".

A capitalized name followed by a legal-form suffix is a company whatever the
name, in any context; the model knows many companies but misses unfamiliar
small ones. Scored below the model's confident spans (as landmarks are), so a
name the model found whole keeps its span.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.proper_names import NOT_OPENER
from proxy.recognizers.scan import ScanText, backward_anchors

LEGAL_FORMS = (
    # "Ltd." at a sentence's end: the period is the sentence's, so forms are matched without it
    "Ltd Limited LLP LLC L.L.C. Inc Incorporated Corp Corporation plc PLC GmbH AG KG KGaA OHG SE S.A. SA "
    "S.L. SL S.p.A. SpA S.r.l. Srl B.V. BV N.V. NV AB AS ASA A/S ApS Oy Oyj Pty Pvt Sdn Bhd K.K."
).split()
_FORM = "(?:" + "|".join(re.escape(f) for f in sorted(LEGAL_FORMS, key=len, reverse=True)) + ")"
# a capitalized word ("Marsh", "McKinsey") or a short acronym ("OH", "AWS"), not a shouted word ("KNOWN AS")
_NAME_WORD = rf"{NOT_OPENER}(?:[A-Z][\w'’.-]*[a-z][\w'’.-]*|[A-Z][a-z]?|[A-Z]{{2,4}}(?![\w])|&|and|of|\d+)"
_BEFORE_FORM = backward_anchors(
    re.compile(rf"(?<![\w]){_FORM}(?![\w])"),
    re.compile(rf"(?:{_NAME_WORD}[ \t]+){{0,4}}{_NAME_WORD},?[ \t]+\Z"),
    reach=64,
)


# forms the model cuts short, written after the names: "Heser AG & Co. OHG", "Corcos, Cimarosa e Farinelli e
# figli", "Vidal y Asociados", "Machado - ME", "Souza Ltda.", "Costa S/A"
_TAIL_FORM = (
    r"(?:&[ \t]+Co\.?[ \t]+(?:KGaA|KG|OHG|GmbH|AG)|e[ \t]+[Ff]igli|y[ \t]+[Aa]sociados|&[ \t]+S[öo]hne|"
    r"-[ \t]+(?:ME|EPP|EIRELI)|Ltda\.?|S/A)(?![\w])"
)
_JOINED_NAMES = rf"(?:{_NAME_WORD}(?:,[ \t]+|[ \t]+(?:e|y|und|et)[ \t]+|[ \t]+))*{_NAME_WORD}"
# names joined by commas and "e" / "y" / "und" / "et" before a legal form: "Ginese, Federico e Satta SpA"
_JOINED_BEFORE_FORM = rf"{_NAME_WORD}(?:,[ \t]+{_NAME_WORD})*[ \t]+(?:e|y|und|et)[ \t]+{_NAME_WORD}[ \t]+{_FORM}(?![\w])"
_BEFORE_TAIL_FORM = backward_anchors(
    re.compile(r"&[ \t]+Co\b|\be[ \t]+[Ff]igli\b|\by[ \t]+[Aa]sociados\b|&[ \t]+S[öo]hne\b|-[ \t]+(?:ME|EPP|EIRELI)\b|"
               r"\bLtda\b|\bS/A\b"),
    re.compile(rf"{_JOINED_NAMES}(?:[ \t]+{_FORM})?[ \t]*\Z"),
    reach=80,
)
_BEFORE_JOINER = backward_anchors(
    re.compile(rf"[ \t](?:e|y|und|et)[ \t]+[A-Z][\w'’-]*[ \t]+{_FORM}(?![\w])"),
    re.compile(rf"{_NAME_WORD}(?:,[ \t]+{_NAME_WORD})*\Z"),
    reach=80,
)


def _before_compound(doc: ScanText) -> list[int]:
    return sorted(set(_BEFORE_TAIL_FORM(doc)) | set(_BEFORE_JOINER(doc)))


def company_recognizer() -> PatternRecognizer:
    """Capitalized words (with "&", "and", "of") ending in a legal form: "Workwell OH Ltd"."""
    return PatternRecognizer(
        "company",
        "Company Name",
        [
            Pattern.compile(
                "name-and-legal-form",
                rf"(?!&|and\b|of\b)(?:{_NAME_WORD}[ \t]+){{0,4}}(?!&|and\b|of\b){_NAME_WORD},?[ \t]+{_FORM}(?![\w])",
                0.7,
                left_bound="'’-",
                anchors=_BEFORE_FORM,
            ),
            # scored above the model: it found only a piece ("Heser AG & Co.", "Ginese") of these
            Pattern.compile(
                "compound-legal-form",
                rf"(?!&|and\b|of\b){_JOINED_NAMES}(?:[ \t]+{_FORM})?[ \t]*{_TAIL_FORM}|(?!&|and\b|of\b){_JOINED_BEFORE_FORM}",
                0.95,
                left_bound="'’-",
                anchors=_before_compound,
            ),
        ],
    )
