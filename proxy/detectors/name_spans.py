"""Name spans shaped to the annotation guidelines, after the model has found them.

The model learns name *contexts* well but three span conventions poorly, and
hand-written text is full of them (docs/annotation-guidelines.md):

* titles are not part of a name: "Dr. [Maria Lopez]", "Ms [Kaya]";
* a hyphenated or suffixed name is one name: "[Kwame Mensah-Boateng]",
  "[Raymond Carter III]" (the word splitter cuts at the hyphen, and the model
  often stops there);
* a Korean name is written surname first: "[Park Ji-hoon]" where the model
  found "Ji-hoon" or "Park" (and added where it found neither);
* a surname on its own is a `Full Name`, a given name on its own a `Nickname`:
  the model cannot tell "Pike" from "Ana" alone, but the text can: a titled
  word ("Mr Pike") or the last word of a full name found elsewhere in the text
  ("Darren Pike ... Pike said") is a surname.

A titled surname the model missed ("Mr Haldane attended") is added, since a
title before a capitalized word is as sure a sign of a name as any context; so
is a given name the model found once, written elsewhere with a surname after
it ("Kieran's a student" ... "Side room 4: Kieran Doyle"), and the given name of
a full name used alone ("Hannah Whitlock ... Hannah said"), which masking the
full name alone would leave in clear. So is a one-word nickname the model found
once, at its other mentions: the one it misses is often the mention that
introduces it ('Margarethe Hofbauer, "Gretl" to everyone'), which attribution
needs to know whose name it is.

Other spans tagged as names are none, or are something else, and would start a
person of their own: a title or a form's label alone ("Dr", "DOB", "Steuer-ID"),
a role noun, a pronoun, a car, a pet, an acronym in capitals ("PIP"), a
lower-case phrase in a capitalised text, a misspelt common word ("Quikc", "joiend
Uniqlo": `typos`), an interjection opening a turn ("Lovely."), a word after "A"
("A Kikuyu"); a span that runs over a sentence end is cut there; an organisation (an e-mail's domain,
"Kerentech"; the head of a company named elsewhere, "Maji Safi"; a business in
apposition, "a workshop, Papazian Gold,"); an ethnic group listed with a
nationality ("Moroccan and Amazigh"). A name grows over a given name found
elsewhere ("Meseret [Alemu Tadesse]"), and a chat's speaker labels or a bio's
first line that the model missed are names ("Ines: ...", "Jędrzej\n65yo").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from functools import cache

from proxy.detectors.typos import is_common_word, is_typo
from proxy.entities import Entity
from proxy.subjects import NOT_SPEAKERS, OTHER_LANGUAGE_TITLES, RELATIONS, fold_accents, given_name_genders

NAME_TAGS = frozenset({"Full Name", "Nickname"})
_TITLES = (
    "mr|mrs|ms|miss|mx|dr|prof|professor|sir|dame|lady|lord|rev|revd|reverend|fr|capt|captain|cllr|councillor|"
    "sgt|sergeant|insp|inspector|det|detective|pc|dc|judge|justice|mme|mlle|herr|frau|sr|sra|srta|dra"
)
_LEADING_TITLE = re.compile(rf"(?:(?:{_TITLES})\.?\s+)+", re.IGNORECASE)
# titles of other languages, religious and kin titles: not part of the name either, but often before a given name
# ("Doña Marleny", "Whaea Aroha", "Uncle Kwabs"), so they do not make a lone name a surname as "Ms Kaya" does
_OTHER_TITLES = (
    "Doña|Dona|Señora|Senora|Señor|Senor|Sra|Srta|Whaea|Matua|Ibu|Bapak|Shri|Smt|Rabbi|Imam|Pastor|Uncle|Aunty|"
    "Auntie|Madame|Monsieur|Signora|Signor|Alhaji|Hajia|Mallam|Sheikh|Ustaz|"
    # kinship words of other languages ("Babcia Halina", "Medzmama is 90"); Lola, Nana, Tito, Tia are names too
    "Ammi|Abbu|Ammu|Nani|Dadi|Amma|Appa|Oma|Opa|Nonna|Nonno|Abuela|Abuelo|Abuelita|Abuelito|Yiayia|Pappou|Bubbe|"
    "Zayde|Medzmama|Medzpapa|Babcia|Dziadek|Halmeoni|Harabeoji|Tía|Tío"
)
_LEADING_OTHER_TITLE = re.compile(rf"(?:{_OTHER_TITLES})\.?[ \t]+(?=[A-Z])")
# a capitalized name word: "O'Neill", "Mensah-Boateng", "Lefèvre"; not all capitals ("NHS")
_NAME_WORD = r"[A-Z][a-zà-ÿ]+(?:['’-][A-Z]?[a-zà-ÿ]+)*"
_TITLED = re.compile(
    r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Cllr|Sgt|Insp|Supt|Det|PC|DC|Capt|Rev|Revd|Judge"
    rf"|{OTHER_LANGUAGE_TITLES})\.?[ \t]+"
    rf"(?P<name>(?:[A-Z]\.[ \t]*)?{_NAME_WORD}(?:[ \t]+{_NAME_WORD})?)"
)
# a capitalized title right before a span the model called a given name ("Sgt [Virtanen]")
_TITLE_BEFORE = re.compile(rf"\b(?:{_TITLES})\.?[ \t]+$", re.IGNORECASE)
# an initial and a surname ("K. Ito"), a name form of minutes and reports
_INITIAL_NAME = re.compile(rf"(?<![\w.])[A-Z]\.[ \t]?{_NAME_WORD}(?![\w'’-])")
_HYPHEN_TAIL = re.compile(r"[-‐‑][A-Za-zÀ-ÿ]+")
_SUFFIX = re.compile(r",?[ \t]+(?:Jr\.?|Sr\.?|II|III|IV)(?![\w])")
# a "Dr" that ends a street name ("Elm Dr Springfield") is not a title
_STREET_BEFORE = re.compile(r"\b[A-Z][a-z]+[ \t]+$")
_NOT_NAMES = frozenset({
    "The", "This", "That", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
    "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
    "November", "December", "Street", "Road", "Avenue", "Lane",
})


# a greeting read into the name ("Hi Priti, quick handover"), a verb after it ("Ingrid dials in")
# a greeting, an imperative to contact ("DM Nicholas Tucker"), or "I am" / "my name is" in another language ("Soy
# Felipe"): before the name, not part of it
_LEADING_GREETING = re.compile(
    r"(?:Hi|Hey|Hello|Hiya|Dear|Thanks|Cheers|Morning|Evening|DM|Message|Text|Ping|Email|Ring|"
    r"(?i:soy|sou|sono|ich[ \t]+bin|je[ \t]+suis|(?:me[ \t]+)?llamo|(?:mi[ \t]+)?chiamo|(?:je[ \t]+)?m['’]appelle|"
    r"(?:ich[ \t]+)?hei(?:ß|ss)e|(?:me[ \t]+)?chamo|(?:jag[ \t]+|jeg[ \t]+)?heter|nazywam[ \t]+się|jestem))[ \t]+(?=[A-Z])"
)
_LEADING_MAIDEN = re.compile(r"(?:n[ée]e|born)[ \t]+(?=[A-Z])", re.IGNORECASE)  # "(née Berg)": Berg is a surname
_COLUMN_GAP = re.compile(r"[ \t]*(?:\t|[ ]{2,})")  # a table's next column, not the name's next word
# a record's "SURNAME, Given" order ("HOLLOWAY, Desmond Arthur", "Customer: Mr. O'Neill, Patrick J."): the surname
# in capitals at a line start or after a colon, or capitalized after a person's label ("Customer: Mr. O'Neill,")
_INVERTED_BEFORE = re.compile(
    r"(?:(?:^|\n|[:：])[ \t]*(?P<caps>(?!(?:OK|HI|HEY|RE|FW|FWD|FYI|PS|NB|ASAP|NOTE|UPDATE|URGENT|THANKS|DEAR|HELLO)\b)"
    r"[A-Z][A-Z'’-]{2,})"
    r"|(?:(?i:name|holder|customer|client|patient|tenant|applicant|employee|member|guest|passenger|student)[ \t]*[:：]"
    rf"[ \t]*(?:(?i:{_TITLES})\.?[ \t]+)?)(?P<cap>[A-Z][\w'’-]+)),[ \t]*$"
)
_TRAILING_LOWER = re.compile(r"(?:[ \t]+[a-z][a-z'’]*)+$")
# two names the model joined over a dash or an ampersand ("Zanele - Sipho you're the best")
_JOIN = re.compile(r"[ \t]+(?:[-–—&]|and)[ \t]+(?=[A-Z])")


# a sentence end inside a span: a full stop after a word of two letters or more (not an initial), an optional
# closing quote, a space and a capital ('Dan P.". Mr. Petrescu' ends after the quote; "Jun-Jun. Officially ...")
_SENTENCE_END = re.compile(
    r"(?<=[^\W\d_]{2})(?<!\bMr)(?<!\bMs)(?<!\bDr)(?<!\bSt)(?<!\bJr)(?<!\bSr)(?<!\bMt)(?<!\bMrs)"
    r"\.?[\"”’']?\.[ \t]+(?=[A-ZÀ-ÖØ-Þ])"
    r"|(?<=\.)[\"”’']\.?[ \t]+(?=[A-ZÀ-ÖØ-Þ])"
)
_CAPITALISED_RUN_END = re.compile(r"(?:[A-ZÀ-ÖØ-Þ][\w'’.-]*[ \t]+)*[A-ZÀ-ÖØ-Þ][\w'’.-]*$")


def _split_at_sentence_end(text: str, entity: Entity) -> list[Entity]:
    """A name span cut where a sentence ends inside it: the first piece as it is, a later one as its closing run
    of capitalised words ("Officially he's Reynaldo Bautista Cruz" -> "Reynaldo Bautista Cruz")."""
    if entity.tag not in NAME_TAGS or not _SENTENCE_END.search(entity.text):
        return [entity]
    pieces, pos = [], 0
    for m in _SENTENCE_END.finditer(entity.text):
        pieces.append((pos, m.start()))
        pos = m.end()
    pieces.append((pos, len(entity.text)))
    out = []
    for i, (a, b) in enumerate(pieces):
        piece = entity.text[a:b].strip(" \t\"”’'")
        a = entity.text.index(piece, a) if piece else a
        if i > 0 and (run := _CAPITALISED_RUN_END.search(piece)) is not None:
            a, piece = a + run.start(), run.group()
        if not piece or not piece[0].isupper():
            continue
        tag = "Nickname" if " " not in piece else "Full Name"
        out.append(Entity(piece, entity.start + a, entity.start + a + len(piece), tag, entity.score, entity.detector))
    return out


def _split_joined(text: str, entity: Entity) -> list[Entity]:
    """A name span that is two names joined by " - " or " & ", cut in two; else the span itself."""
    if entity.tag not in NAME_TAGS or not _JOIN.search(entity.text):
        return [entity]
    parts, pos = [], entity.start
    for m in _JOIN.finditer(entity.text):
        parts.append((pos, entity.start + m.start()))
        pos = entity.start + m.end()
    parts.append((pos, entity.end))
    out = []
    for a, b in parts:
        tag = "Nickname" if " " not in text[a:b] else "Full Name"
        out.append(Entity(text[a:b], a, b, tag, entity.score, entity.detector))
    return out


_NEXT_WORD = re.compile(r"[ \t]+([a-z]+)\b")
# a car maker and its model ("Toyota Yaris", "VW Golf"): no person. Ford, Mini, Seat, Lincoln, Morgan are also names.
_VEHICLE = re.compile(
    r"(?:Toyota|Honda|Nissan|Mazda|Subaru|Mitsubishi|Suzuki|Lexus|Hyundai|Kia|Volkswagen|VW|Audi|BMW|Mercedes(?:-Benz)?|"
    r"Porsche|Opel|Vauxhall|Peugeot|Renault|Citro[eë]n|Dacia|Fiat|[SŠ]koda|Volvo|Tesla|Chevrolet|Chevy|Jeep|BYD|"
    r"Alfa[ \t]+Romeo)[ \t]+\S"
)
# a title or a form field's abbreviation alone: "Dr", "DOB", "Ref."
_NO_NAME = re.compile(rf"(?:{_TITLES}|{_OTHER_TITLES}|dob|d\.o\.b|ni|id|ref|pin|tel|mob|nr|no)\.?", re.IGNORECASE)
# greetings and closings of other languages ("Olá!", "Ciao, Marco!", "Cordiali saluti", "Ngā mihi"); words that are
# names too (Ola, Salam, Asante, Shalom, Xin) are not listed
_FOREIGN_GREETINGS = frozenset((
    "olá hola oye leute marhaba merhaba ciao danke cordiali ngā namaste bonjour buongiorno buenas gracias grazie "
    "obrigado obrigada merci saludos grüße hallo hej moin servus tschüss shukran habari kumusta mabuhay chào "
    "konnichiwa arigato salve"
).split())
# a name takes no indefinite article: "A Kikuyu from Nyeri, she is 39" is a people's member, not a person
_WITH_ARTICLE = re.compile(r"An?[ \t]+[A-ZÀ-ÖØ-Þ][\w'’-]*")
# a role noun a form or a note uses for a person ("Client earns £3,100", "Carer: ..."): no name
_ROLE_NOUNS = frozenset((
    "client carer patient tenant landlord applicant customer caller agent employer employee manager claimant "
    "resident member user owner buyer seller driver passenger guest witness victim defendant appellant respondent "
    "pupil student teacher doctor nurse parent guardian child baby partner spouse husband wife"
).split())
_NOT_A_NAME_SUFFIX = re.compile(r"^\S+-(?:wise|related|based|friendly|free)$", re.IGNORECASE)  # "Faith-wise, ..."
# "our old dog, Biscuit", "my cat Luna": a pet's name, no person's
_PET_BEFORE = re.compile(
    r"\b(?:my|our|his|her|their|the)[ \t]+(?:[\w'’-]+[ \t]+)?(?:dog|cat|puppy|kitten|pet|horse|pony|rabbit|hamster|"
    r"parrot)[ \t]*,?[ \t]*$",
    re.IGNORECASE,
)


# "Newton's second law", "Bayes' theorem", "Occam's razor", "Maxwell's equations": a name in an eponym is nobody's
# (words a person's own things take, "test", "rule", "identity", "number", are left out)
_EPONYM_AFTER = re.compile(
    r"['’]s?[ \t]+(?:[a-z]+[ \t]+)?(?:laws?|theorems?|principle|formulae?|formulas|equations?|constant|triangle|razor"
    r"|paradox|conjecture|hypothesis|lemma|inequality|algorithm|postulates?)\b"
)


def _eponym(text: str, entity: Entity) -> bool:
    return _EPONYM_AFTER.match(text, entity.end) is not None


def _pet(text: str, entity: Entity) -> bool:
    return " " not in entity.text and _PET_BEFORE.search(text, max(0, entity.start - 40), entity.start) is not None


_PRONOUNS = frozenset((
    "i me my you your he him his she her hers it its we us our they them their "
    # other languages' pronouns that open a sentence capitalised ("Nous avons constaté", "Wir bitten"); those that
    # are names too (Ella, Ben, Lei, Io, Oni, Ona, Du, Kami, Anda) are not listed
    "je tu il elle nous vous ils elles moi toi eux ich er sie wir ihr uns euch yo tú él nosotros nosotras vosotros "
    "ellos ellas usted ustedes noi voi loro você ele nós eles elas ik jij wij zij jullie hij ty wy biz siz onlar "
    "saya aku mereka"
).split())
# words that address or count in a group ("hey guys, meeting moved", "Morning all", "thanks team"): nobody's name
_GROUP_WORDS = frozenset("guys folks everyone everybody all y'all yall team people ladies gents gentlemen lads fam peeps".split())
_NUMBER_AFTER = re.compile(r"[ \t]+(?i:number|no\.|nr\.?|nummer|#)[ \t]*:?[ \t]*[\w-]*\d")
_NUMBER_WORD = re.compile(r"(?:nummer|number|num[ée]ro|n[uú]mero)$", re.IGNORECASE)  # "Sozialversicherungsnummer"
_ID_LABEL = re.compile(r"[^\W\d_][\w'’]*-(?:ID|Id|Nr|No)")


def _field_label(text: str, entity: Entity) -> bool:
    """A one-word "name" that labels the identifier after it ("Führerschein number B072RRE2I55",
    "Steuer-ID: 57 214 893 016") or is a label itself ("Sozialversicherungsnummer"): a form's field, no person."""
    if " " in entity.text:
        return False
    if _NUMBER_AFTER.match(text, entity.end) or _NUMBER_WORD.search(entity.text):
        return True
    return _ID_LABEL.fullmatch(entity.text) is not None and text[entity.end : entity.end + 1] == ":"


