"""Injuries and illnesses the model tags as looks or as a disability, retagged as a Medical Condition.

The model learned Physical Features from scars, moles and tattoos and Disability Status from
impairments, so in hand-written notes it also reads a wound on the body as a feature ("a small
cut above the left eye", "a changing pigmented lesion on his upper back") and a named health
problem as a disability ("a lower back condition", "progressive breathlessness", "a hip
replacement"); and it runs a condition on into the clause after it ("type 1 diabetic so the fridge
thing is non-negotiable"). The guidelines make both a Medical Condition: an injury, an operation
or an illness is health, not appearance or ability. Only spans whose own words say so are retagged; the
scars, marks and impairments the tags are for stay.
"""

from __future__ import annotations

import re
from dataclasses import replace

from proxy.entities import Entity

MEDICAL = "Medical Condition"
# a wound or a lesion on the body; not a healed mark ("a burn scar", "a mole")
_INJURY = re.compile(
    r"\b(?:cuts?|wounds?|lesions?|lacerations?|grazes?|bruis(?:e|es|ing)|fractured?|sprain(?:ed|s)?|stitches|"
    r"swelling|rash|tear)\b",
    re.IGNORECASE,
)
_MARK = re.compile(r"\b(?:scar|scars|tattoo|birthmark|mole|piercing)\b", re.IGNORECASE)
# a health problem by its own word; not an impairment, a disability or an aid ("a spinal cord injury",
# "limited mobility", "a wheelchair user")
_ILLNESS = re.compile(
    r"\b(?:condition|breathlessness|replacement|diabetic|diabetes|disease|disorder|syndrome|cancer|pain)\b",
    re.IGNORECASE,
)
_IMPAIRMENT = re.compile(r"\b(?:disab\w*|impair\w*|mobility|paraly\w*|injury|user|blind|deaf)\b", re.IGNORECASE)


# a clause the model ran on into ("type 1 diabetic so the fridge thing is non-negotiable")
_CLAUSE = re.compile(r"[ \t]+(?:so|because|which|but)[ \t]")


def retag_health(entity: Entity) -> Entity:
    """`entity` as a Medical Condition where its words name an injury or an illness, cut before a clause
    it ran on into; else unchanged."""
    if entity.tag in (MEDICAL, "Disability Status") and (clause := _CLAUSE.search(entity.text)):
        cut = entity.text[: clause.start()]
        entity = replace(entity, text=cut, end=entity.start + len(cut))
    text = entity.text
    if entity.tag == "Physical Features" and _INJURY.search(text) and not _MARK.search(text):
        return replace(entity, tag=MEDICAL)
    if entity.tag == "Disability Status" and _ILLNESS.search(text) and not _IMPAIRMENT.search(text):
        return replace(entity, tag=MEDICAL)
    return entity


__all__ = ["retag_health"]
