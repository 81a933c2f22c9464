"""Subject attribution: which person each detected entity belongs to (letters A, B, ...).

PII-Bench scores detection per subject, so in a text about several people
every entity must land with its person. This is rule-based and works on the
merged entity list of any detector:

1. Person clusters. Full names, nicknames and first names are grouped when
   one's name words (without titles such as "Ms", "Doña", "Whaea", and
   without diacritics: "Nguyễn" is "Nguyen") are a subset of (or a prefix of) another's ("Maria",
   "Maria Lopez", "Mo" does not join "Maria"), or one is a diminutive
   ("Freddie") or a listed nickname ("Joe", "Peggy": the `nicknames`
   package; "Pepe", "Kasia": `_SHORT_FORMS`) of the other's given name, or its
   end ("Tina": Cristina, "Seun": Oluwaseun) or its first four letters with a
   new ending ("Bongi": Bongani); a handle joins the person
   whose name it spells ("@maria_l88"). Dialogue speaker labels
   ("Maya:", "[Maya]", "maya_k:", a chat export's "12/05/25, 21:14 - Maya:"
   or "[Sat 19:02] Maya:", an interview's "Q (Maya Lopez, editor):" and
   the "Q:" lines after it, a pasted "[Voicemail]" section) are people
   too, and so are the writers of a mail thread: a "From: Maya" header's
   block and the "> " lines after "On ..., Maya wrote:". A nickname stated in
   the text ("goes by Beans", "prefers Doc", "Nickname | Ziggy", "I prefer
   Lulu", "Bimbo (her preferred name)") joins the person it is given for; a
   name in brackets right after another ("Bex from upstairs (Rebecca Okafor
   on the lease)") is the same person; "Theo (6)" is a person.
   Detectors also tag non-names as one-word names ("HR", "hiya", "Place of
   birth | Nancy", "the client is Guarani"), so a one-word name that matches
   no known person starts a new one only when something confirms it (a role
   or relation before it, "husband of", "named"/"met"/"with", a possessive,
   a line of its own, a greeting, a second mention, a capitalised sentence
   subject); otherwise it is an
   ordinary entity. A name right after a house number is a street. A
   tagged name that is really a place or an organisation is nobody: its
   text is also detected as one ("João Pessoa" inside an address), a form
   field holds it ("Location:", "Address —"), or, for a name no person has
   yet, the words around it say so ("I call Sendai home", "settled in",
   "I left Natura", "works for", "accounts are with", "plays handball for",
   "bought a used", "claim summary for"; a legal form or an organisation word
   after it or ending it, "... Water Services Ltd", "... Group", "Zalando SE",
   "Valby BK", "my Revolut current account"); a form's "DOB" is no one.
   "Ring me" starts with a verb, not a name; two name spans with only a space (or an initial's ". ") between them are
   one name cut in two, and so are a form's "Surname:" and "Forenames:"
   lines. An initial stands for a name word ("G. Mbeki" is Grace Mbeki), and
   "Ms Clarke" joins the woman of the Clarkes. A party labelled in a form or a
   ticket ("Agent: Marco") and a baby with an age ("Inés (10 months)") are
   people.
2. Anchors: every person mention, speaker label and pronoun. "I/me/my"
   refers to the line's speaker in a dialogue, else to the narrator (the
   person introduced by "my name is", "I'm", "it's" opening a note, "call me", "Myself ...", "a policy under my name, X",
   "Notes (mine, X, ...)", "I'm the one filling it in: X", "Me, X", "- me: X",
   "Car A (me): X", "X is what everyone calls me", "I'm the owner, X", the
   holder field of the writer's card, account or policy ("Cardholder: X",
   "Claimant: X"), "... is my name", a form's "Surname:" / "First name(s):", "booked
   under", "my badge says", a form line "name jess tamaki", or signing off:
   "Signed,", "Take care,", "Signed, a confused Annelie", "Thanks, Dr. X",
   "sent from Maya's iPhone", a name alone on the last line, with a title
   before it or a role after a comma ("Mrs Gloria Adebanjo", "Owen Pritchard,
   landlord", or a phone or an e-mail after a comma; a signature's e-mail or
   phone lines may follow); else an unnamed
   self. Once the narrator is known, another name given that way is theirs
   too. A name heading a first-person text, as on a CV, is the narrator
   from the start (a heading about someone, "Recommendation for X", is
   not), so "Call me Dede" or "I am Zainichi Korean" below it adds no one;
   a dialogue speaker's "I go by Vicky" names the speaker, and so does a name
   that opens a role-labelled turn or a pasted section: "Caller: Yes, it's Nomvula Dlamini.", "CALLER: Hi,
   yeah, it's ...", "[Voicemail] Hallo, this is Anneliese Brandt, ..."; so does "About me: X" heading a profile);
   "my sister"/"my colleague's" refers to the person introduced with that
   relation (so does a family word opening a sentence, "Father is ...", but
   only when someone was introduced with it or its synonym: "my dad, X") (an unnamed carer, "my doctor confirmed ...", and an
   unknown relation on a dialogue line are nobody's anchor); he/she/his/
   her/they refer to the latest other person, he/she to the latest one of a
   fitting gender (known from "Mr"/"Mrs", a kinship word such as "Mother:"
   or "his wife", an earlier pronoun only they could take, or a given name
   only one gender uses in Faker's name lists, "Hamid", "Zofia"). A document's
   author line ("Statement of witness: X", "Report by: X", "Reported by: X")
   names the narrator; "we/us/our" is a named narrator's too. An unnamed "I" that only
   reports on someone ("I have supervised Dr X", "a reference for Mr X", "I
   coach a 19-year-old runner, X", "X took my seminar", "could you see Mr X")
   is nobody's anchor. Outside a dialogue, "you" is whom "You are X" names or
   a letter greets ("Dear Mrs X,", "Hi Marisol,"). A
   role given with a name ("Complainant: X", "The appellant, Mr X,", "X
   (treasurer)") is that person's anchor where the text uses it again ("the
   appellant", "the treasurer's"). An e-mail address goes to the one person
   whose given name it spells.
3. Each other entity goes to the nearest anchor before it in its sentence
   (an abbreviation's full stop before a number, "staff no. 448210", ends none),
   else the nearest after it in the sentence, else the latest anchor before
   it (pronoun carry-over), else the first one after it.
4. Letters follow the order in which the subjects' first entities appear; a
   text without any person gives every entity "A".

Lookups by position use bisection over sorted spans, so a long text costs
O(n log n) in its entities, pronouns and sentences (plus the people count
per name mention and per he/she, and a scan of the text per stated role).
"""

from __future__ import annotations

import bisect
import functools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from nicknames import NickNamer

from proxy.entities import Entity

PERSON_TAGS = frozenset({"Full Name", "Nickname"})
HANDLE_TAG = "Social Media Handle"

# other languages' titles before a surname or a given name ("Herr Brückner", "Pak Hendra", "prof.ssa Rinaldi"),
# as a regex alternation: name detection (`proxy.detectors.name_spans`) and form labels
# (`proxy.recognizers.full_names`) keep them out of the name
OTHER_LANGUAGE_TITLES = (
    r"Herr|Herrn|Frau|Mme|Mlle|Monsieur|Madame|Sra|Srta|Sr|Dra|Señora|Señor|Signora|Signor|Sig|Sig\.ra|[Pp]rof\.ssa"
    r"|[Dd]ott|[Dd]ott\.ssa|Pak|Bapak|Ibu|Bu|Pani|Panem|Panu"
)

RELATIONS = (
    "brother-in-law", "sister-in-law", "mother-in-law", "father-in-law", "son-in-law", "daughter-in-law",
    "half-brother", "half-sister", "stepbrother", "stepsister", "stepmother", "stepfather", "stepson", "stepdaughter",
    "grandmother", "grandfather", "grandma", "grandpa", "granddaughter", "grandson", "great-aunt", "great-uncle",
    "brother", "sister", "mother", "father", "mom", "mum", "dad", "son", "daughter", "child", "kid", "baby",
    "husband", "wife", "partner", "spouse", "fiancé", "fiancée", "fiance", "fiancee", "boyfriend", "girlfriend", "ex",
    "aunt", "uncle", "cousin", "nephew", "niece", "twin", "sibling", "parent", "godfather", "godmother", "godson",
    "goddaughter", "friend", "buddy", "pal", "roommate", "flatmate", "housemate", "neighbour", "neighbor",
    "colleague", "coworker", "co-worker", "workmate", "boss", "manager", "supervisor", "employee", "assistant",
    "classmate", "schoolmate", "teammate", "teacher", "student", "mentor", "mentee", "tutor", "coach", "client",
    "patient", "doctor", "landlord", "landlady", "tenant", "lodger", "carer", "caregiver", "business partner",
    "partner-in-crime", "in-law", "relative", "acquaintance", "contact", "pen pal", "penpal", "ward", "guardian",
    "gf", "bf", "hubby", "wifey", "bff", "bestie", "sis", "bro", "stepdad", "stepmom", "stepmum",
)
# professionals whose unnamed mention ("my doctor says ...") is about the speaker's own affairs
_CARERS = frozenset({"doctor", "carer", "caregiver", "landlord", "landlady"})
_REL = "|".join(sorted((re.escape(r) for r in RELATIONS), key=len, reverse=True))
_REL_ADJ = r"(?:(?:old|best|closest|close|dear|younger|older|little|big|baby|late|elder|eldest|youngest|new|former|" \
           r"ex-|twin|step-?|favou?rite|only|other|oldest|great)\s*)*"
# "my (old) colleague[s]['s]" -- relation references to a person
_REL_FROM = r"(?:\s+(?:from|at|in|of)\s+(?:the\s+)?(?:college|school|work|university|uni|church|the\s+gym|gym|home|[a-z]+))?"
_MY_REL_RE = re.compile(rf"\b(?:my|our)\s+{_REL_ADJ}(?:[a-z]+\s+)?({_REL})s?{_REL_FROM}(?:['’]s)?\b", re.IGNORECASE)
# "Father is retired ...", "Mum said ...": a family word alone opening a sentence, as its subject
_BARE_KIN_RE = re.compile(
    r"(?:^|(?<=[.!?][ \t])|(?<=[.!?][ \t]{2})|(?<=\n))[ \t]*"
    r"(Father|Mother|Mum|Mom|Dad|Grandma|Grandpa|Grandmother|Grandfather|Husband|Wife|Son|Daughter|Brother|Sister)"
    r"(?=[ \t]+(?:is|was|has|had|said|says|works|worked|lives|lived|gets|got|takes|took|needs|wants|thinks|can|will"
    r"|would|does|did)\b)",
    re.MULTILINE,
)
_KIN_SAME = {word: group for group in ({"father", "dad"}, {"mother", "mum", "mom"}, {"grandma", "grandmother"},
                                         {"grandpa", "grandfather"}) for word in group}
