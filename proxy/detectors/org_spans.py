"""Organization and place spans cut to the name: "the [Panasonic] factory", "wards of [Royal Preston Hospital]",
"[Weizmann Institute] in [Rehovot]".

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


# the town a span carries after its name ("Weizmann Institute in Rehovot", "17 Birchfield Avenue in Nuneaton") or
# before a site word ("the Nairobi office of Hope Bridge Kenya"): the guidelines make the town its own City/Region
_TOWN = r"[A-ZÀ-ÖØ-Þ][\w'’.-]*(?:[ \t]+[A-ZÀ-ÖØ-Þ][\w'’.-]*){0,2}"
_TOWN_TAIL = re.compile(rf"[ \t]+in[ \t]+(?P<town>{_TOWN})$")
_TOWN_HEAD = re.compile(
    rf"^(?P<town>{_TOWN})[ \t]+(?:office|offices|branch|campus|site|depot|headquarters)[ \t]+(?:of|at)[ \t]+(?=[A-Z])"
)


def split_towns(entity: Entity) -> list[Entity]:
    """`entity`, or its name and the known town (in the gazetteer) that its span carried with it."""
    if entity.tag not in _NAMED_TAGS and entity.tag not in ("NGO", "Street Address"):
        return [entity]
    text = entity.text
    if (tail := _TOWN_TAIL.search(text)) and tail.start() > 0 and known_town(tail.group("town")):
        town_start = entity.start + tail.start("town")
        return [
            replace(entity, text=text[: tail.start()], end=entity.start + tail.start()),
            replace(entity, text=tail.group("town"), start=town_start, end=entity.end, tag="City/Region"),
        ]
    if (head := _TOWN_HEAD.match(text)) and entity.tag != "Street Address" and known_town(head.group("town")):
        return [
            replace(entity, text=head.group("town"), end=entity.start + head.end("town"), tag="City/Region"),
            replace(entity, text=text[head.end() :], start=entity.start + head.end()),
        ]
    return [entity]


def known_town(name: str) -> bool:
    """Whether the GeoNames gazetteer knows `name` as a place."""
    from proxy.recognizers.gazetteer import known_place  # the recognizers package imports this one's package

    return known_place(name)


__all__ = ["known_town", "split_towns", "trim_site_words"]
