"""Email and IP addresses: format-defined, so they need no context to count."""

from __future__ import annotations

import ipaddress
import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import Keywords
from proxy.recognizers.scan import backward_anchors, number_anchors

# An address starts where the run of local-part characters before its "@" starts.
_BEFORE_AT = backward_anchors(re.compile("@"), re.compile(r"[A-Za-z0-9][A-Za-z0-9._%+-]*\Z"), reach=64)
# the same address URL-encoded in a query string or a log line ("?email=sandra.bell1971%40btinternet.com")
_BEFORE_ENCODED_AT = backward_anchors(re.compile("%40"), re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]*\Z"), reach=64)


def email_recognizer() -> PatternRecognizer:
    """RFC-5322-ish addresses; the TLD must be letters so "a@b.1" is not one."""
    return PatternRecognizer(
        "email",
        "Email Address",
        [
            Pattern.compile(
                "email",
                r"(?<![\w.+%-])[A-Za-z0-9](?:[A-Za-z0-9._%+-]*[A-Za-z0-9_%+-])?"
                r"@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])",
                0.85,
                anchors=_BEFORE_AT,
            ),
            Pattern.compile(
                "email-url-encoded",
                r"[A-Za-z0-9](?:[A-Za-z0-9._+-]*[A-Za-z0-9_+-])?%40(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+"
                r"[A-Za-z]{2,24}(?![\w-])",
                0.85,
                anchors=_BEFORE_ENCODED_AT,
            ),
        ],
        context=Keywords.for_label("Email Address", ["{email,e mail}{, address}", "contact", "reach"]),
        context_boost=0.1,
    )


def _is_ipv4(value: str) -> bool:
    try:
        ipaddress.IPv4Address(value)
    except ValueError:
        return False
    return True


def _is_ipv6(value: str) -> bool:
    try:
        ipaddress.IPv6Address(value)
    except ValueError:
        return False
    return True


_IPV6_GATE = re.compile(r":[0-9A-Fa-f]{0,4}:")


def ip_recognizer() -> PatternRecognizer:
    """IPv4 and IPv6 addresses validated by `ipaddress`; a port after ":" stays outside the span.

    Dotted version numbers ("1.2.3.4") look the same as addresses; they score
    0.8 without context, so a stronger reading elsewhere wins.
    """
    return PatternRecognizer(
        "ip",
        "IP Address",
        [
            Pattern.compile(
                "ipv4",
                r"(?<![\w.])(?:\d{1,3}\.){3}\d{1,3}(?![\w]|\.\d)",
                0.8,
                validator=_is_ipv4,
                anchors=number_anchors(4, 4),
            ),
            Pattern.compile(
                "ipv6",
                r"(?<![\w:.])(?=[0-9A-Fa-f:.]*::|(?:[0-9A-Fa-f]{1,4}:){2})"
                r"(?:[0-9A-Fa-f]{0,4}:){2,7}(?:[0-9A-Fa-f]{1,4}|(?:\d{1,3}\.){3}\d{1,3})?(?![\w:]|\.\w)",
                0.9,
                validator=_is_ipv6,
                gate=_IPV6_GATE,
            ),
        ],
        context=Keywords.for_label(
            "IP Address", ["ip{,v4,v6}{, address}", "{address,host,server,router}", "{login,logged in} from"]
        ),
        context_boost=0.1,
    )
