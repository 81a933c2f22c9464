"""Deterministic recognizers: exact spans (docs/annotation-guidelines.md), validation,
context disambiguation, and the Detector wiring.

Decisions pinned here: a bare year ("in 2019") is not a Date unless a life-event
word precedes it ("born in 1987"); an ordinary number with no label ("order
12345") is nothing; a money amount with no deciding word is still reported (as
Account Balance, low score); a percentage with no financial word is dropped.
"""

from __future__ import annotations

import itertools
import re
import time

import pytest

from local_models.keyword_notation import expand
from proxy.detectors.base import Detector, DetectorPipeline
from proxy.entities import Entity
from proxy.recognizers import (
    Keywords,
    Pattern,
    PatternRecognizer,
    RecognizerDetector,
    default_recognizers,
    supported_tags,
)
from proxy.recognizers.scan import ScanText
from proxy.taxonomy import TAGS_BY_TYPE, PiiType

DETECTOR = RecognizerDetector()


def detect(text: str) -> list[Entity]:
    entities = DETECTOR.detect(text)
    for entity in entities:
        assert text[entity.start : entity.end] == entity.text
        assert entity.detector == "patterns"
    return entities


def tag_of(text: str, span: str) -> str | None:
    """The tag the detector gives exactly `span` in `text` (None if `span` is not an entity)."""
    matches = [e for e in detect(text) if e.text == span]
    assert len(matches) <= 1
    return matches[0].tag if matches else None


def overlapping(text: str, fragment: str) -> list[Entity]:
    start = text.index(fragment)
    end = start + len(fragment)
    return [e for e in detect(text) if e.start < end and start < e.end]


# -- positives: (text, exact span, tag) ---------------------------------------------

