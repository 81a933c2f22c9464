"""Relationship network for multi-subject descriptions: colleagues and alumni
share an employer or school, parents and children (and teachers and students)
have realistic age gaps, couples and roommates share an address, strangers
share nothing. Each relation also says how people are referred to."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from .facts import value_of
from .persona import Constraints, Persona, make_persona

TEACHING = ("primary school teacher", "high school teacher", "special education teacher", "kindergarten teacher",
            "music teacher", "university lecturer", "professor", "school counselor", "teaching assistant")
CLINICAL = ("registered nurse", "pediatric nurse", "ICU nurse", "nurse practitioner", "physician", "general practitioner",
            "surgeon", "pediatrician", "psychiatrist", "dentist", "physiotherapist", "clinical psychologist", "optometrist")


@dataclass(frozen=True)
class Link:
    """How a new person relates to an existing one (the anchor)."""

    relation: str
    noun_new: str          # the new person, seen from the anchor: "daughter"
    noun_anchor: str       # the anchor, seen from the new person: "mother"
    role_new: str          # third-person label: "the daughter"
    role_anchor: str       # "the mother"
    pair: str              # for transcript headers: "a mother and her daughter"
    shared: tuple[str, ...]  # facts both should mention so the link is visible


def _gendered(gender: str, female: str, male: str, neutral: str) -> str:
    return {"female": female, "male": male}.get(gender, neutral)


def _poss(p: Persona) -> str:
    return {"she": "her", "he": "his", "they": "their"}[p.pronoun]


Maker = Callable[[random.Random, Persona, int], "tuple[Persona, Link] | None"]


def colleagues(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if not a.working or a.employer is None or a.employer.form == "own":
        return None
    kinds = (a.occupation.employer_kind,) if a.occupation else None
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=rng.choice(("early", "mid", "senior")),
                                            employer_kinds=kinds, city=a.city, fixed={"employer": a.employer}))
    older_a = a.age >= b.age
    return b, Link("colleagues", rng.choice(("colleague", "coworker")), rng.choice(("colleague", "coworker")),
                   "the junior colleague" if older_a else "the senior colleague",
                   "the senior colleague" if older_a else "the junior colleague", "two coworkers", ("employer",))


def alumni(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    school = value_of(a, "alma_mater", rng)
    if school is None or a.level < 3:
        return None
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=rng.choice(("early", "mid")), fixed={"alma_mater": school}))
    b.level = max(b.level, 3)
    older_a = a.age >= b.age
    return b, Link("alumni", "old classmate", "old classmate", "the younger graduate" if older_a else "the older graduate",
                   "the older graduate" if older_a else "the younger graduate", "two former classmates", ("alma_mater",))


def parent_child(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if a.age < 26:
        return None
    age = a.age - rng.randint(21, min(40, a.age - 4))
    stage = "child" if age <= 12 else "teen" if age <= 17 else "student" if age <= 23 else "early" if age <= 32 else "mid"
    gender = rng.choice(("female", "male"))
    shared: dict = {}
    if age < 22:
        for key in ("address", "city"):
            v = value_of(a, key, rng)
            if v is not None:
                shared[key] = v
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=stage, age=(age, age), gender=gender,
                                            last_name=a.name.last, origin=a.origin, city=a.city, fixed=shared))
    child = _gendered(gender, "daughter", "son", "child")
    parent = _gendered(a.gender, "mother", "father", "parent")
    return b, Link("parent_child", child, parent, f"the {child}", f"the {parent}", f"a {parent} and {_poss(a)} {child}",
                   tuple(shared))


def child_parent(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if a.age > 60:
        return None
    age = a.age + rng.randint(21, 38)
    gender = rng.choice(("female", "male"))
    stage = "retired" if age >= 66 else "senior" if age >= 50 else "mid"
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=stage, age=(age, age), gender=gender,
                                            last_name=a.name.last, origin=a.origin))
    parent = _gendered(gender, "mother", "father", "parent")
    child = _gendered(a.gender, "daughter", "son", "child")
    return b, Link("parent_child", parent, child, f"the {parent}", f"the {child}", f"a {child} and {_poss(a)} {parent}", ())


def teacher_student(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if not a.occupation or a.occupation.title not in TEACHING or a.employer is None or not a.working:
        return None
    academic = a.occupation.title in ("university lecturer", "professor")
    stage = "student" if academic else rng.choice(("child", "teen"))
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=stage, city=a.city, fixed={"school_current": a.employer}))
    return b, Link("teacher_student", "student", "teacher" if not academic else "professor", "the student",
                   "the teacher" if not academic else "the professor",
                   "a teacher and a student" if not academic else "a professor and a student", ("employer", "school_current"))


def doctor_patient(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if not a.occupation or a.occupation.title not in CLINICAL or a.employer is None or not a.working:
        return None
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, city=a.city, fixed={"clinic": a.employer}))
    doc = "nurse" if "nurse" in a.occupation.title else "doctor"
    return b, Link("doctor_patient", "patient", doc, "the patient", f"the {doc}", f"a {doc} and a patient", ("employer", "clinic"))


def spouses(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if not a.is_adult or a.age < 20:
        return None
    gender = rng.choices(("female", "male", "nonbinary"), weights=(45, 45, 10))[0] if a.gender == "nonbinary" else (
        ("male" if a.gender == "female" else "female") if rng.random() < 0.85 else a.gender)
    age = max(19, a.age + rng.randint(-6, 6))
    stage = "retired" if age >= 66 else "senior" if age >= 50 else "mid" if age >= 33 else "early"
    shared = {k: v for k in ("address", "city") if (v := value_of(a, k, rng)) is not None}
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=stage, age=(age, age), gender=gender, city=a.city,
                                            last_name=a.name.last if rng.random() < 0.4 else None, fixed=shared))
    noun = _gendered(gender, "wife", "husband", "partner")
    other = _gendered(a.gender, "wife", "husband", "partner")
    return b, Link("spouses", noun, other, f"the {noun}", f"the {other}", "a married couple", tuple(shared))


def siblings(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if not a.is_adult:
        return None
    age = max(18, a.age + rng.randint(-8, 8))
    stage = "retired" if age >= 66 else "senior" if age >= 50 else "mid" if age >= 33 else "early" if age >= 23 else "student"
    gender = rng.choice(("female", "male"))
    home = value_of(a, "hometown", rng)
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=stage, age=(age, age), gender=gender,
                                            last_name=a.name.last, origin=a.origin, fixed={"hometown": home} if home else {}))
    noun = _gendered(gender, "sister", "brother", "sibling")
    other = _gendered(a.gender, "sister", "brother", "sibling")
    older = "older" if age > a.age else "younger"
    younger = "younger" if older == "older" else "older"
    return b, Link("siblings", noun, other, f"the {older} {noun}", f"the {younger} {other}", "two siblings", ("hometown",))


def landlord_tenant(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if a.stage not in ("mid", "senior", "retired"):
        return None
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=rng.choice(("student", "early", "mid")), city=a.city))
    return b, Link("landlord_tenant", "tenant", _gendered(a.gender, "landlady", "landlord", "landlord"), "the tenant",
                   "the landlord", "a landlord and a tenant", ("address",))


def roommates(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    if a.stage not in ("student", "early"):
        return None
    shared = {k: v for k in ("address", "city") if (v := value_of(a, k, rng)) is not None}
    b = make_persona(rng, owner, Constraints(culture=a.culture.code, stage=a.stage, city=a.city, fixed=shared))
    older_a = a.age >= b.age
    return b, Link("roommates", "roommate", "roommate", "the younger roommate" if older_a else "the older roommate",
                   "the older roommate" if older_a else "the younger roommate", "two roommates", tuple(shared))


STRANGER_ROLES = (("the buyer", "the seller", "a buyer and a seller"), ("the host", "the guest", "a host and a guest"),
                  ("the customer", "the support agent", "a customer and a support agent"),
                  ("the new neighbour", "the old neighbour", "two neighbours"), ("the driver", "the passenger", "a driver and a passenger"))


def strangers(rng: random.Random, a: Persona, owner: int) -> tuple[Persona, Link] | None:
    b = make_persona(rng, owner)
    role_a, role_b, pair = rng.choice(STRANGER_ROLES)
    return b, Link("strangers", role_b.replace("the ", ""), role_a.replace("the ", ""), role_b, role_a, pair, ())


RELATIONS: tuple[tuple[Maker, float], ...] = (
    (colleagues, 3.0), (alumni, 1.5), (parent_child, 2.0), (child_parent, 1.0), (teacher_student, 1.5),
    (doctor_patient, 1.2), (spouses, 2.0), (siblings, 1.2), (landlord_tenant, 1.0), (roommates, 1.0), (strangers, 1.5),
)
ANCHOR_SETUPS = {
    # constraints for a fresh first person so that a chosen relation is possible
    teacher_student: Constraints(stage="mid", titles=TEACHING),
    doctor_patient: Constraints(stage="mid", titles=CLINICAL),
    colleagues: Constraints(stage="mid", employer_kinds=("C", "H", "E", "G", "N")),
    alumni: Constraints(stage="mid", employer_kinds=("C", "E", "G")),
    parent_child: Constraints(stage="mid"),
    landlord_tenant: Constraints(stage="senior"),
    roommates: Constraints(stage="early"),
}


ONCE = (spouses, child_parent, roommates)   # one spouse, one listed parent, one roommate per person


def attach(rng: random.Random, anchor: Persona, owner: int, maker: Maker | None = None,
           used: set | None = None) -> tuple[Persona, Link]:
    """A new person linked to `anchor` by `maker`, or by any relation that fits and is not used up."""
    makers = [maker] if maker else []
    makers += [m for m, _ in sorted(RELATIONS, key=lambda mw: rng.random() ** (1 / mw[1]), reverse=True)]
    for m in makers:
        if used is not None and (m in ONCE or m is strangers) and (anchor.owner, m.__name__) in used:
            continue
        made = m(rng, anchor, owner)
        if made is not None:
            if used is not None:
                used.add((anchor.owner, m.__name__))
                if m in (spouses, roommates):
                    used.add((owner, m.__name__))
            return made
    return siblings(rng, anchor, owner) or colleagues(rng, anchor, owner) or strangers(rng, anchor, owner)  # type: ignore[return-value]
