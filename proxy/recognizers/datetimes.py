"""Dates, clock times and durations (also read out, as speech-to-text writes a call: "the third of March",
"Saturday the sixteenth", "nine twenty a.m.").

Decisions: a month name must be capitalised ("we march on" is no date); a
bare year is not a Date unless "in" stands before it in a sentence about a
person ("I had a lap in 2020": a personal pronoun before it), a life-event
word puts it on a personal timeline ("born 1987", "graduated 2015", "after
her stroke, 2019"), it opens a sentence about someone ("In 1966 they
emigrated") or it follows a genealogy's "b."/"d.", because years alone are
everywhere in ordinary prose ("Order 12345 shipped in 2019."); a year range
("1938 – 2025", "2019 to present") is always a timeline. A month alone is a
Date only after a time preposition ("in August", "by end of April") or with
"mid-". A day range ("17–21 March") is one Date. "34 years old" is an Age,
never a Duration.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import Keywords
from proxy.recognizers.medical import KNOWN_CONDITION, SERVICE_WORDS
from proxy.recognizers.number_words import FIRST_WORDS, HOUR_WORD, NUMBER_WORD, ORDINAL_DAY_WORD, TENS_WORD, word_to_int
from proxy.recognizers.scan import (
    ScanText,
    backward_anchors,
    near_keywords,
    number_anchors,
    word_anchors,
)

_MONTH_NAMES = "January February March April May June July August September October November December".split()
_MONTH_ABBREVIATIONS = "Jan Feb Mar Apr Jun Jul Aug Sept Sep Oct Nov Dec".split()
# A flat alternation of literals, which `re` scans fast.
_MONTH = (
    "(?:"
    + "|".join(_MONTH_NAMES + [rf"{abbreviation}(?:\.(?=\s*\d))?" for abbreviation in _MONTH_ABBREVIATIONS])
    + ")(?![a-z])"
)
# An abbreviation's period is part of the date only inside it ("Mar. 3rd"); at the
# end ("on 7 Jun.") it is the sentence's full stop.
_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)?(?!\d)"
_YEAR = r"(?:1[89]|20)\d{2}(?!\d)"
_WEEKDAY = r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?)"
_WEEKDAY_PREFIX = rf"{_WEEKDAY},?\s+(?:the\s+)?"
_WEEKDAYS_PLURAL = r"(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)days?|(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun))(?!\w)"
_FULL_MONTH = "(?:" + "|".join(_MONTH_NAMES) + ")(?![a-z])"
_LOWER_MONTH_WORDS = [m.lower() for m in _MONTH_NAMES] + [a.lower() for a in _MONTH_ABBREVIATIONS]
# a lower-case month, with a day beside it ("12 november", "june 2"): chats write them so
_LOWER_MONTH = "(?:" + "|".join(_LOWER_MONTH_WORDS) + r")(?![a-z])(?:\.(?=\s*\d))?"
# "may" and "march" are verbs too ("you may 2 ...", "march 3 miles"): before a day only after a date's word
_DATE_WORD_BEFORE = "".join(
    f"(?<={w} )|" for w in ("on", "by", "of", "is", "was", "from", "since", "until", "till", "before", "after", "due")
).rstrip("|")
_LOWER_MONTH_FIRST = rf"(?:(?!may\b|march\b){_LOWER_MONTH}|(?:{_DATE_WORD_BEFORE})(?:may|march)(?![a-z]))"
_BEFORE_LOWER_MONTH = backward_anchors(
    re.compile(rf"(?<![A-Za-z]){_LOWER_MONTH}"), re.compile(rf"{_DAY}(?:\s+of)?\s+\Z"), reach=16
)
_LOWER_MONTHS = word_anchors(_LOWER_MONTH_WORDS)
# Lower-case months with a two-digit year are dates only right after "born"/"DOB" ("born 3rd april 98").
_ANY_CASE_MONTH = "(?:" + "|".join(_LOWER_MONTH_WORDS + _MONTH_NAMES + _MONTH_ABBREVIATIONS) + r")(?![a-z])\.?"
_ORDINAL_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:st|nd|rd|th)(?!\w)"
_RANGE_TO = r"(?:\s?[–—-]\s?|\s+(?:to|until|till|through)\s+)"
_SEASON = r"(?:[Ss]pring|[Ss]ummer|[Aa]utumn|[Ff]all|[Ww]inter)"
_ZONE = (
    r"(?:\s?(?:UTC|GMT|[ECMP][SD]?T|CET|CEST|BST|IST|JST|KST|HKT|SGT|PHT|MSK|SAST|AEST|AEDT|AWST|ACST|NZST|NZDT|Z"
    r"|Uhr)(?:[+-]\d{1,2}(?::?\d{2})?)?(?![A-Za-z]))?"  # "9:40 Uhr": German writes the word as part of the time
)
_AMPM = r"(?:[AaPp]\.[Mm]\.|[AaPp]\.?[Mm](?![A-Za-z]))"

# Anchors: where a match can start, found from its rarest part.
_WEEKDAYS = word_anchors(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun".split()
)
_BEFORE_MONTH = backward_anchors(re.compile(_MONTH), re.compile(rf"{_DAY}(?:\s+of)?\s+\Z"), reach=16)
_BEFORE_MONTH_RANGE = backward_anchors(
    re.compile(_MONTH), re.compile(rf"{_DAY}{_RANGE_TO}{_DAY}(?:\s+of)?\s+\Z"), reach=28
)
_WEEKDAYS_AND_PLURALS = word_anchors(
    "monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun "
    "mondays tuesdays wednesdays thursdays fridays saturdays sundays".split()
)
# Other languages' dates, pasted letters and payslips: "3 septembre 2024", "sábado 12 de abril", "2 de julho de 1975",
# "Dienstag, 8. April 2025", "venerdì 7 marzo 2025", "janvier 2025" (English month names have their own patterns)
_FOREIGN_MONTH = (
    "(?i:janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[uû]t|septembre|octobre|novembre|d[ée]cembre"
    "|enero|febrero|marzo|abril|mayo|junio|julio|agosto|se?tiembre|octubre|noviembre|diciembre"
    "|gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre"
    "|janeiro|fevereiro|mar[çc]o|maio|junho|julho|setembro|outubro|novembro|dezembro"
    "|januar|februar|m[äa]rz|juni|juli|oktober|dezember|januari|februari|maart|mei|augustus|augusti|maj"
    "|april|august|september|november)(?![^\\W\\d_])"  # German, Dutch and Swedish share these with English
)
_FOREIGN_WEEKDAY = (
    "(?i:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado"
    "|domingo|luned[iì]|marted[iì]|mercoled[iì]|gioved[iì]|venerd[iì]|sabato|domenica|segunda(?:-feira)?"
    "|ter[çc]a(?:-feira)?|quarta(?:-feira)?|quinta(?:-feira)?|sexta(?:-feira)?|montag|dienstag|mittwoch"
    "|donnerstag|freitag|samstag|sonntag|lun|mer|gio|ven|sab|dom)(?![^\\W\\d_])"
)
_FOREIGN_DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:er|º|°|\.)?(?!\d)"
# not a name built on a date: "25 de Abril Bridge", "Avenida 9 de Julio"
_NAMED_AFTER_DATE = r"(?!\s+[A-ZÀ-Þ])"
_PLACE_BEFORE = "".join(
    f"(?<!{w} )" for w in ("Avenida", "Av.", "Rua", "Calle", "Avenue", "Plaza", "Praça", "Ponte", "Puente", "Rue", "Via",
                           "Viale", "Straße", "Strasse", "Place")
)
_FOREIGN_DATE = (
    rf"{_PLACE_BEFORE}(?:{_FOREIGN_WEEKDAY}\.?,?\s+)?(?:{_FOREIGN_DAY}\s+(?:al|au|a|bis|[–-])\s+)?{_FOREIGN_DAY}\s+"
    # (a year it could take is taken: no stopping short of it to pass the name check)
    rf"(?:de\s+)?{_FOREIGN_MONTH}(?:,?\s+(?:de\s+)?{_YEAR})?(?!,?\s+(?:de\s+)?{_YEAR}){_NAMED_AFTER_DATE}"
    rf"|(?<![\w.]){_FOREIGN_MONTH}\s+(?:de\s+)?{_YEAR}{_NAMED_AFTER_DATE}"
)
_FOREIGN_MONTHS = backward_anchors(
    re.compile(_FOREIGN_MONTH),
    re.compile(
        rf"(?:(?:{_FOREIGN_WEEKDAY}\.?,?\s+)?(?:{_FOREIGN_DAY}\s+(?:al|au|a|bis|[–-])\s+)?{_FOREIGN_DAY}\s+(?:de\s+)?)?\Z"
    ),
    reach=40,
)
_BEFORE_COLON = backward_anchors(re.compile(":"), re.compile(r"\d{1,2}\Z"), reach=2)
_AMPM_WORD = re.compile(r"am|pm|AM|PM|a\.m\.|p\.m\.|A\.M\.|P\.M\.|Am|Pm")
_BEFORE_AMPM = backward_anchors(_AMPM_WORD, re.compile(r"\d{1,2}\s?\Z"), reach=3)
# "10.30pm" (British): the dot needs the am/pm, "9.50" alone is a number
_BEFORE_DOT_AMPM = backward_anchors(_AMPM_WORD, re.compile(r"\d{1,2}\.[0-5]\d\s?\Z"), reach=6)
_BEFORE_H = backward_anchors(re.compile(r"h(?=[0-5]\d)"), re.compile(r"\d{1,2}\Z"), reach=2)
_BEFORE_BARE_H = backward_anchors(re.compile(r"h(?!\w)"), re.compile(r"\d{1,2}\Z"), reach=2)
_BEFORE_OCLOCK = backward_anchors(re.compile("o['’]clock"), re.compile(r"\d{1,2}\s?\Z"), reach=3)

_MONTH_NUMBER = {
    name: i
    for i, name in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), 1)
}
_MONTH_IN = re.compile(r"(?<![A-Za-z])(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)")
_NUMBER_IN = re.compile(r"\d+")


def _day_fits(day: int, month: int, year: int | None) -> bool:
    return 1 <= month <= 12 and 1 <= day <= calendar.monthrange(year or 2000, month)[1]


def _valid_textual_date(span: str) -> bool:
    """'February 30' and '31 April' are not dates."""
    month_match = _MONTH_IN.search(span)
    if month_match is None:
        return False
    numbers = [int(n) for n in _NUMBER_IN.findall(span)]
    day = next((n for n in numbers if n <= 31), None)
    year = next((n for n in numbers if n > 31), None)
    return day is None or _day_fits(day, _MONTH_NUMBER[month_match.group(1).lower()], year)


def _valid_any_case_date(span: str) -> bool:
    return _valid_textual_date(span.title())


def _valid_day_range(span: str) -> bool:
    """'17–21 March': both days real in that month, the first before the second."""
    month_match = _MONTH_IN.search(span)
    numbers = [int(n) for n in _NUMBER_IN.findall(span)]
    if month_match is None or len(numbers) < 2:
        return False
    month = _MONTH_NUMBER[month_match.group(1).lower()]
    year = numbers[2] if len(numbers) > 2 else None
    first, last = numbers[0], numbers[1]
    return first < last and _day_fits(first, month, year) and _day_fits(last, month, year)


def _valid_iso_date(span: str) -> bool:
    year, month, day = (int(n) for n in _NUMBER_IN.findall(span))
    return _day_fits(day, month, year)


def _valid_numeric_date(span: str) -> bool:
    """Either reading, month-first (US) or day-first, must be a real date."""
    a, b, year = (int(n) for n in _NUMBER_IN.findall(span))
    if year < 100:
        year += 2000 if year < 50 else 1900
    return _day_fits(b, a, year) or _day_fits(a, b, year)


# Words that make "5/12" a date rather than a fraction, "5-11-13" rather than an address.
_SHORT_DATE_WORDS = Keywords.for_label(
    "Date",
    [
        "{on,by,until,till,due,from,since,starting,before,after,dated,born,expires,expiry,issued}",
        "{date,dob,birthday,birthdate,booked,scheduled,appointment,check up,admitted,discharged}",
        # a ward's "Adm. 21/05", a trip's "return 07/10", a card's "exp 08/27"
        "{adm,depart,departs,departing,departure,return,returns,returning,exp,arrive,arrives,arriving,arrival}",
    ],
)


def _day_month(span: str) -> bool:
    """A day-first "14/01"; "24/7" is round the clock."""
    return span != "24/7"

_LIFE_EVENTS = Keywords.for_label(
    "Date",
    [
        "{born,birth,birthday,birthdate,married,divorced,widowed,since,joined,hired,moved,relocated,retired}",
        "{enrolled,immigrated,emigrated,diagnosed,started,graduated,graduating,graduation}",
        "class of",
    ],
)


# Further events that put a bare year on a person's timeline, looked for in the whole
# sentence before the year ("I completed my MArch at the Bartlett ... in 2016").
_YEAR_EVENTS = Keywords.for_label(
    "Date",
    [
        "{born,birth,birthday,married,divorced,widowed,since,joined,hired,moved,relocated,retired,enrolled}",
        "{immigrated,emigrated,diagnosed,started,graduated,graduating,graduation,completed,finished,accident,stroke}",
        "{died,death,passed,met,separated,entered,arrived,came,come,crossed,expires,expired,expiry,due,left}",
        "{conviction,convicted,arrested,surgery,operation,injured,injury,taught,studied,worked,lived,qualified}",
        "{adopted,engaged,promoted,trained,served,visited,bought,sold,lost}",
        # a heart attack, a seizure, "dx 2021"; "valid till 2026"; "since" in Spanish, German, French
        "{attack,seizure,dx,valid,desde,seit,depuis}",
    ],
)
_YEAR_CANDIDATE = re.compile(r"(?<![\w$€£.,/:-])(?:19|20)\d{2}(?![\w%/-]|[.,:]\d)")
# a year that opens a sentence about someone ("In 2018 I was arrested", "By 1990 she was ..."; not "we", often a
# business: "In 2019 we changed suppliers") or follows a genealogy's "b." / "d." ("Kofi Mensah, b. 1958, ... d. 2011")
_TIMELINE_YEAR = re.compile(
    r"(?:(?:^|(?<=[.!?]\s)|(?<=\n))(?:In|By)\s+(?=(?:19|20)\d{2},?\s+(?:I|he|she|they|my|his|her|their)\b)"
    r"|(?<![\w.])[bd]\.\s?(?=(?:19|20)\d{2}\b))",
    re.MULTILINE,
)


def _years_after_events(doc: ScanText) -> list[int]:
    """Years with a life-event word earlier in their sentence (up to 80 characters back), and years that open a
    sentence about someone or follow "b."/"d."."""
    starts = [match.end() for match in _TIMELINE_YEAR.finditer(doc.text)]
    if _YEAR_EVENTS.may_occur(doc):
        starts += [
            match.start()
            for match in _YEAR_CANDIDATE.finditer(doc.text)
            if _YEAR_EVENTS.nearest(doc, match.start(), match.end(), before=80, after=0) is not None
        ]
    return sorted(set(starts))


_IN_YEAR = re.compile(r"(?<![\w-])[Ii]n[ \t]+(?=(?:19|20)\d{2}(?!\d))")
_PERSONAL_PRONOUN = re.compile(r"\b(?:I|[Mm]y|[Mm]e|[Hh]e|[Ss]he|[Hh]is|[Hh]er|[Hh]im|[Tt]hey|[Tt]heir|[Tt]hem)\b")
_SENTENCE_BREAK = re.compile(r"[.!?](?:\s|$)|\n")


def _sentence_before(text: str, pos: int, reach: int) -> str:
    """The part of `pos`'s sentence before it, at most `reach` characters."""
    before = text[max(0, pos - reach):pos]
    breaks = list(_SENTENCE_BREAK.finditer(before))
    return before[breaks[-1].end():] if breaks else before


