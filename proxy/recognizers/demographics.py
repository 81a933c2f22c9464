"""Demographic attributes with a measurable form: age, height, weight, blood type.

Spans follow docs/annotation-guidelines.md: an Age is the number alone
("aged [34]", "a [34]-year-old"); Height and Weight keep their unit
("[178 cm]", "[5'10\"]", "[72 kg]"); a Blood Type is the group ("[O+]",
"[AB negative]"). Ranges reject what no person measures ("900 cm").
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer, Validator
from proxy.recognizers.context import NOT_PII, Keywords
from proxy.recognizers.number_words import NUMBER_WORD, word_to_int
from proxy.recognizers.scan import Anchors, backward_anchors, near_keywords, number_anchors, word_anchors

_LEADING_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def _number(span: str) -> float:
    match = _LEADING_NUMBER.search(span)
    return float(match.group().replace(",", ".")) if match else -1.0


def _in_range(low: float, high: float) -> Validator:
    def check(span: str) -> bool:
        return low <= _number(span) <= high

    return check


def _plausible_age(span: str) -> bool:
    value = word_to_int(span)
    return value is not None and 0 < value <= 125


_AGE_NUMBER_TAIL = rf"(?:\d{{1,3}}|{NUMBER_WORD})"
_BEFORE_YEARS_OLD = backward_anchors(
    re.compile(r"(?:years|year|yrs|yr|Years|Year)(?:[- ](?:old|Old|young)|\s+of\s+age)"),
    re.compile(rf"{_AGE_NUMBER_TAIL}[- ]?\Z"),
    reach=24,
)
_BEFORE_YO = backward_anchors(
    re.compile(r"(?:yo|y/o|y\.o\.)(?![\w/])"), re.compile(rf"{_AGE_NUMBER_TAIL}\s?\Z"), reach=24
)


def _unit_anchors(*units: str, number: str = r"\d{1,3}(?:[.,]\d{1,2})?", reach: int = 12) -> Anchors:
    """Anchors at numbers right before a unit ("178 cm"): units are rarer than digits."""
    return backward_anchors(tuple(re.compile(u) for u in units), re.compile(rf"{number}\s?\Z"), reach=reach)


_BEFORE_FEET = _unit_anchors("['′’]", "ft|feet|foot", number="[3-7]", reach=2)


# After a value: punctuation or a joining word ends the clause ("I'm 35, and", "is 24 while").
_CLAUSE_END = r"(?=\s*(?:[,.;!:–—-]\s|[,.;!]|$|\n|(?:and|plus|while|but|so|now)\b))"
_BEFORE_IS_NUMBER = backward_anchors(re.compile(r"(?:is|'s|’s|are)\s+[1-9]\d"), re.compile(r"[A-Za-z]+\s*\Z"), reach=24)
_BULLET_ANCHORS = backward_anchors(re.compile(r"[•|·]"), re.compile(r"[1-9]\d\s*\Z"), reach=4)


def age_recognizer() -> PatternRecognizer:
    age_number = rf"(?P<span>\d{{1,3}}|{NUMBER_WORD})"
    return PatternRecognizer(
        "age",
        "Age",
        [
            Pattern.compile(
                "years-old",
                rf"(?<![\w.,$-]){age_number}[- ]?(?:[Yy]ears?|[Yy]rs?)(?:[- ][Oo]ld|[- ]young|\s+of\s+age)(?!\w)",
                0.9,
                validator=_plausible_age,
                anchors=_BEFORE_YEARS_OLD,
            ),
            Pattern.compile(
                "yo",
                rf"(?<![\w.,$-]){age_number}\s?(?:yo|y/o|y\.o\.)(?![\w/])",
                0.85,
                validator=_plausible_age,
                anchors=_BEFORE_YO,
            ),
            Pattern.compile(
                "aged",
                r"(?:aged|Aged|age\s+of|Age\s+of|age|Age|AGE)\s*[:|]?\s*(?P<span>\d{1,3})(?!\w|[.,]\d)",
                0.9,
                validator=_plausible_age,
                left_bound="",
            ),
            Pattern.compile(
                "this-year",
                rf"(?:is|am|are|I'm|i'm|I’m|i’m|turns|turn|be)\s+{age_number}\s+this\s+year(?!\w)",
                0.85,
                validator=_plausible_age,
                left_bound="",
            ),
            # "I'm 74." / "I'm 35, and ...": first person, a bare two-digit number, then a clause break
            Pattern.compile(
                "im-number",
                rf"(?:I'm|i'm|I’m|i’m|I am|i am)\s+(?P<span>[1-9]\d){_CLAUSE_END}",
                0.6,
                validator=_plausible_age,
                left_bound="",
            ),
            # "Kristen is 24, and ...", "He's 40.": lower, so any other reading of the number wins
            Pattern.compile(
                "is-number",
                r"(?:(?:[Hh]e|[Ss]he|[Tt]hey)(?:\s+is|'s|’s|\s+are)"
                r"|(?!(?:The|This|That|It|What|There|Which|Here|Total|Price|Score|Number|Result|Answer)\b)[A-Z][a-z]+\s+is)"
                rf"\s+(?P<span>[1-9]\d){_CLAUSE_END}",
                0.55,
                validator=_plausible_age,
                left_bound="",
                anchors=_BEFORE_IS_NUMBER,
            ),
            # profile headers: "Stefano\n38 • Sufi • gay", "Portland • 21 • 5 feet 4"
            Pattern.compile(
                "bullet",
                r"(?:(?:(?<=\n)|(?<=^))(?P<span>[1-9]\d)(?=\s*[•|·])"
                r"|(?<=[•|·] )(?P<span2>[1-9]\d)(?=\s*(?:[•|·]|\n|$)))",
                0.6,
                validator=_plausible_age,
                anchors=_BULLET_ANCHORS,
            ),
            Pattern.compile(
                "turned",
                rf"(?:turned|turning|turns|Turned|Turning)\s+{age_number}(?![\w-])(?!\s+(?:years?|months?|days?|weeks?|percent|%))",
                0.7,
                validator=_plausible_age,
                left_bound="",
            ),
        ],
        context=Keywords.for_label("Age", ["{age,aged,ages,old,birthday,turned,turning}"]),
        context_boost=0.05,
        window=(24, 16),
    )


_HEIGHT_WORDS = Keywords(
    [
        ("{tall,height,stand,stands,short}", "Height"),
        # a length that is not a person's height: "1.5 m wide", "6 feet away"
        ("{wide,width,long,length,deep,depth,away,distance,across,high,apart}", NOT_PII),
    ]
)


def height_recognizer() -> PatternRecognizer:
    return PatternRecognizer(
        "height",
        "Height",
        [
            Pattern.compile(
                "centimetres",
                r"(?<![\w.,])\d{2,3}(?:[.,]\d)?\s?(?:cm|centimet(?:er|re)s?)(?!\w)",
                0.75,
                validator=_in_range(50, 250),
                anchors=_unit_anchors("cm|centimet"),
            ),
            Pattern.compile(
                "metres",
                r"(?<![\w.,$€£¥])[12][.,]\d{1,2}\s?(?:m|meters?|metres?)(?!\w)",
                0.6,
                validator=_in_range(1.2, 2.5),
                anchors=number_anchors(2, 2),
            ),
            Pattern.compile(
                "feet-inches",
                r"(?<![\w.,])[3-7]\s?(?:'|′|’|ft\.?|feet|foot)\s?(?:1[01]|\d)(?:\.\d)?\s?"
                r"(?:\"|″|”|''|’’|in(?:ch(?:es)?)?\b|(?=[\s,.;)]|$))",
                0.85,
                anchors=_BEFORE_FEET,
            ),
            Pattern.compile(
                "feet",
                r"(?<![\w.,])[4-7]\s?(?:ft\.?|feet|foot)(?![\w'’])",
                0.6,
                requires_context=True,
                anchors=_BEFORE_FEET,
            ),
        ],
        context=_HEIGHT_WORDS,
        context_boost=0.15,
        window=(32, 16),
    )


def weight_recognizer() -> PatternRecognizer:
    return PatternRecognizer(
        "weight",
        "Weight",
        [
            Pattern.compile(
                "kilograms",
                r"(?<![\w.,])\d{1,3}(?:[.,]\d{1,2})?\s?(?:kgs?|kilo(?:gram)?s?)(?!\w)",
                0.8,
                validator=_in_range(2, 400),
                anchors=_unit_anchors("kg|kilo"),
            ),
            Pattern.compile(
                "pounds-abbrev",
                r"(?<![\w.,])\d{1,3}(?:\.\d)?\s?lbs?(?!\w)",
                0.8,
                validator=_in_range(5, 900),
                anchors=_unit_anchors("lb"),
            ),
            Pattern.compile(
                "pounds",
                r"(?<![\w.,$£])\d{1,3}(?:\.\d)?\s?pounds(?!\w)",
                0.6,
                validator=_in_range(5, 900),
                requires_context=True,
                anchors=_unit_anchors("pounds"),
            ),
            Pattern.compile(
                "stone", r"(?<![\w.,])\d{1,2}\s?stone(?:\s\d{1,2}(?:\s?(?:lbs?|pounds))?)?(?!\w)", 0.8, gate=("stone",)
            ),
        ],
        context=Keywords.for_label("Weight", ["weigh{,s,ed,ing,t}", "{heavy,lost,gained,body mass,=BMI,scale}"]),
        context_boost=0.15,
        window=(32, 16),
    )


_BLOOD_WORDS = Keywords.for_label(
    "Blood Type", ["blood{, type, group}", "{=Rh,donor,donors,transfusion,transfusions,plasma}"]
)


def blood_type_recognizer() -> PatternRecognizer:
    """The ABO group with its Rh sign; a bare letter only right after "blood type"/"type"."""
    return PatternRecognizer(
        "blood-type",
        "Blood Type",
        [
            Pattern.compile(
                "group-rh",
                # "0" for "O" is a common slip; lower case "a" is left out: it is the article
                r"(?:(?:AB|A|B|O|0)(?:[+\-−](?![\w+\-−])|[\s-](?:positive|negative|pos|neg)(?!\w))"
                r"|(?:ab|b|o)(?:[+\-−](?![\w+\-−])|[\s-](?:positive|negative)(?!\w)))",
                0.6,
                requires_context=True,
                anchors=near_keywords(_BLOOD_WORDS.first_words, 40, 24),
                left_bound="+-−",
            ),
            Pattern.compile(
                "after-blood-type",
                r"(?:blood|Blood|BLOOD)\s+(?:type|group|TYPE|GROUP)\s*(?::|is|was)?\s*(?P<span>AB|A|B|O)"
                r"(?![\w+\-−]|[\s-]+(?:positive|negative|pos|neg)\b)",
                0.85,
                left_bound="",
            ),
            # "my blood group is type O": here "type O" is the value as written
            Pattern.compile(
                "type-letter",
                r"(?<!blood )(?<!Blood )(?<!BLOOD )(?P<span>(?:type|Type)\s+(?:AB|A|B|O))(?![\w+\-−])",
                0.6,
                requires_context=True,
                left_bound="",
                anchors=word_anchors(["type"]),
            ),
            # "She is O negative.", "I am A+,": a group right after "is"/"am", then a clause break
            Pattern.compile(
                "is-group",
                r"(?:is|am|are|I'm|i'm|I’m|i’m|he's|she's|He's|She's|he’s|she’s)\s+"
                r"(?P<span>(?:AB|A|B|O)(?:[+\-−]|\s(?:positive|negative))|(?:type|Type)\s+(?:AB|A|B|O)(?![+\-−\w]))"
                rf"{_CLAUSE_END}",
                0.7,
                left_bound="",
            ),
        ],
        context=_BLOOD_WORDS,
        context_boost=0.25,
        window=(40, 24),
    )
