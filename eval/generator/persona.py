"""A generated person whose attributes agree with each other: age with career
stage, occupation with education and employer, income with expenses."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, timedelta

from . import orgs
from .cultures import CULTURE_WEIGHTS, CULTURES, Culture
from .names import PersonName, make_name, make_nickname
from .values import Value
from .vocab_work import (
    OCCUPATIONS,
    PAY_BANDS,
    RETIRED_TITLES,
    STUDENT_FIELDS,
    STUDENT_TITLES,
    Occupation,
)

REFERENCE_DATE = date(2025, 5, 1)   # "today" for ages, tenures and appointments

STAGE_AGES = {"child": (4, 12), "teen": (13, 17), "student": (18, 26), "early": (23, 32), "mid": (33, 49),
              "senior": (50, 66), "retired": (66, 86)}
ADULT_STAGES = ("student", "early", "mid", "senior", "retired")
ADULT_WEIGHTS = (0.14, 0.26, 0.32, 0.18, 0.10)
WORKING = ("early", "mid", "senior")

ORIGIN_OF_CULTURE = {"US": "en_US", "GB": "en_GB", "IN": "en_IN", "DE": "de_DE", "FR": "fr_FR", "ES": "es_ES",
                     "IT": "it_IT", "BR": "pt_BR", "NL": "nl_NL", "JP": "ja_JP", "CA": "en_CA", "AU": "en_AU",
                     "NG": "en_NG", "MX": "es_MX"}
DIASPORA = ("zh", "ko", "ar", "vi", "pl_PL", "tr_TR", "en_IN", "en_NG", "es_MX", "pt_BR", "it_IT", "ja_JP", "fr_FR", "de_DE")
STAGE_PAY = {"early": 0.8, "mid": 1.0, "senior": 1.2}


@dataclass
class Constraints:
    """What a relationship fixes about a person before the rest is drawn."""

    culture: str | None = None
    stage: str | None = None
    age: tuple[int, int] | None = None
    gender: str | None = None
    last_name: str | None = None
    origin: str | None = None
    employer_kinds: tuple[str, ...] | None = None
    titles: tuple[str, ...] | None = None
    city: str | None = None
    fixed: dict[str, Value] = field(default_factory=dict)


@dataclass
class Persona:
    owner: int
    culture: Culture
    origin: str
    gender: str
    trans: bool
    name: PersonName
    nickname: str
    age: int
    birth: date
    stage: str
    occupation: Occupation | None
    title: str | None
    level: int
    field: str | None
    employer: Value | None
    income: float
    city: str
    fixed: dict[str, Value] = field(default_factory=dict)
    cache: dict[str, Value] = field(default_factory=dict)
    memo: dict[str, object] = field(default_factory=dict)   # shared numbers (tenure, spend ratio)

    @property
    def pronoun(self) -> str:
        return {"female": "she", "male": "he"}.get(self.gender, "they")

    @property
    def is_adult(self) -> bool:
        return self.stage not in ("child", "teen")

    @property
    def working(self) -> bool:
        return self.stage in WORKING


def _birth(rng: random.Random, age: int) -> date:
    latest = date(REFERENCE_DATE.year - age, REFERENCE_DATE.month, REFERENCE_DATE.day)
    return latest - timedelta(days=rng.randint(0, 364))


def _pick_occupation(rng: random.Random, c: Constraints) -> Occupation:
    pool = list(OCCUPATIONS)
    if c.titles:
        pool = [o for o in pool if o.title in c.titles] or pool
    if c.employer_kinds:
        pool = [o for o in pool if o.employer_kind in c.employer_kinds] or pool
    return rng.choice(pool)


def make_persona(rng: random.Random, owner: int, c: Constraints | None = None) -> Persona:
    c = c or Constraints()
    code = c.culture or rng.choices(list(CULTURE_WEIGHTS), weights=list(CULTURE_WEIGHTS.values()))[0]
    culture = CULTURES[code]
    origin = c.origin or (ORIGIN_OF_CULTURE[code] if rng.random() < 0.8 else rng.choice(DIASPORA))
    gender = c.gender or rng.choices(("female", "male", "nonbinary"), weights=(48, 48, 4))[0]
    trans = gender != "nonbinary" and rng.random() < 0.04
    stage = c.stage or rng.choices(ADULT_STAGES, weights=ADULT_WEIGHTS)[0]
    lo, hi = c.age or STAGE_AGES[stage]
    age = rng.randint(lo, max(lo, hi))
    name = make_name(rng, origin, gender, c.last_name)
    occupation: Occupation | None = None
    title: str | None = None
    level, fld = 0, None
    if stage in WORKING or stage == "retired":
        occupation = _pick_occupation(rng, c)
        level = min(5, occupation.min_level + (1 if rng.random() < 0.25 else 0))
        fld = rng.choice(occupation.fields) if occupation.fields else None
        title = occupation.title
        if stage == "retired":
            title = rng.choice(RETIRED_TITLES).format(occ=occupation.title)
        if level >= 5 and occupation.min_level < 5:
            level = 4
    elif stage == "student":
        fld = rng.choice(STUDENT_FIELDS)
        level = 3 if age >= 23 and rng.random() < 0.4 else 1   # finished school, or a first degree already
        title = rng.choice(STUDENT_TITLES).format(field=fld)
    elif stage == "teen":
        title = "high school student" if rng.random() < 0.6 else None
    employer = None
    if occupation and stage in WORKING:
        employer = orgs.employer_for(rng, culture, occupation.employer_kind, occupation.title, name.last)
    if "employer" in c.fixed:
        employer = c.fixed["employer"]
    income = 0.0
    if occupation and stage in WORKING:
        lo_pay, hi_pay = PAY_BANDS[occupation.band]
        income = rng.uniform(lo_pay, hi_pay) * STAGE_PAY[stage] * culture.money_scale
    elif stage == "student" and rng.random() < 0.6:
        income = rng.uniform(500, 1500) * culture.money_scale
    elif stage == "retired":
        income = rng.uniform(1500, 4000) * culture.money_scale
    city = c.city or rng.choice(culture.cities)
    return Persona(owner, culture, origin, gender, trans, name, make_nickname(rng, name.first), age, _birth(rng, age),
                   stage, occupation, title, level, fld, employer, income, city, dict(c.fixed))