POSITIVES = [
    # Social Security Number
    ("My SSN is 123-45-6789.", "123-45-6789", "Social Security Number"),
    ("Social security number: 123 45 6789", "123 45 6789", "Social Security Number"),
    ("SSN 123456789 on file", "123456789", "Social Security Number"),
    # abbreviated labels ("emp. no.", "adm. no."), class-roll and application labels; "30-5519" is no month-year date
    ("Claimant: Tomás Ibarra Quiroga (emp. no. 55820-MX) Role: Key Account Manager", "55820-MX", "Employee ID"),
    ("is in Form 3 (adm. no. MFA/2021/0457) and the younger", "MFA/2021/0457", "Student ID"),
    ("Civil Engineering at NIT Warangal (roll no. 22CE1047). My family", "22CE1047", "Student ID"),
    ("London School of Hygiene & Tropical Medicine\nApplicant ID: LSHTM-APP-240871\n", "LSHTM-APP-240871", "Student ID"),
    ("Jorrit van der Berg, Finance Analyst, employee ID 30-5519. On 28 May", "30-5519", "Employee ID"),
    # social-security schemes by name: the Philippines' SSS, Mexico's IMSS, Spain's afiliación
    ("SSS No.: 34-5821774-9, employer Jollibee", "34-5821774-9", "Social Security Number"),
    ("The IMSS number on file for him is 39415670650 and", "39415670650", "Social Security Number"),
    ("NIF 53419827L | Nº afiliación SS 28/10482736/51 | técnico", "28/10482736/51", "Social Security Number"),
    # Romania's CNP, France's "numéro de sécu", Quebec's NAS, Peru's carnet de extranjería, Singapore's IC
    ("I have treated Bogdan Popescu (CNP 1750812460034), a former", "1750812460034", "Social Security Number"),
    ("My numéro de sécu is 2 84 07 69 123 456 78 if you need it", "2 84 07 69 123 456 78", "Social Security Number"),
    ("Trois-Rivières (Québec) G8Y 2K5 NAS : 482 913 576  Objet", "482 913 576", "Social Security Number"),
    ("Mi carnet de extranjería es 003184762 por si piden", "003184762", "Social Security Number"),
    ("Lim Wei Ling, IC S8834127D. STAFF: Yes", "S8834127D", "Social Security Number"),
    # a sort code has a date's shape but no date's numbers
    ("Bank: Barclays Sort code: 20-45-77   Account: 53019846", "20-45-77", "Bank Account"),
    # an answer takes the label its question names
    ("rejoin my old team at FPT Software. Q: Passport number? A: C8834172.", "C8834172", "Passport Number"),
    ("AGENT: And your savings account number? CUSTOMER: 50100283746512, the Coimbatore branch.", "50100283746512",
     "Bank Account"),
    # Driver's License (context required)
    ("Driver's license D123-4567-8901, expires soon", "D123-4567-8901", "Driver's License"),
    ("my driving licence number is MORGA657054SM9IJ", "MORGA657054SM9IJ", "Driver's License"),
    ("DL: B1234567", "B1234567", "Driver's License"),
    # Bank Account
    ("IBAN DE89 3704 0044 0532 0130 00 please", "DE89 3704 0044 0532 0130 00", "Bank Account"),
    ("Wire it to GB82WEST12345698765432.", "GB82WEST12345698765432", "Bank Account"),
    # wrong check digits, right country and length: a mistyped IBAN still names an account
    ("IBAN DE89 3704 0044 0532 0130 01 please", "DE89 3704 0044 0532 0130 01", "Bank Account"),
    ("Pay to: GB47 BARC 2045 7741 0988 23 by Friday", "GB47 BARC 2045 7741 0988 23", "Bank Account"),
    # IBAN-shaped with a national check or a country stdnum cannot mend: an account only after a bank word
    ("Savings: €38,200 at ING, IBAN ES91 1465 0100 9217 0034 5678.", "ES91 1465 0100 9217 0034 5678", "Bank Account"),
    ("to my Attijariwafa bank account MA64 0078 1000 0123 4567 8901 2345.", "MA64 0078 1000 0123 4567 8901 2345",
     "Bank Account"),
    # a UK sort code and account number together
    ("Pay to acc 40-11-62 71829304, ref PIANO-FEB.", "40-11-62 71829304", "Bank Account"),
    ("everyone pay me £145 by 30 April please, 20-45-77 53918842", "20-45-77 53918842", "Bank Account"),
    ("My checking account number is 12345678.", "12345678", "Bank Account"),
    ("routing 021000021", "021000021", "Bank Account"),
    # Credit Card
    ("Visa 4111 1111 1111 1111 exp 09/27", "4111 1111 1111 1111", "Credit Card"),
    ("charged to 5500-0000-0000-0004", "5500-0000-0000-0004", "Credit Card"),
    ("amex 378282246310005", "378282246310005", "Credit Card"),
    # Phone Number
    ("Call +1 (415) 555-0132 today", "+1 (415) 555-0132", "Phone Number"),
    ("Office: 020 7946 0958.", "020 7946 0958", "Phone Number"),
    # read out digit by digit, as a call's transcript writes it
    ("Could someone call me back on oh seven nine one one, double three four, five oh six? After four",
     "oh seven nine one one, double three four, five oh six", "Phone Number"),
    # in brackets after a name, with or without its country code; "btw" is "by the way"
    ("she'll stay with Mrs Adeyemi (07922 418 306) tonight", "07922 418 306", "Phone Number"),
    # a National Insurance number as printed, next to its label, whatever its prefix
    ("My National Insurance number is QQ 71 22 40 B and", "QQ 71 22 40 B", "Social Security Number"),
    ("his son Ravi (+44 7700 918227) lands at six", "+44 7700 918227", "Phone Number"),
    ("new number btw +234 806 114 2290 save it", "+234 806 114 2290", "Phone Number"),
    ("reach me at 415.555.0133", "415.555.0133", "Phone Number"),
    ("text +44 20 7946 0958 or", "+44 20 7946 0958", "Phone Number"),
    ("Fax 001-415-555-0132x123.", "001-415-555-0132x123", "Phone Number"),
    ("my cell is 4155550132", "4155550132", "Phone Number"),
    ("+49 30 901820 is the Berlin office", "+49 30 901820", "Phone Number"),
    # IP Address
    ("Login from 192.168.10.4 failed", "192.168.10.4", "IP Address"),
    ("server 10.0.0.1:8080 is down", "10.0.0.1", "IP Address"),
    ("IPv6 2001:db8::8a2e:370:7334.", "2001:db8::8a2e:370:7334", "IP Address"),
    ("link-local fe80::1ff:fe23:4567:890a here", "fe80::1ff:fe23:4567:890a", "IP Address"),
    # Email Address
    ("Email maria.lopez@example.org.", "maria.lopez@example.org", "Email Address"),
    ("write to john.doe+tag@mail.example.co.uk, thanks", "john.doe+tag@mail.example.co.uk", "Email Address"),
    ('"GET /lookup?email=sandra.bell1971%40btinternet.com HTTP/1.1"', "sandra.bell1971%40btinternet.com", "Email Address"),
    # Password Hash
    ("password hash 5f4dcc3b5aa765d61d8327deb882cf99", "5f4dcc3b5aa765d61d8327deb882cf99", "Password Hash"),
    ("sha1 a94a8fe5ccb19ba61c4c0873d391e987982fbbd3", "a94a8fe5ccb19ba61c4c0873d391e987982fbbd3", "Password Hash"),
    (
        "sha256 5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
        "5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a11ef721d1542d8",
        "Password Hash",
    ),
    (
        "stored as $2b$12$KIXQJ1f5q3nFJ9G7oH8pUe2m6V5uQmJvW0gk8y9Z5l1nP3rT6sW2a in the db",
        "$2b$12$KIXQJ1f5q3nFJ9G7oH8pUe2m6V5uQmJvW0gk8y9Z5l1nP3rT6sW2a",
        "Password Hash",
    ),
    (
        "hash: $argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
        "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG",
        "Password Hash",
    ),
    (
        "shadow: $6$rounds=5000$saltsalt$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV:19000",
        "$6$rounds=5000$saltsalt$abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV",
        "Password Hash",
    ),
    # Passport Number (context required)
    ("passport number X12345678, issued 2019", "X12345678", "Passport Number"),
    ("Passport No. 123456789", "123456789", "Passport Number"),
    # Tax ID
    ("EIN 12-3456789 for the LLC", "12-3456789", "Tax ID"),
    ("ITIN 912-70-1234", "912-70-1234", "Tax ID"),
    ("VAT DE136695976 applies", "DE136695976", "Tax ID"),
    ("codice fiscale RSSMRA85T10A562S", "RSSMRA85T10A562S", "Tax ID"),
    ("Her tax ID is 123456789.", "123456789", "Tax ID"),
    ("TIN: 98-7654321", "98-7654321", "Tax ID"),
    # Employee ID
    ("Staff badge EMP-20417 opens it", "EMP-20417", "Employee ID"),
    ("Employee ID: 48213.", "48213", "Employee ID"),
    ("his employee number is E-778812", "E-778812", "Employee ID"),
    # passports in other languages and a booking's "PP"; a student's matric number, UPN, applicant number
    ("Ojo, mi pasaporte 611204873 vence pronto", "611204873", "Passport Number"),
    ("2. COSTA/RUI – PP CB771045 (window seat)", "CB771045", "Passport Number"),
    ("Số hộ chiếu C7382910, tên", "C7382910", "Passport Number"),
    ("pasaport no U12345678 ile", "U12345678", "Passport Number"),
    ("insurance member no. 88213456 on the card", "88213456", "Social Security Number"),
    ("Subscriber: M. Kowalczyk    Member ID: 9120448375", "9120448375", "Social Security Number"),
    ("Kiraya veren: Hüseyin Yıldırım, TCKN 21847390562", "21847390562", "Social Security Number"),
    ("Versicherten-Nr.: M482917365\nBetriebsstätten-Nr.", "M482917365", "Social Security Number"),
    ("Số CCCD: 001189027461\nĐịa chỉ", "001189027461", "Social Security Number"),
    ("nato a Bologna il 02/08/1961, C.F. VNTPLA61M02A944K, residente", "VNTPLA61M02A944K", "Tax ID"),
    ("Identifikationsnummer: 57 381 942 066\nHerrn", "57 381 942 066", "Tax ID"),
    ("Matricule : 0048215\n\nMadame,", "0048215", "Employee ID"),
    ("PRN: 72018934K    Seat No: B190420871", "B190420871", "Student ID"),
    ("sudah saya transfer dari rekening BCA 5270418339, ada bukti", "5270418339", "Bank Account"),
    ("a su cuenta ES21 2100 4713 5102 0038 9164.", "ES21 2100 4713 5102 0038 9164", "Bank Account"),
    ("Danske Bank, sort code 95-01-26, account 41873305", "95-01-26", "Bank Account"),
    ("Bank: Starling, 60-83-71 / 22948130", "60-83-71", "Bank Account"),
    ("Bank: Starling, 60-83-71 / 22948130", "22948130", "Bank Account"),
    ("Card: 5168 •••• •••• 7731\n02 Mar  LIDL", "5168 •••• •••• 7731", "Credit Card"),
    ("MSc in Nursing (matric no. 2841107M)", "2841107M", "Student ID"),
    ("Tomasz Zielinski (UPN H801200003014) joined in May", "H801200003014", "Student ID"),
    ("Escola Básica da Luz, nº de aluno 20177431.", "20177431", "Student ID"),
    # the short forms of HR exports and other languages' labels
    ("new starter: Ravi Menon, emp id TCS-448120, joins Monday", "TCS-448120", "Employee ID"),
    ("emp_id: QX-00731 | name: Dana Levi", "QX-00731", "Employee ID"),
    ("Jonas Keller (Personalnummer K-55021) arbeitet bei uns", "K-55021", "Employee ID"),
    ("Tu número de empleado es MX-77410; quedan 3 días", "MX-77410", "Employee ID"),
    # Student ID
    ("Student ID: S20231234.", "S20231234", "Student ID"),
    ("student number 2023-04417", "2023-04417", "Student ID"),
    ("enrolled as STU-2023-0042", "STU-2023-0042", "Student ID"),
    # Date
    ("on March 3, 2024 we met", "March 3, 2024", "Date"),
    ("on 3 March 2024 we met", "3 March 2024", "Date"),
    ("on 2024-03-03 we met", "2024-03-03", "Date"),
    ("on 03/03/2024 we met", "03/03/2024", "Date"),
    ("due Mar. 3rd at noon", "Mar. 3rd", "Date"),
    ("on the 3rd of May I flew", "3rd of May", "Date"),
    ("on Tuesday, March 5, 2024 we met", "Tuesday, March 5, 2024", "Date"),
    ("since March 2024", "March 2024", "Date"),
    ("on 31.12.2023 it ended", "31.12.2023", "Date"),
    ("She was born in 1987.", "1987", "Date"),
    # Time
    ("at 3:14 PM sharp", "3:14 PM", "Time"),
    ("at 14:30 we left", "14:30", "Time"),
    ("at 9 a.m. daily", "9 a.m.", "Time"),
    ("call at 10pm", "10pm", "Time"),
    ("starts 3:14 PM EST.", "3:14 PM EST", "Time"),
    # Duration
    ("I worked there for three years.", "three years", "Duration"),
    ("after 18 months of treatment", "18 months", "Duration"),
    ("a break of 2 weeks", "2 weeks", "Duration"),
    ("for twenty-five years", "twenty-five years", "Duration"),
    ("a six-month contract", "six-month", "Duration"),
    ("lasted 1.5 hours", "1.5 hours", "Duration"),
    # a compound duration is one span
    ("Time with current employer: 3 years 4 months", "3 years 4 months", "Duration"),
    ("at the Obajana plant for two years and 4 months.", "two years and 4 months", "Duration"),
    ("kept waiting on the aircraft for 1 hour 40 minutes after landing", "1 hour 40 minutes", "Duration"),
    # Age
    ("a 34-year-old nurse", "34", "Age"),
    ("she is 29 years old", "29", "Age"),
    ("aged 41, retired", "41", "Age"),
    ("Age: 62", "62", "Age"),
    ("at the age of 17 she left", "17", "Age"),
    ("patient is 45 years of age", "45", "Age"),
    ("a thirty-four-year-old man", "thirty-four", "Age"),
    ("he turned 50 last week", "50", "Age"),
    # Height
    ("I'm 178 cm tall", "178 cm", "Height"),
    ("he is 5'10\" and thin", "5'10\"", "Height"),
    ("she is 5 feet 6 inches tall", "5 feet 6 inches", "Height"),
    ("he is 6 feet tall", "6 feet", "Height"),
    ("height 1.78 m", "1.78 m", "Height"),
    ("Height? CALLER: Still five foot three. Weight's gone up", "five foot three", "Height"),
    ("He's a big man, about six foot two, I can't lift him", "six foot two", "Height"),
    # Weight
    ("I weigh 72 kg", "72 kg", "Weight"),
    ("down to 160 lbs", "160 lbs", "Weight"),
    ("she weighs 130 pounds", "130 pounds", "Weight"),
    # Blood Type
    ("blood type O+ donor", "O+", "Blood Type"),
    ("her blood group is AB negative", "AB negative", "Blood Type"),
    # the Rh written out, a chart's "BT", other languages' labels
    ("Blood group B Rh+. Allergic to latex.", "B Rh+", "Blood Type"),
    ("71 y/o male, BT O+, 80 kg", "O+", "Blood Type"),
    ("Tipo de sangre A negativo, por si acaso", "A negativo", "Blood Type"),
    ("Grupo sanguíneo AB+. Sem alergias.", "AB+", "Blood Type"),
    ("Blood type: B", "B", "Blood Type"),
    # Money, tag from context
    ("My monthly income is $4,500.", "$4,500", "Monthly Income"),
    ("I earn 4,500 USD per month", "4,500 USD", "Monthly Income"),
    ("currently on 14 LPA. got an offer from Thoughtworks", "14 LPA", "Monthly Income"),  # lakhs per annum
    ("I spend €1,200.50 on rent", "€1,200.50", "Monthly Expenses"),
    ("rent is $1,800 a month", "$1,800", "Monthly Expenses"),
    ("I have $12,000 in savings", "$12,000", "Account Balance"),
    ("account balance of USD 3,400", "USD 3,400", "Account Balance"),
    ("a mortgage of $250,000", "$250,000", "Loan Amount"),
    ("I borrowed £5,000 from the bank", "£5,000", "Loan Amount"),
    ("a £32k bonus", "£32k", "Annual Bonus"),
    ("credit limit of $10,000", "$10,000", "Credit Limit"),
    ("Social security benefit of $1,400 monthly", "$1,400", "Social Security Payment"),
    ("I paid $3,200 in taxes", "$3,200", "Tax Payment"),
    ("tax owed: $950", "$950", "Tax Payment"),
    # pay before or after tax is a pay
    ("Base works out to $7,900 a month before tax and leave is generous", "$7,900", "Monthly Income"),
    ("I take £2,400 after tax", "£2,400", "Monthly Income"),
    # the income word inside "income tax" names the tax, with or without a tax word after it
    ("We paid $14,820 in federal income tax for 2023", "$14,820", "Tax Payment"),
    ("My income tax bill is €7,900", "€7,900", "Tax Payment"),
    # pay words: gross, an offer, an export's field name, "I'm on £X"; a mortgage offer is a loan
    ("support engineer, €3,400 gross a month, no bonus", "€3,400", "Monthly Income"),
    ("the offer is 68k CAD, way more than now", "68k CAD", "Monthly Income"),
    ("monthlyIncome=$5,850, dti=41%", "$5,850", "Monthly Income"),
    ("she's on €1,900 a month at the hotel", "€1,900", "Monthly Income"),
    ("mortgage offer of £212,000 from Nationwide", "£212,000", "Loan Amount"),
    ("monthlyIncome=$3,200 requested: loanAmount=$312,000", "$312,000", "Loan Amount"),
    ("Halifax will lend us £285,000 if we put down 10%", "£285,000", "Loan Amount"),
    ("Amount requested: ₱57,000, payable in 24 months", "₱57,000", "Loan Amount"),
    ("Doradca policzył: kredyt 620 000 zł na 30 lat", "620 000 zł", "Loan Amount"),
    ("fixed for 5 years, giving monthly repayments of £1,208.", "£1,208", "Monthly Expenses"),
    ("my direct debit has jumped from £96 to £241 a month", "£241", "Monthly Expenses"),
    ("your current commitments (car finance £289, credit card minimum £75)", "£289", "Monthly Expenses"),
    ("make like $1,400 a month, rent's $950 for a shared room", "$950", "Monthly Expenses"),
    ("My investments returned $2,300 last year", "$2,300", "Investment Return"),
    ("a salary of $1.2 million", "$1.2 million", "Monthly Income"),
    ("I make 1.200,50 € net", "1.200,50 €", "Monthly Income"),
    # Percentages
    ("My debt-to-income ratio is 35%.", "35%", "Debt Ratio"),
    ("an ROI of 12.5 percent", "12.5 percent", "ROI"),
    ("return on investment of 9%", "9%", "ROI"),
    ("my portfolio returned 8% this year", "8%", "Investment Return"),
    # Credit Score
    ("my credit score is 742", "742", "Credit Score"),
    ("FICO 680, not great", "680", "Credit Score"),
    # more currencies: symbols, codes, amounts after "zł", lakhs, thousands grouped by plain spaces
    ("my chama savings are KSh 38,200 now", "KSh 38,200", "Account Balance"),
    ("my savings are GH₵ 12,400 now", "GH₵ 12,400", "Account Balance"),
    ("My monthly salary is 4,200 somoni and I help", "4,200 somoni", "Monthly Income"),
    ("My salary was Tk 13,500. The union person", "Tk 13,500", "Monthly Income"),
    ("Sales are okay, about Rp 18 juta per month", "Rp 18 juta", "Monthly Income"),
    ("I pay RM 1,150 rent each month", "RM 1,150", "Monthly Expenses"),
    ("my salary is UGX 2,400,000 a month", "UGX 2,400,000", "Monthly Income"),
    ("zarabiam 6 850 zł netto", "6 850 zł", "Monthly Income"),
    ("my salary is about ₹1.4 lakh a month", "₹1.4 lakh", "Monthly Income"),
    # a bureau's name, a credit check, an export's field name; not the scale's top
    ("my cibil is 764 so the loan should be ok", "764", "Credit Score"),
    # "my score" in a text about credit
    ("reported a default to CIBIL. My score has fallen from 798 to 671, and", "798", "Credit Score"),
    ("a change in your credit profile. Your score is currently 611.", "611", "Credit Score"),
    ("Equifax score 633; two missed payments", "633", "Credit Score"),
    ("credit check came back at 702 last week", "702", "Credit Score"),
    ("applicant: creditScore=655, income=4200", "655", "Credit Score"),
    ("My Experian score is 874 (out of 999) now", "874", "Credit Score"),
]


