"""Identifiers whose format says nothing and whose label says everything.

"123456789" is a tax ID after "TIN", a student number after "student ID" and
nothing at all after "order". So one recognizer finds ID-shaped tokens and the
nearest label word decides the tag (Presidio would need one recognizer per tag
and then a tie-break; nearest-label is what a reader does). A few in-house
formats carry their own label ("EMP-20417", "STU-2023-0042").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import DETECTOR_NAME, Pattern, PatternRecognizer
from proxy.recognizers.context import AFTER_A_QUESTION, NOT_PII, ContextHit, Keywords
from proxy.recognizers.occupations import HEADS as JOB_WORDS
from proxy.recognizers.occupations import HEADS_WITH_MODIFIER, STOP
from proxy.recognizers.scan import ScanText, near_keywords

# other languages' words for a phone ("simu 0712 345 678", "Mi teléfono es ..."), shared with the phone recognizer
PHONE_WORDS_ELSEWHERE = "simu,teléfono,telefono,téléphone,telefone,telefon,celular,móvil,movil,handy,cep"

ID_LABEL_ENTRIES: tuple[tuple[str, str], ...] = (
    ("ssn{,s}", "Social Security Number"),
    ("social security{, number, no}", "Social Security Number"),
    # other countries' social security / national insurance numbers
    ("{=SIN,nino,bsn,nss,nuss,imss,pis,nis,inss}", "Social Security Number"),
    ("{social insurance,national insurance,ni,citizen service,pension insurance} number", "Social Security Number"),
    ("{social insurance,national insurance,carte vitale,seguridad social,sécurité sociale}", "Social Security Number"),
    ("{número de la seguridad social,numéro de sécurité sociale}", "Social Security Number"),
    ("{burgerservicenummer,sozialversicherungsnummer,=My Number,individual number}", "Social Security Number"),
    # national health and personal numbers (NHS, Irish PPS, Polish PESEL, Nordic personal numbers)
    ("{nhs{, number, no},nhs_number,=PPS,ppsn,pps number,pesel,personnummer,personal number}", "Social Security Number"),
    # national identity numbers, named by their document: the spec has no national-ID tag, and these numbers do
    # the job of one ("My CNIC 35202-4819263-5", "NRIC S6612345D"); a bare "ID" is no label ("order ID")
    ("national {id,identity,identification}{, number, no, card, card number, card no}", "Social Security Number"),
    ("{identity,id} {card{, number, no},number,no}", "Social Security Number"),
    (
        "{personal identity{, number, code},citizen{, card, id}{, number, no},citizenship card}",
        "Social Security Number",
    ),
    ("resident {id,identity card,registration number,registration no}", "Social Security Number"),
    (
        "{emirates id,=CNIC,=NIC,=NIN,nin number,=NIK,nric,mykad,=IIN,=CIN,cédula,cedula,curp,aadhaar{, no, number},"
        "aadhar{, no, number},amka,henkilötunnus,hetu,=RRN,omang,ghana card,ssnit{, number},=HKID}",
        "Social Security Number",
    ),
    ("tax{,payer}{, id, identification, number, no, code, file number, reference}", "Tax ID"),
    # social-security numbers by their scheme's name: the Philippines' SSS, Mexico's IMSS, Spain's "Nº afiliación SS"
    ("{=SSS,sss {number,no},imss{, number, no},{nº,no,número,numero} {de ,}afiliaci{ó,o}n{, ss}}", "Social Security Number"),
    # Romania's CNP, France's "numéro de sécu", Quebec's NAS, Canada's SIN, Egypt's national number,
    # Peru's foreigner card, Singapore's IC, Brazil's RG, a misspelt Aadhaar
    (
        "{=CNP,{numéro,numero,n°} de s{é,e}cu{,rité sociale},=NAS,social insurance number,=SIN,"
        "raqam {el ,}qawmy,carnet de extranjer{í,i}a,=IC,=RG,adhar{, no, number}}",
        "Social Security Number",
    ),
    ("{=TIN,ein,itin,tfn,nif,nie,dni,utr,cpf,=PAN,rfc,=SPI,cuit,=RUT,kra pin,=AFM,=NTN}", "Tax ID"),
    ("{taxes,file taxes,files taxes,filed taxes}", "Tax ID"),
    # more national and benefit numbers by their scheme's name: Turkey's TC kimlik, Kenya's kitambulisho, France's
    # CAF allocataire number, German health insurance, US Medicare/Medicaid, a hospital's medical record number,
    # a US alien registration number ("A-number", "número A")
    (
        "{tc kimlik{, no, numarası, numarasi},kimlik {no,numarası,numarasi},kitambulisho,{numéro,numero,n°} allocataire,"
        "allocataire,versichertennummer,krankenversicherungsnummer,medicare{, number, no},medicaid{, number, no},"
        "=MRN,medical record {number,no},hospital {number,no},a-number,alien {number,registration number},"
        "uscis {number,no},{número,numero} a}",
        "Social Security Number",
    ),
    # Turkey's TCKN, Vietnam's citizen ID and health insurance cards, a German insurance number, India's hospital ID
    ("{=TCKN,=CCCD,=CMND,số cccd,=BHYT,mã số bhyt,versicherten-nr,versicherten nr,=UHID,carteirinha}",
     "Social Security Number"),
    ("{identifikationsnummer,=IdNr,=NIP,=C F,=CF}", "Tax ID"),  # "C.F." is the words C and F
    ("{matricule,matricule salarié}", "Employee ID"),
    ("{=PRN,seat {no,number},=INE,common app id,=CAS {number,no}}", "Student ID"),
    ("{{nomor ,no ,no. ,}rekening,=rek}", "Bank Account"),
    ("sevis{, id, number, no}", "Student ID"),
    ("loan {number,no,account{, number, no}}", "Bank Account"),
    # a health plan's member number ("Aetna member id W284719365", "insurance member no. 88213")
    ("{insurance ,plan ,health plan ,insurer ,}member {id,number,no}", "Social Security Number"),
    # a bare "btw" is chat's "by the way", so only "btw id"/"btw nummer" are the Dutch VAT label
    ("{vat{, id, number, no},btw {id,nummer},fiscal code,codice fiscale,numéro fiscal}", "Tax ID"),
    (
        "{unique taxpayer reference,permanent account number,steuer id,steueridentifikationsnummer,steuernummer}",
        "Tax ID",
    ),
    ("{student{,s},matriculation,matrikelnummer,enrollment,enrolment,enrolled,campus card}", "Student ID"),
    ("{student,campus} id {number,no,card}", "Student ID"),  # before "ID number" can take it
    # "roll no. 22CE1047", "adm. no. MFA/2021/0457", Hungary's "Neptun code"
    ("{{roll,adm,admission} {no,number},neptun code}", "Student ID"),
    ("{=SID,university id,registrar}", "Student ID"),
    # "matric no. 2739148K", a pupil's "UPN", an applicant's number ("Applicant ID: LSHTM-APP-240871"), "nº de aluno"
    ("{matric{, no, number},=UPN,applicant {id,number,no},{nº,no,número,numero} de {aluno,aluna,alumno,alumna,estudiante}}",
     "Student ID"),
    ("{employee{,s},staff,badge,personnel,payroll,worker,clock in,clocks in,clocked in}", "Employee ID"),
    ("{=EMP,=HR}", "Employee ID"),
    ("{employee,staff,badge,personnel,worker} id {number,no,card}", "Employee ID"),
    # "emp id INF-209384", "emp_id: KL-00912", "Personalnummer P-40917", "Persal number", "número de empleada"
    (
        "{emp {id,no,number,#},emp_id,emp_no,personalnummer,personal nr,persal,collar number,"
        "{número,numero} de {empleado,empleada}}",
        "Employee ID",
    ),
    ("passport{,s}", "Passport Number"),
    # other languages' passports, and a booking's "PP CB482913"
    ("{pasaporte,passeport,passaporte,passaporto,reisepass,reisepässe,reisepasses,paszport,pasaport,paspor,pasipoti,"
     "hộ chiếu,=PP}", "Passport Number"),
    ("{driver's,drivers,driver,driving} licen{c,s}e{,s}", "Driver's License"),
    ("licen{c,s}e{,s}", "Driver's License"),
    ("{=DL,=DLN,dl number,dl no}", "Driver's License"),
    ("{bank ,checking ,savings ,current ,futsu ,}account{,s}", "Bank Account"),
    ("{acct,routing,sort code,bank details,conta corrente,=IBAN,=CLABE,=NUBAN,=ABA,=BSB}", "Bank Account"),
    ("{payments,deposits,direct deposit,wire transfer{,s},transfers}", "Bank Account"),
    (
        "{order{,s},invoice{,s},faktura{, vat}{, nr},ticket{,s},ref,reference,tracking,confirmation,booking,flight{,s},room{,s},"
        "zip,postal,postcode,phone,tel,mobile,cell,fax,serial,model,version,case,claim,policy,item,sku,"
        # other languages' phone words ("simu 0712 345 678" beside a kitambulisho number is a phone)
        f"{PHONE_WORDS_ELSEWHERE},"
        "licen{c,s}e plate{,s},plate{,s}}",
        NOT_PII,
    ),
    (
        "{order,invoice,ticket,reference,tracking,confirmation,booking,customer,user,transaction,device,"
        "session,application,client,subscriber,product,patient} id {number,no}",
        NOT_PII,
    ),
)
ID_LABELS = Keywords(ID_LABEL_ENTRIES)
# the tags an ID label can name
ID_TAGS = ("Social Security Number", "Tax ID", "Student ID", "Employee ID", "Passport Number", "Driver's License",
           "Bank Account")

# An ID-shaped token: letters and digits with inner "-", "/" or "#", dots or single
# spaces between digit groups ("123.456.789-09", "12 345 678 901"). Its first
# space-free part must hold a digit: that keeps plain words out cheaply.
_TOKEN = re.compile(
    r"(?<![\w$€£¥@./:#-])"
    r"(?=[A-Za-z0-9/#-]*\d)"
    r"[A-Za-z0-9]+(?:(?:[-/#]|(?<=\d)[. ](?=\d))[A-Za-z0-9]+)*"
    r"(?![\w@-]|[.,:/]\w)"
)


# A date written with digits is a date, whatever label stands near it ("on staff since 03/2012").
_DATE_SHAPED = re.compile(
    r"\d{1,2}([/.-])\d{1,2}\1(?:\d{2}|\d{4})|\d{4}([/.-])\d{1,2}\2\d{1,2}"
    # a month and a year: a real month and a year of these centuries ("03/2012"), not "30-5519"
    r"|(?:0?[1-9]|1[0-2])[/.-](?:19|20)\d{2}|(?:19|20)\d{2}[/.-](?:0?[1-9]|1[0-2])"
)


def _is_date(token: str) -> bool:
    """Date-shaped with numbers a day and a month can have: "20-45-77" is a sort code, not a date."""
    if not _DATE_SHAPED.fullmatch(token):
        return False
    parts = [int(p) for p in re.split(r"[/.-]", token)]
    if len(parts) == 2:  # a month and a year: the pattern checked the month
        return True
    first, second, third = parts
    if first > 31:  # year first
        return 1 <= second <= 12 and 1 <= third <= 31
    return (1 <= first <= 31 and 1 <= second <= 12) or (1 <= first <= 12 and 1 <= second <= 31)


_YEAR_RANGE = re.compile(r"((?:19|20)\d{2})[/-]((?:19|20)\d{2}|\d{2})")


def _is_year_range(token: str) -> bool:
    """A tax or school year ("2022-23", "2024/25") or a span of years ("2019-2022"): a date, not an ID."""
    match = _YEAR_RANGE.fullmatch(token)
    if match is None:
        return False
    first, second = int(match.group(1)), match.group(2)
    if len(second) == 2:
        return int(second) == (first + 1) % 100
    return first < int(second) <= first + 60


def _looks_like_id(token: str) -> bool:
    """5-24 characters with enough digits that it is not a word, a year or an amount.

    Space- or dot-separated digit groups need more digits, so "2019 12" or
    "1234.56" next to a label word do not pass as identifiers.
    """
    if not 5 <= len(token) <= 24 or _is_date(token) or _is_year_range(token):
        return False
    digits = sum(c.isdigit() for c in token)
    letters = sum(c.isalpha() for c in token)
    if " " in token or "." in token:
        return digits >= 8
    if letters:
        # alphanumeric passports and licences ("C01X00T47", "WDL8QTBZ8") may hold
        # one or two digits; upper case and length keep words out
        if len(token) >= 8 and token.isupper():
            return digits >= 1
        return digits >= (3 if len(token) >= 8 else 4)
    return digits >= 5


# Keywords after which a 9-digit number must also be a possible US SSN.
_US_SSN_WORDS = ("ssn", "social security")


def possible_ssn(digits: str) -> bool:
    """Whether nine digits have an issuable SSN's parts: no area 000, 666 or 9xx, no group 00, no serial 0000.
    stdnum's `is_valid` also refuses a few publicised numbers ("078-05-1120", from a wallet insert); beside an SSN
    label those are still written as someone's SSN."""
    area, group, serial = digits[:3], digits[3:5], digits[5:]
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


