"""Hand-written Age and Date forms (docs/annotation-guidelines.md spans) and their false-positive guards."""

from __future__ import annotations

import pytest

from proxy.recognizers import RecognizerDetector

DETECTOR = RecognizerDetector()


def found(text: str) -> set[tuple[str, str]]:
    entities = DETECTOR.detect(text)
    for e in entities:
        assert text[e.start : e.end] == e.text
    return {(e.text, e.tag) for e in entities}


def spans(text: str, tag: str) -> list[tuple[int, int, str]]:
    return [(e.start, e.end, e.text) for e in DETECTOR.detect(text) if e.tag == tag]


def only(text: str, span: str) -> list[tuple[int, int, str]]:
    """What `spans` gives when `span` (its first occurrence) is the one entity of its tag."""
    start = text.index(span)
    return [(start, start + len(span), span)]


AGES = [
    ("Theo (6) has epilepsy", "6"),
    ("Sanjay Patel (44, pharmacist) was driving", "44"),
    ("Mum (Doreen Fletcher, 84) had a fall", "84"),
    ("Applicant 1: Siobhán Kelly, 31, primary school teacher", "31"),
    # a surname that is also a common word, and "no" that opens no house number
    ("I'm Megan Price, 18, from Swansea. I'm a wheelchair user", "18"),
    ("Spouse: Hodan Ali Jama, 37, no formal schooling", "37"),
    # an age opening a profile's list of attributes, or after a gender
    ("bio: 36, 6ft, korean-american, grew up in LA", "36"),
    ("Hi all, Graciela Ferreyra here, 46, mum of three.", "46"),
    ("Throwaway-ish, but whatever. 38, male, gay, living in Denver", "38"),
    ("Patient: Ewan McCreadie, male, 47\nAdmitted 02/01/2025", "47"),
    ("When we came to Montréal in 2006 I was 19, with a chemistry degree", "19"),
    ("We got married in 2021 in Salvador. We are both 35. I'm Juliana", "35"),
    ("me, my son Danylo (now 11) and my father", "11"),
    ("Giulia Ferrante, born 22.07.1991 (so 32 now), living at", "32"),
    ("anyway im 20 i dont have the energy", "20"),
    ("Chair: Sir Malcolm Drury — 71, ex-Royal Navy", "71"),
    ("Our son Joon, 10, broke his wrist", "10"),
    ("Leo is 8 and has a peanut allergy", "8"),
    ("Mum's here, and this is my son Ayaan. He's seven. DOCTOR: Hi Ayaan.", "seven"),
    ("DeShawn Jackson, he's sixteen, just got his license", "sixteen"),
    ("My son is 6 and has epilepsy; we missed", "6"),
    ("My son Alfie is four and has cerebral palsy", "four"),
    ("Dear future Ananya, It's 12 June 2024. You are 29, 162 cm", "29"),
    ("Right now you're 20, in the second year of a BA", "20"),
    ("I was 24 when I left Rach Gia on the night boat", "24"),
    ("He was 26 when the war came", "26"),
    ("retired long-haul trucker. Quit school at 16, got my GED in the Army.", "16"),
    ("When I came out as bisexual at fifteen, the only room", "fifteen"),
    ("with my father, Mahesh, who was 6. They rented a room", "6"),
    ("COORDINATOR: And how old are you, Nour? VOLUNTEER: Twenty-nine. I'm Syrian", "Twenty-nine"),
    ("Bariatric OPD Pt Harpreet Kaur Sandhu, 41 yrs, schoolteacher, Sikh", "41"),
    ("osteoarthritis in both knees. i am 74 yrs. my number is", "74"),
    ("The young person, Kayla, is 15 and placed with carers", "15"),
    ("my colleague Tariq, who is 19 and only started", "19"),
    ("Gabriel Tremblay (Gabe) is 31, an electrician", "31"),
    ("Aiyana's only 19 so no wine bars", "19"),
    ("Hana Suzuki was 17 then, sullen", "17"),
    ("She was seventy-two and nearly blind", "seventy-two"),
    ("hes maybe 50, works as a bouncer", "50"),
    ("she's 70-ish, Samoan", "70"),
    ("Dad turns 90 next month", "90"),
    ("my email is x@y.de and im 34 whats the best way", "34"),
    ("I'm 15 btw", "15"),
    ('{"name": "Karla", "age": 38, "city": "Guadalajara"}', "38"),
    ('{"birthdate": "1994-11-05", "age": "30", "height": "183 cm"}', "30"),
    # the age in brackets after a date of birth
    ("Full name: Maricel Dela Cruz Bautista. DOB: 11 November 1995 (28). Born in Iloilo City", "28"),
    ("Birthday: August 22, 1987 (37 na po ako) | Work: caregiver", "37"),
    ("Mateo (child, age 9) lives with me", "9"),
    ("staff nurse, early 30s, moved from Cork", "30s"),
    ("after a stroke in her fifties left her", "fifties"),
    ("At 67, retired miner Gareth Pryce still sings", "67"),
    ("At 19 she married my grandad in Oaxaca", "19"),
    ("Tunde Adeyemi moved to Houston at 12. Today he", "12"),
    ("Q: And you're still driving the van at 78? A: Win's", "78"),
    ("Me (27F) and my situation: I'm a nurse", "27"),
    ("hi all. im kemi, 27, i rent the top floor", "27"),
    ("plus baby Inés (10 months), cot please", "10 months"),
    ("Candidate summary: Thiago Ferreira - 42, Brazilian", "42"),
    ("About me: Rafael, 34. Friends say Rafa", "34"),
    ("and Mei Lin, who's 33 and works as a UX designer", "33"),
    ("The applicant, 34, is a Nigerian pharmacist", "34"),
    ("I am an Italian student, 21. I was admitted to St James's", "21"),
    ("a young professional, 29, looking for a room", "29"),
    # an age by a past moment of one's life
    ("had an ACL reconstruction when i was 19 and it still clicks", "19"),
    ("been driving since i was 17, never had so much hassle", "17"),
    ("I've known Rohan Kapoor since we were 11, at Tiffin School", "11"),
    # a name with letters beyond ASCII
    ("A friend of mine, Elif Yıldız, is 27 and works as a journalist", "27"),
    ("My younger brother, José Luis Hernández, is 36 and has schizophrenia.", "36"),
    # "Now N," opening a sentence, and ", at N," set off by commas (from 13 on, as "At N,")
    ("software engineer at Check Point. Now 38, he holds a BSc", "38"),
    ("calm under pressure and, at 26, already leads nine staff", "26"),
    # an age before the clause's subject, mid-sentence
    ("a mild stroke, not a heart attack, but at 74 they're being careful", "74"),
    ("went back to night classes, and by 35 she had a BA", "35"),
    # a relative's age in brackets, "aged about", other languages' ways to say it
    ("in Leeds. My mum (71) was diagnosed with COPD", "71"),
    ("Kavya's grandfather (88, vegetarian) joins us", "88"),
    ("white, of medium build, aged about 30, with a beard", "30"),
    ("Mi hija Lucía tiene 7 años y tiene asma", "7"),
    ("a mam dopiero 31 lat i już", "31"),
    ("Doña Carmen Ruiz Soto, 82 años, operada de cadera", "82"),
    # a list's row: the age before a spaced dash, a bar or a colon
    ("Students with needs:\n• Callum Reid, 14 – asthma, inhaler in his bag", "14"),
    ("| 2 | Farid Karimi, 63 | COPD | oxygen at night |", "63"),
    ("4. Edith Marsh, 91: her son Paul visits on Sundays", "91"),
]

