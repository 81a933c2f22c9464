"""Occupations where the text gives a job to a person.

The model finds job titles in the generator's prose but misses plain ones in hand-written text
("Paolo Ricci, age 47, taxi driver", "she was a seamstress for forty years", "Helen Price /
Senior Physiotherapist"). A job word alone is not enough: "her doctor confirmed" and "the
pharmacist said" name someone's role in a scene, not the person's occupation, and a vocabulary
that counted them tripled the false positives on the generator's DEV family. So a job title
counts only where the sentence binds it to a person:

* after a copula or "as" ("I'm a nurse", "he was a scaffolder", "working as engineer");
* in apposition to a name or an age ("Siobhán Kelly, 31, primary school teacher",
  "Rahul Menon (eng lead)", "Maureen, a retired schoolteacher", "a 34-year-old pharmacist");
* before a name after a label or a time ("Witness: picker Sara Lindqvist");
* after a career word ("retired miner Gareth Pryce", "Self-employed carpenter since 2014");
* on its own line under a name (a signature block), or after an occupation label
  ("Occupation: notary", `"occupation": "sommelier"`).

The span is the job title with the words that qualify it ("high-school science teacher",
"ICU nurse"), without an article or an evaluative or temporal word before it ("a retired
schoolteacher" -> "schoolteacher", "an excellent lecturer" -> "lecturer"), as the annotation
guidelines have it. The vocabulary was written for Veil from general knowledge (no data set's
word list).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache

from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, Pattern, PatternRecognizer
from proxy.recognizers.proper_names import NOT_OPENER as _NOT_OPENER
from proxy.recognizers.scan import ScanText, word_anchors

SCORE = 0.85

# Job words that are an occupation on their own ("a carpenter").
HEADS = frozenset("""
accountant actor actress actuary adviser advisor administrator analyst anaesthetist anesthesiologist animator apprentice archaeologist
architect archivist artist astronaut athlete attorney au auditor author baker banker barber barista barrister bartender
beautician biologist bookkeeper bricklayer broker builder butcher captain cardiologist carer caregiver caretaker
carpenter cartographer caseworker cashier caterer ceramicist chaplain chef chemist childminder chiropractor cleaner clerk clinician coach
columnist comedian consultant contractor cook copywriter coordinator councillor counsellor counselor courier curator
dancer decorator dentist dermatologist designer detective developer dietitian dietician diplomat director dispatcher
doctor driver drummer ecologist economist editor educator electrician engineer entrepreneur epidemiologist estimator
executive farmer firefighter fisherman florist footballer foreman founder co-founder freelancer gardener geologist
glazier gp guitarist hairdresser handyman headmaster headmistress headteacher historian homemaker housekeeper housewife
hygienist illustrator imam inspector installer instructor interpreter intern investigator janitor jeweller jeweler
joiner journalist judge labourer laborer landlord landlady landscaper lawyer lecturer librarian lifeguard linguist
locksmith machinist magistrate manager marketer mathematician mechanic mediator midwife miner minister missionary
model monk musician nanny navigator negotiator neurologist neuroscientist notary nun nurse nutritionist obstetrician
oncologist operator optician optometrist orthodontist paediatrician paralegal paramedic pastor pathologist
pediatrician pharmacist philosopher photographer physician physicist physio physiotherapist pianist picker pilot
plasterer plumber podiatrist poet policeman policewoman politician porter postman postwoman postmaster postmistress
preacher priest principal producer professor programmer psychiatrist psychologist psychotherapist publican publisher rabbi
radiographer radiologist realtor receptionist recruiter registrar reporter researcher roofer sailor salesman
saleswoman salesperson scaffolder scientist sculptor seamstress shopkeeper singer soldier solicitor
sommelier sonographer tester statistician steward stewardess stockbroker strategist stylist supervisor surgeon surveyor
tailor teacher schoolteacher technician technologist telemarketer teller therapist toxicologist trader trainer
translator tutor typist underwriter upholsterer urologist veterinarian vet vicar waiter waitress welder
writer youth
""".split()) - {"au", "youth"}

# Job words that are an occupation only with a word before them that says which ("tech lead",
# "care worker", "library assistant", "GP partner", "estate agent"): alone they are a partner in
# life, an AI assistant, a lead in a case.
HEADS_WITH_MODIFIER = frozenset(
    "lead partner assistant agent rep representative worker owner attendant guard planner specialist associate "
    "dev leader secretary buyer officer servant controller".split()
)
# Upper-case job acronyms ("CFO: Ingrid Solberg", "Ben Okafor | SRE"), matched in that case only.
ACRONYMS = frozenset("CEO CFO CTO COO CIO CMO CISO CPO SRE GP VP".split())
# After the job word, still part of the title: "software engineer intern", "nurse practitioner".
TRAILERS = frozenset("intern trainee apprentice practitioner".split())
ACRONYMS_LOWER = frozenset(a.lower() for a in ACRONYMS) - HEADS
JOB_WORDS = HEADS | HEADS_WITH_MODIFIER | ACRONYMS_LOWER | {"head"}

# Career words: outside the title's span, and they bind the job after them to someone ("retired miner
# Gareth Pryce", "- Self-employed carpenter since 2014").
CAREER = ("retired", "former", "ex", "semi-retired", "self-employed", "freelance")
# Words before a job title that are not part of it: articles, evaluations, career stages.
SKIPPED = frozenset(CAREER) | frozenset("""
a an excellent good great brilliant outstanding exceptional fantastic amazing superb
wonderful talented gifted dedicated committed keen careful diligent reliable experienced seasoned skilled qualified
fully newly recently young new aspiring budding would-be future current currently practising practicing
working part-time full-time successful busy local friendly lovely kind nice proud very most
really quite fairly extremely incredibly highly hard-working hardworking
""".split())

# A career word right before the title, unless a determiner makes it a role in a scene ("the former
# director said").
_CAREER_BEFORE = re.compile(
    r"(?<![\w-])(?P<det>(?:[Tt]he|[Tt]his|[Tt]hat|[Mm]y|[Yy]our|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir|[Ii]ts)[ \t]+)?"
    rf"(?:[Aa]n?[ \t]+)?(?i:{'|'.join(CAREER)})[ \t-]+\Z"
)

# Words that never qualify a job title (pronouns, prepositions, verbs, determiners, the AI's roles).
STOP = frozenset("""
the this that these those my your his her our their its i you he she we they it me him us them who whom which what
is am are was were be been being has have had do does did will would can could should may might must shall
and or but nor so yet if then than as at by for from in into of on onto to with without about after before
since until while when where how why not no yes all any each every some many much more less few one two three
also just only still even again here there very too ai virtual helpful digital smart voice coding writing chat
her his family best worst first last next other another such same own old year years aged employed
""".split()) | SKIPPED

_WORD_CHARS = r"[A-Za-zÀ-ÖØ-öø-ÿ'’-]"
_WORD = re.compile(rf"{_WORD_CHARS}+")
# What may follow a job title: the end of the phrase, or a word that starts what comes after it.
_AFTER = re.compile(
    r"(?:[ \t]*(?:[\n,.;:!?)\]|\"'”’—–]|-\s|@|$)|[ \t]+(?:at|for|with|in|on|from|and|or|who|since|until|by|based|living"
    r"|aged?|working|currently|now|turned|before|after|until|but|to|of|whose|married|originally|\(|I|I'd|I’d|I'll"
    r"|I’ll|I've|I’ve|I'm|I’m|we|he|she|they|you|so|which|where|when|if)\b)"
)
# Name-like words: "Helen Price", "Dr Alun Rees", "O'Neill", "Siobhán Kelly".
_CAP = r"[A-ZÀ-ÖØ-Þ][\w'’.-]*"
_NAME = rf"(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof|Sir|Dame)\.?[ \t]+)?{_NOT_OPENER}{_CAP}(?:[ \t]+{_CAP}){{0,3}}"
_NAME2 = rf"(?:(?:Dr|Mr|Mrs|Ms|Miss|Prof|Sir|Dame)\.?[ \t]+{_CAP}|{_NOT_OPENER}{_CAP}(?:[ \t]+{_CAP}){{1,3}})"

# The text just before the title (after any skipped words), ending where the title starts.
_CUE_COPULA = re.compile(
    r"(?:\b(?:I'm|I’m|I am|[Ii]m|[Hh]e's|[Hh]e’s|[Ss]he's|[Ss]he’s|[Hh]e is|[Ss]he is|[Hh]e was|[Ss]he was"
    r"|[Tt]hey're|[Tt]hey are|[Tt]hey were|I was|I've been|I’ve been|I have been|[Hh]e's been|[Ss]he's been"
    r"|(?:[Ww]ho|[Ww]ife|[Hh]usband|[Pp]artner|[Ss]ister|[Bb]rother|[Mm]other|[Ff]ather|[Mm]um|[Dd]ad|[Ss]on"
    r"|[Dd]aughter|{name}) (?:is|was)|[Ww]ork(?:s|ed|ing)? as|[Ee]mployed as|[Jj]ob as|[Cc]areer as"
    r"|[Tt]rained as|[Qq]ualified as|[Rr]etired as|[Ss]tarted as|[Jj]oined (?:\w+ )?as|[Hh]ired as|[Aa]s your"
    r"|[Bb]ecame|[Bb]ecome|(?:would|will|could|to) be)"
    r"|(?:^|[.!?]\s+|\n)As)[ \t]+\Z".replace("{name}", rf"{_CAP}(?:[ \t]+{_CAP})?")
)
_CUE_AS = re.compile(r"\b[Aa]s[ \t]+\Z")
_CUE_IS = re.compile(r"\b(?:is|was)[ \t]+\Z")
_CUE_AGE = re.compile(
    r"(?:\d{1,3}|(?:aged?|Age)[ \t]+\d{1,3})[ \t]*,[ \t]*\Z"
    r"|\d{1,3}[- ](?:year|yr)s?[- ]old[ \t]+\Z"
)
_CUE_NAME_COMMA = re.compile(rf"(?<![\w'’-]){_NAME2}[ \t]*,[ \t]*\Z")
_CUE_NAME_COMMA_ONE = re.compile(rf"(?<![\w'’-]){_NOT_OPENER}{_CAP}(?:[ \t]+{_CAP})*[ \t]*,[ \t]*\Z")
_CUE_NAME_PAREN = re.compile(rf"(?<![\w'’-]){_NAME}[ \t]*\([ \t]*(?:\d{{1,3}}[ \t]*,[ \t]*)?\Z")
_CUE_BEFORE_NAME = re.compile(r"(?:^|[:;\n]|\d)[ \t]*\Z")
_NAME_AFTER = re.compile(rf"[ \t]+(?:{_NOT_OPENER}{_CAP}[ \t]+{_CAP})")
_NAME_LINE = re.compile(rf"(?:^|\n)[ \t]*{_NAME}[ \t]*,?[ \t]*\n[ \t]*\Z")
_SUBJECT_NOT_PERSON = re.compile(r"\b(?:[Ii]t|[Tt]his|[Tt]hat|[Tt]here|[Ww]hat|[Hh]ere|[Ww]hich)[ \t]+(?:is|was)[ \t]+\Z")

# "Return to work: modified duties from 14 April" is a plan, not a job label
LABELS = "occupation|profession|job title|job|position|(?<!to )work|employment"
_LABEL_PATTERN = Pattern.compile(
    "label",
    rf"(?i:[\"']?(?:{LABELS})[\"']?)[ \t]*[:=][ \t]*[\"']?"
    r"(?P<span>(?!(?i:none|n/a|unemployed|retired|student|yes|no|null)\b)[A-Za-z][\w'’&/-]*(?:[ \t]+[\w'’&/-]+){0,4}?)"
    r"(?=[ \t]*(?:[\"',;|\n)]|$|[ \t](?:at|for|since)\b))",
    SCORE,
    left_bound="",
    anchors=word_anchors(["occupation", "profession", "job", "position", "work", "employment"]),
)


def job_word_indexes(doc: ScanText) -> list[int]:
    """Indexes of the words that may end a job title ("nurse", "lead", "CFO" in upper case only)."""
    starts, ends, lower = doc.words
    raw = doc.text
    return [i for i in doc.indexes_of(JOB_WORDS)
            if lower[i] not in ACRONYMS_LOWER or raw[starts[i]:ends[i]] in ACRONYMS]


def _is_title_case(word: str) -> bool:
    return word[:1].isupper()


def _is_acronym(word: str) -> bool:
    return len(word) >= 2 and word.isupper() and word.isalpha()


_IDENTITY_WORDS = frozenset("gay lesbian queer trans black white brown".split())
# how someone works rather than what: "an Italian freelancer" is not read through the nationality
_WAYS_OF_WORKING = frozenset({"freelancer"})


def _is_person_adjective(doc: ScanText, i: int) -> bool:
    """Word `i` is a nationality ("Lebanese") or an identity word ("gay", "Black") that may stand before a job."""
    starts, _, lower = doc.words
    return lower[i] in _IDENTITY_WORDS or (doc.text[starts[i]].isupper() and lower[i] in _demonyms())


@cache
def _demonyms() -> frozenset[str]:
    from proxy.recognizers.nationality import DEMONYMS  # noqa: PLC0415 - nationality imports this module's job words

    return frozenset(name.lower() for name in DEMONYMS.split())


class OccupationRecognizer(PatternRecognizer):
    """Job titles bound to a person by their context (see the module doc)."""

    def __init__(self) -> None:
        super().__init__("occupation", "Occupation", [_LABEL_PATTERN])

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        yield from super().analyze(doc)
        starts, ends, lower = doc.words
        raw = doc.text
        for i in job_word_indexes(doc):
            # a later job word closes the title ("nurse practitioner", "care worker"): judge it there
            nxt = i + 1
            if nxt < len(lower) and raw[ends[i]:starts[nxt]] in (" ", "\t") and (
                    lower[nxt] in HEADS or lower[nxt] in HEADS_WITH_MODIFIER) and lower[nxt] not in TRAILERS:
                continue
            found = self._title_at(doc, i)
            if found is not None:
                start, end, pattern = found
                yield Entity(raw[start:end], start, end, "Occupation", SCORE, DETECTOR_NAME,
                             meta={"recognizer": self.name, "pattern": pattern})

    def _title_at(self, doc: ScanText, i: int) -> tuple[int, int, str] | None:
        """(start, end, cue) of the job title whose last job word is word `i`, if a cue binds it."""
        starts, ends, lower = doc.words
        raw = doc.text
        head_word = raw[starts[i]:ends[i]]
        end = ends[i]
        # "software engineer intern"; "head of data"
        if i + 1 < len(lower) and lower[i + 1] in TRAILERS and raw[end:starts[i + 1]] == " ":
            end = ends[i + 1]
        if lower[i] == "head":
            follow = re.match(r"[ \t]+of[ \t]+(?!the\b|a\b|my\b|his\b|her\b)[\w&-]+(?:[ \t]+(?:and|&)[ \t]+[\w-]+)?",
                              raw[end:end + 40])
            if follow is None:
                return None
            end += follow.end()
        after = _AFTER.match(raw, end)
        name_after = _NAME_AFTER.match(raw, end)
        if after is None and name_after is None:
            return None
        # modifiers: up to three words before the job word, same case style, none a stop word
        title_case = _is_title_case(head_word) and not _is_acronym(head_word)
        start = starts[i]
        j = i
        modifiers = 0
        while modifiers < 3 and j > 0:
            gap = raw[ends[j - 1]:starts[j]]
            if gap not in (" ", "\t", "-"):
                break
            prev = raw[starts[j - 1]:ends[j - 1]]
            low = lower[j - 1]
            if low in STOP or not _WORD.fullmatch(prev) or "'" in low and not low.endswith("'s"):
                break
            if _is_acronym(prev) and len(prev) <= 4:
                pass
            elif _is_title_case(prev) != title_case:
                break
            start = starts[j - 1]
            j -= 1
            modifiers += 1
        if lower[i] in HEADS_WITH_MODIFIER and modifiers == 0:
            return None
        # evaluative / temporal words and an article before the title are outside the span, and so are a
        # nationality and identity words ("a Lebanese architect", "a gay Black British teacher")
        k = j
        while k > 0 and raw[ends[k - 1]:starts[k]] in (" ", "\t") and (
                lower[k - 1] in SKIPPED or lower[i] not in _WAYS_OF_WORKING and _is_person_adjective(doc, k - 1)):
            k -= 1
            while k > 0 and raw[ends[k - 1]:starts[k]] == "-" and _is_person_adjective(doc, k - 1):
                k -= 1  # "Korean-American"
        before_start = starts[k] if k < j else start
        left = raw[max(0, before_start - 80):before_start]
        article = k < j and lower[k] in ("a", "an")
        career = _CAREER_BEFORE.search(raw, max(0, start - 40), start)
        if career is not None and career["det"] is None:
            return start, end, "career"
        if name_after is not None and after is None:
            # "Witness: picker Sara Lindqvist": a lower-case title before a name, after a label or a time
            if title_case or _is_acronym(head_word) or not _CUE_BEFORE_NAME.search(left):
                return None
            return start, end, "before-name"
        if _SUBJECT_NOT_PERSON.search(left):
            return None
        if _CUE_COPULA.search(left):
            return start, end, "copula"
        if article and _CUE_IS.search(left):
            return start, end, "is-a"
        if _CUE_AS.search(left) and (article or k == j):
            return start, end, "as"
        if _CUE_AGE.search(left):
            return start, end, "after-age"
        if not article and _CUE_NAME_COMMA.search(left):
            return start, end, "after-name"
        if article and _CUE_NAME_COMMA_ONE.search(left):
            return start, end, "after-name"
        if _CUE_NAME_PAREN.search(left):
            return start, end, "in-brackets"
        if (title_case or _is_acronym(raw[start:end].split()[0])) and k == j and _NAME_LINE.search(left) and re.match(r"[ \t]*(?:,|\n|$)", raw[end:]):
            return start, end, "signature"
        return None


def occupation_recognizer() -> OccupationRecognizer:
    """Job titles after "I'm a", in apposition to a name or age, under a signature name, after a label."""
    return OccupationRecognizer()
