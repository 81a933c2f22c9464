"""The label prompts the Veil GLiNER is trained with, and the taxonomy tag each one means.

GLiNER prepends every label to every window it encodes, so the label set is
kept to the "soft" tags that need context to find (names, places,
organizations, demographic phrases). Structured tags (codes, phones, dates,
money, ages, ...) are left to the deterministic "patterns" detector, which
validates them; the pipeline merges both.

Labels are natural phrases ("medical condition", "company name"): the encoder
was pretrained on text, so a phrase is a better prompt than a tag code.

Tag names are plain strings here (they match `proxy.taxonomy`; local_models
must not import proxy). A trained checkpoint stores its own mapping in
`veil_labels.json`, so the detector never depends on this table for a
checkpoint that was trained with different labels.
"""

from __future__ import annotations

# label prompt -> taxonomy tag, in prompt order
SOFT_LABELS: dict[str, str] = {
    "full name": "Full Name",
    "nickname": "Nickname",
    "social media handle": "Social Media Handle",
    "street address": "Street Address",
    "city or region": "City/Region",
    "landmark": "Landmark",
    "company name": "Company Name",
    "school or university": "Educational Institution",
    "government agency": "Government Agency",
    "non-profit organization": "NGO",
    "hospital or clinic": "Healthcare Facility",
    "occupation": "Occupation",
    "gender": "Gender",
    "sexual orientation": "Sexual Orientation",
    "nationality": "Nationality",
    "ethnicity": "Ethnicity",
    "race": "Race",
    "religion": "Religious Belief",
    "political affiliation": "Political Affiliation",
    "education level": "Education Level",
    "academic degree": "Academic Degree",
    "physical feature": "Physical Features",
    "medical condition": "Medical Condition",
    "disability": "Disability Status",
}

# Identifiers whose shape says little and whose context says much; optional
# extra labels (`--label-set extended`) for a model that should find them too.
CONTEXT_ID_LABELS: dict[str, str] = {
    "employee id": "Employee ID",
    "student id": "Student ID",
    "driver's license number": "Driver's License",
    "passport number": "Passport Number",
}

LABEL_SETS: dict[str, dict[str, str]] = {
    "soft": SOFT_LABELS,
    "extended": {**SOFT_LABELS, **CONTEXT_ID_LABELS},
}

LABELS_FILENAME = "veil_labels.json"


def label_map(name: str) -> dict[str, str]:
    try:
        return dict(LABEL_SETS[name])
    except KeyError:
        raise ValueError(f"unknown label set {name!r}; choose from {sorted(LABEL_SETS)}") from None
