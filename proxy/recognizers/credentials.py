"""Credentials people paste while asking for help: API keys, access tokens, private keys, passwords.

A key in a curl command or a `.env` file is worth more to an attacker than most PII, and the question
("why does this request fail?") never needs its value. The taxonomy's only credential tag is Password
Hash, so credentials are found under it: always masked by default, and the placeholder still tells
the upstream model that a secret stood there (`<Password Hash 1>`).

Three kinds of evidence, strongest first:

- the issuer's own format, which no ordinary text has: AWS access key ids (`AKIA...`, and the 40-character
  secret key just after one or after "secret"), GitHub
  (`ghp_...`, `github_pat_...`), GitLab, OpenAI/Anthropic-style `sk-...`, Stripe, Slack, Google,
  Hugging Face, npm and PyPI tokens, JSON Web Tokens, PEM private-key blocks;
- the password between "user:" and "@host" in a URL (`postgres://admin:S3cretPass@db:5432`);
- a credential word and "is", ":" or "=" before the value ("password: hunter2", "my wifi password is
  Tr0ub4dor&3", `API_KEY="..."`, "the door code is 4471#", "my PIN is 4821", "OTP: 552901"), or a config
  key that ends in one (`EMAIL_HOST_PASSWORD = '...'`), or an Authorization header's value. After "is" the
  value must hold a digit or a symbol, so "my password is on the fridge" stays as written.

Yelp's detect-secrets was tried first: its line scanner reports a GitHub token as "ghp" and cuts a
JWT's signature, so its values cannot be placed back into the text; these formats are few and
stable, and are written here like Veil's other recognizers.
"""

from __future__ import annotations

import re
from functools import lru_cache

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import Anchors, ScanText, backward_anchors, word_anchors

TAG = "Password Hash"