def _years_in_a_persons_sentence(doc: ScanText) -> list[int]:
    """Where "in" + a year starts, when a personal pronoun stands earlier in its sentence (80 characters back)."""
    return [match.start() for match in _IN_YEAR.finditer(doc.text)
            if _PERSONAL_PRONOUN.search(_sentence_before(doc.text, match.start(), 80))]


_IN_OR_FROM_YEAR = re.compile(r"(?<![\w-])(?:[Ii]n|[Ff]rom)[ \t]+(?=(?:19|20)\d{2}(?!\d))")


def _years_after_conditions(doc: ScanText) -> list[int]:
    """Where "in"/"from" + a year starts, when a known condition or injury stands in its sentence up to 60 characters
    back ("Had hepatitis A in 2015", "I have lupus from 2019"): when someone had it."""
    starts = []
    for match in _IN_OR_FROM_YEAR.finditer(doc.text):
        sentence = _sentence_before(doc.text, match.start(), 60)
        condition = KNOWN_CONDITION.search(sentence)
        if condition is not None and not _CONDITION_SERVICE.match(sentence, condition.end()):
            starts.append(match.start())
    return starts


# a condition naming a service or a body of people, not someone's illness: "the asthma clinic opened in 2015"
_CONDITION_SERVICE = re.compile(
    rf"[ \t]+(?:{SERVICE_WORDS}|societ(?:y|ies)|foundations?|associations?|charit(?:y|ies)|trusts?|research|awareness"
    r"|campaigns?|groups?|programmes?|programs?)\b",
    re.IGNORECASE,
)


