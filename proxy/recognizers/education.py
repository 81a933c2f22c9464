"""Degrees by their abbreviation and schools by their kind word.

Degrees: "PhD", "MSc Finance", "BSc Civil Engineering", "a PhD in statistics from LSE": the
abbreviation with the field that follows it (capitalized words, or any words after "in" up to
a word that ends the field, "from", "at", ...). Abbreviations that are everyday words too
("MA", "BS", "MS", "MD") count only with a field after "in".

Schools: a capitalized name ending in a kind of school ("Greenfield Primary", "Howard
University", "Bartlett School of Architecture") or starting with "University of" ("University
of Southampton", "Universidade de São Paulo").

Both are scored below the model's confident spans (as landmarks are): a name the model found
whole keeps its span; these add what it missed.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.proper_names import CAPITALIZED
from proxy.recognizers.scan import backward_anchors, word_anchors

SCORE = 0.7

# case-insensitive: "phd", "Msc" are as clear as "PhD"
DEGREES = "PhD DPhil MPhil MRes MSc BSc MBA BEng MEng LLB BCom BComm PGCE BFA".split()
# case-sensitive, alone or with a field: lower case they are words ("march", "med")
DEGREES_CASED = "MArch BArch BEd MEd".split()
# only with "in <field>": "ma" is a mother, "MS" a disease, "MD" a state, "LLM" a language model,
# "MFA" a login factor, "mph" a speed
DEGREES_WITH_FIELD = "MA BA MS BS MD LLM MFA MPH B.S. M.S. B.A. M.A. B.Sc. M.Sc.".split()
_FIELD_STOP = (
    r"(?:from|at|with|for|and|but|while|when|in|on|by|under|which|who|so|as|last|this|that|since|before|after"
    r"|is|was|are|were|to|the|a|an|my|his|her|their)\b"
)
# after "in": up to four words, lower case allowed ("in statistics"), ending before a stop word or punctuation
_FIELD_AFTER_IN = rf"[ \t]+in[ \t]+(?!{_FIELD_STOP})[\w'’&-]+(?:[ \t]+(?!{_FIELD_STOP})[\w'’&-]+){{0,3}}"
# directly after the abbreviation: capitalized words only ("MSc Data Science")
_FIELD_NAMED = r"[ \t]+(?:[A-Z][a-z][\w'’-]*)(?:[ \t]+(?:and|&|of|[A-Z][a-z][\w'’-]*)){0,3}(?<![ \t]and)(?<![ \t]of)"

# "PhD student", "MBA programme": a stage of study or a course, not a degree someone holds
_NOT_A_DEGREE_HELD = (
    r"(?![ \t]+(?i:student|candidate|researcher|programme|program|position|supervisor|thesis|course|application"
    r"|scholarship|stipend|studies|applicant)s?\b)"
)

SCHOOL_KINDS = (
    "University College Polytechnic Academy Conservatoire Conservatory Primary Nursery Kindergarten Preschool "
    "Collegiate Gymnasium Lycée"
).split()
_SCHOOL_KIND = rf"(?:{'|'.join(SCHOOL_KINDS)}|(?:High|Secondary|Grammar|Primary|Public|Community|Medical|Law|Business)"
_SCHOOL_KIND += r"[ \t]+School|School[ \t]+of[ \t]+[A-Z][\w'’-]+(?:[ \t]+(?:&|and)[ \t]+[A-Z][\w'’-]+)?)"
_BEFORE_SCHOOL = backward_anchors(
    re.compile(r"\b(?:" + "|".join(SCHOOL_KINDS) + r"|High|Secondary|Grammar|Public|Community|Medical|Law|Business"
               r"|School)\b"),
    re.compile(rf"(?:{CAPITALIZED}[ \t]+){{1,4}}\Z"),
    reach=48,
)
# "University College Hospital" is a hospital; "Imperial College London", "University of Texas at Austin"
# carry their place
_NOT_A_HOSPITAL = r"(?![ \t]+(?:Hospital|Clinic|Medical|Health|Healthcare|Teaching)\b)"
_PLACE_AFTER = r"(?:[ \t]+at[ \t]+[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?|[ \t]+(?:London|Dublin|Paris|Berlin))?"
_UNIVERSITY_OF = (
    r"(?:University|Universidade|Universidad|Université|Università|Universität|Universiteit)[ \t]+(?:of|de|di|do|da|del"
    r"|della|du|van)[ \t]+[A-Z][\w'’-]+(?:[ \t]+(?:and[ \t]+)?[A-Z][\w'’-]+){0,2}"
)


def degree_recognizer() -> PatternRecognizer:
    """Degree abbreviations with their field: "PhD", "MSc Finance", "BS in IT"."""
    clear = "|".join(map(re.escape, sorted(DEGREES, key=len, reverse=True)))
    cased = "|".join(map(re.escape, DEGREES_CASED))
    with_field = "|".join(map(re.escape, sorted(DEGREES_WITH_FIELD, key=len, reverse=True)))
    return PatternRecognizer(
        "degree",
        "Academic Degree",
        [
            Pattern.compile(
                "abbreviation",
                rf"(?:(?i:{clear})|{cased})(?:{_FIELD_AFTER_IN}|{_FIELD_NAMED})?(?![\w'’-]){_NOT_A_DEGREE_HELD}",
                SCORE,
                left_bound="-'’",
                anchors=word_anchors([d.lower() for d in DEGREES + DEGREES_CASED]),
            ),
            Pattern.compile(
                "abbreviation-in-field",
                rf"(?:{with_field}){_FIELD_AFTER_IN}(?![\w'’-])",
                SCORE,
                left_bound="-'’",
                anchors=word_anchors(["ma", "ba", "ms", "bs", "md", "llm", "mfa", "mph", "b", "m"]),
            ),
        ],
    )


def school_recognizer() -> PatternRecognizer:
    """Schools named by their kind ("Greenfield Primary", "Howard University") or "University of ..."."""
    return PatternRecognizer(
        "school",
        "Educational Institution",
        [
            Pattern.compile(
                "name-then-kind",
                rf"(?:{CAPITALIZED}[ \t]+){{1,4}}{_SCHOOL_KIND}(?:[ \t]+of[ \t]+[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)?"
                rf"{_PLACE_AFTER}(?![\w'’-]){_NOT_A_HOSPITAL}",
                SCORE,
                left_bound="'’-",
                anchors=_BEFORE_SCHOOL,
            ),
            Pattern.compile(
                "university-of",
                rf"{_UNIVERSITY_OF}{_PLACE_AFTER}(?![\w'’-]){_NOT_A_HOSPITAL}",
                SCORE,
                left_bound="'’-",
                anchors=word_anchors(
                    ["university", "universidade", "universidad", "université", "università", "universität",
                     "universiteit"]
                ),
            ),
        ],
    )


_ORDINAL = r"(?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth)"
_STAGE = (
    rf"(?:{_ORDINAL}[ \t]+grade|Year[ \t]+(?:1[0-3]|[1-9])|Grade[ \t]+(?:1[0-2]|[1-9])|Class[ \t]+(?:1[0-2]|[1-9])"
    r"|P[1-7]|S[1-6]|sixth[ \t]+form|Sixth[ \t]+Form|kindergarten)"
)


def school_stage_recognizer() -> PatternRecognizer:
    """A child's school stage: "I'm in 10th grade", "Lily is 11 and in Year 6", "in P4", "in sixth form"."""
    return PatternRecognizer(
        "school-stage",
        "Education Level",
        [
            Pattern.compile(
                "in-stage",
                rf"\b(?:in|In|into|starts|starting|started|entering|enters|finishing|repeating)[ \t]+(?:the[ \t]+)?"
                rf"(?P<span>{_STAGE})(?![\w'’-]|[ \t]+of\b)",
                SCORE,
                left_bound="",
                anchors=word_anchors(["in", "into", "starts", "starting", "started", "entering", "enters", "finishing",
                                      "repeating"]),
            ),
        ],
    )
