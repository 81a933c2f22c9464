"""Which money tag an amount gets: the phrases that decide it, beyond single keywords.

Each case is a sentence where the nearest single word would pick the wrong tag
("left to PAY on my loan" is not an expense, "CPP PAYMENT" not a bill), so the
deciding phrase must be matched whole.
"""

from __future__ import annotations

import pytest

from proxy.entities import Entity
from proxy.recognizers import RecognizerDetector
from proxy.recognizers.quantities import MONEY_TAGS

DETECTOR = RecognizerDetector()


def money(text: str) -> list[Entity]:
    return [e for e in DETECTOR.detect(text) if e.tag in MONEY_TAGS]


def tag_of(text: str, span: str) -> str | None:
    """The tag of exactly `span` in `text` (None if it is not found)."""
    matches = [e for e in money(text) if e.text == span]
    assert len(matches) <= 1
    return matches[0].tag if matches else None


@pytest.mark.parametrize(
    ("text", "span", "tag"),
    [
        # what is left to repay is the loan, not a payment
        ("We still have $48,300 left to pay on the camper van.", "$48,300", "Loan Amount"),
        ("Marta has 12.400 € left to repay on it, my brother says.", "12.400 €", "Loan Amount"),
        ("I'm paying off £7,250 this year.", "£7,250", "Loan Amount"),
        # spending headroom on a card is its limit
        ("My son can spend up to $900 on the family card.", "$900", "Credit Limit"),
        ("With the upgrade I could spend up to CA$4,500 on it.", "CA$4,500", "Credit Limit"),
        # state pensions and benefits of other countries
        ("Her CPP payment is C$985.", "C$985", "Social Security Payment"),
        ("Dad gets C$720 in OAS benefits each month.", "C$720", "Social Security Payment"),
        ("He collects £221 in state pension every week.", "£221", "Social Security Payment"),
        ("Oma bekommt €1.380 Rente.", "€1.380", "Social Security Payment"),
        ("My pension payment comes to $1,940.", "$1,940", "Social Security Payment"),
        ("She receives A$1,020 from Centrelink.", "A$1,020", "Social Security Payment"),
        # take-home pay and pay slips are income
        ("My partner takes home £2,640 after deductions.", "£2,640", "Monthly Income"),
        ("His last payslip showed £2,185 gross.", "£2,185", "Monthly Income"),
        # pay as a noun of income, not the verb of a bill
        ("Job offer from Te Whatu Ora, starting pay NZ$41.50/hr.", "NZ$41.50", "Monthly Income"),
        ("my pay is €2,100 after tax, rent takes half", "€2,100", "Monthly Income"),
        ("I pay £900 rent each month.", "£900", "Monthly Expenses"),
        # an amount per month with no deciding word is a pay
        ("Candidates: Priya Nair (analyst, $5,200/month) and Ben Cho.", "$5,200", "Monthly Income"),
        ("The contract would be worth €4,100 per month.", "€4,100", "Monthly Income"),
        # ... but any money word, before or after, still wins
        ("I pay $640 a month for the van.", "$640", "Monthly Expenses"),
        ("I get $1,400 monthly from Social Security.", "$1,400", "Social Security Payment"),
        # what a household needs to live on is its expenses
        ("We need around $3,150 a month to get by.", "$3,150", "Monthly Expenses"),
        ("She needs about ¥185,000 monthly.", "¥185,000", "Monthly Expenses"),
        # money put aside is a balance
        ("After the rent I still have $9,400 put aside.", "$9,400", "Account Balance"),
        ("From each paycheck they set aside €150.", "€150", "Account Balance"),
        # the deciding word opens the sentence, beyond the window before the amount
        ("The rent for Unit 3B, 220 Dufferin Street will go up from $1,950 to $2,300 in September.", "$2,300",
         "Monthly Expenses"),
        # benefits by name, and payslips, tax letters and rents in other languages
        ("He gets about £740 a month in PIP but can't work.", "£740", "Social Security Payment"),
        ("Brutto: 4.250,00 € | Lohnsteuer: 612,41 € | Netto: 2.741,90 €", "612,41 €", "Tax Payment"),
        ("Brutto: 4.250,00 € | Lohnsteuer: 612,41 € | Netto: 2.741,90 €", "2.741,90 €", "Monthly Income"),
        ("Total devengado 2.650,00 € | Retención IRPF 424,00 €", "424,00 €", "Tax Payment"),
        ("Compte tenu de votre loyer de 610 €.", "610 €", "Monthly Expenses"),
        ("Every month I send NT$25,000 to my sister.", "NT$25,000", "Monthly Expenses"),
        ("The home charges £1,480 a week, paid from her savings.", "£1,480", "Monthly Expenses"),
        ("Total devengado 2.650,00 € | Líquido a percibir 2.011,37 €", "2.650,00 €", "Monthly Income"),
        ("Total devengado 2.650,00 € | Líquido a percibir 2.011,37 €", "2.011,37 €", "Monthly Income"),
        ("Im November kam das Weihnachtsgeld, 1.850,00 €, aufs Konto.", "1.850,00 €", "Annual Bonus"),
        ("My aunt in Ohio sends me $300 every month for school.", "$300", "Monthly Income"),
    ],
)
def test_phrases_pick_the_tag(text: str, span: str, tag: str) -> None:
    assert tag_of(text, span) == tag