# What opens an answer after a question: the "?", a speaker label ("A:", "CUSTOMER:") and fillers ("um, it's")
_ANSWER_OPENING = re.compile(
    AFTER_A_QUESTION + r"(?:(?:it's|it’s|it is|yes|yeah|sure|um|uh|ok|okay)[,.]?[ \t]+)*\Z",
    re.IGNORECASE,
)


class LabelledIdRecognizer(PatternRecognizer):
    """ID-shaped tokens tagged by the nearest label word; no label, no entity."""

    def __init__(self) -> None:
        super().__init__(
            "labelled-id",
            ID_TAGS,
            [
                Pattern(
                    "id-token",
                    _TOKEN,
                    0.6,
                    _looks_like_id,
                    requires_context=True,
                    anchors=near_keywords(ID_LABELS.first_words, 48, 40, digits_only=True),
                ),
                Pattern.compile("employee-prefixed", r"EMP[-#]?\d{3,10}(?![\w-])", 0.85, left_bound="-"),
                # UK driving licence: surname, birth date digits, initials, check characters
                Pattern.compile(
                    "gb-driving-licence",
                    r"[A-Z9]{5} ?\d{6} ?[A-Z9]{2}\d[A-Z0-9]{2}(?![\w-])",
                    0.85,
                    left_bound="-",
                ),
                Pattern.compile("student-prefixed", r"STU-?\d{3,10}(?:-\d{2,6})?(?![\w-])", 0.85, left_bound="-"),
                # a UK National Insurance number as printed, "QH 48 29 61 C", next to its label even when its prefix
                # is not one HMRC issues (the ssn recognizer's "gb-nino" takes the valid ones anywhere)
                Pattern.compile(
                    "spaced-nino", r"[A-Z]{2} \d{2} \d{2} \d{2} [A-D](?![\w-])", 0.6, requires_context=True, left_bound="-"
                ),
            ],
            context=ID_LABELS,
            context_boost=0.0,
            label_boost=0.25,
            label_gap=20,
            window=(48, 40),
        )

    def find_context(self, doc: ScanText, start: int, end: int) -> ContextHit | None:
        """The nearest label; for a value that answers a question ("Q: Passport number? A: C8834172"), the label
        inside that question (the window before stops at its "?")."""
        hit = super().find_context(doc, start, end)
        if hit is None and self.context is not None:
            answer = _ANSWER_OPENING.search(doc.text, max(0, start - 48), start)
            if answer is not None:
                hit = self.context.nearest(doc, answer.start(), answer.start(), before=self.window[0], after=0)
        return hit

    def tag_for(self, hit: ContextHit | None, pattern: Pattern, span: str) -> str | None:
        if pattern.name == "employee-prefixed":
            return "Employee ID"
        if pattern.name == "student-prefixed":
            return "Student ID"
        if pattern.name == "gb-driving-licence":
            return "Driver's License"
        if hit is None or hit.label == NOT_PII:
            return None  # no label, or "order"/"invoice"/... is nearer than any ID label
        if hit.label == "Social Security Number" and hit.keyword.lower().startswith(_US_SSN_WORDS):
            digits = re.sub(r"\D", "", span)
            if len(digits) == 9 and not possible_ssn(digits):
                return None  # an SSN label does not excuse an impossible SSN (000-, 666-, 9xx-)
        return hit.label

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        doc = text if isinstance(text, ScanText) else ScanText(text)
        found = list(super().analyze(doc))
        yield from found
        taken = {(e.start, e.end) for e in found}
        readings = [(*value, "bare-id") for value in _bare_id_values(doc)]
        readings += [(*value, "name-then-id") for value in _named_id_values(doc)]
        for start, end, tag, pattern in readings:
            if (start, end) not in taken:
                taken.add((start, end))
                yield Entity(text=doc.text[start:end], start=start, end=end, tag=tag, score=0.6, detector=DETECTOR_NAME,
                             meta={"recognizer": self.name, "pattern": pattern})

    def score_for(self, hit: ContextHit | None, pattern: Pattern, span: str) -> float:
        if pattern.name != "id-token":
            return pattern.score + (0.1 if hit is not None and hit.label != NOT_PII else 0.0)
        return super().score_for(hit, pattern, span)