# Count nouns: "in 2000 rows" is a number.
_NOT_A_YEAR_AFTER = (
    r"(?!\s+(?:people|persons|users|customers|units|rows|items|students|employees|members|words|pages|calories"
    r"|kcal|steps|times|km|miles|metres|meters|feet|dollars|euros|pounds|points|characters|tokens|ms|mg|ml|kg"
    r"|lbs|rpm|copies|votes|hours|minutes|seconds|days)\b)"
)


# a year read out: "nineteen seventy-nine", "two thousand and five", "twenty twenty-three", and after a date's comma
# "ninety-nine"
_SPOKEN_YEAR = (
    rf"(?:(?:[Nn]ineteen|[Tt]wenty)[ ](?:{TENS_WORD}|(?:oh|o)[ -](?:one|two|three|four|five|six|seven|eight|nine)"
    rf"|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)"
    rf"|[Tt]wo[ ]thousand(?:[ ](?:and[ ])?(?:{NUMBER_WORD}))?)"
)
_SPOKEN_MONTH_DAY = (
    rf"(?:{ORDINAL_DAY_WORD}[ ]of[ ]{_FULL_MONTH}|{_FULL_MONTH}[ ]{ORDINAL_DAY_WORD}(?![\w-]))"
    rf"(?:,?[ ](?:{_SPOKEN_YEAR}|(?<=,[ ]){TENS_WORD})(?![\w-]))?"
)


