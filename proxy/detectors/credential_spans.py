"""A bare credential noun is no education level: "I got my [diploma] in June 2020".

The model tags "diploma" or "degree" alone as an Education Level, but the noun says only that
there is one; the level is what qualifies it ("high school diploma", "Master's degree",
"BSc"). The annotation guidelines and every DEV set leave the bare noun untagged, and masking
it hides nothing.
"""

from __future__ import annotations

import re

from proxy.entities import Entity

_CREDENTIAL_TAGS = frozenset({"Education Level", "Academic Degree"})
_BARE = re.compile(r"(?:(?:my|a|an|the|his|her|their|our)\s+)?(?:diploma|degree|certificate|qualifications?)",
                   re.IGNORECASE)


def is_bare_credential(entity: Entity) -> bool:
    """Whether `entity` is an education tag on a credential noun with nothing that names the level."""
    return entity.tag in _CREDENTIAL_TAGS and _BARE.fullmatch(entity.text.strip()) is not None


__all__ = ["is_bare_credential"]
