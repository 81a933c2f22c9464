"""Organizations named by their relation to a person (employer, bank, insurer); the tag follows the kind word."""

from __future__ import annotations

import pytest

from conftest import pattern_texts
from proxy.recognizers.employers import employer_recognizer


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("I've been a data engineer at Zalando Payments in Berlin since 2021.", ["Zalando Payments"]),
        ("Aoife joined Stripe as a support lead last year.", ["Stripe"]),
        ("She is insured with Allianz and banks with Monzo.", ["Allianz", "Monzo"]),
        ("my bank is Santander, can you explain overdraft fees", ["Santander"]),
        ('{"employer": "Grupo Modelo", "job_title": "chemist"}', ["Grupo Modelo"]),
        ("Employer: Skanska AB, site manager", ["Skanska AB"]),
        ("He left Hartley, Moss and Quinn in March.", ["Hartley, Moss and Quinn"]),
        ("barista at Blue Bottle, then a cook", ["Blue Bottle"]),
        # a CV line: the title, the employer, the dates
        ("Experience\n- Backend Engineer, Coupang (2019–present): payments\n- Software Engineer Intern, Naver (2018)",
         ["Coupang", "Naver"]),
        ("I've been a Telstra customer for nine years.", ["Telstra"]),
        # where someone is, in a named town
        ("I managed Pedro on the analytics team at Maersk in Copenhagen.", ["Maersk"]),
        ("I'm a recruiter myself (at Hays in Warsaw) but", ["Hays"]),
        ("a self-employed architect who runs Rezaei Design Studio in Burnaby", ["Rezaei Design Studio"]),
        # where someone came from or what they founded
        ("CFO: Ingrid Solberg, joined from Equinor in 2021", ["Equinor"]),
        ("I'm 58, retired from Rabobank after 31 years", ["Rabobank"]),
        ("Zanele Khumalo, 36, founded Lumora in 2021", ["Lumora"]),
        # gig and service work
        ("he is a delivery rider for Rappi with irregular income", ["Rappi"]),
        ("I drive for Uber with my own car", ["Uber"]),
        # the cue opens a sentence (a CV or profile line)
        ("Works at Siemens.", ["Siemens"]),
        ("Joined Spotify as a data analyst.", ["Spotify"]),
        ("Currently with Deloitte.", ["Deloitte"]),
        ("- employee no. at Aer Lingus: AL-55821", ["Aer Lingus"]),
        ("my staff ID with Tesco is 448210", ["Tesco"]),
        # whose account or card it is
        ("it has always arrived on time from his Monzo account (no. 51839217)", ["Monzo"]),
        ("and has about ₺310,000 in her Garanti BBVA savings account", ["Garanti BBVA"]),
        ("keeps maxing out a DBS card with a S$20,000 limit", ["DBS"]),
        ("her Vietcombank statements show a balance of", ["Vietcombank"]),
    ],
)
def test_employers_found(text: str, expected: list[str]) -> None:
    assert pattern_texts(text, "Company Name") == expected


@pytest.mark.parametrize("text", ["Do I need my ID card and a SIM card?", "She sent a Birthday card.",
                                  "I got my Green Card in 2019.", "my Bank account is overdrawn",
                                  "my Chinese ID card is 510104199503150012", "his Social Security card showed",
                                  "I pay with a Visa card", "my Instagram account was hacked",
                                  "cover for the Northern accounts", "by standing order to the Landlord's account",
                                  "an HDFC Regalia credit card"])
def test_a_card_named_by_what_it_is_has_no_brand(text: str) -> None:
    assert pattern_texts(text, "Company Name") == []


