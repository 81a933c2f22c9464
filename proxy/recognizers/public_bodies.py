"""Public bodies named by their kind: "Ministry of Education", "Embassy of the Federal Republic of Germany",
"Department for Work and Pensions", "Thames Valley Police", "Belfast Magistrates' Court".

Like a care home or a school, a public body says what it is in its name, and hand-written text names the
local and foreign ones the model has never seen. The kind word comes first ("Ministry of ...", "Office for
...") or last ("... Police", "... Crown Court"). A department is a public body only with a government
portfolio after it: "Department of Computer Science" is part of a university. A council is left to the model:
"Dutch Council for Refugees" is a charity. Scored below the model's confident spans (0.7), as facilities are.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.proper_names import CAPITALIZED, NOT_OPENER
from proxy.recognizers.scan import backward_anchors

TAG = "Government Agency"
SCORE = 0.7
# capitalised words joined by "and", "of", "&", "the": "Work and Pensions", "the Federal Republic of Germany"
_NAME_WORD = rf"{NOT_OPENER}(?!(?:She|He|They|It|You)\b)[A-Z][\w'’-]*"  # no full stop: it may end the sentence
_OBJECT = rf"(?:the[ \t]+)?{_NAME_WORD}(?:[ \t]+(?:(?:and|of|&|the|for)[ \t]+)*{_NAME_WORD})*"
_PORTFOLIOS = (
    "Health|Education|Justice|Labor|Labour|Transport|Transportation|Defence|Defense|Home Affairs|Interior|"
    "Foreign Affairs|Finance|the Treasury|State|Revenue|Motor Vehicles|Veterans Affairs|Homeland Security|"
    "Work and Pensions|Social|Immigration|Agriculture|Environment|Housing|Employment|Children|Family|Human Services|"
    "Health and Human Services|Public Works|Trade|Energy|Culture|Tourism|Internal Affairs|Corrections|Welfare|"
    "Education and Skills|Employment and Social|Community|Communities|Business"
)
_PORTFOLIO = _PORTFOLIOS.replace(" ", r"[ \t]+")
_KIND_FIRST = re.compile(
    # a place or a level before the kind word is part of the name: "Minnesota Department of Revenue"
    rf"(?<![\w'’-])(?:{_NAME_WORD}[ \t]+){{0,3}}"
    r"(?:(?:Ministry|Embassy|Consulate|Consulate-General|High[ \t]+Commission)[ \t]+(?:of|for)"
    r"|Office[ \t]+(?:for|of[ \t]+(?=the[ \t]+[A-Z]))"
    rf"|Department[ \t]+(?:of|for)(?=[ \t]+(?:{_PORTFOLIO})(?![\w'’-])))"
    rf"[ \t]+{_OBJECT}(?![\w'’-])"
)
_BEFORE_KIND_FIRST = backward_anchors(
    re.compile(r"\b(?:Ministry|Embassy|Consulate|High[ \t]+Commission|Office|Department)[ \t]+(?:of|for)\b"),
    re.compile(rf"(?<![\w'’-])(?:{_NAME_WORD}[ \t]+){{0,3}}\Z"),
    reach=60,
)
_KINDS_LAST = (
    r"Police|Police[ \t]+Service|Constabulary|Ambulance[ \t]+Service|Fire[ \t]+and[ \t]+Rescue[ \t]+Service"
    r"|Fire[ \t]+Service|Inspectorate|Magistrates['’]?[ \t]+Court|Crown[ \t]+Court|County[ \t]+Court"
    r"|Family[ \t]+Court"
    r"|Tribunal|Embassy|Consulate|High[ \t]+Commission"
)
# "Avon and Somerset Police": two names joined by "and" before the kind word
_NAMES_BEFORE = rf"{CAPITALIZED}(?:[ \t]+(?:and[ \t]+)?{CAPITALIZED}){{0,3}}[ \t]+"
# the whole run: "Austin Police Department" is not cut to "Austin Police"
_KIND_LAST = re.compile(rf"{_NAMES_BEFORE}(?:{_KINDS_LAST})(?![\w'’-]|[ \t]+[A-ZÀ-ÖØ-Þ])")
_BEFORE_KIND_LAST = backward_anchors(
    re.compile(r"\b(?:Police|Service|Constabulary|Inspectorate|Court|Tribunal|Embassy|Consulate|Commission)\b"),
    re.compile(rf"(?<![\w'’-]){_NAMES_BEFORE}(?:(?:Police|Ambulance|Fire[ \t]+and[ \t]+Rescue|Fire|Magistrates['’]?"
               r"|Crown|County|Family|High)[ \t]+)?\Z"),
    reach=72,
)


def public_body_recognizer() -> PatternRecognizer:
    """A public body named by its kind word, first ("Ministry of ...") or last ("... Police")."""
    return PatternRecognizer(
        "public-body",
        TAG,
        [
            Pattern("kind-first", _KIND_FIRST, SCORE, anchors=_BEFORE_KIND_FIRST),
            Pattern("name-then-kind", _KIND_LAST, SCORE, left_bound="'’-", anchors=_BEFORE_KIND_LAST),
        ],
    )