# Formats from other countries (the shapes the project's data generator writes).
INTERNATIONAL = [
    ("NI number AB 12 34 56 C", "AB 12 34 56 C", "Social Security Number"),
    ("NINO QQ123456A", "QQ123456A", "Social Security Number"),
    ("numéro de sécurité sociale 1 85 05 78 006 084 91", "1 85 05 78 006 084 91", "Social Security Number"),
    ("SIN 130 692 544", "130 692 544", "Social Security Number"),
    ("BSN 1112.22.333", "1112.22.333", "Social Security Number"),
    ("My Number 1234 5678 9012", "1234 5678 9012", "Social Security Number"),
    ("NUSS 28/12345678/40", "28/12345678/40", "Social Security Number"),
    # health-service and personal numbers, which a phone shape would otherwise take
    ("NHS number 943 476 5919.", "943 476 5919", "Social Security Number"),
    ("nhs_number: 485 777 3456", "485 777 3456", "Social Security Number"),
    ("PPS 7654321KA", "7654321KA", "Social Security Number"),
    ("personal number 120583 44721", "120583 44721", "Social Security Number"),
    ("CPF 111.444.777-35", "111.444.777-35", "Tax ID"),
    ("PAN ABCPK1234D", "ABCPK1234D", "Tax ID"),
    ("Steuer-ID 36 574 261 809", "36 574 261 809", "Tax ID"),
    ("UTR 19558 39661", "19558 39661", "Tax ID"),
    ("TFN 123 456 782", "123 456 782", "Tax ID"),
    ("btw-id NL123456789B01", "NL123456789B01", "Tax ID"),
    ("NIE X1234567L", "X1234567L", "Tax ID"),
    ("employee number EMP#4821", "EMP#4821", "Employee ID"),
    ("staff ID HR-2019-0042", "HR-2019-0042", "Employee ID"),
    ("student number u1234567", "u1234567", "Student ID"),
    ("Matrikelnummer 2019CS12345", "2019CS12345", "Student ID"),
    ("DL number WDLAB12CD3", "WDLAB12CD3", "Driver's License"),
    ("driving licence MH12 20111234567", "MH12 20111234567", "Driver's License"),
    ("sort code and account number 12-34-56 12345678", "12-34-56 12345678", "Bank Account"),
    ("RuPay card 8112 3456 7890 1239", "8112 3456 7890 1239", "Credit Card"),
    ("Call (11) 91234-5678 today", "(11) 91234-5678", "Phone Number"),
    ("mobile 090-1234-5678", "090-1234-5678", "Phone Number"),
    ("+49 (0)40 1234567 is the office", "+49 (0)40 1234567", "Phone Number"),
    ("Tel. 06 12 34 56 78", "06 12 34 56 78", "Phone Number"),
    ("a salary of Rs. 1,20,000", "Rs. 1,20,000", "Monthly Income"),
    ("rent of ₹ 45,000", "₹ 45,000", "Monthly Expenses"),
    ("N45,000 in savings", "N45,000", "Account Balance"),
    ("a bonus of R$ 1.200", "R$ 1.200", "Annual Bonus"),
    ("I earn 450,000 yen", "450,000 yen", "Monthly Income"),
    ("since 05/2019", "05/2019", "Date"),
    ("on Wednesday May 7 we", "Wednesday May 7", "Date"),
    ("by the 14th of June", "14th of June", "Date"),
    ("at 14h30 sharp", "14h30", "Time"),
    ("at 9:00 a.m. sharp", "9:00 a.m.", "Time"),
    ("he is 5 ft 10 in tall", "5 ft 10 in", "Height"),
    ("she is 5'6 and", "5'6", "Height"),
    ("I'm 178cm", "178cm", "Height"),
    ("He is 1.80 m tall", "1.80 m", "Height"),
    ("I weigh 72kg", "72kg", "Weight"),
    ("about 72 kilos", "72 kilos", "Weight"),
    ("she weighs 11 stone 4", "11 stone 4", "Weight"),
]


