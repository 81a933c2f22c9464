"""Street addresses: found by their shape, continued over their address line, cut before a label line."""

from __future__ import annotations

import pytest

from conftest import pattern_texts
from proxy.detectors.address_spans import shape_addresses
from proxy.detectors.base import DetectorPipeline
from proxy.entities import Entity
from proxy.recognizers import RecognizerDetector


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ship it to 48 Wellington Crescent please", ["48 Wellington Crescent"]),
        ("Calle Alcalá 112, Madrid", ["Calle Alcalá 112"]),
        ("She lives at Rua das Palmeiras, 77, apto 12", ["Rua das Palmeiras, 77"]),
        ("Kantstrasse 9 is the office", ["Kantstrasse 9"]),
        # a US street's compass point and a numbered street
        ("I live at 5520 N. Kenmore Ave, Apt 12B", ["5520 N. Kenmore Ave"]),
        ("Grandpa lives at 3821 W 6th St and", ["3821 W 6th St"]),
        ("Apt 12B, 300 West 46th Street, New York", ["300 West 46th Street"]),
        # Italian kinds before the name, French and Québec streets with the number first
        ("Witness: Rosa Bianchi, lives at Corso Sempione 44, rosa@example.it", ["Corso Sempione 44"]),
        ("she lives at 23 place de l'Église in Lyon", ["23 place de l'Église"]),
        # South Asian forms: a numbered cross road, a house on a numbered street
        ("renting at Flat 304, Sai Krupa Residency, 14th Cross, HSR Layout, Bengaluru 560102 since",
         ["14th Cross"]),
        ("we rent House 47, Street 9, Block C, Model Town, Lahore", ["House 47, Street 9"]),
        # "of" after a comma gives a person's address, not a count
        ("Okonkwo, 29, of 4 Mill Lane, Salford, was cooperative.", ["4 Mill Lane"]),
        # a Japanese block address before its ward, a Korean road
        ("my place is at 1-7-2 Sakae, Kita-ku, Kanazawa", ["1-7-2 Sakae"]),
        ("we moved to 58-3 Yeonhui-ro 11-gil, Seodaemun-gu", ["58-3 Yeonhui-ro 11-gil"]),
        # Dutch, Turkish, German and South Asian forms
        ("nieuw adres Oudegracht 211-bis, 3511 NK. Moet ik", ["Oudegracht 211-bis"]),
        ("ev sahibi aradı, adres Moda Cad. No:47 D:5 Kadıköy", ["Moda Cad. No:47 D:5"]),
        ("Kiralanan: Alsancak Mah. 1453 Sok. No: 12 D: 4, Konak", ["Alsancak Mah. 1453 Sok. No: 12 D: 4"]),
        ("Herrn Jan-Philipp Kessler\nVenloer Str. 318\n50823 Köln", ["Venloer Str. 318"]),
        ("hum sector 4, house no. 2/118 me rehte hain", ["house no. 2/118"]),
    ],
)
def test_streets_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Street Address") == expected


@pytest.mark.parametrize(
    "text",
    ["In 2019 Main Street was closed for a week.", "I waited 20 Minutes Road works again", "Flights to Niigata 376 times",
     "We waited 2 North Street buses.", "Dated 3-14-9 Tenjinbashi", "we need 3 place settings.",
     "a total of 12 Main Street shops closed"],
)
def test_no_street(text: str) -> None:
    assert pattern_texts(text, "Street Address") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Address: House 47, Street 9, Block C, Model Town, Lahore", ["House 47, Street 9, Block C, Model Town, Lahore"]),
        ("Số CCCD: 001189027461\nĐịa chỉ: Số 17 ngõ 92 Nguyễn Khánh Toàn, Cầu Giấy, Hà Nội\nMã số BHYT: DN40",
         ["Số 17 ngõ 92 Nguyễn Khánh Toàn, Cầu Giấy, Hà Nội"]),
        ("Anschrift: Lindenweg 4b, 04109 Leipzig (seit 2019)", ["Lindenweg 4b, 04109 Leipzig"]),
        # no number or no capitalised word: no address line
        ("Address: see above", []),
        ("Address: 0x7ffe5a3c in the core dump", []),
        ("Email address: ana@example.com", []),
    ],
)
def test_an_address_label_gives_its_line(text: str, expected: list[str]) -> None:
    """A form's address label in any language: the line after it is the address (a number and a name in it)."""
    assert pattern_texts(text, "Street Address") == expected


def test_postcodes_of_more_countries_stay_in_the_address_line() -> None:
    assert _shaped("ul. Lipowa 12/4, 31-416 Kraków. Chodzi", "ul. Lipowa 12/4") == [
        ("ul. Lipowa 12/4, 31-416 Kraków", "Street Address")]
    assert _shaped("adres Oudegracht 211-bis, 3511 NK. Moet", "Oudegracht 211-bis") == [
        ("Oudegracht 211-bis, 3511 NK", "Street Address")]


