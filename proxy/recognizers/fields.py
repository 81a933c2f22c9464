"""Values under a field name that says what they are: machine-made text names its PII.

A JSON record, a YAML fixture, an XML message, an .env line, a query string, an LDIF entry, an SQL INSERT and a
.netrc all label each value with a key ("first_name", "login", "NationalId", "tijdelijk_wachtwoord", "address1"),
and the value has no other context: "jdelacroix", "Krawczyk-Lis", "Welkom2024!Tulp". The key says which tag the
value would have; the value must also have that tag's shape (a name's capitals, a handle's characters, a
password that is no placeholder), so "name: ledger-api" or "user: ${DB_USER}" stay. Keys are compared in one
normal form (`field_key`: "FirstName", "first-name" and "first_name" are "first_name"); an ID key is read by the
identifiers' labels ("vat_id", "pesel"). Pasted tables read the same keys in their header (`tables`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from proxy.entities import Entity
from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.credentials import PASSWORD_WORDS_ELSEWHERE, plausible_secret
from proxy.recognizers.full_names import NAME_PARTICLE, NAME_PARTICLES, NAME_WORD, NOT_A_PERSON
from proxy.recognizers.given_names import NOT_NAMES
from proxy.recognizers.handles import is_system_user
from proxy.recognizers.identifiers import ID_TAGS, id_column_tag, is_id_token, possible_ssn
from proxy.recognizers.scan import ScanText

SCORE = 0.85


def _keys(words: str) -> frozenset[str]:
    return frozenset(words.split())


# normal-form keys (see `field_key`) -> tag; a two-word key also counts after a prefix ("customer_first_name"), and
# the one-word keys of `_SUFFIX_KEYS` after any ("db_password")
FIELD_TAGS: dict[str, str] = {
    **dict.fromkeys(_keys(
        "username user_name login login_name uid nickname nick handle screen_name github gitlab twitter instagram "
        "telegram discord slack sam_account_name samaccountname"), "Social Media Handle"),
    **dict.fromkeys(_keys(
        "first_name firstname given_name givenname forename vorname voornaam prenom prénom imie imię nombre"),
        "Nickname"),
    **dict.fromkeys(_keys(
        "last_name lastname surname family_name familyname nachname achternaam nazwisko apellido apellidos cognome "
        "full_name fullname display_name displayname customer_name contact_name account_holder cardholder "
        "card_holder holder_name patient_name employee_name naam nom"), "Full Name"),
    **dict.fromkeys(_keys(
        "address address1 address_1 address_line1 address_line_1 line1 street street_address home_address "
        "postal_address adres adresse direccion dirección endereco endereço indirizzo anschrift"), "Street Address"),
    **dict.fromkeys(_keys(
        "password passwd pwd pass tijdelijk_wachtwoord mot_de_passe motdepasse secret client_secret secret_key api_key "
        "apikey access_token refresh_token id_token auth_token token csrf csrf_token csrftoken xsrf_token session_id "
        "sessionid remember_me remember_token app_key private_key") | frozenset(PASSWORD_WORDS_ELSEWHERE),
        "Password Hash"),
    **dict.fromkeys(_keys(
        "phone phone_number mobile mobile_number tel telephone telefon telefono teléfono telefone cell msisdn "
        "whatsapp"), "Phone Number"),
    **dict.fromkeys(_keys(
        "diagnosis diagnoses diagnose diagnosis_text condition conditions medical_condition rozpoznanie diagnostico "
        "diagnóstico diagnostic diagnosi"), "Medical Condition"),
}
# the keys that name their value after any prefix
_SUFFIX_KEYS = _keys("username password passwd pwd secret token phone mobile surname lastname firstname address "
                     "diagnosis")
# a bare "name" may name a product, a plan or a service: a person there has two name words (also in `tables`)
BARE_NAME = "name"
_BARE_NAME_KEYS = frozenset({"name", "naam", "nom"})
_NAME_SHAPES = {"Full Name": re.compile(rf"{NAME_WORD}(?:[ ](?:{NAME_PARTICLE}[ ])?{NAME_WORD}){{0,3}}"),
                "Nickname": re.compile(NAME_WORD)}


def name_cell(tag: str, cell: str) -> bool:
    """Whether a table cell or a field's value is a person's name ("Full Name") or given name ("Nickname")."""
    words = cell.split()  # the letter ranges mix cases: each word but a particle starts with a capital
    return _NAME_SHAPES[tag].fullmatch(cell) is not None \
        and not any(word in NOT_NAMES or word.casefold() in NOT_A_PERSON for word in words) \
        and all(word[0].isupper() for word in words if word not in NAME_PARTICLES)

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_MACHINE_KEY = re.compile(r"[_.]|[a-z][A-Z]")


def field_key(key: str) -> str:
    """One normal form for a key: "FirstName", "first-name", "First Name" -> "first_name"."""
    return re.sub(r"[^\w]+", "_", _CAMEL.sub("_", key.strip().strip("\"'"))).strip("_").casefold()


def field_tag(key: str) -> str | None:
    """The tag a field's key names, or None: its whole normal form, its last one or two words ("customer_
    first_name"), or an ID label ("vat_id", "national_id", "pesel")."""
    norm = field_key(key)
    if not norm or len(norm) > 40:
        return None
    if norm in _BARE_NAME_KEYS:
        return BARE_NAME
    words = norm.split("_")
    for tail in (norm, "_".join(words[-2:])):
        if tail in FIELD_TAGS:
            return FIELD_TAGS[tail]
    if words[-1] in _SUFFIX_KEYS:  # "db_password", "home_phone"; not "last_login", a time
        return FIELD_TAGS[words[-1]]
    # an ID only under a machine's key ("vat_id", "NationalId"); a prose label ("SSN: ...") is the identifiers' own
    if not _MACHINE_KEY.search(key.strip().strip("\"'")):
        return None
    tag = id_column_tag(norm.replace("_", " "))
    return tag if tag in ID_TAGS else None


