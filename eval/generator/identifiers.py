"""CODE values in the real formats of each country, with valid check digits
where the real format has them, and the words people use to name them."""

from __future__ import annotations

import hashlib
import random
import string
from dataclasses import dataclass
from datetime import date

from . import checksums as cs
from .cultures import CA_AREA_CODES, US_AREA_CODES
from .names import PersonName, ascii_fold


@dataclass(frozen=True)
class Code:
    """An identifier and the nouns that name it in this country ("NI number")."""

    text: str
    nouns: tuple[str, ...]


def _digits(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _letters(rng: random.Random, n: int, alphabet: str = string.ascii_uppercase) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def fill_pattern(rng: random.Random, pattern: str) -> str:
    """X any digit, E 2-9, A a US area code, C a Canadian area code; rest literal."""
    out = []
    i = 0
    while i < len(pattern):
        ch = pattern[i]
        if pattern.startswith("AAA", i):
            out.append(rng.choice(US_AREA_CODES)); i += 3; continue
        if pattern.startswith("CCC", i):
            out.append(rng.choice(CA_AREA_CODES)); i += 3; continue
        out.append(rng.choice(string.digits) if ch == "X" else rng.choice("23456789") if ch == "E" else ch)
        i += 1
    return "".join(out)


# ---------------------------------------------------------------- social security
def social_security(rng: random.Random, country: str, name: PersonName, birth: date, gender: str) -> Code | None:
    if country == "US":
        area = rng.choice([a for a in range(1, 900) if a != 666])
        body = f"{area:03d}", f"{rng.randint(1, 99):02d}", f"{rng.randint(1, 9999):04d}"
        sep = rng.choice(("-", "-", "-", " ", ""))
        return Code(sep.join(body), ("Social Security number", "SSN", "social security number"))
    if country == "CA":
        payload = str(rng.randint(1, 7)) + _digits(rng, 7)
        sin = payload + cs.luhn_digit(payload)
        sep = rng.choice((" ", "-", ""))
        return Code(sep.join((sin[:3], sin[3:6], sin[6:])), ("SIN", "Social Insurance Number", "social insurance number"))
    if country == "GB":
        bad_first, bad_second = set("DFIQUV"), set("DFIOQUV")
        while True:
            prefix = rng.choice([c for c in string.ascii_uppercase if c not in bad_first]) + rng.choice(
                [c for c in string.ascii_uppercase if c not in bad_second])
            if prefix not in {"BG", "GB", "NK", "KN", "TN", "NT", "ZZ"}:
                break
        nums = _digits(rng, 6)
        suffix = rng.choice("ABCD")
        text = f"{prefix} {nums[:2]} {nums[2:4]} {nums[4:]} {suffix}" if rng.random() < 0.6 else f"{prefix}{nums}{suffix}"
        return Code(text, ("National Insurance number", "NI number", "NINO"))
    if country == "FR":
        sex = "2" if gender == "female" else "1"
        body = f"{sex}{birth.year % 100:02d}{birth.month:02d}{rng.randint(1, 95):02d}{rng.randint(1, 999):03d}{rng.randint(1, 999):03d}"
        key = cs.nir_key(body)
        text = f"{body[0]} {body[1:3]} {body[3:5]} {body[5:7]} {body[7:10]} {body[10:13]} {key}"
        return Code(text if rng.random() < 0.7 else body + key, ("numéro de sécurité sociale", "social security number", "carte Vitale number"))
    if country == "ES":
        prov, num = rng.randint(1, 52), rng.randint(10**7, 10**8 - 1)
        sep = rng.choice(("/", " ", ""))
        return Code(f"{prov:02d}{sep}{num}{sep}{cs.es_nss_check(prov, num)}", ("Social Security number", "NUSS", "número de la Seguridad Social"))
    if country == "DE":
        area = rng.choice((12, 13, 15, 16, 17, 18, 19, 23, 24, 25, 26, 28, 29, 38, 39, 40, 42, 43, 44, 45, 46, 48, 49, 50, 52, 53, 55, 56, 65, 66))
        letter = ascii_fold(name.last)[:1].upper() or "M"
        serial = rng.randint(0, 49) if gender == "male" else rng.randint(50, 99)
        digits = f"{area:02d}{birth:%d%m%y}{ord(letter) - 64:02d}{serial:02d}"
        weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
        check = sum(sum(map(int, str(int(d) * w))) for d, w in zip(digits, weights)) % 10
        return Code(f"{area:02d} {birth:%d%m%y} {letter} {serial:02d}{check}", ("Sozialversicherungsnummer", "social security number", "pension insurance number"))
    if country == "BR":
        base = _digits(rng, 10)
        r = 11 - sum(int(d) * w for d, w in zip(base, (3, 2, 9, 8, 7, 6, 5, 4, 3, 2))) % 11
        check = 0 if r >= 10 else r
        return Code(f"{base[:3]}.{base[3:8]}.{base[8:]}-{check}", ("PIS number", "NIS", "INSS number"))
    if country == "NL":
        while True:
            num = str(rng.randint(1, 9)) + _digits(rng, 8)
            if cs.bsn_valid(num):
                break
        text = num if rng.random() < 0.6 else f"{num[:4]}.{num[4:6]}.{num[6:]}"
        return Code(text, ("BSN", "citizen service number", "burgerservicenummer"))
    if country == "JP":
        payload = str(rng.randint(1, 9)) + _digits(rng, 10)
        num = payload + cs.my_number_digit(payload)
        return Code(f"{num[:4]} {num[4:8]} {num[8:]}", ("My Number", "individual number", "My Number card number"))
    if country == "MX":
        payload = _digits(rng, 10)
        return Code(payload + cs.luhn_digit(payload), ("NSS", "IMSS number", "número de seguridad social"))
    return None


# ---------------------------------------------------------------- tax
_EIN_PREFIXES = [p for r in ((1, 6), (10, 16), (20, 27), (30, 48), (50, 68), (71, 77), (80, 88), (90, 95), (98, 99)) for p in range(r[0], r[1] + 1)]
_IT_TOWNS = ("H501", "F205", "F839", "L219", "D612", "A944", "L736", "D969", "G273", "L781", "A662", "G224")
_IT_MONTHS = "ABCDEHLMPRST"


def _cf_part(word: str, is_first: bool) -> str:
    w = ascii_fold(word).upper().replace(" ", "").replace("'", "").replace("-", "")
    cons = [c for c in w if c.isalpha() and c not in "AEIOU"]
    vows = [c for c in w if c in "AEIOU"]
    if is_first and len(cons) >= 4:
        cons = [cons[0], cons[2], cons[3]]
    return ("".join(cons + vows) + "XXX")[:3]


def tax_id(rng: random.Random, country: str, name: PersonName, birth: date, gender: str) -> Code | None:
    if country == "US":
        if rng.random() < 0.55:
            return Code(f"{rng.choice(_EIN_PREFIXES):02d}-{_digits(rng, 7)}", ("EIN", "employer identification number", "federal tax ID"))
        middle = rng.choice(list(range(70, 89)) + [90, 91, 92, 94, 95, 96, 97, 98, 99])
        return Code(f"9{_digits(rng, 2)}-{middle}-{_digits(rng, 4)}", ("ITIN", "individual taxpayer identification number", "tax ID"))
    if country == "GB":
        utr = _digits(rng, 10)
        return Code(utr if rng.random() < 0.5 else f"{utr[:5]} {utr[5:]}", ("UTR", "Unique Taxpayer Reference", "tax reference"))
    if country == "DE":
        while True:
            pool = rng.sample(string.digits, 9)
            ten = pool + [rng.choice(pool)]
            rng.shuffle(ten)
            if ten[0] != "0":
                break
        body = "".join(ten)
        num = body + cs.mod11_10_digit(body)
        return Code(num if rng.random() < 0.5 else f"{num[:2]} {num[2:5]} {num[5:8]} {num[8:]}", ("Steuer-ID", "tax ID", "Steueridentifikationsnummer"))
    if country == "FR":
        num = str(rng.randint(0, 3)) + _digits(rng, 12)
        return Code(num if rng.random() < 0.5 else f"{num[:2]} {num[2:4]} {num[4:7]} {num[7:10]} {num[10:]}", ("numéro fiscal", "tax number", "SPI number"))
    if country == "ES":
        if rng.random() < 0.8:
            n = rng.randint(10**7, 10**8 - 1)
            return Code(f"{n}{cs.dni_letter(n)}", ("NIF", "DNI", "tax ID"))
        lead = rng.randint(0, 2)
        n = rng.randint(10**6, 10**7 - 1)
        return Code(f"{'XYZ'[lead]}{n}{cs.dni_letter(lead * 10**7 + n)}", ("NIE", "foreigner ID number", "tax ID"))
    if country == "IT":
        day = birth.day + (40 if gender == "female" else 0)
        first15 = f"{_cf_part(name.last, False)}{_cf_part(name.first, True)}{birth.year % 100:02d}{_IT_MONTHS[birth.month - 1]}{day:02d}{rng.choice(_IT_TOWNS)}"
        return Code(first15 + cs.codice_fiscale_char(first15), ("codice fiscale", "tax code", "fiscal code"))
    if country == "BR":
        base = _digits(rng, 9)
        num = base + cs.cpf_digits(base)
        return Code(f"{num[:3]}.{num[3:6]}.{num[6:9]}-{num[9:]}", ("CPF", "CPF number"))
    if country == "IN":
        initial = (ascii_fold(name.last)[:1] or "K").upper()
        return Code(f"{_letters(rng, 3)}P{initial}{_digits(rng, 4)}{_letters(rng, 1)}", ("PAN", "PAN card number", "Permanent Account Number"))
    if country == "AU":
        weights = (1, 4, 3, 7, 5, 8, 6, 9)
        while True:
            head = str(rng.randint(1, 9)) + _digits(rng, 7)
            last = sum(int(c) * w for c, w in zip(head, weights)) % 11
            if last < 10 and cs.tfn_valid(head + str(last)):
                num = head + str(last)
                break
        return Code(f"{num[:3]} {num[3:6]} {num[6:]}", ("TFN", "tax file number"))
    if country == "NL":
        return Code(f"NL{_digits(rng, 9)}B{rng.randint(1, 99):02d}", ("btw-id", "VAT number", "btw-nummer"))
    if country == "NG":
        return Code(f"{_digits(rng, 8)}-{_digits(rng, 4)}", ("TIN", "tax identification number"))
    if country == "MX":
        last = ascii_fold(name.last).upper().replace(" ", "") or "XXXX"
        vowel = next((c for c in last[1:] if c in "AEIOU"), "X")
        first = ascii_fold(name.first).upper()[:1] or "X"
        return Code(f"{last[0]}{vowel}{_letters(rng, 1)}{first}{birth:%y%m%d}{_letters(rng, 2, 'ABCDEFGHJKLMNPRSTUVWXYZ123456789')}{rng.randint(0, 9)}", ("RFC", "tax ID"))
    return None


# ---------------------------------------------------------------- passport, licence
def passport(rng: random.Random, country: str) -> Code:
    shapes = {
        "US": lambda: _digits(rng, 9) if rng.random() < 0.5 else _letters(rng, 1) + _digits(rng, 8),
        "GB": lambda: _digits(rng, 9),
        "DE": lambda: rng.choice("CFGHJK") + _letters(rng, 8, "CFGHJKLMNPRTVWXYZ0123456789"),
        "FR": lambda: _digits(rng, 2) + _letters(rng, 2) + _digits(rng, 5),
        "ES": lambda: _letters(rng, 3) + _digits(rng, 6),
        "IT": lambda: _letters(rng, 2) + _digits(rng, 7),
        "BR": lambda: _letters(rng, 2) + _digits(rng, 6),
        "NL": lambda: _letters(rng, 2, "ABCDEFGHIJKLMNPRSTUVWXYZ") + _letters(rng, 6, "ABCDEFGHJKLMNPRSTUVWXYZ0123456789") + _digits(rng, 1),
        "JP": lambda: _letters(rng, 2) + _digits(rng, 7),
        "IN": lambda: _letters(rng, 1) + _digits(rng, 7),
        "CA": lambda: _letters(rng, 2) + _digits(rng, 6),
        "AU": lambda: rng.choice(("N", "PA", "PB", "E")) + _digits(rng, 7),
        "NG": lambda: "A" + _digits(rng, 8),
        "MX": lambda: _letters(rng, 1) + _digits(rng, 8),
    }
    return Code(shapes.get(country, shapes["US"])(), ("passport number", "passport no.", "passport"))


def _dvla(rng: random.Random, name: PersonName, birth: date, gender: str) -> str:
    surname = (ascii_fold(name.last).upper().replace(" ", "").replace("-", "").replace("'", "") + "99999")[:5]
    month = birth.month + (50 if gender == "female" else 0)
    initials = (ascii_fold(name.first)[:1].upper() + (name.middle_initial or "9"))
    return f"{surname}{str(birth.year)[2]}{month:02d}{birth.day:02d}{str(birth.year)[3]}{initials}9{_letters(rng, 2, string.ascii_uppercase + string.digits)}"


def _dni(rng: random.Random) -> str:
    n = rng.randint(10**7, 10**8 - 1)
    return f"{n}{cs.dni_letter(n)}"


def drivers_license(rng: random.Random, country: str, name: PersonName, birth: date, gender: str) -> Code:
    us_nouns = ("driver's license number", "driver's license", "DL number")
    if country == "US":
        shape = rng.choice((
            lambda: _letters(rng, 1) + _digits(rng, 7),                               # CA
            lambda: f"{_digits(rng, 3)} {_digits(rng, 3)} {_digits(rng, 3)}",         # NY
            lambda: _digits(rng, 8),                                                  # TX
            lambda: f"{_letters(rng, 1)}{_digits(rng, 3)}-{_digits(rng, 3)}-{_digits(rng, 2)}-{_digits(rng, 3)}-{_digits(rng, 1)}",  # FL
            lambda: f"{_letters(rng, 1)}{_digits(rng, 3)}-{_digits(rng, 4)}-{_digits(rng, 4)}",  # IL
            lambda: "S" + _digits(rng, 8),                                            # MA
            lambda: "WDL" + _letters(rng, 6, string.ascii_uppercase + string.digits),  # WA
        ))
        return Code(shape(), us_nouns)
    if country == "GB":
        text = _dvla(rng, name, birth, gender)
        text = text if rng.random() < 0.6 else f"{text[:5]} {text[5:11]} {text[11:]}"
        return Code(text, ("driving licence number", "driving licence", "licence number"))
    shapes = {
        "DE": lambda: _letters(rng, 1) + _digits(rng, 3) + _letters(rng, 3, string.ascii_uppercase + string.digits) + _digits(rng, 1) + _letters(rng, 1) + _digits(rng, 2),
        "FR": lambda: _digits(rng, 12),
        "ES": lambda: _dni(rng),
        "IT": lambda: rng.choice(("RM", "MI", "TO", "NA", "FI", "BO", "VE", "PA", "U1")) + _digits(rng, 7) + _letters(rng, 1),
        "BR": lambda: _digits(rng, 11),
        "NL": lambda: _digits(rng, 10),
        "IN": lambda: f"{rng.choice(('MH', 'DL', 'KA', 'TN', 'UP', 'GJ', 'RJ', 'WB', 'KL', 'TS'))}{rng.randint(1, 50):02d} {rng.randint(1995, 2023)}{_digits(rng, 7)}",
        "JP": lambda: _digits(rng, 12),
        "CA": lambda: f"{_letters(rng, 1)}{_digits(rng, 4)}-{_digits(rng, 5)}-{_digits(rng, 5)}",
        "AU": lambda: _digits(rng, rng.choice((8, 9))),
        "NG": lambda: _letters(rng, 3) + _digits(rng, 5) + _letters(rng, 2) + _digits(rng, 2),
        "MX": lambda: _letters(rng, 1) + _digits(rng, 8),
    }
    nouns = ("driving licence number", "driving licence") if country in ("IN", "AU", "NG") else us_nouns
    return Code(shapes.get(country, shapes["FR"])(), nouns)


# ---------------------------------------------------------------- bank, card
def _spaced(text: str, size: int = 4) -> str:
    return " ".join(text[i:i + size] for i in range(0, len(text), size))


def _es_ccc(bank: str, branch: str, account: str) -> str:
    weights = (1, 2, 4, 8, 5, 10, 9, 7, 3, 6)

    def digit(ten: str) -> str:
        d = 11 - sum(int(c) * w for c, w in zip(ten, weights)) % 11
        return "1" if d == 10 else "0" if d == 11 else str(d)

    return digit("00" + bank + branch) + digit(account)


def bank_account(rng: random.Random, country: str) -> Code:
    iban_nouns = ("IBAN", "bank account", "account number")
    bban = {
        "DE": lambda: _digits(rng, 8) + _digits(rng, 10),
        "GB": lambda: rng.choice(("NWBK", "BARC", "LOYD", "MIDL", "HBUK", "MONZ", "SRLG")) + _digits(rng, 14),
        "FR": lambda: _digits(rng, 5) + _digits(rng, 5) + _digits(rng, 11) + f"{rng.randint(1, 97):02d}",
        "IT": lambda: _letters(rng, 1) + _digits(rng, 10) + _digits(rng, 12),
        "NL": lambda: rng.choice(("ABNA", "INGB", "RABO", "SNSB", "TRIO", "ASNB", "KNAB", "BUNQ")) + _digits(rng, 10),
    }
    if country == "ES":
        bank, branch, account = _digits(rng, 4), _digits(rng, 4), _digits(rng, 10)
        bban["ES"] = lambda: bank + branch + _es_ccc(bank, branch, account) + account
    if country in bban and (country != "GB" or rng.random() < 0.6):
        value = cs.iban(country, bban[country]())
        return Code(_spaced(value) if rng.random() < 0.75 else value, iban_nouns)
    generic = ("bank account number", "account number", "checking account number")
    if country == "GB":
        return Code(f"{_digits(rng, 2)}-{_digits(rng, 2)}-{_digits(rng, 2)} {_digits(rng, 8)}", ("sort code and account number", "bank details", "account number"))
    if country == "MX":
        body = rng.choice(("002", "012", "014", "021", "072")) + _digits(rng, 14)
        return Code(body + cs.clabe_digit(body), ("CLABE", "account number", "CLABE interbancaria"))
    if country == "NG":
        bank, serial = rng.choice(("044", "058", "011", "033", "057", "032")), _digits(rng, 9)
        return Code(serial + cs.nuban_digit(bank, serial), ("NUBAN", "account number", "bank account number"))
    if country == "AU":
        return Code(f"{_digits(rng, 3)}-{_digits(rng, 3)} {_digits(rng, 8)}", ("BSB and account number", "bank account", "account number"))
    if country == "CA":
        return Code(f"{_digits(rng, 5)}-{rng.choice(('001', '002', '003', '004', '006', '010', '016'))}-{_digits(rng, 7)}", generic)
    if country == "BR":
        return Code(f"{_digits(rng, 5)}-{rng.randint(0, 9)}", ("conta corrente", "account number", "bank account number"))
    if country == "JP":
        return Code(_digits(rng, 7), ("futsu account number", "bank account number", "account number"))
    if country == "IN":
        return Code(_digits(rng, rng.choice((11, 12, 14, 15, 16))), ("bank account number", "savings account number", "account number"))
    return Code(_digits(rng, rng.choice((9, 10, 12))), generic)


def credit_card(rng: random.Random, country: str) -> Code:
    brands = [("Visa", "4", 16), ("Mastercard", str(rng.randint(51, 55)), 16), ("Mastercard", str(rng.randint(2221, 2720)), 16),
              ("Amex", rng.choice(("34", "37")), 15), ("Discover", "6011", 16)]
    if country == "JP":
        brands.append(("JCB", str(rng.randint(3528, 3589)), 16))
    if country == "IN":
        brands.append(("RuPay", rng.choice(("60", "65", "81", "82")), 16))
    brand, prefix, length = rng.choice(brands)
    payload = prefix + _digits(rng, length - len(prefix) - 1)
    number = payload + cs.luhn_digit(payload)
    sep = rng.choice((" ", " ", "-", ""))
    groups = (number[:4], number[4:10], number[10:]) if length == 15 else tuple(number[i:i + 4] for i in range(0, 16, 4))
    return Code(sep.join(groups), (f"{brand} card number", "credit card number", "card number"))


# ---------------------------------------------------------------- network, accounts
def phone(rng: random.Random, formats: tuple[str, ...]) -> Code:
    return Code(fill_pattern(rng, rng.choice(formats)), ("phone number", "mobile number", "cell", "number"))


def ip_address(rng: random.Random) -> Code:
    roll = rng.random()
    if roll < 0.25:
        text = f"192.168.{rng.randint(0, 10)}.{rng.randint(2, 254)}"
    elif roll < 0.35:
        text = f"10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(2, 254)}"
    elif roll < 0.8:
        while True:
            first = rng.randint(1, 223)
            if first not in (10, 127, 172, 192, 169, 100):
                break
        text = f"{first}.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)}"
    else:
        head = rng.choice(("2a02", "2001", "2600", "2a01", "2406", "2803", "2c0f"))
        groups = [head] + [f"{rng.randint(0, 0xffff):x}" for _ in range(rng.randint(2, 3))]
        tail = [f"{rng.randint(0, 0xffff):x}" for _ in range(rng.randint(1, 2))]
        text = ":".join(groups) + "::" + ":".join(tail)
        return Code(text, ("IPv6 address", "IP address", "IP"))
    return Code(text, ("IP address", "IP", "home IP"))


_B64 = string.ascii_letters + string.digits + "./"


def password_hash(rng: random.Random) -> Code:
    secret = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(10)).encode()
    kind = rng.choice(("md5", "sha1", "sha256", "bcrypt", "bcrypt", "argon2", "sha512crypt"))
    if kind in ("md5", "sha1", "sha256"):
        return Code(hashlib.new(kind, secret).hexdigest(), (f"{kind.upper()} password hash", "password hash", "hashed password"))
    if kind == "bcrypt":
        return Code(f"$2{rng.choice('aby')}${rng.choice((10, 12, 12, 14))}$" + "".join(rng.choice(_B64) for _ in range(53)),
                    ("bcrypt hash", "password hash", "hashed password"))
    if kind == "argon2":
        salt = "".join(rng.choice(_B64[:-2] + "+/") for _ in range(22))
        digest = "".join(rng.choice(_B64[:-2] + "+/") for _ in range(43))
        return Code(f"$argon2id$v=19$m=65536,t=3,p=4${salt}${digest}", ("argon2 hash", "password hash", "hashed password"))
    salt = "".join(rng.choice(_B64) for _ in range(16))
    return Code(f"$6${salt}$" + "".join(rng.choice(_B64) for _ in range(86)), ("password hash", "shadow hash", "hashed password"))


