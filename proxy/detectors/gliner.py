"""`GlinerDetector`: a GLiNER span model behind the `Detector` interface (name "gliner").

By default it runs the checkpoint shipped in `local_models/weights/veil-gliner-minilm/`
(trained for the context tags: names, handles, places, organizations and
demographic phrases; the "patterns" detector covers the structured tags, and
the pipeline merges both). `VEIL_GLINER_MODEL` (or the `model` argument)
points it at another checkpoint directory or a hub id such as
`urchade/gliner_multi_pii-v1`; labels then come from the checkpoint's
`veil_labels.json`, or for checkpoints without one from `HUB_LABELS` below.

It runs on onnxruntime with int8 weights where onnxruntime is installed (the
ONNX file is derived from the checkpoint once, into the cache), else on torch;
`VEIL_GLINER_BACKEND` (auto|onnx|torch) and `VEIL_GLINER_PRECISION`
(auto|int8|fp32|bf16) choose (see `local_models.gliner_runtime`).

Load failures raise (`GlinerLoadError`), which the pipeline turns into
`DetectionUnavailable`: the proxy fails closed, and `veil models` shows why.
"""

from __future__ import annotations

import os
import re
import threading
import unicodedata
from typing import Any

from local_models.gliner_runtime import plausible
from proxy.detectors.address_spans import address_start
from proxy.detectors.base import Detector, DetectorStatus
from proxy.detectors.model_roles import role_given_to_model
from proxy.detectors.name_spans import shape_names
from proxy.entities import Entity
from proxy.recognizers.medical import split_listed_conditions
from proxy.taxonomy import UnknownTagError, canonical_tag

# Prompts for GLiNER checkpoints trained elsewhere (no veil_labels.json).
HUB_LABELS: dict[str, str] = {
    "person": "Full Name",
    "full name": "Full Name",
    "nickname": "Nickname",
    "username": "Social Media Handle",
    "social media handle": "Social Media Handle",
    "street address": "Street Address",
    "address": "Street Address",
    "city": "City/Region",
    "location": "City/Region",
    "landmark": "Landmark",
    "company": "Company Name",
    "organization": "Company Name",
    "school or university": "Educational Institution",
    "government agency": "Government Agency",
    "non-profit organization": "NGO",
    "hospital or clinic": "Healthcare Facility",
    "occupation": "Occupation",
    "nationality": "Nationality",
    "religion": "Religious Belief",
    "political affiliation": "Political Affiliation",
    "medical condition": "Medical Condition",
    "disability": "Disability Status",
    "sexual orientation": "Sexual Orientation",
    "ethnicity": "Ethnicity",
    "academic degree": "Academic Degree",
    "passport number": "Passport Number",
    "driver's license number": "Driver's License",
    "student id number": "Student ID",
    "employee id": "Employee ID",
}

# Surrounding characters a span never includes (annotation guidelines: minimal spans).
_EDGE = " \t\r\n,;:!?\"'`()[]{}<>«»“”‘’"
_TRAIL = _EDGE + "."


# Tags whose values are proper names. In a text whose writer capitalizes (sentences start with a
# capital), an all-lower-case span of these is a common noun the model over-read ("the council",
# "pharmacy", "lights"; as a given name "stress", "latte", "slow"), not a name. Companies, places and
# full names are left alone: writers who capitalize sentences still type brands, towns and people in
# lower case ("i work at amazon"). Dropping lower-case given names lost no gold one on the DEV sets.
_PROPER_NAME_TAGS = frozenset({
    "Government Agency", "NGO", "Healthcare Facility", "Educational Institution", "Landmark", "Nationality",
    "Nickname",
})
_SENTENCE_START = re.compile(r"(?:\A|[.!?]\s+|\n\s*)([^\W\d_])")


def writes_capitals(text: str) -> bool:
    """True when at least two sentences start with a letter and three in four of them with a capital."""
    starts = [match.group(1) for match in _SENTENCE_START.finditer(text)]
    return len(starts) >= 2 and sum(c.isupper() for c in starts) >= 0.75 * len(starts)


_PLACE_PART = re.compile(r"[^,]+")
_PLACE_NAME = re.compile(r"[A-ZÀ-Þ][\w'’.-]*(?:\s+(?:(?:de|del|da|do|la|le|les|of|on|upon|am|an|sur|en|el)\s+)?[A-ZÀ-Þ][\w'’.-]*)*")


def split_listed_places(entity: Entity) -> list[Entity]:
    """"Santiago, Chile" is two places, a city and its country (each its own City/Region, as the
    annotation guidelines and the generator's gold have it); a part that is not a capitalized name
    ("Lyon, French food") is not a place and is dropped."""
    if "," not in entity.text:
        return [entity]
    parts = []
    for match in _PLACE_PART.finditer(entity.text):
        lead = len(match.group()) - len(match.group().lstrip())
        value = match.group().strip()
        if _PLACE_NAME.fullmatch(value):
            start = entity.start + match.start() + lead
            parts.append(Entity(value, start, start + len(value), entity.tag, entity.score, entity.detector))
    return parts


# what the model leaves off a town's name: "Esslingen| am Neckar", "Lipa| City", "Baqa|'a"
_PLACE_TAIL = re.compile(
    r"(?:[ \t]+(?:am|an[ \t]+der|im|upon)[ \t]+[A-ZÀ-Þ][\w-]*|[ \t]+City(?![\w'’-])|['’](?!s\b)[a-z]+(?![\w'’-]))"
)


def complete_place(text: str, entity: Entity) -> Entity:
    """A City/Region span continued over the rest of its name (`_PLACE_TAIL`)."""
    tail = _PLACE_TAIL.match(text, entity.end)
    if tail is None:
        return entity
    return Entity(text[entity.start:tail.end()], entity.start, tail.end(), entity.tag, entity.score, entity.detector)