_HANDLE = re.compile(r"[A-Za-z][\w.-]{1,38}")
_NOT_A_HANDLE = frozenset("true false null none nil yes no anonymous unknown".split())  # and `is_system_user`
_PHONE = re.compile(r"\+?[\d(][\d ()./-]{5,22}\d")
_PLACE_WORD = re.compile(r"[A-ZÀ-ÖØ-ÞĀ-ɏḀ-ỿ][a-zà-öø-ÿĀ-ɏḀ-ỿ]{2}")  # a street's or a town's capitalised name
# "cukrzyca typu 2"; not an ICD code alone ("E11.9") nor a compose file's "condition: service_healthy"
_CONDITION = re.compile(r"[^\W\d_][^\W_]*(?:[ '-]+[^\W_]+){0,8}")  # one condition: a list is several


def value_fits(tag: str, value: str) -> bool:
    """Whether `value` has the shape of what `tag` names (see the module doc)."""
    if tag == BARE_NAME:
        return len(value.split()) >= 2 and name_cell("Full Name", value)
    if tag in ("Full Name", "Nickname"):
        return name_cell(tag, value)
    if tag == "Social Media Handle":
        return (_HANDLE.fullmatch(value) is not None and "@" not in value and value.casefold() not in _NOT_A_HANDLE
                and not is_system_user(value))
    if tag == "Street Address":
        return 6 <= len(value) <= 120 and any(c.isdigit() for c in value) and _PLACE_WORD.search(value) is not None \
            and "@" not in value and "://" not in value
    if tag == "Password Hash":
        return plausible_secret(value)
    if tag == "Phone Number":
        return _PHONE.fullmatch(value) is not None and sum(c.isdigit() for c in value) >= 7
    if tag == "Medical Condition":
        return 3 <= len(value) <= 60 and _CONDITION.fullmatch(value) is not None
    if tag == "Social Security Number" and len(digits := re.sub(r"\D", "", value)) == 9 and len(value) <= 11:
        return possible_ssn(digits)  # a US number's shape: "000123456" is no SSN whatever the key says
    if tag in ID_TAGS:  # six characters at least: "applicant_id=88213" in a traceback is a record's number
        return len(value) >= 6 and is_id_token(value)
    return False


