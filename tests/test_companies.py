"""Companies by their legal form: the whole name before the suffix, nothing before it that is not the name."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


def companies(text: str) -> list[str]:
    return pattern_texts(text, "Company Name")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Yesterday Brightwater Joinery Ltd sent the quote.", ["Brightwater Joinery Ltd"]),
        ("She is a partner at Okoro & Finch LLP in Leeds.", ["Okoro & Finch LLP"]),
        ("Invoice from Nordvik Marine AS, due Friday.", ["Nordvik Marine AS"]),
        ("Our supplier is Kessel Logistik GmbH.", ["Kessel Logistik GmbH"]),
        ("Referred by Workwise OH Ltd.", ["Workwise OH Ltd"]),  # the period ends the sentence
        ("Bank of Tullamore plc froze it.", ["Bank of Tullamore plc"]),
        # compound forms the model cuts short
        ("I work at Heser AG & Co. OHG in Köln.", ["Heser AG & Co. OHG"]),
        ("She is an accountant at Ginese, Federico e Satta SpA in Milano.", ["Ginese, Federico e Satta SpA"]),
        ("He has worked for Corcos, Cimarosa e Farinelli e figli since 2019.", ["Corcos, Cimarosa e Farinelli e figli"]),
        ("Employer: Machado - ME, São Paulo.", ["Machado - ME"]),
        ("Paid by Liebelt Wähner AG & Co. KGaA monthly.", ["Liebelt Wähner AG & Co. KGaA"]),
    ],
)
def test_companies_found(text: str, expected: list[str]) -> None:
    assert companies(text) == expected


@pytest.mark.parametrize("text", ["HE IS KNOWN AS BOB.", "and so on, as before", "The limited edition sold out.",
                                  "Ana e Bruno moved to Rome."])
def test_no_company(text: str) -> None:
    assert companies(text) == []
