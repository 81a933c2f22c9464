"""Government and financial identifiers that carry a checksum or a fixed format.

Validation comes from python-stdnum, so the rules (SSN area/group/serial,
EIN campus prefixes, Luhn, IBAN mod-97 and country lengths, EU VAT check
digits) are the maintained ones rather than our own copies.
"""

from __future__ import annotations

import re

from stdnum import iban, luhn
from stdnum.exceptions import ValidationError
from stdnum.br import cpf
from stdnum.es import nif as es_nif
from stdnum.eu import vat as eu_vat
from stdnum.fr import nir
from stdnum.in_ import pan
from stdnum.it import codicefiscale
from stdnum.us import ein, itin, ssn

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import Keywords
from proxy.recognizers.scan import ScanText, mixed_word_anchors, number_anchors, word_anchors

# Not glued to a longer token: "A123-45-6789" or "123-45-6789-0" is something else.
_OPEN = r"(?<![\w-])"
_CLOSE = r"(?![\w-]|[.,]\d)"


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def _is_ssn(value: str) -> bool:
    return ssn.is_valid(_digits(value))  # stdnum's compact() keeps spaces: "123 45 6789"


def _is_nir(value: str) -> bool:
    return nir.is_valid(value.replace(" ", ""))


def ssn_recognizer() -> PatternRecognizer:
    """Social security numbers: US SSNs (formatted 123-45-6789 stands alone, a bare
    9-digit run needs "SSN" near it), UK National Insurance numbers, French NIRs.
    Other countries' numbers without a telling format are found by their label
    in `identifiers`."""
    return PatternRecognizer(
        "ssn",
        "Social Security Number",
        [
            Pattern.compile(
                "ssn-formatted",
                rf"{_OPEN}\d{{3}}([- ])\d{{2}}\1\d{{4}}{_CLOSE}",
                0.8,
                validator=_is_ssn,
                anchors=number_anchors(9, 3),
            ),
            Pattern.compile(
                "ssn-digits",
                rf"{_OPEN}\d{{9}}{_CLOSE}",
                0.6,
                validator=_is_ssn,
                requires_context=True,
                anchors=number_anchors(9),
            ),
            Pattern.compile(
                "gb-nino",
                r"[A-CEGHJ-PR-TW-Z][A-CEGHJ-NPR-TW-Z](?<!BG)(?<!GB)(?<!NK)(?<!KN)(?<!TN)(?<!NT)(?<!ZZ)"
                r"(?: ?\d{2}){3} ?[A-D](?![\w-])",
                0.85,
                left_bound="-",
            ),
            Pattern.compile(
                "de-rvnr",
                # area, birth date (ddmmyy), initial of the birth name, serial and check digit
                r"(?<![\w-])\d{2} ?(?:0[1-9]|[12]\d|3[01])(?:0[1-9]|1[0-2])\d{2} ?[A-Z] ?\d{3}(?![\w-])",
                0.85,
                anchors=number_anchors(8),
            ),
            Pattern.compile(
                "fr-nir",
                r"(?<![\w-])[12] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}(?![\w-])",
                0.95,
                validator=_is_nir,
                anchors=number_anchors(13),
            ),
        ],
        context=Keywords.for_label(
            "Social Security Number",
            [
                "ssn{,s}",
                "social security{, number, no}",
                "{national insurance,ni,pension insurance} number",
                "nino",
                "sécurité sociale",
                "sozialversicherungsnummer",
            ],
        ),
        context_boost=0.15,
    )


def _is_card_number(value: str) -> bool:
    digits = _digits(value)
    return 13 <= len(digits) <= 19 and digits[0] in "234568" and luhn.is_valid(digits)


def _card_shaped(value: str) -> bool:
    """A card's first digit, and digits as varied as a real number's: "4111 1111 1111 1112" is a test number."""
    digits = _digits(value)
    return digits[0] in "23456" and max(digits.count(d) for d in set(digits)) <= 6


_CARD_WORDS = ("card", "visa", "mastercard", "amex", "maestro", "discover", "debit", "credit", "cc")
_CARD_WORD = r"(?:" + "|".join(_CARD_WORDS) + r")"


