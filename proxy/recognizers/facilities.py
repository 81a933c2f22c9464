"""Healthcare facilities named by their kind: "Ashgrove Care Home", "St Catherine's Hospice", "Royal
Preston Hospital", "Penwartha Surgery".

As with schools and landmarks, a capitalized name ending in a word that says what kind of place
it is names that place, however unfamiliar: the model knows big hospitals but misses a local care
home or surgery in hand-written text. A sentence opener or a preposition before the name is not
part of it. Scored below the model's confident spans (0.7): a name the model found whole keeps its
span.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.proper_names import CAPITALIZED
from proxy.recognizers.scan import backward_anchors

SCORE = 0.7
# words after the kind word that start the sentence's next part, not the name's town
NOT_A_PLACE = (
    "The A An And But Or So If When Then I We He She They It My Our His Her Their This That On In At For From To "
    "With By Is Was Are Were Has Had Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March "
    "April May June July August September October November December Trust Foundation Charity Society Appeal Fund "
    "League Association"
).split()

KINDS = (
    "Hospital|Hospice|Care Home|Nursing Home|Residential Home|Surgery|Clinic|Medical Centre|Medical Center"
    "|Health Centre|Health Center|Infirmary|Medical Practice|Dental Practice|Health Clinic|Walk-in Centre"
)
_KIND = "(?:" + KINDS.replace(" ", r"[ \t]+") + ")"
_BEFORE_KIND = backward_anchors(
    re.compile(r"\b(?:Hospital|Hospice|Home|Surgery|Clinic|Centre|Center|Infirmary|Practice)\b"),
    re.compile(rf"(?:{CAPITALIZED}[ \t]+){{1,4}}(?:and[ \t]+(?:{CAPITALIZED}[ \t]+){{1,3}})?(?:Care[ \t]+|Nursing[ \t]+|Residential[ \t]+|Medical[ \t]+|Health[ \t]+"
               rf"|Dental[ \t]+|Walk-in[ \t]+)?\Z"),
    reach=64,
)


# "Royal Brisbane and Women's Hospital": two names joined by "and" before the kind word
_NAMES = rf"(?:{CAPITALIZED}[ \t]+){{1,4}}(?:and[ \t]+(?:{CAPITALIZED}[ \t]+){{1,3}})?"
# "St Vincent's Hospital Sydney", "University College Hospital Ibadan": the town that ends the name
_PLACE_AFTER = r"(?:[ \t]+(?!(?:" + "|".join(NOT_A_PLACE) + r")\b)[A-Z][a-z][\w'’-]*(?![ \t]+[A-Z]))?"
# "Matsuyama Hospice Trust": a charity named after the place it runs
_NOT_A_CHARITY = r"(?![ \t]+(?:Trust|Foundation|Charity|Society|Appeal|Fund|League|Association)\b)"


def facility_recognizer() -> PatternRecognizer:
    """A capitalized name with a kind of healthcare place at its end ("... Care Home", "... Surgery")."""
    return PatternRecognizer(
        "healthcare-facility",
        "Healthcare Facility",
        [
            Pattern.compile(
                "name-then-kind",
                rf"{_NAMES}{_KIND}{_PLACE_AFTER}(?![\w'’-]){_NOT_A_CHARITY}",
                SCORE,
                left_bound="'’-",
                anchors=_BEFORE_KIND,
            ),
        ],
    )
