"""Phone numbers: a cheap regex finds candidates, libphonenumber judges them.

`phonenumbers.PhoneNumberMatcher` over a whole prompt costs milliseconds; a
regex prefilter plus one or two `parse` calls per candidate costs tens of
microseconds. National numbers are tried only where the digits fit: a leading
0 is a trunk prefix (UK, Europe, India, Japan, ...), anything else is tried as
North American, and as a few other plans only when a phone word is near.
Trying permissive plans such as Germany's on every digit run would turn order
numbers into phones. A number labelled as another identifier ("SIN 130 692
544") is left to that identifier even when it would dial somewhere.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from functools import lru_cache

import phonenumbers

from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, Pattern, PatternRecognizer
from proxy.recognizers.context import NOT_PII, Keywords
from proxy.recognizers.identifiers import ID_LABEL_ENTRIES, PHONE_WORDS_ELSEWHERE
from proxy.recognizers.scan import ScanText, number_anchors, word_anchors

TRUNK_ZERO_REGIONS: tuple[str, ...] = ("GB", "DE", "FR", "IT", "NL", "AU", "IN", "JP", "NG")
NANP_REGION = "US"
# Tried only when a phone word is near: national numbers without a trunk 0
# ("6XX XX XX XX" in Spain, "(11) 9XXXX-XXXX" in Brazil, "98XXX XXXXX" in India).
OTHER_REGIONS: tuple[str, ...] = ("ES", "IT", "BR", "MX", "IN", "CN", "FR", "DE")

_CANDIDATE = re.compile(
    r"(?<![\w+@/.:-])"
    r"(?:\+|00)?"
    r"(?:\(\d{1,4}\)|\d)"
    r"(?:[ .\-\u00a0]?(?:\(\d{1,5}\)|\d)){6,17}"
    r"(?:\s?(?:x|ext\.?|extension)\s?\d{1,6})?"
    r"(?![\w-]|[.,]\d)"
)

# Shapes that other recognizers own or that are plainly not phone numbers.
_NOT_A_PHONE = re.compile(
    r"\d{1,3}(?:\.\d{1,3}){3}"  # IPv4
    r"|\d{4}[-./]\d{1,2}[-./]\d{1,2}(?:[ T\u00a0]\d.*)?"  # ISO date, also before a time ("2025-05-09 07:10")
    r"|\d{1,2}[-./]\d{1,2}[-./]\d{2,4}"  # numeric date
    r"|\d{3}-\d{2}-\d{4}"  # SSN
    r"|\d{2}-\d{7}"  # EIN
    r"|(?:19|20)\d\d ?- ?(?:19|20)\d\d"  # year range
    r"|\d+\.\d+"  # decimal number
)
_EXTENSION = re.compile(r"\s?(?:x|ext\.?|extension)\s?\d{1,6}$")

PHONE = "Phone Number"
OTHER_ID = "other-id"
# Phone words, and the labels of other identifiers: a number right after
# "SIN" or "Steuer-ID" is that identifier even when it would dial somewhere.
PHONE_CONTEXT = Keywords(
    [
        ("{tele,}phone{, number, no}", PHONE),
        ("{tel,ph,mobile,cellphone,fax,whatsapp,contact,dial}", PHONE),
        ("cell{, phone}", PHONE),
        ("call{,ed,ing}", PHONE),
        ("text{,ed}", PHONE),
        ("reach{,ed}", PHONE),
        ("{ring,rang,pick up,picks up}", PHONE),
        # other languages' phone words ("simu 0712 345 678", "Mi teléfono es ...", "Handy: ...")
        (f"{{{PHONE_WORDS_ELSEWHERE},portable}}", PHONE),
        *((spec, OTHER_ID) for spec, label in ID_LABEL_ENTRIES if label != NOT_PII),
    ]
)


def _shape(candidate: str) -> tuple[int, bool] | None:
    """(digit count, written like a phone number) from cheap checks, or None."""
    if _NOT_A_PHONE.fullmatch(candidate):
        return None
    core = _EXTENSION.sub("", candidate)
    digits = sum(c.isdigit() for c in core)
    if not 7 <= digits <= 15:
        return None
    formatted = core.startswith(("+", "00")) or any(c in " .-(\u00a0" for c in core)
    return digits, formatted


@lru_cache(maxsize=4096)
def _grade(candidate: str, labelled: bool = False) -> str | None:
    """'valid' or 'possible' per libphonenumber, else None. Cached: chat clients
    resend the whole conversation, so the same numbers come back every turn."""
    core = _EXTENSION.sub("", candidate)
    if core.startswith("+"):
        regions: Sequence[str | None] = (None,)
    elif core.startswith("00"):
        regions = ("GB",)  # any region whose international prefix is 00
    elif core.lstrip("(").startswith("0"):
        regions = TRUNK_ZERO_REGIONS
    else:
        regions = (NANP_REGION, *OTHER_REGIONS) if labelled else (NANP_REGION,)
    possible = False
    for region in regions:
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return "valid"
        possible = possible or phonenumbers.is_possible_number(number)
        # "+52 1 55 ..." (an old Mexican mobile prefix) and other outdated plans:
        # a known country code next to a phone word is enough
        if labelled and region is None and number.country_code in phonenumbers.COUNTRY_CODE_TO_REGION_CODE:
            possible = True
    return "possible" if possible else None


_SEVEN_DIGITS = number_anchors(7)


def _phone_anchors(doc: ScanText) -> list[int]:
    """Digit groups of 7+ digit numbers, stepping back over a leading "+" or "(": "(020) 7946 0958" starts at its
    bracket, "Mr Okafor (07939 602 118)" and "Simran (+44 7700 912384)" inside theirs, so each step is a start."""
    text = doc.text
    anchors = []
    for pos in _SEVEN_DIGITS(doc):
        anchors.append(pos)
        while pos and text[pos - 1] in "+(":
            pos -= 1
            anchors.append(pos)
    return sorted(set(anchors))


class PhoneRecognizer(PatternRecognizer):
    """Valid numbers score 0.85; merely possible ones 0.65 and only when written like a
    phone number (10+ digits, separators, or +); bare digit runs need a phone word."""

    def __init__(self) -> None:
        super().__init__(
            "phone",
            "Phone Number",
            [Pattern("phone-candidate", _CANDIDATE, 0.85, anchors=_phone_anchors)],
            context=PHONE_CONTEXT,
            context_boost=0.1,
            window=(40, 16),
        )

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        for match in self.patterns[0].matches(doc):
            candidate = match.group()
            shape = _shape(candidate)
            if shape is None:
                continue
            digits, formatted = shape
            hit = self.find_context(doc, match.start(), match.end())
            if hit is not None and hit.label != PHONE:
                continue
            if hit is None and not formatted:
                continue
            quality = _grade(candidate, hit is not None)
            if quality is None or (hit is None and quality == "possible" and digits < 10):
                continue
            score = (0.85 if quality == "valid" else 0.65) + (self.context_boost if hit else 0.0)
            yield Entity(
                text=candidate,
                start=match.start(),
                end=match.end(),
                tag="Phone Number",
                score=round(min(score, 1.0), 3),
                detector=DETECTOR_NAME,
                meta={"recognizer": self.name, "pattern": quality},
            )


def phone_recognizer() -> PatternRecognizer:
    return PhoneRecognizer()


# A number read out digit by digit, as a call's transcript writes it: "oh seven nine one one, double three four, five
# oh six". National numbers start with a trunk zero, so the run must too; 10-13 digits in all.
_DIGIT_WORDS = ("oh", "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_DIGIT_WORD = "(?:" + "|".join(_DIGIT_WORDS) + ")"
_SPOKEN_DIGITS = rf"(?<![\w-])(?:[Oo]h|[Zz]ero)(?:[ ,-]+(?:(?:double|triple)[ ])?{_DIGIT_WORD}){{6,}}(?![\w-])"


def _spoken_digit_count(span: str) -> bool:
    """10-13 digits spelt: "double four" is two, "triple oh" three."""
    words = re.findall(r"[a-z]+", span.lower())
    count = sum(w in _DIGIT_WORDS for w in words) + words.count("double") + 2 * words.count("triple")
    return 10 <= count <= 13


def spoken_phone_recognizer() -> PatternRecognizer:
    """Phone numbers read out digit by digit ("oh seven seven double four, eight two one, nine oh three")."""
    return PatternRecognizer(
        "phone-spoken",
        "Phone Number",
        [Pattern.compile("digit-words", _SPOKEN_DIGITS, 0.75, validator=_spoken_digit_count,
                         anchors=word_anchors(("oh", "zero")))],
    )