_MY_REL_BEFORE_RE = re.compile(rf"\b(?:my|our)\s+{_REL_ADJ}(?:[a-z]+\s+)?({_REL}){_REL_FROM}(?:['’]s)?,?\s*$", re.IGNORECASE)
# a title before a name on the same line: "Dear Mrs ", "Account holder: Mr ", "Caller: Yes, it's Dr "
_LINE_TITLE = r"(?:(?:mr|mrs|ms|miss|mx|dr|prof)\.?[ \t]+)?"
_INTRO_RE = re.compile(
    r"(?:\bmy\s+(?:full\s+|first\s+|real\s+|nick\s*|user\s*)?name\s*(?:is|'s|’s|:)|"
    r"(?<!his\s)(?<!her\s)(?<!their\s)(?<!your\s)\b(?:real|legal|actual)\s+name\s*(?:is|'s|’s)|"
    r"\bim\s+(?:called|named)|\bi\s*(?:'m|’m|\s+am)(?:\s+(?:called|named))?|\bim|\bthis\s+is|"
    r"\bcall(?:s|ed)?\s+me|\bi\s+go\s+by|\bi\s+prefer(?:\s+to\s+be\s+called|\s+being\s+called)?|\bname\s*[:|]|"
    r"(?:^|\n)[ \t]*(?:[-*•][ \t]*)?(?:(?:full\s+|legal\s+|given\s+|first\s+|last\s+|family\s+)?names?|surname|"
    r"forenames?)\b[^:|\n]{0,30}[:|]|(?:^|\n)[ \t]*from\s*:|"
    r"\b(?:booked|registered|reserved|filed)\s+(?:under|in\s+the\s+name\s+of)|\bunder\s+the\s+name(?:\s+of)?|"
    r"\bmy\s+name\s*[,(—–]|(?:^|[(\n])\s*mine\s*[,:—–]|"
    r"\bi\s*(?:'m|’m|\s+am)\s+(?:(?!my\b|his\b|her\b|their\b|about\b|for\b|with\b|on\b)[\w'’-]+\s+){1,6}?[\w'’-]+\s*:|"
    r"\bmy\s+(?:badge|id|passport|licen[cs]e|card|lease|account|booking|reservation|ticket|form|file|record|"
    r"contract|paperwork|docs?|documents?)\s+(?:says|say|reads|read|lists|shows|has\s+me\s+as|is\s+under)|"
    r"(?:^|[\n.!?,]\s*)it['’]s\s+$|"  # "Hi there, it's Rashida (landlord ...)": a call or a note opening
    r"(?:^|\n)[ \t]*about\s+me\s*[:—–-]|"  # "About me: Harold Bixby, 78, ..." heading a profile
    r"\bi\s+(?:was\s+born|came\s+into\s+the\s+world\s+as)\s+$|"  # "I came into the world as Margaret Doyle"
    r"(?:^|[\n.!?]\s*)myself|\bknow\s+me\s+as|\bi\s+answer\s+to|\bsign(?:ed|ing)?\s+(?:off\s+)?as|\bwho\s+am\s+i\W{0,3}|"
    r"(?:^|[\n.!?]\s*|[-*•]\s*)(?:full\s+)?name(?:\s*['’]s|\s+is|\s*[—–]|\s+-)|\bi,|"
    r"(?:^|[\n.!?]\s*|\b(?:hey|hi|hello|hiya|yo)\W{0,3})it\s*['’]?\s*s|"
    r"(?:^|\n)[ \t]*(?:full\s+|legal\s+)?name[ \t]+|"
    r"(?:^|\n)[ \t]*(?:(?:witness\s+)?(?:statement|testimony|declaration|affidavit)\s+of(?:\s+witness)?|"
    r"(?:report|statement|notes?|letter|minutes|written|prepared|compiled|completed|submitted|reported|filed|"
    r"recorded|logged|raised)\s+by)\s*[:|—–-]?|"
    # "Me, Olena Kovalenko, 41", "We (me, Aylin Demir, and ...)", "Vehicle 1 (me): Lucía ..."
    r"(?:^|[\n(\[.!?]\s*)(?:[-*•]\s*)?me\s*[,:—–]|\(\s*me\s*\)\s*[:|—–-]?|(?:^|[\n.!?:]\s*)me\s*\(|"
    # "(I'm the landlord, Sunita Kaur)"
    r"\bi\s*(?:'m|’m|\s+am)\s+(?:the|your)\s+[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*){0,2}\s*,|"
    # the account's own holder in a first-person form: "Cardholder: X", "Account holder: Mr X", "Claimant: X"
    r"(?:^|[\n|])[ \t]*(?:policy|account|card)[ \t]*holder(?:['’]s)?(?:[ \t]+(?:full[ \t]+)?name)?[ \t]*[:|—–-]|"
    r"(?:^|[\n|])[ \t]*(?:claimant|titular)[ \t]*[:|—–-])"
    r"[ \t]*" + _LINE_TITLE + "$",
    re.IGNORECASE,
)
_ALIAS_RE = re.compile(
    r"(?:\bgoes\s+by|\bgo\s+by|\bknown\s+as|\bnicknamed|\bnickname(?:\s+is|\s*:)?|\ba\.?k\.?a\.?|\bgoes\s+by\s*:|"
    r"\bcall(?:s|ed)?(?:\s+(?:me|him|her|them|you))?|\bcall(?:s|ed)?\s+.{1,40}?|\bprefer(?:s|red)?(?:\s+to\s+be\s+called|\s+being\s+called)?|"
    r"\bpreferred\s+name(?:\s+is)?|\balias(?:\s+is)?|\bwhose\s+(?:[a-z]+\s+)?name\s+is|\b(?:nick\s*name|goes\s+by|go\s+by|alias|known\s+as|preferred\s+name)\s*[:|—–-])"
    r"\s*[\"'“‘(]?\s*$",
    re.IGNORECASE,
)
# after a name: "Maya here", "Maya, that's me", "Maya is my name", "Maya (me)"
# after a nickname: "Bimbo (her preferred name)", "Bex, as she likes to be called"
# "Tina is what everyone calls me", "Mr O'Connor is what the hospital letters call me"
_CALLED_ME = r"\s+is\s+what\s+(?:[\w'’]+\s+){0,4}?call(?:s|ed)?\s+me"
_GROUPS = (r"(?:friends|colleagues|family|mates|team\s*mates|co-?workers|classmates|students|pupils|patients|kids|"
           r"children|grandchildren|aunties|aunts|uncles|cousins|neighbou?rs|regulars|customers|clients|fans|readers|"
           r"followers|viewers|internet|world|squad|team|crew|group|lads|girls|boys|village|town|class|staff|"
           r"residents|players|everyone|everybody|people)")
_ALIAS_AFTER_RE = re.compile(
    r"[\"'”’]?\s*(?:\(\s*(?:(?:her|his|their|my)\s+)?(?:preferred\s+name|nick\s*name|a\.?k\.?a\.?|goes\s+by)|"
    r",?\s+as\s+(?:she|he|they|i)\s+(?:likes?|prefers?)\s+to\s+be\s+called|" + _CALLED_ME + r"|"
    r"\s+to\s+(?:everyone|everybody|all|most\s+people|(?:(?:her|his|their|my|our|the|its)\s+)?(?:[^\W\d_]+\s+){0,2}?"
    + _GROUPS + r")\b)",
    re.IGNORECASE,
)
# a second name for the person just described, whatever the detector tagged it: "formerly known as Jessamyn
# Clare Pryce-Dobbs", "under the pen name N. A. Hart", "(English name: William)", "readers know her simply as Hart"
_RENAMED_BEFORE_RE = re.compile(
    r"(?:\bknown\s+as|\ba\.?k\.?a\.?|\bn[ée]e|"
    r"\b(?:pen|stage|ring|screen|english|western|chinese|korean|japanese|maiden|birth|married|former|previous|"
    r"old|professional|religious|baptismal|confirmation|family)\s+name(?:\s+(?:is|was))?\s*[:|—–-]?|"
    r"\bkn(?:ows?|ew)\s+(?:her|him|them|me|you)\s+(?:[a-z]+\s+){0,2}?as|"
    r"\bshortened\s+(?:her|his|their|my|your)\s+name\s+to|"
    r"\b(?:publish(?:es|ed)?|writes|wrote|performs|performed|posts|posted|records|recorded)\s+(?:as|under\s+the\s+name))"
    r"\s*[\"'“‘(]?\s*$",
    re.IGNORECASE,
)
_HERE_RE = re.compile(
    r"^\s*[,—–-]?\s*(?:here|speaking|writing|reporting|checking\s+in|is\s+my\s+(?:full\s+)?name|"
    r"(?:asks|writes|wonders)\s*:|"  # "Kenji Watanabe asks: can I still go running ..."
    r"(?:that['’]s|that\s+is|this\s+is)\s+me|\(\s*(?:me|that['’]s\s+me|myself)\s*\)|" + _CALLED_ME + r")(?!\w)",
    re.IGNORECASE,
)
_FIRST_RE = re.compile(r"\b(?:I|i|me|my|mine|myself|I['’]m|I['’]ve|I['’]d|I['’]ll|im|ive|Me|My|Mine|Myself)\b")
_FIRST_CI_RE = re.compile(r"\b(?:me|my|mine|myself)\b", re.IGNORECASE)
_PLURAL_FIRST_RE = re.compile(r"\b(?:we|us|our|ours|ourselves)\b", re.IGNORECASE)
_SECOND_RE = re.compile(r"\b(?:you|your|yours|yourself|u|ur)\b", re.IGNORECASE)
_THIRD_RE = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself|they|them|their|theirs|themselves)\b", re.IGNORECASE)
# a chat export's timestamp before the speaker: "12/05/25, 21:14 - ", "[21:14] "
_TIMESTAMP = (r"(?:(?:\[[^\]\n]{0,24}?\d{1,2}[:.]\d{2}[^\]\n]{0,12}\]|"
              r"(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},?[ \t]+)?\d{1,2}[:.]\d{2}(?::\d{2})?(?:[ \t]*[AaPp]\.?[Mm]\.?)?)"
              r"[ \t]*[-–—:]?[ \t]*)?")
_SPEAKER_RE = re.compile(
    r"^[ \t]*" + _TIMESTAMP + r"(?:\[([^\]\n]{1,60})\]|<([^>\n]{1,40})>|\*\*([^*\n]{1,40})\*\*[ \t]*:?|"
    r"(@[\w.'’-]*\w|[^\W\d_][\w.'’-]*(?:[ \t]+[^\W\d_][\w.'’-]*){0,2})[ \t]*(?::|[—–]|-{1,2}(?=[ \t])|>))",
    re.MULTILINE,
)
# a bracketed line label that names a medium or a section: "[Voicemail]", "[Clip 2 - voicemail]", "[Dictation 1]",
# "[Team stand-up]", "[Recording, made by tenant]": a paste of several recordings or notes, each with its own
# speaker, whom the section names when it opens with a name ("[Voicemail] Hallo, this is Anneliese Brandt, ...")
_MEDIUM_WORDS = frozenset({
    "voicemail", "dictation", "dictated", "podcast", "clip", "recording", "recorded", "memo", "note", "notes", "call",
    "transcript", "transcribed", "auto-transcribed", "email", "e-mail", "mail", "message", "sms", "text", "whatsapp",
    "slack", "teams", "chat", "stand-up", "standup", "meeting", "ticket", "log", "audio", "video", "screenshot",
    "attachment", "section", "part", "page", "photo", "letter", "post", "comment", "reply", "forwarded", "document",
    "file", "draft", "entry", "diary", "journal", "minutes", "agenda", "radio", "broadcast", "interview", "voice",
})
_ROLE_LABEL_RE = re.compile(r"^[ \t]*([^\W\d_][\w.-]{0,20})[ \t]*\(([^)\n]{1,60})\)[ \t]*:", re.MULTILINE)
NOT_SPEAKERS = frozenset({
    "note", "notes", "update", "edit", "question", "questions", "context", "background", "ps", "p.s", "q", "a", "re",
    "subject", "summary", "details", "info", "tldr", "tl;dr", "fyi", "important", "warning", "answer", "example",
    "address", "phone", "email", "name", "date", "time", "location", "status", "profile", "bio", "about", "contact",
    "age", "dob", "occupation", "job", "employer", "school", "chat", "transcript", "me", "user", "assistant",
})
_SENTENCE_END_RE = re.compile(r"(?<=[.!?])[\"')\]]*\s+|\n\s*")
# a full stop that ends an abbreviation before a number or a lower-case word ends no sentence: "staff no. 448210",
# "approx. 40 minutes", "tel. 0161 ...", "St. Mary's" stays one sentence with what follows it
_ABBREVIATION_RE = re.compile(
    r"\b(?:no|nos|nr|tel|ref|approx|dept|est|ext|fig|vol|vs|etc|incl|excl|apt|flat|ste|st|av|ave|rd|mt|ft|"
    r"jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|"
    r"mr|mrs|ms|dr|prof|rev|sr|jr|capt|sgt|cllr|i\.e|e\.g|a\.k\.a|cf)\.$",
    re.IGNORECASE,
)
_WORD_RE = re.compile(r"[^\W\d_]+")


@dataclass
class _Cluster:
    key: int
    tokens: set[str] = field(default_factory=set)
    last_seen: int = -1
    narrator: bool = False
    gender: str | None = None  # "m" or "f" once a title, a kinship word or a pronoun says so
    given: set[str] = field(default_factory=set)  # first words of the full names and nicknames it was called by


@dataclass(frozen=True)
class _Anchor:
    pos: int
    end: int
    cluster: int


# endings of English and European short forms: Freddie, Jenny, Katie, Tomek, Janko, Lucy
_DIMINUTIVE_RE = re.compile(r"(?:ie|ey|y|ek|ko|ka|ito|ita|inho|cho)$")


def _diminutive(short: set[str], given: set[str]) -> bool:
    """One word that is a diminutive of a given name ("Freddie", "Lucy", "Tomek": Frederick, Lucía, Tomasz):
    the stem before -ie/-y/-ek/-ko... (a doubled last consonant undone when 4 letters stay) starts it.
    Only given names are compared, so "Harry" does not join "Emma Harrison"."""
    if len(short) != 1:
        return False
    (word,) = tuple(short)
    stem = _DIMINUTIVE_RE.sub("", word)
    if stem == word or len(stem) < 3:
        return False
    if len(stem) >= 5 and stem[-1] == stem[-2]:
        stem = stem[:-1]
    return any(g.startswith(stem) and len(g) > len(stem) and g != word for g in given)


@functools.cache
def _nicknamer() -> NickNamer:
    return NickNamer()  # ~2,700 English names and their nicknames; read once (~30 ms)


@functools.lru_cache(maxsize=4096)  # bounded: the words come from users' texts, for as long as the proxy runs
def _canonicals(word: str) -> frozenset[str]:
    return frozenset(_nicknamer().canonicals_of(word))  # asked once per cluster compared: looked up once per word


def _hypocorism(short: set[str], given: set[str]) -> bool:
    """One word that is a listed nickname of a given name ("Joe": Joseph, "Peggy": Margaret, "Bill":
    William): the forms no prefix or ending rule can see. From the `nicknames` package (hand-curated,
    English) and `_SHORT_FORMS` (common ones of other languages: "Pepe": José, "Kasia": Katarzyna); or the
    end of a given name ("Tina": Cristina, "Seun": Oluwaseun), or its first four letters with a new ending
    ("Bongi": Bongani)."""
    if len(short) != 1:
        return False
    (word,) = tuple(short)
    canonicals = _canonicals(word) | _SHORT_FORMS.get(word, frozenset())
    return any(
        g in canonicals
        or (len(word) >= 4 and len(g) >= len(word) + 2 and g.endswith(word))
        or (4 <= len(word) <= len(g) and g[:4] == word[:4] and word[-1] in "aeiouy")
        for g in given
        if g != word
    )


def load_name_lists() -> None:
    """Read the nickname and given-name lists now (~0.2 s), so that the first request does not."""
    _nicknamer()
    given_name_genders()


# a possessive ("Okonkwo-Bell's deposit") and a Japanese or Indian honorific ("Hana-chan", "Amit-ji") are no name words
_NOT_NAME_PART_RE = re.compile(r"['’]s\b|-(?:chan|san|kun|sama|ji)\b", re.IGNORECASE)


