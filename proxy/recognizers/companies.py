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
from proxy.recognizers.scan import backward_anchors

LEGAL_FORMS = (
    # "Ltd." at a sentence's end: the period is the sentence's, so forms are matched without it
    "Ltd Limited LLP LLC L.L.C. Inc Incorporated Corp Corporation plc PLC GmbH AG KG SE S.A. SA "
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
        ],
    )