def test_words_after_and_describe_the_next_fact() -> None:
    """ "and his investments" is about the percentage that follows, not the bonus before."""
    text = "The signing bonus on record for him is $6,000 and his investments are up 4%."
    assert tag_of(text, "$6,000") == "Annual Bonus"


def test_words_before_and_still_count() -> None:
    assert tag_of("He has $3,300 left to pay and a new job.", "$3,300") == "Loan Amount"


def test_each_amount_in_a_list_takes_its_own_phrase() -> None:
    text = (
        "I take home $4,200 monthly. I need about $2,900 a month to get by. "
        "I have $21,000 left to pay on my car loan and I can spend up to $6,500 on my card."
    )
    assert {e.text: e.tag for e in money(text)} == {
        "$4,200": "Monthly Income",
        "$2,900": "Monthly Expenses",
        "$21,000": "Loan Amount",
        "$6,500": "Credit Limit",
    }


@pytest.mark.parametrize(
    "text",
    [
        "I have 3 loans left to pay off over 24 months.",
        "You can spend up to 15 minutes on each question.",
        "The CPP file is 2,400 lines long and compiles in 12 mo.",
        "She needs about 8 hours of sleep a month less than me.",
    ],
)
def test_phrases_do_not_make_plain_numbers_money(text: str) -> None:
    assert money(text) == []


@pytest.mark.parametrize("text", [
    "Young driver surcharge applies to additional drivers under 25: EUR 9.50/day.",
    "Girls' bike, barely used. £380 ono, collection only.",
    "Verkaufe Kinderwagen, fast neu, 120 € VB. Abholung in Köln-Ehrenfeld.",
    "Dinner is £35 per person, drinks extra.",
])
def test_a_price_with_no_money_word_is_not_someones_money(text: str) -> None:
    assert money(text) == []


@pytest.mark.parametrize(("text", "span", "tag"), [
    # a money word still decides; an hourly pay and a share of a bill stay
    ("My rent is £40 per night at the hostel.", "£40", "Monthly Expenses"),
    ("I start on NZ$41.50/hr at Te Whatu Ora", "NZ$41.50", "Account Balance"),
    ("landlord wants the £2,340 by friday, so thats £780 each", "£780", "Account Balance"),
])
def test_a_price_marker_does_not_override_a_money_word(text: str, span: str, tag: str) -> None:
    assert [(e.text, e.tag) for e in money(text) if e.text == span] == [(span, tag)]
