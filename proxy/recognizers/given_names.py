"""Given names alone, where the sentence says a person is named: "our son Kuba (4)", "Maisie (3)".

The model finds names written in full and many given names, but a short or unfamiliar given
name alone ("Kuba", "Min-ji", "Thandi", "Piet") in hand-written text often escapes it. The
sentence gives them away:

* a kinship or relation word right before it ("my wife Min-ji", "her husband Rubén",
  "my brother-in-law Piet", "younger sister, Lily,");
* an age in brackets right after it ("Theo (6)", "Seo-yeon (6)"), or in commas after it where it
  opens a sentence ("Sipho, 23, is studying law");
* a short form in brackets after a full name ("Aleksandra Nowak (Ola to everyone)",
  "Mohammed Shahidul Islam (Shahid)") or a family word ("Mum (Thandi)");
* "I'm Dan, ...", "it's Bex from upstairs", "my name is Olu, ..." (not "I'm Spiritist.");
* a sign-off: alone on the last line, or on the line after "Thanks," / "Cheers" ("thx\\nMei",
  "~Dre", "— Femi").

A capitalized word there that is a weekday, a month, a demonym, a faith or an everyday word
("I'm Italian", "my son Sunday", "Thanks, Team") is not a name. Tagged Nickname (a given
name alone, as the annotation guidelines have it); scored below the model (0.7), so a name the
model found whole keeps its span and tag.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.nationality import DEMONYMS
from proxy.recognizers.religion import FAITHS
from proxy.recognizers.scan import ScanText

SCORE = 0.7

RELATIONS = (
    "son daughter wife husband partner brother sister mum mom mother dad father stepdad stepmum stepmom stepfather "
    "stepmother stepson stepdaughter grandson granddaughter grandma grandmother grandpa grandfather granny gran nan "
    "nana aunt auntie aunty uncle cousin niece nephew friend boyfriend girlfriend fiancé fiancée fiance fiancee "
    "flatmate roommate housemate colleague coworker co-worker boss manager neighbour neighbor baby toddler kid child "
    "twin brother-in-law sister-in-law mother-in-law father-in-law son-in-law daughter-in-law ex bestie mate pal"
).split()
# a capitalized word here is not a given name
NOT_NAMES = frozenset(
    """Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August
    September October November December I I'm I’m Im The A An And But Or So Yes No Not Just Also Still Really Very
    Sorry Fine Good Great Back Here There Home Sure Glad Happy Excited Done Ready Free Available Single Married
    Pregnant Vegan Vegetarian Gay Straight Deaf Blind Autistic Looking Going Trying Writing Working Living Moving
    Thanks Thank Cheers Regards Best Love Team All Everyone Hi Hello Hey Dear Mr Mrs Ms Miss Dr Prof Sir Madam
    Mum Mom Dad Nan Gran Grandma Grandpa Baby Bro Sis Mate Boss Doc Aunt Uncle Auntie English Welsh Scottish Irish
    British European African Asian Latino Latina Black White Mixed Christmas Easter New Old Big Little Senior Junior
    Also Currently Now Today Tomorrow Yesterday Still Only About Around OK Ok Okay P S PS NB FYI ASAP Call Tel Phone
    Text Ring Dial Room Flat Unit Apt Table Gate Seat Platform Page Step Year Week Day Grade Level Class Group Section
    Chapter Box Floor Block Zone Area Route Line Bus Ward Bed Bay Item Question Part Note Option""".split()
    + DEMONYMS.split()
    + [f.strip() for f in FAITHS.split("|") if f.strip() and " " not in f.strip()]
)
_NAME = r"[A-ZÀ-ÖØ-Þ][a-zà-öø-ÿ]+(?:-[A-Za-zÀ-ÖØ-öø-ÿ][a-zà-öø-ÿ]+)?"
# a surname particle after a given name: "Job van Gent" is a full name
_PARTICLE = r"(?:van|von|de|da|del|der|di|du|le|la|bin|ibn|al|el|ter|ten|dos|das)\b"
_RELATION = r"(?:" + "|".join(sorted(map(re.escape, RELATIONS), key=len, reverse=True)) + r")"
_AFTER_RELATION = re.compile(
    rf"(?i:\b(?:my|our|his|her|their|your|a|the|younger|older|little|big|baby|eldest|youngest|best|new|late)[ \t]+"
    rf"(?:(?:younger|older|little|big|baby|eldest|youngest|best|new|late|twin|step|ex-)[ \t]*)?{_RELATION})"
    rf"(?:,)?[ \t]+(?P<name>{_NAME})(?![\w'’-]|[ \t]+(?:[A-Z]|{_PARTICLE}))"
)
# the same in other languages: a possessive and a family word ("minha filha Luiza", "mio figlio Tommaso", "moja
# siostra Ola", "meine Tochter Lena", "mijn dochter Fleur", "meri beti Priya"), a Turkish possessed form ("kızım
# Elif"), or a family word before its possessive ("anak saya Budi", "dada yangu Amina"); names may carry Latin
# Extended letters ("Zofia Wróbel")
_NAME_WIDE = r"[A-ZÀ-ÖØ-ÞĀ-ɏ][a-zà-öø-ÿĀ-ɏ]+(?:-[A-Za-zÀ-ÖØ-öø-ÿĀ-ɏ][a-zà-öø-ÿĀ-ɏ]+)?"
_POSSESSIVE_ELSEWHERE = (
    "minha meu minhas meus mi mis mio mia ma mon mes mein meine meinem meiner moja mój moj mojej mijn onze nuestra "
    "nuestro nostra nostro notre nos unser unsere unserer nasz nasza meri mera mere"
).split()
RELATIONS_ELSEWHERE = (
    "filho filha esposa marido irmão irmã mãe pai namorado namorada avó avô tio tia primo prima sobrinho sobrinha "
    "hijo hija esposo hermano hermana madre padre novio novia abuela abuelo tío tía sobrino sobrina "
    "fils fille mari frère sœur soeur mère père copain copine oncle tante neveu nièce "
    "sohn tochter bruder schwester mutter vater freund freundin oma opa onkel tante neffe nichte cousine "
    "figlio figlia moglie marito fratello sorella nonna nonno zio zia fidanzato fidanzata cugino cugina "
    "syn córka żona mąż brat siostra babcia dziadek ciocia wujek "
    "zoon dochter broer zus zuster moeder vader vriend vriendin "
    "beta beti bhai behen didi bhaiya pati patni"
).split()
_TURKISH_POSSESSED = "kızım oğlum eşim annem babam kardeşim ablam abim kocam karım sevgilim".split()
_RELATION_BEFORE_POSSESSIVE = r"(?:(?:anak|adik|kakak|suami|istri)[ \t]+(?:saya|aku)|(?:anakku|adikku|kakakku|suamiku|istriku)|" \
    r"(?:mtoto|mke|mume|dada|kaka|rafiki)[ \t]+(?:wangu|yangu))"
_AFTER_RELATION_ELSEWHERE = re.compile(
    rf"(?i:\b(?:(?:{'|'.join(_POSSESSIVE_ELSEWHERE)})[ \t]+(?:{'|'.join(RELATIONS_ELSEWHERE)})|"
    rf"{'|'.join(_TURKISH_POSSESSED)}|{_RELATION_BEFORE_POSSESSIVE}))"
    rf"(?:,)?[ \t]+(?P<name>{_NAME_WIDE})(?![\w'’-]|[ \t]+(?:[A-Z]|{_PARTICLE}[ \t]+[A-Z]))"
)
# "my sister Ola (Aleksandra Zielińska)": the full name in brackets after a given name a relation word placed
_BRACKETED_FULL = re.compile(rf"[ \t]*\((?P<full>{_NAME_WIDE}(?:[ \t]+{_NAME_WIDE}){{1,3}})\)")
_AGE_AFTER = re.compile(
    rf"(?<![\w'’-])(?P<name>{_NAME})[ \t]+\((?:aged?[ \t]+)?\d{{1,2}}(?:[ \t]*(?:months?|mo|y|yrs?|years?))?\)"
    r"(?![ \t]*\d)"  # "(21) 90782-6918" is a phone's area code
)
# "Sipho, 23, is studying law": a name opening a sentence with an age in apposition
_AGE_APPOSITION = re.compile(
    rf"(?:^|(?<=[.!?][ \t])|(?<=\n)|(?<=\band[ \t]))(?P<name>{_NAME}),[ \t]+\d{{1,2}}[ \t]*,"
)
_ALIAS = re.compile(
    rf"{_NAME}(?:[ \t]+{_NAME}){{1,3}}[ \t]+\((?P<name>{_NAME})(?:[ \t]+to[ \t]+(?:everyone|friends|most|family))?\)"
)
# "Mum (Thandi) - ...": a family word with the name in brackets, as chat exports label people
_RELATION_ALIAS = re.compile(rf"(?i:\b(?:{_RELATION}))[ \t]*\((?P<name>{_NAME})\)")
_SELF = re.compile(
    rf"\b(?:I'm|I’m|[Ii]m|it's|it’s|[Ii]ts|[Tt]his is|[Mm]y name is|[Mm]y name's|[Cc]all me)[ \t]+(?P<name>{_NAME})"
    r"(?=[ \t]*(?:,|[ \t](?:from|here|and)\b))"
)
# an explicit nickname cue: "Zayan's nickname is Ziggy", "Goes by | Pip", "Nickname — Scout", "I go by Pip"
_NICKNAME_CUE = re.compile(
    r"(?:\b(?i:nick[ \t-]?name)(?:[ \t]+is|[ \t]*[:|—–-])|\b(?i:goes|go)[ \t]+by(?:[ \t]*[:|—–-])?)[ \t]*"
    r"(?P<name>[^\W\d_][\w'’-]*)(?![\w'’-]|[ \t]+[A-Z])"
)
# a record line "<role> — <name>": "Teacher — Duc Ngo", "Senior colleague — Patience Ojo", "Wife — Tricia J. Lane"
_ROLE_DASH = re.compile(
    rf"(?m)^[ \t]*(?:[A-Z][a-z]+[ \t]+)?(?i:{_RELATION}|teacher|student|pupil|colleague|coworker|member|applicant|"
    r"tenant|lodger|patient|client|owner)[ \t]*[—–-][ \t]*"
    rf"(?P<name>{_NAME}(?:[ \t]+(?:[A-Z]\.|{_NAME})){{1,3}})[ \t]*$"
)
# "This is Ulises Bernad.", "My name is Ana Ruiz,", "Osha Deshmukh writing."
_SELF_FULL = re.compile(
    rf"\b(?:[Tt]his is|[Mm]y name is|[Mm]y name's|I'm called|I am called)[ \t]+(?P<name>{_NAME}(?:[ \t]+{_NAME}){{1,2}})"
    r"(?=[ \t]*[.,;!?\n])"
    rf"|(?:^|(?<=[.!?][ \t])|(?<=\n))(?P<name2>{_NAME}(?:[ \t]+{_NAME}){{1,2}})[ \t]+writing\b"
)
_GERMAN_WORDS = re.compile(r"\b(?:und|ist|nicht|der|die|das|ich|auch|noch|mit|für|steht|eigentlich|wir|sie)\b")
_CLOSING = r"(?i:thanks|thank you|thx|ty|cheers|best|best wishes|regards|kind regards|many thanks|love|xx+|sincerely|yours)"
_SIGN_OFF = re.compile(
    rf"(?:\n[ \t]*{_CLOSING}[ \t]*[,!.]?[ \t]*\n|\n[ \t]*[~—–][ \t]*)[ \t]*(?P<name>{_NAME})[ \t]*(?=\n|$)"
)


# patterns that name more than a given name, or say so explicitly enough to be read above the model
_PATTERN_TAGS = {"nickname-cue": ("Nickname", 0.9), "role-dash": ("Full Name", 0.8), "self-full": ("Full Name", 0.8)}


class GivenNameRecognizer(PatternRecognizer):
    """Given names after a relation word, before an age in brackets, as an alias, in "I'm X," and sign-offs."""

    def __init__(self) -> None:
        super().__init__("given-name", "Nickname", [])

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        raw = doc.text
        lower_text = not any(c.isupper() for c in raw)
        for name, regex in (("relation", _AFTER_RELATION), ("relation-elsewhere", _AFTER_RELATION_ELSEWHERE),
                            ("age-in-brackets", _AGE_AFTER),
                            ("age-apposition", _AGE_APPOSITION), ("alias", _ALIAS), ("relation-alias", _RELATION_ALIAS),
                            ("self", _SELF), ("sign-off", _SIGN_OFF), ("nickname-cue", _NICKNAME_CUE),
                            ("role-dash", _ROLE_DASH), ("self-full", _SELF_FULL)):
            if name == "age-in-brackets" and "(" not in raw:
                continue
            tag, score = _PATTERN_TAGS.get(name, ("Nickname", SCORE))
            for match in regex.finditer(raw):
                start, end = match.span("name2" if "name2" in regex.groupindex and match.group("name2") else "name")
                value = raw[start:end]
                if value in NOT_NAMES or value.split("-")[0] in NOT_NAMES or any(w in NOT_NAMES for w in value.split()):
                    continue  # "This is Monday Morning."
                if name == "nickname-cue" and not value[0].isupper() and (
                        not lower_text or not match.group(0).casefold().startswith("nick")):
                    continue  # "she goes by bus": lower case only after "nickname", and only in a lower-case text
                # "Jun Park ... Park, 29, studied": written elsewhere after a given name, it is a surname
                if name == "age-apposition" and re.search(rf"[A-Z][\w.'’-]*[ \t]+{re.escape(value)}\b", raw):
                    continue
                if name == "self" and match.group(0)[:2] in ("im", "Im") and len(_GERMAN_WORDS.findall(raw)) >= 2:
                    continue  # German "im Vault," ("in the"), not a chat's "im Dan,"
                yield self.entity(raw, start, end, tag, score, name)
                full = _BRACKETED_FULL.match(raw, end) if name.startswith("relation") else None
                if full and not any(w in NOT_NAMES for w in full.group("full").split()):
                    yield self.entity(raw, full.start("full"), full.end("full"), "Full Name", 0.8, "relation-full")


def given_name_recognizer() -> GivenNameRecognizer:
    """Given names placed by a relation word, an age, an alias, "I'm X," or a sign-off."""
    return GivenNameRecognizer()