# a log line's level inside a span ("npm ERR! code E401"): the line is a tool's, not a person's
_LOG_LEVEL = re.compile(r"\b(?:ERR|ERROR|WARN|WARNING|INFO|DEBUG|FATAL|TRACE)\b")


@cache
def _demonyms() -> frozenset[str]:
    """Demonyms ("Japanese" in "Japanese knotweed"): one alone is a nationality or a kind, not a name."""
    from proxy.recognizers.nationality import DEMONYMS  # the recognizers package imports this one's package

    return frozenset(word.casefold() for word in DEMONYMS.split())


def _not_a_name(text: str, entity: Entity) -> bool:
    """Whether a span tagged as a name is none: a word qualifying a job ("Lay preacher"), a form's field label
    ("Steuer-ID:"), a car ("Toyota Yaris"), a title or field abbreviation alone ("Dr", "DOB"), a pet ("our dog,
    Biscuit"), a role noun ("Client"), a pronoun ("Her"), a group ("hey guys"), an eponym ("Newton's second
    law"), an adverb in "-wise" ("Faith-wise"), a word after "A" /
    "An" ("A Kikuyu"), an interjection ("Lovely."), another language's greeting ("Olá!", "Ciao,"), a demonym alone
    ("Japanese knotweed"), a log line's level ("npm ERR!")."""
    if _before_a_job(text, entity) or _field_label(text, entity):
        return True
    if entity.tag not in NAME_TAGS:
        return False
    folded = entity.text.casefold()
    return bool(_interjection(text, entity) or _VEHICLE.match(entity.text) or _NO_NAME.fullmatch(entity.text)
                or _pet(text, entity) or folded in _ROLE_NOUNS or folded in _PRONOUNS or folded in _FOREIGN_GREETINGS
                or folded in _GROUP_WORDS
                or _NOT_A_NAME_SUFFIX.search(entity.text) or _WITH_ARTICLE.fullmatch(entity.text)
                or _eponym(text, entity) or _LOG_LEVEL.search(entity.text) is not None
                or (" " not in entity.text and folded in _demonyms()))


