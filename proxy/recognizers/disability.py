"""Disability status in the words people use for it: "a wheelchair user", "she uses a wheelchair",
"he is profoundly deaf", "partially sighted", "a blue badge", "uses a walking frame".

The model finds the textbook phrases but cuts the everyday ones badly ("wheelchair for
distances", "a sprained") or misses them. Nouns of aids ("wheelchair user", "amputee", "guide
dog user") count wherever they stand; an adjective with an everyday sense ("deaf", "blind")
only after a word that puts it on a person ("is deaf", "born blind", "going deaf", "deaf in
one ear"), so "fell on deaf ears" or "a blind date" is nothing. Scored above the model (0.9),
so this span wins an overlap. The list was written for Veil from general knowledge (no data
set's vocabulary).
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import phrase_anchors, word_anchors

SCORE = 0.9

# "a wheelchair user", "full-time wheelchair user", "an amputee": the noun phrase is the status
_NOUNS = (
    "wheelchair user|wheelchair-user|cane user|crutch user|hearing aid user|cochlear implant user|guide dog user|"
    "amputee|below-knee amputee|above-knee amputee|double amputee|blue badge holder|blue badge"
)
# "uses a wheelchair": the whole phrase (the guidelines' descriptive phrase); a frame or a stick that an
# older person uses is named alone ("uses a [walking frame]")
_AIDS = r"(?:wheelchair|mobility\s+scooter|white\s+cane|guide\s+dog|hearing\s+aids?)"
_USES = r"(?:uses|use|using|used|relies\s+on|rely\s+on|relying\s+on)"
_ADJECTIVES = (
    r"(?:profoundly\s+|partially\s+|completely\s+|totally\s+|legally\s+|nearly\s+|almost\s+)?"
    r"(?:deaf|blind|deafblind|hard\s+of\s+hearing|partially\s+sighted|visually\s+impaired|hearing\s+impaired|"
    r"sight\s+impaired|paraplegic|quadriplegic|tetraplegic|nonverbal|non-verbal|mobility\s+impaired)"
)
_ON_A_PERSON = (
    r"(?:is|am|are|was|were|['’]s|['’]m|been|being|born|went|going|gone|become|became|now|also|registered|"
    r"and|,)"
)


def disability_recognizer() -> PatternRecognizer:
    """Aid users and aids in use ("uses a wheelchair"), and disability adjectives said of a person."""
    return PatternRecognizer(
        "disability",
        "Disability Status",
        [
            Pattern.compile(
                "noun",
                rf"(?:(?:full-time|part-time|occasional|permanent)[ \t]+)?(?:{_NOUNS})s?(?![\w'’-])",
                SCORE,
                flags=re.IGNORECASE,
                left_bound="-'’",
                anchors=phrase_anchors(_NOUNS.split("|") + ["full-time", "part-time", "occasional", "permanent"]),
            ),
            Pattern.compile(
                "uses-aid",
                rf"(?P<span>{_USES}\s+(?:a|an|the|her|his|their|my)\s+{_AIDS})(?![\w'’-])",
                SCORE,
                flags=re.IGNORECASE,
                left_bound="",
                anchors=word_anchors(["uses", "use", "using", "used", "relies", "rely", "relying"]),
            ),
            Pattern.compile(
                "aid",
                rf"(?<=\s)(?:a|an|her|his|their|my)\s+(?P<span>(?:walking|zimmer)\s+frame)(?![\w'’-])",
                SCORE,
                flags=re.IGNORECASE,
                left_bound="",
            ),
            Pattern.compile(
                "adjective",
                rf"\b{_ON_A_PERSON}\s+(?P<span>{_ADJECTIVES}(?:\s+in\s+(?:one|both|his|her|their|my|the\s+left|the\s+right)"
                r"(?:\s+(?:left|right))?\s+(?:ear|ears|eye|eyes))?)(?![\w'’-])(?!\s+(?:date|spot|eye\s+to|ears))",
                SCORE,
                flags=re.IGNORECASE,
                left_bound="",
            ),
        ],
    )
