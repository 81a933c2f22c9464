"""Occupations where the text gives a job to a person; never a role in a scene, a committee post or the AI's role."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I'm a carpenter and I need help with invoices.", ["carpenter"]),
        ("My sister is a paediatric nurse in Cork.", ["paediatric nurse"]),
        ("He was a retired bus driver, aged 70.", ["bus driver"]),
        ("Now working as engineer in Lyon, please help me.", ["engineer"]),
        ("Applicant: Joana Reis, 29, primary school teacher at Escola Azul", ["primary school teacher"]),
        ("Attendees: Omar Farouk (tech lead), Lise Berg (designer)", ["tech lead", "designer"]),
        ("At 09:40 forklift operator Dmitri Volkov reported the spill.", ["forklift operator"]),
        ("Best wishes,\nPriya Nair\nSenior Physiotherapist\n", ["Senior Physiotherapist"]),
        ("I am writing about Mr Tomasz Zielinski, a scaffolder aged 46.", ["scaffolder"]),
        ("Her mother, Anne, a former schoolteacher, lives nearby.", ["schoolteacher"]),
        ("She would be an excellent lecturer.", ["lecturer"]),
        ("a 52-year-old retired postman with a cough", ["postman"]),
        ('{"age": 40, "occupation": "sommelier", "city": "Reims"}', ["sommelier"]),
        ("Nadia Berg, head of data at Kestrel Insurance", ["head of data"]),
        ("Witness statement: Lea Brandt, age 31, taxi driver.", ["taxi driver"]),
        # a career word binds the job to someone
        ("At 67, retired miner Gareth Pryce still lives in the valley.", ["miner"]),
        ("- Self-employed carpenter since 2014, registered for VAT", ["carpenter"]),
        # a nationality or identity words between the cue and the job stay outside the title
        ("He's a Lebanese architect living in Lyon.", ["architect"]),
        ("Jun Park is a Korean-American nurse who posts as @junnurses.", ["nurse"]),
        ("Frederick is a gay Black British teacher who lives in Peckham.", ["teacher"]),
        ("The applicant, 34, is a Nigerian pharmacist.", ["pharmacist"]),
    ],
)
def test_occupations_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Occupation") == expected


@pytest.mark.parametrize(
    "text",
    [
        "You are a helpful assistant.",
        "It is a printer driver issue.",
        "Her doctor confirmed the results yesterday.",
        "The pharmacist said to take it with food.",
        "Present: Claire Dobson (chair), Imran Shah (treasurer)",
        "I'm the hiring manager for this role.",
        "My partner is lovely and the lead was good.",
        "I am a big fan of nurses.",
        "The former director said no.",
        "My former manager left in May.",
        "Return to work: modified duties from 14 April, review at the clinic.",
        "The French teacher said the test is on Monday.",  # a role in a scene, with or without a nationality
    ],
)
def test_no_occupation(text: str) -> None:
    assert pattern_texts(text, "Occupation") == []
