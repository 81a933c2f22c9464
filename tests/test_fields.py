"""Values under a field key that names what they are, in each syntax machines write; keys in one normal form."""

from __future__ import annotations

import pytest

from proxy.recognizers.fields import field_key, field_tag, field_value_recognizer


def found(text: str) -> list[tuple[str, str]]:
    out = []
    for e in field_value_recognizer().analyze(text):
        assert text[e.start:e.end] == e.text
        out.append((e.text, e.tag))
    return out


@pytest.mark.parametrize(("key", "norm", "tag"), [
    ("FirstName", "first_name", "Nickname"),
    ('"last-name"', "last_name", "Full Name"),
    ("customer_first_name", "customer_first_name", "Nickname"),
    ("tijdelijk_wachtwoord", "tijdelijk_wachtwoord", "Password Hash"),
    ("DB_PASSWORD", "db_password", "Password Hash"),
    ("vat_id", "vat_id", "Tax ID"),
    ("NationalId", "national_id", "Social Security Number"),
    # a time, a plain word, an ID label in prose (the identifiers read those, with their checks)
    ("last_login", "last_login", None),
    ("status", "status", None),
    ("SSN", "ssn", None),
])
def test_a_key_in_one_normal_form_names_its_tag(key: str, norm: str, tag: str | None) -> None:
    assert field_key(key) == norm
    assert field_tag(key) == tag


@pytest.mark.parametrize(("text", "expected"), [
    # JSON, also escaped inside a JSON string; XML; YAML
    ('{"first_name": "Sigrún", "nickname": "sigga_aa", "name": "Sigrún Aasheim", "plan": "pro"}',
     [("Sigrún", "Nickname"), ("sigga_aa", "Social Media Handle"), ("Sigrún Aasheim", "Full Name")]),
    ('"{\\"email\\":\\"h@example.nl\\",\\"csrf\\":\\"Zk8Qm2Lx7Vr4Tp9W\\"}"', [("Zk8Qm2Lx7Vr4Tp9W", "Password Hash")]),
    ("<Holder><FirstName>Cosmin</FirstName><NationalId>1831027410035</NationalId></Holder>",
     [("Cosmin", "Nickname"), ("1831027410035", "Social Security Number")]),
    ("- naam: Pieter-Jan Molenkamp\n  tijdelijk_wachtwoord: \"Welkom2024!Tulp\"\n  afdeling: Finance",
     [("Pieter-Jan Molenkamp", "Full Name"), ("Welkom2024!Tulp", "Password Hash")]),
    # key=value: .env with an app password, a query string's address with its commas, LDIF
    ("MAIL_PASSWORD=wqhz pkvt rmbe xjsa\nAPP_DEBUG=false", [("wqhz pkvt rmbe xjsa", "Password Hash")]),
    ("json?address=18+Marlowe+Crescent,+Didsbury,+Manchester+M20+6QT&key=",
     [("18+Marlowe+Crescent,+Didsbury,+Manchester+M20+6QT", "Street Address")]),
    ("dn: uid=rkalinowska,ou=people,dc=orbitalfab,dc=com", [("rkalinowska", "Social Media Handle")]),
    # .netrc, a cookie jar, an SSH log
    ("machine api.github.com\n  login octo-mirela\n  password s3cr3t-Xy9", [("octo-mirela", "Social Media Handle"),
                                                                            ("s3cr3t-Xy9", "Password Hash")]),
    (".shop.com\tTRUE\t/\tTRUE\t1711036800\tremember_me\trm_77fe2c91a0b84d3e",
     [("rm_77fe2c91a0b84d3e", "Password Hash")]),
    ("sshd[45511]: Accepted publickey for kpetrosyan from 37.120.155.18 port 60231\n"
     "sshd[46002]: Failed password for invalid user root from 102.89.44.130", [("kpetrosyan", "Social Media Handle")]),
])
def test_values_under_their_keys(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_sql_predicates_values_under_their_column() -> None:
    text = ("WHERE e.employee_id IN ('E104882', 'E104917')\n  AND e.last_name IN ('Szymanska', 'Whitcombe') "
            "AND status = 'active' AND username = 'mfarouk_dev'")
    assert found(text) == [("E104882", "Employee ID"), ("E104917", "Employee ID"), ("Szymanska", "Full Name"),
                           ("Whitcombe", "Full Name"), ("mfarouk_dev", "Social Media Handle")]


def test_sql_rows_under_their_columns() -> None:
    text = ("INSERT INTO users (id, username, email, created_at) VALUES\n(501, 'jdelacroix', 'j@example.fr', NOW()),\n"
            "(502, 'mfarouk_dev', 'm@example.com', NOW());\n"
            "COPY patients (id, full_name, dob, diagnosis) FROM stdin;\n1\tGwendolyn Ashcroft-Mbeki\t1958-12-03\t"
            "Type 2 diabetes\n\\.\nSELECT 1;")
    assert found(text) == [("jdelacroix", "Social Media Handle"), ("mfarouk_dev", "Social Media Handle"),
                           ("Gwendolyn Ashcroft-Mbeki", "Full Name"), ("Type 2 diabetes", "Medical Condition")]


@pytest.mark.parametrize("text", [
    "name: ledger-api\nnamespace: prod",  # a service, not a person
    'password: "${DB_PASS}"\ntoken: <your-token>',  # placeholders
    "user: jdoe\nusername: root",  # "user" alone is too loose a key; a system account is no one
    "SSN: 000123456",  # the identifiers' label, with their SSN check
    "Address: 0x7ffe5a3c in the core dump",
    '{"name": "Standard", "phone": "n/a"}',
    "depends_on:\n  db:\n    condition: service_healthy",  # a compose file's condition
])
def test_no_field_value(text: str) -> None:
    assert found(text) == []