# (name, regex) for formats an issuer defines; each starts with its own literal prefix
_FORMATS = (
    ("aws-access-key-id", r"(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Za-z])"),
    ("github-token", r"(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})(?![A-Za-z0-9_])"),
    ("gitlab-token", r"glpat-[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])"),
    # OpenAI ("sk-proj-...", "sk-svcacct-..."), Anthropic ("sk-ant-api03-...") and the older "sk-..." keys
    ("sk-key", r"sk-(?:[a-z]{2,8}-)*[A-Za-z0-9_-]{20,}(?![A-Za-z0-9_-])"),
    ("stripe-key", r"(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{16,}(?![A-Za-z0-9])"),
    ("slack-token", r"xox[abposr]-[A-Za-z0-9-]{10,}(?![A-Za-z0-9-])"),
    ("google-api-key", r"AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])"),
    ("huggingface-token", r"hf_[A-Za-z0-9]{30,}(?![A-Za-z0-9])"),
    ("npm-token", r"npm_[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    ("pypi-token", r"pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}"),
    ("stripe-webhook-secret", r"whsec_[A-Za-z0-9]{24,}(?![A-Za-z0-9])"),
    ("sendgrid-key", r"SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{30,64}(?![A-Za-z0-9_-])"),
    ("twilio-sid", r"(?:AC|SK)[0-9a-f]{32}(?![0-9A-Za-z])"),
    # a webhook URL is its own secret: whoever has it can post
    ("slack-webhook", r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"),
    ("discord-webhook", r"https://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/\d+/[A-Za-z0-9_-]{20,}"),
    ("jwt", r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
    (
        "private-key",
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]{16,}?-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
    ),
)
_FORMAT_PREFIXES = ("AKIA", "ASIA", "ABIA", "ACCA", "gh", "github_pat_", "glpat-", "sk-", "sk_", "pk_", "rk_",
                    "whsec_", "SG.", "AC", "SK", "https://hooks.slack.com/", "https://discord", "https://ptb.discord",
                    "https://canary.discord",
                    "xox", "AIza", "hf_", "npm_", "pypi-", "eyJ", "-----BEGIN")


def _format_anchors(doc: ScanText) -> list[int]:
    """Where an issuer's prefix starts a word: a cheap scan instead of one regex scan per format (once per text,
    shared by all the format patterns)."""
    return _prefix_positions(doc.text)


@lru_cache(maxsize=4)
def _prefix_positions(text: str) -> list[int]:
    found: list[int] = []
    for prefix in _FORMAT_PREFIXES:
        start = text.find(prefix)
        while start >= 0:
            if start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_"):
                found.append(start)
            start = text.find(prefix, start + 1)
    return sorted(set(found))


# An AWS secret access key has no prefix: 40 base64 characters, found only just after an access key id or
# a "secret" word ("AKIA... / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = ...").
_AWS_SECRET = re.compile(r"(?<![A-Za-z0-9/+])(?=[A-Za-z0-9/+]*[0-9/+])(?=[A-Za-z0-9/+]*[a-z])(?=[A-Za-z0-9/+]*[A-Z])"
                         r"[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])")
_AWS_SECRET_CUE = re.compile(r"(?:AKIA|ASIA)[0-9A-Z]{16}|(?i:secret)")


def _aws_secret_anchors(doc: ScanText) -> list[int]:
    """40-character base64 runs up to 80 characters after an access key id or a "secret" word."""
    text = doc.text
    found: set[int] = set()
    for cue in _AWS_SECRET_CUE.finditer(text):
        for match in _AWS_SECRET.finditer(text, cue.end(), min(len(text), cue.end() + 120)):
            if match.start() - cue.end() <= 80:
                found.add(match.start())
    return sorted(found)


# The secret after "scheme://user:" and before "@host"; a URL's password is never an e-mail's local part.
# the user may be empty: "redis://:8cT4vWq2Lr9Zm7Xp@redis-master:6379"
_URL_PASSWORD = r"[A-Za-z][A-Za-z0-9+.-]{1,15}://[^\s:/@]{0,64}:(?P<span>[^\s:/@]{3,128})@[A-Za-z0-9.-]+"


# anchors at the scheme's start before each "://"; the regex is tried there only
_url_anchors = backward_anchors(re.compile("://"), re.compile(r"(?<![A-Za-z0-9+.-])[A-Za-z0-9+.-]+\Z"), reach=64)


# A Telegram bot token: the bot's number, ":AA" and 33 characters.
_TELEGRAM = re.compile(r"\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])")


# the bot's number before each ":AA"
_telegram_anchors = backward_anchors(re.compile(":AA"), re.compile(r"(?<!\d)\d{8,10}\Z"), reach=10)


# "Authorization: Basic ZGtv...==", "Bearer 9f8e...": whatever follows the scheme is the credential
_AUTH_HEADER = r"(?:Basic|Bearer|Token)[ \t]+(?P<span>[A-Za-z0-9+/=._~-]{16,})"

# A config key that ends in a credential word ("EMAIL_HOST_PASSWORD = '...'", "spring.datasource.password=...",
# "AccountKey=..." in a connection string, "mm_session=..."), then "=" or ":" and the value; a "${VAR:default}"
# placeholder's default is the value.
_CONFIG_KEY_WORD = re.compile(
    r"(?i:password|passwd|pwd|secret|token|api_?key|apikey|account_?key|access_?key|shared_?access_?key|private_?key"
    r"|client_?secret|credential)"
)
# a session or cookie key is a credential only with a token's value ("mm_session=Z3U98AZ7ej3P7gF9...", not
# "Session: 11:15 IST")
_TOKEN_ONLY_KEYS = re.compile(r"(?i:session|cookie)")
_CONFIG_VALUE = re.compile(
    r"[\w.-]*[ \t]*[:=][ \t]*(?:[\"'`]?\$\{[A-Za-z0-9_.]+:(?P<span>[^}\s]{4,128})\}"
    r"|[\"'`](?P<span2>(?!\$\{|<)[^\"'`\n]{4,256}?)[\"'`]"
    r"|(?P<span3>(?!\$\{|<)[^\s\"'`,;]{4,256}?)(?=[.!?)]*(?:[\s\"'`,;]|$)))"
)


def _key_anchors(words: re.Pattern[str]) -> Anchors:
    """Anchors at the start of each identifier that contains one of `words` (where "key = value" starts)."""
    return backward_anchors(words, re.compile(r"(?<![\w.-])[\w.-]*\Z"), reach=128)


_CONFIG_ENTRY = rf"(?:[A-Za-z_][\w.-]*?)?{_CONFIG_KEY_WORD.pattern}{_CONFIG_VALUE.pattern}"
_TOKEN_ENTRY = rf"(?:[A-Za-z_][\w.-]*?)?{_TOKEN_ONLY_KEYS.pattern}{_CONFIG_VALUE.pattern}"


def _config_value(value: str) -> bool:
    """A configured secret: made up (not a plain word) and not a number alone ("timeout_session = 3600")."""
    return _plausible_value(value) and not value.isalpha() and not value.replace(".", "").isdigit()


def _token_value(value: str) -> bool:
    """A session or cookie value: token-like, 16 characters or more, letters and digits."""
    return _config_value(value) and len(value) >= 16 and any(c.isalpha() for c in value) and any(
        c.isdigit() for c in value)


# a credential word, "is" / ":" / "=" and the value (quoted or not)
_WORD = (
    r"(?i:(?:wi-?fi\s+|admin\s+|root\s+|account\s+|login\s+|email\s+|db\s+|database\s+)?"
    r"(?:password|passwd|passphrase|passcode|pwd|api[\s_-]?key|apikey|secret[\s_-]?key|client[\s_-]?secret"
    r"|access[\s_-]?token|auth[\s_-]?token|bearer[\s_-]?token|refresh[\s_-]?token|private[\s_-]?key|token|secret"
    # codes that open a door or an account ("door code", "PIN", "OTP"); a Kenyan "KRA PIN" is a tax ID, and an
    # Indian "PIN code" a postal code
    r"|(?:door|gate|alarm|entry|access|building|keypad|key[\s-]?safe|lockbox|garage|security|verification|one-time"
    r"|login|2fa|mfa|sms)[\s_-]?(?:code|pin)|(?<![Kk][Rr][Aa][ \t])pin(?:[\s_-]?number)?|otp))"
)
_QUOTE = r"[\"'`“”‘’]?"
# the value: everything inside quotes, or else the shortest run that ends before punctuation and a space or the end
# (not the first of three lower-case words: prose goes on, "a Secret: illegal base64 data at input byte 20")
_VALUE = (r"(?:[\"'`“‘](?P<span>[^\"'`“”‘’\n]{4,128}?)[\"'`”’]"
          r"|(?![a-z]+[ \t]+[a-z0-9]+[ \t]+[a-z])(?P<span2>[^\s\"'`“”‘’,;]{4,128}?)(?=[.!?)]*(?:[\s\"'`“”‘’,;]|$)))")
_AFTER_SIGN = rf"{_WORD}\s*[:=]\s*{_VALUE}"
_AFTER_IS = rf"{_WORD}\s+is\s+{_VALUE}"
# "pw qhT7xbyzKwp3", "password tangerine-Oyster-42": a password word right before a made-up value
# other languages' password words too ("Passwort Hafen!2023sftp", "contraseña: ...", "hasło ...", "şifre ...")
PASSWORD_WORDS_ELSEWHERE = ("passwort", "kennwort", "wachtwoord", "contraseña", "contrasena", "senha", "hasło", "haslo",
                            "şifre", "sifre", "parola", "lösenord", "losenord", "adgangskode", "salasana", "heslo")
_AFTER_PASSWORD = rf"(?i:password|pw|pwd|passwd|passcode|{'|'.join(PASSWORD_WORDS_ELSEWHERE)}|mot de passe)[ \t]*:?[ \t]+{_VALUE}"
# a password given to a client on its command line: "redis-cli -h 10.40.2.17 -a 'R3d!s-Pr0d-2024'", "mysql -pS3cret"
_CLI_PASSWORD = (r"(?:\bredis-cli\b[^\n]*?[ \t]-a|\bmysql(?:dump|admin)?\b[^\n]*?[ \t]-p(?=[^\s-])|(?<=[ \t])--pass(?:word)?[ =])"
                 r"[ \t]*['\"]?(?P<span>[^\s'\"]{4,128})")
_KEYWORD_FIRST_WORDS = ("wifi", "wi-fi", "admin", "root", "account", "login", "email", "db", "database", "password",
                        "passwd", "passphrase", "passcode", "pwd", "api", "apikey", "api_key", "api-key",
                        "secret", "secret_key", "client", "client_secret", "access", "access_token", "auth",
                        "auth_token", "bearer", "refresh", "private", "token", "secret-key", "door", "gate", "alarm",
                        "entry", "building", "keypad", "key", "keysafe", "lockbox", "garage", "security",
                        "verification", "one-time", "2fa", "mfa", "sms", "pin", "otp")
# what follows a credential word without being a value ("password: reset it", "token: expired"), and the
# placeholders of documentation and examples ("password", "changeme", "your-key-here", "sk_test_XXXX...")
_NOT_VALUES = frozenset(
    "hash hashed reset expired required invalid missing none null n/a na unknown changed manager protected "
    "password passwd secret changeme example placeholder redacted hidden test dummy true false".split()
)
# (also a shell variable "$DB_PASS", a Python format "%(password)s", a "your_..." stand-in)
_PLACEHOLDER = re.compile(r"(?i)your[-_ ]?(?:own[-_ ]?)?(?:api[-_ ]?)?(?:key|token|secret|password)|x{6,}|\.\.\.|<[^>]*>"
                          r"|^\$[A-Z_]+$|^%\(|^your[-_]")


# code, not a literal: a call or an index ("jwt.encode(payload", 'os.environ["KEY"]'), an e-mail address; a
# secret itself may hold brackets ("django-insecure-...m()_m3=o*)")
_NOT_LITERAL = re.compile(r"^[A-Za-z_][\w.]*[(\[]|^[\w.+-]+@[\w-]+\.[\w.]+$")


def _plausible_value(value: str) -> bool:
    """A value, not a word the sentence goes on with; `${VAR}` and `<...>` placeholders, "****", examples
    ("your-key-here", "XXXXXXXX"), code and e-mail addresses are no secret."""
    return (value.casefold() not in _NOT_VALUES and not value.startswith(("${", "<", "{{", "$("))
            and bool(set(value) - set("*xX•.")) and _PLACEHOLDER.search(value) is None
            and _NOT_LITERAL.search(value) is None)


_APP_PASSWORD = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}")  # a mail provider's app password: "wqhz pkvt rmbe xjsa"