# A bare "ID" before a value: whose ID it is comes from the job or the place of study before it ("warehouse supervisor,
# ID NZ-61208", "student ... at Inha University (id U2210347)")
_BARE_ID = re.compile(r"(?<![\w-])(?:ID|Id|id)[ \t]*[:#]?[ \t]*(?=[A-Za-z0-9])")
_STUDY_WORD = re.compile(r"\b(?:student|university|college|school)\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+")


def _study_or_job_tag(around: str, centre: int) -> str | None:
    """Student ID or Employee ID by whichever of a study word and a job word in `around` starts nearer `centre`;
    None when neither is there."""
    study = [abs(m.start() - centre) for m in _STUDY_WORD.finditer(around)]
    words = list(_WORD.finditer(around.lower()))
    # a word that is a job only with a modifier counts after one: "team leader", "customer service representative"
    job = [abs(m.start() - centre) for i, m in enumerate(words)
           if m.group() in JOB_WORDS or (m.group() in HEADS_WITH_MODIFIER and i > 0 and words[i - 1].group() not in STOP
                                          and around[words[i - 1].end():m.start()] == " ")]
    if not study and not job:
        return None
    return "Student ID" if study and (not job or min(study) < min(job)) else "Employee ID"


def _bare_id_values(doc: ScanText) -> Iterator[tuple[int, int, str]]:
    """(start, end, tag) of each ID after a bare "ID" that no label claims, by the nearer of a job word and a study
    word in the 80 characters before it; none when neither is there."""
    text = doc.text
    for label in _BARE_ID.finditer(text):
        token = _TOKEN.match(text, label.end())
        if token is None or not _looks_like_id(token.group()):
            continue
        if ID_LABELS.nearest(doc, token.start(), token.end(), before=48, after=40) is not None:
            continue  # another label claims it ("order ID ...", "Apple ID"): not this reading
        low = max(0, label.start() - 80)
        if (tag := _study_or_job_tag(text[low:label.start()], label.start() - low)) is not None:
            yield token.start(), token.end(), tag