# titles and honorifics before a name, in several languages (accent-folded): "Doña Marleny" is Marleny
_HONORIFICS = frozenset({
    "dr", "mr", "mrs", "ms", "prof", "jr", "sr", "miss", "mx", "sir", "dame", "rev", "fr", "dona", "senor", "senora",
    "sra", "srta", "signor", "signora", "sig", "herr", "frau", "madame", "mme", "monsieur", "mlle", "whaea", "matua",
    "aunty", "auntie", "shri", "smt", "ibu", "bapak", "haji", "hajia", "alhaji", "sheikh", "chief", "mallam", "ustaz",
})


def fold_accents(text: str) -> str:
    """Case- and accent-folded: "Nguyễn" and "Nguyen", "José" and "Jose" are one word."""
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


def _spelled(text: str) -> str:
    """The letters a mailbox's local part or a handle spells, folded: "ingrid.lindqvist" -> "ingridlindqvist"."""
    return "".join(_WORD_RE.findall(fold_accents(text)))


def _name_words(name: str) -> list[str]:
    """A name's words, folded, without possessives, honorific suffixes ("-san") or titles ("Ms", "Doña")."""
    return [w for w in _WORD_RE.findall(fold_accents(_NOT_NAME_PART_RE.sub("", name))) if w not in _HONORIFICS]


def _name_tokens(name: str) -> set[str]:
    return set(_name_words(name))


# common short forms the `nicknames` package (English) lacks, folded like name words (no diacritics)
_SHORT_FORMS: dict[str, frozenset[str]] = {
    short: frozenset(fold_accents(f) for f in full.split())
    for short, full in {
        "pepe": "josé", "pepa": "josefa", "paco": "francisco", "pancho": "francisco", "curro": "francisco",
        "paqui": "francisca", "lupe": "guadalupe", "chema": "josé", "nacho": "ignacio", "quique": "enrique",
        "memo": "guillermo", "chucho": "jesús", "chuy": "jesús", "tono": "antonio", "charo": "rosario",
        "concha": "concepción", "conchita": "concepción", "lola": "dolores", "pili": "pilar", "manolo": "manuel",
        "rafa": "rafael", "ze": "josé", "chico": "francisco", "peppe": "giuseppe", "beppe": "giuseppe",
        "pino": "giuseppe", "gigi": "luigi", "gianni": "giovanni", "nanni": "giovanni", "bice": "beatrice",
        "kasia": "katarzyna", "gosia": "małgorzata", "basia": "barbara", "kuba": "jakub", "wojtek": "wojciech",
        "staszek": "stanisław", "zosia": "zofia", "bartek": "bartłomiej", "sasha": "aleksandr alexander aleksandra "
        "alexandra oleksandr oleksandra", "sanya": "aleksandr alexander", "shura": "aleksandr aleksandra",
        "misha": "mikhail mykhailo", "dima": "dmitry dmitri dmytro", "kolya": "nikolai mykola", "vova": "vladimir "
        "volodymyr", "volodya": "vladimir volodymyr", "zhenya": "yevgeny evgeny yevgenia yevhen", "lena": "elena "
        "yelena olena", "tanya": "tatiana tatyana tetiana", "olya": "olga olha", "natasha": "natalia natalya "
        "nataliya", "katya": "ekaterina yekaterina kateryna", "masha": "maria mariya", "pasha": "pavel pavlo",
        "petya": "pyotr petro", "seryozha": "sergei serhiy", "lyosha": "alexei aleksei oleksiy", "sepp": "josef",
        "sigge": "sigurd sigvard", "joop": "johannes",
    }.items()
}


def _letters_only(name: str) -> str:
    """The letters of a name written as initials or spelled out ("HK", "C.O.B.", "K-W-A-M-E"), else ""."""
    parts = _WORD_RE.findall(name)
    if len(parts) >= 2 and all(len(p) == 1 for p in parts):
        return "".join(parts).casefold()
    word = parts[0] if len(parts) == 1 else ""
    if word.isupper() and (len(word) == 2 or (len(word) == 3 and not re.search("[AEIOUY]", word))):
        return word.casefold()  # "HK", "TJ", "JRR"; not "ANA" or "LEO", which are names
    return ""


def _first_word(name: str, tokens: set[str]) -> set[str]:
    words = [t for t in _name_words(name) if t in tokens]
    return {words[0]} if words else set()


class _People:
    def __init__(self) -> None:
        self.clusters: list[_Cluster] = []

    def new(self, tokens: set[str], pos: int, narrator: bool = False) -> _Cluster:
        cluster = _Cluster(len(self.clusters), set(tokens), pos, narrator)
        self.clusters.append(cluster)
        return cluster

    def find(self, name: str, pos: int, gender: str | None = None) -> _Cluster:
        spelled = self.spelled(name)
        if spelled:
            spelled[0].last_seen = max(spelled[0].last_seen, pos)
            return spelled[0]
        tokens = _name_tokens(name)
        if not tokens:
            return self.new(tokens, pos)
        first = _first_word(name, tokens)
        candidates = [c for c in self.clusters if self._called(c, tokens, first)] or self._two_letter_short(tokens)
        if candidates:
            # prefer one whose gender fits ("Ms Clarke": the mother, not her son Mason Clarke),
            # then an exact match, then the most recently mentioned
            cluster = max(candidates, key=lambda c: (
                gender is None or c.gender in (None, gender), c.gender == gender, c.tokens == tokens, c.last_seen
            ))
            shorter = (self._short_form(cluster.tokens, tokens) or _diminutive(cluster.tokens, first)
                       or _hypocorism(cluster.tokens, first))
            if (tokens > cluster.tokens or shorter) and not any(
                other is not cluster and tokens >= other.tokens and other.tokens for other in candidates
            ):
                cluster.tokens |= tokens
        else:
            cluster = self.new(tokens, pos)
        cluster.last_seen = max(cluster.last_seen, pos)
        return cluster

    def _two_letter_short(self, tokens: set[str]) -> list[_Cluster]:
        """The one person whose given name a two-letter name begins ("Ro": Rohan); none if two could be meant."""
        if len(tokens) != 1:
            return []
        (word,) = tuple(tokens)
        if len(word) != 2 or not word.isalpha():
            return []
        found = [c for c in self.clusters if any(g.startswith(word) and g != word for g in c.given)]
        return found if len(found) == 1 else []

    def known(self, name: str) -> list[_Cluster]:
        """The people this name can stand for, as `find` would match it."""
        tokens = _name_tokens(name)
        first = _first_word(name, tokens)
        return [c for c in self.clusters if self._called(c, tokens, first)] or self.spelled(name)

    def spelled(self, name: str) -> list[_Cluster]:
        """The one person whose name these letters spell out ("K-W-A-M-E") or abbreviate ("HK", "C.O.B.")."""
        letters = _letters_only(name)
        if not letters:
            return []
        found = [c for c in self.clusters if letters in c.tokens or (
            len(letters) <= 4 and len(c.tokens) >= len(letters) and set(letters) <= {t[0] for t in c.tokens}
            and len({t[0] for t in c.tokens}) >= 2)]
        return found if len(found) == 1 else []

    @classmethod
    def _called(cls, c: _Cluster, tokens: set[str], first: set[str]) -> bool:
        """Whether `c` can be called by a name of these words (whose first word is `first`)."""
        return bool(c.tokens) and (
            cls._same(tokens, c.tokens) or _diminutive(tokens, c.given) or _diminutive(c.tokens, first)
            or _hypocorism(tokens, c.given) or _hypocorism(c.tokens, first)
        )

    @staticmethod
    def _same(a: set[str], b: set[str]) -> bool:
        if a <= b or (b <= a and len(b) >= 1 and _People._compatible(a, b)):
            return True
        if _People._initials_match(a, b) or _People._initials_match(b, a):
            return True
        # a nickname as a prefix of a name word, in either order: "Alex" ~ "Alexander", "Sam. Samantha Greer"
        return _People._short_form(a, b) or _People._short_form(b, a)

    @staticmethod
    def _short_form(short: set[str], names: set[str]) -> bool:
        """One word that is the start of a name word: "Alex" ~ "Alexander"."""
        if len(short) != 1:
            return False
        (word,) = tuple(short)
        return len(word) >= 3 and any(t.startswith(word) for t in names)

    @staticmethod
    def _initials_match(a: set[str], b: set[str]) -> bool:
        """An initial stands for a name word: "G. Mbeki" (a signature) ~ "Grace Mbeki"."""
        full = {t for t in a if len(t) > 1}
        initials = a - full
        rest = [t for t in b - full if len(t) > 1]
        return bool(initials and full) and full <= b and all(any(t[0] == i for t in rest) for i in initials)

    @staticmethod
    def _compatible(longer: set[str], shorter: set[str]) -> bool:
        # "Maria" then "Maria Lopez": the longer name extends the shorter one
        return shorter <= longer

    def mailbox_owner(self, address: str) -> _Cluster | None:
        """The one person whose given name and most name words the local part of an e-mail address spells.

        A surname alone is not enough: a family shares it ("eiravati.bhatti@..."
        is not her son Wahab Bhatti's).
        """
        letters = _spelled(address.split("@")[0])
        scores = sorted(
            (
                (sum(len(t) >= 3 and t in letters for t in c.tokens), c.key)
                for c in self.clusters
                if any(len(t) >= 3 and t in letters for t in c.given)
            ),
            reverse=True,
        )
        if not scores or scores[0][0] == 0 or (len(scores) > 1 and scores[1][0] == scores[0][0]):
            return None
        return self.clusters[scores[0][1]]

    def handle_owner(self, handle: str) -> _Cluster | None:
        letters = _spelled(handle)
        best = None
        for c in self.clusters:
            if any(len(t) >= 3 and t in letters for t in c.tokens):
                if best is None or c.last_seen > best.last_seen:
                    best = c
        return best


class _Spans:
    """Overlap queries on a fixed set of [start, end) spans in O(log n) each."""

    def __init__(self, spans: Sequence[tuple[int, int]]) -> None:
        ordered = sorted(spans)
        self.starts = [a for a, _ in ordered]
        self.max_end: list[int] = []  # max end over ordered[: i + 1]
        top = -1
        for _, b in ordered:
            top = max(top, b)
            self.max_end.append(top)

    def overlaps(self, a: int, b: int) -> bool:
        """Whether some span shares a character with [a, b)."""
        j = bisect.bisect_left(self.starts, b)
        return j > 0 and self.max_end[j - 1] > a

    def strictly_inside(self, pos: int) -> bool:
        """Whether `pos` falls strictly inside some span (start < pos < end)."""
        j = bisect.bisect_left(self.starts, pos)
        return j > 0 and self.max_end[j - 1] > pos


class _Lines:
    """Dialogue lines (start, end, speaker cluster) in text order, looked up by position in O(log n)."""

    def __init__(self, lines: Sequence[tuple[int, int, int]]) -> None:
        self.lines = list(lines)
        self.starts = [a for a, _, _ in self.lines]
        keys = [k for _, _, k in self.lines]
        # index of the nearest line at or before / at or after i whose speaker differs from line i's
        self.prev_other, self.next_other = [-1] * len(keys), [-1] * len(keys)
        for i in range(1, len(keys)):
            self.prev_other[i] = i - 1 if keys[i - 1] != keys[i] else self.prev_other[i - 1]
        for i in range(len(keys) - 2, -1, -1):
            self.next_other[i] = i + 1 if keys[i + 1] != keys[i] else self.next_other[i + 1]

    def __bool__(self) -> bool:
        return bool(self.lines)

    def at(self, pos: int) -> int | None:
        """The speaker of the line holding `pos`, if any."""
        i = bisect.bisect_right(self.starts, pos) - 1
        if i >= 0 and self.lines[i][0] <= pos < self.lines[i][1]:
            return self.lines[i][2]
        return None

    def previous_other(self, pos: int, me: int | None) -> int | None:
        """The speaker of the latest line starting before `pos` who is not `me`."""
        i = bisect.bisect_left(self.starts, pos) - 1
        if i >= 0 and self.lines[i][2] == me:
            i = self.prev_other[i]
        return self.lines[i][2] if i >= 0 else None

    def following_other(self, pos: int, me: int | None) -> int | None:
        """The speaker of the first line starting after `pos` who is not `me`."""
        i = bisect.bisect_right(self.starts, pos)
        if i < len(self.lines) and self.lines[i][2] == me:
            i = self.next_other[i]
        return self.lines[i][2] if 0 <= i < len(self.lines) else None

    def first_other(self, me: int | None) -> int | None:
        return next((k for _, _, k in self.lines if k != me), None)


class _Recency:
    """The order in which people were last referred to (by name or pronoun), for resolving he/she/they."""

    def __init__(self) -> None:
        self.tick = 0
        self.last: dict[int, int] = {}  # cluster key -> tick of its latest mention

    def mention(self, key: int) -> None:
        self.tick += 1
        self.last[key] = self.tick

    def latest_other(self, me: int | None) -> int | None:
        """The person mentioned last who is not `me`."""
        return max((k for k in self.last if k != me), key=self.last.__getitem__, default=None)

    def others(self, me: int | None) -> list[int]:
        """Everyone but `me`, latest mentioned first (O(people log people))."""
        return sorted((k for k in self.last if k != me), key=self.last.__getitem__, reverse=True)


