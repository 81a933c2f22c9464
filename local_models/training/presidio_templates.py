"""Sentence templates and value lists from Microsoft's `presidio-evaluator` (MIT), for detector training only.

Its 209 templates ("My friend lives in {{city}}", "How do I change the address
linked to my credit card to {{address}}?", address blocks, support-desk
questions) were written by other people, for another PII benchmark, in a
register our generator does not use; its company list (22k listed companies
and organizations) holds real names that no Faker locale makes. Both make the
detector lean on context rather than on our generator's phrasing.

The package is read as files (`raw_data/`), never imported: importing it pulls
spaCy models and Presidio. Install it with `pip install --no-deps
presidio-evaluator==0.3.2` (the `model-detector` target does).
"""

from __future__ import annotations

import csv
import importlib.util
import random
import re
from pathlib import Path

from local_models.training.data import Segment

PACKAGE = "presidio_evaluator"
_SLOT = re.compile(r"\{\{(\w+)\}\}")
# Faker's nationality-free tags: these placeholders become plain text (the detector's structured tags are
# the patterns' job) and are filled so that the sentence reads naturally.
_PLAIN = {
    "credit_card_number": "credit_card_number", "phone_number": "phone_number", "email": "email", "iban": "iban",
    "ssn": "ssn", "ip_address": "ipv4", "url": "url", "date_time": "date", "date_of_birth": "date", "year": "year",
    "day_of_week": "day_of_week", "postcode": "postcode", "zipcode": "zipcode", "state_abbr": "state_abbr",
    "secondary_address": "secondary_address", "building_number": "building_number", "street_name": "street_name",
    "us_driver_license": "bothify", "age": "age", "prefix": "prefix", "prefix_male": "prefix_male",
    "prefix_female": "prefix_female",
}
_TAGGED = {  # placeholder -> (tag, value list in the bank)
    "person": "Full Name", "name": "Full Name", "name_female": "Full Name", "name_male": "Full Name",
    "first_name": "Nickname", "first_name_male": "Nickname", "first_name_female": "Nickname",
    "first_name_nonbinary": "Nickname", "last_name": "Full Name", "last_name_male": "Full Name",
    "last_name_female": "Full Name", "city": "City/Region", "country": "City/Region", "address": "Street Address",
    "organization": "Company Name", "nationality": "Nationality", "nation_woman": "Nationality",
    "nation_plural": "Nationality", "job": "Occupation",
}


def raw_data_dir() -> Path | None:
    """`presidio_evaluator/data_generator/raw_data` of the installed package, or None."""
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "data_generator" / "raw_data"
    return path if (path / "templates.txt").is_file() else None


def companies(raw: Path) -> list[str]:
    with (raw / "companies_and_organizations.csv").open(encoding="utf-8-sig") as fh:
        return sorted({" ".join(row["organization"].split()) for row in csv.DictReader(fh) if row["organization"].strip()})


def nationalities(raw: Path, column: str = "nationality") -> list[str]:
    """Adjectives (or, with column='plural', plurals) capitalized as English writes them ('Argentinian')."""
    with (raw / "nationalities.csv").open(encoding="utf-8-sig") as fh:
        values = {row[column].strip() for row in csv.DictReader(fh)}
    return sorted(" ".join(w.capitalize() for w in v.split()) for v in values if v)


# "{{building_number}} {{street_name}}" (with an optional secondary address) is one Street Address
_STREET = re.compile(r"\{\{building_number\}\} \{\{street_name\}\}(?:,? \{\{secondary_address\}\})?")


def templates(raw: Path) -> list[str]:
    """The templates with at least one slot this detector labels (the rest teach it nothing new); a street
    name without its number is left out, since unlabelled it would teach that street names are not PII."""
    out = []
    for line in (raw / "templates.txt").read_text(encoding="utf-8").splitlines():
        t = _STREET.sub("{{address}}", line.strip().replace("\\n", "\n"))
        slots = [m.group(1) for m in _SLOT.finditer(t)]
        if any(s in _TAGGED for s in slots) and "street_name" not in slots:
            out.append(t)
    return out


def template_samples(n: int, bank: dict[str, list[str]], raw: Path, seed: int = 0) -> list[list[Segment]]:
    """`n` filled templates as segment lists: labelled slots from `bank` (plus the package's nationalities),
    the other slots with plain Faker values. A first name followed by a last name is one Full Name."""
    from faker import Faker

    rng = random.Random(seed)
    fake = Faker("en_US")
    fake.seed_instance(seed)
    nats, plurals = nationalities(raw), nationalities(raw, "plural")
    firsts = sorted({v.split()[0] for v in bank["Full Name"] if len(v.split()) == 2})
    lasts = sorted({v.split()[1] for v in bank["Full Name"] if len(v.split()) == 2})
    pool = templates(raw)
    out: list[list[Segment]] = []
    for _ in range(n):
        template = rng.choice(pool)
        template = re.sub(r"\{\{first_name(\w*)\}\} \{\{last_name\w*\}\}", "{{person}}", template)
        segments: list[Segment] = []
        pos = 0
        for m in _SLOT.finditer(template):
            if m.start() > pos:
                segments.append(Segment(template[pos:m.start()]))
            slot = m.group(1)
            tag = _TAGGED.get(slot)
            if slot.startswith("first_name"):
                segments.append(Segment(rng.choice(firsts), tag))
            elif slot.startswith("last_name"):
                segments.append(Segment(rng.choice(lasts), tag))
            elif tag == "Nationality":
                segments.append(Segment(rng.choice(plurals if slot == "nation_plural" else nats), tag))
            elif tag is not None:
                segments.append(Segment(rng.choice(bank[tag]), tag))
            else:
                segments.append(Segment(_plain(fake, slot)))
            pos = m.end()
        if pos < len(template):
            segments.append(Segment(template[pos:]))
        out.append(segments)
    return out


def _plain(fake: object, slot: str) -> str:
    method = _PLAIN.get(slot)
    if method == "bothify":
        return fake.bothify("?#######").upper()  # type: ignore[attr-defined]
    if method == "age":
        return str(fake.random_int(18, 90))  # type: ignore[attr-defined]
    if method is None or not hasattr(fake, method):
        return slot.replace("_", " ")
    return str(getattr(fake, method)())


__all__ = ["companies", "nationalities", "raw_data_dir", "template_samples", "templates"]
