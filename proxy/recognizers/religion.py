"""Religious beliefs by name: "Muslim", "Seventh-day Adventist", "Dutch Reformed", "Sunni Muslim".

A faith's name is rarely anything else in a prompt, so it counts wherever it stands, with the
denomination words that belong to it ("Theravada Buddhist", "Roman Catholic"). Where it is part
of a capitalized name it is left to the other recognizers and the model: a person ("Christian
Bale", "Priya Jain"), a school or a charity ("Catholic University", "Muslim Aid"). Scored below
the model's confident spans. The list was written for Veil (no data set's vocabulary).
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.proper_names import CAPITALIZED_BEFORE
from proxy.recognizers.scan import ScanText, phrase_anchors

FAITHS = """
Muslim|Christian|Catholic|Jewish|Hindu|Buddhist|Sikh|Jain|Atheist|Agnostic|Protestant|Anglican|Methodist|Baptist
|Lutheran|Presbyterian|Pentecostal|Evangelical|Quaker|Mormon|Latter-day Saint|Jehovah's Witness|Seventh-day Adventist
|Episcopalian|Orthodox|Shinto|Taoist|Zoroastrian|Rastafarian|Wiccan|Pagan|Druze|Baha'i|Bahá'í|Unitarian|Calvinist
|Mennonite|Amish|Sufi|Ismaili|Ahmadi|Alevi|Dutch Reformed|Church of England|Greek Orthodox|Russian Orthodox
|Coptic Christian|Born-again Christian|Nonreligious|Non-religious|Unitarian Universalist
"""
QUALIFIERS = (
    "Sunni Shia Shiite Roman Orthodox Reform Reformed Conservative Liberal Progressive Greek Russian Eastern Coptic "
    "Theravada Mahayana Zen Tibetan Evangelical Messianic Hasidic Haredi Maronite Syro-Malabar Born-again Anglo"
).split()
_FAITH = "|".join(re.escape(f).replace(r"\ ", r"[ \t]+").replace("'", "['’]?") for f in
                  sorted({f.strip() for f in FAITHS.split("|") if f.strip()}, key=len, reverse=True))
# in lower case too ("im muslim", "hindu but not strict"): words with no everyday sense
LOWER_CASE_OK = (
    "muslim hindu buddhist sikh jewish catholic christian atheist agnostic methodist baptist mormon ismaili sufi "
    "zoroastrian rastafarian mennonite anglican presbyterian lutheran pentecostal nonreligious non-religious"
).split() + [r"seventh-day[ \t]+adventist", r"born-again[ \t]+christian", r"unitarian[ \t]+universalist"]
_QUALIFIER = rf"(?:(?:{'|'.join(map(re.escape, QUALIFIERS))})[ \t]+)?"
# a faith word inside a capitalized name: a person ("Christian Bale"), a school, a charity
_NOT_IN_A_NAME = r"(?![ \t]+[A-Z])"


def _faith_anchors(doc: ScanText) -> list[int]:
    """Faith (or qualifier) words not preceded by a capitalized word ("Priya Jain" is a surname)."""
    text = doc.text
    return [pos for pos in _WORDS(doc) if CAPITALIZED_BEFORE.search(text, max(0, pos - 30), pos) is None]


_WORDS = phrase_anchors(FAITHS.split("|") + [q.split("-")[0] for q in QUALIFIERS])


def religion_recognizer() -> PatternRecognizer:
    """Faith names with their denomination ("Sunni Muslim"); the unambiguous ones in lower case too ("hindu")."""
    return PatternRecognizer(
        "religion",
        "Religious Belief",
        [
            Pattern.compile(
                "faith",
                rf"(?:{_QUALIFIER}(?:{_FAITH})|{'|'.join(LOWER_CASE_OK)})(?![\w'’-]){_NOT_IN_A_NAME}",
                0.7,
                left_bound="-'’",
                anchors=_faith_anchors,
            ),
        ],
    )