def test_a_model_address_span_does_not_start_on_the_addressee_s_line() -> None:
    from proxy.detectors.address_spans import address_start

    text = "Madame Sandrine Lefèvre-Aubry\n27 rue des Tanneurs, 69002 Lyon"
    start = text.index("Aubry")
    assert text[address_start(text, start, len(text)):] == "27 rue des Tanneurs, 69002 Lyon"
    assert address_start(text, text.index("27"), len(text)) == text.index("27")


def _shaped(text: str, street: str, *others: tuple[str, str]) -> list[tuple[str, str]]:
    entities = [Entity(street, text.index(street), text.index(street) + len(street), "Street Address", 0.9, "m")]
    for value, tag in others:
        entities.append(Entity(value, text.index(value), text.index(value) + len(value), tag, 0.95, "m"))
    return [(e.text, e.tag) for e in shape_addresses(text, entities)]


def test_an_address_line_is_one_street_address() -> None:
    text = "Post goes to Rua XV de Novembro, 2809, apto 108 - Manaus, 91881-944. Thanks"
    assert _shaped(text, "Rua XV de Novembro", ("Manaus", "City/Region")) == [
        ("Rua XV de Novembro, 2809, apto 108 - Manaus, 91881-944", "Street Address")]
    text = "Home: Flat 12, Darwin House, 40 Seacole Road, London SE15 6TR\nPhone: 1"
    assert _shaped(text, "40 Seacole Road") == [("Flat 12, Darwin House, 40 Seacole Road, London SE15 6TR",
                                                 "Street Address")]


def test_a_province_in_brackets_before_the_postcode_is_part_of_the_address() -> None:
    text = "Monsieur Gérald Thibodeau\n1187, rue des Érables, Trois-Rivières (Québec) G8Y 2K5\nNAS : 482"
    assert _shaped(text, "1187, rue des Érables") == [
        ("1187, rue des Érables, Trois-Rivières (Québec) G8Y 2K5", "Street Address")]


@pytest.mark.parametrize(
    "address",
    [
        "Block 7 Lot 12, Villa Angela Subdivision, Jaro, Iloilo City 5000",
        "Purok 3, Brgy. Sabang, Lipa City, Batangas",
        "House No. 14, Abelenkpe Road, Accra",
    ],
)
def test_philippine_and_ghanaian_address_lines_are_one_street_address(address: str) -> None:
    text = f"Current address: {address}. Mobile +63 917 555 0101"
    found = DetectorPipeline([RecognizerDetector()]).detect(text)
    assert [e.text for e in found if e.tag == "Street Address"] == [address]


def test_a_singapore_block_address_is_one_street_address() -> None:
    text = "Mobile 9123 4567. I stay at Blk 123 Ang Mo Kio Ave 3, #08-1234, Singapore 560123. I have"
    found = DetectorPipeline([RecognizerDetector()]).detect(text)
    assert [e.text for e in found if e.tag == "Street Address"] == ["Blk 123 Ang Mo Kio Ave 3, #08-1234, Singapore 560123"]


def test_a_district_with_a_numbered_phase_is_part_of_the_address() -> None:
    text = "Financing against House 27, Street 9, Block H, DHA Phase 5, Lahore"
    assert _shaped(text, "House 27, Street 9") == [("House 27, Street 9, Block H, DHA Phase 5, Lahore", "Street Address")]


def test_a_town_abbreviated_with_a_full_stop_stays_in_the_address() -> None:
    text = "The home address on file for him is 4024 Sunset Place, Apt 4B, St. Louis, MO 91241. My landlord"
    assert _shaped(text, "4024 Sunset Place") == [("4024 Sunset Place, Apt 4B, St. Louis, MO 91241", "Street Address")]


def test_an_address_line_ends_before_a_bracket() -> None:
    text = "Collection from 22 Alder Lane, Ormskirk (handy for the station)."
    assert _shaped(text, "22 Alder Lane", ("Ormskirk", "City/Region")) == [
        ("22 Alder Lane, Ormskirk", "Street Address")]


def test_a_town_written_apart_and_a_count_after_the_street_stay_out() -> None:
    text = "I live at 22 Baker Street in London, 3 minutes from the park"
    assert _shaped(text, "22 Baker Street", ("London", "City/Region")) == [
        ("22 Baker Street", "Street Address"), ("London", "City/Region")]
    text = "I live at 22 Baker Street, 3 minutes from the park"
    assert _shaped(text, "22 Baker Street") == [("22 Baker Street", "Street Address")]


def test_a_span_running_into_a_label_line_is_cut() -> None:
    text = "Address — Calle Morelos 3, Col. Del Valle\nTax paid — MX$15,000"
    assert _shaped(text, "Calle Morelos 3, Col. Del Valle\nTax") == [("Calle Morelos 3, Col. Del Valle", "Street Address")]
    text = "Home address | 6742 Washington Blvd\nDOB | December 6th, 1953"
    assert _shaped(text, "6742 Washington Blvd\nDOB") == [("6742 Washington Blvd", "Street Address")]