def _without_typos(text: str, entity: Entity) -> Entity | None:
    """A misspelt common word is no name ("Quikc intro:", "joiend Uniqlo"; `typos`): a one-word span that is one
    is dropped, and lower-case ones are cut from a longer span's ends (a capitalised word beside a name may be a
    surname one slip from a word: "Henri Techer"). None if nothing is left."""
    if entity.tag not in NAME_TAGS:
        return entity
    words = [m.span() for m in _TOKEN.finditer(text, entity.start, entity.end)]
    if len(words) == 1:
        if _title_before(text, entity.start):
            return entity  # "Mr Sayed": a titled word is a surname
        return None if is_typo(entity.text, missing_letter=entity.text.islower()) else entity

    def cut(word: tuple[int, int]) -> bool:
        w = text[word[0] : word[1]]
        return w.islower() and is_typo(w)

    while words and cut(words[0]):
        words.pop(0)
    while words and cut(words[-1]):
        words.pop()
    if not words:
        return None
    start, end = words[0][0], words[-1][1]
    if (start, end) == (entity.start, entity.end):
        return entity
    return Entity(text[start:end], start, end, entity.tag, entity.score, entity.detector)


_TURN_START = re.compile(r"(?:^|[.!?:\n])[ \t]*$")


def _interjection(text: str, entity: Entity) -> bool:
    """A common word opening a sentence or a turn and closed by "." or "!" ("Adviser: Lovely. Just for the
    file, ...") is an interjection, not a name; a given name ("Grace.") stays."""
    return (" " not in entity.text and text[entity.end : entity.end + 1] in (".", "!")
            and _TURN_START.search(text, max(0, entity.start - 40), entity.start) is not None
            and is_common_word(entity.text))