def _by_gender(candidates: Sequence[int], gender: str | None, clusters: Sequence[_Cluster]) -> int | None:
    """The latest candidate a he/she pronoun can refer to.

    "Mr Quayle denies it. She says ..." -- "she" skips the man named last. A
    person of unknown gender fits either pronoun; when only one candidate fits,
    the pronoun also tells that person's gender, for the pronouns after it. With
    no fitting candidate the latest one is taken, as for "they".
    """
    if not candidates:
        return None
    if gender is None:
        return candidates[0]
    fitting = [k for k in candidates if clusters[k].gender in (None, gender)]
    if not fitting:
        return candidates[0]
    if clusters[fitting[0]].gender is None and len(fitting) == 1:
        clusters[fitting[0]].gender = gender
    return fitting[0]


def _sentences(text: str, spans: _Spans) -> list[tuple[int, int]]:
    """Sentence spans; a boundary never falls inside an entity ("John L. White")."""
    cuts = [0]
    for m in _SENTENCE_END_RE.finditer(text):
        if spans.strictly_inside(m.start()) or spans.strictly_inside(m.end()):
            continue
        if m.group()[:1] != "\n" and _ABBREVIATION_RE.search(text, max(0, m.start() - 8), m.start()) and (
            m.end() < len(text) and (text[m.end()].isdigit() or text[m.end()].islower())
        ):
            continue
        cuts.append(m.end())
    cuts.append(len(text))
    return [(a, b) for a, b in zip(cuts, cuts[1:]) if b > a]


_FROM_LINE_RE = re.compile(r"[ \t]*>?[ \t]*from[ \t]*:[ \t]*", re.IGNORECASE)
_WROTE_LINE_RE = re.compile(r"[ \t]*>?[ \t]*on\b[^\n]{0,80}?$", re.IGNORECASE)
_WROTE_END_RE = re.compile(r"[^\n]{0,80}?\bwrote[ \t]*:[ \t]*(?:\n|$)", re.IGNORECASE)
_BLOCK_END_RE = re.compile(r"^[ \t]*>?[ \t]*(?:from[ \t]*:|-{2,}[^\n]*forward|on\b[^\n]*\bwrote[ \t]*:)",
                           re.IGNORECASE | re.MULTILINE)


def _email_blocks(text: str, persons: Sequence[Entity]) -> list[tuple[int, int, str]]:
    """(start, end, writer) of the parts of a mail thread: a "From: Name" header to the next header,
    and the "> " lines quoted after "On <date>, Name wrote:". Sorted, not overlapping."""
    blocks: list[tuple[int, int, str]] = []
    for e in persons:
        line_start = text.rfind("\n", 0, e.start) + 1
        line_end = text.find("\n", e.end)
        line_end = len(text) if line_end < 0 else line_end
        if _FROM_LINE_RE.fullmatch(text, line_start, e.start):
            nxt = _BLOCK_END_RE.search(text, line_end)
            blocks.append((line_start, nxt.start() if nxt else len(text), e.text))
        elif _WROTE_LINE_RE.fullmatch(text, line_start, e.start) and _WROTE_END_RE.match(text, e.end):
            start = end = line_end + 1
            for m in re.finditer(r"[ \t]*>[^\n]*(?:\n|$)", text[start:]):
                if m.start() != end - start:
                    break
                end = start + m.end()
            if end > start:
                blocks.append((start, end, e.text))
    blocks.sort()
    out: list[tuple[int, int, str]] = []
    for block in blocks:  # a quoted reply inside a From block: the quote wins its lines
        if out and block[0] < out[-1][1]:
            prev = out.pop()
            if prev[0] < block[0]:
                out.append((prev[0], block[0], prev[2]))
            out.append(block)
            if block[1] < prev[1]:
                out.append((block[1], prev[1], prev[2]))
        else:
            out.append(block)
    return out


# a note that passes on someone's message: "(c) From Hugo:", "- msg from Lin:", "Text from Ngozi:"
_FROM_NOTE_RE = re.compile(
    r"[ \t]*(?:[-*•>][ \t]*|\(?[a-z0-9]{1,2}[.)][ \t]*)?(?:(?i:msg|message|text|note|email|e-mail|sms|whatsapp|voicemail)"
    r"[ \t]+)?(?i:from)[ \t]+" + _LINE_TITLE
)
# a heading line that names a medium: "--- Voicemail 1 ---", "[Voicemail 2]", "=== Message 3 ===", "Clip 2:"
_SECTION_HEADING_RE = re.compile(r"^[ \t]*[-=*#_~<>\[(]*[ \t]*([^\W\d_][^\n\[\]()=*#~<>]{0,38}?)[ \t]*[-=*#_~<>\])]*[ \t]*:?[ \t]*$",
                                 re.MULTILINE)
# a section's speaker giving their name in its first sentence: "Hello love, it's Margaret Dunleavy."
_SECTION_INTRO_RE = re.compile(
    r"[ \t\n]*[^.!?\n]{0,40}?\b(?:this\s+is|it['’]s|it\s+is|my\s+name\s+is|i['’]m|i\s+am)\s+" + _LINE_TITLE + "$",
    re.IGNORECASE,
)


def _medium_sections(text: str, persons: Sequence[Entity]) -> list[tuple[int, int, str]]:
    """(start, end, speaker) of the sections of a paste cut by medium headings ("--- Voicemail 2 ---"), for each
    section whose speaker gives their name at its opening ("Hello love, it's Margaret Dunleavy."). Needs two
    headings or more: one heading alone is a title."""
    headings = [m for m in _SECTION_HEADING_RE.finditer(text)
                if len(m.group(1).split()) <= 5 and _is_medium_label(m.group(1))]
    if len(headings) < 2:
        return []
    blocks = []
    for h, nxt in zip(headings, headings[1:] + [None]):
        start, end = h.end() + 1, (nxt.start() if nxt is not None else len(text))
        speaker = next((p for p in persons if start <= p.start < end
                        and _SECTION_INTRO_RE.fullmatch(text, start, p.start)), None)
        if speaker is not None:
            blocks.append((start, end, speaker.text))
    return blocks


def _passed_on_messages(text: str, persons: Sequence[Entity]) -> list[tuple[int, int, str]]:
    """(start, end, sender) of the lines of a notes dump that pass on someone's message ("(c) From Hugo: "bonus came
    through, drinks on me""): the rest of such a line is the sender speaking."""
    lines = []
    for p in persons:
        line_start = text.rfind("\n", 0, p.start) + 1
        if _FROM_NOTE_RE.fullmatch(text, line_start, p.start) and text.startswith(":", p.end):
            line_end = text.find("\n", p.end)
            lines.append((line_start, len(text) if line_end < 0 else line_end, p.text))
    return lines


def _speakers(text: str, persons: Sequence[Entity]) -> list[tuple[int, int, int, str]]:
    """(line start, label end, line end, name) of dialogue speaker labels, if at least two lines have one.

    Bracketed labels ("[Maya]", "<maya>", "**Maya**") are speakers. A bare
    label ("Maya:", "maya —") counts when it is or names a detected person,
    or when it labels two or more lines (a dialogue turn); one-off form
    fields ("Religion: ...") are not speakers.
    """
    candidates = []
    person_tokens = [_name_tokens(p.text) for p in persons]
    # an interview's "Q (Noor Haddad, editor):" names who "Q:" is on the lines after it
    role_of: dict[str, str] = {}
    for m in _ROLE_LABEL_RE.finditer(text):
        inside = [p for p in persons if m.start(2) <= p.start and p.end <= m.end(2)]
        if inside:
            role_of[m.group(1).casefold()] = inside[0].text
            line_end = text.find("\n", m.end())
            candidates.append((m.start(), m.end(), len(text) if line_end < 0 else line_end, inside[0].text, True))
    for m in _SPEAKER_RE.finditer(text):
        bracketed = m.group(4) is None
        name = (m.group(1) or m.group(2) or m.group(3) or m.group(4) or "").strip()
        if name.casefold() in role_of:
            name, bracketed = role_of[name.casefold()], True
        elif not name or name.casefold().strip(".") in NOT_SPEAKERS or not _WORD_RE.search(name):
            continue
        line_end = text.find("\n", m.end())
        candidates.append((m.start(), m.end(), len(text) if line_end < 0 else line_end, name, bracketed))
    candidates = sorted({c[0]: c for c in reversed(candidates)}.values())  # one label per line
    if sum(c[3].startswith("@") for c in candidates) < 2:  # handle labels make a chat only when two lines have one
        candidates = [c for c in candidates if not c[3].startswith("@")]
    lines_of: dict[str, list[str]] = {}
    for _, end, line_end, name, _ in candidates:
        lines_of.setdefault(name.casefold(), []).append(text[end:line_end])
    person_spans = _Spans([(p.start, p.end) for p in persons])
    speaks: dict[str, bool] = {}
    found = []
    for start, end, line_end, name, bracketed in candidates:
        if not bracketed:
            tokens = _name_tokens(name)
            is_person = person_spans.overlaps(start, end) or bool(
                tokens and any(tokens <= t or t <= tokens for t in person_tokens if t)
            )
            if not is_person:
                key = name.casefold()
                if len(lines_of[key]) < 2:
                    continue
                # a repeated bare label is a dialogue turn only if its lines speak ("I", "my", "you")
                if key not in speaks:
                    speaks[key] = any(_FIRST_RE.search(line) or _SECOND_RE.search(line) for line in lines_of[key])
                if not speaks[key]:
                    continue
        found.append((start, end, line_end, name))
    return found if len(found) >= 2 else []


