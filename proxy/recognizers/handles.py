"""Social media handles: "@maria_l88" by its shape, and without an "@" where the text says it is one.

An "@" handle is taken whole by its shape ("@lea_runs_far", "@karo.bakes", not a
trailing full stop): the model reads words, and cuts such a handle at its "_" or
"." ("@lea_runs"), so its score here is above the model's. An "@" inside an
e-mail address is not a handle, nor is a decorator or an annotation that starts a
line of code ("@dataclass", "@Override"). A Reddit user is "u/name".

Without the "@"
a handle looks like any identifier ("max_tokens", "report.pdf"), so it counts only
where the text says so: after a platform or "username" word ("my discord is
nightowl.ravi", '"user": "k_ramirez"', "posted by throwaway_kev88"), as the speaker
of a chat export ("<maria_c> ...", "hannah.lux: reminder ..."), or alone on a
signature line ("— wheelie_wanderer"). Its score is above the model's, so a first
name the model reads inside it ("hannah" in "hannah.lux") gives way to the handle.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import ScanText, word_anchors

# letters or digits joined by "_" or "." (at least one), as platforms allow
_HANDLE = r"[A-Za-z0-9][A-Za-z0-9]*(?:[._][A-Za-z0-9]+)+_?"
# A handle may also be one run of letters and digits ("devmaria88"), but only right after a platform or
# username word and "is", ":" or "=": both letters and digits, so a plain word ("Twitter is great") or a
# year stays out, and not after a bare "user" (a chat's "User: h264 encoding fails").
_MIXED = r"(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{4,30}"
_NAMED_PLATFORM_WORDS = (
    r"username|user\s*name|handle|insta(?:gram)?|ig|twitter|tiktok|discord|snap(?:chat)?|reddit|telegram"
    r"|twitch|github|gamertag"
)
_NAMED_PLATFORM = rf"(?i:{_NAMED_PLATFORM_WORDS})"
# a web address or a file name has the same shape
_NOT_ADDRESS_OR_FILE = (
    r"(?<!\.com)(?<!\.org)(?<!\.net)(?<!\.io)(?<!\.co)(?<!\.uk)(?<!\.de)(?<!\.fr)(?<!\.edu)(?<!\.gov)(?<!\.pdf)"
    r"(?<!\.txt)(?<!\.py)(?<!\.js)(?<!\.ts)(?<!\.md)(?<!\.csv)(?<!\.json)(?<!\.html)(?<!\.jpg)(?<!\.png)(?<!\.docx)"
    r"(?<!\.xlsx)(?<!\.zip)(?<!\.exe)(?<!\.app)"
)
_PLATFORM = rf"(?i:{_NAMED_PLATFORM_WORDS}|user|posted\s+by)"
_PLATFORM_FIRST_WORDS = (
    "username user handle insta instagram ig twitter tiktok discord snap snapchat reddit telegram twitch github "
    "gamertag posted"
).split()
# (a "key: value" line indented under another is a YAML fixture's field, not a speaker: "  encrypted_password: <%= ...")
_SPEAKER_LINE = re.compile(rf"(?m)^(?:[ \t]*<({_HANDLE})>|({_HANDLE}):[ \t]+\S+(?:[ \t]+\S+){{2}})")


def _speaker_anchors(doc: ScanText) -> list[int]:
    """Chat-export speakers: "<maria_c>" lines, and "hannah.lux: ..." lines once a speaker has two lines
    (a config file's keys, "max_tokens: 100", are each written once)."""
    bracketed: list[int] = []
    colon: dict[str, list[int]] = {}
    for match in _SPEAKER_LINE.finditer(doc.text):
        if match.group(1):
            bracketed.append(match.start(1))
        else:
            colon.setdefault(match.group(2), []).append(match.start(2))
    if not any(len(starts) >= 2 for starts in colon.values()):
        return bracketed
    return sorted(bracketed + [start for starts in colon.values() for start in starts])


# "@" + letters, digits, "_" and inner "."; at least one letter, and not a time ("@2pm", "@ 5pm")
# not an npm scope ("@hello-pangea/dnd", "@sendgrid/mail"): a path follows that
_AT_HANDLE = r"(?<![\w@.+/-])@(?!\d{1,2}(?:[:.]\d\d)?(?:am|pm|h)\b)(?=[A-Za-z0-9_.]*[A-Za-z])[A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?(?![\w@]|\.\w|[\w.-]*/)"
_REDDIT_USER = r"(?<![\w/])u/[A-Za-z0-9_-]{3,20}(?![\w/-])"
_CODE_LINE = re.compile(r"[ \t]*(?:@|def |class |async |public |private |protected |function |fun |export )")
_DECORATOR_CALL = re.compile(r"@\w+\(")


def _at_handle_anchors(doc: ScanText) -> list[int]:
    """Every "@" that starts a handle, but for a decorator or an annotation on a line of its own above code."""
    text = doc.text
    starts = []
    for match in re.finditer(r"@", text):
        at = match.start()
        line_start = text.rfind("\n", 0, at) + 1
        if not text[line_start:at].strip():
            line_end = text.find("\n", at)
            if (line_end >= 0 and _CODE_LINE.match(text, line_end + 1)) or _DECORATOR_CALL.match(text, at):
                continue
        starts.append(at)
    return starts


# A home directory names its user: "/home/tbrennan/projects", "/Users/hkarlsson/dev", "C:\\Users\\amy\\Desktop";
# not the accounts every machine has ("root", "ubuntu", "runner") nor a placeholder ("<user>", "$USER")
_HOME_PATH = r"(?:/home/|/Users/|[A-Za-z]:\\Users\\|[A-Za-z]:/Users/)(?P<span>[A-Za-z][A-Za-z0-9._-]{1,31})(?=[/\\\s'\":]|$)"
_SYSTEM_USERS = frozenset(
    "root ubuntu user users admin administrator runner shared public default guest ec2-user app node vscode "
    "codespace jenkins www-data circleci travis builder username you me your_name yourname name runneradmin "
    "appveyor vagrant pi docker git postgres mysql sa dbuser dbadmin deploy deployer ansible nobody daemon "
    "service svc test tester demo".split()
)


def is_system_user(value: str) -> bool:
    """An account every machine or service has ("root", "ubuntu", "postgres"): no one's name."""
    return value.casefold() in _SYSTEM_USERS


def _a_person_s_account(value: str) -> bool:
    return not is_system_user(value)


def handle_recognizer() -> PatternRecognizer:
    """Handles without "@" where a platform word, a chat export or a signature says they are handles."""
    return PatternRecognizer(
        "social-handle",
        "Social Media Handle",
        [
            Pattern.compile("at-handle", _AT_HANDLE, 0.9, left_bound="", anchors=_at_handle_anchors),
            Pattern.compile("reddit-user", _REDDIT_USER, 0.9, left_bound="", anchors=word_anchors(["u"])),
            Pattern.compile("home-directory", _HOME_PATH, 0.9, validator=_a_person_s_account, left_bound=""),
            Pattern.compile(
                "platform-word",
                rf"{_PLATFORM}(?:'s)?(?:\s+(?i:name|id|handle|username|account))?[\"'”]?\s*(?:is\s+|[:=]\s*|-\s+)?[\"'“]?"
                rf"(?P<span>@?{_HANDLE}){_NOT_ADDRESS_OR_FILE}(?![\w@.]|\.\w)",
                0.95,
                left_bound="",
                anchors=word_anchors(_PLATFORM_FIRST_WORDS),
            ),
            Pattern.compile(
                "platform-word-mixed",
                rf"{_NAMED_PLATFORM}(?:'s)?(?:\s+(?i:name|id|handle|username|account))?[\"'”]?\s*(?:is\s+|[:=]\s*)"
                rf"[\"'“]?(?P<span>{_MIXED})(?![\w@.]|\.\w)",
                0.95,
                left_bound="",
                anchors=word_anchors(_PLATFORM_FIRST_WORDS),
            ),
            Pattern.compile(
                "chat-speaker", rf"{_HANDLE}{_NOT_ADDRESS_OR_FILE}(?=>|:)", 0.95, anchors=_speaker_anchors
            ),
            Pattern.compile(
                "signature",
                rf"(?m)(?<=^[—–-] )(?:{_HANDLE}){_NOT_ADDRESS_OR_FILE}(?=[ \t]*$)",
                0.95,
            ),
        ],
    )
