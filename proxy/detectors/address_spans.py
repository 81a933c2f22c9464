"""Street-address spans shaped to the annotation guidelines, after the model has found them.

A one-line postal address is one Street Address ("Via del Corso 117, 78043 Parma", "Flat 3,
27 Lincoln Road, Peterborough PE1 2RL": docs/annotation-guidelines.md, and the generator's
gold). The model finds the street part well but stops there: its spans are at most 12 words, a
Brazilian or Japanese address is longer ("Rua XV de Novembro, 2809, apto 108 - Manaus,
91881-944"), and it often reads the town after the street as a place of its own. So, after the
model:

* a street span is continued over the comma- or dash-separated parts that follow it on the
  same line while each is a house number, a unit ("apto 376", "Col. Roma Norte"), a postcode, or
  a town or district (capitalized words, with or without a postcode: "London NW1 9SL",
  "Meguro-ku", "411 24 Göteborg"), and the address ends there (at the end of the line or the
  sentence, or before a lower-case word); what the model tagged inside it is dropped;
* a unit and building before the street ("Flat 12, Darwin House, 40 Seacole Road") join it; a unit
  may be "#402", and a span the model ended on a unit's abbreviation ("..., Col") takes the rest
  (". Polanco");
* a span that runs past a line break into a label ("Avenida Brasil, 1352\\nDOB", "...\\nDOB | 1953") is cut there.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from proxy.entities import Entity

TAG = "Street Address"

_POSTCODE = (
    r"(?:[A-Z]{1,2}\d[A-Z\d]?[ \t]*\d[A-Z]{2}"  # UK: NW1 9SL
    r"|\d{3}[ \t]\d{2}"  # SE: 411 24
    r"|\d{4}[ \t]?[A-Z]{2}(?![\w'’-])"  # NL: 3511 NK
    r"|\d{2}-\d{3}(?!\d)"  # PL: 31-416
    r"|\d{3,6}(?:-\d{3,4})?"  # 78043, 91881-944, 775-9429, 299796
    r"|[A-Z]\d[A-Z][ \t]?\d[A-Z]\d)"  # CA: H2X 1Y4
)
# a weekday or month opens what follows the address ("..., CA 90026, Monday to Friday"), never a town
_NOT_TOWN = (
    r"(?!(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|January|February|March|April|June|July|August"
    r"|September|October|November|December)(?![\w'’-]))"
)
_TOWN_WORD = rf"(?:{_NOT_TOWN}[A-ZÀ-ÖØ-ÞĀ-ɏ](?:[\w'’]|\.(?=\w))*(?:-[\w'’]+)*)"  # "İzmir", "Łódź"
# a saint's, a mount's or a fort's town is abbreviated with a full stop: "St. Louis", "St. John's", "Ft. Worth"
_TOWN_OPENER = r"(?:(?:St|Ste|Mt|Ft|Brgy)\.[ \t]+(?=[A-ZÀ-ÖØ-Þ]))?"  # and a Philippine barangay: "Brgy. Sabang"
_TOWN = rf"{_TOWN_OPENER}{_TOWN_WORD}(?:[ \t]+(?:de|do|da|dos|das|del|la|le|on|upon|am|an|sur)?[ \t]*{_TOWN_WORD}){{0,3}}"
_UNIT = (r"(?:(?:apto|apt|ap|flat|unit|suite|ste|col|bloco|piso|dpto|depto|no|n[º°o])\.?[ \t]*[\w/º°-]+(?:[ \t]+[\w/º°-]+){0,2}"
         r"|\#[ \t]*\d+(?:-\d+)?[A-Za-z]?)")
# "9º B", and Portuguese and Spanish floors with their side: "3.º Esq.", "2º dto", "4.º izq."
_FLOOR = r"\d{1,2}\.?[º°ª](?:[ \t]*(?:[A-Z](?![\w'’-])|(?i:esq|dto|dta|izq|izda|dcha|dr)\.?(?![\w'’-])))?"
# a district with a numbered phase or sector: "DHA Phase 5", "Lekki Phase 1", "Sector 21"
_PHASE = rf"(?:{_TOWN_WORD}[ \t]+){{0,2}}(?:Phase|Sector|Stage)[ \t]+(?:\d{{1,3}}|[IVX]{{1,4}})(?![\w'’-])"
# a province in brackets between a town and its postcode: "Trois-Rivières (Québec) G8Y 2K5"
_PROVINCE = rf"(?:[ \t]+\([A-ZÀ-ÖØ-Þ][\w'’ -]{{1,20}}\)(?=[ \t]+{_POSTCODE}))?"
_PART = (rf"(?:{_FLOOR}|{_PHASE}|{_POSTCODE}(?:[ \t]+{_TOWN})?|{_TOWN}{_PROVINCE}(?:[ \t]+{_POSTCODE})?|\d{{1,5}}[A-Za-z]?"
         rf"|(?i:{_UNIT}))")
# where an address may end: the line or sentence ends, a bracket opens or closes, or lower-case words go on
_ADDRESS_END = r"(?:[ \t]*(?:$|\n|[.;:!?)\]—]|,|[ \t][-–][ \t])|[ \t]+[a-z]|[ \t]+\()"
_NEXT_PART = re.compile(rf"(?:[ \t]*,[ \t]*|[ \t]+[-–][ \t]+)(?P<part>{_PART})(?={_ADDRESS_END})")
_HOUSE_NUMBER = re.compile(r"\d{1,4}[A-Za-z]?")
_MORE_OR_END = re.compile(r"[ \t]*(?:$|\n|[.;)\]]|,|[ \t][-–][ \t]|[ \t]+[A-ZÀ-ÖØ-Þ])")
_BEFORE = re.compile(
    # a unit, with its building's name before it ("Kordon Apt. 7, Atatürk Cd. No:152")
    r"(?:(?:(?!(?:The|My|Our|Your|His|Her|Their|New|Old)\b)[A-ZÀ-ÖØ-Þ][\w'’-]+[ \t]+)?"
    r"(?i:flat|unit|apt\.?|apartment|suite|room)[ \t]+[\w/-]+,[ \t]*)?"
    r"(?:(?:Blk|Block)\.?[ \t]+)?"  # a Singapore block before its number: "Blk 123 Ang Mo Kio Ave 3"
    r"(?:[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)*[ \t]+(?:House|Court|Building|Tower|Towers|Mansions|Lodge|Heights|Residency"
    r"|Enclave|Apartments|Block|Plaza),[ \t]*)?\Z"
)
_LABEL_LINE = re.compile(r"\n[ \t]*[A-Za-z][\w .'/()]{0,30}?[ \t]*(?::|\||[ \t][—–-][ \t])")
MAX_LENGTH = 120


# a span the model ended on a unit's abbreviation, before its full stop: "..., Col" + ". Polanco"
_CUT_UNIT = re.compile(r"(?i:apto|apt|col|ste|dpto|depto|c\.p)\Z")  # ..., C.P" + ". 45500" (a Mexican postcode)
# a span the model ended inside a floor ("..., 3" before ".º Esq.", "..., 3º" before " esq."): cut back to take it whole
_CUT_FLOOR = re.compile(r"[ \t]*,[ \t]*\d{1,2}(?:\.?[º°ª])?\Z")
_UNIT_REST = re.compile(rf"\.[ \t]*(?:\d{{1,5}}[A-Za-z]?(?![\w'’-])|{_TOWN})")


def _extend(text: str, start: int, end: int) -> tuple[int, int]:
    """The street span [start, end) with the parts of its address line after and before it."""
    cursor = end
    if (cut := _CUT_FLOOR.search(text, start, end)) is not None \
            and (floor := _NEXT_PART.match(text, cut.start())) is not None and floor.end() > end:
        cursor = cut.start()
    while True:
        if _CUT_UNIT.search(text, max(start, cursor - 5), cursor) and (rest := _UNIT_REST.match(text, cursor)):
            cursor = rest.end()
        match = _NEXT_PART.match(text, cursor)
        if match is None or match.end() - start > MAX_LENGTH:
            break
        if _HOUSE_NUMBER.fullmatch(match.group("part")) and _MORE_OR_END.match(text, match.end()) is None:
            break  # "22 Baker Street, 3 minutes from ...": a number alone must be followed by more address
        cursor = match.end()
    before = _BEFORE.search(text, max(0, start - 60), start)
    if before is not None and before.start() < start and "\n" not in text[before.start():start]:
        start = before.start()
    return start, cursor


_NAME_LINE_BEFORE_ADDRESS = re.compile(r"[^\d\n]*\n[ \t]*(?=\d)")


def address_start(text: str, start: int, end: int) -> int:
    """Where a model's address span really starts: a first line without a digit before a line that opens with the
    house number is the addressee's name ("Aubry\\n27 rue des Tanneurs": the model ran the name's last word in)."""
    head = _NAME_LINE_BEFORE_ADDRESS.match(text, start, end)
    return head.end() if head is not None else start


def _cut_at_label(text: str, entity: Entity) -> tuple[int, int]:
    """Cut a span that runs over a line break into the next line's label ("...907\\nDOB")."""
    cut = _LABEL_LINE.search(text, entity.start, entity.end + 40)
    if cut is not None and cut.start() < entity.end:
        end = cut.start()
        while end > entity.start and text[end - 1] in " \t,;":
            end -= 1
        return entity.start, end
    return entity.start, entity.end