def date_recognizer() -> PatternRecognizer:
    """Written dates with a day or a year: "March 3, 2024", "3rd of May", "2024-03-03", "03/03/2024"."""
    month_day = rf"{_MONTH}\s+{_DAY}(?:,?\s+{_YEAR})?"
    day_month = rf"{_DAY}(?:\s+of)?\s+{_MONTH}(?:,?\s+{_YEAR})?"
    return PatternRecognizer(
        "date",
        "Date",
        [
            Pattern.compile("month-day", month_day, 0.85, validator=_valid_textual_date, left_bound="."),
            Pattern.compile(
                "weekday-month-day", _WEEKDAY_PREFIX + month_day, 0.85, validator=_valid_textual_date, anchors=_WEEKDAYS
            ),
            Pattern.compile(
                "day-month", rf"(?<![\w.,$€£]){day_month}", 0.85, validator=_valid_textual_date, anchors=_BEFORE_MONTH
            ),
            Pattern.compile(
                "weekday-day-month", _WEEKDAY_PREFIX + day_month, 0.85, validator=_valid_textual_date, anchors=_WEEKDAYS
            ),
            Pattern.compile("month-year", rf"{_MONTH}(?:\s+of)?,?\s+{_YEAR}", 0.75, left_bound="."),
            Pattern.compile("foreign", _FOREIGN_DATE, 0.8, anchors=_FOREIGN_MONTHS, left_bound="."),
            Pattern.compile(
                "iso",
                rf"(?<![\w./-]){_YEAR}([-/.])\d{{1,2}}\1\d{{1,2}}(?!(?!T\d)[\w/-]|\.\d)",  # "2025-05-09T07:10" too
                0.85,
                validator=_valid_iso_date,
                anchors=number_anchors(6, 3),
            ),
            Pattern.compile(
                "numeric",
                r"(?<![\w./-])\d{1,2}(?:([/-])\d{1,2}\1\d{4}|\.\d{1,2}\.\d{4})(?![\w/-]|[.:]\d)",
                0.8,
                validator=_valid_numeric_date,
                anchors=number_anchors(4, 3),
            ),
            Pattern.compile(
                "numeric-month-year",
                r"(?<![\w./-])(?:0[1-9]|1[0-2])/(?:19|20)\d{2}(?![\w/-]|[.:]\d)",
                0.7,
                anchors=number_anchors(6, 2),
            ),
            # a day range is one Date: "17–21 March", "2 to 16 January", "March 17-21, 2025"
            Pattern.compile(
                "day-range-month",
                rf"(?<![\w.,$€£/:–-]){_DAY}{_RANGE_TO}{_DAY}(?:\s+of)?\s+{_MONTH}(?:,?\s+{_YEAR})?",
                0.88,
                validator=_valid_day_range,
                anchors=_BEFORE_MONTH_RANGE,
            ),
            Pattern.compile(
                "month-day-range",
                rf"{_MONTH}\s+{_DAY}{_RANGE_TO}{_DAY}(?:,?\s+{_YEAR})?(?![\w/:-]|[.,]\d)",
                0.88,
                validator=_valid_day_range,
                left_bound=".",
            ),
            # "on 12 november", "since the 2nd of april", "flight is on may 19": a lower-case month with its day
            Pattern.compile(
                "lower-day-month",
                rf"(?<![\w.,$€£]){_DAY}(?:\s+of)?\s+{_LOWER_MONTH}(?:,?\s+{_YEAR})?",
                0.8,
                validator=_valid_any_case_date,
                anchors=_BEFORE_LOWER_MONTH,
            ),
            Pattern.compile(
                "lower-month-day",
                rf"{_LOWER_MONTH_FIRST}\s+{_DAY}(?:,?\s+{_YEAR})?(?![\w/:-]|[.,]\d)",
                0.8,
                validator=_valid_any_case_date,
                left_bound=".",
                anchors=_LOWER_MONTHS,
            ),
            # "born 3rd april 98", "DOB: 3 mar 1990": after these words any case and a two-digit year
            Pattern.compile(
                "born-any-case",
                r"(?:born|Born|BORN|dob|DOB|Dob|D\.O\.B\.?)\s*(?::\s*|on\s+)?"
                rf"(?P<span>{_DAY}(?:\s+of)?\s+{_ANY_CASE_MONTH}(?:,?\s+(?:{_YEAR}|'?\d{{2}}(?!\d)))?"
                rf"|{_ANY_CASE_MONTH}\s+{_DAY}(?:,?\s+(?:{_YEAR}|'?\d{{2}}(?!\d)))?)",
                0.85,
                validator=_valid_any_case_date,
                left_bound="",
            ),
            # "Sunday 12th", "Thurs the 14th": a weekday with an ordinal day is a date
            Pattern.compile(
                "weekday-ordinal", rf"{_WEEKDAY}\s+(?:the\s+)?{_ORDINAL_DAY}", 0.75, anchors=_WEEKDAYS
            ),
            # spoken, as speech-to-text writes a call: "third of February", "July ninth, nineteen eighty-three",
            # "Saturday the sixteenth", "Monday the third of March"
            Pattern.compile("spoken-month-day", _SPOKEN_MONTH_DAY, 0.8, left_bound=""),
            Pattern.compile(
                "spoken-weekday-day",
                rf"{_WEEKDAY}[ ]the[ ](?:{_SPOKEN_MONTH_DAY}|{ORDINAL_DAY_WORD}(?![\w-]))",
                0.8,
                anchors=_WEEKDAYS,
            ),
            # "on the 11th," "till the 20th.": not "on the 5th floor"
            Pattern.compile(
                "the-ordinal",
                r"(?:on|till|until|by|from|since|before|after|On|Till|Until|By|From|Since|Before|After)\s+the\s+"
                rf"(?P<span>{_ORDINAL_DAY})(?=\s*(?:[,.;!?)]|\n|$)|\s+(?:and|at|but|so|or|for|when)\b)",
                0.55,
                left_bound="",
            ),
            # "in August", "since February", "by end of April", "in mid-June"; a following name
            # ("by May Swenson") or number (other patterns) is not this
            Pattern.compile(
                "month-alone",
                r"(?:in|since|from|until|till|by|during|before|after|through|In|Since|From|Until|Till|By|During"
                r"|Before|After)\s+(?:the\s+)?"
                rf"(?P<span>(?:(?:mid|early|late|end\s+of|start\s+of|beginning\s+of|middle\s+of)[- ])?{_FULL_MONTH})"
                r"(?!\s*,?\s*\d|\s+[A-Z][a-z]|-)",
                0.55,
                left_bound="",
            ),
            Pattern.compile("mid-month", rf"(?:mid|Mid)-{_FULL_MONTH}(?!\s*,?\s*\d)", 0.55, left_bound=""),
            Pattern.compile("season-year", rf"{_SEASON}(?:\s+of)?\s+{_YEAR}", 0.7, left_bound=""),
            # "Monday to Friday", "Wed to Sat", "Tuesdays and Thursdays"
            Pattern.compile(
                "weekday-range",
                # the last one's period is the sentence's full stop
                rf"{_WEEKDAYS_PLURAL}\.?(?:\s?[–—-]\s?|\s+(?:to|till|until|through|thru|and)\s+){_WEEKDAYS_PLURAL}",
                0.6,
                anchors=_WEEKDAYS_AND_PLURALS,
            ),
            # a year that opens a range: "1938 – 2025", "from 2019 to 2022", "(2019–present)"
            Pattern.compile(
                "year-range-start",
                rf"(?<![\w$€£.,/:-])(?<!\d )(?<![Vv]ersion )(?<![Vv]ersions )(?P<span>{_YEAR}){_RANGE_TO}"
                r"(?:(?:19|20)\d{2}(?![\w%/-]|[.,:]\d)|(?:[Pp]resent|[Nn]ow|[Tt]oday|[Cc]urrent|[Dd]ate)(?!\w))",
                0.6,
                anchors=number_anchors(4, 1),
            ),
            Pattern.compile(
                "year-range-end",
                r"(?:(?<=\d{4}–)|(?<=\d{4}—)|(?<=\d{4}-)|(?<=\d{4} – )|(?<=\d{4} — )|(?<=\d{4} - )"
                r"|(?<=\d{4} to )|(?<=\d{4} until ))"
                r"(?<!ersion \d{4} to )(?<!ersion \d{4}-)(?<!ersion \d{4}–)"
                rf"{_YEAR}(?![\w%/-]|[.,:]\d){_NOT_A_YEAR_AFTER}",
                0.6,
                anchors=number_anchors(4, 1),
            ),
            # a year alone in brackets after a word: a CV's "University of Jordan (2013)", a history's "breast cancer
            # (2015)"; a citation's "et al. (2019)" has a full stop before its bracket
            Pattern.compile(
                "bracket-year",
                rf"(?<=[^\W\d_] \(){_YEAR}(?=\))",
                0.55,
                anchors=number_anchors(4, 1),
            ),
            # a year closing a CV line: "B.S. Computer Science, KAIST, 2019"
            Pattern.compile(
                "line-end-year",
                rf"(?<=[^\W\d_], ){_YEAR}(?=[ \t]*(?:\n|$))",
                0.5,
                anchors=number_anchors(4, 1),
            ),
            # "I had a lap in 2020", "she got her PhD from Edinburgh in 1979": a year after "in" in a sentence about
            # a person (a personal pronoun before it in the sentence) is on their timeline; "Order 12345 shipped in
            # 2019." and "In 2019 we changed suppliers." are not about one
            Pattern.compile(
                "in-year",
                rf"(?<![\w-])[Ii]n[ \t]+(?P<span>{_YEAR})(?![\w%/–-]|[.,:]\d){_NOT_A_YEAR_AFTER}",
                0.55,
                left_bound="",
                anchors=_years_in_a_persons_sentence,
            ),
            Pattern.compile(
                "condition-year",
                rf"(?<![\w-])(?:[Ii]n|[Ff]rom)[ \t]+(?P<span>{_YEAR})(?![\w%/–-]|[.,:]\d){_NOT_A_YEAR_AFTER}",
                0.55,
                left_bound="",
                anchors=_years_after_conditions,
            ),
            Pattern.compile(
                "event-year",
                rf"(?<!the )(?<!The )(?<!a )(?<!an )(?:19|20)\d{{2}}(?![\w%/-]|[.,:]\d){_NOT_A_YEAR_AFTER}",
                0.55,
                anchors=_years_after_events,
            ),
            Pattern.compile(
                "life-event-year",
                r"(?<![\w$€£.,/-])(?:19|20)\d{2}(?![\w%/-]|[.,:]\d)",
                0.6,
                requires_context=True,
                anchors=near_keywords(_LIFE_EVENTS.first_words, 32, 0),
            ),
        ],
        context=_LIFE_EVENTS,
        context_boost=0.05,
        window=(32, 0),
    )