def assign_subjects(text: str, entities: Sequence[Entity]) -> list[Entity]:
    """The entities with `subject` set to a letter; see the module docstring for the rules."""
    ents = sorted(entities, key=lambda e: (e.start, e.end))
    if not ents:
        return []
    people = _People()
    anchors: list[_Anchor] = []
    owner: dict[int, int] = {}  # entity index -> cluster key
    spans = _Spans([(e.start, e.end) for e in ents])

    # speaker lines: the label is a person; "I" on that line is the speaker
    speakers = _speakers(text, [e for e in ents if e.tag in PERSON_TAGS or e.tag == HANDLE_TAG])
    speaker_lines: list[tuple[int, int, int]] = []  # (line start, line end, cluster)
    for line_start, label_end, line_end, name in speakers:
        # a handle-labelled line ("@marta.nowicka: I'm out ...") speaks for the handle's person
        cluster = (name.startswith("@") and people.handle_owner(name)) or people.find(name, line_start)
        anchors.append(_Anchor(line_start, label_end, cluster.key))
        speaker_lines.append((line_start, line_end, cluster.key))
    # without dialogue labels, the first of these that finds anything says whose "I" each part is: a mail thread's
    # blocks, a paste's sections under medium headings, a notes dump's passed-on messages
    persons = [e for e in ents if e.tag in PERSON_TAGS]
    for blocks in (_email_blocks, _medium_sections, _passed_on_messages):
        if speaker_lines:
            break
        for block_start, block_end, name in blocks(text, persons):
            speaker_lines.append((block_start, block_end, people.find(name, block_start).key))
    dialogue = _Lines(speaker_lines)
    speaker_at = dialogue.at
    # role-labelled turns ("Caller:", "Customer:") and a paste's sections ("[Voicemail]"): where the line's words
    # start, for a name given in answer or in a caller's opening
    role_turns = {line_start: label_end for line_start, label_end, _, name in speakers
                  if _is_role_word(name) or _is_medium_label(name)}

    label_lines = {line_start for line_start, _, _, _ in speakers}  # lines that open with a speaker's label
    secondary: set[int] = set()  # people given on a form's "Spouse:" or "Additional driver:" line
    mentions: dict[str, int] = {}
    for e in ents:
        if e.tag in PERSON_TAGS:
            mentions[e.text.casefold()] = mentions.get(e.text.casefold(), 0) + 1

    narrator: _Cluster | None = None
    addressee: _Cluster | None = None  # "You are Maria Esposito, 34, ...": whom "you" means outside a dialogue
    relations: list[tuple[int, str, int]] = []  # (position, relation word, cluster) in text order
    places = _PlaceNames(ents)
    last_name: int | None = None  # index of the latest entity taken as a person's name
    # where the narrator (not a dialogue speaker) says "I/me/my" first, if anywhere
    first_person_at = next((m.start() for m in _FIRST_RE.finditer(text) if speaker_at(m.start()) is None), None)
    for i, e in enumerate(ents):
        if e.tag in PERSON_TAGS:
            known = people.known(e.text)
            line_start = text.rfind("\n", 0, e.start) + 1
            if places.named_as_place(text, e, bool(known), line_start in label_lines):
                continue  # "I call Sendai home", "Location: João Pessoa": a place, not a person
            cluster = None
            before40 = text[max(0, e.start - 60) : e.start]
            intro = _INTRO_RE.search(before40)
            in_dialogue = speaker_at(e.start) is not None
            if last_name is not None and (
                _cut_name(text, ents[last_name], e) or _split_name_fields(text, ents[last_name], e)
            ):
                # "Madeline H." + "Kelly", "Surname: Lindqvist" + "Forenames: Maja": one name cut in two
                cluster = people.clusters[owner[last_name]]
                cluster.tokens |= _name_tokens(e.text)
            elif e.tag == "Nickname" and anchors and (
                _ALIAS_RE.search(before40) or intro or _ALIAS_AFTER_RE.match(text, e.end)
            ):
                if intro and not known and in_dialogue and _SELF_ALIAS_RE.search(before40):
                    cluster = people.clusters[speaker_at(e.start)]  # "Victoria — I prefer Vicky"
                    cluster.tokens |= _name_tokens(e.text)
                elif intro and not known and narrator is not None and not in_dialogue:
                    cluster = narrator  # "My name is Mohammed Ali ... call me Mo"
                    cluster.tokens |= _name_tokens(e.text)
                elif not intro and not known:
                    target = max(anchors, key=lambda a: a.pos).cluster
                    if re.search(r"\byou\W*$", before40, re.IGNORECASE):
                        me = speaker_at(e.start)
                        prev = dialogue.previous_other(e.start, me)
                        first = dialogue.first_other(me)
                        target = prev if prev is not None else (first if first is not None else target)
                    cluster = people.clusters[target]
                    cluster.tokens |= _name_tokens(e.text)
            if cluster is None and not known and anchors and not in_dialogue and _second_name(text, e, before40):
                cluster = people.clusters[max(anchors, key=lambda a: a.pos).cluster]  # "Margarethe ..., "Gretl" to all"
                cluster.tokens |= _name_tokens(e.text)
            if cluster is None and not known and in_dialogue:
                label_end = role_turns.get(line_start)
                asked = text[text.rfind("\n", 0, max(0, line_start - 1)) + 1 : line_start]
                if label_end is not None and _ANSWERED_NAME_RE.fullmatch(text, label_end, e.start) \
                        and not _ASKS_ANOTHERS_NAME_RE.search(asked):
                    cluster = people.clusters[speaker_at(e.start)]  # "Customer: Vikram Sethi.", "Caller: Yes, it's X"
                    cluster.tokens |= _name_tokens(e.text)
            self_intro = intro is not None and _FIRST_CI_RE.search(intro.group(0)) is not None
            writer = people.clusters[speaker_at(e.start)] if in_dialogue else narrator
            if cluster is None and writer is not None and not known and (
                _is_sign_off(text, e) or self_intro or _sent_from(text, e)
            ):
                # "... call me Pip ... Best regards, Pía Roldan", "calls me Dee, but my badge says Deepika Raman";
                # in a dialogue or a mail thread, the line's speaker / the block's writer
                cluster = writer
                cluster.tokens |= _name_tokens(e.text)
            if cluster is None and not known and not in_dialogue and last_name is not None \
                    and _parenthesised_alias(text, ents[last_name], e):
                cluster = people.clusters[owner[last_name]]  # "it's Bex from upstairs (Rebecca Okafor on the lease)"
                cluster.tokens |= _name_tokens(e.text)
            if cluster is None and _house_number_before(text, e.start):
                continue  # "83/24 Anna Salai", "12 Harriet Tubman Ave": a street named after a person
            if cluster is None and narrator is not None and not known and not in_dialogue and _I_AM_RE.search(before40):
                continue  # "Kyosuke Okada ... I am Zainichi Korean": the narrator is named already
            hint = _gender_hint(text, e)
            if cluster is None:
                if e.tag == "Nickname" and not (
                    in_dialogue or known or _confident_person(text, e, mentions)
                ):
                    continue  # an unconfirmed one-word name: an ordinary entity, not a new person
                cluster = people.find(e.text, e.start, hint)
            if cluster.gender is None:
                cluster.gender = hint or _name_gender(e.text)
            words = _name_words(e.text)
            if words and (len(words) > 1 or e.tag == "Nickname"):
                cluster.given.add(words[0])
            owner[i] = cluster.key
            last_name = i
            anchors.append(_Anchor(e.start, e.end, cluster.key))
            field = _FIELD_LABEL_RE.match(text, line_start)
            if field and field.group(1).casefold() in _SECONDARY_PARTIES and _LISTED_NAMES_RE.fullmatch(
                    text, field.end(), e.start):
                secondary.add(cluster.key)  # "Host family: Karen and Dave Olsen"; not "(Liam's father)" after them
            before = text[max(0, e.start - 40) : e.start]
            if narrator is None and speaker_at(e.start) is None:
                if (
                    _INTRO_RE.search(before)
                    or _HERE_RE.match(text[e.end : e.end + 48])
                    or _sent_from(text, e)
                    or (first_person_at is not None and len(anchors) == len(speakers) + 1 and _is_header(text, e))
                ):
                    narrator = cluster  # "my name is ...", "... here", a name heading a first-person text
                    cluster.narrator = True
            rel = _MY_REL_BEFORE_RE.search(before)
            if rel:
                relations.append((e.start, rel.group(1).casefold(), cluster.key))
            if addressee is None and speaker_at(e.start) is None and (
                _ADDRESSEE_RE.search(before) or _greeted(text, e)
            ):
                addressee = cluster

    if narrator is None:
        narrator = _implicit_narrator(text, ents, owner, people, relations, first_person_at)

    anchors.extend(_role_anchors(text, ents, owner, spans))

    # handles: with the person whose name they spell, else like any other entity
    for i, e in enumerate(ents):
        if e.tag == HANDLE_TAG:
            cluster = people.handle_owner(e.text)
            if cluster is not None:
                owner[i] = cluster.key
        elif e.tag == "Email Address":
            cluster = people.mailbox_owner(e.text)
            if cluster is not None:
                owner[i] = cluster.key  # "Beth has emailed him from beth.hollis@...": hers, not his

    served = _served_party(ents, owner, speakers, people, text, narrator.key if narrator is not None else None)

    def self_cluster(pos: int) -> int:
        nonlocal narrator
        speaker = speaker_at(pos)
        if speaker is not None:
            return speaker
        if narrator is None:
            narrator = people.new(set(), pos, narrator=True)
        return narrator.key

    def introduced_with(words: set[str], before: int) -> int | None:
        """The person introduced last before `before` with one of these relation words ("my father, X")."""
        known = [k for p, r, k in relations if r in words and p < before]
        return known[-1] if known else None

    # pronoun anchors, resolved in text order
    pronouns: list[tuple[int, int, str, str | None]] = []  # (start, end, kind, relation)
    rel_spans: list[tuple[int, int]] = []
    for m in _MY_REL_RE.finditer(text):
        if not spans.overlaps(m.start(), m.end()):
            pronouns.append((m.start(), m.end(), "rel", m.group(1).casefold()))
            rel_spans.append((m.start(), m.end()))
    for m in _BARE_KIN_RE.finditer(text):
        if not spans.overlaps(m.start(1), m.end(1)):
            pronouns.append((m.start(1), m.end(1), "kin", m.group(1).casefold()))
            rel_spans.append((m.start(1), m.end(1)))
    in_rel = _Spans(rel_spans)
    observer = narrator is None and _observer_writer(text, [e for i, e in enumerate(ents) if i in owner])
    # "We live in Hamburg since 2022": outside a dialogue, a named writer's shared fact is theirs (not the
    # person named last's), so "we/us/our" then counts as "I"
    plural = narrator is not None and bool(narrator.tokens)
    for rx, kind in ((_FIRST_RE, "first"), (_FIRST_CI_RE, "first"), (_THIRD_RE, "third"), (_PLURAL_FIRST_RE, "we")):
        if kind == "we" and not plural:
            continue
        for m in rx.finditer(text):
            if spans.overlaps(m.start(), m.end()) or in_rel.overlaps(m.start(), m.start() + 1):
                continue
            if kind == "we" and speaker_at(m.start()) is not None:
                continue
            if kind == "first" and observer and speaker_at(m.start()) is None:
                continue  # "I have supervised Dr Mwangi ...": the unnamed writer is not the text's subject
            pronouns.append((m.start(), m.end(), "first" if kind == "we" else kind, None))
    for m in _SECOND_RE.finditer(text):
        if (speaker_at(m.start()) is not None or addressee is not None) and not spans.overlaps(m.start(), m.end()):
            pronouns.append((m.start(), m.end(), "second", None))
    pronouns = sorted(set(pronouns))

    person_anchors = sorted(anchors, key=lambda a: a.pos)
    person_pos = [a.pos for a in person_anchors]
    resolved: list[_Anchor] = list(person_anchors)
    recent = _Recency()
    events = sorted([(a.pos, 0, a) for a in person_anchors] + [(p[0], 1, p) for p in pronouns], key=lambda x: (x[0], x[1]))
    for _pos, kind, item in events:
        if kind == 0:
            recent.mention(item.cluster)
            continue
        start, end, pkind, relation = item
        if pkind == "first":
            key = self_cluster(start)
        elif pkind == "second":
            me = speaker_at(start)
            if me is None and addressee is not None:
                resolved.append(_Anchor(start, end, addressee.key))
                continue  # a role-play brief: "you" is the character it names
            prev = dialogue.previous_other(start, me)
            key = prev if prev is not None else dialogue.following_other(start, me)
            if key is None:
                continue
        elif pkind == "kin":
            # "Father is ...": only the person introduced with that relation ("my father, Mahmoud"); no guess
            key = introduced_with(_KIN_SAME.get(relation, {relation}), start)
            if key is None:
                continue
        elif pkind == "rel":
            key = introduced_with({relation}, start)
            if key is None:
                # "my sister Ana": the person named right after is the anchor itself
                j = bisect.bisect_left(person_pos, end)
                if j < len(person_pos) and person_pos[j] - end <= 3:
                    continue
                if speaker_at(start) is not None or relation in _CARERS:
                    continue  # "my doctor confirmed ...": someone unnamed, talking about me
                me = self_cluster(start)
                key = recent.latest_other(me)
                if key is None:
                    continue
        else:
            me = speaker_at(start)
            if me is None and narrator is not None:
                me = narrator.key
            others = [k for k in recent.others(me) if served is None or k != served[0]]
            key = _by_gender(others, _pronoun_gender(text[start:end]), people.clusters)
            if key is None:
                continue
        resolved.append(_Anchor(start, end, key))
        recent.mention(key)
    resolved.sort(key=lambda a: a.pos)

    sentences = _sentences(text, spans)
    sentence_starts = [a for a, _ in sentences]
    positions = [a.pos for a in resolved]

    def sentence_of(pos: int) -> tuple[int, int]:
        j = bisect.bisect_right(sentence_starts, pos) - 1
        if j >= 0 and pos < sentences[j][1]:
            return sentences[j]
        return 0, len(text)

    def last_ending_by(pos: int, floor: int) -> _Anchor | None:
        """The last anchor (in text order) starting at or after `floor` and ending by `pos`."""
        j = bisect.bisect_right(positions, pos) - 1
        while j >= 0 and positions[j] >= floor:
            if resolved[j].end <= pos:
                return resolved[j]
            j -= 1
        return None

    primary = narrator.key if narrator is not None else next(
        (a.cluster for a in person_anchors if a.cluster not in secondary), None)
    for i, e in enumerate(ents):
        if i in owner:
            continue
        s_start, s_end = sentence_of(e.start)
        k = bisect.bisect_left(positions, e.end)
        later = resolved[k] if k < len(resolved) else None
        before = last_ending_by(e.start, s_start)
        if before is not None:
            owner[i] = before.cluster
        elif later is not None and later.pos < s_end:
            owner[i] = later.cluster
        else:
            earlier = last_ending_by(e.start, 0)
            if earlier is not None and earlier.cluster in secondary and primary is not None \
                    and text.rfind("\n", 0, e.start) > earlier.pos:
                owner[i] = primary  # "Spouse: Rudo Moyo, ...\nJoint savings account ...": the main applicant's
            elif earlier is not None:
                owner[i] = earlier.cluster
            elif later is not None:
                owner[i] = later.cluster
            elif narrator is not None:
                owner[i] = narrator.key
            else:
                owner[i] = -1

    if served is not None:
        for i, key in owner.items():
            if key == served[0]:
                owner[i] = served[1]
    _merge_surnames_into_mailboxes(ents, owner, people)
    letters: dict[int, str] = {}
    for i in range(len(ents)):
        key = owner[i]
        if key not in letters:
            letters[key] = _letter(len(letters))
    return [replace(e, subject=letters[owner[i]]) for i, e in enumerate(ents)]


# a form's field label at the start of a line: "Spouse:", "Additional driver:", "- Host family:"
_FIELD_LABEL = r"[ \t]*(?:[-*•][ \t]*)?([A-Za-z]+(?:[ \t][A-Za-z0-9]+)?)[ \t]*:"
_FIELD_LABEL_RE = re.compile(_FIELD_LABEL)
# between a label and the name it gives: titles, and other names joined by "and", "&" or ","
_LISTED_NAMES_RE = re.compile(rf"[ \t]*(?:(?i:{_LINE_TITLE})(?:and|&|,|[A-Z][\w'’.-]*)[ \t]*)*")
# labels of a form's second party, whose line holds their facts and no more
_SECONDARY_PARTIES = frozenset({
    "spouse", "partner", "wife", "husband", "additional driver", "second driver", "named driver", "authorised user",
    "authorized user", "additional user", "host family", "emergency contact", "next of kin", "co-applicant",
    "joint applicant", "guarantor", "referee", "cosigner", "co-signer",
})


_ME_LINE_RE = re.compile(r"^[ \t]*me[ \t]*:", re.IGNORECASE | re.MULTILINE)