NOT_AGES = [
    "Let's meet at 10. Bring the forms.",
    "At 10, the bus leaves from stop B.",  # a sentence's "At 10," is a clock time
    "We moved at 6pm and unpacked at 10:30.",
    "He retired the car at 50 mph on the ring road.",
    "We met the driver, 12 minutes late.",
    "It was raining when we were 20 minutes from home.",
    "since I was 9am in the queue",
    "Now 10, then 20 more after lunch.",
    "The bus leaves Leeds, at 10, and Hull at noon.",
    "MSc from University of Lagos, 6 yrs as data analyst",
    "see my notes (12) on page 4",
    "Ward B, 12:30 – handover",
    "Results: 15, and then the rest came in.",  # a count before a joining word
    "I was 20 minutes late again.",
    "Chapter 3: 12, 13 and 14 are missing.",
    "he's one of the best in the club",
    "You're 2 minutes late and she is five minutes away.",
    "My son is 6 feet tall now.",
    "he has had type 1 diabetes since he was nine.",  # an age at an illness's start: the gold leaves it
    "What's the age limit? 18 and over.",
    "In most states at 18 you can vote.",  # anyone's age, not the writer's
    "Prices rose by 20 they said, and at 14 we leave for the airport.",  # a count and a clock time
    "born in 1990 in Leeds (3 siblings)",  # a bracketed count after a birth, not an age
]