def plausible_secret(value: str) -> bool:
    """A field's value that can be a secret (`proxy.recognizers.fields`): made up, no placeholder, no code, no
    spaces but an app password's."""
    return _config_value(value) and (" " not in value or _APP_PASSWORD.fullmatch(value) is not None)


def _secret_looking(value: str) -> bool:
    """After "is" a value must look made up: a digit or a symbol in it ("Tr0ub4dor&3", not "on the fridge"); a
    word ending in a colon is the next label ("password hash: ...")."""
    return _plausible_value(value) and not value.isalpha() and not value.endswith(":")


def credential_recognizer() -> PatternRecognizer:
    """Credentials by issuer format, in a URL's user info, or after a credential word."""
    patterns = [Pattern.compile(name, regex, 0.99, validator=_plausible_value, anchors=_format_anchors)
                for name, regex in _FORMATS]
    patterns += [
        Pattern.compile("aws-secret-access-key", _AWS_SECRET.pattern, 0.99, anchors=_aws_secret_anchors),
        Pattern.compile("url-password", _URL_PASSWORD, 0.99, validator=_plausible_value, anchors=_url_anchors),
        Pattern.compile(
            "credential-word",
            _AFTER_SIGN,
            0.95,
            validator=_plausible_value,
            left_bound="",
            anchors=word_anchors(_KEYWORD_FIRST_WORDS),
        ),
        Pattern.compile(
            "credential-word-is",
            _AFTER_IS,
            0.95,
            validator=_secret_looking,
            left_bound="",
            anchors=word_anchors(_KEYWORD_FIRST_WORDS),
        ),
    ]
    patterns += [
        Pattern.compile("password-then-value", _AFTER_PASSWORD, 0.9, validator=_secret_looking, left_bound="",
                        anchors=word_anchors(("password", "pw", "pwd", "passwd", "passcode", "mot",
                                              *PASSWORD_WORDS_ELSEWHERE))),
        Pattern.compile("command-line-password", _CLI_PASSWORD, 0.95, validator=_secret_looking, left_bound="",
                        gate=re.compile(r"redis-cli|mysql|--pass")),
        Pattern.compile("telegram-bot-token", _TELEGRAM.pattern, 0.99, anchors=_telegram_anchors),
        Pattern.compile("auth-header", _AUTH_HEADER, 0.97, anchors=word_anchors(("basic", "bearer", "token"))),
        Pattern.compile("config-entry", _CONFIG_ENTRY, 0.95, validator=_config_value,
                        anchors=_key_anchors(_CONFIG_KEY_WORD)),
        Pattern.compile("session-entry", _TOKEN_ENTRY, 0.95, validator=_token_value,
                        anchors=_key_anchors(_TOKEN_ONLY_KEYS)),
    ]
    return PatternRecognizer("credential", TAG, patterns)


__all__ = ["credential_recognizer"]
