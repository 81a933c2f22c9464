"""Occupation spans that carry a nationality or a party in front: "a Nigerian pharmacist", "an
Afghan engineer", "a Labour councillor".

The model reads such a phrase as one Occupation, so the nationality or the politics in it is
masked as a job and its own tag is lost (a query that needs the nationality cannot keep it
alone). The annotation guidelines give each its own entity: [Nigerian] [pharmacist]. After all
detectors, an Occupation whose first word is a country's demonym (or a hyphenated pair,
"Ghanaian-British") or a party's name is split in two; "a Labour voter" keeps only the party,
since "voter" is no job. A demonym before a teaching, translating or cooking job names the
language or the cuisine ("a French teacher", "an Indian restaurant owner"): left whole.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import cache

from proxy.entities import Entity

OCCUPATION = "Occupation"
_PARTIES = (
    "Labour|Conservative|Tory|Republican|Democratic|Democrat|Liberal Democrat|Lib Dem|Green|SNP|Plaid|"
    "Fianna Fáil|Fine Gael|Sinn Féin|Social Democrat|Christian Democrat"
)
_PARTY = "(?:" + "|".join(sorted(_PARTIES.split("|"), key=len, reverse=True)).replace(" ", r"[ \t]+") + ")"


@cache
def _prefix() -> re.Pattern[str]:
    # imported here: proxy.recognizers imports the detector base, which imports this module
    from proxy.recognizers.nationality import DEMONYMS  # noqa: PLC0415

    demonym = rf"(?:(?:South|North)[ \t]+)?(?:{'|'.join(sorted(set(DEMONYMS.split()), key=len, reverse=True))})"
    # the job after it starts lower-case or with an acronym ("Vietnamese UX researcher"), not a name ("British Airways")
    return re.compile(rf"(?:(?P<nationality>{demonym}(?:-{demonym})?)|(?P<party>{_PARTY}))[ \t]+(?=[a-z]|[A-Z]{{2,}}\b)")

# what follows a party and is no occupation: "a Labour voter" is the party only
_NOT_A_JOB = frozenset({"voter", "supporter", "member", "sympathiser", "sympathizer", "man", "woman"})


# a new clause led by a person: ", and she got her diploma", " and my sister", " and he's"
_CLAUSE = re.compile(
    r",?[ \t]+(?:and|but)[ \t]+(?:my|his|her|their|our|your|she|he|they|I|we)(?:['’](?:s|re|m))?(?![\w'’-])",
    re.IGNORECASE,
)


def cut_at_clause(entity: Entity) -> Entity:
    """`entity` cut before a new clause its span ran into ("medical degree, and she got her diploma"); a person's
    name or an address is left as found."""
    m = None if entity.tag in ("Full Name", "Nickname", "Street Address") else _CLAUSE.search(entity.text)
    if m is None or m.start() == 0:
        return entity
    return replace(entity, text=entity.text[: m.start()], end=entity.start + m.start())


def split_descriptors(entities: Sequence[Entity]) -> list[Entity]:
    """Split "Nigerian pharmacist" / "Labour councillor" Occupation spans into the descriptor and the job."""
    out: list[Entity] = []
    for e in entities:
        match = _prefix().match(e.text) if e.tag == OCCUPATION else None
        if match is not None and match.group("nationality"):
            from proxy.recognizers.nationality import LANGUAGE_OR_FOOD  # noqa: PLC0415 - as in _prefix

            first = e.text[match.end():].split(maxsplit=1)[0].casefold()
            if first in LANGUAGE_OR_FOOD:
                match = None
        if match is None:
            out.append(e)
            continue
        head = match.group("nationality") or match.group("party")
        tag = "Nationality" if match.group("nationality") else "Political Affiliation"
        out.append(replace(e, text=head, end=e.start + len(head), tag=tag, meta={**e.meta, "split_from": e.text}))
        rest = e.text[match.end():]
        if rest.casefold() not in _NOT_A_JOB:
            start = e.start + match.end()
            out.append(replace(e, text=rest, start=start, meta={**e.meta, "split_from": e.text}))
    return out


__all__ = ["cut_at_clause", "split_descriptors"]
