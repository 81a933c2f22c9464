"""Handles without "@": found where the text says they are handles, never for identifiers in code or config."""

from __future__ import annotations

import pytest

from conftest import pattern_texts


def handles(text: str) -> list[str]:
    return pattern_texts(text, "Social Media Handle")


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Login details\nUsername: moss_piglet\nPassword: (ask me)", ["moss_piglet"]),
        ("Someone copies my posts, my insta is tea.and.toast and theirs is a fake.", ["tea.and.toast"]),
        ('{"user": "b_okafor", "plan": "pro"}', ["b_okafor"]),
        ("posted by quiet_kestrel22\n\nHas anyone else had this?", ["quiet_kestrel22"]),
        ("<len_a> who's driving?\n<t.brook> me", ["len_a", "t.brook"]),
        ("ola.w: are we still on for Friday night\nsam_k: yes see you at eight\nola.w: great, thanks both",
         ["ola.w", "sam_k", "ola.w"]),
        ("See you there!\n— trailrunner_mo", ["trailrunner_mo"]),
        # one run of letters and digits, right after a platform or username word and "is" / ":"
        ("My GitHub username is devmaria88 and my repo won't push.", ["devmaria88"]),
        ("my IG: sunny2win", ["sunny2win"]),
        # a home directory names its user; a machine's own accounts are nobody
        ('File "/home/tbrennan/projects/refunds/process.py", line 3, also /home/ubuntu/app', ["tbrennan"]),
        ("C:\\Users\\amy.chen\\Desktop\\report.xlsx and /Users/hkarlsson/dev/bot", ["amy.chen", "hkarlsson"]),
    ],
)
def test_handles_found(text: str, expected: list[str]) -> None:
    assert handles(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "max_tokens: 512\ntemperature: 0.2 for the draft",
        "user_id: 7 is the admin account\nmodel_name: the small one for now",
        "User: please rename my_function to load_data",
        "The user wants snake_case names.",
        "My username is on report.pdf, see example.com",
        "<div>\n<h1>Title</h1>",
        "User: h264 encoding fails on the upload",
        "Twitter 2fa is broken again in 2024.",
        "--legacy-peer-deps or switch to @hello-pangea/dnd? and @sendgrid/mail v8",
        # a YAML fixture's indented keys repeat like a chat's speakers
        "anna:\n  first_name: Anna\n  encrypted_password: <%= BCrypt::Password.create('x') %>\nbob:\n"
        "  first_name: Bob\n  encrypted_password: <%= BCrypt::Password.create('y') %>",
    ],
)
def test_no_handle(text: str) -> None:
    assert handles(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # whole, where the model's words stop at "_" or "."; not the full stop after it
        ("according to her bio on X (@lea_runs_far), a tired person", ["@lea_runs_far"]),
        ("find Mei on Instagram as @meilin.draws.", ["@meilin.draws"]),
        ("Posted by @quietkestrel_\nLong-time lurker", ["@quietkestrel_"]),
        ("cc @tom and @ana_b", ["@tom", "@ana_b"]),
        ("Any advice? – Dev (u/devcooksalot)", ["u/devcooksalot"]),
    ],
)
def test_at_handles_whole_and_reddit_users(text: str, expected: list[str]) -> None:
    assert handles(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "mail lana.nguyen.ux@gmail.com or j@x.org",
        "meet @ 5pm or @2pm, or @10:30pm",
        "@dataclass\nclass Point:\n    x: int",
        "    @Override\n    public String toString() {",
        "@app.route('/login')\ndef login():",
    ],
)
def test_no_handle_in_addresses_times_or_code(text: str) -> None:
    assert handles(text) == []