def short_date_recognizer() -> PatternRecognizer:
    """Numeric dates that need a date word before them: "on 5/12", "due 14/01" (else a fraction),
    "DOB 3/3/85" and "on 5-11-13" (else perhaps a Japanese block address)."""
    return PatternRecognizer(
        "date-short",
        "Date",
        [
            # "3/3/24" or "5-11-13" (also a Japanese block address) only after a date word
            Pattern.compile(
                "numeric-short-year",
                r"(?<![\w./-])\d{1,2}([/-])\d{1,2}\1\d{2}(?![\w/-]|[.:]\d)",
                0.6,
                validator=_valid_numeric_date,
                requires_context=True,
                anchors=number_anchors(4, 3),
            ),
            # month first ("on 5/12") or day first ("Admitted 18/06", "due 14/01", "letter dated 14/10")
            Pattern.compile(
                "day-month-numeric",
                r"(?<![\w./-])(?:(?:1[0-2]|0?[1-9])/(?:3[01]|[12]\d|0?[1-9])|(?:3[01]|[12]\d|0?[1-9])/(?:1[0-2]|0?[1-9]))"
                r"(?![\w/-]|[.:]\d)",
                0.6,
                validator=_day_month,
                requires_context=True,
                anchors=number_anchors(2, 2),
            ),
        ],
        context=_SHORT_DATE_WORDS,
        context_boost=0.0,
        window=(12, 0),
    )


