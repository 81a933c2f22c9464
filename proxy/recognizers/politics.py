"""Political affiliations where the sentence gives a person their politics: "she canvasses for the
PSOE", "a card-carrying member of Plaid Cymru", "I would call myself centrist", "he's fairly
conservative", "Party: Trinamool Congress".

A party name alone is often also an organization the model reads as a government agency ("the
APC", "PSDB"), and a political leaning is an everyday adjective; the frame decides. The leanings
after "fairly"/"very"/"politically" come from a short list written for Veil; after "would call
myself" any short phrase counts ("a lifelong Labour supporter"). Scored above the model (0.9).
"""

from __future__ import annotations

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import word_anchors

SCORE = 0.9

LEANINGS = (
    "conservative|liberal|moderate|progressive|centrist|left-leaning|right-leaning|left-wing|right-wing|leftist"
    "|apolitical|socialist|libertarian|centre-left|center-left|centre-right|center-right|far-left|far-right"
    "|fiscally conservative|socially liberal|socially conservative|social democrat|green|nationalist|populist"
    "|anarchist|communist|marxist|democrat|republican|independent|politically neutral"
)
_LEANING = "(?:" + "|".join(sorted(LEANINGS.split("|"), key=len, reverse=True)).replace(" ", r"[ \t]+") + ")"
# a party's name: capitalized words, "of"/"for the"/"and" inside, acronyms ("PSOE", "CPI(M)")
_PARTY_WORD = r"(?:[A-ZÀ-ÖØ-Þ](?:[\w'’-]|\.(?=\w))*(?:\([A-Z]\))?)"
_PARTY = rf"{_PARTY_WORD}(?:[ \t]+(?:of|for|for[ \t]+the|and|&|de|del|la|the)?[ \t]*{_PARTY_WORD}){{0,4}}"
_LOWER_PARTY = r"(?:the[ \t]+)?[a-z][\w'’-]*(?:[ \t]+(?:of|for|for[ \t]+the|and)?[ \t]*[a-z][\w'’-]*){0,4}"
_SUPPORTER = r"(?i:voter|supporter|activist|member|sympathi[sz]er|party member)"
# "a lifelong Labour supporter", "a Green voter", "centrist", "center-right"; a capitalized word alone may be a name
_SELF_DESCRIBED = (
    rf"(?:(?i:lifelong|staunch|proud|committed|loyal|die-hard|strong|traditional)[ \t]+)?"
    rf"(?:(?i:{_LEANING})(?:[ \t]+{_SUPPORTER})?|{_PARTY_WORD}(?:[ \t]+{_PARTY_WORD})?[ \t]+{_SUPPORTER})"
)
_END = r"(?=[ \t]*(?:[.,;:!?)\n—–]|$|[ \t](?:and|but|so|which|while|whereas|he|she|they|I)\b))"


def politics_recognizer() -> PatternRecognizer:
    """Parties after "canvass for"/"member of", leanings after "would call myself"/"fairly", a party label."""
    return PatternRecognizer(
        "political-affiliation",
        "Political Affiliation",
        [
            Pattern.compile(
                "canvasses-for",
                rf"\b(?i:canvass(?:es|ed|ing)?[ \t]+for|card-carrying[ \t]+member[ \t]+of|(?:a|an)[ \t]+member[ \t]+of"
                rf"[ \t]+the[ \t]+party)[ \t]+(?:the[ \t]+)?(?:(?P<span>{_PARTY})(?=[ \t]*(?:[.,;:!?)\n—–]|$)|[ \t]+[a-z])"
                rf"|(?P<span2>{_LOWER_PARTY}){_END})",
                SCORE,
                left_bound="",
                anchors=word_anchors(["canvass", "canvasses", "canvassed", "canvassing", "card", "a", "an"]),
            ),
            Pattern.compile(
                "calls-self",
                r"\b(?i:would[ \t]+call|calls?|considers?)[ \t]+(?i:myself|himself|herself|themselves|themself)[ \t]+"
                rf"(?:(?:a|an)[ \t]+)?(?P<span>{_SELF_DESCRIBED}){_END}",
                SCORE,
                left_bound="",
                anchors=word_anchors(["would", "call", "calls", "consider", "considers"]),
            ),
            Pattern.compile(
                "fairly-leaning",
                rf"\b(?i:fairly|very|quite|pretty|staunchly|politically|solidly|firmly|strongly|broadly)[ \t]+"
                rf"(?P<span>(?i:{_LEANING})){_END}",
                SCORE,
                left_bound="",
            ),
            Pattern.compile(
                "label",
                rf"(?:^|\n)[ \t]*[-*•]?[ \t]*(?i:party|political party|politics|political affiliation)[ \t]*"
                rf"(?:[:=]|[—–-][ \t])[ \t]*(?P<span>{_PARTY}|(?i:{_LEANING})){_END}",
                SCORE,
            ),
        ],
    )
