"""Ethnic backgrounds where the sentence says so: "he's Tamil on both sides", "her background is
Assyrian", "a student of Ashanti background".

"On both sides" (of the family) and "background is" name the group a person comes from, not the
country of their passport: "Dutch on both sides", "Pomeranian Brazilian on both sides",
"background is Afro-Brazilian". The model reads many of these as a nationality or a race, or
misses the less familiar ones ("Parsi", "Efik", "Occitan"). Scored above the model (0.9) so the
frame's reading wins. The group must be capitalized ("his background is in finance", "the paint is
white on both sides" are not one), except after "I'm" in a lower-case chat ("i'm canarian on both
sides").
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import ScanText, word_anchors

SCORE = 0.9

_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*(?:-[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*)*"
_CAP_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’]*(?:-[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*)*"
_NOT_GROUP = r"(?!(?:a|an|the|in|on|from|with|very|mixed|same|different|both|my|his|her|their|our|not|also)\b)"
_BE = r"(?:is|are|was|were|[Hh]e's|[Hh]e’s|[Ss]he's|[Ss]he’s|[Tt]hey're|[Tt]hey’re|[A-Z][a-z]+'s)"


# Well-known ethnic groups, written from general knowledge; most are no country's demonym (Somali and Tajik are both:
# overlapping readings keep the higher score). Many are also a language's name ("speaks Yoruba"), so a language word
# next to one leaves it out.
GROUPS = """
Kikuyu Luo Kalenjin Luhya Kamba Oromo Amhara Tigrayan Tigray Somali Yoruba Igbo Hausa Fulani Ashanti Akan Ewe Ga
Xhosa Zulu Sotho Tswana Ndebele Shona Maasai Quechua Aymara Mapuche Guarani Amazigh Berber Tuareg Kinh Hmong
Uyghur Tibetan Hazara Pashtun Baloch Tajik Kurdish Kurd Yazidi Assyrian Druze Māori Maori Sámi Inuit Métis
Romani Tamil Sinhalese Punjabi Gujarati Malayali Bengali Parsi Cherokee Navajo Lakota Ojibwe Cree
"""
# not "Roma" (Rome), "Sami" or "Hui" (given names): too often something else
_GROUP_NAMES = sorted(set(GROUPS.split()), key=len, reverse=True)
_LANGUAGE_BEFORE = r"(?<!speak )(?<!speaks )(?<!speaking )(?<!spoke )(?<!in )(?<!learn )(?<!learning )(?<!fluent )"
_LANGUAGE_AFTER = r"(?![ \t]+(?i:language|languages|speakers?|lessons?|class(?:es)?|words?|translation|translator|music|food)\b)"
_GROUP = re.compile(rf"(?<![\w'’-])(?:{'|'.join(_GROUP_NAMES)})(?![\w'’-])")
# a group name inside a longer name ("Lim Jia Hui", "Col. Roma Sur", "School of Maori and Indigenous Studies") is
# not one: a capitalised word (but a sentence's "A", "An", "The") or "of" right before it, a capitalised word after it
_WORD_BEFORE = re.compile(r"(?:\b(?P<word>[A-Z][\w'’.-]*)|\bof)[ \t]+\Z")
_NAME_AFTER = re.compile(r"[ \t]+[A-Z][a-z]")


def _standalone_groups(doc: ScanText) -> list[int]:
    """Where a group's name starts that is not part of a longer proper name."""
    text = doc.text
    starts = []
    for match in _GROUP.finditer(text):
        before = _WORD_BEFORE.search(text, max(0, match.start() - 40), match.start())
        if before is not None and before["word"] not in ("A", "An", "The"):
            continue  # inside a longer name, or after "of" ("of X descent" is the frame's)
        if _NAME_AFTER.match(text, match.end()):
            continue
        starts.append(match.start())
    return starts


def ethnicity_recognizer() -> PatternRecognizer:
    """Groups before "on both sides", after "background is" and in "of X descent / background / heritage"."""
    return PatternRecognizer(
        "ethnicity",
        "Ethnicity",
        [
            Pattern.compile(
                "on-both-sides",
                rf"(?:(?i:\b(?:I'm|I’m|im|I am))[ \t]+(?:(?i:also|half|fully|mostly)[ \t]+)?(?P<span>{_NOT_GROUP}{_WORD}"
                rf"(?:[ \t]+{_NOT_GROUP}{_WORD}){{0,2}})"
                rf"|\b{_BE}[ \t]+(?:(?:also|half|fully|mostly)[ \t]+)?(?P<span2>{_CAP_WORD}(?:[ \t]+{_CAP_WORD}){{0,2}}))"
                r"[ \t]+on[ \t]+both[ \t]+sides\b",
                SCORE,
                left_bound="",
            ),
            Pattern.compile(
                "background-is",
                rf"\b(?i:background)[ \t]+(?:is|was)[ \t]+(?P<span>{_NOT_GROUP}{_CAP_WORD}(?:[ \t]+{_CAP_WORD}){{0,2}})"
                r"(?=[ \t]*(?:[.,;:!?)\n—–]|$|[ \t](?:and|but|on|so|which|while)\b))",
                SCORE,
                left_bound="",
                anchors=word_anchors(["background"]),
            ),
            Pattern.compile(
                "of-descent",
                rf"\b(?i:of|with)[ \t]+(?P<span>(?!(?i:the|a|an|this|that|my|his|her|their|our|its|mixed|no)\b){_CAP_WORD}(?:[ \t]+{_CAP_WORD}){{0,2}})[ \t]+"
                r"(?i:descent|background|heritage|ancestry|origin|extraction)\b",
                SCORE,
                left_bound="",
                anchors=word_anchors(["of", "with"]),
            ),
            Pattern.compile(
                "group-name",
                rf"{_LANGUAGE_BEFORE}(?P<span>(?:{'|'.join(_GROUP_NAMES)}))(?![\w'’-]){_LANGUAGE_AFTER}",
                0.8,
                left_bound="",
                anchors=_standalone_groups,
            ),
        ],
    )