# A chat export's message header: "[10:41] Agent:", "[Sat 19:02] Marco:", "12/05/25, 21:14 - Dr Nwosu:",
# "@jerome.dc 9:02 AM" alone on its line. Its time stamps the message, not an event in anyone's life
# (nor does the generator write such headers), so it is not reported.
_CHAT_TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:[ \t]?[AaPp]\.?[Mm]\.?)?"
_SPEAKER = r"[ \t]*[A-Za-z@][^\n:\[\]]{0,39}:[ \t]"
_MESSAGE_HEADER = re.compile(
    # "[10:41] Agent:", "[Sat 19:02] Marco:"
    rf"(?m)^[ \t]*\[(?:[A-Z][a-z]{{1,8}}\.?[ \t]+)?(?:\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}},?[ \t]+)?(?P<a>{_CHAT_TIME})\]{_SPEAKER}"
    # "12/05/25, 21:14 - Dr Nwosu:" (a phone's chat export)
    rf"|^[ \t]*\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}},?[ \t]+(?P<b>{_CHAT_TIME})[ \t]+-{_SPEAKER}"
    # "@jerome.dc 9:02 AM" alone on its line (a workspace chat)
    rf"|^[ \t]*@[\w.]+[ \t]+(?P<c>{_CHAT_TIME})[ \t]*$"
)


class _TimeRecognizer(PatternRecognizer):
    """Clock times, except the time stamps of a chat export's message headers."""

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        headers = set()
        if ":" in doc.text:
            for match in _MESSAGE_HEADER.finditer(doc.text):
                headers.add(match.start(match.lastgroup or 0))
        return (e for e in super().analyze(doc) if e.start not in headers)


