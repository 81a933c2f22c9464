"""Names placed by a form label, "I'm", an age/phone/e-mail/ID after them, or a chat export's layout."""

from __future__ import annotations

import pytest

from proxy.recognizers.full_names import full_name_recognizer


def names(text: str) -> list[tuple[str, str]]:
    found = []
    for e in full_name_recognizer().analyze(text):
        assert text[e.start:e.end] == e.text
        if (e.text, e.tag) not in found:
            found.append((e.text, e.tag))
    return found


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("REGISTRATION\nSurname: Okonkwo\nFirst name(s): Chidi\n", [("Okonkwo", "Full Name"), ("Chidi", "Nickname")]),
        ("Forenames: Ana Luísa\nSurname: Prates", [("Ana Luísa", "Full Name"), ("Prates", "Full Name")]),
        ("Passenger 2: Aroha Ngata (child, age 7)", [("Aroha Ngata", "Full Name")]),
        ("I'm Bui Minh Chau, 31, a nurse in Hanoi", [("Bui Minh Chau", "Full Name")]),
        ("Emergency contact: Dr Ines Duarte, +351 912 345 678", [("Ines Duarte", "Full Name")]),
        ("- Tama Rewi (S5512093), tama@example.org", [("Tama Rewi", "Full Name")]),
        ("Lerato Mokoena - see you at 6\nPieter de Wet - ok", [("Lerato Mokoena", "Full Name"),
                                                               ("Pieter de Wet", "Full Name")]),
        ("Name: Kwame Asante-Boateng    Employee no.: GW-0921", [("Kwame Asante-Boateng", "Full Name")]),
        # the writer's own name in other languages
        ("Soy María García y vivo en Madrid.", [("María García", "Full Name")]),
        ("Hola, me llamo María García. ¿Me ayudas?", [("María García", "Full Name")]),
        ("Ich heiße Anna Schmidt und wohne in Berlin.", [("Anna Schmidt", "Full Name")]),
        ("Bonjour, je m'appelle Julien Moreau, mon numéro est le 06 12 34 56 78", [("Julien Moreau", "Full Name")]),
        ("Olá, o meu nome é João Silva e moro em Lisboa.", [("João Silva", "Full Name")]),
        # other languages' name labels, and letters beyond Latin-1
        ("DOB galat hai. naam Rohit Kumar Sharma. kaise update karu online?", [("Rohit Kumar Sharma", "Full Name")]),
        ("Số hộ chiếu C7382910, tên Trần Minh Khoa, sinh ngày 05/09/2003.", [("Trần Minh Khoa", "Full Name")]),
        ("Jina langu ni Amina Wanjiru Kamau, simu 0712 345 678.", [("Amina Wanjiru Kamau", "Full Name")]),
        ("Nazywam się Aleksandra Zielińska, mieszkam w Krakowie.", [("Aleksandra Zielińska", "Full Name")]),
        # a form's person labels, in English and other languages, and the ways forms write names
        ("Tenant(s): Brianna Castillo and Devon Pierce\nPremises: Unit 12", [("Brianna Castillo", "Full Name"),
                                                                               ("Devon Pierce", "Full Name")]),
        ("Surveyor: Liam Corrigan MRICS, RICS no. 6103927", [("Liam Corrigan", "Full Name")]),
        ("Ref. By: Dr. S. K. Bansal\nSample collected", [("S. K. Bansal", "Full Name")]),
        ("Subscriber: Michael T. Kowalczyk    Member ID", [("Michael T. Kowalczyk", "Full Name")]),
        ("Name, Vorname des Versicherten: Brandt, Katharina   geb. am", [("Brandt, Katharina", "Full Name")]),
        ("Cognome e nome: FERRARESI GIULIA\nCodice fiscale", [("FERRARESI GIULIA", "Full Name")]),
        ("Kiraya veren: Hüseyin Yıldırım, TCKN 2184", [("Hüseyin Yıldırım", "Full Name")]),
        ("Jina la Mkopaji: Grace Wanjiru Kamau\nNambari", [("Grace Wanjiru Kamau", "Full Name")]),
        ("Paciente: Renata Cavalcanti de Souza    Idade: 41", [("Renata Cavalcanti de Souza", "Full Name")]),
        # a mail's display name; a name before the person's own address
        ("Van: Ingrid van der Berg-Smit <i.vanderberg@example.nl>", [("Ingrid van der Berg-Smit", "Full Name")]),
        ("Patient: Herr Klaus Biedermann\nStation 4", [("Klaus Biedermann", "Full Name")]),
        ("private landlord Denise Halloran denise.h@icloud.com, £1,200", [("Denise Halloran", "Full Name")]),
    ],
)
def test_names_found(text: str, expected: list[tuple[str, str]]) -> None:
    assert names(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Name: Monday Morning Meeting",
        "Post goes to Rua dos Andradas, 973, apto 181",
        "Location: Joinville, 89201-100",
        "Faith-wise, I'm Cao Dai. My blood group is O.",
        "Good Luck - see you",  # one line of "Name - ..." is not a chat export
        "Name: ACME LTD\nStatus: ACTIVE",  # a form value that is no one
        "Das Elterngeld (7.320 €) wurde berücksichtigt.",  # an amount in brackets is no age
        "Patient: UNKNOWN MALE\n",
        "Contact Sales Team support@example.com",  # the address repeats no part of the words before it
    ],
)
def test_no_name(text: str) -> None:
    assert names(text) == []


@pytest.mark.parametrize(("text", "expected"), [
    ('{"name": "LINDQVIST/ASTRID MS", "passport": "93018472"}', [("LINDQVIST/ASTRID", "Full Name")]),
    ('"name": "OKAFOR/EMEKA"', [("OKAFOR/EMEKA", "Full Name")]),
    ("PAX 2: NGUYEN/THI LAN MRS", [("NGUYEN/THI LAN", "Full Name")]),
    ("Ports: TCP/IP and N/A; HIV/AIDS clinic", []),
])
def test_an_airline_bookings_passenger_is_a_full_name(text: str, expected: list[tuple[str, str]]):
    assert names(text) == expected
