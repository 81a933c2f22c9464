"""Given names alone where the sentence says a person is named; never weekdays, faiths, demonyms or full names."""

from __future__ import annotations

import pytest

from conftest import pattern_texts
from proxy.recognizers.given_names import given_name_recognizer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("My daughter Oona starts nursery soon.", ["Oona"]),
        ("her brother-in-law Bram is 61", ["Bram"]),
        ("- Tadhg (7) is allergic to kiwi", ["Tadhg"]),
        ("Kateryna Melnyk (Katya to everyone) called today.", ["Katya"]),
        ("hi, it's Sol from flat 2", ["Sol"]),
        ("I'm Wiktor, 30, and I need advice.", ["Wiktor"]),
        ("Can you reply by Friday?\n\nCheers,\nNiamh", ["Niamh"]),
        ("Lost grey cat near the park.\n~Jun", ["Jun"]),
        ("Sipho, 23, is studying law in Joburg.", ["Sipho"]),
        ("Mum (Thandi) - Wonderful my baby.", ["Thandi"]),
        # other languages' family words, with their possessives before or after
        ("tenho como dependente minha filha Luiza de 9 anos", ["Luiza"]),
        ("ciao, mio figlio Tommaso (8 anni) ha la celiachia", ["Tommaso"]),
        ("kızım Elif okula başladı", ["Elif"]),
        ("anak saya Budi sakit demam", ["Budi"]),
        ("meri beti Priya ki shaadi hai", ["Priya"]),
    ],
)
def test_given_names_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Nickname") == expected


@pytest.mark.parametrize(
    "text",
    [
        "I'm Italian, so pasta is a must.",
        "Faith-wise, I'm Buddhist, mostly.",
        "My son Sunday morning routine is chaos.",
        "Thanks,\nTeam",
        "My roommate Job van Gent pays half.",
        "My boss Zachary W. Leonard signed it.",
        "My friend Alex Smith said hi.",
        "In Leeds, 12, people came.",
        "Jun Park is a nurse. Park, 29, studied at UCLA.",
        "mi hija María José empieza el colegio",  # two given names: the model's, or a full name's
        "minha filha Luiza de Souza",
        "Das Passwort steht eigentlich im Vault, hab's nur kurz hier",  # German "im", not "I'm"
    ],
)
def test_no_given_name(text: str) -> None:
    assert [e.text for e in given_name_recognizer().analyze(text)] == []


def test_a_full_name_in_brackets_after_a_placed_given_name() -> None:
    """"moja siostra Ola (Aleksandra Zielińska)": the relation word places the short name, the brackets its owner."""
    found = sorted(given_name_recognizer().analyze(
        "hej, moja siostra Ola (Aleksandra Zielińska) przeprowadza się; my sister Ola (the tall one) too"),
        key=lambda e: e.start)
    assert [(e.text, e.tag) for e in found] == [("Ola", "Nickname"), ("Aleksandra Zielińska", "Full Name"),
                                                ("Ola", "Nickname")]
