"""Type-tag placeholders: assign them, apply them, and restore them in replies.

Placeholders are indexed per distinct value (`<Phone Number 1>`,
`<Phone Number 2>`) so the model can still tell two numbers apart, and the
mapping lives for a whole request so every message of the conversation uses
the same placeholder for the same value.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterable

from proxy.entities import Entity, normalize_text


class PlaceholderMap:
    """Distinct value -> placeholder for one request, and the way back."""

    def __init__(self) -> None:
        self._by_key: dict[str, str] = {}
        self._original: dict[str, str] = {}
        self._per_tag: Counter[str] = Counter()
        self._pattern: re.Pattern[str] | None = None

    def placeholder_for(self, entity: Entity) -> str:
        """The value's placeholder; a value keeps the tag it was first seen with."""
        key = normalize_text(entity.text) or entity.text
        placeholder = self._by_key.get(key)
        if placeholder is None:
            self._per_tag[entity.tag] += 1
            placeholder = f"<{entity.tag} {self._per_tag[entity.tag]}>"
            self._by_key[key] = placeholder
            self._original[placeholder] = entity.text
            self._pattern = None
        return placeholder

    @property
    def originals(self) -> dict[str, str]:
        """placeholder -> original text, in the order they were assigned."""
        return dict(self._original)

    def __len__(self) -> int:
        return len(self._original)

    def _restore_pattern(self) -> re.Pattern[str] | None:
        if self._pattern is None and self._original:
            names = list(self._original)
            # A tag used for a single value may come back without its index.
            names += [f"<{tag}>" for tag, count in self._per_tag.items() if count == 1]
            names.sort(key=len, reverse=True)
            self._pattern = re.compile("|".join(re.escape(name) for name in names))
        return self._pattern

    def _original_of(self, placeholder: str) -> str:
        if placeholder in self._original:
            return self._original[placeholder]
        return self._original[f"{placeholder[:-1]} 1>"]

    def restore(self, text: str, *, in_json: bool = False) -> str:
        """Replace every known placeholder in `text` by the original value.

        `in_json`: `text` is JSON (tool-call arguments) with the placeholders
        inside its strings, so the values are escaped as a JSON string's
        content (quotes, backslashes, control characters).
        """
        pattern = self._restore_pattern()
        if pattern is None or "<" not in text:
            return text
        escape = json_escaped if in_json else str
        return pattern.sub(lambda match: escape(self._original_of(match.group(0))), text)

    def could_continue(self, fragment: str) -> bool:
        """Whether `fragment` (starting with '<') may still grow into a placeholder."""
        if not self._original:
            return False
        candidates = list(self._original) + [f"<{tag}>" for tag in self._per_tag]
        return any(name.startswith(fragment) and name != fragment for name in candidates)


def json_escaped(value: str) -> str:
    """`value` as the content of a JSON string literal (without the surrounding quotes)."""
    return json.dumps(value, ensure_ascii=False)[1:-1]


def apply_masks(text: str, masks: Iterable[tuple[Entity, str]]) -> str:
    """Replace each entity span by its replacement; spans must not overlap."""
    pieces: list[str] = []
    cursor = 0
    for entity, replacement in sorted(masks, key=lambda item: item[0].start):
        if entity.start < cursor:
            raise ValueError(f"overlapping masks at {entity.start}")
        pieces.append(text[cursor : entity.start])
        pieces.append(replacement)
        cursor = entity.end
    pieces.append(text[cursor:])
    return "".join(pieces)


def tag_placeholder(entity: Entity) -> str:
    """The unindexed type tag (`<Phone Number>`), as the PII-Bench masking task writes it."""
    return f"<{entity.tag}>"


class StreamRestorer:
    """Restores placeholders in a text stream whose chunks may split a placeholder.

    Text that might be the start of a placeholder is held back until it either
    completes (and is restored) or cannot be one (and is released as is).
    `in_json`: the stream is a JSON document (tool-call arguments), see
    `PlaceholderMap.restore`.
    """

    def __init__(self, placeholders: PlaceholderMap, *, in_json: bool = False) -> None:
        self._map = placeholders
        self._in_json = in_json
        self._pending = ""

    def feed(self, chunk: str) -> str:
        text = self._pending + chunk
        cut = text.rfind("<")
        if cut != -1 and self._map.could_continue(text[cut:]):
            self._pending = text[cut:]
            text = text[:cut]
        else:
            self._pending = ""
        return self._map.restore(text, in_json=self._in_json)

    def flush(self) -> str:
        text, self._pending = self._pending, ""
        return self._map.restore(text, in_json=self._in_json)
