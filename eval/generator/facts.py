"""Fact kinds: one kind of PII a person can have, how its value is drawn from
the persona (so values stay consistent), and how queries refer to it."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from . import formats as fm
from . import identifiers as ids
from . import orgs, places
from .names import make_email, make_handle
from .persona import ORIGIN_OF_CULTURE, REFERENCE_DATE, Persona
from .values import Value, marked
from .vocab_people import (
    BLOOD_TYPES,
    CHILD_CONDITIONS,
    CONDITIONS,
    DISABILITIES,
    ETHNICITIES,
    GENDER_VALUES,
    LESBIAN,
    LOCAL_VIEWS,
    MALE_FEATURES,
    NAME_ORIGIN_NATIONALITIES,
    NATIONALITIES_EXTRA,
    ORIENTATIONS,
    PARTIES,
    POLITICAL_VIEWS,
    RACES_BY_ORIGIN,
    RELIGIONS_BY_ORIGIN,
    RELIGIONS_GENERAL,
    physical_features,
)
from .vocab_work import ARTS_FIELDS, EDUCATION_LEVELS, LOCAL_SCHOOL_LEVELS

Maker = Callable[[Persona, random.Random], "Value | None"]
CULTURE_OF_ORIGIN = {v: k for k, v in ORIGIN_OF_CULTURE.items()}
_FEATURES = physical_features()


@dataclass(frozen=True)
class FactKind:
    key: str
    group: str
    topics: tuple[str, ...]          # query scenarios that need it (see queries.TOPICS)
    refs: tuple[str, ...]            # how a query names it without quoting it ("take-home pay")
    labels: tuple[str, ...]          # form-field labels
    make: Maker
    nouns: tuple[str, ...] = ()      # words for {N}; identifiers bring their own
    minors: bool = False             # can a child/teen have it


def _memo(p: Persona, key: str, rng: random.Random, draw: Callable[[], float]) -> float:
    if key not in p.memo:
        p.memo[key] = draw()
    return p.memo[key]  # type: ignore[return-value]


def _money(tag: str, factor: Callable[[Persona, random.Random], float | None], nouns: tuple[str, ...] = ()) -> Maker:
    def make(p: Persona, rng: random.Random) -> Value | None:
        amount = factor(p, rng)
        if not amount:
            return None
        return Value(fm.money(rng, p.culture, fm.round_amount(rng, amount)), tag, nouns=nouns)
    return make


def _tenure_years(p: Persona, rng: random.Random) -> float:
    return _memo(p, "tenure", rng, lambda: rng.randint(1, max(1, min(p.age - 21, 30))))


def _code(fn: Callable[[Persona, random.Random], ids.Code | None], tag: str) -> Maker:
    def make(p: Persona, rng: random.Random) -> Value | None:
        code = fn(p, rng)
        return Value(code.text, tag, nouns=code.nouns) if code else None
    return make


def _degree(p: Persona, rng: random.Random) -> Value | None:
    level = 3 if p.stage == "student" else p.level
    if level < 3 or not p.field:
        return None
    f = p.field
    arts = f in ARTS_FIELDS
    us_like = p.culture.code in ("US", "CA", "NG", "IN")
    if f == "Medicine":
        text = rng.choice(("MD", "Doctor of Medicine") if p.culture.code in ("US", "CA") else ("MBBS", "medical degree"))
    elif f == "Law" and level >= 4:
        text = rng.choice(("JD", "Juris Doctor") if p.culture.code in ("US", "CA") else ("LLM", "Master of Laws"))
    elif f == "Law":
        text = rng.choice(("LLB", "Bachelor of Laws"))
    elif f == "Dentistry":
        text = rng.choice(("DDS", "Doctor of Dental Surgery", "BDS"))
    elif f == "Pharmacy":
        text = rng.choice(("PharmD", "Doctor of Pharmacy", "BPharm"))
    elif level == 3:
        forms = ("Bachelor of Arts in {f}", "BA in {f}", "B.A. in {f}") if arts else (
            "Bachelor of Science in {f}", "BSc in {f}", "B.S. in {f}", "bachelor's in {f}")
        if "Engineering" in f and not us_like:
            forms += ("BEng in {f}",)
        text = rng.choice(forms).format(f=f)
    elif level == 4:
        if f in ("Business Administration", "Management", "Finance", "Marketing") and rng.random() < 0.6:
            text = rng.choice(("MBA", "Master of Business Administration"))
        elif f in ("Public Health", "Epidemiology") and rng.random() < 0.6:
            text = rng.choice(("MPH", "Master of Public Health"))
        else:
            forms = ("Master of Arts in {f}", "MA in {f}", "master's in {f}") if arts else (
                "Master of Science in {f}", "MSc in {f}", "M.S. in {f}", "master's degree in {f}")
            text = rng.choice(forms).format(f=f)
    else:
        text = rng.choice(("PhD in {f}", "Ph.D. in {f}", "doctorate in {f}", "DPhil in {f}")).format(f=f)
    return Value(text, "Academic Degree", "a", "pursuing" if p.stage == "student" else "done")


def _education_level(p: Persona, rng: random.Random) -> Value | None:
    if p.level < 1:
        return None
    local = LOCAL_SCHOOL_LEVELS.get(p.culture.code, {}).get(p.level, ())
    raw = rng.choice(local) if local and rng.random() < 0.5 else rng.choice(EDUCATION_LEVELS[p.level])
    return marked(raw, "Education Level")


def _alma_mater(p: Persona, rng: random.Random) -> Value | None:
    if p.stage in ("child", "teen") or p.level < 1:
        return None
    if p.level >= 3:
        return orgs.university(rng, p.culture)
    return orgs.school(rng, p.culture, p.name.last, secondary=True)


def _school_current(p: Persona, rng: random.Random) -> Value | None:
    if p.stage == "student":
        return orgs.university(rng, p.culture) if rng.random() < 0.8 else orgs.school(rng, p.culture, p.name.last)
    if p.stage in ("child", "teen"):
        return orgs.school(rng, p.culture, p.name.last)
    return None


def _graduation(p: Persona, rng: random.Random) -> Value | None:
    if p.stage in ("child", "teen", "student") or p.level < 1:
        return None
    grad_age = {1: 18, 2: 20, 3: 22, 4: 24, 5: 28}[p.level] + rng.randint(0, 2)
    year = min(p.birth.year + grad_age, REFERENCE_DATE.year - 1)
    d = REFERENCE_DATE.replace(year=year, month=rng.choice((5, 6, 6, 7, 12)), day=rng.randint(1, 28))
    return Value(fm.month_year(rng, d) if rng.random() < 0.5 else fm.full_date(rng, p.culture, d), "Date")


def _gender(p: Persona, rng: random.Random) -> Value:
    if not p.is_adult and p.gender in ("female", "male"):
        return marked(rng.choice(("~female", "a girl")) if p.gender == "female" else rng.choice(("~male", "a boy")), "Gender")
    key = p.gender if not p.trans else ("trans_female" if p.gender == "female" else "trans_male")
    return marked(rng.choice(GENDER_VALUES[key]), "Gender")


def _height(p: Persona, rng: random.Random) -> Value:
    if p.stage == "child":
        cm = int(rng.gauss(100 + 6 * p.age, 5))
    else:
        mean = {"female": 164, "male": 177}.get(p.gender, 170)
        cm = int(rng.gauss(mean - (8 if p.stage == "teen" else 0), 7))
    p.memo["cm"] = cm
    return Value(fm.height(rng, p.culture, cm), "Height")


def _weight(p: Persona, rng: random.Random) -> Value:
    if p.stage == "child":
        kg = int(rng.gauss(2 * p.age + 9, 3))
    else:
        cm = p.memo.get("cm") or {"female": 164, "male": 177}.get(p.gender, 170)
        kg = int(rng.gauss(23.5 * (cm / 100) ** 2, 9))
    return Value(fm.weight(rng, p.culture, max(kg, 14)), "Weight")


def _nationality(p: Persona, rng: random.Random) -> Value:
    home = p.culture.demonym
    if rng.random() < 0.03:
        text = rng.choice(NATIONALITIES_EXTRA)
    elif p.origin in NAME_ORIGIN_NATIONALITIES and rng.random() < 0.6:
        text = rng.choice(NAME_ORIGIN_NATIONALITIES[p.origin])
    elif p.origin in CULTURE_OF_ORIGIN and CULTURE_OF_ORIGIN[p.origin] != p.culture.code and rng.random() < 0.6:
        from .cultures import CULTURES
        text = CULTURES[CULTURE_OF_ORIGIN[p.origin]].demonym
    else:
        text = home
    return Value(text, "Nationality", "", "adj")


def _race(p: Persona, rng: random.Random) -> Value:
    group = {"zh": "east_asian", "ko": "east_asian", "ja_JP": "east_asian"}.get(p.origin, p.origin)
    if group not in RACES_BY_ORIGIN:
        group = "european"
    if p.culture.code == "US" and group == "east_asian" and rng.random() < 0.4:
        return Value("Asian American", "Race", "", "adj")
    return Value(rng.choice(RACES_BY_ORIGIN[group]), "Race", "", "adj")


def _religion(p: Persona, rng: random.Random) -> Value:
    pool = RELIGIONS_BY_ORIGIN.get(p.origin, RELIGIONS_GENERAL) if rng.random() < 0.8 else RELIGIONS_GENERAL
    return marked(rng.choice(pool), "Religious Belief")


def _orientation(p: Persona, rng: random.Random) -> Value:
    pool = ORIENTATIONS + ((LESBIAN,) * 2 if p.gender == "female" else ())
    return marked(rng.choice(pool), "Sexual Orientation")


def _physical(p: Persona, rng: random.Random) -> Value:
    pool = _FEATURES + (MALE_FEATURES * 8 if p.gender == "male" and p.is_adult else ())
    return marked(rng.choice(pool), "Physical Features", form="have")


def _disability(p: Persona, rng: random.Random) -> Value:
    p.memo["disabled"] = True
    form = rng.choice(("adj", "adj", "noun", "have", "have"))
    raw = rng.choice(DISABILITIES[form])
    return marked(raw, "Disability Status", form=form)


def _condition(p: Persona, rng: random.Random) -> Value:
    raw = rng.choice(CHILD_CONDITIONS if not p.is_adult else CONDITIONS)
    return marked(raw, "Medical Condition", form="have")


def _email(p: Persona, rng: random.Random) -> Value:
    domain = None
    if p.employer is not None and p.employer.tag == "Company Name" and rng.random() < 0.6:
        slug = re.sub(r"[^a-z0-9]", "", p.employer.text.lower().split(" ")[0]) or "work"
        domain = f"{slug}.{rng.choice(('com', 'com', 'io', 'co'))}"
    return Value(make_email(rng, p.name, p.birth.year, p.culture.code, domain), "Email Address")


def _loan(p: Persona, rng: random.Random) -> Value | None:
    if p.income <= 0:
        return None
    kind = rng.choice(("student", "personal") if p.stage == "student" else ("mortgage", "car", "student", "personal"))
    if kind == "student" and p.level < 3 and p.stage != "student":
        kind = "personal"
    factor = {"mortgage": (40, 90), "car": (3, 9), "student": (2, 10), "personal": (1, 5)}[kind]
    nouns = {"mortgage": ("mortgage", "home loan"), "car": ("car loan", "auto loan"),
             "student": ("student loan",), "personal": ("personal loan", "loan")}[kind]
    amount = p.income * rng.uniform(*factor)
    p.memo["loan_kind"] = kind
    return Value(fm.money(rng, p.culture, fm.round_amount(rng, amount)), "Loan Amount", nouns=nouns)


def _loan_term(p: Persona, rng: random.Random) -> Value | None:
    """A term that fits the loan: decades for a mortgage, a few years for a car."""
    if value_of(p, "loan", rng) is None:
        return None
    years = {"mortgage": (15, 20, 25, 30), "car": (3, 4, 5, 6), "student": (5, 10, 15, 20), "personal": (1, 2, 3, 5)}
    return Value(fm.duration(rng, rng.choice(years[str(p.memo.get("loan_kind", "personal"))]), "year"), "Duration")


def _ss(p: Persona, rng: random.Random) -> Value | None:
    if p.stage != "retired" and not p.memo.get("disabled"):
        return None
    nouns = {"US": ("Social Security check", "Social Security benefit"), "GB": ("state pension", "pension payment"),
             "CA": ("CPP payment", "OAS pension"), "AU": ("Age Pension", "Centrelink payment"),
             "DE": ("Rente", "state pension"), "FR": ("retraite", "pension")}.get(p.culture.code, ("pension", "social security payment"))
    amount = rng.uniform(800, 2600) * p.culture.money_scale
    return Value(fm.money(rng, p.culture, fm.round_amount(rng, amount)), "Social Security Payment", nouns=nouns)


def _tax(p: Persona, rng: random.Random) -> Value | None:
    if p.income <= 0:
        return None
    kind = rng.choice(("annual", "quarterly", "property"))
    amount = p.income * {"annual": 12 * rng.uniform(0.1, 0.3), "quarterly": 3 * rng.uniform(0.1, 0.25), "property": rng.uniform(1, 4)}[kind]
    nouns = {"annual": ("tax bill", "income tax bill", "annual tax payment"), "quarterly": ("quarterly estimated tax payment", "quarterly tax payment"),
             "property": ("property tax", "council tax bill" if p.culture.code == "GB" else "property tax bill")}[kind]
    return Value(fm.money(rng, p.culture, fm.round_amount(rng, amount)), "Tax Payment", nouns=nouns)


def _investment_return(p: Persona, rng: random.Random) -> Value | None:
    if p.income <= 0:
        return None
    if rng.random() < 0.5:
        return Value(fm.percent(rng, round(rng.uniform(1.5, 18), rng.choice((0, 1))), p.culture), "Investment Return", form="rate")
    return Value(fm.money(rng, p.culture, fm.round_amount(rng, p.income * rng.uniform(0.2, 6))), "Investment Return", form="money")


def _appointment(p: Persona, rng: random.Random) -> Value:
    d = REFERENCE_DATE + timedelta(days=rng.randint(1, 60))
    return Value(fm.short_date(rng, p.culture, d), "Date")


def _past_date(p: Persona, rng: random.Random, years: float) -> Value:
    d = REFERENCE_DATE - timedelta(days=int(years * 365) + rng.randint(0, 200))
    return Value(fm.month_year(rng, d) if rng.random() < 0.4 else fm.full_date(rng, p.culture, d), "Date")


def _duration_years(rng: random.Random, years: float) -> str:
    if years < 2 and rng.random() < 0.6:
        return fm.duration(rng, max(2, int(years * 12)), "month")
    return fm.duration(rng, max(1, int(years)), "year")


def _working(p: Persona) -> bool:
    return p.working


KINDS: dict[str, FactKind] = {}

# facts that read as a continuation of another ("the symptoms started ... ago") and what they lean on
REQUIRES = {
    "condition_duration": ("condition",), "appointment_time": ("appointment_date", "clinic"), "tenure": ("employer",),
    "job_start": ("employer",), "shift_time": ("occupation", "employer"), "loan_term": ("loan",),
    "move_in": ("address", "city"), "residence_duration": ("address", "city"), "graduation": ("degree", "alma_mater"),
    "expenses": ("income",),
}
DEPENDENTS = frozenset(REQUIRES)


def _kind(key: str, group: str, topics: str, refs: str, labels: str, make: Maker, nouns: str = "",
          minors: bool = False) -> None:
    split = lambda s: tuple(x.strip() for x in s.split(";") if x.strip())
    KINDS[key] = FactKind(key, group, split(topics), split(refs), split(labels), make, split(nouns), minors)


def _only(pred: Callable[[Persona], bool], make: Maker) -> Maker:
    return lambda p, rng: make(p, rng) if pred(p) else None


# identity and contact ---------------------------------------------------------------------------
_kind("nickname", "identity", "", "", "Nickname;Goes by", lambda p, r: Value(p.nickname, "Nickname"), "nickname", minors=True)
_kind("handle", "identity", "", "", "Instagram;Handle;Socials", lambda p, r: Value(make_handle(r, p.name, p.birth.year), "Social Media Handle"),
      "Instagram handle;handle;Twitter handle;TikTok;username")
_kind("phone", "contact", "contact;account_security", "phone number;mobile number;contact number", "Phone;Mobile;Tel.;Contact number",
      _code(lambda p, r: ids.phone(r, p.culture.phone_formats), "Phone Number"))
_kind("email", "contact", "contact;account_security", "email address;email", "Email;E-mail;Email address", _email, "email;email address;e-mail")
_kind("address", "contact", "contact;home;identity_docs", "home address;address;street address", "Address;Home address;Street address",
      lambda p, r: Value(places.street_address(r, p.culture, p.city), "Street Address"), "address;home address", minors=True)
_kind("city", "contact", "home", "current city;city;area", "City;Location;Based in",
      lambda p, r: Value(p.city, "City/Region", nouns=("city", "home city")) if r.random() < 0.8
      else Value(r.choice(p.culture.regions), "City/Region", nouns=("region", "area")), "city", minors=True)
_kind("hometown", "contact", "identity;home", "hometown;birthplace;home town", "Place of birth;Hometown",
      lambda p, r: Value(r.choice(places.ORIGIN_CITIES.get(p.origin) or p.culture.cities), "City/Region"), "hometown;birthplace", minors=True)
_kind("landmark", "contact", "home", "nearby landmark;local landmark", "Nearest landmark",
      lambda p, r: places.landmark(r, p.culture, p.city, p.name.last), "landmark", minors=True)
# identifiers ------------------------------------------------------------------------------------
_kind("ssn", "ids", "payment;identity_docs", "", "SSN;Social security no.;National insurance no.",
      _only(lambda p: p.is_adult, _code(lambda p, r: ids.social_security(r, p.culture.code, p.name, p.birth, p.gender), "Social Security Number")))
_kind("drivers_license", "ids", "identity_docs", "", "Driver's license;Driving licence no.;DL #",
      _only(lambda p: p.age >= 18, _code(lambda p, r: ids.drivers_license(r, p.culture.code, p.name, p.birth, p.gender), "Driver's License")))
_kind("passport", "ids", "identity_docs", "", "Passport no.;Passport number",
      _code(lambda p, r: ids.passport(r, p.culture.code), "Passport Number"), minors=True)
_kind("tax_id", "ids", "payment;identity_docs;legal_case", "", "Tax ID;TIN;Tax reference",
      _only(lambda p: p.is_adult, _code(lambda p, r: ids.tax_id(r, p.culture.code, p.name, p.birth, p.gender), "Tax ID")))
_kind("bank_account", "ids", "payment", "", "Bank account;IBAN;Account no.",
      _only(lambda p: p.is_adult, _code(lambda p, r: ids.bank_account(r, p.culture.code), "Bank Account")))
_kind("credit_card", "ids", "payment", "", "Card number;Credit card",
      _only(lambda p: p.is_adult, _code(lambda p, r: ids.credit_card(r, p.culture.code), "Credit Card")))
_kind("ip_address", "ids", "account_security", "", "IP address;Last login IP", _code(lambda p, r: ids.ip_address(r), "IP Address"))
_kind("password_hash", "ids", "account_security", "", "Password hash;Hash", _code(lambda p, r: ids.password_hash(r), "Password Hash"))
_kind("employee_id", "ids", "career", "", "Employee ID;Staff no.;Badge #",
      _only(_working, _code(lambda p, r: ids.employee_id(r, orgs.initials(p.employer.text) if p.employer else "HR"), "Employee ID")))
_kind("student_id", "ids", "education", "", "Student ID;Student no.",
      _only(lambda p: p.stage in ("student", "teen"), _code(lambda p, r: ids.student_id(r, p.culture.code, "UN", REFERENCE_DATE.year - r.randint(0, 3)), "Student ID")),
      minors=True)
# work -------------------------------------------------------------------------------------------
_kind("occupation", "work", "career", "job;occupation;profession;line of work;current role", "Occupation;Job title;Position;Profession",
      lambda p, r: Value(p.title, "Occupation", "a", "student" if p.stage in ("student", "teen") else "") if p.title else None,
      "job;occupation", minors=True)
_kind("employer", "work", "career", "employer;workplace;current employer", "Employer;Company;Workplace",
      lambda p, r: p.employer if p.working else None, "employer;workplace")
_kind("former_employer", "work", "career", "previous employer;former employer;last job", "Previous employer",
      _only(lambda p: p.stage in ("mid", "senior", "retired"), lambda p, r: orgs.company(r, p.culture, p.name.last)), "previous employer")
_kind("job_start", "work", "career", "start date;job start date;first day in the job", "Start date;Employed since",
      _only(_working, lambda p, r: _past_date(p, r, _tenure_years(p, r))), "start date")
_kind("tenure", "work", "career", "length of employment;time in the current job;tenure", "Years of service;Time in role",
      _only(_working, lambda p, r: Value(_duration_years(r, _tenure_years(p, r)), "Duration")), "tenure")
_kind("shift_time", "work", "schedule", "shift start time;usual start time at work;work schedule", "Shift starts;Usual start time",
      _only(_working, lambda p, r: Value(fm.clock_time(r, p.culture, r.choice((5, 6, 7, 8, 9, 14, 15, 19, 22)), r.choice((0, 0, 30, 15, 45))), "Time")),
      "shift;start time")
_kind("volunteer_org", "work", "identity;career", "volunteering organization;volunteer work;charity", "Volunteering",
      lambda p, r: orgs.ngo(r, p.culture, p.name.last), "charity", minors=True)
_kind("agency_case", "work", "legal_case", "case with the authorities;ongoing case with the agency;government paperwork", "Agency contact",
      _only(lambda p: p.is_adult, lambda p, r: orgs.government(r, p.culture, p.name.last)), "agency")
# education --------------------------------------------------------------------------------------
_kind("education_level", "education", "education;career", "education level;level of education;highest qualification;schooling",
      "Education;Highest level of education", _education_level, "education;education level")
_kind("degree", "education", "education;career", "degree;academic background;qualifications", "Degree;Qualification", _degree, "degree")
_kind("alma_mater", "education", "education;career", "alma mater;university;old school", "University;Alma mater;School attended", _alma_mater, "alma mater")
_kind("school_current", "education", "education", "school;university;college", "School;Institution;Enrolled at", _school_current, "school", minors=True)
_kind("graduation", "education", "education", "graduation date;graduation", "Graduated;Graduation date", _graduation, "graduation")
# demographics -----------------------------------------------------------------------------------
_kind("age", "demographics", "health;identity", "age", "Age", lambda p, r: Value(str(p.age), "Age"), "age", minors=True)
_kind("birth_date", "demographics", "identity_docs", "date of birth;birthday;birth date", "Date of birth;DOB;Born",
      lambda p, r: Value(fm.full_date(r, p.culture, p.birth), "Date"), "date of birth;birthday;DOB", minors=True)
_kind("gender", "demographics", "health;identity", "gender;gender identity", "Gender;Sex", _gender, "gender", minors=True)
_kind("height", "demographics", "health", "height", "Height", _height, "height", minors=True)
_kind("weight", "demographics", "health", "weight;current weight", "Weight", _weight, "weight", minors=True)
_kind("blood_type", "demographics", "health", "blood type;blood group", "Blood type;Blood group",
      lambda p, r: Value(r.choice(BLOOD_TYPES), "Blood Type"), "blood type;blood group", minors=True)
_kind("orientation", "demographics", "identity", "sexual orientation;orientation", "Sexual orientation;Orientation",
      _only(lambda p: p.is_adult, _orientation), "orientation;sexuality")
_kind("nationality", "demographics", "identity_docs;identity", "nationality;citizenship", "Nationality;Citizenship", _nationality, "nationality;citizenship", minors=True)
_kind("ethnicity", "demographics", "identity", "ethnic background;ethnicity;heritage", "Ethnicity;Ethnic background",
      lambda p, r: Value(r.choice(ETHNICITIES.get(p.origin, ETHNICITIES["en_US"])), "Ethnicity", "", "adj"), "ethnicity;background", minors=True)
_kind("race", "demographics", "identity", "race;racial background", "Race", _race, "race", minors=True)
_kind("religion", "demographics", "identity", "religion;faith;religious beliefs", "Religion;Faith", _religion, "religion;faith", minors=True)
_kind("party", "demographics", "identity", "political affiliation;party membership;politics", "Political affiliation;Party",
      _only(lambda p: p.is_adult, lambda p, r: marked(r.choice(PARTIES[p.culture.code]), "Political Affiliation")), "party")
_kind("political_view", "demographics", "identity", "political views;politics;political leanings", "Political views",
      _only(lambda p: p.is_adult, lambda p, r: marked(r.choice(POLITICAL_VIEWS + LOCAL_VIEWS.get(p.culture.code, ())), "Political Affiliation")),
      "politics")
_kind("physical", "demographics", "identity", "appearance;distinguishing features;looks", "Distinguishing features;Appearance",
      _physical, "distinguishing feature", minors=True)
_kind("disability", "demographics", "health;home", "disability;accessibility needs;disability status", "Disability;Disability status",
      _disability, "disability", minors=True)
# health -----------------------------------------------------------------------------------------
_kind("condition", "health", "health;care", "condition;diagnosis;health condition;medical history;health issue", "Diagnosis;Medical condition;Conditions",
      _condition, "diagnosis;condition", minors=True)
_kind("condition_duration", "health", "health", "time since diagnosis;symptom duration", "Duration of symptoms",
      lambda p, r: Value(_duration_years(r, r.uniform(0.3, max(1, min(p.age - 2, 8)))), "Duration"), "symptoms", minors=True)
_kind("clinic", "health", "care", "clinic;hospital;doctor's office;care provider", "Clinic;Hospital;Registered practice",
      lambda p, r: orgs.clinic(r, p.culture, p.name.last), "clinic;hospital", minors=True)
_kind("appointment_date", "health", "schedule;care", "appointment date;next appointment;scheduled check-up", "Next appointment;Appointment date",
      _appointment, "appointment", minors=True)
_kind("appointment_time", "health", "schedule;care", "appointment time;appointment slot", "Appointment time;Time",
      lambda p, r: Value(fm.clock_time(r, p.culture, r.randint(8, 17), r.choice((0, 15, 30, 45))), "Time"), "appointment time", minors=True)
# money ------------------------------------------------------------------------------------------
_kind("income", "finance", "budget", "monthly income;take-home pay;salary;monthly earnings;pay", "Monthly income;Net monthly income;Salary (monthly)",
      _money("Monthly Income", lambda p, r: p.income), "monthly income;take-home pay;salary")
_kind("expenses", "finance", "budget", "monthly expenses;monthly outgoings;fixed costs;monthly spending", "Monthly expenses;Monthly outgoings",
      _money("Monthly Expenses", lambda p, r: p.income * _memo(p, "spend", r, lambda: r.uniform(0.45, 0.95))), "monthly expenses;monthly outgoings;monthly spending")
_kind("balance", "finance", "budget", "savings;account balance;current balance;savings balance", "Account balance;Savings",
      _money("Account Balance", lambda p, r: p.income * r.uniform(0.2, 8) if p.is_adult else 0), "savings balance;account balance;savings")
_kind("loan", "finance", "budget", "loan;outstanding loan;debt", "Loan amount;Outstanding loan", _loan, "loan")
_kind("bonus", "finance", "budget;career", "annual bonus;bonus;year-end bonus", "Annual bonus;Bonus",
      _only(_working, _money("Annual Bonus", lambda p, r: p.income * r.uniform(0.3, 3))), "annual bonus;year-end bonus;bonus")
_kind("credit_limit", "finance", "budget", "credit limit;card limit", "Credit limit",
      _money("Credit Limit", lambda p, r: round(p.income * r.uniform(0.5, 3), -2) if p.is_adult and p.income else 0), "credit limit;card limit")
_kind("ss_payment", "finance", "budget", "pension;benefit payments;social security income", "Social security;Pension", _ss)
_kind("tax_payment", "finance", "budget;legal_case", "tax bill;tax payment;taxes", "Tax paid;Tax due", _tax)
_kind("debt_ratio", "finance", "budget", "debt-to-income ratio;debt ratio;DTI", "Debt-to-income ratio;DTI",
      _only(lambda p: p.income > 0 and p.is_adult, lambda p, r: Value(fm.percent(r, round(r.uniform(8, 55), r.choice((0, 0, 1))), p.culture), "Debt Ratio")),
      "debt-to-income ratio;DTI;debt ratio")
_kind("investment_return", "finance", "budget", "investment returns;portfolio gains;return on investments", "Investment return;Portfolio return",
      _investment_return, "investment return;portfolio return")
_kind("roi", "finance", "budget", "ROI;return on investment", "ROI",
      _only(lambda p: p.income > 0 and p.stage in ("early", "mid", "senior", "retired"), lambda p, r: Value(fm.percent(r, round(r.uniform(-8, 35), r.choice((0, 1))), p.culture), "ROI")),
      "ROI;return on investment")
_kind("credit_score", "finance", "budget;home", "credit score;credit rating", "Credit score",
      _only(lambda p: p.is_adult, lambda p, r: Value(str(r.randint(int(p.culture.credit_score_range[1] * 0.55), p.culture.credit_score_range[1])), "Credit Score")),
      "credit score;credit rating")
_kind("loan_term", "finance", "budget", "loan term;repayment period", "Loan term;Term",
      _only(lambda p: p.income > 0 and p.is_adult, lambda p, r: _loan_term(p, r)), "loan term")
# housing ----------------------------------------------------------------------------------------
_kind("move_in", "housing", "home", "move-in date;moving date", "Move-in date;Moved in",
      lambda p, r: _past_date(p, r, r.uniform(0.2, max(0.5, min(10, p.age - 18)))), "move-in date", minors=False)
_kind("residence_duration", "housing", "home", "time at the current address;length of residence", "Years at address",
      lambda p, r: Value(_duration_years(r, r.uniform(0.5, max(1, min(15, p.age - 1)))), "Duration"), "residence", minors=True)


def value_of(p: Persona, key: str, rng: random.Random) -> Value | None:
    """The persona's value for fact `key` (cached, so repeated mentions agree)."""
    if key in p.fixed:
        return p.fixed[key]
    if key not in p.cache:
        kind = KINDS[key]
        if not p.is_adult and not kind.minors:
            return None
        value = kind.make(p, rng)
        if value is None:
            return None
        p.cache[key] = value
    return p.cache[key]
