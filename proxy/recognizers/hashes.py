"""Password hashes: crypt-style strings are unmistakable, bare hex digests need care.

A 32/40/64/128-digit hex string is an MD5/SHA-1/SHA-256/SHA-512 digest, but
so is a git commit or a file checksum; those score lower unless "hash",
"password" or a digest name is near. Masking a stray checksum is cheap.
"""

from __future__ import annotations

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import Keywords
from proxy.recognizers.scan import mixed_word_anchors

_B64 = r"[./A-Za-z0-9]"
# The end of a crypt string: no more hash characters, but a sentence's full stop may follow.
_B64_END = r"(?![A-Za-z0-9/]|\.[./A-Za-z0-9])"


def _mixed_hex(value: str) -> bool:
    """A real digest has both letters and digits; "1111...1" or a word run is not one."""
    return any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def password_hash_recognizer() -> PatternRecognizer:
    return PatternRecognizer(
        "password-hash",
        "Password Hash",
        [
            Pattern.compile("bcrypt", rf"\$2[abxy]?\$\d{{2}}\${_B64}{{53}}{_B64_END}", 0.95),
            # the same shape with a salt and hash cut or padded ("$2y$10$Qm9vZ2xl...", 52 characters): a hash still
            Pattern.compile("bcrypt-shaped", rf"\$2[abxy]?\$\d{{2}}\${_B64}{{39,59}}[A-Za-z0-9/]{_B64_END}", 0.8),
            Pattern.compile(
                "argon2",
                r"\$argon2(?:id|i|d)\$(?:v=\d+\$)?m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}",
                0.95,
            ),
            Pattern.compile(
                "crypt-sha",
                rf"\$(?:1|5|6|y|7|md5|sha1)\$(?:rounds=\d+\$)?{_B64}{{1,64}}\${_B64}{{21,85}}[A-Za-z0-9/]{_B64_END}",
                0.95,
            ),
            Pattern.compile(
                "pbkdf2",
                r"pbkdf2_sha(?:1|256|512)\$\d+\$[A-Za-z0-9+/=.]+\$[A-Za-z0-9+/=]{20,}",
                0.95,
            ),
            Pattern.compile(
                "hex-digest",
                r"(?<![0-9A-Fa-f\w])(?:[0-9a-f]{128}|[0-9a-f]{64}|[0-9a-f]{40}|[0-9a-f]{32}"
                r"|[0-9A-F]{128}|[0-9A-F]{64}|[0-9A-F]{40}|[0-9A-F]{32})(?![0-9A-Fa-f\w])",
                0.75,
                validator=_mixed_hex,
                anchors=mixed_word_anchors(lambda w: len(w) in (32, 40, 64, 128)),
            ),
        ],
        context=Keywords.for_label(
            "Password Hash",
            [
                "hash{,ed,es}",
                "password{,s}",
                "passwd",
                "md5",
                "sha{,-}{1,256,512}",
                "digest",
                "bcrypt",
                "argon2",
                "credential{,s}",
            ],
        ),
        context_boost=0.15,
    )
