"""Credentials people paste (keys, tokens, private keys, passwords) are found and always masked."""

from __future__ import annotations

import re

import pytest

from conftest import pattern_texts
from proxy.detectors.base import Detector, DetectorPipeline
from proxy.entities import Entity
from proxy.recognizers import RecognizerDetector

TOKEN = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"
JWT = ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIy"
       "fQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c")
PEM = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ\n-----END OPENSSH PRIVATE KEY-----"


def secrets(text: str) -> list[str]:
    return pattern_texts(text, "Password Hash")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('curl -H "Authorization: Bearer sk-proj-4f8a9b2c7d1e6f3a0b5c8d2e9f1a7b3c" https://api.openai.com/v1/models',
         ["sk-proj-4f8a9b2c7d1e6f3a0b5c8d2e9f1a7b3c"]),
        ("My AWS keys are AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY, how do I rotate them?",
         ["AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"]),
        (f"export GITHUB_TOKEN={TOKEN} then git push fails", [TOKEN]),
        ("slack says invalid_auth for xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
         ["xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"]),
        (f"Token: {JWT} decode it", [JWT]),
        (f"{PEM}\nwhy does ssh reject this key?", [PEM]),
        ("DATABASE_URL=postgres://admin:S3cretPass@db.internal:5432/app", ["S3cretPass"]),
        ("My wifi password is Tr0ub4dor&3, is it strong enough?", ["Tr0ub4dor&3"]),
        ("config.py has password = \"hunter2hunter2\" and API_KEY='abc123def456ghi789'",
         ["hunter2hunter2", "abc123def456ghi789"]),
        ('"Hey, it\'s John. New door code is 4471#. Don\'t share."', ["4471#"]),
        # config entries, headers, webhooks and other issuers' formats
        ("EMAIL_HOST_PASSWORD = 'pilates2019!'\nspring.datasource.password=${DB_PASSWORD:Lumen$2024shop}",
         ["pilates2019!", "Lumen$2024shop"]),
        ("DefaultEndpointsProtocol=https;AccountName=nordvik;AccountKey=iL8GFm8TccpVRDpJn8xdxh+mGK/8hw==;EndpointSuffix=x",
         ["iL8GFm8TccpVRDpJn8xdxh+mGK/8hw=="]),
        ("curl -H 'Authorization: Basic ZGtvdmFjczpTdW1tZXIyMDI0IQ==' https://intranet.local", ["ZGtvdmFjczpTdW1tZXIyMDI0IQ=="]),
        ("webhook https://hooks.slack.com/services/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 returns 404",
         ["https://hooks.slack.com/services/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"]),
        ('ApplicationBuilder().token("4359463182:AAQ4Wa-xS-3leul6XqCCehLC6GIPFZcOuD9")',
         ["4359463182:AAQ4Wa-xS-3leul6XqCCehLC6GIPFZcOuD9"]),
        ("wifi VM4829301 pw qhT7xbyzKwp3 - QR code?", ["qhT7xbyzKwp3"]),
        ('DSN = "host=10.0.3.17 dbname=invoices user=invoice_rw password=Kx7#vPq2!mWd"', ["Kx7#vPq2!mWd"]),
        ('"cookie": "mm_session=Z3U98AZ7ej3P7gF9TeGywjOxC5CblWmF8weeGsy04JZunlo6; _ga=1"',
         ["Z3U98AZ7ej3P7gF9TeGywjOxC5CblWmF8weeGsy04JZunlo6"]),
        ("SECRET_KEY = 'django-insecure-i3v%skcvy7stc9xdtt%+8@e+v7!8w80kjp!!*m()_m3=o*)hzq'",
         ["django-insecure-i3v%skcvy7stc9xdtt%+8@e+v7!8w80kjp!!*m()_m3=o*)hzq"]),
        # a hash after "password hash:" is the hash, not "hash:" as a password
        ("my admin password hash: 9c1185a5c5e9fc54612808977ee8f548b2258d31", ["9c1185a5c5e9fc54612808977ee8f548b2258d31"]),
        ("My PIN is 4821 and your OTP: 552901.", ["4821", "552901"]),
        # other languages' password words; a client's command line; a URL's password with no user
        ("Zugang ist User exp_bretts / Passwort Hafen!2023sftp – steht im Vault", ["Hafen!2023sftp"]),
        ("hasło: Kot2024!x do wifi", ["Kot2024!x"]),
        ("bumped it: redis-cli -h 10.40.2.17 -a 'R3d!s-Pr0d-2024' CONFIG SET maxclients 20000", ["R3d!s-Pr0d-2024"]),
        ("mysql -u root -pS3cretPw1 shop < dump.sql", ["S3cretPw1"]),
        ('REDIS_URL: "redis://:8cT4vWq2Lr9Zm7Xp@redis-master:6379/0"', ["8cT4vWq2Lr9Zm7Xp"]),
    ],
)
def test_credentials_found(text: str, expected: list[str]) -> None:
    assert secrets(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "My password is on the fridge, and I forgot to reset the password.",
        "The password: reset it tomorrow.",
        "Use the API key ${OPENAI_API_KEY} from env, and the password is ******.",
        "The risk-assessment-for-the-whole-project is due; ask-me-anything sessions resume.",
        "Our secret is that the recipe uses 40 cloves of garlic.",
        "Grace Wanjiru Mwangi, KRA PIN: A012983451Z, tel 0722 418 905.",
        "My pin code is 560034 (Bangalore).",
        # examples, placeholders and code are no secret
        "Set OPENAI_API_KEY=your-api-key-here and STRIPE_KEY=sk_test_XXXXXXXXXXXXXXXXXXXXXXXX first.",
        "DATABASE_URL=postgres://user:password@localhost:5432/dev",
        "token = jwt.encode(payload, PRIVATE_KEY, algorithm='RS256')",
        "tests:\nshould pass: user@example.com, test.user+tag@example.org",
        "Follow her at @priyaraghu_cto. Session: 11:15 IST, 7 March 2025, Hall B.",
        # prose after the colon
        "Secret in version v1 cannot be handled as a Secret: illegal base64 data at input byte 20",
    ],
)
def test_no_credential(text: str) -> None:
    assert secrets(text) == []


