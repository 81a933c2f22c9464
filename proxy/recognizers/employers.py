"""Organizations named by their relation to a person: an employer, a bank, an insurer, a university.

The model knows many companies but misses well-known brands in hand-written text ("a
controls engineer at Siemens Energy", "joined Spotify as a backend developer", "insured
with Aviva", "my bank is Chase"), and no list of names can tell "Boots" the chemist from
boots on feet. What gives them away is the sentence: a capitalized name after a job title and
"at"/"for"/"with", after "works at", "joined", "years at", "Employer:", "bank with", "insured
with" is an organization someone belongs to or deals with, whatever its name; after "student
at", "MSc at", "my uni is" it is where they study (an Educational Institution); after "a volunteer at",
"helps out at" a charity (NGO); after "dealing with", "an application at" a public body; and
on a CV line after the job title and before the dates ("Backend Engineer, Coupang (2019–present)");
before "customer", "policyholder" or "employee" ("a Telstra customer"); before someone's "account" or
"card" ("his Monzo account", "a DBS card"); after "employee no. at"; between "at" (or "runs",
"founded") and "in" + a town ("the team at Maersk in Copenhagen").

The tag follows the name's kind word ("... Hospital" is a Healthcare Facility, "... University"
an Educational Institution, "... Council" a Government Agency, "... Trust" an NGO) and is
Company Name otherwise. Scored below the model (0.6): where the model found the name, its span
and type stand; this only adds names it missed. A person ("worked for Dr Patel") or a place
the sentence names as one ("at Leeds General", "in London") is left out where it can be told.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, PatternRecognizer
from proxy.recognizers.occupations import job_word_indexes
from proxy.recognizers.proper_names import OPENERS
from proxy.recognizers.scan import ScanText

SCORE = 0.6

_TITLES = r"(?:Dr|Mr|Mrs|Ms|Miss|Prof|Sir|Dame|St|Saint|Mx)\b"
# a word of an organization's name: capitalized ("Siemens", "McKinsey", "Nord-Norge"), an acronym
# ("IQVIA"), a number inside the name ("SpareBank 1"), or "&"/"of"/"and" between two such words
_ORG_WORD = r"(?:St\.|[A-ZÀ-ÖØ-Þ](?:[\w'’-]|\.(?=\w))*|\d{1,4}(?=[ \t]+[A-ZÀ-ÖØ-Þ]))"
_JOIN = r"(?:[ \t]+(?:&|and|of|de|du|des|la|le|y|und)[ \t]+|[ \t]+)"
_NOT_OPENER = rf"(?!(?:{'|'.join(OPENERS)}|I|I'm|I’m|I've|I’ve|I'd|I’d)\b)"
# "Williams, Long and Lindsey": a partnership's names, the last two joined by "and"
_PARTNERS = rf"(?:,[ \t]+{_ORG_WORD}[ \t]+(?:and|&|e|y|et|und)[ \t]+{_ORG_WORD})?"
_ORG = rf"(?P<org>{_NOT_OPENER}(?!{_TITLES}){_ORG_WORD}(?:{_JOIN}{_NOT_OPENER}{_ORG_WORD}){{0,4}}{_PARTNERS})"
# the name ends at punctuation, a line end, or a lower-case word
_ORG_END = r"(?=[ \t]*(?:[\n,.;:!?)(\]|\"'”’—–]|-\s|$)|[ \t]+[a-z@]|[ \t]+\d)"

_JOB_AT = re.compile(rf"[ \t]+(?:at|with|for|@)[ \t]+{_ORG}{_ORG_END}")
# a CV line: "Backend Engineer, Coupang (2019–present)", "Software Engineer Intern, Naver, 2018"
_JOB_CV = re.compile(
    rf"(?:[ \t]+(?i:intern|trainee|apprentice))?,[ \t]+{_ORG}"
    r"(?=[ \t]*(?:\([ \t]*|,[ \t]*|[ \t]+[-–—][ \t]+)"
    r"(?:(?:19|20)\d\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?[ \t]+(?:19|20)\d\d))"
)
# ... where a capitalized job title opens its line (after a bullet): not "I'm a teacher, Paris (2019)"
_CV_TITLE = re.compile(r"[ \t]*(?:[-•*·–][ \t]*)?(?:[A-Z][\w'’/&-]*[ \t]+){0,4}[A-Z][\w'’-]*\Z")
_CUES = re.compile(
    r"(?:\b(?:[Ww]ork(?:s|ed|ing)?|[Ee]mployed|[Ii]ntern(?:ed|ing)?)[ \t]+(?:at|for|with)"
    r"|\b(?:[Ee]mployee|[Ss]taff|[Pp]ayroll)[ \t]+(?:no\.?|number|ID|id|num\.?|#)[ \t]+(?:at|with|for)"
    r"|\b(?:[Ss]tarted|[Yy]ears|[Mm]onths|[Cc]areer|[Jj]ob|[Cc]urrently|[Rr]ecently|[Pp]reviously|[Ff]ormerly)"
    r"[ \t]+(?:at|with)"
    r"|\b(?:[Jj]oin(?:s|ed|ing)?|[Ll]eft|[Qq]uit|(?:[Cc]o-)?[Ff]ounded)"
    r"|\b(?:[Rr]etired|[Jj]oined)[ \t]+from"
    r"|\b(?:[Dd]riv(?:e|es|ing)|[Dd]rove|[Rr]id(?:e|es|ing)|[Dd]eliver(?:s|ed|ing)?|[Cc]ook(?:s|ed|ing)?"
    r"|[Cc]lean(?:s|ed|ing)?|[Ff]reelanc(?:e|es|ed|ing)|rider|driver|courier|cleaner|nanny)[ \t]+for"
    r"|\b(?:[Bb]ank(?:s|ed|ing)?|[Ii]nsured|[Aa]n account|[Aa]ccount|[Mm]ortgage|[Ll]oan)[ \t]+(?:with|at|from)"
    r"|\b(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)[ \t]+(?:bank|insurer|employer|gym|broker|landlord|provider)"
    r"[ \t]+(?:is|was)"
    r"|(?:^|\n|[{,])[ \t]*[\"']?(?:[Ee]mployer|EMPLOYER|[Cc]ompany|[Ii]nsurer|[Bb]ank)[\"']?[ \t]*[:=])"
    rf"[ \t]*[\"']?[ \t]*{_ORG}{_ORG_END}"
)
# where someone studies: "a PhD candidate at McGill", "MSc at KTH", "student at AGH Kraków", "my uni is KCL"
_STUDY = re.compile(
    r"(?:\b(?:[Ss]tudents?|[Cc]andidate|[Ss]tudy(?:ing)?|[Ss]tudied|[Gg]raduated|[Gg]raduate|[Aa]lum(?:na|nus|ni)?"
    r"|[Ee]nrolled|[Dd]egree|[Dd]iploma|BA|BSc|MSc|MA|PhD|MBA|BComm|BCom|BEng|MEng|LLB|LLM|MPhil|DPhil|PGCE|MArch"
    r"|[Ff]reshers?|[Ll]ecturer|[Pp]rofessor)[ \t]+(?:at|from)"
    r"|\b(?:[Aa]n?[ \t]+)?[Aa]lum(?:na|nus|ni|nae)?[ \t]+of(?:[ \t]+the)?"
    r"|\b[Aa]lma[ \t]+mater(?:[ \t]+[^\s.]+){0,5}?[ \t]+is"
    r"|\b(?:did|do|doing)[ \t]+(?:my|his|her|their)[ \t]+studies[ \t]+at"
    r"|\b(?:[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir)[ \t]+(?:uni|university|college|school)[ \t]+(?:is|was)"
    r"|(?:^|\n)[ \t]*(?:[Uu]ni|[Uu]niversity|[Ss]chool|[Cc]ollege)[ \t]*:?)"
    rf"[ \t]+{_ORG}{_ORG_END}"
)
# where someone volunteers is a charity ("a volunteer at Goodwill Industries", "helps out at Emmaus"); whom they
# deal with over paperwork or apply to is a public body ("dealing with Centrelink", "an application at BAMF")
_VOLUNTEER = re.compile(
    r"\b(?:[Vv]olunteer(?:s|ed|ing)?|[Hh]elp(?:s|ed|ing)?[ \t]+out|[Dd]onates?[ \t]+to|[Ff]undrais(?:es|ing)[ \t]+for)"
    rf"[ \t]+(?:at|for|with|to)[ \t]+(?:the[ \t]+)?{_ORG}{_ORG_END}"
)
_PUBLIC_BODY = re.compile(
    r"\b(?:[Dd]ealing[ \t]+with|[Aa]pplication[ \t]+(?:at|to|with)|[Aa]pplied[ \t]+to|[Rr]egistered[ \t]+with"
    r"|[Cc]laim[ \t]+with|[Bb]enefits?[ \t]+from)"
    rf"[ \t]+(?:the[ \t]+)?{_ORG}{_ORG_END}"
)
# cards and accounts named by what they are or where they are used, not by whose they are: "my ID card",
# "his Social Security card", "a Visa card" (a card network), "my Instagram account", "the Northern accounts"
_NOT_BRANDS = frozenset(
    "ID SIM SD PIN PAN Aadhaar Aadhar EHIC GHIC Green Blue Red Gold Platinum Black Birthday Christmas Valentine "
    "Business Credit Debit Library Student Loyalty Identity Residence Health Insurance Emirates Bank Gift "
    "Membership Travel Savings Current Joint Social Security Medicare Medicaid Visa Mastercard MasterCard Maestro "
    "RuPay UnionPay JCB Instagram Facebook TikTok Twitter LinkedIn WhatsApp Snapchat YouTube Google Gmail Apple "
    "iCloud Microsoft Outlook Netflix Spotify Steam Xbox PlayStation Northern Southern Eastern Western Central".split()
)
# whose account or card it is: "his Monzo account", "her Garanti BBVA savings account", "a DBS card"
_ACCOUNT = re.compile(
    rf"\b(?:[Mm]y|[Hh]is|[Hh]er|[Oo]ur|[Tt]heir|[Yy]our|[Aa]n?|[Tt]he|[A-Z][a-z]+['’]s)[ \t]+{_ORG}[ \t]+"
    r"(?:(?:current|savings|checking|business|joint|personal|credit|debit)[ \t]+)?"
    r"(?P<what>account|card|credit[ \t]+card|debit[ \t]+card|statements?|passbook)s?\b"
)


def _account_brand(match: re.Match[str]) -> bool:
    """Whether an account's or card's name is its bank's or brand's (see `_NOT_BRANDS`); a card's product name
    follows its bank ("an HDFC Regalia card"), so before "card" the name is one word or ends in "Bank"."""
    words = match.group("org").split()
    if any(w in _NOT_BRANDS for w in words) or words[-1].endswith(("'s", "’s")):
        return False
    return not match.group("what").endswith("card") or len(words) == 1 or words[-1] == "Bank"


# whose customer someone is: "I've been a Telstra customer for nine years", "my Aviva policyholder number"
_CUSTOMER = re.compile(
    rf"\b(?:[Aa]n?|[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir|[Ll]ong-time|[Ll]oyal)[ \t]+{_ORG}[ \t]+"
    r"(?:customer|client|subscriber|policyholder|cardholder|account holder|employee)s?\b"
)
# where someone is, in a named town: "team at Maersk in Copenhagen", "(at Hays in Warsaw)", "runs Rezaei Design
# Studio in Burnaby"; "at Christmas in Rome" and "at Heathrow in May" name a time or a place (`_NOT_ORG`)
_AT_ORG_IN = re.compile(
    rf"\b(?:at|runs|owns|founded|co-founded)[ \t]+{_ORG}(?=[ \t]+in[ \t]+(?!(?:the|a|an|my|our|his|her|their)\b)"
    r"[A-ZÀ-ÖØ-Þ][\w'’-]+)"
)
_POSSESSIVE_END = re.compile(r"['’]s?$")
_PAPERWORK = re.compile(
    r"[ \t]+(?:over|about|regarding|on|for)[ \t]+(?:(?:my|his|her|their|our|some|the|a|an)[ \t]+)?(?:\w+[ \t]+)?"
    r"(?:paperwork|application|claim|case|benefits?|forms?|tax|visa|permit|pension|licen[cs]e|refund|appeal|documents?)"
)
# a cheap gate before `_CUES`, matched against the lower-cased text: the patterns accept a capital at a sentence
# start ("Works at Siemens."), so the gate must too
_CUE_WORDS = ("work", "employ", "intern", "started", "years", "months", "career", "job", "currently", "recently",
              "previously", "formerly", "join", "left", "quit", "founded", "retired", "driv", "drove", "rid",
              "deliver", "cook", "clean", "freelanc", "courier", "nanny", "bank", "insured", "account", "mortgage",
              "loan", "my", "our", "his", "her", "their", "company", "insurer", "staff", "payroll")

KINDS = {
    "Healthcare Facility": ("Hospital Clinic Surgery Infirmary Hospice Pharmacy Health Medical Dental Klinikum Klinik "
                            "Clinica Clínica Hôpital Ospedale Dermatology Cardiology Orthopaedics Orthopedics "
                            "Physiotherapy Radiology Oncology Paediatrics Pediatrics Maternity Hospice").split(),
    "Educational Institution": ("University College School Academy Primary Polytechnic Nursery Institute Colegio Escuela "
                                "Elementary Gymnasium Lycée Liceo Schule IES Kindergarten Conservatory").split(),
    "Government Agency": ("Council Ministry Department Agency Police Authority Commission Court Service Office "
                          "Revenue HMRC DVLA Embassy Consulate").split(),
    "NGO": "Trust Foundation Charity Aid Society Cross Fund Appeal".split(),
}
_KIND_OF = {word: tag for tag, words in KINDS.items() for word in words}
# words that make the name a place or a time, not an organization
_NOT_ORG = frozenset(
    "Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August "
    "September October November December Christmas Easter Home Heathrow Gatwick Street Road Avenue Lane Airport "
    "Station Park Beach Festival Hotel Diwali Eid Ramadan Hanukkah Thanksgiving New Year Night Noon".split()
)


def _tag_of(name: str, default: str = "Company Name") -> str:
    for word in reversed(re.split(r"[\s-]+", name)):
        tag = _KIND_OF.get(word.strip(".,"))
        if tag is not None:
            return tag
    return default


class EmployerRecognizer(PatternRecognizer):
    """Organizations after a job title and "at"/"for"/"with", or after an employment, bank or insurer cue."""

    def __init__(self) -> None:
        super().__init__("employer", ("Company Name", "Healthcare Facility", "Educational Institution",
                                      "Government Agency", "NGO"), [])

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        raw = doc.text
        ends = doc.words[1]
        seen: set[tuple[int, int]] = set()
        for i in job_word_indexes(doc):
            match = _JOB_AT.match(raw, ends[i])
            if match is not None:
                yield from self._entity(raw, match, seen, "after-job")
            elif (match := _JOB_CV.match(raw, ends[i])) is not None and \
                    _CV_TITLE.match(raw, raw.rfind("\n", 0, ends[i]) + 1, ends[i]):
                yield from self._entity(raw, match, seen, "cv-line")
        folded = raw.lower()
        if any(cue in folded for cue in _CUE_WORDS):
            for match in _CUES.finditer(raw):
                yield from self._entity(raw, match, seen, "cue")
        if " in " in raw:
            for match in _AT_ORG_IN.finditer(raw):
                if not _POSSESSIVE_END.search(match.group("org")):  # "at Sarah's in Leeds": someone's home
                    yield from self._entity(raw, match, seen, "at-org-in")
        for match in _STUDY.finditer(raw):
            yield from self._entity(raw, match, seen, "study", default="Educational Institution")
        for match in _CUSTOMER.finditer(raw):
            yield from self._entity(raw, match, seen, "customer")
        if any(word in folded for word in ("account", "card", "statement", "passbook")):
            for match in _ACCOUNT.finditer(raw):
                if _account_brand(match):
                    yield from self._entity(raw, match, seen, "account")
        for match in _VOLUNTEER.finditer(raw):
            yield from self._entity(raw, match, seen, "volunteer", default="NGO")
        for match in _PUBLIC_BODY.finditer(raw):
            org = match.group("org")
            # "dealing with Mark about it": a single ordinary word may be a person; an acronym, a longer name or
            # the paperwork after it says it is an office
            if " " in org or org.isupper() or _PAPERWORK.match(raw, match.end("org")):
                yield from self._entity(raw, match, seen, "public-body", default="Government Agency")

    def _entity(self, raw: str, match: re.Match[str], seen: set[tuple[int, int]], pattern: str,
                default: str = "Company Name") -> Iterator[Entity]:
        start, end = match.span("org")
        name = raw[start:end].rstrip(".'’")
        end = start + len(name)
        if (start, end) in seen or not name or any(word in _NOT_ORG for word in name.split()):
            return
        if len(name) < 2 or (name.isupper() and len(name) > 12):
            return
        seen.add((start, end))
        yield Entity(name, start, end, _tag_of(name, default), SCORE, DETECTOR_NAME,
                     meta={"recognizer": self.name, "pattern": pattern})



def employer_recognizer() -> EmployerRecognizer:
    """Employers, banks and insurers named by their relation to a person."""
    return EmployerRecognizer()
