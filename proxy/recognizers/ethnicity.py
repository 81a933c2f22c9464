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

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import word_anchors

SCORE = 0.9

_WORD = r"[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*(?:-[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*)*"
_CAP_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’]*(?:-[A-Za-zÀ-ÖØ-öø-ÿ][\w'’]*)*"
_NOT_GROUP = r"(?!(?:a|an|the|in|on|from|with|very|mixed|same|different|both|my|his|her|their|our|not|also)\b)"
_BE = r"(?:is|are|was|were|[Hh]e's|[Hh]e’s|[Ss]he's|[Ss]he’s|[Tt]hey're|[Tt]hey’re|[A-Z][a-z]+'s)"


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
        ],
    )
