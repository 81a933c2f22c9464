"""Words that belong to code or to an address, not to a person: no PII of their own.

A pasted traceback or config holds identifiers the model reads as names ("asyncio.gather", "new Redis()",
"manager_id"), and an e-mail or a URL's user info holds an "@host" it reads as a handle; the value around
them is masked on its own (the e-mail, the URL's password), so these pieces are dropped after every detector.
"""

from __future__ import annotations

import re

from proxy.entities import Entity
from proxy.taxonomy import PiiType

_CODE_TYPES = frozenset({PiiType.PER, PiiType.ORG, PiiType.LOC, PiiType.DEM})
_EXCEPTION_NAME = re.compile(r"\w*(?:Error|Exception|Warning)\b")
_CAMEL_CASE = re.compile(r"[a-z]+(?:[A-Z][a-z0-9]+){2,}")  # two humps: not "eBay" or "iPhone"


def part_of_code(text: str, entity: Entity) -> bool:
    """A word that is code, not someone's name, place or job: called or indexed ("new Redis()"), the head of an
    identifier ("manager_id", "sAMAccountName={0}"), a module before its member ("asyncio.gather"), an exception
    class ("SMTPAuthenticationError"), a camel-case identifier ("parseAvatarUrl") or a word in backticks ("`aws`")."""
    if entity.type not in _CODE_TYPES:
        return False
    if _CAMEL_CASE.fullmatch(entity.text) or (
            entity.start > 0 and text[entity.start - 1] == "`" and text[entity.end : entity.end + 1] == "`"):
        return True  # "parseAvatarUrl", "`aws`": an identifier, a command in backticks
    after = text[entity.end : entity.end + 2]
    if after[:1] in ("(", "_", "="):
        return True
    if after[:1] == "." and len(after) == 2 and (after[1].isalpha() or after[1] == "_") and " " not in entity.text:
        return True
    return _EXCEPTION_NAME.search(entity.text) is not None


_PACKAGE_SCOPE_TAIL = re.compile(r"[\w.-]*(?:/[\w.-]|:registry\b)")


def host_of_an_address(text: str, entity: Entity) -> bool:
    """An "@..." span glued to the word before it is the host of an e-mail or a URL's user info
    ("admin:S3cretPass@db.internal"), not a handle: the value around it is masked on its own."""
    return entity.text.startswith("@") and entity.start > 0 and (
        text[entity.start - 1].isalnum() or text[entity.start - 1] in "._-+%")


def package_scope(text: str, entity: Entity) -> bool:
    """An "@..." span that a package path or an .npmrc registry key continues is a package scope, not a handle
    ("switch to @hello-pangea/dnd", "@brightwave:registry=https://npm.pkg.github.com")."""
    return entity.text.startswith("@") and _PACKAGE_SCOPE_TAIL.match(text, entity.end) is not None