def _before_a_job(text: str, entity: Entity) -> bool:
    """A single capitalized word right before a lower-case job word qualifies the job ("Lay preacher",
    "Staff nurse"): no name."""
    from proxy.recognizers.occupations import HEADS  # noqa: PLC0415 - recognizers import the detector base

    nxt = _NEXT_WORD.match(text, entity.end)
    return entity.tag == "Nickname" and " " not in entity.text and nxt is not None and nxt.group(1) in HEADS


def _reshape(text: str, entity: Entity) -> Entity | None:
    """Drop a leading greeting, maiden-name marker or title and trailing lower-case words, end at a column gap,
    extend over a hyphenated tail and a generational suffix; None if nothing is left."""
    start, end = entity.start, entity.end
    greeting = _LEADING_GREETING.match(text, start, end)
    if greeting:
        start = greeting.end()
    inverted = _INVERTED_BEFORE.search(text, max(0, start - 60), start) if entity.tag in NAME_TAGS else None
    if inverted:
        start = inverted.start("caps") if inverted.group("caps") else inverted.start("cap")
    maiden = _LEADING_MAIDEN.match(text, start, end)
    if maiden:
        start = maiden.end()
    if (gap := _COLUMN_GAP.search(text, start, end)) is not None and gap.start() > start:
        end = gap.start()
    trimmed = False
    if text[start : start + 1].isupper() and (lower := _TRAILING_LOWER.search(text, start, end)):
        end, trimmed = lower.start(), True
    title = _LEADING_TITLE.match(text, start, end)
    titled = False
    if title and title.end() < end:
        start, titled = title.end(), True
    elif (other := _LEADING_OTHER_TITLE.match(text, start, end)) and other.end() < end:
        start = other.end()
    while (m := _HYPHEN_TAIL.match(text, end)) is not None:
        end = m.end()
    korean = None
    if entity.tag in NAME_TAGS:
        korean = _KOREAN_SURNAME_BEFORE.search(text, max(0, start - 12), start)
        if korean and _KOREAN_GIVEN.fullmatch(text, start, end):
            start = korean.start(1)  # "Park [Ji-hoon]": a Korean name is written surname first
        elif text[start:end] in _KOREAN_SURNAMES and (korean := _KOREAN_GIVEN_AFTER.match(text, end)):
            end = korean.end()  # "[Park] Mi-sook"
        else:
            korean = None
    if entity.tag == "Full Name" and (m := _SUFFIX.match(text, end)) is not None:
        end = m.end()
    if start >= end:
        return None
    tag = entity.tag
    if tag == "Nickname" and (titled or maiden or inverted or korean or _title_before(text, start)):
        tag = "Full Name"  # "Ms Kaya", "Sgt [Virtanen]": a titled single name is a surname
    elif (greeting or trimmed) and not titled and " " not in text[start:end]:
        tag = "Nickname"  # "Hi Priti", "Ingrid dials in": a given name
    if (start, end, tag) == (entity.start, entity.end, entity.tag):
        return entity
    return Entity(text[start:end], start, end, tag, entity.score, entity.detector)


# common Korean surnames (romanised) and a hyphenated given name: "Park Ji-hoon", "Lee Mi-sook"
_KOREAN_SURNAMES = frozenset((
    "Kim Lee Yi Park Pak Choi Choe Jung Jeong Chung Kang Cho Jo Yoon Yun Jang Chang Lim Im Han Oh Seo Shin Kwon Hwang "
    "Ahn An Song Yoo Yu Hong Jeon Jun Ko Go Moon Mun Yang Son Bae Baek Heo Nam Noh Roh Ha Kwak Sung Cha Joo Woo Min "
    "Ryu Na Jin Eom Chae Won Cheon Bang Gong Hyun Ham Byun Yeom Yeo Choo Seok Seol Gil Yeon Pyo Myung Ban Ra Geum "
    "Maeng Tak"
).split())
_KOREAN_SURNAME = rf"(?<![\w'’-])(?:{'|'.join(sorted(_KOREAN_SURNAMES))})"
_KOREAN_GIVEN = re.compile(r"[A-Z][a-z]{1,4}-[a-z]{2,5}")
_KOREAN_GIVEN_AFTER = re.compile(rf"[ \t]+{_KOREAN_GIVEN.pattern}(?![\w'’-])")
_KOREAN_SURNAME_BEFORE = re.compile(rf"({_KOREAN_SURNAME})[ \t]+$")
_KOREAN_NAME = re.compile(rf"{_KOREAN_SURNAME}[ \t]+{_KOREAN_GIVEN.pattern}(?![\w'’-])")


def _korean_names(text: str, taken: Sequence[Entity], detector: str) -> list[Entity]:
    """Surname-first Korean names no detector found ("Park Mi-sook"), as Full Names."""
    spans = [(e.start, e.end) for e in taken]
    return [
        Entity(m.group(0), m.start(), m.end(), "Full Name", 0.75, detector)
        for m in _KOREAN_NAME.finditer(text)
        if not any(a < m.end() and m.start() < b for a, b in spans)
    ]


def _title_before(text: str, start: int) -> bool:
    """A capitalized title ends right before `start` ("Mrs Leota": the model found only "Leota")."""
    head = _TITLE_BEFORE.search(text, max(0, start - 16), start)
    return head is not None and text[head.start()].isupper()