# key and value in each syntax: "key": "value" (also escaped inside a JSON string), <Key>value</Key>, a YAML or
# header line, key=value (an .env, a query string, logfmt, LDIF), and a .netrc's "login X" / "password X"
_QUOTED = re.compile(r"""(?P<q>\\?["'])(?P<key>[A-Za-z_][\w .-]{0,40})(?P=q)\s*:\s*(?P=q)(?P<value>[^"'\\\n]{1,200})(?P=q)""")
_XML = re.compile(r"<(?P<key>[A-Za-z][\w.-]{0,40})>(?P<value>[^<>\n]{1,200})</(?P=key)>")
_YAML = re.compile(r"(?m)^[ \t]*(?:-[ \t]+)?(?P<key>[A-Za-z_][\w.-]{0,40})[ \t]*:[ \t]+[\"']?(?P<value>[^\n\"'#]{1,200}?)[\"']?"
                   r"[ \t]*(?:#[^\n]*)?$")
# an unquoted value runs to a space, "&" or ";" (a comma inside a query string's value stays: "address=18+Marlowe
# +Crescent,+Didsbury", but not one before the next key: LDIF's "uid=rkalinowska,ou=people"); a mail provider's app password holds spaces ("MAIL_PASSWORD=wqhz pkvt rmbe xjsa")
_ASSIGNED = re.compile(r"(?<![\w.-])(?P<key>[A-Za-z_][\w.-]{0,40})=(?:\"(?P<dq>[^\"\n]{1,200})\"|'(?P<sq>[^'\n]{1,200})'"
                       r"|(?P<value>[a-z]{4}(?: [a-z]{4}){3}(?![\w])|(?:[^\s&;,'\"]|,(?![\w.-]+=)(?=[^\s,]))+))")
_NETRC = re.compile(r"(?<![\w-])(?P<key>login|password|account)[ \t]+(?P<value>[^\s]+)")
_NETRC_FILE = re.compile(r"(?m)^[ \t]*(?:machine|default)[ \t]")
# an SQL predicate's values: "e.employee_id IN ('E104882', 'E104917')", "last_name = 'Szymanska'"
_SQL_PREDICATE = re.compile(r"(?P<key>[A-Za-z_][\w.]{0,40})[ \t]*(?:=|(?i:in)[ \t]*\()[ \t]*(?P<values>'[^'\n]{1,120}'"
                            r"(?:[ \t]*,[ \t]*'[^'\n]{1,120}')*)")
_SQL_STRING = re.compile(r"'([^'\n]{1,120})'")
# a Netscape cookie jar's line: domain, flag, path, secure, expiry, then the cookie's name and value
_COOKIE_JAR = re.compile(r"(?m)^(?:#HttpOnly_)?[^\s#]\S*\t(?:TRUE|FALSE)\t\S*\t(?:TRUE|FALSE)\t\d+\t(?P<key>[^\t\n]+)\t"
                         r"(?P<value>[^\t\n]+)$")
# SQL rows under their column list: "INSERT INTO users (id, username, ...) VALUES (501, 'jdelacroix', ...), (...)"
# and a dump's "COPY patients (id, name, ...) FROM stdin;" with tab-separated lines up to "\."
_INSERT = re.compile(r"(?i:insert[ \t]+into)[ \t]+[\w.\"`\[\]]+[ \t]*\((?P<columns>[^()]{1,600})\)\s*(?i:values)\s*")
_SQL_ROW_START = re.compile(r"\s*,?\s*\(")
_SQL_VALUE = re.compile(r"\s*(?:'(?P<text>(?:[^'\n]|'')*)'|(?P<bare>[^,()'\s]+(?:\([^()]*\))?))\s*(?P<end>[,)])")
_COPY = re.compile(r"(?i:copy)[ \t]+[\w.\"]+[ \t]*\((?P<columns>[^()]{1,600})\)[ \t]+(?i:from[ \t]+stdin)[^\n]*\n")
_LINE = re.compile(r"[^\n]+")
_TAB_CELL = re.compile(r"[^\t\n]+")
# an SSH log's user ("Accepted publickey for kpetrosyan from 37.120.155.18", "Failed password for invalid user x")
_SSH_USER = re.compile(r"\b(?:(?:Accepted|Failed)[ \t]+(?:password|publickey|keyboard-interactive/pam|none)[ \t]+for"
                       r"(?:[ \t]+invalid[ \t]+user)?|[Ii]nvalid[ \t]+user)[ \t]+(?P<value>[a-z_][\w.-]{1,31})[ \t]+from[ \t]+\d")