# How people actually write these values in prose, and where the span stops.
IN_PROSE = [
    ("my next check-up is on 7 Jun.", "7 Jun", "Date"),
    ("her height is 5 ft 9 in.", "5 ft 9 in", "Height"),
    ("My blood group is type O, and", "type O", "Blood Type"),
    ("She is O negative.", "O negative", "Blood Type"),
    ("my blood type is o-. i make", "o-", "Blood Type"),
    ("my blood group: a negative, and i", "a negative", "Blood Type"),
    ("they want me there on 12 november at 9", "12 november", "Date"),
    ("Zayan Bhatnagar's nickname is Ziggy. He", "Ziggy", "Nickname"),
    ("Goes by | Pip\nTel. | +234", "Pip", "Nickname"),
    ("my nickname is moose lol", "moose", "Nickname"),
    ("Members\n\nTeacher — Duc Ngo\nAppointment date — 16 May", "Duc Ngo", "Full Name"),
    ("Wife — Tricia J. Lane\nPrevious employer | Walmart", "Tricia J. Lane", "Full Name"),
    ("Hi all. This is Ulises Bernad. Professionally", "Ulises Bernad", "Full Name"),
    ("situation:\nOsha Deshmukh writing. Professionally", "Osha Deshmukh", "Full Name"),
    ("waiting since the 2nd of april. flight", "2nd of april", "Date"),
    ("flight to lagos is on may 19 for", "may 19", "Date"),
    ("my passport expires june 2 and", "june 2", "Date"),
    ("i have type b blood, and my bonus", "type b", "Blood Type"),
    ("she has a negative blood, and also", "a negative", "Blood Type"),
    ("my colleague has ab+ blood and takes home", "ab+", "Blood Type"),
    ("Applicant statement: 590 is my credit score;", "590", "Credit Score"),
    ("my dti sits at 28%.", "28%", "Debt Ratio"),
    ("the roi on my rental flat is -3.6%.", "-3.6%", "ROI"),
    ("an annual bonus of MX$53,070 last year", "MX$53,070", "Annual Bonus"),
    ("my income tax bill was NGN 1,547,000.", "NGN 1,547,000", "Tax Payment"),
    ("and made NGN 2,079,000 from investments", "NGN 2,079,000", "Investment Return"),
    ("I have an appointment on 5/12 at 5:30 p.m.", "5/12", "Date"),
    ("Admitted 18/06 with an exacerbation of COPD", "18/06", "Date"),  # day first
    ("Lloyds letter dated 14/10: remaining mortgage", "14/10", "Date"),
    ("Case notes: he is 54 this year.", "54", "Age"),
    ("Friends call me Bee, and I'm 74. I'm retired.", "74", "Age"),
    ("Stefano\n38 • Sufi • gay", "38", "Age"),
    ("text her at +52 1 55 5842 2736.", "+52 1 55 5842 2736", "Phone Number"),
    ("an appointment on 3rd of June at 9h.", "9h", "Time"),
    ("my driving licence is IQBAL 551150 K991R.", "IQBAL 551150 K991R", "Driver's License"),
    ("I clock in with ID W370722.", "W370722", "Employee ID"),
    ("i'm enrolled under A54728050...", "A54728050", "Student ID"),
    ("I file taxes under 95 612 838 071.", "95 612 838 071", "Tax ID"),
    ("48235607948 is my Steueridentifikationsnummer", "48235607948", "Tax ID"),
    ("A23444395 is the patient's passport number", "A23444395", "Passport Number"),
    (
        "My password hash is $2a$10$UreL1VE.XpjkO.Eq5Cr/XBfcovYqdr7TrC2qFAlvuLVHBD8cJAor6.",
        "$2a$10$UreL1VE.XpjkO.Eq5Cr/XBfcovYqdr7TrC2qFAlvuLVHBD8cJAor6",
        "Password Hash",
    ),
]


@pytest.mark.parametrize(("text", "span", "tag"), IN_PROSE, ids=[f"{t}:{s}" for _, s, t in IN_PROSE])
def test_values_in_prose(text: str, span: str, tag: str) -> None:
    assert tag_of(text, span) == tag


