"""People's names where the text's layout or wording says a name stands there.

The model finds most full names, but misses names it has rarely seen ("Rangi Parata", "Chen
Jiahui", "Thanh Vo") in places whose form leaves no doubt:

* a form or list label ("Surname: Haddad", "Forenames: Maja Elisabet", "Passenger 3: Tobi
  Okafor", "Witness: Sara Lindqvist");
* the writer naming themselves ("I'm Thanh Vo, 26", "my name is Ana Sousa", "Soy María García y ...",
  "Ich heiße Anna Schmidt", "policy under my
  name, Hyun-woo Lee,");
* a name with an age, a phone number, an e-mail address or an ID right after it ("Roksana Begum,
  39,", "Stacey Price, 07533 207 914", "Rangi Parata (S4398112)");
* the speaker of a chat export written "Name Surname - message" on two or more lines.

Capitalized words that name something else (weekdays, months, sentence openers, kinds of
organization) end the name. Two or more words are a Full Name; one word after a surname label is
a Full Name too ("Surname: Haddad") and after a first-name label a Nickname ("First name(s):
Karim"), as the annotation guidelines have it. A leading title is not part of the span. Scored
below the model (0.75): a name the model found keeps its span.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.companies import LEGAL_FORMS
from proxy.recognizers.given_names import NOT_NAMES
from proxy.recognizers.scan import ScanText
from proxy.recognizers.streets import KINDS_AFTER, KINDS_BEFORE
from proxy.subjects import OTHER_LANGUAGE_TITLES

SCORE = 0.75

# letters beyond Latin-1 too: Polish, Turkish, Czech ("Zielińska", "Yıldırım") and Vietnamese ("Trần Minh Khoa");
# those blocks mix cases, so `_clean` checks that each word starts with a capital
_LOWER = "a-zà-öø-ÿĀ-ɏḀ-ỿ"
_WORD = rf"[A-ZÀ-ÖØ-ÞĀ-ɏḀ-ỿ][{_LOWER}]+(?:[-'’][A-Za-zÀ-ÖØ-öø-ÿĀ-ɏḀ-ỿ][{_LOWER}]+)*"
_PARTICLE_FORMS = ("van der", "van den", "van de", "van", "von", "de la", "de", "da", "del", "della", "di", "du", "dos",
                   "das", "le", "la", "bin", "binti", "ibn", "al", "el", "ter", "ten")
_PARTICLE = "(?:" + "|".join(_PARTICLE_FORMS) + ")"
_PARTICLES = frozenset(word for form in _PARTICLE_FORMS for word in form.split())  # lower-case words a name may hold
NAME_WORD, NAME_PARTICLE, NAME_PARTICLES = _WORD, _PARTICLE, _PARTICLES  # for table columns (`proxy.recognizers.tables`)
_SUFFIX = r"(?:[ \t]+(?:Jr\.?|Sr\.?|II|III|IV))?"
_FULL = rf"{_WORD}(?:[ ](?:{_PARTICLE}[ ])?{_WORD}){{1,3}}{_SUFFIX}"  # one space: a wider gap is a table's next column
# other languages' titles stay out of the name too ("Von: Herr Klaus Biedermann", "Paciente: Sra. Ana Ruiz")
_TITLE = rf"(?:(?:Dr|Mr|Mrs|Ms|Miss|Mx|Prof|Sir|Dame|PC|Sgt|Rev|{OTHER_LANGUAGE_TITLES})\.?[ \t]+)?"
_END = r"(?![\w'’-])"

_SURNAME_LABEL = r"(?:[Ss]urname|SURNAME|[Ll]ast [Nn]ame|[Ff]amily [Nn]ame)"
_GIVEN_LABEL = r"(?:[Ff]irst [Nn]ames?|[Ff]irst [Nn]ame\(s\)|[Ff]orenames?|[Gg]iven [Nn]ames?)"
_PERSON_LABEL = (
    r"(?:[Nn]ame|[Ff]ull [Nn]ame|NAME|[Pp]atient|[Ee]mployee|[Tt]enant|[Aa]pplicant(?:[ \t]+\d{1,2})?|[Ww]itness"
    r"|[Pp]assenger(?:[ \t]+\d{1,2})?|[Dd]river|[Cc]laimant|[Pp]olicy[ \t]?holder|[Ee]mergency [Cc]ontact"
    r"|[Nn]ext of [Kk]in|[Gg]uardian|[Pp]arent|[Pp]upil|[Cc]ustomer|[Cc]lient|[Aa]ccount [Hh]older|[Cc]ardholder"
    r"|[Cc]andidate|[Rr]eferee|[Rr]eport(?:ed)? by|[Pp]repared by|[Ss]ubmitted by|[Ss]igned|[Aa]ttendee|[Gg]uest"
    r"|[Ss]tudent|[Bb]orrower|[Ss]ender|[Rr]ecipient|[Tt]enant\(s\)|[Tt]enants|[Ll]andlord|[Ll]andlady|[Ss]urveyor"
    r"|[Ss]ubscriber|[Dd]efendant|[Pp]laintiff|[Cc]omplainant|[Rr]espondent|[Vv]ictim|[Ii]nsured|[Bb]eneficiary"
    r"|[Dd]ependent|[Dd]ebtor|[Cc]reditor|[Gg]uarantor|[Ee]xecutor|[Dd]eceased|[Ss]pouse|[Ll]essor|[Ll]essee"
    r"|[Rr]equested by|[Rr]eferred by|[Rr]ef\.?[ \t]?[Bb]y|[Aa]pproved by|[Aa]uthori[sz]ed by|[Ii]nterviewer|[Aa]ttn"
    r"|[Ss]upervisor|[Ll]ine [Mm]anager|[Cc]onsultant|[Pp]hysician|GP|[Tt]eacher|[Tt]utor|[Aa]ssignee|[Rr]eporter)"
)
# the same labels in other languages' forms and letters: "Paciente:", "Kiracı:", "Cognome e nome:", "Van:"/"Aan:" (a
# Dutch mail's From/To), "Name, Vorname des Versicherten:", "Họ tên người bệnh:", "Jina la Mkopaji:"
_PERSON_LABEL_ELSEWHERE = (
    r"(?i:paciente|paziente|patientin|pasien|mgonjwa|hasta|bệnh nhân|họ(?: và)? tên(?: người bệnh)?|kirac[ıi]"
    r"|kiraya veren|ev sahibi|locatore|conduttore|locataire|bailleur|propriétaire|inquilin[oa]|arrendador[a]?"
    r"|arrendatari[oa]|mieter(?:in)?|vermieter(?:in)?|arbeitnehmer(?:in)?|mitarbeiter(?:in)?|élève|alumn[oa]|alun[oa]"
    r"|schüler(?:in)?|huurder|verhuurder|werknemer|wierzyciel|dłużnik|najemca|wynajmujący|pracownik|van|aan|von"
    r"|cognome e nome|nome e cognome|name, vorname(?: des versicherten)?|nom et prénom|nom|prénom|apellidos y nombre"
    r"|nombre y apellidos|nombre completo|nome completo|ad soyad|adı soyadı|imię i nazwisko|nazwisko i imię"
    r"|solicitante|médico|medico|arzt|ärztin|titular|beneficiari[oa]|beneficiário|emplead[oa]|funcionári[oa]"
    r"|dipendente|salariée?|karyawan|pegawai|penyewa|pemilik|mkopaji|jina la [^\W\d_]+)"
)
_LINE_START = r"(?:^|\n)[ \t]*(?:[-•*][ \t]*)?"
# a form's other ways of writing a name: "FERRARESI GIULIA", "Brandt, Katharina", "ADEYEMI, Oluwaseun Temitope",
# "S. K. Bansal", "Michael T. Kowalczyk"
_CAPS_WORD = r"[A-ZÀ-ÖØ-ÞĀ-ɏ][A-ZÀ-ÖØ-ÞĀ-ɏ'’-]+"
_FORM_NAME = (rf"{_CAPS_WORD}(?:[ ]{_CAPS_WORD}){{1,3}}(?![\w'’-])|(?:{_CAPS_WORD}|{_WORD}),[ ]{_WORD}(?:[ ]{_WORD}){{0,2}}"
              rf"|(?:[A-Z]\.[ ]?){{1,3}}{_WORD}|{_WORD}[ ][A-Z]\.[ ]{_WORD}")
_LABELLED = re.compile(
    rf"{_LINE_START}(?:(?P<surname_label>{_SURNAME_LABEL})|(?P<given_label>{_GIVEN_LABEL})|{_PERSON_LABEL}"
    rf"|{_PERSON_LABEL_ELSEWHERE})"
    rf"[ \t]*[:：][ \t]*{_TITLE}(?P<name>{_FORM_NAME}|{_FULL}|{_WORD}){_END}"
    # a second person after "and": "Tenant(s): Brianna Castillo and Devon Pierce"
    rf"(?:[ \t]+(?:and|&|und|et|y|e|en|i|ve)[ \t]+{_TITLE}(?P<name2>{_FULL}){_END})?"
)
# a mail's display name before its address ("Ingrid van der Berg-Smit <i.vanderberg@...>"), or a name before the
# person's own address that repeats a part of it ("landlord Denise Halloran denise.h@icloud.com")
_DISPLAY_NAME = re.compile(rf"(?<![\w'’.-])[\"']?(?P<name>{_FULL})[\"']?[ \t]*<[\w.+-]+@[\w-]+\.")
_NAME_BEFORE_OWN_MAIL = re.compile(rf"(?<![\w'’.-])(?P<name>{_FULL})[ \t]+\(?(?P<local>[\w.+-]+)@[\w-]+\.")
_SELF = re.compile(
    rf"(?:\b(?:I'm|I’m|I am|[Mm]y name is|[Mm]y name's|[Tt]his is|under my name,)|\bme,)[ \t]+{_TITLE}(?P<name>{_FULL})"
    rf"(?=[ \t]*(?:[,;(\n]|[ \t](?:and|from|here)\b))"
)
# the same in other languages ("Soy María García y vivo en Madrid", "me llamo ...", "Ich heiße ...", "je m'appelle
# ...", "mi chiamo ...", "o meu nome é ..."): two or more capitalised words, then a clause ends or goes on
_SELF_ELSEWHERE = re.compile(
    r"(?<![\w'’])(?i:soy|me[ \t]+llamo|mi[ \t]+nombre[ \t]+es|je[ \t]+suis|je[ \t]+m['’]appelle|mon[ \t]+nom[ \t]+est"
    r"|ich[ \t]+bin|ich[ \t]+hei(?:ß|ss)e|mein[ \t]+name[ \t]+ist|mi[ \t]+chiamo|il[ \t]+mio[ \t]+nome[ \t]+è|sono"
    r"|eu[ \t]+sou|(?:o[ \t]+)?meu[ \t]+nome[ \t]+é|me[ \t]+chamo|chamo-me|ik[ \t]+ben|mijn[ \t]+naam[ \t]+is"
    r"|jag[ \t]+heter|jeg[ \t]+heter|nazywam[ \t]+się|jestem)"
    rf"[ \t]+{_TITLE}(?P<name>{_FULL})"
    r"(?=[ \t]*(?:[,;(\n.!?]|$|[ \t](?:y|e|et|und|en|och|og|i|and)\b))"
)
# a name label of another language before the name, colon or not: Dutch/Hindi "naam", Indonesian/Malay "nama",
# Vietnamese "tên", Turkish "adım"/"isim", Portuguese/Italian "nome", Spanish "nombre", Polish "imię", Swahili
# "jina langu ni" ("naam Rohit Kumar Sharma", "tên Trần Minh Khoa")
_NAME_LABEL_ELSEWHERE = re.compile(
    r"(?<![\w'’])(?i:naam|nama|tên|adım|isim|nome|nombre|imię|imie|jina(?:[ \t]+langu)?(?:[ \t]+ni)?)"
    rf"[ \t]*[:：-]?[ \t]+{_TITLE}(?P<name>{_FULL})(?![\w'’-])"
)
_PHONE_OR_MAIL = r"(?:\+?\(?\d[\d ()-]{8,}\d|[\w.+-]+@[\w-]+\.[\w.]+)"
_APPOSITION = re.compile(
    rf"(?<![\w'’.-]){_TITLE}(?P<name>{_FULL})(?:[ \t]*,[ \t]*(?:\d{{1,3}}[ \t]*[,)]|{_PHONE_OR_MAIL})"
    rf"|[ \t]+\((?:[A-Z]{{1,3}}-?\d{{3,}}|(?:child|adult|infant)?,?[ \t]*(?:age[d]?[ \t]*)?\d{{1,3}}\b(?![.,]\d)))"
)
_SPEAKER = re.compile(rf"(?m)^[ \t]*(?P<name>{_FULL})[ \t]+-[ \t]+\S")


# a street's name before its house number ("Rua dos Andradas, 973") has the shape of a name and an age
STREET_WORDS = frozenset(
    [kind.rstrip(".") for kind in KINDS_BEFORE + KINDS_AFTER]
    + "Camino Jalan Calea Strasse Straße Gasse Platz Weg Vei Gata Gatan Vägen".split()
) - frozenset("Dr Close Court Row Walk Rise Place Quay Parade Circle Broadway".split())  # also surnames, a title


# what a name field or a name column holds when it holds no one's name: a company ("Name: ACME LTD"), a form's
# filler ("Patient: UNKNOWN MALE") or a table's own words ("Total"); also read by `fields` and `tables`
NOT_A_PERSON = frozenset(form.casefold().rstrip(".") for form in LEGAL_FORMS) | frozenset(
    "unknown male female none null nil pending tbc tbd anonymous redacted withheld same self other not applicable "
    "n/a various vacant total totals sum subtotal average mean group team department company corporation holdings "
    "bank services solutions".split())


def _clean(name: str) -> str | None:
    """The name, or None when a word in it is not a name ("Monday", "Rua") or does not start with a capital."""
    words = name.replace(",", " ").split()
    if any(word in NOT_NAMES or word.title() in NOT_NAMES or word in STREET_WORDS or word.casefold() in NOT_A_PERSON
           for word in words):
        return None
    if not all(word[0].isupper() or word in _PARTICLES for word in words):
        return None
    return name


# an airline booking's passenger: "LINDQVIST/ASTRID MS", '"name": "OKAFOR/EMEKA"'; the title ends it, or the
# quoted name field does ("TCP/IP", "N/A" have neither)
_PNR_NAME = re.compile(
    r"(?<![\w/])(?P<name>[A-Z][A-Z'’-]+/[A-Z][A-Z'’-]+(?: [A-Z][A-Z'’-]+)*?)"
    r"(?: (?:MR|MRS|MS|MISS|MSTR|DR)(?![\w/])|(?<=[A-Z])(?=\"))"
)


class FullNameRecognizer(PatternRecognizer):
    """Names after a form label, in "I'm X Y", with an age/phone/e-mail/ID after them, as chat speakers, or as an
    airline booking's passengers ("LINDQVIST/ASTRID MS")."""

    def __init__(self) -> None:
        super().__init__("full-name", ("Full Name", "Nickname"), [])

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        raw = doc.text
        if ":" in raw:
            for match in _LABELLED.finditer(raw):
                name = match.group("name")
                if " " not in name:
                    if match.group("surname_label"):
                        yield from self._entity(raw, match, "Full Name", "surname-label")
                    elif match.group("given_label"):
                        yield from self._entity(raw, match, "Nickname", "given-name-label")
                    continue
                yield from self._entity(raw, match, "Full Name", "label")
                if match.group("name2"):
                    yield from self._entity(raw, match, "Full Name", "label", group="name2")
        if "@" in raw:
            for match in _DISPLAY_NAME.finditer(raw):
                yield from self._entity(raw, match, "Full Name", "mail-display-name")
            for match in _NAME_BEFORE_OWN_MAIL.finditer(raw):
                local = match.group("local").casefold()
                if any(len(word) >= 3 and word.casefold() in local for word in match.group("name").split()):
                    yield from self._entity(raw, match, "Full Name", "name-before-own-mail")
        for match in _SELF.finditer(raw):
            yield from self._entity(raw, match, "Full Name", "self")
        for match in _SELF_ELSEWHERE.finditer(raw):
            yield from self._entity(raw, match, "Full Name", "self-other-language")
        for match in _NAME_LABEL_ELSEWHERE.finditer(raw):
            yield from self._entity(raw, match, "Full Name", "label-other-language")
        for match in _APPOSITION.finditer(raw):
            yield from self._entity(raw, match, "Full Name", "apposition")
        if "/" in raw:
            for match in _PNR_NAME.finditer(raw):
                yield from self._entity(raw, match, "Full Name", "booking")
        if " - " in raw:
            speakers = list(_SPEAKER.finditer(raw))
            if len(speakers) >= 2:  # one "Name - ..." line may be anything; two are a chat's layout
                for match in speakers:
                    yield from self._entity(raw, match, "Full Name", "chat-speaker")

    def _entity(self, raw: str, match: re.Match[str], tag: str, pattern: str, group: str = "name") -> Iterator[Entity]:
        start, end = match.span(group)
        name = _clean(raw[start:end])
        if name is None:
            return
        yield self.entity(raw, start, end, tag, SCORE, pattern)


def full_name_recognizer() -> FullNameRecognizer:
    """People's names placed by a label, "I'm", an age/phone/e-mail/ID after them, or a chat export's layout."""
    return FullNameRecognizer()