@pytest.mark.parametrize("text", NOT_AGES)
def test_not_an_age(text: str) -> None:
    assert spans(text, "Age") == []


@pytest.mark.parametrize(("text", "span"), AGES, ids=[s for _, s in AGES])
def test_age_forms(text: str, span: str) -> None:
    assert spans(text, "Age") == only(text, span)


DATES = [
    ("I graduated from the Bartlett School of Architecture in 2016. I am relocating", "2016"),
    ("Self-employed carpenter since 2019, registered", "2019"),
    ("Dad (Raymond Carter, born 1954) has dementia", "1954"),
    ("after her stroke in 2019 she couldn't cook", "2019"),
    ("your PhD programme beginning autumn 2025.", "autumn 2025"),
    ("I am relocating to Victoria in August and would", "August"),
    ("a cruise with my husband in mid-June. The cabin", "mid-June"),
    ("he'll migrate it by end of April\n- Rahul", "end of April"),
    ("the builder says is mid-July.", "mid-July"),
    ("Since February the couple above have", "February"),
    ("the heating has been off since Sunday 12th and", "Sunday 12th"),
    ("turned up at the school on Tuesday 21st trying", "Tuesday 21st"),
    ("I'm WFH from Leeds till the 20th, my back", "20th"),
    ("Thanks Omar. I'm away 17–21 March so can we", "17–21 March"),
    ("We're doing Lisbon from 2 to 6 May. Aiyana", "2 to 6 May"),
    ("name jess\nborn 3rd april 98\nuni goldsmiths", "3rd april 98"),
    ("Bay 1: Mr Hollins, admitted 3/11 with COPD", "3/11"),
    ("- Backend Engineer, Coupang (2019–present): payments", "2019"),
    ("Sabre Polska, Data Analyst, 2021 to present", "2021"),
    ("- B.S. Computer Science, KAIST, 2019\n\nOther", "2019"),
    ("working 12-hour nights Wed to Sat. My husband", "Wed to Sat"),
    ("in the lab on Tuesdays and Thursdays for now", "Tuesdays and Thursdays"),
    # spoken, as speech-to-text writes a call
    ("AGENT: I can see the charge, ninth of April, for forty euros", "ninth of April"),
    ("CALLER: Fourth of June, nineteen eighty-one. AGENT: Thanks", "Fourth of June, nineteen eighty-one"),
    ("WITNESS: Thirtieth of October, ninety-eight. PC: So", "Thirtieth of October, ninety-eight"),
    ("we left on Friday the twenty-first and came back", "Friday the twenty-first"),
    ("PC: Was this Tuesday the second of May? WITNESS: Yes", "Tuesday the second of May"),
    ("CALLER: August eleventh, two thousand and three. AGENT:", "August eleventh, two thousand and three"),
]


