"""A role the text gives to the model it addresses is not a person's occupation.

System prompts and instructions cast the model: "You are a helpful assistant", "Act as a senior tax adviser",
"Imagine you're a travel agent". Masking that role ("Act as a <Occupation 1>") tells the cloud nothing about
the user and only confuses the model that must play it, so no detector's Occupation there is kept.
"""

from __future__ import annotations

import re

_ROLE_GIVEN = re.compile(
    r"\b(?:you\s+are|you're|youre|act\s+as|acting\s+as|pretend\s+to\s+be|play\s+the\s+role\s+of|"
    r"you\s+will\s+be|serve\s+as|(?:imagine|pretend)\s+(?:that\s+)?(?:you\s+are|you're)|role-?\s?play\s+as|"
    r"(?:take\s+on|assume)\s+the\s+role\s+of|behave\s+(?:like|as)|in\s+the\s+voice\s+of)"
    r"\s+(?:an?\s+|the\s+|my\s+|our\s+)?(?:[\w,-]+\s+){0,3}$",
    re.IGNORECASE,
)


def role_given_to_model(text: str, start: int, tag: str) -> bool:
    """True for an Occupation that the text assigns to the model it addresses ("You are a ... assistant")."""
    return tag == "Occupation" and _ROLE_GIVEN.search(text[max(0, start - 60):start]) is not None
