"""Check-digit algorithms, so generated identifiers pass the same validators
(python-stdnum, Luhn checks) a real recognizer would apply."""

from __future__ import annotations

import string


def luhn_digit(payload: str) -> str:
    """The Luhn check digit to append to `payload` (cards, Canadian SIN, Mexican NSS)."""
    total = 0
    for i, ch in enumerate(reversed(payload)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return str((10 - total % 10) % 10)


def luhn_valid(number: str) -> bool:
    digits = [c for c in number if c.isdigit()]
    return bool(digits) and luhn_digit("".join(digits[:-1])) == digits[-1]


def _iban_numeric(text: str) -> int:
    return int("".join(str(int(c, 36)) for c in text.upper()))


def iban(country: str, bban: str) -> str:
    """A compact IBAN with mod-97 check digits (ISO 13616)."""
    check = 98 - _iban_numeric(bban + country + "00") % 97
    return f"{country}{check:02d}{bban}"


def iban_valid(value: str) -> bool:
    compact = value.replace(" ", "")
    return _iban_numeric(compact[4:] + compact[:4]) % 97 == 1


def mod11_10_digit(payload: str) -> str:
    """ISO 7064 MOD 11,10 (German Steuer-ID)."""
    product = 10
    for ch in payload:
        total = (int(ch) + product) % 10 or 10
        product = (total * 2) % 11
    return str((11 - product) % 10)


def cpf_digits(base9: str) -> str:
    """The two mod-11 check digits of a Brazilian CPF."""
    digits = [int(c) for c in base9]
    for weight_start in (10, 11):
        s = sum(d * w for d, w in zip(digits, range(weight_start, 1, -1)))
        r = (s * 10) % 11
        digits.append(0 if r == 10 else r)
    return f"{digits[-2]}{digits[-1]}"


def bsn_valid(number: str) -> bool:
    """Dutch BSN 11-proef."""
    weights = [9, 8, 7, 6, 5, 4, 3, 2, -1]
    return len(number) == 9 and sum(int(c) * w for c, w in zip(number, weights)) % 11 == 0


def nir_key(nir13: str) -> str:
    """French social security (NIR) key: 97 - (n mod 97)."""
    return f"{97 - int(nir13) % 97:02d}"


DNI_LETTERS = "TRWAGMYFPDXBNJZSQVHLCKE"


def dni_letter(number: int) -> str:
    """Spanish DNI/NIF control letter (mod 23)."""
    return DNI_LETTERS[number % 23]


_CF_ODD = {
    **dict(zip("0123456789", [1, 0, 5, 7, 9, 13, 15, 17, 19, 21])),
    **dict(zip(string.ascii_uppercase, [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23])),
}
_CF_EVEN = {**{str(i): i for i in range(10)}, **{c: i for i, c in enumerate(string.ascii_uppercase)}}


def codice_fiscale_char(first15: str) -> str:
    """Italian codice fiscale control character."""
    total = sum((_CF_ODD if i % 2 == 0 else _CF_EVEN)[c] for i, c in enumerate(first15))
    return string.ascii_uppercase[total % 26]


def tfn_valid(number: str) -> bool:
    """Australian Tax File Number weighted check."""
    weights = [1, 4, 3, 7, 5, 8, 6, 9, 10]
    return len(number) == 9 and sum(int(c) * w for c, w in zip(number, weights)) % 11 == 0


def my_number_digit(payload11: str) -> str:
    """Japanese My Number (individual number) check digit."""
    digits = [int(c) for c in reversed(payload11)]
    s = sum(d * (n + 1 if n <= 6 else n - 5) for n, d in enumerate(digits, start=1))
    r = s % 11
    return "0" if r <= 1 else str(11 - r)


def clabe_digit(payload17: str) -> str:
    """Mexican CLABE bank account check digit (weights 3,7,1)."""
    weights = [3, 7, 1] * 6
    s = sum((int(c) * w) % 10 for c, w in zip(payload17, weights))
    return str((10 - s % 10) % 10)


def nuban_digit(bank3: str, serial9: str) -> str:
    """Nigerian NUBAN account check digit."""
    weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3]
    s = sum(int(c) * w for c, w in zip(bank3 + serial9, weights))
    return str((10 - s % 10) % 10)


def aba_valid(routing: str) -> bool:
    """US ABA routing number checksum."""
    w = [3, 7, 1] * 3
    return len(routing) == 9 and sum(int(c) * x for c, x in zip(routing, w)) % 10 == 0


def es_nss_check(province: int, number: int) -> str:
    """Spanish social security number control digits (mod 97)."""
    return f"{(province * 10**8 + number) % 97:02d}"


def tc_kimlik(first9: str) -> str:
    """Turkish identity number: the two check digits for 9 leading digits."""
    d = [int(c) for c in first9]
    d10 = ((d[0] + d[2] + d[4] + d[6] + d[8]) * 7 - (d[1] + d[3] + d[5] + d[7])) % 10
    d11 = (sum(d) + d10) % 10
    return f"{d10}{d11}"