class AtWords(Detector):
    """A plug-in detector that reads every "@word" as a handle, as the GLiNER model does inside addresses."""

    name = "at-words"

    def detect(self, text: str) -> list[Entity]:
        return [Entity(m.group(0), m.start(), m.end(), "Social Media Handle") for m in re.finditer(r"@\w+", text)]


def test_a_url_password_is_masked_and_its_host_is_no_handle() -> None:
    text = "DATABASE_URL=postgres://admin:S3cretPass@db.internal:5432/app why does it fail? cc @ops_team"
    found = DetectorPipeline([RecognizerDetector(), AtWords()]).detect(text)
    assert [(e.text, e.tag) for e in found] == [("S3cretPass", "Password Hash"), ("@ops_team", "Social Media Handle")]


class Words(Detector):
    """A plug-in detector that reads the given words as names, as the GLiNER model does in code."""

    name = "words"

    def __init__(self, words: dict[str, str]) -> None:
        self.words = words

    def detect(self, text: str) -> list[Entity]:
        return [Entity(m.group(0), m.start(), m.end(), tag) for word, tag in self.words.items()
                for m in re.finditer(re.escape(word), text)]


def test_a_package_scope_is_no_handle() -> None:
    """Whatever detector reads "@hello-pangea" or "@brightwave" as a handle, a path or a registry key after it says
    it is a package scope; "@lea_runs" before a space stays a handle."""
    text = "switch to @hello-pangea/dnd? .npmrc:\n@brightwave:registry=https://npm.pkg.github.com\nask @lea_runs on X"
    words = {"@hello-pangea": "Social Media Handle", "@brightwave": "Social Media Handle",
             "@lea_runs": "Social Media Handle"}
    assert [e.text for e in DetectorPipeline([Words(words)]).detect(text)] == ["@lea_runs"]


def test_a_camel_case_identifier_or_a_word_in_backticks_is_code() -> None:
    text = "what's the bug in parseAvatarUrl? why does `aws` fail in cron? Ask Maria at eBay."
    words = {"parseAvatarUrl": "City/Region", "aws": "Nickname", "Maria": "Nickname", "eBay": "Company Name"}
    assert [e.text for e in DetectorPipeline([Words(words)]).detect(text)] == ["Maria", "eBay"]


def test_a_word_that_is_code_is_no_pii() -> None:
    text = ("whats the difference between asyncio.gather and asyncio.TaskGroup? my code uses new Redis(), "
            "ON e.manager_id = m.id, filter sAMAccountName={0}. Ask Maria Lopez, our manager, in Leeds.")
    words = {"asyncio": "Nickname", "Redis": "Nickname", "manager": "Occupation", "sAMAccountName": "Nickname",
             "Maria Lopez": "Full Name", "Leeds": "City/Region"}
    found = DetectorPipeline([Words(words)]).detect(text)
    assert [(e.text, e.tag) for e in found] == [("Maria Lopez", "Full Name"), ("manager", "Occupation"),
                                                ("Leeds", "City/Region")]