def time_recognizer() -> PatternRecognizer:
    """Clock times: "14:30", "3:14 PM EST", "9 a.m.", "10.30pm", "14h30"; a bare "at 9" is too ambiguous."""
    return _TimeRecognizer(
        "time",
        "Time",
        [
            Pattern.compile(
                "clock",
                # a colon after it ends a heading ("13 Dec, 10:00: mehendi"), unless more digits follow
                rf"(?:(?<![\w:.])|(?<=\dT))(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?(?:\s?{_AMPM})?{_ZONE}(?!\w|:\S|\.\d)",
                0.85,
                anchors=_BEFORE_COLON,
            ),
            Pattern.compile(
                "hour-ampm", rf"(?<![\w:.,])(?:1[0-2]|0?[1-9])\s?{_AMPM}{_ZONE}", 0.85, anchors=_BEFORE_AMPM
            ),
            Pattern.compile(
                "dot-ampm", rf"(?:1[0-2]|0?[1-9])\.[0-5]\d\s?{_AMPM}{_ZONE}", 0.85, left_bound=":.,",
                anchors=_BEFORE_DOT_AMPM,
            ),
            # read out, as speech-to-text writes a call: "four p.m.", "eleven thirty p.m.", "nine twenty a.m."
            Pattern.compile(
                "spoken-ampm",
                # a bare "am" after a number word is a verb too ("one am I right")
                rf"{HOUR_WORD}(?:[ -](?:oh[ -])?{NUMBER_WORD})?[ ](?:[AaPp]\.[Mm]\.?|[Pp][Mm](?![A-Za-z])){_ZONE}",
                0.8,
                left_bound="-",
            ),
            Pattern.compile(
                "french-clock",
                r"(?<![\w:.,])(?:[01]?\d|2[0-3])h[0-5]\d(?!\w)",
                0.8,
                anchors=_BEFORE_H,
            ),
            Pattern.compile(
                "french-hour",
                r"(?<![\w:.,])(?:[01]?\d|2[0-3])h(?!\w)",
                0.6,
                requires_context=True,
                anchors=_BEFORE_BARE_H,
            ),
            Pattern.compile(
                "oclock", r"(?<![\w:.,])(?:1[0-2]|0?[1-9])\s?o['’]clock(?!\w)", 0.8, anchors=_BEFORE_OCLOCK
            ),
        ],
        context=Keywords.for_label("Time", ["{at,around,by,until,from,to,time,à}"]),
        context_boost=0.05,
        window=(12, 0),
    )


# "five nights" (a stay) and "10 working days" (a notice period) are spans of time too.
_UNIT = r"(?:second|minute|hour|(?:(?:working|business)\s)?day|night|week|fortnight|month|year|decade|semester|quarter)s?"
_BEFORE_UNIT = backward_anchors(re.compile(_UNIT), re.compile(r"\d+(?:\.\d+)?(?:[- ]and[- ]a[- ]half)?\s\Z"), reach=24)
_NUMBER_WORDS = word_anchors(FIRST_WORDS)
_UNIT_RANK = {"decade": 8, "year": 7, "semester": 6, "quarter": 6, "month": 5, "fortnight": 4, "week": 4, "day": 3,
              "night": 3, "hour": 2, "minute": 1, "second": 0}
_UNIT_WORD = re.compile(r"\b(" + "|".join(sorted(_UNIT_RANK, key=len, reverse=True)) + r")s?\b")


def _descending_units(span: str) -> bool:
    """A compound duration counts down its units ("1 hour 40 minutes"); "40 minutes and 2 hours" is two."""
    ranks = [_UNIT_RANK[m.group(1)] for m in _UNIT_WORD.finditer(span)]
    return all(a > b for a, b in zip(ranks, ranks[1:]))


_COMPOUND_ANCHORS = backward_anchors(
    re.compile(rf"{_UNIT},?\s(?:and\s)?(?:\d|{NUMBER_WORD})"), re.compile(rf"(?:\d+|{NUMBER_WORD})\s\Z"), reach=24
)
# months, weeks, days and hours in the other languages users write in (Spanish, Portuguese, Italian, German, Polish,
# French, Hindi/Urdu); not years: "tiene 8 años", "mam 29 lat", "j'ai 40 ans" are ages
_FOREIGN_UNIT = (
    "(?:meses|días|semanas|horas|dias|mesi|giorni|settimane|Monaten|Monate|Wochen|Tagen|Tage|Stunden|miesięcy|"
    "miesiące|dni|tygodni|tygodnie|godzin|mois|jours|semaines|heures|mahine|ghante|hafte)"
)
_FOREIGN_UNIT_WORD = re.compile(rf"(?<!\w){_FOREIGN_UNIT}(?![\w-])")
_BEFORE_FOREIGN_UNIT = backward_anchors(_FOREIGN_UNIT_WORD, re.compile(r"\d{1,3}\s\Z"), reach=4)
# Spanish and Portuguese counts written out: "hace tres meses", "demora três meses", "por vinte anos"
_FOREIGN_COUNT = (
    r"(?i:dos|dois|duas|tres|três|cuatro|quatro|cinco|seis|siete|sete|ocho|oito|nueve|nove|diez|dez|once|onze|doce|doze"
    r"|quince|quinze|veinte|vinte|treinta|trinta)"
)
_BEFORE_FOREIGN_COUNT_UNIT = backward_anchors(_FOREIGN_UNIT_WORD, re.compile(rf"(?<![\w]){_FOREIGN_COUNT}\s\Z"), reach=8)
# years are a duration only after a word that makes one ("hace dos años", "duración 3 años", "na 30 lat"): after
# tener / ter / avoir they are an age
_YEARS_AFTER_DURATION_WORD = (
    r"(?<![\w])(?i:hace|durante|duración|duracion|por|desde\s+hace|há|seit|für|na|przez|pendant|depuis|da)\s+"
    rf"(?P<span>(?:\d{{1,3}}|{_FOREIGN_COUNT})\s(?:años|anos|anni|Jahren|Jahre|lat|ans))(?![\w-])"
)
# between the two counts of a range of durations: "4-6 weeks", "eight to ten weeks"
_COUNT_RANGE = r"(?:\s?[–—-]\s?|\s+to\s+)"
_RANGE_ANCHORS = backward_anchors(
    re.compile(rf"{_COUNT_RANGE}(?:\d+|{NUMBER_WORD})\s{_UNIT}"), re.compile(rf"(?:\d+|{NUMBER_WORD})\Z"), reach=14
)
_ADJECTIVE_ANCHORS = backward_anchors(re.compile(rf"-{_UNIT}"), re.compile(rf"(?:\d{{1,3}}|{NUMBER_WORD})\Z"), reach=14)
# "34 years old" and "a 34-year-old" are ages.
_NOT_AGE = r"(?![\w-])(?![- ](?:old|young)\b|\s+of\s+age\b)"