def credit_card_recognizer() -> PatternRecognizer:
    """Payment card numbers, 13-19 digits with optional space/dash groups, Luhn-checked."""
    return PatternRecognizer(
        "credit-card",
        "Credit Card",
        [
            Pattern.compile(
                "card",
                # Not the tail of an IBAN written in groups ("DE89 3704 0044 ..."), nor a "+52 1 55 ..." phone.
                rf"(?<![\w+-])(?<![A-Z]{{2}}\d\d )\d(?:[ -]?\d){{12,18}}{_CLOSE}",
                0.95,
                validator=_is_card_number,
                anchors=number_anchors(13),
            ),
            # a card-shaped number that fails the Luhn check, beside a card word: a sample or a mistyped number
            # is as private as a valid one ("paid on card 4716 2093 5581 0047")
            Pattern.compile(
                "card-shaped",
                rf"(?<![\w+-])(?<![A-Z]{{2}}\d\d )(?:\d{{4}}([ -])\d{{4}}\1\d{{4}}\1\d{{4}}|3\d{{3}}([ -])\d{{6}}\2\d{{5}}){_CLOSE}",
                0.6,
                validator=_card_shaped,
                requires_context=True,
                anchors=number_anchors(13),
            ),
            # a statement's card number with its middle hidden: the shape says card ("5168 •••• •••• 7731",
            # "**** **** **** 1234")
            Pattern.compile(
                "card-masked",
                r"(?<![\w*•-])(?:\d{4}|[*•xX]{4})[ -]?(?:[*•xX]{4}[ -]?){2}\d{4}(?![\w-])",
                0.9,
                gate=re.compile(r"[*•xX]{4}[ -]?[*•xX]{4}"),
            ),
            # a card's last four digits where a card word says so: with the holder's name they pick out the card
            # ("my Visa ending 8834", "card ending in 4471", "Mastercard **** 1234", "the card xxxx-5526")
            Pattern.compile(
                "card-last-four",
                rf"(?i:{_CARD_WORD}(?:[ \t]+card)?(?:[ \t]+(?:number|no\.?|#))?[ \t]+(?:ending|ends|that[ \t]+ends)(?:[ \t]+(?:in|with))?"
                rf"[ \t]*(?:[:-][ \t]*)?|{_CARD_WORD}(?:[ \t]+card)?(?:[ \t]+(?:number|no\.?|#))?:?[ \t]+(?:[*•xX]{{2,}}[ -]?){{1,3}})"
                rf"(?P<span>\d{{4}})(?![\d-])",
                0.85,
                anchors=word_anchors(_CARD_WORDS),
            ),
        ],
        context=Keywords.for_label(
            "Credit Card",
            [
                "{credit ,debit ,bank ,payment ,}card{,s}",
                "visa",
                "{mastercard,master card}",
                "amex",
                "american express",
                "discover",
                "=CC",
            ],
        ),
        context_boost=0.05,
    )


# Where an IBAN can start: a word of two letters then two digits ("DE89", "GB82WEST...").
_iban_anchors = mixed_word_anchors(lambda w: len(w) >= 4 and w[2:4].isdigit() and w[:2].isalpha())


def _iban_shaped(span: str) -> bool:
    """Country code and length right, check digits wrong: a mistyped IBAN still names an account ("GB29 HLDP ...")."""
    number = iban.compact(span)
    try:
        fixed = number[:2] + iban.calc_check_digits(number) + number[4:]
    except ValidationError:
        return False
    return not iban.is_valid(number) and iban.is_valid(fixed)  # a valid one is the "iban" pattern's


def _iban_like(span: str) -> bool:
    """IBAN-shaped but failing its checks in a way `_iban_shaped` cannot mend (a made-up national check digit, a
    country outside stdnum's registry): read as an account only after a bank word (`requires_context`)."""
    number = iban.compact(span)
    return 15 <= len(number) <= 34 and not iban.is_valid(number) and not _iban_shaped(span)