def _titled_names(text: str, taken: Sequence[Entity], detector: str) -> list[Entity]:
    """Full Names after a title that no found entity covers."""
    found = []
    for m in _TITLED.finditer(text):
        start, end = m.span("name")
        if m.group(0).startswith("Dr") and _STREET_BEFORE.search(text, 0, m.start()):
            continue
        words = m.group("name").split()
        if words[0] in _NOT_NAMES or _NO_NAME.fullmatch(words[0]):
            continue  # "Rev. Dr. Emmanuel Asante": a second title, not a name
        if len(words) > 1 and words[1] in _NOT_NAMES:
            end = start + len(words[0])
        if any(e.start < end and start < e.end for e in taken):
            continue
        found.append(Entity(text[start:end], start, end, "Full Name", 0.6, detector))
    return found


# one to three capitalized words (any script's capitals) right before a span, on its line
_WORDS_BEFORE = re.compile(r"((?:[^\W\d_][\w'’-]*[ \t]){1,3})$")
_TITLE_WORD = re.compile(rf"(?:{_TITLES}|{_OTHER_TITLES})\.?", re.IGNORECASE)
_TOKEN = re.compile(r"\S+")


def _extend_over_known_words(text: str, entities: list[Entity]) -> list[Entity]:
    """A name span grows left over up to three capitalized words before it when the first is a word of a name
    found elsewhere in the text: "Meseret [Alemu Tadesse]" (the model found "Meseret" only later), "Nguyễn Thị
    Ngọc [Anh]" (it found "Nguyễn" later)."""
    names = [e for e in entities if e.tag in NAME_TAGS]
    if len(names) < 2:
        return entities
    counts = Counter(fold_accents(w) for n in names for w in n.text.split())
    out = list(entities)
    for i, e in enumerate(out):
        if e.tag not in NAME_TAGS:
            continue
        line_start = text.rfind("\n", 0, e.start) + 1
        m = _WORDS_BEFORE.search(text, max(line_start, e.start - 60), e.start)
        if m is None:
            continue
        words = [(w.group(), w.start()) for w in _TOKEN.finditer(text, m.start(1), e.start)]
        own = Counter(fold_accents(w) for w in e.text.split())  # a word of another name, not of this one
        for k in range(len(words), 0, -1):
            part = [w for w, _ in words[-k:]]
            if not all(w[0].isupper() for w in part) or any(_TITLE_WORD.fullmatch(w) for w in part):
                continue
            first = fold_accents(part[0])
            if counts[first] <= own[first]:
                continue
            start = words[-k][1]
            if not any(o is not e and o.start < e.start and start < o.end for o in out):  # no other span holds them
                out[i] = Entity(text[start : e.end], start, e.end, "Full Name", e.score, e.detector)
            break
    return out


# an e-mail address or a web address: its host
_ADDRESS_HOST = re.compile(r"(?:(?P<local>[\w.+-]+)@|\bhttps?://|\bwww\.)(?P<host>[\w-]+(?:\.[\w-]+)+)", re.IGNORECASE)
_SECOND_LEVEL = frozenset({"co", "com", "ac", "org", "gov", "edu", "net", "or", "ne", "go", "nhs", "sch"})
_WEBMAIL = frozenset({
    "gmail", "googlemail", "yahoo", "ymail", "outlook", "hotmail", "live", "msn", "icloud", "me", "mac", "aol",
    "proton", "protonmail", "pm", "gmx", "web", "mail", "email", "yandex", "zoho", "qq", "163", "126", "naver",
    "daum", "hanmail", "rediffmail", "libero", "orange", "free", "wanadoo", "btinternet", "sky", "comcast",
    "verizon", "fastmail", "tutanota", "example", "test", "localhost",
})


def _is_given_name(word: str) -> bool:
    """Whether Faker's name lists (82 locales) give `word` as a given name of one gender ("Bruce", "Maria"; the
    list leaves out names both genders use). Read once, on first use."""
    return word.casefold() in given_name_genders()


def _organisation_label(host: str) -> str | None:
    """The label that names the organisation in a host: "kerentech" of "kerentech.io", "knust" of
    "st.knust.edu.gh"; None for webmail and placeholder domains."""
    labels = host.casefold().split(".")[:-1]  # without the top-level domain
    while labels and labels[-1] in _SECOND_LEVEL:
        labels.pop()
    return labels[-1] if labels and labels[-1] not in _WEBMAIL else None


def _domain_organisations(text: str, entities: list[Entity]) -> list[Entity]:
    """A one-word "name" that is the organisation of an e-mail or web address in the text ("Kerentech" beside
    "noam@kerentech.io") is a Company Name, unless the address's own user is called so or it is a given name."""
    if "@" not in text and "www." not in text and "://" not in text:
        return entities
    orgs: set[str] = set()
    for m in _ADDRESS_HOST.finditer(text):
        label = _organisation_label(m.group("host"))
        local = set(re.split(r"[._+-]", (m.group("local") or "").casefold()))
        if label and label not in local:
            orgs.add(label)
    if not orgs:
        return entities
    return [
        Entity(e.text, e.start, e.end, "Company Name", e.score, e.detector)
        if e.tag in NAME_TAGS and " " not in e.text and e.text.casefold() in orgs
        and not _is_given_name(e.text) else e
        for e in entities
    ]


_GROUP_TAGS = frozenset({"Nationality", "Ethnicity"})
_LIST_END = re.compile(r"[ \t]*(?:[,.;)]|$)", re.MULTILINE)  # the list ends at the word: "and Amazigh, and ..."
_COORDINATION = re.compile(r"[ \t]+(?:and|or)[ \t]+|,[ \t]*")  # "Moroccan and Amazigh", "Kurdish, Yazidi"


def _coordinated_groups(text: str, entities: list[Entity]) -> list[Entity]:
    """A one-word Nickname joined by "and", "or" or a comma to a nationality or an ethnic group beside it, ending
    the list ("Moroccan and Amazigh, and has ..."), is an ethnic group too, not a person; a word after it starts a
    new clause ("Turkish German and Lissy comes from Hamburg")."""
    groups = [e for e in entities if e.tag in _GROUP_TAGS]
    if not groups:
        return entities

    def beside(a: int, b: int) -> bool:  # text[a:b] only joins two words
        return a < b and _COORDINATION.fullmatch(text, a, b) is not None

    return [
        Entity(e.text, e.start, e.end, "Ethnicity", e.score, e.detector)
        if e.tag == "Nickname" and " " not in e.text and _LIST_END.match(text, e.end)
        and any(beside(g.end, e.start) or beside(e.end, g.start) for g in groups) else e
        for e in entities
    ]