def _served_party(
    ents: Sequence[Entity], owner: dict[int, int], speakers: Sequence[tuple[int, int, int, str]], people: _People,
    text: str = "", narrator: int | None = None,
) -> tuple[int, int] | None:
    """(unnamed role, named party) of a two-party call or chat where one side is only a role ("ADVISER:", "AGENT:",
    "STAFF:") and never named. That side is no subject: what its lines mention belongs to the party it serves
    ("ADVISER: StepClear Debt Advice, how can I help?", "ANALYST: I can see failed logins from 10.44.12.187"), and
    "he"/"she" never mean it ("CALLER: ... my mother, Monique Gagnon. ... She's eighty-seven"). A relative ("Mum:")
    is a person."""
    labels: dict[int, set[str]] = {}
    for line_start, _, _, name in speakers:
        labels.setdefault(people.find(name, line_start).key, set()).add(name.casefold())
    named = {owner[i] for i, e in enumerate(ents) if e.tag in PERSON_TAGS and i in owner}

    def unnamed_role(key: int) -> bool:
        return key not in named and all(_is_role_word(n) and n.split()[-1] not in RELATIONS for n in labels[key])

    if len(labels) == 1 and narrator is not None and _ME_LINE_RE.search(text):
        # "Me: ..." / "Agent: ...": the narrator's turns carry no speaker label, so the agent is the one label
        (key,) = labels
        return (key, narrator) if key != narrator and unnamed_role(key) else None
    if len(labels) != 2:
        return None
    roles = [k for k in labels if unnamed_role(k)]
    others = [k for k in labels if k in named]
    return (roles[0], others[0]) if len(roles) == 1 and len(others) == 1 else None


def _merge_surnames_into_mailboxes(ents: Sequence[Entity], owner: dict[int, int], people: _People) -> None:
    """A person known by one name word only ("Lindqvist") is the person whose e-mail address spells it with their
    given name ("Ingrid ... ingrid.lindqvist@proton.me"): the model often finds the surname apart from the
    given name, and nothing else links the two."""
    for e in ents:
        if e.tag != "Email Address":
            continue
        mailbox = people.mailbox_owner(e.text)
        if mailbox is None:
            continue
        letters = _spelled(e.text.split("@")[0])
        for lone in people.clusters:
            if lone is mailbox or lone.narrator or len(lone.tokens) != 1:
                continue
            (word,) = tuple(lone.tokens)
            if len(word) >= 3 and word in letters and word not in mailbox.tokens:
                for i, key in owner.items():
                    if key == lone.key:
                        owner[i] = mailbox.key


# words that are often tagged as a one-word name but never introduce a person on their own
_NOT_NAMES = frozenset({
    "hi", "hey", "hiya", "hello", "heya", "howdy", "yo", "dear", "greetings", "thanks", "thx", "cheers", "regards",
    "fyi", "btw", "hr", "it", "dm", "pm", "ok", "okay", "lol", "asap", "re", "ps", "faq", "n/a", "na", "tbd", "etc",
})
# "my colleague Tom", "the passenger Amalia", "About my wife's daughter Quinty:"
_ROLE_BEFORE_RE = re.compile(
    r"(?:\b(?:my|our|your|his|her|their|the|a|an)|\b[^\W\d_][\w-]*['’]s)\s+((?:[^\W\d_][\w'’-]*\s+){0,3}?[^\W\d_][\w-]*)"
    r"(?:['’]s)?\s*,?\s*$",
    re.IGNORECASE,
)
_FUNCTION_WORDS = frozenset({
    "is", "am", "are", "was", "were", "be", "been", "being", "as", "of", "in", "at", "on", "from", "to", "for", "with",
    "by", "and", "or", "but", "has", "have", "had", "does", "did", "do", "reads", "under", "into", "than", "like",
    "says", "said", "shows", "lists", "listed", "named", "called", "via", "about", "over", "near", "per", "so",
    "that", "this", "these", "those", "which", "who", "where", "when", "while", "whereas", "if", "not", "no", "it",
    "place", "city", "town", "country", "region", "street", "road", "company", "firm", "school", "university",
    "hospital", "clinic", "agency", "team", "department", "office", "side", "sides", "family", "background",
})
_HOUSE_NUMBER_RE = re.compile(r"(?<![\w.,:/-])(?!(?:19|20)\d\d\b)\d+[a-z]?(?:[/-]\d+[a-z]?)?,?[ \t]+$", re.IGNORECASE)
# an age that opens the sentence: "At 29, Riley ...", "Aged 41, Tomasz ..."
_AGE_OPENER_RE = re.compile(r"(?:^|[.!?]\s+|\n[ \t]*)(?:at|aged?)[ \t]+\d{1,3},[ \t]+$", re.IGNORECASE)


def _house_number_before(text: str, start: int) -> bool:
    """Whether a house number comes right before the name at `start` ("12 Harriet Tubman Ave": a street named
    after a person), and not an age that opens the sentence ("At 29, Riley Tremblay-Nakamura has ...")."""
    if not _HOUSE_NUMBER_RE.search(text, max(0, start - 12), start):
        return False
    return not _AGE_OPENER_RE.search(text, max(0, start - 16), start)
# "Much-loved husband of Joan", "the daughter of Ines": the relation names someone else
_RELATION_OF_RE = re.compile(rf"\b(?:{_REL})\s+of\s*$", re.IGNORECASE)
_NAMED_BEFORE_RE = re.compile(r"\b(?:named|called|name\s+is|name['’]s|meet|met|with|told|asked|and)\s*$", re.IGNORECASE)
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?…]\s+|\n\s*|:\s+)$")


