"""Organization and place spans cut to the name: "the [Panasonic] factory", "wards of [Royal Preston Hospital]".

The model often carries a lower-case word on either side of a capitalized name into the span: the
kind of site after it ("the Canary Wharf office", "the BIR office") or the place in it before it
("wards of Royal Preston Hospital"). The guidelines' span is the name alone. Only spans that start
with a capital (after the cut) are touched: in all-lower-case chat the words carry no such signal,
and lower-case words inside a name ("Bank of Ireland", "Pôle emploi") stay.
"""

from __future__ import annotations

import re
from dataclasses import replace

from proxy.entities import Entity

_NAMED_TAGS = frozenset({
    "Company Name", "Government Agency", "Landmark", "Healthcare Facility", "Educational Institution",
})
# the kind of site after a name: "the Leeds office", "the Daventry site"
_SITE_TAIL = re.compile(
    r"[ \t]+(?:office|offices|site|factory|plant|depot|branch|store|warehouse|campus|premises|headquarters)$"
)
# a lower-case head ending in a preposition before a capitalized name: "wards of", "staff at"
_LOWER_HEAD = re.compile(r"^(?:[a-z][\w'’-]*[ \t]+)+?(?:of|at|in|from)[ \t]+(?=[A-Z])")


def trim_site_words(entity: Entity) -> Entity:
    """`entity` without a lower-case site word after its name or a lower-case head before it."""
    if entity.tag not in _NAMED_TAGS:
        return entity
    start, end = entity.start, entity.end
    text = entity.text
    if head := _LOWER_HEAD.match(text):
        start += head.end()
    if tail := _SITE_TAIL.search(text, start - entity.start):
        end = entity.start + tail.start()
    name = text[start - entity.start : end - entity.start]
    if (start, end) == (entity.start, entity.end) or not name[:1].isupper():
        return entity
    return replace(entity, text=name, start=start, end=end)


__all__ = ["trim_site_words"]