_ORG_TAGS = frozenset({
    "Company Name", "NGO", "Educational Institution", "Healthcare Facility", "Government Agency",
})


def _organisation_heads(text: str, entities: list[Entity]) -> list[Entity]:
    """A name span made of the first words of an organisation found in the same text ("Maji Safi" beside "Maji
    Safi Water Solutions Ltd") is that organisation, unless a title, a person's full name or a given name says it
    is a person ("Mr Pryce", "Gerald Pryce" beside "Pryce Property Holdings", "Bruce works at Bruce Holdings")."""
    orgs = [e for e in entities if e.tag in _ORG_TAGS]
    if not orgs:
        return entities
    people = {w for e in entities if e.tag == "Full Name" and " " in e.text for w in e.text.split()}
    out = []
    for e in entities:
        lone = " " not in e.text
        if e.tag in NAME_TAGS and not _title_before(text, e.start) and not (
                lone and (e.text in people or _is_given_name(e.text))):
            words = e.text.split()
            org = next((o for o in orgs if len(o.text.split()) > len(words) and o.text.split()[: len(words)] == words),
                       None)
            if org is not None:
                e = Entity(e.text, e.start, e.end, org.tag, e.score, e.detector)
        out.append(e)
    return out


# a chat line's speaker label: "Ines: product designer, ..."
_LINE_LABEL = re.compile(r"^[ \t]*([A-ZÀ-ÖØ-Þ][\w'’-]*(?:[ \t][A-ZÀ-ÖØ-Þ][\w'’-]*)?)[ \t]*:", re.MULTILINE)
# attribution's non-speaker labels, and a mail's and minutes' headers
_NOT_SPEAKER_LABELS = NOT_SPEAKERS | frozenset(
    "from to cc bcc sent attendees present apologies action actions agenda minutes outcome issue reply draft".split()
)


_FAMILY_WORDS = frozenset("nan nana gran granny mama papa mummy daddy auntie aunty grandad granddad".split())


def _speaker_labels(text: str, entities: list[Entity], detector: str) -> list[Entity]:
    """In a chat whose line labels include two names the detectors found ("Rosa:", "Emeka:"), the other labels
    that are given names or label two lines are names too ("Ines: product designer, ..."); "Dad:" is not one."""
    labels = [(m.group(1), m.start(1), m.end(1)) for m in _LINE_LABEL.finditer(text)]
    if len(labels) < 3:
        return entities
    named = {e.text for e in entities if e.tag in NAME_TAGS}
    if len({label for label, _, _ in labels if label in named}) < 2:
        return entities
    counts: dict[str, int] = {}
    for label, _, _ in labels:
        counts[label] = counts.get(label, 0) + 1
    out = list(entities)
    for label, start, end in labels:
        folded = label.casefold()
        if label in named or folded in _NOT_SPEAKER_LABELS or folded in RELATIONS or folded in _FAMILY_WORDS:
            continue  # "Dad: has anyone heard from Ravi?": a relation, not a name
        if counts[label] < 2 and not _is_given_name(label.split()[0]):
            continue
        if any(e.start < end and start < e.end for e in out):
            continue
        out.append(Entity(label, start, end, "Full Name" if " " in label else "Nickname", 0.6, detector))
    return sorted(out, key=lambda e: e.start)


_FIRST_LINE = re.compile(r"\A\s*([^\W\d_][\w'’-]*)[ \t]*(?=\n)")


def _heading_name(text: str, entities: list[Entity], detector: str) -> list[Entity]:
    """A profile's or bio's heading: a given name alone on the text's first line ("Jędrzej\n65yo / ...")."""
    m = _FIRST_LINE.match(text)
    if m is None or not _is_given_name(m.group(1)) or m.group(1).casefold() in _MONTHS_AND_DAYS:
        return entities
    start, end = m.span(1)
    if any(e.start < end and start < e.end for e in entities):
        return entities
    return sorted([*entities, Entity(m.group(1), start, end, "Nickname", 0.6, detector)], key=lambda e: e.start)


_MONTHS_AND_DAYS = frozenset(
    "january february march april may june july august september october november december monday tuesday "
    "wednesday thursday friday saturday sunday".split()
)
_ACRONYM = re.compile(r"[A-Z]{3,}")
_SPEAKER_LABEL = re.compile(r"[ \t]*:")


def _initials_of(acronym: str, name: str) -> bool:
    """Whether `acronym` is the initials of `name`'s words in order, from its first ("HKR", "HK" of "Hana
    Kobayashi-Reyes")."""
    initials = [w[0].upper() for w in re.split(r"[\s-]+", name) if w]
    if not initials or acronym[0] != initials[0]:
        return False
    rest = iter(initials[1:])
    return all(letter in rest for letter in acronym[1:])


def _without_acronyms(text: str, entities: list[Entity]) -> list[Entity]:
    """A one-word Nickname in capitals ("KRA", "PIP", "ILR", "LISA"), in a text not written in capitals, is an
    acronym, not a person, unless it is a name's initials, a name in capitals (or its first letters) or a
    speaker's label at a line start ("DEV: ...")."""
    if not any(e.tag == "Nickname" and _ACRONYM.fullmatch(e.text) for e in entities):
        return entities
    letters = [c for c in text if c.isalpha()]
    if sum(c.isupper() for c in letters) * 2 > len(letters):
        return entities
    names = [e.text for e in entities if e.tag in NAME_TAGS and not _ACRONYM.fullmatch(e.text)]
    words = {w.casefold() for n in names for w in re.split(r"[\s-]+", n) if w}

    def acronym(e: Entity) -> bool:
        if e.tag != "Nickname" or not _ACRONYM.fullmatch(e.text) or any(_initials_of(e.text, n) for n in names):
            return False
        low = e.text.casefold()
        if any(w.startswith(low) for w in words):
            return False  # a name in capitals: "NGUYEN" of "NGUYEN Thi Thu Hang", "DEV" of "Devendra"
        return not _SPEAKER_LABEL.match(text, e.end) or text.rfind("\n", 0, e.start) + 1 != e.start

    return [e for e in entities if not acronym(e)]


_SENTENCE_START = re.compile(r"(?:^|[.!?]['\"’”)]*[ \t]+|\n[ \t]*)([^\W\d_])", re.MULTILINE)