def bank_account_recognizer() -> PatternRecognizer:
    """IBANs (mod-97 and per-country length via stdnum), also with wrong check digits (lower score, as a typo still
    names an account). Plain account numbers are in `identifiers`."""
    return PatternRecognizer(
        "iban",
        "Bank Account",
        [
            Pattern.compile(
                "iban",
                r"(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\w-])",
                0.95,
                validator=iban.is_valid,
                anchors=_iban_anchors,
            ),
            Pattern.compile(
                "iban-bad-check",
                r"(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\w-])",
                0.9,  # above a bare account number's reading of its digits ("... 6016 1331 9268 19")
                validator=_iban_shaped,
                anchors=_iban_anchors,
            ),
            Pattern.compile(
                "iban-cued",
                r"(?<![\w-])[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,3})?(?![\w-])",
                0.6,
                validator=_iban_like,
                requires_context=True,
                anchors=_iban_anchors,
            ),
            # a UK sort code and account number written together: the shape alone says bank account
            Pattern.compile("sort-code-account", r"(?<![\w-])\d\d-\d\d-\d\d \d{8}(?![\w-])", 0.9),
            # the same with a slash or a comma between: two values ("Starling, 60-83-71 / 22948130")
            Pattern.compile("sort-code-then-account", r"(?<![\w-])(?P<span>\d\d-\d\d-\d\d)[ \t]*[/,][ \t]*\d{8}(?![\w-])", 0.9,
                            left_bound=""),
            Pattern.compile("account-after-sort-code", r"(?<![\w-])\d\d-\d\d-\d\d[ \t]*[/,][ \t]*(?P<span>\d{8})(?![\w-])", 0.9,
                            left_bound=""),
            # a sort code after its label, even where it could be read as a date ("sort code 95-01-26")
            Pattern.compile("sort-code", r"(?i:sort[ \t-]?code)[ \t]*:?[ \t]*(?P<span>\d\d-\d\d-\d\d)(?![\w-])", 0.9,
                            left_bound=""),
        ],
        context=Keywords.for_label("Bank Account", ["iban", "{bank ,}account", "acct", "cuenta", "conta", "compte",
                                                    "konto", "rekening", "rachunek", "hesap", "conto"]),
        context_boost=0.05,
    )


_TAX_WORDS = Keywords.for_label(
    "Tax ID",
    [
        "tax{,payer}{, id, identification, number, no, code}",
        "employer identification{, number}",
        "vat{, id, number, no}",
        "=EIN",
        "=TIN",
        "=ITIN",
        "=NIF",
        "=CF",
        "=CPF",
        "=PAN",
        "permanent account number",
        "codice fiscale",
        "fiscal code",
    ],
)

_SEVEN_DIGITS = number_anchors(7)


def _nif_anchors(doc: ScanText) -> list[int]:
    """Digit groups of 7+ digit numbers, stepping back over an NIE letter ("X1234567L")."""
    text = doc.text
    return [pos - 1 if pos and text[pos - 1] in "XYZ" else pos for pos in _SEVEN_DIGITS(doc)]


_EU_VAT_PREFIXES = "ATU|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK|XI"


def tax_id_recognizer() -> PatternRecognizer:
    """Tax identifiers with a recognisable format: US EIN and ITIN, EU VAT numbers,
    Italian codice fiscale, Brazilian CPF, Indian PAN, Spanish NIF/NIE. Bare
    numbers labelled "tax ID", "UTR", "TFN" ... are in `identifiers`."""
    return PatternRecognizer(
        "tax-id",
        "Tax ID",
        [
            Pattern.compile(
                "us-ein", rf"{_OPEN}\d{{2}}-\d{{7}}{_CLOSE}", 0.8, validator=ein.is_valid, anchors=number_anchors(9, 2)
            ),
            Pattern.compile(
                "us-itin",
                rf"{_OPEN}9\d{{2}}([- ])\d{{2}}\1\d{{4}}{_CLOSE}",
                0.85,
                validator=itin.is_valid,
                anchors=number_anchors(9, 3),
            ),
            Pattern.compile(
                "eu-vat",
                rf"(?:{_EU_VAT_PREFIXES}) ?[0-9A-Z]{{8,12}}(?![\w-])",
                0.95,
                validator=eu_vat.is_valid,
                left_bound="-",
            ),
            Pattern.compile(
                "it-codice-fiscale",
                r"(?<!\w)[A-Z]{6}\d{2}[A-EHLMPR-T]\d{2}[A-Z]\d{3}[A-Z](?!\w)",
                0.95,
                validator=codicefiscale.is_valid,
                anchors=mixed_word_anchors(lambda w: len(w) == 16),
            ),
            Pattern.compile(
                "br-cpf",
                rf"{_OPEN}\d{{3}}\.\d{{3}}\.\d{{3}}-\d{{2}}{_CLOSE}",
                0.95,
                validator=cpf.is_valid,
                anchors=number_anchors(11, 4),
            ),
            Pattern.compile(
                "in-pan",
                r"[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z](?!\w)",
                0.9,
                validator=pan.is_valid,
                left_bound="",
                anchors=mixed_word_anchors(lambda w: len(w) == 10 and w[5:9].isdigit()),
            ),
            Pattern.compile(
                "es-nif",
                r"(?<![\w-])[0-9XYZ]\d{7}-?[A-Z](?![\w-])",
                0.8,
                validator=es_nif.is_valid,
                anchors=_nif_anchors,
            ),
        ],
        context=_TAX_WORDS,
        context_boost=0.1,
    )
