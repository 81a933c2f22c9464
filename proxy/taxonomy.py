"""The PII taxonomy: 7 types and 55 tags, exactly as `shared/specs/piibench-format.md`.

Everything that names a kind of PII (detectors, masks, policies, the eval) uses
these strings, so a tag shown to the user is the tag the benchmark scores.
"""

from __future__ import annotations

from enum import Enum


class PiiType(str, Enum):
    """The seven coarse PII types."""

    PER = "PER"
    CODE = "CODE"
    LOC = "LOC"
    ORG = "ORG"
    DEM = "DEM"
    DATETIME = "DATETIME"
    QUANTITY = "QUANTITY"


TAGS_BY_TYPE: dict[PiiType, tuple[str, ...]] = {
    PiiType.PER: ("Full Name", "Social Media Handle", "Nickname"),
    PiiType.CODE: (
        "Social Security Number",
        "Driver's License",
        "Bank Account",
        "Credit Card",
        "Phone Number",
        "IP Address",
        "Email Address",
        "Password Hash",
        "Passport Number",
        "Tax ID",
        "Employee ID",
        "Student ID",
    ),
    PiiType.LOC: ("Street Address", "City/Region", "Landmark"),
    PiiType.ORG: (
        "Company Name",
        "Educational Institution",
        "Government Agency",
        "NGO",
        "Healthcare Facility",
    ),
    PiiType.DEM: (
        "Occupation",
        "Age",
        "Gender",
        "Height",
        "Weight",
        "Blood Type",
        "Sexual Orientation",
        "Nationality",
        "Ethnicity",
        "Race",
        "Religious Belief",
        "Political Affiliation",
        "Education Level",
        "Academic Degree",
        "Physical Features",
        "Medical Condition",
        "Disability Status",
    ),
    PiiType.DATETIME: ("Date", "Time", "Duration"),
    PiiType.QUANTITY: (
        "Monthly Income",
        "Monthly Expenses",
        "Account Balance",
        "Loan Amount",
        "Annual Bonus",
        "Credit Limit",
        "Social Security Payment",
        "Tax Payment",
        "Debt Ratio",
        "Investment Return",
        "ROI",
        "Credit Score",
    ),
}

TYPE_OF_TAG: dict[str, PiiType] = {
    tag: pii_type for pii_type, tags in TAGS_BY_TYPE.items() for tag in tags
}
ALL_TAGS: tuple[str, ...] = tuple(TYPE_OF_TAG)

_TAG_BY_FOLDED = {tag.casefold(): tag for tag in ALL_TAGS}


class UnknownTagError(ValueError):
    """A tag name that is not one of the 55 tags of the taxonomy."""


def canonical_tag(name: str) -> str:
    """Return the taxonomy's spelling of `name` (case-insensitive), or raise."""
    tag = _TAG_BY_FOLDED.get(name.strip().casefold())
    if tag is None:
        raise UnknownTagError(f"unknown PII tag {name!r}; expected one of the 55 taxonomy tags")
    return tag


def type_of(tag: str) -> PiiType:
    """The coarse type a tag belongs to."""
    return TYPE_OF_TAG[canonical_tag(tag)]


assert len(PiiType) == 7 and len(ALL_TAGS) == 55, "taxonomy must match the spec"
