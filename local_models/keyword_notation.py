"""The brace notation of keyword lists: "earn{,s,ed}" stands for "earn", "earns", "earned".

The recognizers' context keywords (`proxy.recognizers.context`) and the relevance lexicon's kind words
(`local_models.relevance_kinds`) are written in it. It lives here because `proxy` may import `local_models`
and not the other way round.
"""

from __future__ import annotations

import re

_BRACES = re.compile(r"\{([^{}]*)\}")


def expand(spec: str) -> list[str]:
    """Brace expansion: "earn{,s,ed}" -> ["earn", "earns", "earned"]; nested and repeated braces multiply."""
    match = _BRACES.search(spec)
    if match is None:
        return [spec]
    head, tail = spec[: match.start()], spec[match.end() :]
    return [variant for option in match.group(1).split(",") for variant in expand(head + option + tail)]