@pytest.mark.parametrize("text", ['{"depart": "2025-05-09 07:10"}', "We fly 2025-05-09T07:10 from Arlanda."])
def test_an_iso_timestamp_is_a_date_and_a_time_not_a_phone(text: str) -> None:
    assert [(e.text, e.tag) for e in detect(text)] == [("2025-05-09", "Date"), ("07:10", "Time")]


@pytest.mark.parametrize("text", ["flights with TAP Air Portugal paid on card 4716 2093 5581 0047",
                                  "Card number: 4539 7812 3304 6621", "his Visa card, 4716 0034 5521 9087, is maxed"])
def test_a_card_shaped_number_beside_a_card_word_is_a_card_even_without_luhn(text: str) -> None:
    (card,) = [e for e in detect(text) if e.tag == "Credit Card"]
    assert card.score < 0.95  # below a Luhn-valid card


@pytest.mark.parametrize("text", ["order 4716 2093 5581 0047 shipped", "IBAN DE44 1001 1001 2629 8871 35 for the card"])
def test_a_card_shaped_number_needs_a_card_word_and_no_iban(text: str) -> None:
    assert [e for e in detect(text) if e.tag == "Credit Card"] == []


def test_a_bcrypt_shaped_string_of_another_length_is_a_hash() -> None:
    text = "a paste site had his entry with the hash $2y$10$Qm9vZ2xlU2VjcmV0c2FsdDEuZXhhbXBsZS5oYXNoMTIzNDU2Nz. Reset."
    assert tag_of(text, "$2y$10$Qm9vZ2xlU2VjcmV0c2FsdDEuZXhhbXBsZS5oYXNoMTIzNDU2Nz") == "Password Hash"


def test_in_prose_negatives() -> None:
    # a block address, not a date
    assert [(e.text, e.tag) for e in detect("home for me is 5-11-13 Sakae, Shibuya-ku.")] == [
        ("5-11-13 Sakae", "Street Address")]
    assert detect("The answer is 42, I think.") == []
    assert [(e.text, e.tag) for e in detect("I'm 30 minutes away.")] == [("30 minutes", "Duration")]
    # two durations, not one: the units do not count down
    assert [e.text for e in detect("it takes between 40 minutes and 2 hours")] == ["40 minutes", "2 hours"]
    assert all(e.tag != "Credit Card" for e in detect("call me on +52 1 55 7079 5525"))
    assert tag_of("Mar. 3rd", "Mar. 3rd") == "Date"  # a period inside the date stays


def test_adjectival_duration_yields_to_a_longer_entity() -> None:
    (duration,) = detect("she has a two-year technical diploma")
    assert duration.text == "two-year" and duration.score < 0.6


@pytest.mark.parametrize(("text", "span", "tag"), INTERNATIONAL, ids=[f"{t}:{s}" for _, s, t in INTERNATIONAL])
def test_international_formats(text: str, span: str, tag: str) -> None:
    assert tag_of(text, span) == tag


def test_an_identifier_label_beats_a_phone_reading() -> None:
    for text, span in (("SIN 130 692 544", "130 692 544"), ("Steuer-ID 36 574 261 809", "36 574 261 809")):
        assert all(e.tag != "Phone Number" for e in detect(text)), text
        assert tag_of(text, span) is not None


def test_semicolon_ends_the_context_before_a_value() -> None:
    tags = {e.text: e.tag for e in detect("I keep $500 in savings; $300 was my bonus")}
    assert tags == {"$500": "Account Balance", "$300": "Annual Bonus"}


def test_lengths_that_are_not_heights() -> None:
    assert detect("the table is 1.5 m wide") == []
    assert detect("parked 6 feet away from the car") == []


@pytest.mark.parametrize(("text", "span", "tag"), POSITIVES, ids=[f"{t}:{s}" for _, s, t in POSITIVES])
def test_positive_exact_span(text: str, span: str, tag: str) -> None:
    assert tag_of(text, span) == tag


def test_every_structured_tag_has_a_positive_example() -> None:
    covered = {tag for _, _, tag in POSITIVES}
    structured = (
        set(TAGS_BY_TYPE[PiiType.CODE]) | set(TAGS_BY_TYPE[PiiType.DATETIME]) | set(TAGS_BY_TYPE[PiiType.QUANTITY])
    )
    structured |= {"Age", "Height", "Weight", "Blood Type"}
    assert structured <= covered
    assert structured <= supported_tags()


# -- negatives --------------------------------------------------------------------

NEGATIVES = [
    "What's the order number? A: 12345678",  # a question about an order: no PII label
    "oh one two three, and that's the count.",  # too few digits for a number
    "I'm on 24/7 for the trip, text me.",  # round the clock
    "We were five feet away from the stage.",  # feet alone, read out: a distance
    # "my score" is a credit score only in a text about credit
    "my score was 720 on the GMAT, good enough for the programme",
    # "a negative" is an article and an adjective unless the words say blood
    "i have a negative attitude to blood tests",
    # "may" and "march" are verbs before a number unless a date's word comes first
    "you may 2 times a day",
    # "goes by" a means of travel, not a name
    "she goes by bus to work.",
    "This is Monday Morning.",
    "he will march 3 miles",
    # invalid SSNs: area 000 / 666 / 9xx, group 00, serial 0000
    "SSN 000-12-3456",
    "SSN 666-12-3456",
    "SSN 123-00-4567",
    "SSN 123-45-0000",
    # Luhn failures, and IBAN shapes of no country ("AB12 ...") or the wrong length for theirs
    "card 4111 1111 1111 1112",
    "card 1234 5678 9012 3456",
    "code AB12 CDEF GHIJ KLMN here",
    "ref DE89 3704 0044 0532 0130 here",
    "ref ES91 1465 0100 9217 0034 5678 on the parcel",
    # ordinary numbers and bare years
    "Please ship order 12345 by Friday.",
    "In 2019 we changed suppliers.",
    "Our team has 25 people and 3 offices.",
    "Chapter 12, page 340.",
    "invoice 4155550132 is overdue",
    # look-alikes without the deciding context
    "The model number is X12345678.",
    "Group B won the match 3-0.",
    "Flight QQ 12 34 56 C boarding",
    "There is a 50% chance of rain.",
    "I scored 742 on the test.",
    "I got an A+ on the test and a B- in math.",
    "We march on and may win.",
    "version 1.2.3 shipped",
    "ticket 123456789 was closed",
    "The room measures 3 feet across.",
    "February 30, 2024 does not exist",
    "She had a negative blood test last week.",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_negative_finds_nothing(text: str) -> None:
    assert detect(text) == []


def test_ssn_shaped_ein_and_itin_are_not_ssns() -> None:
    assert tag_of("ITIN 912-70-1234", "912-70-1234") == "Tax ID"
    assert all(e.tag != "Social Security Number" for e in detect("ITIN 912-70-1234"))


def test_an_ssn_label_does_not_excuse_an_impossible_ssn() -> None:
    assert detect("SSN: 000123456") == []


def test_a_publicised_ssn_beside_its_label_is_still_an_ssn() -> None:
    # stdnum blacklists 078-05-1120 (a wallet insert's number); written as someone's SSN it is masked all the same
    assert tag_of("My SSN is 078-05-1120 and my bank is Chase", "078-05-1120") == "Social Security Number"
    assert detect("Order 078-05-1120 shipped") == []


def test_invalid_iban_digits_are_not_read_as_a_card() -> None:
    text = "IBAN DE89 3704 0044 0532 0130 01"
    assert [(e.text, e.tag) for e in overlapping(text, "3704 0044 0532 0130 01")] == [
        ("DE89 3704 0044 0532 0130 01", "Bank Account")
    ]


def test_years_old_is_an_age_not_a_duration() -> None:
    text = "She is 29 years old and has worked for 10 years."
    found = {(e.text, e.tag) for e in detect(text)}
    assert ("29", "Age") in found
    assert ("10 years", "Duration") in found
    assert not any(e.tag == "Duration" and "29" in e.text for e in detect(text))


def test_port_is_not_part_of_the_ip_and_time_is_not_ipv6() -> None:
    assert [e.text for e in detect("server 10.0.0.1:8080")] == ["10.0.0.1"]
    assert [(e.text, e.tag) for e in detect("at 14:30:05 we met")] == [("14:30:05", "Time")]


# -- context disambiguation ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("My tax ID is 123456789.", "Tax ID"),
        ("My student ID is 123456789.", "Student ID"),
        ("My employee number is 123456789.", "Employee ID"),
        ("My passport number is 123456789.", "Passport Number"),
        ("My driver's license is 123456789.", "Driver's License"),
        ("My bank account is 123456789.", "Bank Account"),
        ("My SSN is 123456789.", "Social Security Number"),
    ],
)
def test_nine_digits_take_the_tag_of_their_label(text: str, tag: str) -> None:
    assert tag_of(text, "123456789") == tag