# A person's ID in brackets after their name: "Kjetil Brekke (HL-02291), 47, shift manager", "submitted by Kwame Asante
# (KA2291047)"; letters then digits, so "(2019)" or "(Mum)" are not one
_NAME_THEN_ID = re.compile(
    r"\b[A-Z][^\W\d_]+(?:-[^\W\d_]+)?(?:[ \t]+[A-Z][^\W\d_]+(?:-[^\W\d_]+)?){1,3}[ \t]+\("
    r"(?P<id>[A-Z]{1,4}-?(?:[A-Z]{1,4}-)?\d[A-Za-z0-9]*)\)"
)


def _named_id_values(doc: ScanText) -> Iterator[tuple[int, int, str]]:
    """(start, end, tag) of each ID in brackets after a name that no label claims, by the nearer of a job word and a
    study word within 80 characters either side ("His manager, Kim Soo-yeon (HN-10942)"); none when neither is."""
    text = doc.text
    for match in _NAME_THEN_ID.finditer(text):
        start, end = match.span("id")
        if not _looks_like_id(match.group("id")):
            continue
        if ID_LABELS.nearest(doc, start, end, before=48, after=40) is not None:
            continue  # a label's reading ("Staff ID", "order") is the labelled recognizer's
        low = max(0, match.start() - 80)
        if (tag := _study_or_job_tag(text[low:min(len(text), end + 80)], start - low)) is not None:
            yield start, end, tag


def id_column_tag(header: str) -> str | None:
    """The ID tag a table's header cell names ("Student ID", "Emp ID", "employee_id", "Passport no."), for
    `proxy.recognizers.tables`."""
    if not header or len(header) > 30:
        return None
    words = header.replace("_", " ")
    hit = ID_LABELS.nearest(ScanText(words), len(words), len(words), before=len(words) + 1, after=0)
    return None if hit is None or hit.label == NOT_PII else hit.label


def is_id_token(value: str) -> bool:
    """Whether a whole value (a table cell) has an identifier's shape."""
    return _TOKEN.fullmatch(value) is not None and _looks_like_id(value)


def labelled_id_recognizer() -> PatternRecognizer:
    return LabelledIdRecognizer()