def _capitalised_text(text: str) -> bool:
    """Whether the text capitalises its sentences (four in five or more, of three or more), so a name would be."""
    starts = [m.group(1) for m in _SENTENCE_START.finditer(text)]
    return len(starts) >= 3 and sum(c.isupper() for c in starts) * 5 >= len(starts) * 4


def _without_lower_case_names(text: str, entities: list[Entity]) -> list[Entity]:
    """A "name" with no capital letter in a text that capitalises its sentences is none: a job ("coffee grower")
    when its last word is a job head, else dropped."""
    if not any(e.tag in NAME_TAGS and not any(c.isupper() for c in e.text) for e in entities):
        return entities
    if not _capitalised_text(text):
        return entities
    from proxy.recognizers.occupations import HEADS  # noqa: PLC0415 - recognizers import the detector base

    out = []
    for e in entities:
        if e.tag in NAME_TAGS and not any(c.isupper() for c in e.text):
            if e.text.split()[-1].casefold() not in HEADS:
                continue
            e = Entity(e.text, e.start, e.end, "Occupation", e.score, e.detector)
        out.append(e)
    return out


# a business noun right before a name, directly or after a comma: "a small jewellery workshop, [Papazian Gold],"
_BUSINESS_BEFORE = re.compile(
    r"\b(?:workshop|shop|store|bakery|caf[eé]|restaurant|salon|studio|firm|company|start-?up|business|agency|label|"
    r"brand|charity|consultancy|boutique),?[ \t]+$",
    re.IGNORECASE,
)
_CLAUSE_END = re.compile(r"[ \t]*[,.;(]")


def _business_name(text: str, entity: Entity) -> Entity:
    """A name in apposition to a business noun, closed by punctuation, is the business's name."""
    if entity.tag not in NAME_TAGS or not _CLAUSE_END.match(text, entity.end):
        return entity
    if not _BUSINESS_BEFORE.search(text, max(0, entity.start - 24), entity.start):
        return entity
    return Entity(entity.text, entity.start, entity.end, "Company Name", entity.score, entity.detector)


# an organisation's kind word of another language, first in its name: "Edizioni Lapis", "Vårdcentralen Spånga"
_FOREIGN_KIND = {
    **dict.fromkeys((
        "edizioni ediciones éditions editora editorial grupo gruppo groupe banco banca banque taller talleres "
        "ortopédicos ortopedia menya panadería panificio boulangerie pâtisserie restaurante ristorante trattoria "
        "pizzeria tienda ferretería constructora inmobiliaria transportes distribuidora industrias cooperativa"
    ).split(), "Company Name"),
    **dict.fromkeys((
        "clínica clinica clinique hôpital ospedale farmacia pharmacie apotheke vårdcentralen vårdcentral"
    ).split(), "Healthcare Facility"),
    **dict.fromkeys("fundación fondation fundação asociación associação".split(), "NGO"),
}


def _foreign_organisation(entity: Entity) -> Entity:
    """A name span led by an organisation's kind word of another language is that organisation."""
    if entity.tag not in NAME_TAGS or " " not in entity.text:
        return entity
    tag = _FOREIGN_KIND.get(entity.text.split()[0].casefold())
    return entity if tag is None else Entity(entity.text, entity.start, entity.end, tag, entity.score, entity.detector)


_GIVEN = re.compile(_NAME_WORD)
# capitalized words that follow a given name without being its surname
_NOT_SURNAMES = _NOT_NAMES | frozenset({
    "And", "But", "Or", "So", "If", "Is", "Was", "Thanks", "Thank", "Hi", "Hello", "Hey", "Dear", "Love", "Cheers",
    "Yes", "No", "Ok", "Please", "Mum", "Mom", "Dad", "Sorry", "Re", "Fwd", "From", "To", "Cc", "Subject", "Sent",
})