# National identity numbers, named by their document; tagged Social Security Number (the spec has no national-ID
# tag, and these numbers do the same job)
NATIONAL_IDS = [
    ("my Emirates ID is 784-1994-5528317-2 if that matters", "784-1994-5528317-2"),
    ("My NIN is 48210573916 incase it is relevant", "48210573916"),
    ("take home salary PKR 165,000. My CNIC 35202-4819263-5.", "35202-4819263-5"),
    ("My resident ID is 440305198507213316, I was born", "440305198507213316"),
    ("but asks for his cédula 1.036.652.418 and six months", "1.036.652.418"),
    ("a copy of my CIN (AB482913).", "AB482913"),
    ("My IIN is 960318350127 - do I need to", "960318350127"),
    ("My national ID is 75-219843-K-75.", "75-219843-K-75"),
    ("AADHAAR NO: 5821 9047 3316", "5821 9047 3316"),
    ("citizen card no. 14472983 4ZY9, state", "14472983 4ZY9"),
    ("My name is Wanjiru Kamau, ID number 28847103.", "28847103"),
    ("Her personal identity number is 19670412-1234.", "19670412-1234"),
    ("my resident registration number is 920315-1234567.", "920315-1234567"),
    ("my Chinese ID card is 510104199503150012.", "510104199503150012"),
    ("My NIK is 5104012304910001, WhatsApp", "5104012304910001"),
    ("Henkilötunnus 150695-246K.", "150695-246K"),
    ("NRIC S6612345D. Mobile", "S6612345D"),
    ("AMKA 12038912345, AFM 123456789", "12038912345"),
    ("SSNIT number C017808160023.", "C017808160023"),
    ("CURP GOMA850914MJCRRN07", "GOMA850914MJCRRN07"),
]


@pytest.mark.parametrize(("text", "span"), NATIONAL_IDS, ids=[s for _, s in NATIONAL_IDS])
def test_national_identity_numbers(text: str, span: str) -> None:
    assert tag_of(text, span) == "Social Security Number"


def test_a_tax_number_beside_a_national_id_keeps_its_tag() -> None:
    assert tag_of("AMKA 12038912345, AFM 123456789", "123456789") == "Tax ID"
    assert tag_of("ID number 28847103, KRA PIN A009417752K", "A009417752K") == "Tax ID"


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("Student ID number: 123456789", "Student ID"),
        ("employee ID no. 123456789", "Employee ID"),
        ("tax ID number 123456789", "Tax ID"),
        ("order ID number 123456789", None),
        ("customer ID number 123456789", None),
    ],
)
def test_an_id_number_compound_keeps_its_own_label(text: str, tag: str | None) -> None:
    assert tag_of(text, "123456789") == tag


def test_nearest_label_wins_in_a_list() -> None:
    text = "Tax ID: 12-3456789, Student ID: 123456789, Employee ID: 555123"
    assert tag_of(text, "12-3456789") == "Tax ID"
    assert tag_of(text, "123456789") == "Student ID"
    assert tag_of(text, "555123") == "Employee ID"


def test_label_in_previous_sentence_does_not_leak() -> None:
    assert detect("I am a student. 123456789 is my lucky number.") == []


def test_abbreviation_period_does_not_end_the_context() -> None:
    assert tag_of("Passport No. X1234567", "X1234567") == "Passport Number"


def test_non_pii_label_nearer_than_a_pii_label_wins() -> None:
    assert detect("As an employee I filed order 4455667.") == []


def test_money_tags_follow_the_nearest_word() -> None:
    text = "I earn $5,000 a month and spend $3,000; I have $12,000 in savings and a $2,000 bonus."
    tags = {e.text: e.tag for e in detect(text)}
    assert tags == {
        "$5,000": "Monthly Income",
        "$3,000": "Monthly Expenses",
        "$12,000": "Account Balance",
        "$2,000": "Annual Bonus",
    }


def test_money_without_context_gets_default_tag_and_lower_score() -> None:
    (bare,) = detect("It was $45.")
    (labelled,) = detect("My salary is $45.")
    assert bare.tag == "Account Balance"
    assert labelled.tag == "Monthly Income"
    assert bare.score < labelled.score


def test_context_raises_the_score() -> None:
    (plain,) = detect("5f4dcc3b5aa765d61d8327deb882cf99")
    (labelled,) = detect("password hash 5f4dcc3b5aa765d61d8327deb882cf99")
    assert labelled.score > plain.score


def test_score_scale_checksum_above_format_above_context_only() -> None:
    card = detect("4111 1111 1111 1111")[0].score
    email = detect("a.b@example.com")[0].score
    label_far = detect("my student card shows, if you ask, 20231234")[0]
    assert label_far.tag == "Student ID"
    assert card > email > label_far.score
    assert card >= 0.9 and 0.8 <= email <= 0.95 and label_far.score == pytest.approx(0.6)


def test_validated_card_beats_phone_reading_of_same_digits() -> None:
    (entity,) = detect("call 4111 1111 1111 1111")
    assert entity.tag == "Credit Card"


# -- realistic paragraph -----------------------------------------------------------

PARAGRAPH = (
    "Hi, I'm Maria Lopez, a 34-year-old nurse. My SSN is 123-45-6789 and my phone is "
    "+1 (415) 555-0132. Email maria.lopez@example.org. I earn $4,500 per month and spend "
    "€1,200.50 on rent. Card 4111 1111 1111 1111, IBAN DE89 3704 0044 0532 0130 00. "
    "I was born on March 3, 1990 and have an appointment on 2024-03-03 at 3:14 PM; the "
    "treatment lasted three years. Tax ID: 12-3456789, Student ID: S20231234. My credit "
    "score is 742 and my debt-to-income ratio is 35%. I'm 178 cm tall, weigh 72 kg, blood "
    "type O+. Last login from 192.168.10.4. Order 12345 shipped in 2019."
)

PARAGRAPH_EXPECTED = {
    ("34", "Age"),
    ("nurse", "Occupation"),
    ("Maria Lopez", "Full Name"),
    ("123-45-6789", "Social Security Number"),
    ("+1 (415) 555-0132", "Phone Number"),
    ("maria.lopez@example.org", "Email Address"),
    ("$4,500", "Monthly Income"),
    ("€1,200.50", "Monthly Expenses"),
    ("4111 1111 1111 1111", "Credit Card"),
    ("DE89 3704 0044 0532 0130 00", "Bank Account"),
    ("March 3, 1990", "Date"),
    ("2024-03-03", "Date"),
    ("3:14 PM", "Time"),
    ("three years", "Duration"),
    ("12-3456789", "Tax ID"),
    ("S20231234", "Student ID"),
    ("742", "Credit Score"),
    ("35%", "Debt Ratio"),
    ("178 cm", "Height"),
    ("72 kg", "Weight"),
    ("O+", "Blood Type"),
    ("192.168.10.4", "IP Address"),
}


