"""The kinds of detail a request names ("my coworker's address, my citizenship and my best friend's birth date").

The relevance prompt format `veil-relevance-v2` marks a candidate whose kind the request names (`Phone Number*:`),
so the judge sees the request's own words for a tag without matching 52 tags' vocabularies itself: session 23 found
most of the v1 judge's false keeps are kinds of detail the request never names, and that a rule after the judge
cannot use this (hand-written requests often need kinds they do not name: "how to contact her"); a judge trained
with the mark learns how far to trust it. The words are everyday words for each tag, so a kind is named however
the request puts it; a phrase may name several tags ("address" is a street address and its city).
"""

from __future__ import annotations

import re
from functools import lru_cache

from local_models.keyword_notation import expand


# tag -> phrases (in the brace notation of local_models.keyword_notation); matched as whole words, case-folded
KIND_WORDS: dict[str, tuple[str, ...]] = {
    "Social Security Number": ("social security number", "ssn", "national insurance{, number}", "ni number",
                               "national id{, number}", "id number", "identity number", "insurance number"),
    "Driver's License": ("driver{'s,s,} licen{s,c}e{, number}", "driving licen{s,c}e{, number}", "licen{s,c}e{, number}",
                         "dl number"),
    "Bank Account": ("bank account{,s}", "account number{,s}", "iban", "sort code", "bank details", "account details"),
    "Credit Card": ("card number{,s}", "credit card{,s}", "debit card{,s}", "card{,s}"),
    "Phone Number": ("phone{, number,s}", "mobile{, number}", "cell{, number}", "telephone", "number to call",
                     "contact number", "phone no"),
    "IP Address": ("ip{, address}", "ip addresses"),
    "Email Address": ("e-mail{, address}", "email{, address,s}", "mail address"),
    "Password Hash": ("password{,s}", "hash{,es}", "password hash"),
    "Passport Number": ("passport{, number,s}",),
    "Tax ID": ("tax id", "tax number", "tin", "tax reference", "utr", "tax identification number", "tax file number"),
    "Employee ID": ("employee id", "employee number", "staff number", "staff id", "payroll number", "badge number",
                    "work id"),
    "Student ID": ("student id", "student number", "matriculation number", "enrolment number", "enrollment number"),
    "Street Address": ("address{,es}", "street", "home address", "postal address", "where {i,he,she,they} live{,s}"),
    "City/Region": ("address{,es}", "city", "cities", "town", "home town", "hometown", "region", "area", "neighbo{u,}rhood",
                    "where {i,he,she,they} live{,s}", "where {i,he,she,they} {am,is,are} from", "based", "state",
                    "province", "county", "district", "location"),
    "Landmark": ("landmark{,s}", "near", "nearby", "place{,s}", "venue", "meeting point"),
    "Company Name": ("employer{,s}", "company", "companies", "firm", "workplace", "work", "job", "business",
                     "bank", "provider", "insurer", "landlord"),
    "Educational Institution": ("school{,s}", "university", "college", "alma mater", "campus", "uni",
                                "schooling", "studied", "study"),
    "Government Agency": ("agency", "government", "department", "ministry", "council", "office", "authority",
                          "embassy", "consulate", "tax office"),
    "NGO": ("charity", "charities", "ngo", "non-profit", "nonprofit", "volunteer{,s,ing}", "organi{s,z}ation{,s}"),
    "Healthcare Facility": ("hospital{,s}", "clinic{,s}", "gp", "surgery", "practice", "medical cent{re,er}",
                            "doctor{,s}", "care home", "where {i,he,she,they} {am,is,are} treated"),
    "Occupation": ("job{,s}", "occupation", "profession", "work", "career", "role", "position", "title",
                   "line of work", "what {i,he,she,they} do{,es}", "trade"),
    "Age": ("age{,s}", "how old", "old", "years old", "birthday", "born"),
    "Gender": ("gender", "sex", "pronouns"),
    "Height": ("height", "tall"),
    "Weight": ("weight", "weigh{,s}"),
    "Blood Type": ("blood type", "blood group", "blood"),
    "Sexual Orientation": ("orientation", "sexuality", "sexual orientation"),
    "Nationality": ("nationality", "nationalities", "citizenship", "citizen", "passport"),
    "Ethnicity": ("ethnicity", "ethnic", "heritage", "background", "roots", "descent"),
    "Race": ("race",),
    "Religious Belief": ("religion", "religious", "faith", "belief{,s}"),
    "Political Affiliation": ("political", "politics", "party", "affiliation", "vote{,s}", "voting"),
    "Education Level": ("education", "schooling", "qualification{,s}", "level of education", "diploma", "studies",
                        "school"),
    "Academic Degree": ("degree{,s}", "qualification{,s}", "diploma", "phd", "master{'s,s}", "bachelor{'s,s}",
                        "studied", "study"),
    "Physical Features": ("looks", "appearance", "feature{,s}", "tattoo{,s}", "hair", "eyes", "build",
                          "what {i,he,she,they} look{,s} like", "description"),
    "Medical Condition": ("medical", "condition{,s}", "diagnosis", "illness", "health", "symptom{,s}", "disease",
                          "allerg{y,ies}", "medication", "history"),
    "Disability Status": ("disability", "disabilities", "disabled", "wheelchair", "access{, needs}",
                          "accessibility", "condition{,s}"),
    "Date": ("date{,s}", "birthday", "birth date", "date of birth", "dob", "born", "when", "day", "anniversary",
             "deadline", "appointment", "start{,ed}", "since", "year"),
    "Time": ("time{,s}", "hour{,s}", "o'clock", "when", "schedule", "appointment", "slot"),
    "Duration": ("how long", "duration", "length", "period", "years", "months", "weeks", "since", "tenure"),
    "Monthly Income": ("income", "salary", "salaries", "pay", "earn{,s,ings}", "wage{,s}", "make{,s}", "paid"),
    "Monthly Expenses": ("expense{,s}", "outgoings", "spending", "spend", "rent", "bill{,s}", "cost{,s}", "budget"),
    "Account Balance": ("balance{,s}", "savings", "saved", "account{,s}", "money", "funds"),
    "Loan Amount": ("loan{,s}", "mortgage", "debt{,s}", "borrow{,ed,ing}", "owe{,s,d}", "repayment{,s}"),
    "Annual Bonus": ("bonus{,es}",),
    "Credit Limit": ("limit", "credit limit"),
    "Social Security Payment": ("benefit{,s}", "pension{,s}", "social security", "allowance", "welfare"),
    "Tax Payment": ("tax{,es}", "tax bill"),
    "Debt Ratio": ("debt-to-income", "debt to income", "dti", "debt ratio"),
    "Investment Return": ("return{,s}", "investment{,s}", "gain{,s}", "portfolio", "dividend{,s}"),
    "ROI": ("roi", "return on investment", "return{,s}"),
    "Credit Score": ("credit score", "credit rating", "score", "credit"),
}


@lru_cache(maxsize=1)
def _patterns() -> dict[str, re.Pattern[str]]:
    out = {}
    for tag, specs in KIND_WORDS.items():
        phrases = sorted({variant for spec in specs for variant in expand(spec)}, key=len, reverse=True)
        body = "|".join(r"[\s-]+".join(map(re.escape, re.split(r"[\s-]+", p))) for p in phrases)
        out[tag] = re.compile(rf"(?<![\w'’])(?:{body})(?![\w])", re.IGNORECASE)
    return out


def named_kinds(question: str) -> frozenset[str]:
    """The tags whose everyday words appear in `question` (empty: it names no kind of detail)."""
    text = question.replace("’", "'")
    return frozenset(tag for tag, pattern in _patterns().items() if pattern.search(text))


__all__ = ["KIND_WORDS", "named_kinds"]
