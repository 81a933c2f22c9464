"""Towns and regions where the sentence says a place stands: "I call Tampa home", "City: Nantes",
'"city": "Lyon"', "Place of birth: Hai Phong", "the hometown on file for me is Riyadh".

The model reads an unfamiliar town alone as a given name ("Lekki", "Kagoshima", "Naha") unless
the context is a clear place phrase; these frames are clear enough to decide it, also in lower
case ("they call buffalo home"). Scored above the model (0.9) so that the frame's reading wins
over a Nickname.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import word_anchors

SCORE = 0.9

_TAIL = r"(?:[\w'’-]|\.(?=\w))*"  # "St.Albans" keeps its dot, "Lekki." does not
_CAP = rf"[A-ZÀ-ÖØ-Þ]{_TAIL}"
_PARTICLE = r"(?:de|del|da|do|dos|la|le|of|on|upon|am|sur|al|el)"
_NOT_A_PLACE = r"(?!(?:my|your|his|her|our|their|the|a|an|him|them|me|you|us|it|this|that|here|there|back|home)\b)"
# capitalized words ("Hai Phong", "Stratford upon Avon"), or one word in a lower-case text ("buffalo")
_PLACE = rf"(?:{_CAP}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_CAP}){{0,2}}|{_NOT_A_PLACE}[a-zà-öø-ÿ]{_TAIL})"
_CAP_PLACE = rf"{_CAP}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_CAP}){{0,2}}"
_LABEL = r"(?:city|town|hometown|home town|place of birth|birthplace|city of birth|town of birth|region|state|province)"


def place_recognizer() -> PatternRecognizer:
    """Places in "X calls <place> home", after a city/hometown label, and "the city on file ... is <place>"."""
    return PatternRecognizer(
        "place-frame",
        "City/Region",
        [
            Pattern.compile(
                "calls-home",
                rf"\b(?i:call(?:s|ed|ing)?)[ \t]+(?P<span>{_PLACE})[ \t]+(?i:home)\b",
                SCORE,
                left_bound="",
                anchors=word_anchors(["call", "calls", "called", "calling"]),
            ),
            Pattern.compile(
                "label",
                rf"(?:^|\n|[{{,])[ \t]*[-*•]?[ \t]*[\"']?(?i:{_LABEL})[\"']?[ \t]*[:=][ \t]*[\"']?"
                rf"(?P<span>{_CAP_PLACE})(?=[ \t]*(?:[\"',;\n|)]|$))",
                SCORE,
            ),
            Pattern.compile(
                "on-file",
                rf"\b(?i:city|town|hometown|home town|birthplace|place of birth)[ \t]+on[ \t]+file[ \t]+"
                rf"(?:for[ \t]+\w+[ \t]+)?(?:is|was)[ \t]+(?P<span>{_PLACE})(?=[ \t]*(?:[.,;:!?\n]|$))",
                SCORE,
                left_bound="",
                anchors=word_anchors(["city", "town", "hometown", "home", "birthplace", "place"]),
            ),
        ],
    )