def _confident_person(text: str, e: Entity, mentions: dict[str, int]) -> bool:
    """Whether a one-word name not yet known is confidently a new person.

    Detectors also tag words like "HR", "hiya", a city in a form ("Place of
    birth | Nancy") or an ethnicity ("is Guarani") as a name; such a mention
    must not split the text's person in two. A new person is confirmed by a
    role or relation before it ("my colleague Tom", "the passenger Amalia"),
    "named"/"met"/"with", a possessive after it ("Adolf's"), a line of its
    own (a header or signature), a second mention, or a sentence it starts
    as a capitalised subject ("Tom works at ...", "Ji-woo + her bf ...").
    """
    name = e.text.casefold().strip(" .,!?:;")
    if name in _NOT_NAMES:
        return False
    if mentions.get(e.text.casefold(), 0) >= 2:
        return True
    line_start = text.rfind("\n", 0, e.start) + 1
    before = text[max(line_start, e.start - 60) : e.start]
    if before[-1:] in _QUOTE_PAIRS:
        before = before[:-1]  # 'her husband "Bear"' as 'her husband Bear'
    after = text[e.end : e.end + 30]
    if re.match(r"['’]s?\b|\s*,\s*(?:my|our|his|her|their|the|a|an)\s", after, re.IGNORECASE):
        return True
    role = _ROLE_BEFORE_RE.search(before)
    if role and role.group(1).split()[-1].casefold().strip("'’") not in _FUNCTION_WORDS:
        return True
    if _NAMED_BEFORE_RE.search(before) or _INTRO_RE.search(before) or _ALIAS_RE.search(before) \
            or _RELATION_OF_RE.search(before):
        return True
    label = _ROLE_LABEL_BEFORE_RE.match(text, line_start, e.start)
    if label and _is_role_word(label.group(1)):
        return True  # "Agent: Marco (ID 5521)": a party named in a form or a ticket
    line_end = text.find("\n", e.end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if not re.sub(r"[\W_]+", "", line.replace(e.text, "", 1)):
        return True  # alone on its line: a header, a signature
    if _is_sign_off(text, e) or _greeted(text, e):
        return True  # signing a letter or greeted by it: "Hi Marisol,"
    if _ITEM_OPENING_RE.fullmatch(text, line_start, e.start) and re.match(r"[ \t]*(?::|[-–—][ \t])", after):
        return True  # "Marta: can u feed the cat ...", "Note 2 – Ji-ho: 182 cm": a note about or to that person
    if re.search(rf"\b(?:{_REL})[ \t]*\([ \t]*$", before, re.IGNORECASE):
        return True  # "Mum (Irene) is exhausted": a relative's name in brackets
    if _CONTACT_BRACKET_RE.match(text, e.end):
        return True  # "Stefan (tiler, stefan.k.installs@gmail.com)", "Ana (my cousin)"
    word = e.text.strip()
    if re.match(r"\s*\(\s*(?:age\s+|aged\s+)?\d{1,3}\s*(?:y(?:rs?|ears?)?(?:\s+old)?|mo(?:nths?|s)?|w(?:ee)?ks?)?\s*\)",
                after, re.IGNORECASE):
        return True  # "Theo (6)", "Maisie (age 3)", "baby Inés (10 months)": a person and their age
    if _SENTENCE_START_RE.search(before) and word[:1].isupper() and not word.isupper():
        nxt = re.match(r"(\s*[+&])?\s+(?:\([^)\n]{0,20}\)\s+)?([^\W\d_]+)", after)
        # "Tom works at ...", "Ji-woo + her bf ..." -- but "Ring me on ...", "Text us" start with a verb
        return bool(nxt and nxt.group(2)[:1].islower() and (nxt.group(1) or nxt.group(2) not in _OBJECT_PRONOUNS))
    return False


# what may open a line before a note's name: a bullet, "1)", "[2]", "Note 2 –"
_ITEM_OPENING_RE = re.compile(
    r"[ \t]*(?:[-*•—–][ \t]*|\(?\d{1,2}[.)\]][ \t]*|\[\d{1,2}\][ \t]*|(?:note|item|point)[ \t]*\d{1,2}[ \t]*[-–—:.)][ \t]*)?",
    re.IGNORECASE,
)
# a bracket after a name that says who the person is: a contact, or a relation ("Ana (my cousin)", "Ben (neighbour)")
_CONTACT_BRACKET_RE = re.compile(
    rf"\s*\((?:[^()\n]*?(?:@|\+?\d[\d ()-]{{6,}}\d)|\s*(?:(?:my|our|his|her|their)\s|(?:{_REL})\b))", re.IGNORECASE
)
_OBJECT_PRONOUNS = frozenset({"me", "us", "him", "her", "them", "you", "it"})
_GREETING_RE = re.compile(r"^\W*(?:dear|hi|hey|hello|hiya|to|attn|attention|for)\b", re.IGNORECASE)


def _is_header(text: str, e: Entity) -> bool:
    """A name on a short line of its own at the top (a CV or profile heading), not a greeting."""
    line_start = text.rfind("\n", 0, e.start) + 1
    line_end = text.find("\n", e.end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    return (
        len(line.split()) <= 5
        and not text[:line_start].strip(" \t\n#*-=:")
        and not _FIRST_RE.search(line)
        and not _GREETING_RE.match(line)
        and not _ABOUT_BEFORE_RE.search(text, line_start, e.start)
    )


# "Recommendation for X", "Re: X", "Notes on X": a heading about someone, not by them
_ABOUT_BEFORE_RE = re.compile(r"\b(?:for|about|on|re|regarding|concerning|of|to|with)\s*[:—–-]?\s*$", re.IGNORECASE)


# "settled in X", "comes from X", "my home base is X": a place where a name was tagged
_PLACE_BEFORE_RE = re.compile(
    r"(?:\b(?:live[sd]?|living|settled|based|raised|born|grew\s+up|resides?|residing|stationed|located|situated|"
    r"moved|relocated)\s+(?:in|to|at|near)|\b(?:comes?|hails?|originally|am|i['’]m)\s+from|"
    r"\bhome\s*(?:town|base)\s*(?:is\b|[:|—–-]))\s*$",
    re.IGNORECASE,
)
# "Location: X", "* Address — X 90", "Volunteering — Instituto X": a form field that never holds a person's name
_PLACE_FIELD_RE = re.compile(
    r"[ \t]*(?:[-*•][ \t]*)?(?:city|town|location|hometown|place\s+of\s+birth|birthplace|(?:home\s+|street\s+)?address|"
    r"region|state|country|residence|(?:former\s+|current\s+)?employer|workplace|school|college|university|company|"
    r"organi[sz]ation|charity|volunteering|volunteer|bank|insurer|clinic|hospital|nationality|citizenship|ethnicity|"
    r"religion)\s*(?:[:|—–]|-(?=\s))[^\n]*",
    re.IGNORECASE,
)
# "I left Natura a while ago", "works for Petrobras": an employer or school where a new name was tagged
_ORG_BEFORE_RE = re.compile(
    r"\b(?:left|quit|work(?:s|ed|ing)?\s+(?:at|for)|employed\s+(?:at|by)|on\s+the\s+payroll\s+at|"
    r"volunteer(?:s|ed|ing)?\s+(?:at|for|with)|helps?\s+out\s+at|alum(?:nus|na)?\s+of|stud(?:y|ies|ied)\s+at|"
    r"graduated\s+from|attends?|banks?\s+with|insured\s+with|accounts?\s+(?:(?:is|are)\s+)?(?:with|at|in)|"
    r"plays?\s+(?:[a-z]+\s+)?for|(?:bought|sold|drives?|drove|owns?)\s+(?:a|an|my|his|her|their)"
    r"(?:\s+(?:used|new|second-hand|secondhand|old))?|claim\s+(?:summary\s+|form\s+)?(?:for|with|to))\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# what follows a name of an organisation: a legal form or a head word ("... Water Solutions Ltd", "... Group"), or an
# account held there ("Monzo current account")
_ORG_HEADS = (
    "Group Holdings Solutions Services Autos Motors Bank Insurance Assurance Studio Studios Foundation Trust "
    "Partners Associates Airlines Airways Pharmacy Clinic Hospital Restaurant Cafe Café Bakery Hotel Academy "
    "FC AFC BK IF SC Club United Hockey"
).split()


@functools.cache
def _org_after_re() -> re.Pattern[str]:
    # built on first use: proxy.recognizers imports this module (through the detectors), so not at import time
    from proxy.recognizers.companies import LEGAL_FORMS

    heads = "|".join(re.escape(w) for w in sorted((*LEGAL_FORMS, *_ORG_HEADS), key=len, reverse=True))
    return re.compile(
        rf"[ \t]+(?:(?:[A-Z][\w&'’-]*|&)[ \t]+){{0,2}}(?:{heads})(?![\w])"
        r"|[ \t]+(?:(?:current|savings|checking|business|bank|joint)[ \t]+)?account\b"
    )


def _organisation_words(text: str, e: Entity) -> bool:
    """A legal form or an organisation word after the name ("Al Futtaim Group", "Monzo current account") or as
    its own last word ("Zalando SE", "Valby BK")."""
    words = e.text.split()
    return bool(_org_after_re().match(text, e.end) or (len(words) > 1 and _org_after_re().match(" " + words[-1])))


# form labels that detectors sometimes tag as a name
_FORM_LABELS = frozenset({"dob", "d.o.b"})
_CALL_BEFORE_RE = re.compile(r"\bcall(?:s|ed|ing)?\s+$", re.IGNORECASE)
_HOME_AFTER_RE = re.compile(r"\s+home\b", re.IGNORECASE)
_DETERMINER_START_RE = re.compile(r"(?:my|your|our|his|her|their|the|a|an)\s")
_SELF_ALIAS_RE = re.compile(
    r"\b(?:i\s+prefer(?:\s+to\s+be\s+called|\s+being\s+called)?|call\s+me|i\s+go\s+by|my\s+nick\s*name\s*(?:is|:)|"
    r"i\s*(?:'m|’m|\s+am)\s+(?:called|known\s+as))\s*[\"'“‘(]?\s*$",
    re.IGNORECASE,
)


# a role-play brief or a second-person sketch: "You are Kenji Watanabe, 52, ...", "Your name is Ana."
_ADDRESSEE_RE = re.compile(
    r"(?:^|[\n.!?:]\s*)(?:you\s+are|you['’]re|your\s+(?:full\s+)?name\s+is|you\s+(?:will\s+)?play)\s*$", re.IGNORECASE
)
# the greeting line of a letter or an e-mail: "Dear Mrs Okonkwo-Bell,", "Hi Marisol!"
_GREETING_LINE_RE = re.compile(
    r"(?:dear|hi|hello|hey|hiya|good\s+(?:morning|afternoon|evening)|morning|greetings)[ \t]+" + _LINE_TITLE + "$",
    re.IGNORECASE,
)


def _greeted(text: str, e: Entity) -> bool:
    """The person a letter or an e-mail greets on one of its first lines: whom its "you" means."""
    line_start = text.rfind("\n", 0, e.start) + 1
    line_end = text.find("\n", e.end)
    if text.count("\n", 0, line_start) > 2 or not _GREETING_LINE_RE.fullmatch(text[line_start : e.start].lstrip()):
        return False
    return not text[e.end : len(text) if line_end < 0 else line_end].strip(" \t,!.:;")


# a role given with a name: "Complainant: Hannah Lowe", "The appellant, Mr Yusuf Demir,", "Nikhil Rao (treasurer)"
_TITLE = r"(?:(?:mr|mrs|ms|miss|mx|dr|prof)\.?\s+)?"
_ROLE_LABEL_BEFORE_RE = re.compile("^" + _FIELD_LABEL + r"[ \t]*" + _TITLE + "$", re.IGNORECASE | re.MULTILINE)
_ROLE_APPOSITION_RE = re.compile(
    r"\b(?:the|our|your)\s+([a-z]+(?:\s[a-z]+)?)\s*,\s*" + _TITLE + "$", re.IGNORECASE
)
_ROLE_AFTER_RE = re.compile(r"\s*\(\s*([a-z]+(?:\s[a-z]+)?)\s*\)")
_NOT_ROLES = frozenset({
    "name", "full name", "first name", "last name", "surname", "forename", "forenames", "given name", "family name",
    "present", "attendees", "attending", "apologies", "absent", "from", "to", "cc", "bcc", "dear", "signed", "re",
    "author", "by", "me", "you", "he", "she", "they", "it", "and", "or", "nickname", "alias", "aka", "user",
    "username", "handle", "contact", "contacts",
})


_ROLE_SUFFIXES = ("er", "or", "ant", "ent", "ist", "ee", "ian", "ess")
_ROLE_WORDS = frozenset({"chair", "guest", "host", "pupil", "child", "staff", "head", "lead", "spouse", "sponsor"})


def _is_role_word(label: str) -> bool:
    """Whether a form label names a person's role ("Agent", "Lead passenger", "Mother"), not a place or a thing
    ("Venue", "Hotel") that a detector may have tagged as a name."""
    words = label.casefold().split()
    head = next((w for w in reversed(words) if not w.isdigit()), "")
    if not head or label.casefold() in NOT_SPEAKERS or label.casefold() in _NOT_ROLES:
        return False
    return head in _ROLE_WORDS or head in RELATIONS or head.endswith(_ROLE_SUFFIXES)


def _is_medium_label(label: str) -> bool:
    """Whether a line label names a pasted section's medium ("Voicemail", "Clip 2 - voicemail"), not a person."""
    return not _MEDIUM_WORDS.isdisjoint(re.findall(r"[^\W\d_][\w-]*", label.casefold()))


def _role_anchors(text: str, ents: Sequence[Entity], owner: dict[int, int], spans: _Spans) -> list[_Anchor]:
    """Later mentions of a role a person was given with their name: "the appellant", "Passenger 2", "the chair".

    Case notes, claims and minutes name each party once ("Complainant: Hannah
    Lowe", "The appellant, Mr Yusuf Demir, ...", "Nikhil Rao (treasurer)") and
    then refer to them by that role ("The appellant now works as a chef in
    Leicester"). A role given to two people is ambiguous and ignored. A later
    mention counts after "the", "our" or "this", or at the start of a line or
    a sentence ("Passenger 2 needs ...").
    """
    owners: dict[str, set[int]] = {}
    first_at: dict[str, int] = {}
    for i, e in enumerate(ents):
        if i not in owner or e.tag not in PERSON_TAGS:
            continue
        line_start = text.rfind("\n", 0, e.start) + 1
        found = [
            m.group(1) for m in (
                _ROLE_LABEL_BEFORE_RE.match(text, line_start, e.start),
                _ROLE_APPOSITION_RE.search(text, max(line_start, e.start - 40), e.start),
                _ROLE_AFTER_RE.match(text, e.end),
            ) if m
        ]
        for role in found:
            role = " ".join(role.casefold().split())
            if role in _NOT_ROLES or role in NOT_SPEAKERS or len(role) < 3:
                continue
            owners.setdefault(role, set()).add(owner[i])
            first_at[role] = min(first_at.get(role, e.end), e.end)
    out: list[_Anchor] = []
    for role, keys in owners.items():
        if len(keys) != 1:
            continue
        (key,) = keys
        pattern = re.compile(
            r"(?:\b(?:the|our|this)\s+|(?:^|[.!?:]\s*))(" + r"\s+".join(map(re.escape, role.split())) + r")(?:['’]s)?\b",
            re.IGNORECASE | re.MULTILINE,
        )
        for m in pattern.finditer(text, first_at[role]):
            if not spans.overlaps(m.start(1), m.end(1)):
                out.append(_Anchor(m.start(1), m.end(1), key))
    return out


_SENT_FROM_BEFORE_RE = re.compile(r"\bsent\s+(?:from|by|via)\s+$", re.IGNORECASE)
_DEVICE_AFTER_RE = re.compile(
    r"['’]s\s+(?:i?phone|ipad|galaxy|pixel|android|mobile|smartphone|tablet|device|laptop|blackberry)\b", re.IGNORECASE)


def _sent_from(text: str, e: Entity) -> bool:
    """A mail client's signature: "sent from Marisol's iPhone" names the writer."""
    return bool(_SENT_FROM_BEFORE_RE.search(text, max(0, e.start - 12), e.start) and _DEVICE_AFTER_RE.match(text, e.end))


# "(", "(née", "(born", "(a.k.a." right before the bracketed name
_ALIAS_PAREN_RE = re.compile(r"\(\s*(?:(?:n[ée]e|born|formerly|previously|maiden\s+name:?|a\.?k\.?a\.?)\s+)?$", re.IGNORECASE)


_KEY_VALUE_RE = re.compile(r"[\"']\s*[:=]\s*[\"'\d\[{]")
_QUOTE_PAIRS = {'"': '"', "“": "”", "‘": "’", "'": "'", "«": "»", "„": "“"}
_CELL_GAP_RE = re.compile(r"[ \t]*[,;\t|][ \t]*")


def _quoted_cell(text: str, start: int, end: int) -> bool:
    """Whether text[start:end], a quoted value, is a cell of a delimited row: a delimiter and another quoted cell
    before or after it on its line ('"Awa Diallo","S2219054"')."""
    after = _CELL_GAP_RE.match(text, end)
    if after and text[after.end() : after.end() + 1] in _QUOTE_PAIRS:
        return True
    line_start = text.rfind("\n", 0, start) + 1
    head = text[line_start:start]
    gap = re.search(r"[,;\t|][ \t]*$", head)
    return bool(gap) and head[: gap.start()].rstrip(" \t")[-1:] in _QUOTE_PAIRS.values()


def _second_name(text: str, e: Entity, before: str) -> bool:
    """A further name for the person just described, not a new person, whatever the detector tagged it: after a
    renaming cue ("formerly known as ...", "pen name"), for a group ("HK to the internet"), or alone in quotes
    with no relation or role before it ('"Gretl" to everyone', 'signs his notes "C.O.B."', but not 'her
    husband "Bear"')."""
    if _RENAMED_BEFORE_RE.search(before) or _ALIAS_AFTER_RE.match(text, e.end):
        return True
    opening = text[e.start - 1 : e.start] if e.start else ""
    closing = _QUOTE_PAIRS.get(opening)
    if closing is None or not text[e.end : e.end + 2].lstrip(".,!?").startswith(closing):
        return False
    if re.search(r"[:=\[{,]\s*$", before[:-1]) and _KEY_VALUE_RE.search(text):
        return False  # a value in JSON or code: '"name": "Hugo Lefèvre"'
    if _quoted_cell(text, e.start - 1, e.end + len(closing)):
        return False  # a cell of a delimited row: '"Karim Benali","S2218873",...'
    role = _ROLE_BEFORE_RE.search(before[:-1].rstrip())
    head = role.group(1).split()[-1].casefold().strip("'’") if role else ""
    return not (head in RELATIONS or _is_role_word(head))


def _parenthesised_alias(text: str, first: Entity, second: Entity) -> bool:
    """A name in brackets just after another names the same person: "Bex from upstairs (Rebecca Okafor on the lease)",
    "Ingrid Halvorsen (née Berg)"."""
    gap = text[first.end : second.start]
    return len(gap) <= 30 and not re.search(r"[!?\n)]|\.\s+[A-Z]", gap) and bool(_ALIAS_PAREN_RE.search(gap))



def _cut_name(text: str, first: Entity, second: Entity) -> bool:
    """Whether two name spans are one name the detector cut ("Madeline H" + "Kelly", "Ana" + "Ruiz")."""
    gap = text[first.end : second.start]
    return gap == " " or (gap == ". " and bool(re.search(r"(?:^|\s)[^\W\d_]$", first.text)))


_NAME_PART_FIELD_RE = re.compile(
    r"^[ \t]*(?:[-*•][ \t]*)?(?:(surname|last\s+name|family\s+name)|(?:first|given|christian|middle)\s+names?|forenames?)"
    r"[ \t]*(?:\([^)\n]{0,20}\))?[ \t]*[:|—–=-][ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)


def _split_name_fields(text: str, first: Entity, second: Entity) -> bool:
    """A form's surname and given-name fields on consecutive lines are one person's name
    ("Surname: Lindqvist" / "Forenames: Maja Elisabet")."""
    kinds = []
    for e in (first, second):
        line_start = text.rfind("\n", 0, e.start) + 1
        m = _NAME_PART_FIELD_RE.match(text, line_start, e.start)
        if not m:
            return False
        kinds.append(m.group(1) is not None)
    return kinds[0] != kinds[1] and text.count("\n", first.end, second.start) <= 1


# "I have supervised Dr Mwangi", "a reference for Mr Tobias Brandt": the writer reports on someone else
_OBSERVER_BEFORE_RE = re.compile(
    r"\b(?:I|we)\b[^.!?\n]{0,40}?\b(?:reference\s+for|in\s+support\s+of|on\s+behalf\s+of|supervised|taught|"
    r"(?:have|['’]ve)\s+known|managed|assessed|reviewed|examined|treated|interviewed|employed|recommend|"
    r"recommending|referring|referred|(?:could|please|kindly|to)\s+see|"
    # "I coach a 19-year-old runner, Faith Chebet": the object may be described before the name
    r"(?:coach|coached|mentor|mentored|teach|tutor|tutored|train|trained|look\s+after|looked\s+after|care\s+for|"
    r"cared\s+for)(?:\s+(?:a|an|the|my|our)\s+[^,.!?\n]{1,40},)?)\s+" + _TITLE + "$",
    re.IGNORECASE,
)
# "Camille Lefèbvre took my third-year seminar", "Amara — has been in my Further Maths set": the writer teaches them
_OBSERVED_AFTER_RE = re.compile(
    r"[ \t]*(?:[—–-][^—–\n]{0,60}[—–-][ \t]*|[—–-][ \t]*)?"
    r"(?:took|has\s+been\s+in|is\s+in|was\s+in|attended|joined)\s+my\s+"
    r"(?:[\w'’-]+\s+){0,3}(?:class|classes|seminar|course|module|lectures?|set|group|form|team|squad|lab|cohort|"
    r"caseload)\b"
)
# "I am a senior lecturer", "I work as ...": a writer who describes themself is one of the text's people
_SELF_DESCRIBED_RE = re.compile(
    r"\b(?:I\s+am|I['’]m|I\s+have\s+been|I\s+was|I\s+work(?:ed)?|I\s+live[sd]?)\s+(?:a|an|as|at|in|for|from)\b"
)


def _observer_writer(text: str, persons: Sequence[Entity], described: bool = True) -> bool:
    """Whether an unnamed "I" only reports on the named people (a referee, a clinician, a caseworker).

    Such a writer ("I have supervised Dr Mwangi since 2020 ... Since January
    2023 I have left the data in her hands") owns none of the text's PII, so
    "I"/"my" must not pull entities away from the person written about. It
    holds when some person is introduced as the object of the writer's
    professional act and (with `described`) the writer never describes themself.
    """
    if described and _SELF_DESCRIBED_RE.search(text):
        return False
    return any(
        _OBSERVER_BEFORE_RE.search(text, max(0, e.start - 80), e.start) or _OBSERVED_AFTER_RE.match(text, e.end)
        for e in persons if e.tag in PERSON_TAGS
    )


_I_AM_RE = re.compile(r"\b(?:I\s+am|I['’]m)\s+$")
# a role-labelled speaker's own name as the first words of the turn: "Vikram Sethi.", "Yes, it's ...", "Sure - Mr ...",
# "Hi, yeah, it's ..." (up to three interjections, as speech-to-text writes a call's opening)
_ANSWERED_NAME_RE = re.compile(
    r"[ \t]*(?:(?:yes|yeah|yep|yah|sure|hi|hiya|hello|hallo|hey|ok|okay|um|uh|er|erm|well|right|so|thanks|cheers|"
    r"thank[ \t]+you|"
    r"(?:good[ \t]+)?(?:morning|afternoon|evening))\b[ \t]*[,.!—–-]?[ \t]*){0,3}"
    r"(?:(?:it['’]s|it\s+is|this\s+is|i['’]m|i\s+am|my\s+(?:full\s+)?name\s*(?:is|['’]s|:)|(?:full\s+)?name\s*[:—–-])[ \t]+)?"
    + _LINE_TITLE,
    re.IGNORECASE,
)


# a question for someone else's name: "Recipient's name as on his CNIC?", "And your mother's full name?"; the answer
# names that person, not the speaker ("the account holder's name" is the caller's own)
_ASKS_ANOTHERS_NAME_RE = re.compile(
    r"\b(?:his|her|their)\b[^\n]*\bname\b|\bname\b[^\n]*\b(?:his|her|their)\b"
    rf"|\b(?:{_REL}|recipient|receiver|beneficiary|payee)['’]s\s+(?:(?:full|first|last|given|family|legal|maiden)\s+)?name\b",
    re.IGNORECASE,
)


class _PlaceNames:
    """Tells a tagged name that is really a place or an organisation from a person.

    Detectors sometimes tag a city or a street as a name ("I call Sendai home",
    "Address — Lange Voorhout 90"); taking it for a person would hand the
    entities after it to someone who does not exist.
    """

    def __init__(self, ents: Sequence[Entity]) -> None:
        others = [e for e in ents if e.tag not in PERSON_TAGS and e.tag != HANDLE_TAG]
        self.same = {e.text.casefold() for e in others if e.type.value in ("LOC", "ORG")}
        self.places = [f" {' '.join(_WORD_RE.findall(e.text.casefold()))} " for e in others if e.type.value == "LOC"]

    def named_as_place(self, text: str, e: Entity, known: bool, labelled: bool = False) -> bool:
        """Whether `e`, tagged as a name, is a place or an organisation; context counts only for a new name.
        On a line opened by a dialogue speaker's label ("VOLUNTEER: Nour Haddad."), the label is no form field."""
        if _DETERMINER_START_RE.match(e.text):
            return True  # "my emploer": lower-case words, not a name
        words = f" {' '.join(_WORD_RE.findall(e.text.casefold()))} "
        if e.text.casefold() in self.same or (words.strip() and any(words in place for place in self.places)):
            return True  # also detected as a place or an organisation: "João Pessoa" in an address
        if known:
            return False
        line_start = text.rfind("\n", 0, e.start) + 1
        if not labelled and _PLACE_FIELD_RE.fullmatch(text, line_start, e.start):
            return True
        before = text[max(line_start, e.start - 40) : e.start]
        if _PLACE_BEFORE_RE.search(before) or _ORG_BEFORE_RE.search(before):
            return True
        if _organisation_words(text, e) or e.text.strip(" .").casefold() in _FORM_LABELS:
            return True  # "Maji Safi Water Solutions Ltd", "Zalando SE", "my Monzo current account", "DOB"
        return bool(_CALL_BEFORE_RE.search(before) and _HOME_AFTER_RE.match(text, e.end))


_SIGN_OFF_RE = re.compile(
    r"(?:thanks|thank\s+you|thx|ty|ta|cheers|regards|best|sincerely|faithfully|truly|wishes|warmly|love|yours|xo+|x+|"
    r"signed|respectfully|gratefully|gratitude|cordially|affectionately|fondly|hugs|blessings|peace|take\s+care|"
    r"(?:talk|speak|see\s+you)\s+soon|later|bye|greetings|[-—–~])[,!.:]?\s*"
    r"(?:(?:a|an|the|your|one)\s+(?:[a-z]+\s+){0,2}|(?:dr|prof|mr|mrs|ms|miss|mx|rev)\.?\s+)?$",
    # "Signed, a confused Annelie", "Love, your little Bea", "Thanks, Dr. Parisa Mohammadi"
    re.IGNORECASE,
)


def _is_sign_off(text: str, e: Entity) -> bool:
    """A name closing the text (but for a signature's contact lines: an e-mail, a phone, a title): after
    "Best regards," / "Thanks," / "-", or alone on the last line of several."""
    after = text[e.end :]
    role = _SIGNED_ROLE_RE.match(after)  # "Owen Pritchard, landlord", "Sipho Mokoena (father)", "Dev (u/devcooks)"
    if role:
        after = after[role.end() :]
    rest = after.strip(" \t\n.!-—")
    if rest and not _signature_lines(after):
        return False
    if _SIGN_OFF_RE.search(text[max(0, e.start - 30) : e.start]):
        return True
    line_start = text.rfind("\n", 0, e.start) + 1
    lead = text[line_start : e.start].strip(" \t-—–~*_>")
    return line_start > 0 and bool(text[:line_start].strip()) and (not lead or bool(_TITLE_ONLY_RE.fullmatch(lead)))


# after a signed name on its line: a role, a bracket, or a contact ("Hawa Abdi Farah, 0711 902 334")
_SIGNED_ROLE_RE = re.compile(
    r"(?:[ \t]*,[ \t]*[^\W\d_][^\n.,!?;:]{0,40}|[ \t]*\([^()\n]{1,40}\)"
    r"|[ \t]*[,|][ \t]*(?:\+?[\d(][\d ()-]{5,20}\d|[\w.+-]+@[\w-]+(?:\.[\w-]+)+))(?=[ \t]*(?:\n|$))"
)
_TITLE_ONLY_RE = re.compile(r"(?:mr|mrs|ms|miss|mx|dr|prof|rev|revd|sir|dame|cllr)\.?", re.IGNORECASE)


def _signature_lines(rest: str) -> bool:
    """Whether what follows a name is a signature block: a new line, then at most 3 short lines, none a sentence."""
    if not re.match(r"[ \t,]*\n", rest):
        return False
    lines = [line.strip() for line in rest.splitlines() if line.strip()]
    return 0 < len(lines) <= 3 and all(
        len(line) <= 80 and not re.search(r"[.?!]\s*$|\s[a-z]+\s[a-z]+\s[a-z]+\s", line) and not _FIRST_RE.search(line)
        for line in lines
    )


def _implicit_narrator(
    text: str,
    ents: Sequence[Entity],
    owner: dict[int, int],
    people: _People,
    relations: Sequence[tuple[int, str, int]],
    first_person_at: int | None,
) -> _Cluster | None:
    """A first-person text's narrator when no "my name is" says so.

    The person named in a header line at the top ("Anika Sankar" above a CV)
    or signing off at the end ("Thanks, Maria"), else the only named person
    who is not introduced as someone's relative.
    """
    if first_person_at is None:
        return None
    named = [(i, e) for i, e in enumerate(ents) if i in owner and e.tag in PERSON_TAGS]
    if not named:
        return None
    i, first = named[0]
    if _is_header(text, first):
        return people.clusters[owner[i]]
    j, last = named[-1]
    if _is_sign_off(text, last):
        return people.clusters[owner[j]]
    related = {k for _, _, k in relations}
    candidates = {owner[i] for i, _ in named} - related
    single = len(candidates) == 1 and len({owner[i] for i, _ in named}) == 1
    if single and (first.start < first_person_at or not _THIRD_RE.search(text)):
        # "Tom works at ...": a name that is the subject of a third-person verb is not the one saying "I"
        if any(_THIRD_VERB_RE.match(text, e.end) for _, e in named):
            return None
        if _observer_writer(text, [e for _, e in named], described=False):
            return None  # "I have managed Ana Brito since 2020": the one written about is not the one writing
        return people.clusters[candidates.pop()]
    return None


_THIRD_VERB_RE = re.compile(r"\s+(?:is|was|has|does|[a-z]{2,}[^s\W]s)\b(?!['’])")


_MALE_WORDS = frozenset({
    "mr", "sir", "lord", "brother", "father", "dad", "son", "husband", "uncle", "nephew", "grandfather", "grandpa",
    "grandson", "boyfriend", "fiancé", "fiance", "stepfather", "stepbrother", "stepson", "stepdad", "half-brother",
    "brother-in-law", "father-in-law", "son-in-law", "great-uncle", "godfather", "godson", "bf", "hubby", "bro",
    "landlord", "king", "prince",
    # other languages' titles: "Herr Souza", "Señor Ruiz", "Monsieur Petit", "Pan Nowak"
    "herr", "señor", "senor", "sr", "senhor", "monsieur", "signor", "signore", "don", "dom", "pan",
})
_FEMALE_WORDS = frozenset({
    "mrs", "ms", "miss", "madam", "dame", "lady", "sister", "mother", "mom", "mum", "daughter", "wife", "aunt",
    "niece", "grandmother", "grandma", "granddaughter", "girlfriend", "fiancée", "fiancee", "stepmother",
    "stepsister", "stepdaughter", "stepmom", "stepmum", "half-sister", "sister-in-law", "mother-in-law",
    "daughter-in-law", "great-aunt", "godmother", "goddaughter", "gf", "wifey", "sis", "landlady", "queen",
    "princess",
    "frau", "señora", "senora", "sra", "senhora", "madame", "mme", "mademoiselle", "mlle", "signora", "doña", "dona",
    "pani", "fru",
})
# "Mrs Okafor", "his wife, Maureen", "Your son Ren", "Mother: Kerry Clarke", "brother-in-law Piet"
_GENDER_BEFORE_RE = re.compile(
    r"(?:^|[^\w-])([a-z]+(?:-[a-z]+){0,2})(?:\.?\s+|\s*[,:]\s*|\s+of\s+(?:[\w-]+\s+){0,2}?[\w-]+\s*,\s*)$",
    re.IGNORECASE,
)
_MALE_PRONOUNS = frozenset({"he", "him", "his", "himself"})
_FEMALE_PRONOUNS = frozenset({"she", "her", "hers", "herself"})


def _gender_hint(text: str, e: Entity) -> str | None:
    """The gender a title or kinship word right before a name gives ("Mr", "Mrs", "my sister", "Mother:").

    He/she pronouns are resolved to the latest person of a fitting gender, so
    knowing that "Ms Lowe" is a woman stops "She has worked ..." from going to
    the "Mr Quayle" named just before.
    """
    line_start = text.rfind("\n", 0, e.start) + 1
    m = _GENDER_BEFORE_RE.search(text[max(line_start, e.start - 40) : e.start])
    if not m:
        return None
    word = m.group(1).casefold()
    return "m" if word in _MALE_WORDS else "f" if word in _FEMALE_WORDS else None


@functools.cache
def given_name_genders() -> dict[str, str]:
    """Given name -> "f" / "m" where Faker's name lists (82 locales) use it for one gender only.

    Read on first use (~0.15 s), not at import; `load_name_lists` reads it with the detectors."""
    import importlib
    import pkgutil

    import faker.providers.person as person

    female: set[str] = set()
    male: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        try:
            provider = importlib.import_module(f"{person.__name__}.{module.name}").Provider
        except (ImportError, AttributeError):
            continue
        female |= _names(getattr(provider, "first_names_female", ()))
        male |= _names(getattr(provider, "first_names_male", ()))
    return {**{n: "f" for n in female - male}, **{n: "m" for n in male - female}}


def _names(values: object) -> set[str]:
    """A provider's name list (a tuple, or a dict of names to weights); anything else (a property) is none."""
    return {n.casefold() for n in values} if isinstance(values, (tuple, list, dict)) else set()


def _name_gender(name: str) -> str | None:
    """The gender a given name alone suggests ("Hamid": m, "Zofia": f), for he/she when no title says it."""
    words = _WORD_RE.findall(name.casefold())
    return given_name_genders().get(words[0]) if words else None


def _pronoun_gender(word: str) -> str | None:
    w = word.casefold()
    return "m" if w in _MALE_PRONOUNS else "f" if w in _FEMALE_PRONOUNS else None


def _letter(index: int) -> str:
    if index < 26:
        return chr(ord("A") + index)
    return _letter(index // 26 - 1) + chr(ord("A") + index % 26)