def _full_names_of_known_given_names(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """A given name found anywhere in the text ("Kieran's a student"), written elsewhere with a capitalized
    word after it that no entity holds ("Side room 4: Kieran Doyle, 19"), is a Full Name there: the model
    often stops after the first word of an unfamiliar name, or misses it in a list."""
    given = {e.text.split()[0] for e in taken if e.tag in NAME_TAGS}
    given = {g for g in given if _GIVEN.fullmatch(g) and g not in _NOT_SURNAMES}
    if not given:
        return taken
    names = "|".join(map(re.escape, sorted(given)))
    occurrences = re.finditer(rf"(?<![\w'’-])(?:{names})[ \t]({_NAME_WORD})(?![\w'’-])", text)
    out = list(taken)
    for m in occurrences:
        # part of a longer entity elsewhere: the given names of a full name ("Maria Helena" of "Maria Helena
        # Cavalcante") or a company ("Lumenridge Capital Partners")
        name = m.group()
        if m.group(1) in _NOT_SURNAMES or any(name in e.text and (name != e.text or e.tag != "Full Name")
                                              for e in taken):
            continue
        start, end = m.span()
        inside = [e for e in out if e.start < end and start < e.end]
        if any(not (e.tag == "Nickname" and e.start == start and e.end <= m.start(1)) for e in inside):
            continue  # the surname word belongs to another entity, or a longer name is already there
        out = [e for e in out if e not in inside]
        score = inside[0].score if inside else 0.6
        out.append(Entity(text[start:end], start, end, "Full Name", score, detector))
    return out


# given names that are everyday words too ("Will you", "in May", "Grace period")
_WORD_NAMES = frozenset({
    "Will", "May", "June", "April", "August", "Rose", "Hope", "Grace", "Faith", "Joy", "Bill", "Mark", "Jack", "Sue",
    "Pat", "Art", "Dawn", "Summer", "Autumn", "Amber", "Ruby", "Crystal", "Frank", "Rich", "Sunny", "Guy", "Penny",
    "Victoria", "Chase", "Miles", "Drew", "Ray", "Sky", "Rob", "Don", "Gene", "Iris", "Lily", "Holly", "Ivy",
})


def _lone_mentions(
    text: str, names: set[str], tag: str, taken: list[Entity], detector: str, *, after_name: bool = True
) -> list[Entity]:
    """`taken` plus each uncovered mention of one of `names` standing alone: not before a capitalized word
    or an ampersand ("Lis Haulage", "Soni & Sons"), in a handle or an address; with `after_name` False, not
    after a capitalized word either ("Amy Carter" the model missed is not "Carter")."""
    if not names:
        return taken
    alternatives = "|".join(map(re.escape, sorted(names)))
    out = list(taken)
    for m in re.finditer(rf"(?<![\w'’.@-])(?:{alternatives})(?![\w'’-]|[ \t]+(?:[A-Z]|&)|@|\.\w)", text):
        start, end = m.span()
        if not after_name and (before := _CAPITALIZED_BEFORE.search(text, max(0, start - 24), start)) \
                and before.group().strip() not in _NOT_SURNAMES and not _title_before(text, start):
            continue
        if not any(e.start < end and start < e.end for e in out):
            out.append(Entity(m.group(), start, end, tag, 0.6, detector))
    return out


_CAPITALIZED_BEFORE = re.compile(r"[A-Z][\w'’-]*[ \t]+$")


def _given_name_mentions(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """The given name of a full name found in the text, used alone elsewhere ("Hannah Whitlock ... Hannah
    said"), is the same person's Nickname there: masking the full name only would leave it in clear."""
    given = {e.text.split()[0] for e in taken if e.tag == "Full Name" and len(e.text.split()) > 1}
    given = {g for g in given if _GIVEN.fullmatch(g) and len(g) > 1 and g not in _NOT_SURNAMES | _WORD_NAMES}
    return _lone_mentions(text, given, "Nickname", taken, detector)


_KINSHIP_NAMES = frozenset({
    "Nan", "Nana", "Nanna", "Gran", "Granny", "Grandma", "Grandpa", "Grandad", "Granddad", "Gramps", "Mum", "Mom",
    "Mummy", "Mommy", "Mama", "Dad", "Daddy", "Papa", "Auntie", "Aunty", "Uncle", "Nonna", "Nonno", "Oma", "Opa",
    "Abuela", "Abuelo", "Baba", "Babcia", "Dziadek", "Yiayia", "Bubbe", "Zayde",
})


def _nickname_mentions(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """A one-word nickname the model found once is the same name at its other mentions: the model often misses
    the one that introduces it ('Margarethe Hofbauer, "Gretl" to everyone ... Gretl taught'), and that mention
    is where attribution learns whose name it is."""
    nicknames = {e.text for e in taken if e.tag == "Nickname" and " " not in e.text}
    nicknames = {n for n in nicknames if _GIVEN.fullmatch(n) and len(n) > 2} - _NOT_SURNAMES - _WORD_NAMES
    nicknames -= _surnames(text, taken)  # "D. Okonkwo": the model's "Okonkwo" is a surname, found already
    nicknames -= _KINSHIP_NAMES  # "Nan", "Grandad": what a family calls someone, said of whoever the text is about
    return _lone_mentions(text, nicknames, "Nickname", taken, detector)


def _initial_names(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """Where the model found one name written as an initial and a surname ("J. Moreau"), the others of that
    form ("K. Ito (Legal), S. Baptiste (Ops)") are names too; alone, "D. Take" could end a sentence."""
    if not any(e.tag == "Full Name" and _INITIAL_NAME.fullmatch(e.text) for e in taken):
        return taken
    out = list(taken)
    for m in _INITIAL_NAME.finditer(text):
        start, end = m.span()
        if m.group()[2:].strip() in _NOT_SURNAMES:
            continue
        if not any(e.start < end and start < e.end for e in out):
            out.append(Entity(m.group(), start, end, "Full Name", 0.6, detector))
    return out


_SHARED_SURNAME_BEFORE = re.compile(rf"(?<![\w'’.-])({_NAME_WORD})[ \t]+(?:and|&)[ \t]+$")


def _shared_surname_names(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """The given name before "and" + a found full name shares its surname ("my parents, [Rajesh] and Sunita
    Kapoor"): the model reads only the second as a name."""
    out = list(taken)
    for e in taken:
        if e.tag != "Full Name" or len(e.text.split()) < 2:
            continue
        m = _SHARED_SURNAME_BEFORE.search(text, max(0, e.start - 30), e.start)
        if m is None or m.group(1) in _NOT_SURNAMES | _WORD_NAMES:
            continue
        start, end = m.span(1)
        if not any(o.start < end and start < o.end for o in out):
            out.append(Entity(m.group(1), start, end, "Nickname", 0.6, detector))
    return out


def _surnames(text: str, entities: Sequence[Entity]) -> set[str]:
    """Last words of found full names, and single names a title marks as surnames ("Sgt Virtanen"): a single
    name the model alone called a Full Name may be a given name."""
    return {e.text.split()[-1] for e in entities
            if e.tag == "Full Name" and (len(e.text.split()) > 1 or _title_before(text, e.start))}


def _surname_mentions(text: str, taken: list[Entity], detector: str) -> list[Entity]:
    """A surname of a found name, used alone elsewhere ("PC Holmberg ... Holmberg, who", "K. Ito ... Ito
    flagged"), is a Full Name there, as the guidelines have it; reports and minutes name people so."""
    surnames = {s for s in _surnames(text, taken)
                if _GIVEN.fullmatch(s) and len(s) > 2 and s not in _NOT_SURNAMES | _WORD_NAMES}
    return _lone_mentions(text, surnames, "Full Name", taken, detector, after_name=False)


def shape_names(text: str, entities: Sequence[Entity], detector: str) -> list[Entity]:
    """`entities` with name spans shaped as the module doc says, plus titled surnames the model missed."""
    split = [part for e in entities for piece in _split_at_sentence_end(text, e) for part in _split_joined(text, piece)]
    shaped = [_reshape(text, e) if e.tag in NAME_TAGS else e for e in split]
    out = [e for e in shaped if e is not None and not _not_a_name(text, e)]
    out = [e for e in (_without_typos(text, e) for e in out) if e is not None]
    out = _extend_over_known_words(text, out)
    out = _domain_organisations(text, out)
    out = _coordinated_groups(text, out)
    out = _organisation_heads(text, out)
    out = _full_names_of_known_given_names(text, out, detector)
    out = _given_name_mentions(text, out, detector)
    out += _titled_names(text, out, detector)
    out += _korean_names(text, out, detector)
    out = _initial_names(text, out, detector)
    out = _surname_mentions(text, out, detector)
    out = _shared_surname_names(text, out, detector)
    out = _nickname_mentions(text, out, detector)
    out = _speaker_labels(text, out, detector)
    out = _heading_name(text, out, detector)
    out = _without_acronyms(text, out)
    out = _without_lower_case_names(text, out)
    out = [_business_name(text, e) for e in out]
    out = [_foreign_organisation(e) for e in out]
    surnames = _surnames(text, out)
    return [
        Entity(e.text, e.start, e.end, "Full Name", e.score, e.detector)
        if e.tag == "Nickname" and e.text in surnames else e
        for e in sorted(out, key=lambda e: e.start)
    ]


__all__ = ["NAME_TAGS", "shape_names"]