def test_the_pipeline_joins_a_street_from_the_patterns_with_the_town_after_it() -> None:
    text = "Please send the forms to 14 Agar Grove, London NW1 9SL by Friday."
    found = DetectorPipeline([RecognizerDetector()]).detect(text)
    assert [(e.text, e.tag) for e in found if e.tag == "Street Address"] == [
        ("14 Agar Grove, London NW1 9SL", "Street Address")]


def test_a_numbered_unit_and_a_cut_abbreviation_join_the_street() -> None:
    text = "Post for me should go to 546 Washington Place, #402 and I call Austin home."
    assert _shaped(text, "546 Washington Place") == [("546 Washington Place, #402", "Street Address")]
    text = "Post for him should go to Avenida Chapultepec 245, Col. Polanco. FYI, he rents."
    assert _shaped(text, "Avenida Chapultepec 245, Col") == [("Avenida Chapultepec 245, Col. Polanco", "Street Address")]


def test_a_numbered_unit_after_a_cut_abbreviation_joins_the_street() -> None:
    text = "Post should go to 5225 Dundas Terrace, Apt. 12, Vancouver, BC L4Z 4E9. Thanks"
    assert _shaped(text, "5225 Dundas Terrace, Apt") == [
        ("5225 Dundas Terrace, Apt. 12, Vancouver, BC L4Z 4E9", "Street Address")]


@pytest.mark.parametrize(
    ("text", "model_span", "expected"),
    [
        # a Portuguese or Spanish floor with its side, where the model stopped inside it
        ("resident at Rua dos Fanqueiros 112, 3.º Esq., 1100-232 Lisboa, citizen of Portugal",
         "Rua dos Fanqueiros 112, 3", "Rua dos Fanqueiros 112, 3.º Esq., 1100-232 Lisboa"),
        ("Delivery address: Rua do Almada 212, 3º esq., 4050-031 Porto\nPhone: +351 912 000 000",
         "Rua do Almada 212, 3º", "Rua do Almada 212, 3º esq., 4050-031 Porto"),
        # Mexico's postcode after "C.P."
        ("I live in Calle Hidalgo 214, Col. Centro, Tlaquepaque, Jalisco, C.P. 45500. I am a street vendor",
         "Calle Hidalgo 214, Col. Centro, Tlaquepaque, Jalisco, C.P",
         "Calle Hidalgo 214, Col. Centro, Tlaquepaque, Jalisco, C.P. 45500"),
        # a weekday after the address is no town of it
        ("in person at 2210 Sunset Blvd, Suite 4, Los Angeles, CA 90026, Monday to Friday between 9 and 5",
         "2210 Sunset Blvd, Suite 4", "2210 Sunset Blvd, Suite 4, Los Angeles, CA 90026"),
    ],
)
def test_floors_postcodes_and_weekdays_after_a_street(text: str, model_span: str, expected: str) -> None:
    assert _shaped(text, model_span) == [(expected, "Street Address")]


def test_a_span_begun_at_the_street_type_or_a_house_name_takes_its_start() -> None:
    """The model may begin at "Straße" or after "The"; a list's next number after the postcode is no part."""
    text = "Finanzamt Köln-Altstadt Herrn Emre Yıldırım Venloer Straße 211, 50823 Köln Steuernummer: 214/5089/1733"
    assert _shaped(text, "Straße 211, 50823 Köln") == [("Venloer Straße 211, 50823 Köln", "Street Address")]
    text = "UK UTR 73920 18464. Residence: The Old Rectory, Church Lane, Little Missenden HP7 0QZ. Employment: MD"
    assert _shaped(text, "Old Rectory, Church Lane, Little Missenden HP7 0QZ") == [
        ("The Old Rectory, Church Lane, Little Missenden HP7 0QZ", "Street Address")]
    text = "Just so you know, post for her should go to Via del Corso 75, 33117 Pisa."
    assert _shaped(text, "del Corso 75, 33117 Pisa") == [("Via del Corso 75, 33117 Pisa", "Street Address")]
    text = "You reside at 53 Bode Thomas Street, right?\nAngela"
    assert _shaped(text, "53 Bode Thomas Street, right") == [("53 Bode Thomas Street", "Street Address")]
    text = "i live at 1805 main way, austin."  # written in lower case throughout: the town stays
    assert _shaped(text, "1805 main way, austin") == [("1805 main way, austin", "Street Address")]
    text = "the broadband at Shaniqua's flat, 42 Carnarvon Road, London E15 4JW. 4. Shaniqua worked for me"
    assert _shaped(text, "42 Carnarvon Road, London E15 4JW. 4") == [("42 Carnarvon Road, London E15 4JW", "Street Address")]
    text = "He lives at 33/16 Banjara Hills Road No. 12. He works nearby."
    assert _shaped(text, "33/16 Banjara Hills Road No. 12") == [("33/16 Banjara Hills Road No. 12", "Street Address")]