@pytest.mark.parametrize(("text", "span"), DATES, ids=[s for _, s in DATES])
def test_date_forms(text: str, span: str) -> None:
    assert spans(text, "Date") == only(text, span)


def test_year_ranges_give_each_year() -> None:
    assert spans("ELEANOR MAY FAIRCLOUGH\n1938 – 2025\n\nPeacefully", "Date") == [
        (23, 27, "1938"),
        (30, 34, "2025"),
    ]
    text = "I taught her at Victoria University from 2019 to 2022, where she"
    assert [s for *_, s in spans(text, "Date")] == ["2019", "2022"]


# every Date of a text, in order: bare years on a person's timeline, and other languages' dates
DATE_LISTS = [
    ("They married in Viseu. In 1966 they emigrated to Newark.", ["1966"]),
    ("In 2018, I was arrested after a protest.", ["2018"]),
    ("Kofi Campbell Mensah, b. 1958, lived with sickle cell disease, d. 2011.", ["1958", "2011"]),
    ("on tablets for hypertension - had a mild heart attack in 2021, cleared for exercise", ["2021"]),
    ("epilepsy (well controlled, last seizure 2021)", ["2021"]),
    ("hypertrophic cardiomyopathy dx 2021, ICD fitted", ["2021"]),
    ("passport P4829175B (valid until 2031)", ["2031"]),
    ("Trabajo como diseñadora gráfica freelance desde 2019, todo por honorarios.", ["2019"]),
    # "in" + a year in a sentence about a person
    ("I had a lap in 2020 which helped for a while.", ["2020"]),
    ("He earned a PhD in Soil Science from Cornell University in 1976, and spent", ["1976"]),
    # "in"/"from" + a year after a known condition in the sentence: when someone had it
    ("Had hepatitis A in 2015, fully recovered.", ["2015"]),
    ("I have lupus from 2019 and recently doctor find kidney involvement", ["2019"]),
    ("The asthma clinic opened in 2015.", []),
    # a year in brackets after a word: a CV's, a medical history's
    ("Education: BSc Industrial Engineering, University of Jordan (2013). Personal: Jordanian", ["2013"]),
    ("Mother: 64, type 2 diabetes, breast cancer (2015). Sister: Josefina", ["2015"]),
    ("as Smith et al. (2019) found, sleep matters", []),
    # no person's timeline: a company's year, a year in ordinary prose
    ("In 2019 the company launched a new app.", []),
    ("Thanks for asking. Prices rose in 2021 across the region.", []),
    ("The 2019 report is out.", []),
    ("Suite à l'examen de votre dossier du 3 septembre 2024, nous vous informons qu'à compter du 1er octobre 2024,",
     ["3 septembre 2024", "1er octobre 2024"]),
    ("un rendez-vous le jeudi 13 février à 16h30", ["jeudi 13 février"]),
    ("Llegamos a Madrid el sábado 12 de abril a las 16:40.", ["sábado 12 de abril"]),
    ("te confirmo tus vacaciones del 4 al 18 de agosto. Tu número", ["4 al 18 de agosto"]),
    ("Nasci em Recife no dia 2 de julho de 1975 e me chamo Ana", ["2 de julho de 1975"]),
    ("Bitte erscheinen Sie am Dienstag, 8. April 2025 um 9:40 Uhr", ["Dienstag, 8. April 2025"]),
    ("Gehaltsabrechnung Oktober 2024 – Brandt & Söhne", ["Oktober 2024"]),
    ("Exams: Statistica II on lun 16 giugno at 9:00", ["lun 16 giugno"]),
    # a name built on a date is no date
    ("We crossed the 25 de Abril Bridge at sunset.", []),
    ("The shop is on Avenida 9 de Julio, near the Obelisco.", []),
]


@pytest.mark.parametrize(("text", "dates"), DATE_LISTS)
def test_the_dates_of_a_text(text: str, dates: list[str]) -> None:
    assert [s for *_, s in spans(text, "Date")] == dates