def test_realistic_paragraph_exact() -> None:
    found = {(e.text, e.tag) for e in detect(PARAGRAPH)}
    assert found == PARAGRAPH_EXPECTED


def test_entities_are_sorted_and_disjoint() -> None:
    entities = detect(PARAGRAPH)
    assert entities == sorted(entities, key=lambda e: (e.start, e.end))
    assert all(a.end <= b.start for a, b in itertools.pairwise(entities))


def test_paragraph_latency_is_small() -> None:
    """A loose guard against regex blow-ups; the real target (<5 ms per 1,000 chars) is benchmarked separately."""
    text = (PARAGRAPH + " ") * 2
    DETECTOR.detect(text)
    timings = []
    for _ in range(15):
        started = time.perf_counter()
        DETECTOR.detect(text)
        timings.append(time.perf_counter() - started)
    assert sorted(timings)[len(timings) // 2] < 0.05


def test_pathological_input_stays_fast() -> None:
    text = "1-" * 2000 + "a" * 3000 + " 1," * 1000 + "$" * 500 + "::" * 500
    started = time.perf_counter()
    DETECTOR.detect(text)
    assert time.perf_counter() - started < 1.0


# -- the Detector wiring -----------------------------------------------------------


def test_detector_interface() -> None:
    detector = RecognizerDetector()
    assert isinstance(detector, Detector)
    assert detector.name == "patterns"
    detector.load()
    assert detector.status().ready


def test_tag_subset_restricts_output_and_recognizers() -> None:
    detector = RecognizerDetector(tags=["email address", "Phone Number"])
    text = "Mail a@b.co or call +1 415 555 0132; SSN 123-45-6789."
    assert {e.tag for e in detector.detect(text)} == {"Email Address", "Phone Number"}
    # and the recognizers that read phones among other things: a table's column, a field's key, other scripts
    assert {r.name for r in detector.recognizers} == {"email", "phone", "phone-spoken", "table-column", "field-value",
                                                     "other-script"}


def test_disabled_tag_still_blocks_weaker_lookalike() -> None:
    detector = RecognizerDetector(default_recognizers(), tags=["Phone Number"])
    assert detector.detect("card 4111 1111 1111 1111") == []


def test_default_recognizers_filter() -> None:
    everything = default_recognizers()
    money = default_recognizers(["Loan Amount"])
    assert [r.name for r in money] == ["money"]
    assert len(everything) > 15
    assert len({r.name for r in everything}) == len(everything)


def test_runs_inside_detector_pipeline() -> None:
    pipeline = DetectorPipeline([RecognizerDetector()])
    entities = pipeline.detect("Email maria@example.org")
    assert [(e.text, e.tag) for e in entities] == [("maria@example.org", "Email Address")]


@pytest.mark.parametrize(
    "instruction",
    [
        "Act as a senior software engineer and review this code.",
        "Imagine you're a travel agent and plan my week.",
        "Take on the role of a strict maths teacher.",
        "Pretend you are an experienced HR manager.",
    ],
)
def test_a_role_given_to_the_model_is_no_occupation_whichever_detector_finds_it(instruction: str) -> None:
    pipeline = DetectorPipeline([RecognizerDetector()])
    assert [e.text for e in pipeline.detect(instruction) if e.tag == "Occupation"] == []
    own = "I work as a senior software engineer and my brother is a plumber."
    assert [e.text for e in pipeline.detect(own) if e.tag == "Occupation"] == ["senior software engineer", "plumber"]


def test_empty_and_plain_text() -> None:
    assert detect("") == []
    assert detect("Nothing personal here, just a plain sentence about the weather.") == []


# -- the building blocks ------------------------------------------------------------


def test_brace_expansion() -> None:
    assert expand("earn{,s,ed}") == ["earn", "earns", "earned"]
    assert sorted(expand("{bank ,}account{,s}")) == ["account", "accounts", "bank account", "bank accounts"]


def test_keywords_nearest_prefers_before_and_longest_phrase() -> None:
    words = Keywords([("social security{, income}", "SSP"), ("income", "Income"), ("=TIN", "Tax")])
    doc = ScanText("social security income of $900 and my income")
    start = doc.text.index("$900")
    hit = words.nearest(doc, start, start + 4)
    assert hit is not None and hit.label == "SSP" and hit.before
    assert words.nearest(ScanText("tin 12"), 4, 6) is None  # "=TIN" is case-sensitive
    assert words.nearest(ScanText("TIN 12"), 4, 6).label == "Tax"


def test_custom_pattern_recognizer_hooks() -> None:
    recognizer = PatternRecognizer(
        "member",
        "Employee ID",
        [
            Pattern.compile("member", r"\bM-\d{4}\b", 0.5, validator=lambda s: not s.endswith("0000")),
            Pattern.compile("bare", r"\b\d{6}\b", 0.5, requires_context=True),
        ],
        context=Keywords.for_label("Employee ID", ["member"]),
        context_boost=0.2,
    )
    found = {(e.text, e.score) for e in recognizer.analyze("M-1234, M-0000, member 123456. Also 654321")}
    assert found == {("M-1234", 0.5), ("123456", 0.7)}


def test_gate_skips_the_scan() -> None:
    calls = []

    def gate(doc: ScanText) -> bool:
        calls.append(doc.text)
        return False

    recognizer = PatternRecognizer("x", "Email Address", [Pattern("x", re.compile(r"\S+@\S+"), 0.9, gate=gate)])
    assert list(recognizer.analyze("a@b.c")) == []
    assert calls == ["a@b.c"]


def test_a_date_near_an_id_label_is_no_id() -> None:
    """A token with a date's numbers stays a date beside "staff"; one with a date's shape only is an ID."""
    from proxy.recognizers.identifiers import LabelledIdRecognizer

    assert list(LabelledIdRecognizer().analyze("She has been on staff since 12/03/2019 and loves it.")) == []


def test_a_year_range_near_an_id_label_is_no_id() -> None:
    """A tax or school year and a span of years are dates beside "tax" or "student"; the ID after them stays one."""
    from proxy.recognizers.identifiers import LabelledIdRecognizer

    found = [e.text for e in LabelledIdRecognizer().analyze("I owe £2,340 in tax for 2022-23. My UTR is 1234567890.")]
    assert found == ["1234567890"]
    assert list(LabelledIdRecognizer().analyze("Student at UCL 2019-2022, then a tax year 2024/25 abroad.")) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("TC kimlik no 38472916504, adım Elif Demirtaş.", [("38472916504", "Social Security Number")]),
        ("namba ya kitambulisho 28471936, simu 0712 345 678.",
         [("28471936", "Social Security Number"), ("0712 345 678", "Phone Number")]),
        ("Je m'appelle Sophie Marchand, numéro allocataire 7382910.", [("7382910", "Social Security Number")]),
        ("RE: Harold Jennings, DOB 04/11/1951, MRN 00482917.", [("00482917", "Social Security Number")]),
        ("my A-number is A207-384-915", [("A207-384-915", "Social Security Number")]),
        ("her medicare # is 3TW7-KP2-RH49", [("3TW7-KP2-RH49", "Social Security Number")]),
        ("my SEVIS ID is N0028471936", [("N0028471936", "Student ID")]),
        ("my loan number is 0482917365", [("0482917365", "Bank Account")]),
        ("Mi teléfono es 612 48 93 07 por si acaso", [("612 48 93 07", "Phone Number")]),
    ],
)
def test_other_schemes_ids_and_phone_words(text: str, expected: list[tuple[str, str]]) -> None:
    wanted = {"Social Security Number", "Student ID", "Bank Account", "Phone Number"}
    assert [(e.text, e.tag) for e in DETECTOR.detect(text) if e.tag in wanted] == expected


