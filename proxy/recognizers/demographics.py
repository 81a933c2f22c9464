"""Demographic attributes with a measurable form: age, height, weight, blood type.

Spans follow docs/annotation-guidelines.md: an Age is the number alone
("aged [34]", "a [34]-year-old"); Height and Weight keep their unit
("[178 cm]", "[5'10\"]", "[72 kg]"); a Blood Type is the group ("[O+]",
"[AB negative]"). Ranges reject what no person measures ("900 cm").
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer, Validator
from proxy.recognizers.context import AFTER_A_QUESTION, NOT_PII, Keywords
from proxy.recognizers.number_words import NUMBER_WORD, TENS_WORD, word_to_int
from proxy.recognizers.scan import (
    Anchors,
    ScanText,
    backward_anchors,
    near_keywords,
    number_anchors,
    word_anchors,
)

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

# Hand-written forms, weaker than the labelled ones above (other readings of the number win).
# After an age: a clause break, a joining word, or chat filler ("I'm 15 btw", "im 34 whats").
_AGE_END = (
    r"(?=\s*(?:[,.;!?:)–—-]\s|[,.;!?)]|$|\n"
    r"|(?:and|plus|while|but|so|now|then|with|btw|lol|tbh|whats|what's|what’s)\b))"
)
# "I was 24 when I left", "He was 26 when the war came"
_WHEN_AFTER = r"(?=[ \t]+when\b)"
# a relative as the subject of an age: "My son is 6 and", "our daughter Ife is four."
_RELATION_SUBJECT = (
    r"(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:son|daughter|boy|girl|kid|child|baby|brother|sister|husband|wife"
    r"|partner|mum|mom|dad|father|mother|grandson|granddaughter|nephew|niece)(?:\s+[A-Z][a-z]+)?\s+(?:is|was)"
)
# events of a life that "at <number>" after them dates by age: "moved to Houston at 12", "retired at 60"
_LIFE_EVENT = (
    r"married|moved|emigrated|immigrated|retired|died|passed\s+away|left\s+(?:school|home)|diagnosed|widowed|"
    r"orphaned|adopted|learned|learnt|became|lost|still|graduated|enlisted|qualified|was\s+born|came\s+out|"
    r"started\s+(?:school|work|working)|first\s+job|apprenticed|quit\s+school|came\s+over"
)
# Capitalised words that stand before "is"/"(3)" as often as a name does, and are never one.
_NOT_A_NAME = frozenset(
    """the this that it what there which here who how why when where total price score number result answer
    rent size room level grade step page pages chapter section sections figure fig table part item items note notes
    appendix option rule article clause question exhibit bay unit phase stage year day week month time count rate
    cost fee balance limit temperature temp speed distance length width depth volume vol capacity quantity amount
    population sum average mean median minimum maximum max min value ratio rank position target goal deadline
    everything nothing one each mine yours today tomorrow tonight version issue box line paragraph para schedule
    annex footnote episode season series act scene verse psalm route platform gate floor flat apt apartment suite
    block lot no ext extension tel phone mobile code class group team tier point points task test exercise problem
    round term semester level lesson module track slide ward bed seat row dinner lunch breakfast brunch tea supper
    kickoff practice meeting call pickup start end doors show mass service shift curfew bedtime party match game""".split()
)
_WEEKDAY_OR_MONTH = frozenset(
    """monday tuesday wednesday thursday friday saturday sunday mon tue tues wed thu thur thurs fri sat sun january
    february march april may june july august september october november december jan feb mar apr jun jul aug sep
    sept oct nov dec""".split()
)
_STREET_WORD = re.compile(
    r"\b(?:Rua|Avenida|Av|Avenue|Ave|Street|St|Road|Rd|Calle|Carrer|Via|Viale|Strasse|Straße|Lane|Boulevard|Blvd"
    r"|Rue|Praça|Travessa|Alameda|Estrada|Rodovia|Plaza|Paseo|Piazza|Corso|Largo)\b"
)
# after a capitalised word (a name, a nationality) or a bracket: "apples, 12, pears" is a list
# a person noun set off like a name: "The applicant, 34, is", "the groom, 31,"
_PERSON_NOUN = (
    r"(?i:the|my|our|his|her|their|a|an)[ \t]+(?:[^\W\d_]+[ \t]+){0,2}?"  # "an Italian student, 21"
    r"(?:applicant|bride|groom|patient|client|claimant|tenant|candidate|victim"
    r"|suspect|driver|deceased|child|boy|girl|man|woman|son|daughter|husband|wife|partner|mother|father|mum|dad|brother"
    r"|sister|student|pupil|employee|defendant|resident|baby|teenager|friend|neighbour|neighbor|author|writer"
    r"|expat|professional|person|lady|guy|gentleman)"
)
_APPOSITION_NUMBER = re.compile(
    r"(?:(?<![\w'’-])([A-Z][^\W\d_]*(?:-[A-Z][^\W\d_]*)?)|([^\W\d_]\))"
    rf"|(?<![\w'’-]){_PERSON_NOUN})(?:,| [–—-]) [1-9]\d?(?!\d)"
)
_NAME_BEFORE = re.compile(r"(?<![\w'’-])[A-Z][^\W\d_]+[ \t]\Z")
_PAREN_NUMBER = re.compile(r"([A-Z][a-z][\w'’-]*) \([1-9]\d?(?!\d)")
# "My dad (63)", "Ananya's grandmother (85, strict Jain)": a relative's age in brackets
_RELATIVE_PAREN_NUMBER = re.compile(
    rf"(?:{_PERSON_NOUN}|\b[^\W\d_]+['’]s[ \t]+(?i:grand(?:mother|father|ma|pa|son|daughter)|mother|father|mum|mom|dad"
    r"|son|daughter|wife|husband|partner|brother|sister|aunt|uncle|nan|nana|granny)) \([1-9]\d?(?!\d)"
)


def _apposition_anchors(doc: ScanText) -> list[int]:
    """Numbers set off after a word or a name ("Siobhán Kelly, 31, teacher", "Drury — 71,"), but not the
    house number of a street written first ("Avenida Atlântica, 56") or a date ("Tuesday, 12")."""
    text = doc.text
    found = []
    for match in _APPOSITION_NUMBER.finditer(text):
        word = (match.group(1) or "").lower()
        # a listed word after another capitalised word is a surname: "Megan Price, 18" (not "Total price, 18")
        surname = bool(word) and _NAME_BEFORE.search(text, max(0, match.start() - 40), match.start()) is not None
        if word in _WEEKDAY_OR_MONTH or (word in _NOT_A_NAME and not surname):
            continue
        line_start = text.rfind("\n", 0, match.start()) + 1
        if _STREET_WORD.search(text, max(line_start, match.start() - 40), match.end()):
            continue
        found.append(match.end() - len(match.group().rsplit(" ", 1)[1]))
    return found


def _paren_anchors(doc: ScanText) -> list[int]:
    """A number in brackets right after a capitalised name ("Theo (6)"), not after "Section (3)", or after a
    relative ("My dad (63)")."""
    def number_start(match: re.Match[str]) -> int:
        return match.end() - len(match.group().rsplit("(", 1)[1])

    named = [
        number_start(match)
        for match in _PAREN_NUMBER.finditer(doc.text)
        if match.group(1).lower() not in _NOT_A_NAME and match.group(1).lower() not in _WEEKDAY_OR_MONTH
    ]
    relatives = [number_start(match) for match in _RELATIVE_PAREN_NUMBER.finditer(doc.text)]
    return sorted(set(named + relatives))


def _not_a_name_guard() -> str:
    return "(?!(?:" + "|".join(sorted((w.capitalize() for w in _NOT_A_NAME), key=len, reverse=True)) + r")\b)"


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
                # a quote after the key is JSON or a dict: '"age": 38'
                r"(?:aged|Aged|age\s+of|Age\s+of|age|Age|AGE)[\"'”]?\s*[:|=]?\s*"
                r"(?:(?:about|around|approximately|roughly)\s+)?(?:(?<=[:=])\s*[\"'“])?"  # a quoted value: '"age": "30"'
                r"(?P<span>\d{1,3})(?!\w|[.,]\d)",  # "aged about 22"
                0.9,
                validator=_plausible_age,
                left_bound="",
            ),
            # the age in brackets after a date of birth: "DOB: 11 November 1995 (28)", "Birthday: August 22, 1987 (37"
            Pattern.compile(
                "birth-date-bracket",
                r"(?i:d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|birthday|born)\b[^()\n\d]{0,20}\d[^()\n]{1,24}?\((?P<span>\d{1,3})(?=\)|\s+(?:y|yrs?|years?|na)\b)",
                0.8,
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
                rf"(?:I'm|i'm|I’m|i’m|I am|i am)\s+(?P<span>[1-9]\d)"
                rf"(?:{_CLAUSE_END}|(?=[ \t]+(?:yrs?|years?)[ \t]*(?:[,;.!]|\n|$)))",  # "i am 74 yrs."
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
            # "Leo is 8 and", "Kayla, is 15", "who is 19 and", "who's 33 and", "hes maybe 50,", "she's 70-ish",
            # "Hana Suzuki was 17 then", "She was seventy-two and", "Aiyana's only 19 so", "He's seven.",
            # "My son Alfie is four and", "You're 20, in the second year" (a letter to oneself), "was 26 when"
            Pattern.compile(
                "is-age",
                r"(?:(?<=[a-z])\)\s+is|(?<![\w'’])(?<!since )(?:(?:[Hh]e|[Ss]he)(?:\s+is|\s+was|'s|’s)|[Hh]es|[Ss]hes|who\s+is|who['’]s"
                r"|who\s+was(?:\s+then)?"
                rf"|{_RELATION_SUBJECT}|[Yy]ou(?:\s+are|['’]re)"
                rf"|{_not_a_name_guard()}[A-ZÀ-ÖØ-Þ][^\W\d_A-Z]+(?:-[^\W\d_][^\W\d_A-Z]+)?"
                r"(?:,?\s+(?:is|was(?=\s+(?:[1-9]\d|[A-Za-z]+ty)\b))"
                r"|(?:'s|’s)(?=\s+(?:only|just|nearly|almost|barely)\b))))"
                r"\s+(?:(?:only|just|nearly|almost|barely|about|around|maybe|probably)\s+)?"
                rf"(?P<span>[1-9]\d?|{NUMBER_WORD})(?![\w%/]|[.,:]\d)(?:-ish)?(?:{_AGE_END}|{_WHEN_AFTER})",
                0.5,
                validator=_plausible_age,
            ),
            # other languages' ages: "Santiago tiene 8 años", "a mis 19 años", "mam dopiero 29 lat", "tenho 40 anos"
            Pattern.compile(
                "foreign-age",
                r"(?:\b(?i:tiene|tengo|tienes|tenía|tenia|cumple|cumplo|cumplió|a\s+mis|a\s+los|mam|miał|miała|ma|tem|tenho"
                r"|tinha|com|bin|ist|wird)|(?i:j['’]ai|il\s+a|elle\s+a))\s+"
                r"(?:(?i:ya|dopiero|já|schon|erst|już)\s+)?(?P<span>[1-9]\d?)\s+(?:años|lat|anos|ans|Jahre)(?!\w)",
                0.8,
                validator=_plausible_age,
                left_bound="",
            ),
            # "im 34 whats the best", "I'm 15 btw", "im 31, pregnant"
            Pattern.compile(
                "im-number-chat",
                rf"(?:I'm|i'm|I’m|i’m|I am|i am|im|Im)\s+(?P<span>[1-9]\d)(?![\w%/]|[.,:]\d)(?:{_AGE_END}|(?=\s+i\s))",
                0.55,
                validator=_plausible_age,
                left_bound="",
            ),
            # the answer to "how old ...?": "COORDINATOR: And how old are you, Nour? VOLUNTEER: Twenty-nine."
            Pattern.compile(
                "answered-age",
                r"(?i:how[ \t]+old|\bage\b(?![ \t]+(?:limit|range|group|requirement|restriction|bracket|gap)))"
                r"[^?\n]{0,60}" + AFTER_A_QUESTION +
                r"(?:(?:um|uh|erm|well|I'm|I’m|I am|i'm|im)[,]?[ \t]+)*"
                rf"(?P<span>[1-9]\d?|{NUMBER_WORD})(?![\w%/]|[.,:]\d){_AGE_END}",
                0.6,
                validator=_plausible_age,
                left_bound="",
            ),
            # "I was 19, with a degree", "We are both 35.", "my son Danylo (now 11)", "born 22.07.1991 (so 32 now)"
            Pattern.compile(
                "past-or-both",
                rf"(?:\b(?:I|i)[ \t]+was|\b(?:[Ww]e|[Tt]hey)[ \t]+(?:are|were)[ \t]+both)[ \t]+(?P<span>[1-9]\d)"
                rf"(?:{_CLAUSE_END}|{_WHEN_AFTER})"
                r"|\((?:now|so)[ \t]+(?P<span2>[1-9]\d?)(?:[ \t]+now)?\)",
                0.55,
                validator=_plausible_age,
                left_bound="",
            ),
            # "Siobhán Kelly, 31, primary school teacher", "Mum (Doreen Fletcher, 84)", "Drury — 71, ex-Navy",
            # "About me: Rafael, 34. Friends say ...", a list's "Rhys Jenkins, 15 – epilepsy", "Bashir Rahimi, 59 | ..."
            Pattern.compile(
                "apposition",
                r"[1-9]\d?(?![.,:]?\d)(?=\s*[,;)]|\.(?:[ \t]+[A-Z]|[ \t]*$)|[ \t]*\n|[ \t]*$|[ \t]+[–—|][ \t]|:[ \t]"
                r"|[ \t]+(?:años|anos|ans|lat|Jahre)\b"  # "Don Rafael Hernández Ortiz, 78 años,"
                r"|[ \t]+(?:yrs?|years?)(?=[ \t]*(?:[,;.)]|\n|$|[A-Z])))"  # "Harpreet Kaur Sandhu, 41 yrs, teacher"
                r"(?!\s*,\s*(?:apto|apt|ap|flat|suite|unit|piso|andar|no)\.?[ \t]*\d)",  # ", ap 12", ", no 5"
                0.5,
                validator=_plausible_age,
                anchors=_apposition_anchors,
            ),
            # "Theo (6) has epilepsy", "Sanjay Patel (44, pharmacist)"; not "(21) 90782-6918"
            Pattern.compile(
                "name-paren",
                r"[1-9]\d?(?![.,:]?\d)(?=\)(?!\s*[\d(+-])|,\s)",
                0.55,
                validator=_plausible_age,
                anchors=_paren_anchors,
            ),
            # "in her fifties", "early 30s": the decade alone; "the late 90s" is an era
            Pattern.compile(
                "decade",
                r"(?:in\s+(?:his|her|their|my|your|our|His|Her|Their|My)\s+(?:(?:early|mid|late)[- ])?"
                r"|(?<!the )(?<!The )(?:early|mid|late|Early|Mid|Late)[- ])"
                r"(?P<span>[1-9]0s|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)(?![\w'’])",
                0.55,
                left_bound="",
            ),
            # "At 67, retired miner Gareth Pryce", "moved to Houston at 12.", "married at 19 and",
            # "still driving the van at 78?": a life event at an age; "meet at 10" (a time) has none
            # (a sentence's "At 10," may be a clock time: from 13 on it is not); so are "Now 38, he holds" and
            # ", at 26, already leads"
            Pattern.compile(
                "at-age-opening",
                r"(?:(?:^|(?<=[.!?\n])[ \t]*|(?<=[.!?] ))(?:At|Now)|(?<=,)[ \t]+at)[ \t]+(?P<span>[1-9]\d)"
                r"(?=,|[ \t]+(?:she|he|they|I|we)\b)",
                0.6,
                validator=lambda span: 13 <= int(span) <= 125,
                left_bound="",
            ),
            # an age before the clause's subject, mid-sentence too: "but at 74 they're being careful", "says at 71 I
            # ought to" (from 25: "at 14 we leave" is a clock time), "and by 35 she had a BA" (a life told in the past:
            # "rose by 20 they said" is a count); never "you" ("at 18 you can vote" is anyone's)
            Pattern.compile(
                "at-age-subject",
                r"(?<![\w-])[Aa]t[ \t]+(?P<span>[2-9]\d|1[01]\d)(?=[ \t]+(?:she|he|they|I|we)\b)",
                0.6,
                left_bound="",
            ),
            Pattern.compile(
                "by-age-subject",
                r"(?<![\w-])[Bb]y[ \t]+(?P<span>[1-9]\d)(?=[ \t]+(?:she|he|they|I|we)[ \t]+(?:had|was|were|could|would)\b)",
                0.6,
                validator=lambda span: 13 <= int(span) <= 119,
                left_bound="",
            ),
            Pattern.compile(
                "at-age",
                rf"\b(?i:{_LIFE_EVENT})\b[^.!?\n]{{0,40}}?\bat[ \t]+(?P<span>[1-9]\d?|{NUMBER_WORD})(?![\w%:.,-]\d|[ \t]*(?:[ap]\.?m\b|%|o['’]clock|mph|km|degrees|hours|mins?|percent)){_AGE_END}",
                0.6,
                validator=_plausible_age,
                left_bound="",
            ),
            # "when i was 19", "since we were 11": an age by a past moment of one's life
            Pattern.compile(
                "was-age",
                r"\b(?:[Ww]hen|[Ss]ince|[Uu]ntil|[Tt]ill)[ \t]+(?:I|i|he|she|we|they|you|He|She|We|They|You)[ \t]+"
                r"(?:was|were)[ \t]+(?:only[ \t]+|just[ \t]+|about[ \t]+)?"
                rf"(?P<span>[1-9]\d?|{TENS_WORD})(?![\w%/:]|[.,]\d){_AGE_END}",
                0.6,
                validator=_plausible_age,
                left_bound="",
            ),
            # "Me (27F)", "my husband (34M)": Reddit's age-and-sex shorthand
            Pattern.compile(
                "age-sex",
                r"\((?P<span>[1-9]\d)[ \t]?[FMfm]\)|\([FMfm][ \t]?(?P<span2>[1-9]\d)\)",
                0.8,
                validator=_plausible_age,
                left_bound="",
            ),
            # "im kemi, 27, i rent", "I'm Dev, 29, from Leeds": a name, then the age between commas
            Pattern.compile(
                "intro-comma",
                r"\b(?:I'm|i'm|I’m|i’m|I am|i am|im|Im)[ \t]+[A-Za-z][\w'’-]*,[ \t]+(?P<span>[1-9]\d)(?=,)",
                0.7,
                validator=_plausible_age,
                left_bound="",
            ),
            # a profile's list of attributes opened by the age: "bio: 36, 6ft, korean-american", "About me: 31,
            # 6'2\"", "Graciela Ferreyra here, 46, mum of three", "38, male, gay"; and "male, 47"
            Pattern.compile(
                "list-opening",
                r"(?:(?:^|(?<=\n)|(?<=: )|(?<=[.!?] )|(?<=\bhere, ))(?P<span>[1-9]\d)"
                r"(?=,[ \t]+(?!(?:and|or|then|but|so|to)\b)(?:[a-z]|\d['′’]\d|\d(?:[.,]\d+)?[ \t]?(?:ft|cm)\b|(?:M|F|male|female|Male|Female)\b))"
                r"|\b(?:male|female|Male|Female),[ \t]*(?P<span2>[1-9]\d)(?![\w%]|[.,:]\d))",
                0.55,
                validator=lambda span: 13 <= int(span) <= 99,
                left_bound="",
            ),
            # "baby Inés (10 months)", "Theo (18 months)": a baby's age in months after a name
            Pattern.compile(
                "baby-months",
                r"(?<=[a-zà-ÿ] )\((?P<span>(?:[1-9]|1\d|2[0-4])[ \t]+months?)\)",
                0.8,
                left_bound="",
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
            # read out: "Still five foot three.", "about six foot two" (a length in feet alone may be a distance)
            Pattern.compile(
                "spoken-feet-inches",
                r"(?<![\w-])(?:[Ff]our|[Ff]ive|[Ss]ix|[Ss]even)[ ](?:foot|feet)[ ]"
                r"(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven)(?![\w-])",
                0.8,
                anchors=word_anchors(("four", "five", "six", "seven")),
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
    "Blood Type",
    [
        "blood{, type, group, types, groups}", "{=Rh,donor,donors,transfusion,transfusions,plasma}",
        # "BT A+", "from your bloods that you're O negative", "group AB+", and other languages' labels
        "{=BT,bloods,anti-d,group}", "{tipo de sangre,grupo sanguíneo,grupo sanguineo,tipo sanguíneo,groupe sanguin}",
        "blutgruppe",
    ],
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
                # "A Rh+", "O Rh negative", "O negativo"
                r"(?:(?:AB|A|B|O|0)(?:[ ]?Rh)?(?:[+\-−](?![\w+\-−])|[\s-](?:positive|negative|positivo|negativo|pos|neg)(?!\w))"
                r"|(?:ab|b|o)(?:[+\-−](?![\w+\-−])|[\s-](?:positive|negative)(?!\w)))",
                0.6,
                requires_context=True,
                anchors=near_keywords(_BLOOD_WORDS.first_words, 40, 24),
                left_bound="+-−",
            ),
            Pattern.compile(
                "after-blood-type",
                r"(?:blood|Blood|BLOOD)\s+(?:type|group|TYPE|GROUP)\s*(?::|is|was)?\s*(?P<span>AB|A|B|O)"
                r"(?![\w+\-−]|[\s-]+(?:positive|negative|pos|neg)\b|\s?Rh\b)",
                0.85,
                left_bound="",
            ),
            # lower case where the words say blood: "my blood group: a negative", "i have type b blood", "a negative blood"
            Pattern.compile(
                "lower-case-group",
                r"(?i:blood)\s+(?i:type|group)\s*(?::|—|–|is|was)?\s*"
                r"(?P<span>(?i:ab|a|b|o)(?:[+\-−](?![\w+\-−])|[\s-](?:positive|negative)(?!\w))"
                r"|(?i:type)\s+(?i:ab|a|b|o)(?![\w+\-−]))"
                r"|(?P<span2>(?i:type)\s+(?i:ab|a|b|o))\s+(?i:blood)\b"
                # "she has a negative blood", "ab+ blood": the group right before the word, which ends the clause
                # ("a negative blood test" is a result)
                r"|(?<![\w-])(?P<span3>(?i:ab|a|b|o|0)(?:[+\-−]|[ -](?i:positive|negative)))[ \t]+(?i:blood)"
                r"(?=[ \t]*(?:[,.;:!?)]|$|\n|(?:and|but|so|type|group)\b))",
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