def test_a_day_range_replaces_its_inner_date() -> None:
    text = "We were in Bali from 2 to 16 January. On 9 January my wife got ill"
    assert [s for *_, s in spans(text, "Date")] == ["2 to 16 January", "9 January"]


NEGATIVES = [
    "See Section (3) for details.",
    "Figure (2) shows the trend.",
    "Level (5) unlocked.",
    "Turn to page 12, then read on.",
    "It still runs Windows 2000, sadly.",
    "Version 2019 to 2020 upgrade guide",
    "We march on and may win.",
    "May I ask something?",
    "I have 3 kids, 2 dogs and a cat.",
    "Meet me at 5, then we eat.",
    "The meeting is at 10:30, room 4.",
    "It cost $45, which was fine.",
    "Chapter 4, 12, and 15 are optional.",
    "Items: apples, 12, oranges",
    "Rua Augusta, 2020, apto 935.",
    "Avenida Atlântica, 56, apto 44.",
    "Dinner was 7, then a film.",
    "Rent is 9, I think.",
    "It was 5.",
    "the late 90s were great",
    "In 2019 we changed suppliers.",
    "Order 12345 shipped in 2019.",
    "what oil should I use for a 2015 VW Golf?",
    "who won the 2018 world cup",
    "in 2000 rows of data",
    "the office is on the 3rd floor",
    "the 2nd time I tried it",
    "a book by May Swenson",
    "first of all, the second half was better",
    "she came third of twelve runners",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_no_age_or_date(text: str) -> None:
    assert {tag for _, tag in found(text)} & {"Age", "Date"} == set()


def test_phone_and_duration_keep_their_reading() -> None:
    assert found("Call (21) 90782-6918 now.") == {("(21) 90782-6918", "Phone Number")}
    assert found("I'm 30 minutes away.") == {("30 minutes", "Duration")}


DURATIONS = [
    ("The cabin is booked under our name for five nights.", "five nights"),
    ("I'd like to request annual leave (10 working days).", "10 working days"),
    ("A replacement card will arrive within 5 business days.", "5 business days"),
]


@pytest.mark.parametrize(("text", "duration"), DURATIONS, ids=[d for _, d in DURATIONS])
def test_stays_and_notice_periods_are_durations(text: str, duration: str) -> None:
    assert (duration, "Duration") in found(text)


def test_working_nights_is_no_duration() -> None:
    """A shift pattern has no count, so it is no span of time."""
    assert {tag for _, tag in found("Josh works nights as a security guard.")} & {"Duration"} == set()


TIMES = [
    ("He rang at 10.30pm, drunk.", {"10.30pm"}),
    ("The alarm went off at 1.15 a.m. again.", {"1.15 a.m."}),
    # each end of a range is a clock time of its own (docs/annotation-guidelines.md)
    ("We're open 9am–6pm on weekdays.", {"9am", "6pm"}),
    ("Visiting is from 10.15 to 11.30am only.", {"11.30am"}),
]


@pytest.mark.parametrize(("text", "times"), TIMES, ids=[t for t, _ in TIMES])
def test_time_forms(text: str, times: set[str]) -> None:
    """British dot times ("10.30pm") are clock times, but only with am/pm: "9.50" alone is a number."""
    assert found(text) == {(t, "Time") for t in times}


@pytest.mark.parametrize("text", ["It was 9.50 at the till.", "Read pages 10-12 tonight.", "Room 10.30 is free."])
def test_dot_numbers_and_number_ranges_are_no_time(text: str) -> None:
    assert "Time" not in {tag for _, tag in found(text)}


@pytest.mark.parametrize(
    "text",
    [
        "[10:41] Agent: Thanks for waiting, can I take your name?",
        "[Sat 19:02] Marco: ok so I can drive",
        "12/05/25, 21:14 - Dr Okafor: I'll take on-call Monday",
        "@ria.k 9:02 AM\nanyone free for lunch?",
    ],
)
def test_a_chat_message_header_time_is_no_time(text: str) -> None:
    """The time stamp of a message in a chat export is not an event in anyone's life."""
    assert "Time" not in {tag for _, tag in found(text)}


def test_times_in_the_message_itself_are_still_found() -> None:
    text = "[10:41] Agent: Your appointment is at 14:30 on Friday."
    assert ("14:30", "Time") in found(text)
    assert ("09:00", "Time") in found("09:00 Breakfast: hotel lobby")


TIMES = [
    # spoken, with a.m./p.m.
    ("ring after three p.m. if you can", "three p.m."),
    ("we got back about ten forty-five p.m. and the door was open", "ten forty-five p.m."),
    ("booked for eight twenty a.m. with the nurse", "eight twenty a.m."),
    # a zone or the German "Uhr" belongs to the time
    ("At 03:15 KST on 4 May the gateway failed", "03:15 KST"),
    ("approx 09:40 AWST, haul truck 12", "09:40 AWST"),
    ("Bitte erscheinen Sie um 9:40 Uhr persönlich", "9:40 Uhr"),
    # a heading's colon after the time
    ("14 Dec, 10:00: welcome coffee in the lobby", "10:00"),
]


@pytest.mark.parametrize(("text", "span"), TIMES, ids=[s for _, s in TIMES])
def test_time_forms(text: str, span: str) -> None:
    assert spans(text, "Time") == only(text, span)


@pytest.mark.parametrize("text", ["I have one am I right", "log 10:00:00:12 end", "chapter ten am"])
def test_not_a_time(text: str) -> None:
    assert spans(text, "Time") == []


DURATIONS = [
    # a rising range of counts is one span
    ("Expected back at work after 3-5 weeks of rest.", "3-5 weeks"),
    ("surgery to be booked in 8–12 weeks", "8–12 weeks"),
    ("DOCTOR: Usually six to eight weeks, I'm afraid.", "six to eight weeks"),
    # other languages' months, weeks, days and hours after digits
    ("te quedan 4 días de vacaciones", "4 días"),
    ("periodo di prova di 3 mesi.", "3 mesi"),
    ("erst nach 24 Stunden ohne Fieber", "24 Stunden"),
    ("line mein 3 ghante khara raha", "3 ghante"),
    # their counts written out, and years after a word that makes them a duration
    ("Me diagnosticaron diabetes tipo 2 hace tres meses, ya me", "tres meses"),
    ("a renovação no consulado demora três meses.", "três meses"),
    ("Alquiler 1.150 € al mes, duración 3 años, piso en", "3 años"),
    ("dei aula de português por vinte anos e hoje", "vinte anos"),
    # abbreviated years, months and weeks
    ("hey all, nurse here (8 yrs ICU at St. Luke's", "8 yrs"),
    ("Software Engineer II, Bogotá office, 3 yrs 8 mos Reasons: offer", "3 yrs 8 mos"),
    ("note: migraines for 3 wks now, worse after 10pm", "3 wks"),
]


@pytest.mark.parametrize("text", ["Pt Harpreet Kaur Sandhu, 41 yrs, schoolteacher", "i am 74 yrs. my number is"])
def test_abbreviated_years_of_a_person_are_no_duration(text: str) -> None:
    assert spans(text, "Duration") == []


@pytest.mark.parametrize("text", ["Santiago tiene 8 años y va al colegio", "ha 30 anni e vive a Roma", "j'ai 40 ans"])
def test_years_after_have_are_no_duration(text: str) -> None:
    assert spans(text, "Duration") == []


@pytest.mark.parametrize(("text", "span"), DURATIONS, ids=[s for _, s in DURATIONS])
def test_duration_forms(text: str, span: str) -> None:
    assert spans(text, "Duration") == only(text, span)


def test_office_hours_are_no_duration() -> None:
    assert spans("the shop is open 9-5 days a week", "Duration") == []
