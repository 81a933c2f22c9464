"""The medical-condition vocabulary: named diagnoses, everyday words bound to a person, and free names
after "diagnosed with"; organizations and everyday senses stay out."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


def conditions(text: str) -> list[str]:
    return pattern_texts(text, "Medical Condition")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Grandad has high blood pressure and gout.", ["high blood pressure", "gout"]),
        # a list is several conditions, each with its own modifiers
        ("Allergies/conditions: asthma, coeliac disease, severe peanut allergy", ["asthma", "coeliac disease",
                                                                                  "severe peanut allergy"]),
        ("My niece has cystic fibrosis and type 1 diabetes.", ["cystic fibrosis", "type 1 diabetes"]),
        ("Her aunt was diagnosed with early-onset Alzheimer’s last spring.", ["early-onset Alzheimer’s"]),
        ("He lives with congestive heart failure.", ["congestive heart failure"]),
        ("I'm a wheelchair user because of spina bifida, so I need a ground-floor room",
         ["spina bifida"]),
        ("has type 2 diabetes and mild cognitive impairment; gets confused at night",
         ["type 2 diabetes", "mild cognitive impairment"]),
        ("I have relapsing-remitting multiple sclerosis and I can't walk far.",
         ["relapsing-remitting multiple sclerosis"]),
        ("Dami has exercise-induced asthma and Ola has a penicillin allergy.",
         ["exercise-induced asthma", "penicillin allergy"]),
        ("i have migraine with aura very bad since 3 days", ["migraine with aura"]),
        ("who has had progressive short-term memory loss for 18 months", ["short-term memory loss"]),
        # everyday words count after a word that puts them on someone
        ("Since his stroke he can't drive.", ["stroke"]),
        ("She had a mild stroke in March.", ["stroke"]),
        ("I've struggled with depression for years.", ["depression"]),
        ("My partner has MS, so stairs are hard.", ["MS"]),
        ("Grandpa is being treated for shingles.", ["shingles"]),
        # adjectives a person is
        ("I'm 32 weeks pregnant, is flying OK?", ["32 weeks pregnant"]),
        ("He's type 2 diabetic and loves cake.", ["type 2 diabetic"]),
        ("im 31, pregnant and my gp is at the Royal Free", ["pregnant"]),
        ("| Lucía Herrera | designer | 7 months pregnant, no hiking |", ["7 months pregnant"]),
        # a name the list does not know, after "diagnosed with" / "suffers from"
        ("Last year Mum was diagnosed with polymyalgia rheumatica, so she rests a lot.", ["polymyalgia rheumatica"]),
        ("My brother suffers from cluster headaches when he is stressed.", ["cluster headaches"]),
    ],
)
def test_conditions_found(text: str, expected: list[str]) -> None:
    assert conditions(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "We ran a bake sale for Cancer Research UK and Diabetes UK.",
        "The Alzheimer's Society helpline was closed.",
        "During covid we all worked from home.",
        "That goal was a stroke of genius.",
        "Write an essay on the Great Depression.",
        "Any good diabetic-friendly dessert recipes?",
        "She was diagnosed with it recently.",
        "Anxiety about exams is normal, says the leaflet.",
        "We need new shingles on the shed roof.",
        "Can pregnant women eat sushi?",
        # a service or a statistic named by a condition
        "She is under the paediatric diabetes team at the children's hospital.",
        "Research nurse, Groote Schuur Hospital HIV clinic, 2019 - now",
        "WHO: diabetes prevalence in sub-Saharan Africa has more than doubled",
    ],
)
def test_no_condition(text: str) -> None:
    assert conditions(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("She came off her bike: a fractured left ankle and two bruised ribs.", ["fractured left ankle", "bruised ribs"]),
        ("He had knee surgery in 2021 and a hip replacement since.", ["knee surgery", "hip replacement"]),
        ("My son broke his wrist at football.", ["broke his wrist"]),
    ],
)
def test_injuries_and_operations_by_body_part(text: str, expected: list[str]) -> None:
    assert conditions(text) == expected


@pytest.mark.parametrize("text", ["The car has a broken back light.", "It left me with a broken heart.",
                                  "Use the back door after 6."])
def test_no_injury(text: str) -> None:
    assert conditions(text) == []


def test_a_model_span_listing_known_conditions_is_split() -> None:
    from proxy.detectors.gliner import split_listed_conditions_of
    from proxy.entities import Entity

    text = "Mila has eczema and a dairy allergy, and asthma, coeliac disease."
    listed = Entity("eczema and a dairy allergy", 9, 35, "Medical Condition", 0.9, "gliner")
    assert [e.text for e in split_listed_conditions_of(text, listed)] == ["eczema", "dairy allergy"]
    other = Entity("asthma, coeliac disease", 41, 64, "Medical Condition", 0.9, "gliner")
    assert [(e.text, e.start) for e in split_listed_conditions_of(text, other)] == [("asthma", 41), ("coeliac disease", 49)]
    # a part the vocabulary does not know keeps the model's span whole
    odd = Entity("smoking, rudeness", 0, 17, "Medical Condition", 0.9, "gliner")
    assert split_listed_conditions_of("smoking, rudeness to waiters", odd) == [odd]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("On arrival he had bruising to his upper arm.", ["bruising to his upper arm"]),
        ("She has a small cut above the left eye.", ["small cut above the left eye"]),
        ("Complains of numbness in left foot since May.", ["numbness in left foot"]),
    ],
)
def test_wounds_and_symptoms_placed_on_the_body(text: str, expected: list[str]) -> None:
    assert conditions(text) == expected


def test_a_nuisance_is_not_a_symptom() -> None:
    assert conditions("Honestly, my landlord is a pain in the neck.") == []