# a span the model began at the street's type word ("Straße 211, 50823 Köln" in "Venloer Straße 211"): its name is before
_STARTS_WITH_TYPE = re.compile(r"(?:Straße|Strasse|Road|Street|Lane|Avenue|Ave|Drive|Close|Weg|Allee|Platz|Gasse|Boulevard)\b")
_NAME_BEFORE = re.compile(r"(?<![\w'’-])[A-ZÀ-ÖØ-Þ][\w'’-]*[ \t]+\Z")  # one word: two may take a person's surname
# a house name's article ("The Old Rectory, Church Lane"), and a list's next number after the address ("... E15 4JW. 4.")
_THE_BEFORE = re.compile(r"(?<![\w'’-])The[ \t]+\Z")
_LIST_NUMBER_END = re.compile(
    r"(?<!\bNo)(?<!\bno)(?<!\bNr)(?<!\bnr)(?<!\bNº)(?<!\bApt)(?<!\bUnit)(?<!\bFlat)(?<!\bSuite)(?<!\bSte)(?<!\bBldg)"
    r"(?<!\bBlock)(?<!\bLot)(?<!\bPlot)(?<!\bHouse)\.[ \t]+\d{1,2}\Z"  # not a unit's number: "Road No. 12."
)


# a span the model began at the particle of a Romance street name ("del Corso 75" in "Via del Corso 75"): its kind is
# before it
_STARTS_WITH_PARTICLE = re.compile(r"(?:del|de|da|do|dos|das|della|delle|dei|degli|des|du|di)[ \t]+[A-ZÀ-ÖØ-Þ]")