def split_listed_conditions_of(text: str, entity: Entity) -> list[Entity]:
    """"eczema and a dairy allergy" is two conditions when each part is one the medical vocabulary knows
    (`proxy.recognizers.medical`), each without its article, as the annotation guidelines have it."""
    parts = split_listed_conditions(text, entity.start, entity.end)
    if parts is None:
        return [entity]
    return [Entity(text[a:b], a, b, entity.tag, entity.score, entity.detector) for a, b in parts]


def _combining(char: str) -> bool:
    return unicodedata.category(char).startswith("M")


def trim_span(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) past surrounding punctuation and spaces (keeps "@", a closing bracket that opens inside, "Jr.")."""
    while start < end and text[start] in _EDGE:
        start += 1
    while end > start and text[end - 1] in _TRAIL:
        ch = text[end - 1]
        if ch == ")" and "(" in text[start : end - 1]:
            break
        if ch == "." and end - start > 2 and text[end - 3 : end - 1].isalpha() and text[end - 3 : end - 1].istitle() and end - 3 > start and text[end - 4] == " ":
            break  # "Jr." / "St." at the end of a name: keep the abbreviation's period
        end -= 1
    return start, end


_SHARED: dict[tuple[Any, ...], Any] = {}  # one loaded model per (source, threshold, threads, backend settings) in a process
_SHARED_LOCK = threading.Lock()


class GlinerDetector(Detector):
    name = "gliner"

    def __init__(self, model: str | None = None, threshold: float | None = None, threads: int | None = None) -> None:
        self.model = model if model is not None else (os.environ.get("VEIL_GLINER_MODEL") or None)
        self.threshold = threshold
        self.threads = threads
        self._runtime: Any = None
        self._label_to_tag: dict[str, str] = {}
        self._lock = threading.Lock()

    def status(self) -> DetectorStatus:
        """Ready if loaded, else a cheap check of the checkpoint (no model load), with the reason when not."""
        if self._runtime is not None:
            rt = self._runtime
            return DetectorStatus(self.name, True, f"loaded: {rt.source} ({getattr(rt, 'backend', 'torch')}, {rt.precision})")
        from local_models.gliner_runtime import GlinerLoadError, GlinerRuntime

        try:
            detail = GlinerRuntime.check(self.model)
        except GlinerLoadError as exc:
            return DetectorStatus(self.name, False, f"GlinerLoadError: {exc}")
        return DetectorStatus(self.name, True, detail)

    def load(self) -> None:
        if self._runtime is not None:
            return
        key = (self.model, self.threshold, self.threads,
               os.environ.get("VEIL_GLINER_BACKEND"), os.environ.get("VEIL_GLINER_PRECISION"))
        with _SHARED_LOCK:
            shared = _SHARED.get(key)
            if shared is None:
                shared = self._load_runtime()
                _SHARED[key] = shared
        self._runtime, self._label_to_tag = shared

    def _load_runtime(self) -> tuple[Any, dict[str, str]]:
        with self._lock:
            from local_models.gliner_runtime import GlinerRuntime

            runtime = GlinerRuntime.load(self.model, threads=self.threads, threshold=self.threshold,
                                         **self._fallback_labels())
            mapping: dict[str, str] = {}
            for label, tag in runtime.label_to_tag.items():
                try:
                    mapping[label] = canonical_tag(tag)
                except UnknownTagError as exc:
                    raise ValueError(f"checkpoint {runtime.source} maps label {label!r} to {exc}") from exc
            runtime.labels = [label for label in runtime.labels if label in mapping]
            if not runtime.labels:
                raise ValueError(f"checkpoint {runtime.source} has no label that maps to a taxonomy tag")
            runtime.warmup()
            return runtime, mapping

    def _fallback_labels(self) -> dict[str, Any]:
        """For a checkpoint without veil_labels.json, prompt with HUB_LABELS."""
        from pathlib import Path

        from local_models.gliner_runtime import DEFAULT_MODEL_DIR, LABELS_FILENAME

        source = Path(self.model).expanduser() if self.model else DEFAULT_MODEL_DIR
        if source.is_dir() and (source / LABELS_FILENAME).is_file():
            return {}
        if self.model is None:
            return {}
        return {"labels": list(HUB_LABELS), "label_to_tag": dict(HUB_LABELS)}

    def detect(self, text: str) -> list[Entity]:
        self.load()
        if not text.strip():
            return []
        entities: list[Entity] = []
        mapping = self._label_to_tag
        capitalized = writes_capitals(text)

        def keep(span: Any) -> bool:
            tag = mapping.get(span.label)
            if tag is None or not plausible(tag, span.text):
                return False
            return not (capitalized and tag in _PROPER_NAME_TAGS and span.text.islower())

        for span in self._runtime.predict(text, span_filter=keep):
            tag = mapping[span.label]
            start, end = trim_span(text, span.start, span.end)
            if tag == "Street Address":
                start = address_start(text, start, end)
            if start < end and (_combining(text[start]) or (end < len(text) and _combining(text[end]))):
                continue  # a span that cuts a letter from its vowel sign or accent ("ासपो" in "पासपोर्ट")
            if start >= end or role_given_to_model(text, start, tag):
                continue
            entity = Entity(text[start:end], start, end, tag, round(span.score, 4), self.name)
            if tag == "City/Region":
                entities.extend(complete_place(text, part) for part in split_listed_places(entity))
            elif tag == "Medical Condition":
                entities.extend(split_listed_conditions_of(text, entity))
            else:
                entities.append(entity)
        return shape_names(text, entities, self.name)