def employee_id(rng: random.Random, org_initials: str) -> Code:
    shape = rng.choice((
        lambda: f"EMP-{rng.randint(10000, 99999)}", lambda: f"E{rng.randint(100000, 999999)}", lambda: f"EMP#{rng.randint(1000, 9999)}",
        lambda: f"HR-{rng.randint(2008, 2024)}-{rng.randint(1, 9999):04d}", lambda: f"{org_initials}-{rng.randint(10000, 99999)}",
        lambda: f"W{rng.randint(100000, 999999)}", lambda: f"{rng.randint(0, 99999):07d}", lambda: f"{org_initials}{rng.randint(1000, 99999)}",
        lambda: f"ST-{rng.randint(100, 999)}-{rng.randint(100, 999)}",
    ))
    return Code(shape(), ("employee ID", "employee number", "staff ID", "badge number", "personnel number"))


def student_id(rng: random.Random, country: str, school_initials: str, start_year: int) -> Code:
    shape = rng.choice((
        lambda: f"S{start_year}-{rng.randint(1, 99999):05d}", lambda: f"{start_year}{rng.randint(1000, 9999)}",
        lambda: f"u{rng.randint(1000000, 9999999)}", lambda: f"A{rng.randint(0, 99999999):08d}",
        lambda: f"STU-{rng.randint(10000, 99999)}", lambda: f"{school_initials}{start_year % 100:02d}{rng.randint(1000, 9999)}",
        lambda: f"{start_year}{rng.choice(('CS', 'ME', 'EE', 'BT', 'HS'))}{rng.randint(10000, 99999)}",
    ))
    nouns = {"DE": ("Matrikelnummer", "student ID", "matriculation number"),
             "IN": ("enrollment number", "roll number", "student ID"),
             "GB": ("student number", "student ID")}.get(country, ("student ID", "student number", "student ID number"))
    return Code(shape(), nouns)