@cache
def _kind_before() -> re.Pattern[str]:
    """A Romance street's kind ("Via", "Rua") right before a position: `streets.KINDS_BEFORE`."""
    from proxy.recognizers.streets import KINDS_BEFORE  # noqa: PLC0415 - the recognizers import the detector base

    kinds = "|".join(sorted(map(re.escape, KINDS_BEFORE), key=len, reverse=True))
    return re.compile(rf"(?<![\w'’-])(?:{kinds})[ \t]+\Z")


# a lower-case word after a comma at the end of a capitalised address is the sentence going on ("..., right?"),
# unless it is a unit ("..., apto")
_TRAILING_WORD = re.compile(r"[ \t]*,[ \t]*(?P<word>[a-z]+)\Z")
_UNIT_ALONE = re.compile(rf"(?i:{_UNIT})")
_CAPITAL = re.compile(r"[A-Z]")


def _edges(text: str, start: int, end: int) -> tuple[int, int]:
    """A span's start moved back over its street name, a Romance street's kind or a house name's "The", its end
    before a list's number or a lower-case word after a comma ("..., right?") when the address is capitalised."""
    if _STARTS_WITH_TYPE.match(text, start) and (name := _NAME_BEFORE.search(text, max(0, start - 40), start)):
        start = name.start()
    elif _STARTS_WITH_PARTICLE.match(text, start) and (kind := _kind_before().search(text, max(0, start - 12), start)):
        start = kind.start()
    elif text[start:start + 1].isupper() and (the := _THE_BEFORE.search(text, max(0, start - 4), start)):
        start = the.start()
    if text[end:end + 1] == "." and (number := _LIST_NUMBER_END.search(text, start, end)):
        end = number.start()
    if (tail := _TRAILING_WORD.search(text, start, end)) and _CAPITAL.search(text, start, tail.start()) \
            and not _UNIT_ALONE.fullmatch(tail["word"]):
        end = tail.start()
    return start, end


def shape_addresses(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """Entities with every Street Address continued over its address line (see the module doc)."""
    shaped: list[Entity] = []
    grown: list[Entity] = []
    for entity in entities:
        if entity.tag != TAG:
            shaped.append(entity)
            continue
        start, end = _cut_at_label(text, entity)
        if start >= end:
            continue
        start, end = _extend(text, *_edges(text, start, end))
        if (start, end) != (entity.start, entity.end):
            entity = Entity(text[start:end], start, end, TAG, entity.score, entity.detector, entity.subject)
            grown.append(entity)
        shaped.append(entity)
    if not grown:
        return shaped
    # what was tagged inside a grown address (its town, "Naha" as a nickname, its town and postcode as an
    # address of their own) is part of it
    return [e for e in shaped
            if any(e is g for g in grown) or not any(g.start <= e.start and e.end <= g.end for g in grown)]
