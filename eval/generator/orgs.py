"""Organization names of each ORG tag for a person's country."""

from __future__ import annotations

import random

from .cultures import Culture
from .names import FAKER_LOCALES, _faker
from .values import Value, marked
from .vocab_orgs import (
    BRAND_PARTS,
    CLINIC_PATTERNS,
    COMPANY_SUFFIX,
    GOVERNMENT,
    HOSPITALS,
    NGO_PATTERNS,
    NGOS,
    REAL_COMPANIES,
    SAINTS,
    SCHOOL_PATTERNS,
    UNIVERSITIES,
)

CULTURE_FAKER = {"US": "en_US", "GB": "en_GB", "IN": "en_IN", "DE": "de_DE", "FR": "fr_FR", "ES": "es_ES", "IT": "it_IT",
                 "BR": "pt_BR", "NL": "nl_NL", "JP": "en_US", "CA": "en_US", "AU": "en_AU", "NG": "en_NG", "MX": "es_MX"}


def _fill(rng: random.Random, pattern: str, culture: Culture, surname: str) -> str:
    return pattern.format(city=rng.choice(culture.cities), surname=surname, saint=rng.choice(SAINTS),
                          region=rng.choice(culture.regions))


def company(rng: random.Random, culture: Culture, surname: str) -> Value:
    roll = rng.random()
    if roll < 0.35:
        raw = rng.choice(REAL_COMPANIES[culture.code])
    elif roll < 0.75:
        head, tail, kind = (rng.choice(p) for p in BRAND_PARTS)
        raw = f"{head}{tail} {kind}"
        if rng.random() < 0.35:
            raw += " " + rng.choice(COMPANY_SUFFIX.get(culture.code, ("Inc.",)))
    else:
        fake = _faker(FAKER_LOCALES.get(CULTURE_FAKER[culture.code], "en_US"))
        fake.seed_instance(rng.getrandbits(32))
        raw = fake.company()
    return marked(raw, "Company Name")


def own_business(rng: random.Random, culture: Culture, surname: str, trade: str) -> Value:
    word = trade.split()[-1].capitalize()
    raw = rng.choice((f"{surname} {word} Services", f"{surname} & Sons", f"{surname} Studio", f"{surname} Workshop",
                      f"{rng.choice(BRAND_PARTS[0])}{rng.choice(BRAND_PARTS[1])} {word}s"))
    return Value(raw, "Company Name", "", "own")


def university(rng: random.Random, culture: Culture) -> Value:
    return marked(rng.choice(UNIVERSITIES[culture.code]), "Educational Institution")


PRIMARY_WORDS = ("Primary", "Elementary", "Grundschule", "Primaria", "primaire", "Basisschool", "Public School", "Middle",
                 "Junior High", "Secundaria")


def school(rng: random.Random, culture: Culture, surname: str, secondary: bool = False) -> Value:
    """A school name; `secondary` leaves out primary schools (for an adult's old school)."""
    patterns = SCHOOL_PATTERNS[culture.code]
    if secondary:
        patterns = tuple(p for p in patterns if not any(w in p for w in PRIMARY_WORDS)) or patterns
    return marked(_fill(rng, rng.choice(patterns), culture, surname), "Educational Institution")


def government(rng: random.Random, culture: Culture, surname: str) -> Value:
    return marked(_fill(rng, rng.choice(GOVERNMENT[culture.code]), culture, surname), "Government Agency")


def ngo(rng: random.Random, culture: Culture, surname: str) -> Value:
    raw = rng.choice(NGOS) if rng.random() < 0.7 else _fill(rng, rng.choice(NGO_PATTERNS), culture, surname)
    return marked(raw, "NGO")


def clinic(rng: random.Random, culture: Culture, surname: str) -> Value:
    raw = rng.choice(HOSPITALS[culture.code]) if rng.random() < 0.5 else _fill(rng, rng.choice(CLINIC_PATTERNS), culture, surname)
    return marked(raw, "Healthcare Facility")


def employer_for(rng: random.Random, culture: Culture, kind: str, title: str, surname: str) -> Value | None:
    """The employer an occupation implies (a hospital for a nurse, a school for a teacher)."""
    if kind == "C":
        return company(rng, culture, surname)
    if kind == "H":
        return clinic(rng, culture, surname)
    if kind == "E":
        academic = any(w in title for w in ("professor", "lecturer", "researcher", "scientist", "librarian"))
        return university(rng, culture) if academic else school(rng, culture, surname)
    if kind == "G":
        return government(rng, culture, surname)
    if kind == "N":
        return ngo(rng, culture, surname)
    return own_business(rng, culture, surname, title) if rng.random() < 0.5 else None


def initials(name: str) -> str:
    caps = "".join(w[0] for w in name.replace("-", " ").split() if w[:1].isupper())
    return (caps or name[:2]).upper()[:3]