def _rising_range(span: str) -> bool:
    """'4-6 weeks' counts up, below a thousand; '9-5 days' (office hours) does not."""
    counts = re.split(_COUNT_RANGE, span.rsplit(" ", 1)[0], maxsplit=1)
    low, high = (word_to_int(c) for c in counts) if len(counts) == 2 else (None, None)
    return low is not None and high is not None and low < high < 1000


_BEFORE_ABBREVIATED_UNIT = backward_anchors(re.compile(r"yrs?|mos|wks"), re.compile(r"\d{1,2}[ ]?\Z"), reach=3)
# "Pt Harpreet Kaur Sandhu, 41 yrs, schoolteacher": after a capitalised word and a comma it is an age
_NOT_AFTER_A_NAME = "".join(rf"(?<!\b[A-Z][a-z]{{{n}}}, )" for n in range(1, 16))


def duration_recognizer() -> PatternRecognizer:
    """A count and a time unit: "18 months", "three nights", "a six-month contract"."""
    return PatternRecognizer(
        "duration",
        "Duration",
        [
            Pattern.compile(
                "digits-unit",
                rf"(?<![\w.,$€£/-])\d+(?:\.\d+)?(?:[- ]and[- ]a[- ]half)?\s{_UNIT}{_NOT_AGE}",
                0.75,
                anchors=_BEFORE_UNIT,
            ),
            Pattern.compile(
                "words-unit",
                rf"{NUMBER_WORD}(?:[- ]and[- ]a[- ]half)?\s{_UNIT}{_NOT_AGE}",
                0.75,
                left_bound="-",
                anchors=_NUMBER_WORDS,
            ),
            # a CV's or a chat's abbreviations: "8 yrs ICU", "Tenure: 4 yrs", "3 yrs 8 mos", "6 wks of PT"; not an age
            # ("i am 74 yrs", "Sandhu, 41 yrs,"); hours and minutes ("40 mins") are more often no one's
            Pattern.compile(
                "abbreviated-unit",
                r"(?<![\w.,$€£/-])(?<!aged )(?<!age )(?<!I am )(?<!i am )(?<!I'm )(?<!i'm )(?<!im )"
                + _NOT_AFTER_A_NAME
                + r"\d{1,2}[ ]?(?:yrs?|mos|wks)(?:[ ]\d{1,2}[ ]?(?:mos|wks))?(?![\w.-]|[ ]+(?:old|of[ ]+age)\b)",
                0.7,
                anchors=_BEFORE_ABBREVIATED_UNIT,
            ),
            # "3 years 4 months", "two years and 4 months", "1 hour 40 minutes": one span, above its parts
            Pattern.compile(
                "compound",
                rf"(?<![\w.,$€£/-])(?:\d+|{NUMBER_WORD})\s{_UNIT}"
                rf"(?:,?\s(?:and\s)?(?:\d+|{NUMBER_WORD})\s{_UNIT})+{_NOT_AGE}",
                0.8,
                validator=_descending_units,
                anchors=_COMPOUND_ANCHORS,
            ),
            # other languages' units after digits: "3 años", "6 días", "30 lat", "6 mesi", "48 Stunden", "4 ghante"
            Pattern.compile(
                "digits-foreign-unit",
                rf"(?<![\w.,$€£/-])\d{{1,3}}\s{_FOREIGN_UNIT}(?![\w-])",
                0.7,
                anchors=_BEFORE_FOREIGN_UNIT,
            ),
            Pattern.compile(
                "words-foreign-unit",
                rf"(?<![\w.,$€£/-]){_FOREIGN_COUNT}\s{_FOREIGN_UNIT}(?![\w-])",
                0.7,
                anchors=_BEFORE_FOREIGN_COUNT_UNIT,
            ),
            Pattern.compile("foreign-years", _YEARS_AFTER_DURATION_WORD, 0.7, left_bound=""),
            # "4-6 weeks", "6–8 weeks", "eight to ten weeks": a range of counts is one span
            Pattern.compile(
                "range-unit",
                rf"(?<![\w.,$€£/-])(?:\d+|{NUMBER_WORD}){_COUNT_RANGE}(?:\d+|{NUMBER_WORD})\s{_UNIT}{_NOT_AGE}",
                0.8,
                validator=_rising_range,
                anchors=_RANGE_ANCHORS,
            ),
            # "a two-year diploma", "a 12-month contract": often part of a longer entity
            # (Education Level, a job), so it scores below what a model finds there
            Pattern.compile(
                "adjective",
                rf"(?:\d{{1,3}}|{NUMBER_WORD})-{_UNIT}{_NOT_AGE}",
                0.5,
                left_bound="-.,$€£/",
                anchors=_ADJECTIVE_ANCHORS,
            ),
        ],
        context=Keywords.for_label("Duration", ["{for,over,past,last,during,lasted,spent,within}"]),
        context_boost=0.05,
        window=(16, 0),
    )