def test_an_id_column_of_a_pasted_table_takes_its_header() -> None:
    """CSV and markdown tables: the header names the ID once, the rows under it carry the values."""
    from proxy.recognizers.identifiers import ID_TAGS

    csv_text = ('"Applicant","Student ID","School","GPA"\n"Awa Diallo","S2219054","Lycée Jean-Jaurès","17.2/20"\n'
                '"Karim Benali","S2218873","Lycée Paul-Éluard","15.9/20"')
    markdown = ("| Engineer | Emp ID | Mobile | Shift |\n|---|---|---|---|\n| Siddharth Rao | PLT-0412 | +91 98450 33127 | Mon |\n"
                "| Chloé Martin | PLT-0388 | +33 6 12 84 55 09 | Thu |\n\nEscalation: page the duty manager.")
    # the first row may be found by its nearby label as well; the detector keeps one
    found = lambda text: {(e.text, e.tag) for e in DETECTOR.detect(text) if e.tag in ID_TAGS}
    assert found(csv_text) == {("S2219054", "Student ID"), ("S2218873", "Student ID")}
    assert found(markdown) == {("PLT-0412", "Employee ID"), ("PLT-0388", "Employee ID")}
    # a header that names no ID labels nothing
    assert found("| Name | Room | Code |\n|---|---|---|\n| Ana | 12 | AB-1234 |") == set()


@pytest.mark.parametrize(("text", "expected"), [
    ("Applicant: Sione Taufa, warehouse supervisor, ID NZ-61208, Auckland", {("NZ-61208", "Employee ID")}),
    ("Leaver: Andrés Felipe Gómez, Software Engineer II (ID 4410-CO), Bogotá office", {("4410-CO", "Employee ID")}),
    ("i am student from Samarkand, 19, at Inha University in Tashkent (id U2210347). laptop stolen",
     {("U2210347", "Student ID")}),
    # a job word that needs a modifier counts with one
    ("Guarantor: Mele Havili, team leader, ID NZ-58830, 021 448 9071", {("NZ-58830", "Employee ID")}),
    ("handled by Rosa Delgado, customer service representative, ID CSR-11873.", {("CSR-11873", "Employee ID")}),
    # no job or study before it, or another label claims it
    ("my ID 4410-CO please", set()),
    ("ask the agent, ID XY-12345", set()),
    ("my teacher's order ID 55512345", set()),
])
def test_a_bare_id_after_a_job_or_a_place_of_study(text: str, expected: set[tuple[str, str]]) -> None:
    from proxy.recognizers.identifiers import LabelledIdRecognizer

    assert {(e.text, e.tag) for e in LabelledIdRecognizer().analyze(text)} == expected


def test_a_name_column_of_a_pasted_table_holds_people() -> None:
    """A name header (a spreadsheet's "A: Name" too) names its column; a company or a table word in it is no one."""
    from proxy.recognizers.tables import TableColumnRecognizer

    sheet = ("A: Name | B: Dept | C: Salary\nBethany Corrigan | Finance | 48,500\nRajesh Subramanian | Ops | 52,000\n"
             "Acme Corp | Ops | 1\nTotal | | 101,500")
    csv_text = "id,first_name,last_name,email\n1,Anna,Kowalska,a@example.pl\n2,jan,Nowak,j@example.pl"
    found = lambda text: [(e.text, e.tag) for e in TableColumnRecognizer().analyze(text)]
    assert found(sheet) == [("Bethany Corrigan", "Full Name"), ("Rajesh Subramanian", "Full Name")]
    assert found(csv_text) == [("Anna", "Nickname"), ("Kowalska", "Full Name"), ("Nowak", "Full Name")]
    assert found("| Plan | Name | Seats |\n|---|---|---|\n| Pro | Standard | 5 |") == []


def test_tables_split_on_tabs_and_semicolons_and_read_field_keys() -> None:
    """A European CSV (";"), a TSV and psql's output: their headers are field keys ("pesel", "nazwisko", "telefon",
    "username"); a header row repeated under the query is no value."""
    from proxy.recognizers.tables import TableColumnRecognizer

    found = lambda text: [(e.text, e.tag) for e in TableColumnRecognizer().analyze(text)]
    semicolons = ("pesel;imie;nazwisko;telefon;rozpoznanie;lek\n"
                  "85031207415;Zofia;Krawczyk-Lis;+48 601 239 874;cukrzyca typu 2;metformina 850 mg")
    assert found(semicolons) == [("85031207415", "Social Security Number"), ("Zofia", "Nickname"),
                                 ("Krawczyk-Lis", "Full Name"), ("+48 601 239 874", "Phone Number"),
                                 ("cukrzyca typu 2", "Medical Condition")]
    tabs = "emp_id\tfull_name\tteam\nE1023\tOyelaran Adewale-Brooks\tEngineering"
    assert found(tabs) == [("E1023", "Employee ID"), ("Oyelaran Adewale-Brooks", "Full Name")]
    psql = ("SELECT id, username, email FROM accounts;\n  id   |  username   |  email\n-------+------------+------\n"
            " 20331 | gh0stfox_91 | d@example.com")
    assert found(psql) == [("gh0stfox_91", "Social Media Handle")]


@pytest.mark.parametrize(("text", "expected"), [
    ("I paid with my Visa ending 8834 and want a refund", ["8834"]),
    ("the debit card number ending with 0098", ["0098"]),
    ("Mastercard **** 1234 was charged twice", ["1234"]),
    ("card xxxx-5526 declined", ["5526"]),
    # no card word, a year, or five digits: not a card's tail
    ("order ending 4471", []),
    ("the visa card ends 2026-01", []),
    ("card ending 12345", []),
])
def test_a_card_s_last_four_digits(text: str, expected: list[str]) -> None:
    assert [e.text for e in detect(text) if e.tag == "Credit Card"] == expected


def test_demographic_columns_of_a_pasted_table() -> None:
    """A header names the column; a cell counts only with its kind's shape."""
    from proxy.recognizers.tables import TableColumnRecognizer

    text = ("| Name | Age | Blood group | Sex | Notes |\n|---|---|---|---|---|\n"
            "| Aoife Kelleher | 16 | O+ | F | asthma |\n| Zara Hussain | 15 | A- | F | none |\n"
            "| Maja Kowalska | unknown | ask mum | ? | - |")
    assert [(e.text, e.tag) for e in TableColumnRecognizer().analyze(text) if e.tag != "Full Name"] == [
        ("16", "Age"), ("O+", "Blood Type"), ("F", "Gender"), ("15", "Age"), ("A-", "Blood Type"), ("F", "Gender")]


@pytest.mark.parametrize(
    ("text", "value", "tag"),
    [
        ("His manager, Kim Soo-yeon (HN-10942), disabled the account.", "HN-10942", "Employee ID"),
        ("Respondent: Kjetil Brekke (HL-02291), 47, shift manager", "HL-02291", "Employee ID"),
        ("Submitted by: Kwame Asante (KA2291047) Contact: kasante7@student.example.edu", "KA2291047", "Student ID"),
    ],
)
def test_an_id_in_brackets_after_a_name_is_theirs(text: str, value: str, tag: str) -> None:
    assert tag_of(text, value) == tag


def test_a_code_in_brackets_after_a_name_needs_a_job_or_a_study_word() -> None:
    assert not any(e.text == "BA2490" for e in detect("We flew with British Airways (BA2490) to Rome."))
