"""Medical conditions by name: the diagnoses people write about most, as a vocabulary.

Health details are the most sensitive PII a prompt carries, and the model misses
plain, well-known names in hand-written text ("after her stroke", "cystic
fibrosis", "high blood pressure") and merges lists ("eczema and a dairy allergy"
is two conditions). A name from this list is a Medical Condition wherever it
stands, with the modifiers that belong to it ("type 2", "severe", "early-onset");
its score is above the model's usual one, so the list's span wins an overlap.
Words with an everyday sense ("stroke", "depression", "anxiety", "MS") count only
after a word that puts them on a person ("had a stroke", "with depression").
A name after "diagnosed with" or "suffers from" is a condition even when the list
does not know it. The list was written for Veil from general medical knowledge
(no data set's vocabulary).
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.number_words import NUMBER_WORD
from proxy.recognizers.scan import backward_anchors, phrase_anchors, word_anchors

CONDITIONS = """
asthma|diabetes|prediabetes|pre-diabetes|gestational diabetes|hypertension|high blood pressure
|low blood pressure|high cholesterol|heart disease|heart failure|heart condition|heart attack|heart murmur
|atrial fibrillation|arrhythmia|angina|coronary artery disease|copd|emphysema|chronic obstructive pulmonary disease|bronchitis|pneumonia|tuberculosis
|cystic fibrosis|sleep apnea|sleep apnoea|epilepsy|migraine|migraines|dementia|alzheimer's|alzheimer's disease
|alzheimers|parkinson's|parkinson's disease|multiple sclerosis|motor neurone disease|motor neuron disease
|huntington's disease|cerebral palsy|muscular dystrophy|arthritis|rheumatoid arthritis|osteoarthritis
|psoriatic arthritis|osteoporosis|gout|lupus|fibromyalgia|chronic fatigue syndrome|psoriasis|eczema|dermatitis
|rosacea|coeliac disease|celiac disease|coeliac|celiac|crohn's|crohn's disease|ulcerative colitis|colitis
|irritable bowel syndrome|ibs|acid reflux|gastritis|stomach ulcer|hepatitis|hepatitis a|hepatitis b
|hepatitis c|cirrhosis|fatty liver disease|kidney disease|kidney failure|kidney stones|hiv|breast cancer
|prostate cancer|lung cancer|skin cancer|bowel cancer|colon cancer|ovarian cancer|cervical cancer
|pancreatic cancer|leukaemia|leukemia|lymphoma|melanoma|brain tumour|brain tumor|anaemia|anemia
|iron-deficiency anaemia|iron-deficiency anemia|sickle cell disease|sickle cell anaemia|sickle cell anemia
|thalassaemia|thalassemia|haemophilia|hemophilia|hypothyroidism|hyperthyroidism|underactive thyroid
|overactive thyroid|graves' disease|hashimoto's|hashimoto's thyroiditis|thyroiditis|endometriosis|pcos|polycystic ovary syndrome|glaucoma|cataracts
|cataract|macular degeneration|tinnitus|vertigo|clinical depression|postnatal depression|postpartum depression
|anxiety disorder|generalised anxiety disorder|generalized anxiety disorder|panic disorder|panic attacks
|bipolar disorder|schizophrenia|ptsd|ocd|obsessive-compulsive disorder|anorexia|bulimia|eating disorder
|insomnia|long covid|chickenpox|measles|mumps|sepsis|meningitis|malaria
|lyme disease|appendicitis|gallstones|hernia|herniated disc|slipped disc|sciatica|scoliosis|tendinitis
|tendonitis|tennis elbow|carpal tunnel syndrome|concussion|whiplash|meniscus tear|rotator cuff tear|acl tear
|plantar fasciitis|peanut allergy|nut allergy|tree nut allergy|penicillin allergy|shellfish allergy
|dairy allergy|egg allergy|food allergy|latex allergy|gluten intolerance|lactose intolerance|hay fever
|alcoholism|alcohol dependence|drug addiction|substance use disorder|pre-eclampsia|preeclampsia
|restless legs syndrome|sleep disorder|stomach cancer|liver cancer|thyroid cancer|bladder cancer
|spina bifida|cognitive impairment|vascular dementia|obstructive sleep apnoea|obstructive sleep apnea|unstable angina
|community-acquired pneumonia|relapsing-remitting multiple sclerosis|migraine with aura|migraines with aura
|exercise-induced asthma|memory loss|short-term memory loss
"""
# an everyday word too ("during covid", "cancer research", "a stroke of luck", "new shingles on the
# roof"): a condition only after a word that puts it on someone
AMBIGUOUS = "stroke|mini-stroke|depression|anxiety|MS|flu|influenza|covid|covid-19|cancer|seizures|shingles"
_AMBIGUOUS_CUE = (
    "had has have having with from of after since for suffered suffers diagnosed his her their my your our "
    "mum's dad's mother's father's"
).split()
_PREGNANT_ANCHORS = backward_anchors(re.compile(r"pregnant", re.IGNORECASE),
                                     re.compile(rf"(?:(?:\d{{1,2}}|{NUMBER_WORD})\s+(?:months?|weeks?)\s+)?\Z",
                                                re.IGNORECASE), reach=24)
# adjectives a person is: "I'm diabetic", "she's 7 months pregnant" (not "diabetic recipes")
ADJECTIVES = "diabetic|asthmatic|epileptic|anaemic|anemic|pregnant"
_BE = "am is are was were i'm im he's she's they're you're being become became".split()
MODIFIERS = (
    r"(?:(?:type\s?[12]|stage\s?[1-4]|stage\s(?:one|two|three|four|I{1,3}|IV)|severe|mild|moderate|chronic|acute"
    r"|congestive|early|early[- ]onset|late[- ]onset|early[- ]stage|late[- ]stage|advanced|terminal|juvenile|seasonal"
    r"|allergic|clinical|post[- ]?natal|post[- ]?partum|bad|recurring|recurrent)[\s-]+)*"
)
# the services a condition names ("the diabetes team", "HIV clinic"), also read by `datetimes`
SERVICE_WORDS = r"teams?|clinics?|midwi(?:fe|ves)|nurses?|specialists?|wards?|units?|services?|cent(?:re|er)s?"
# "Diabetes UK", "Alzheimer's Society", "Cancer Research": an organization's name, not a diagnosis
_NOT_AN_ORGANIZATION = (
    r"(?!\s+(?-i:UK|Society|Association|Foundation|Research|Trust|Institute|Centre|Center|Clinic|Hospital|Unit"
    r"|Ward|Awareness|Month|Day|Week|Charity|Federation|Alliance|Network|Fund|Support|Action|Care)\b)"
    # nor a service or a statistic in lower case: "the paediatric diabetes team", "the diabetes midwives", "HIV clinic"
    rf"(?!\s+(?-i:{SERVICE_WORDS}|prevalence)\b)"
)
# a name the list does not know, after a phrase that says it is one: up to four words
_FRAME = r"(?:diagnosed\s+with|suffers\s+from|suffering\s+from|suffered\s+from)\s+(?:a\s+|an\s+)?"
_STOP = (
    r"(?:and|but|in|at|on|last|this|that|it|when|after|before|since|so|which|who|while|about|as|by|recently"
    r"|yesterday|today|back|earlier|years?|months?|weeks?|something|nothing)\b"
)
_FREE_NAME = (
    rf"(?P<span2>(?!{_STOP})[\w'’-]+(?:\s+(?!{_STOP})[\w'’-]+){{0,3}})"
    rf"(?=\s*(?:[,.;:!?)\n]|$)|\s+{_STOP})"
)


def _alternation(names: str) -> str:
    terms = sorted({t.strip() for t in names.split("|") if t.strip()}, key=len, reverse=True)
    return "|".join(re.escape(t).replace(r"\ ", r"\s+").replace("'", "['’]?") for t in terms)


_MODIFIER_WORDS = (
    "type stage congestive severe mild moderate chronic acute early late advanced terminal juvenile seasonal "
    "allergic clinical post postnatal postpartum bad recurring recurrent"
)


# injuries and operations named by a body part: "sprained wrist", "knee surgery", "broke his wrist"
BODY_PARTS = (
    "wrist|ankle|knee|hip|shoulder|elbow|arm|leg|back|lower back|neck|foot|hand|finger|thumb|toe|rib|ribs|collarbone"
    "|jaw|nose|heel|kidney|liver|heart|lung|hamstring|achilles|spine|pelvis|skull|cheekbone|eye|ear"
)
_BODY = rf"(?:(?:left|right|upper|lower)\s+)?(?:{BODY_PARTS})"
_INJURED = r"(?:sprained|fractured|broken|torn|dislocated|twisted|bruised|injured|pulled|strained|dodgy|damaged)"
_PROCEDURE = r"(?:surgery|replacement|transplant|fracture|injury|operation|reconstruction)"
# "a broken heart", "the back door": not injuries
_NOT_INJURED = r"(?!(?:left\s+|right\s+)?(?:heart|back)\b)"
_INJURY = (
    rf"(?P<span3>{_INJURED}\s+{_NOT_INJURED}{_BODY}|(?:{BODY_PARTS}|acl|cruciate|cataract|bypass|gallbladder|heart valve)\s+{_PROCEDURE}"
    rf"|broke\s+(?:his|her|my|their|your)\s+{_BODY})(?![\w'’-])"
)
# a wound or symptom placed on the body: "cut on her forearm", "bruising to his upper arm", "pain in his
# lower back", "numbness in left foot" (not "a pain in the neck", a nuisance)
MORE_BODY_PARTS = "forearm|upper arm|thigh|calf|shin|forehead|cheek|chin|lip|scalp|temple|chest|abdomen|stomach|groin"
_SYMPTOM = (
    r"(?:pain|aching|cut|cuts|bruise|bruises|bruising|graze|grazes|burn|burns|swelling|rash|wound|laceration"
    r"|lacerations|numbness|tingling|stiffness|tenderness|bleeding)"
)
_PLACED = (
    rf"(?P<span4>(?:(?:small|deep|minor|large|bad|severe|sharp|shooting|chronic|puncture)\s+)?{_SYMPTOM}\s+"
    r"(?:in|on|to|above|below|under|over|across|around)\s+(?:(?:his|her|my|their|your|the)\s+)?"
    rf"(?:(?:left|right|upper|lower)\s+)*(?:{MORE_BODY_PARTS}|{BODY_PARTS}))(?![\w'’-])"
)
_LIST_BREAK = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
KNOWN_CONDITION = re.compile(rf"{MODIFIERS}(?:{_alternation(CONDITIONS)})|{_INJURY}", re.IGNORECASE)


def split_listed_conditions(text: str, start: int, end: int) -> list[tuple[int, int]] | None:
    """The parts of a span that lists several known conditions ("eczema and a dairy allergy",
    "asthma, coeliac disease"), without their articles; None when the span is not such a list."""
    parts = []
    cursor = start
    for cut in [*_LIST_BREAK.finditer(text, start, end), None]:
        piece_end = cut.start() if cut is not None else end
        value = text[cursor:piece_end]
        lead = len(value) - len(value.lstrip())
        value = value.strip()
        article = re.match(r"(?:an?|the)\s+", value, re.IGNORECASE)
        if article:
            lead, value = lead + article.end(), value[article.end():]
        if not value or KNOWN_CONDITION.fullmatch(value) is None:
            return None
        parts.append((cursor + lead, cursor + lead + len(value)))
        if cut is not None:
            cursor = cut.end()
    return parts if len(parts) > 1 else None


def medical_condition_recognizer() -> PatternRecognizer:
    """Named conditions ("cystic fibrosis", "type 1 diabetes", "a nut allergy"), context-bound everyday words
    ("had a stroke"), and any short name after "diagnosed with"."""
    known = rf"{MODIFIERS}(?:{_alternation(CONDITIONS)})(?![\w'’-]){_NOT_AN_ORGANIZATION}"
    return PatternRecognizer(
        "medical-condition",
        "Medical Condition",
        [
            Pattern.compile(
                "named",
                known,
                0.9,
                flags=re.IGNORECASE,
                left_bound="-'’",
                anchors=phrase_anchors(CONDITIONS.split("|") + _MODIFIER_WORDS.split()),
            ),
            Pattern.compile(
                "everyday-word",
                r"[\w'’]+\s+(?:(?:a|an|the)\s+)?(?:(?:minor|major|massive|mild|severe|bad|small)\s+)?"
                rf"(?P<span>(?i:{MODIFIERS})(?:{_alternation(AMBIGUOUS)}))(?![\w'’-]){_NOT_AN_ORGANIZATION}",
                0.8,
                left_bound="",
                anchors=word_anchors(_AMBIGUOUS_CUE),
            ),
            Pattern.compile(
                "is-adjective",
                r"[\w'’]+\s+(?:(?:a|now|also|still|very|severely|heavily)\s+)?"
                rf"(?P<span>{MODIFIERS}(?:(?:\d{{1,2}}|{NUMBER_WORD})\s+(?:months?|weeks?)\s+)?(?:{ADJECTIVES}))"
                r"(?![\w'’-])",
                0.8,
                flags=re.IGNORECASE,
                left_bound="",
                anchors=word_anchors(_BE),
            ),
            # "im 31, pregnant and ...", "| 7 months pregnant, no hiking |": said of a person wherever it
            # stands; not advice about others ("pregnant women should avoid ...")
            Pattern.compile(
                "pregnant",
                rf"(?P<span>(?:(?:\d{{1,2}}|{NUMBER_WORD})\s+(?:months?|weeks?)\s+)?pregnant)(?![\w'’-])"
                r"(?!\s+(?:women|woman|people|patients|mothers|mums|moms|ladies|persons|workers|employees|staff)\b)",
                0.75,
                flags=re.IGNORECASE,
                left_bound="-'’",
                anchors=_PREGNANT_ANCHORS,
            ),
            Pattern.compile(
                "injury",
                _INJURY,
                0.8,
                flags=re.IGNORECASE,
                left_bound="-'’",
                anchors=word_anchors([*_INJURED[3:-1].split("|"), "broke", "acl", "cruciate", "cataract", "bypass",
                                      "gallbladder", "heart", "left", "right", "upper", "lower",
                                      *(p.split()[0] for p in BODY_PARTS.split("|"))]),
            ),
            Pattern.compile(
                "placed-on-the-body",
                rf"(?!(?i:pain\s+in\s+the\s+(?:neck|backside|arse|ass|butt))\b){_PLACED}",  # not the nuisance
                0.8,
                flags=re.IGNORECASE,
                left_bound="-'’",
                anchors=word_anchors(["small", "deep", "minor", "large", "bad", "severe", "sharp", "shooting", "chronic",
                                      "puncture", *_SYMPTOM[3:-1].split("|")]),
            ),
            Pattern.compile(
                "diagnosed-with",
                rf"{_FRAME}(?P<span>{MODIFIERS}(?:{_alternation(CONDITIONS)})(?![\w'’-]))|{_FRAME}{_FREE_NAME}",
                0.75,
                flags=re.IGNORECASE,
                anchors=word_anchors(["diagnosed", "suffers", "suffering", "suffered"]),
            ),
        ],
    )