def keyed_values(text: str) -> Iterator[tuple[str, int, int]]:
    """(key, value start, value end) of every keyed value in the text's syntaxes."""
    if ":" in text:
        for match in _QUOTED.finditer(text):
            yield match.group("key"), match.start("value"), match.end("value")
        for match in _YAML.finditer(text):
            yield match.group("key"), match.start("value"), match.end("value")
    if "</" in text:
        for match in _XML.finditer(text):
            yield match.group("key"), match.start("value"), match.end("value")
    if "=" in text:
        for match in _ASSIGNED.finditer(text):
            group = next(g for g in ("dq", "sq", "value") if match.group(g) is not None)
            yield match.group("key"), match.start(group), match.end(group)
    if _NETRC_FILE.search(text):
        for match in _NETRC.finditer(text):
            yield match.group("key"), match.start("value"), match.end("value")
    if "\t" in text:
        for match in _COOKIE_JAR.finditer(text):
            yield match.group("key"), match.start("value"), match.end("value")
    yield from _sql_values(text)
    if "'" in text:
        for match in _SQL_PREDICATE.finditer(text):
            for value in _SQL_STRING.finditer(text, match.start("values"), match.end("values")):
                yield match.group("key"), value.start(1), value.end(1)


def _columns(listed: str) -> list[str]:
    return [column.strip().strip("\"`[]") for column in listed.split(",")]


def _sql_values(text: str) -> Iterator[tuple[str, int, int]]:
    """Each value of an INSERT's rows or a COPY's lines, with its column's name as the key."""
    if "(" not in text:
        return
    for match in _INSERT.finditer(text):
        columns, pos = _columns(match.group("columns")), match.end()
        while (row := _SQL_ROW_START.match(text, pos)) is not None:
            pos, index = row.end(), 0
            while (value := _SQL_VALUE.match(text, pos)) is not None:
                group = "text" if value.group("text") is not None else "bare"
                if index < len(columns):
                    yield columns[index], value.start(group), value.end(group)
                pos, index = value.end(), index + 1
                if value.group("end") == ")":
                    break
            else:
                break
    for match in _COPY.finditer(text):
        columns = _columns(match.group("columns"))
        for line in _LINE.finditer(text, match.end()):
            if line.group().strip() == "\\.":  # the end of the data
                break
            for index, cell in enumerate(_TAB_CELL.finditer(text, line.start(), line.end())):
                if index < len(columns):
                    yield columns[index], cell.start(), cell.end()


class FieldValueRecognizer(PatternRecognizer):
    """Values of keyed fields (JSON, YAML, XML, .env, query strings, LDIF, .netrc) and SSH logs' users."""

    def __init__(self) -> None:
        super().__init__("field-value", tuple(sorted({*FIELD_TAGS.values(), *ID_TAGS})), [], default_tag=None)

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        raw = text.text if isinstance(text, ScanText) else text
        seen: set[tuple[int, int]] = set()
        for key, start, end in keyed_values(raw):
            value = raw[start:end].strip()
            start = raw.index(value, start) if value else start
            end = start + len(value)
            tag = field_tag(key)
            if tag is None or (start, end) in seen or not value_fits(tag, value):
                continue
            seen.add((start, end))
            yield self.entity(raw, start, end, "Full Name" if tag == BARE_NAME else tag, SCORE, "field")
        if "ccepted " in raw or "ailed " in raw or "nvalid user" in raw:
            for match in _SSH_USER.finditer(raw):
                if not is_system_user(match.group("value")):
                    yield self.entity(raw, match.start("value"), match.end("value"), "Social Media Handle", SCORE,
                                      "ssh-user")


def field_value_recognizer() -> FieldValueRecognizer:
    return FieldValueRecognizer()