@pytest.mark.parametrize(
    ("text", "name", "tag"),
    [
        ("a staff nurse at Wexford General Hospital", "Wexford General Hospital", "Healthcare Facility"),
        ("lecturer at Tallinn University, part time", "Tallinn University", "Educational Institution"),
        ("a caseworker at Lambeth Council for ten years", "Lambeth Council", "Government Agency"),
        ("He works for Ocean Rescue Trust in Cornwall.", "Ocean Rescue Trust", "NGO"),
        # where someone studied
        ("I'm an alum of Colegio Santa María. Just so you know", "Colegio Santa María", "Educational Institution"),
        ("The alma mater on file for her is Lycée Victor Hugo. She", "Lycée Victor Hugo", "Educational Institution"),
        ("I did my studies at Goldsmiths, and HR has me", "Goldsmiths", "Educational Institution"),
    ],
)
def test_the_kind_word_decides_the_tag(text: str, name: str, tag: str) -> None:
    found = [(e.text, e.tag) for e in employer_recognizer().analyze(text)]
    assert found == [(name, tag)]


@pytest.mark.parametrize(
    "text",
    [
        "I worked for Dr Patel for years.",
        "I work at home on Mondays.",
        "That's four years in the same job for Brenda.",
        "I left Monday and came back on Friday.",
        "I drove for hours.",
        "My doctor works at night.",
        "I'm a teacher, Paris (2019) was fun.",
        "We met at Christmas in Rome and landed at Heathrow in May.",
        "I stayed at Sarah's in Leeds.",
    ],
)
def test_no_employer(text: str) -> None:
    assert [e.text for e in employer_recognizer().analyze(text)] == []


@pytest.mark.parametrize(
    ("text", "name", "tag"),
    [
        ("On weekends she helps out at the Harbour Food Bank.", "Harbour Food Bank", "NGO"),
        ("He is a volunteer at Emmaus and loves it.", "Emmaus", "NGO"),
        ("I'm dealing with HMRC about my tax return.", "HMRC", "Government Agency"),
        ("She has a pending application at Centrelink over her benefits.", "Centrelink", "Government Agency"),
    ],
)
def test_charities_and_public_bodies_by_relation(text: str, name: str, tag: str) -> None:
    assert [(e.text, e.tag) for e in employer_recognizer().analyze(text)] == [(name, tag)]


def test_a_person_one_deals_with_is_not_an_office() -> None:
    assert [e.text for e in employer_recognizer().analyze("I'm dealing with Mark about the party.")] == []


def test_a_relation_cue_beats_a_person_reading_of_the_same_name() -> None:
    from proxy.detectors.base import prefer_relation_cues
    from proxy.entities import Entity

    text = "Jonas joined Spotify as a junior developer."
    start = text.index("Spotify")
    org = next(e for e in employer_recognizer().analyze(text) if e.text == "Spotify")
    nickname = Entity("Spotify", start, start + 7, "Nickname", 0.95, "gliner")
    agency = Entity("Spotify", start, start + 7, "Government Agency", 0.95, "gliner")
    assert prefer_relation_cues([nickname, org]) == [org]
    assert prefer_relation_cues([agency, org]) == [agency, org]  # an organization's type stays the model's call


@pytest.mark.skipif(not __import__("local_models.gliner_runtime", fromlist=["x"]).DEFAULT_MODEL_DIR.exists(),
                    reason="the bundled GLiNER checkpoint is missing")
def test_the_default_pipeline_reads_a_joined_company_as_a_company() -> None:
    """The model alone reads 'Spotify' here as a Nickname; the relation cue makes it the company."""
    from proxy.detectors.registry import build_detector

    text = "I managed Jonas for three years. Jonas joined Spotify as a junior backend developer in 2018."
    found = {(e.text, e.tag) for e in build_detector(["patterns", "gliner"]).detect(text)}
    assert ("Spotify", "Company Name") in found and ("Spotify", "Nickname") not in found


def test_a_relation_cue_beats_a_town_reading_unless_the_name_is_a_known_place() -> None:
    from proxy.detectors.base import prefer_relation_cues
    from proxy.entities import Entity

    for text, name, kept in (("- Backend Engineer, Coupang (2019–present)", "Coupang", False),
                             ("She works at Leeds in finance.", "Leeds", True)):
        orgs = [e for e in employer_recognizer().analyze(text) if e.text == name]
        start = text.index(name)
        town = Entity(name, start, start + len(name), "City/Region", 0.95, "gliner")
        assert prefer_relation_cues([town, *orgs]) == ([town, *orgs] if kept else orgs)
