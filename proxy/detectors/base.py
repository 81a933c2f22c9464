"""The detector interface and the pipeline that runs several detectors as one.

A detector turns text into `Entity` spans. Deterministic recognizers, GLiNER
and any later model all implement `Detector`; `DetectorPipeline` runs the
enabled ones, resolves overlaps, and turns any failure into
`DetectionUnavailable` so the proxy can fail closed instead of forwarding
unmasked text.
"""

from __future__ import annotations

import bisect
import logging
import re
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from proxy.detectors.address_spans import shape_addresses
from proxy.detectors.age_spans import bare_ages
from proxy.detectors.credential_spans import is_bare_credential
from proxy.detectors.descriptor_spans import cut_at_clause, split_descriptors
from proxy.detectors.health_spans import retag_health
from proxy.detectors.code_spans import host_of_an_address, package_scope, part_of_code
from proxy.detectors.model_roles import role_given_to_model
from proxy.detectors.org_spans import known_town, split_towns, trim_site_words
from proxy.detectors.typos import load_word_list
from proxy.entities import Entity
from proxy.recent import Recent
from proxy.subjects import assign_subjects, load_name_lists
from proxy.taxonomy import PiiType

log = logging.getLogger(__name__)

DETECTION_CACHE_SIZE = 256  # texts whose entities a pipeline remembers (`remember_findings`)
DETECTION_CACHE_CHARS = 4_000_000  # and their characters in all: pasted documents must not pile up in memory


class DetectionUnavailable(RuntimeError):
    """Protection cannot run (a model failed to load, a detector raised). Never forward."""

    def __init__(self, detector: str, reason: str) -> None:
        super().__init__(f"detector {detector!r} unavailable: {reason}")
        self.detector = detector
        self.reason = reason


@dataclass(frozen=True, slots=True)
class DetectorStatus:
    name: str
    ready: bool
    detail: str = ""


@dataclass(frozen=True, slots=True)
class Readiness:
    """Whether a pipeline can detect now: `state` is one of

    * "not loaded": nothing tried yet (the first request loads);
    * "loading": a load is running (requests wait for it, nothing is forwarded meanwhile);
    * "ready": every detector is loaded;
    * "unavailable": a detector failed to load; `detail` says which and why
      (requests are refused; the next request tries again).

    `seconds`: how long the load took (ready, unavailable) or has been running (loading).
    """

    state: str
    detail: str = ""
    seconds: float | None = None

    @property
    def ready(self) -> bool:
        return self.state == "ready"

    def to_dict(self) -> dict[str, object]:
        return {"state": self.state, "detail": self.detail,
                "seconds": None if self.seconds is None else round(self.seconds, 2)}


class Detector(ABC):
    """Finds PII spans in text. Subclasses set `name` and implement `detect`."""

    name: str = "detector"

    def load(self) -> None:
        """Load models or resources; raise any exception when that is impossible.

        Called once before the first `detect`; cheap detectors need not override it.
        """

    @abstractmethod
    def detect(self, text: str) -> list[Entity]:
        """Return the entities found in `text`, with spans into `text`."""

    def status(self) -> DetectorStatus:
        try:
            self.load()
        except Exception as exc:  # noqa: BLE001 - status reports any load failure
            return DetectorStatus(self.name, False, f"{type(exc).__name__}: {exc}")
        return DetectorStatus(self.name, True, "ready")


# no entity runs over two paragraphs: a span with a blank line inside is a model's misreading
_BLANK_LINE = re.compile(r"\n[ \t]*\n")


def resolve_overlaps(entities: Iterable[Entity]) -> list[Entity]:
    """Keep a non-overlapping subset, preferring higher score, then longer spans.

    Ties go to the earlier span so the result is deterministic. The result is
    sorted by position. Kept spans are held sorted, so each candidate is
    checked against its two neighbours only (O(n log n) overall).
    """
    ranked = sorted(entities, key=lambda e: (-e.score, -e.length, e.start, e.tag))
    starts: list[int] = []
    kept: list[Entity] = []
    for candidate in ranked:
        index = bisect.bisect_left(starts, candidate.start)
        if index > 0 and kept[index - 1].end > candidate.start:
            continue
        if index < len(kept) and kept[index].start < candidate.end:
            continue
        starts.insert(index, candidate.start)
        kept.insert(index, candidate)
    return kept


# A name the sentence places as an organization someone works at, banks or is insured with ("line cook at
# Joe Beef", "joined Spotify as", "insured with Progressive") is that organization, whatever a model read
# from the name alone (a person, a nickname, a party).
_RELATION_RECOGNIZER = "employer"
_PERSON_OR_DEMOGRAPHIC = frozenset({PiiType.PER, PiiType.DEM})


def prefer_relation_cues(entities: Sequence[Entity]) -> list[Entity]:
    """Drop a person or demographic reading of exactly the span a relation cue names as an organization, and a
    town reading of it unless the gazetteer knows the name as a place ("Backend Engineer, Coupang (2019-)")."""
    orgs = {(e.start, e.end) for e in entities if e.meta.get("recognizer") == _RELATION_RECOGNIZER}
    if not orgs:
        return list(entities)
    return [
        e for e in entities
        if (e.start, e.end) not in orgs or not (
            e.type in _PERSON_OR_DEMOGRAPHIC or (e.tag == "City/Region" and not known_town(e.text)))
    ]


class DetectorPipeline(Detector):
    """Runs several detectors over the same text, merges their entities, and
    attributes each to the person it belongs to (`proxy.subjects`).

    Loading is serialized by a lock, so a request that arrives while a model
    loads (`load_in_background`) waits for it instead of loading it again; a
    detector whose load failed is tried again by the next call. `readiness()`
    and `statuses()` never wait on that lock.

    The last `cache_size` texts' entities are remembered (at most `cache_chars`
    characters of text in all): a chat client re-sends the whole conversation
    with every request, and detection depends on the text alone, so only the new
    turn costs model time. A failed detection is never remembered (the next
    request tries again); `cache_size=0` turns it off.
    """

    name = "pipeline"

    def __init__(self, detectors: Sequence[Detector], cache_size: int = DETECTION_CACHE_SIZE,
                 cache_chars: int = DETECTION_CACHE_CHARS) -> None:
        self.detectors = list(detectors)
        self._recent: Recent[str, tuple[Entity, ...]] = Recent(cache_size, cache_chars, len)
        self._loaded: set[str] = set()
        self._lock = threading.Lock()
        self._loading: str | None = None  # the detector loading now
        self._scheduled = False  # a background load was asked for and has not finished
        self._failed: dict[str, str] = {}  # detector -> why its last load failed
        self._started: float | None = None  # when the current or last load attempt began
        self._took: float | None = None  # how long the last finished attempt took
        self._thread: threading.Thread | None = None

    def load(self) -> None:
        for detector in self.detectors:
            self._load_one(detector)
        load_name_lists()  # attribution's, here on the load thread rather than in the first request
        load_word_list()  # the name step's typo check, likewise

    def _load_one(self, detector: Detector) -> None:
        if detector.name in self._loaded:
            return
        with self._lock:
            if detector.name in self._loaded:
                return
            if self._started is None or self._took is not None:  # a new attempt
                self._started, self._took = time.perf_counter(), None
            self._loading = detector.name
            try:
                detector.load()
            except Exception as exc:  # noqa: BLE001 - any load failure must block forwarding
                reason = f"{type(exc).__name__}: {exc}"
                self._failed[detector.name] = reason
                self._took = time.perf_counter() - self._started
                raise DetectionUnavailable(detector.name, reason) from exc
            finally:
                self._loading = None
            self._failed.pop(detector.name, None)
            self._loaded.add(detector.name)
            if all(d.name in self._loaded for d in self.detectors):
                self._took = time.perf_counter() - self._started

    def load_in_background(self, then: Callable[[], None] | None = None) -> threading.Thread:
        """Load every detector on a daemon thread; `readiness()` says "loading" until it is done.

        `then` runs on that thread afterwards, whether the load worked or not.
        """
        self._scheduled = True

        def run() -> None:
            try:
                self.load()
            except DetectionUnavailable as exc:
                log.error("PII protection cannot run, requests will be refused: %s", exc)
            finally:
                self._scheduled = False
            if then is not None:
                try:
                    then()
                except Exception:  # noqa: BLE001 - a follow-up must not take the thread's error silently
                    log.exception("after loading the detectors")

        self._thread = threading.Thread(target=run, name="veil-detectors-load", daemon=True)
        self._thread.start()
        return self._thread

    def wait_loaded(self, timeout: float | None = None) -> Readiness:
        """Wait for a background load (if one runs) to finish, at most `timeout` seconds; then `readiness()`.

        (The thread also runs `then`; this returns as soon as the detectors are settled.)
        """
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._scheduled and self._thread is not None and self._thread.is_alive():
            if deadline is not None and time.monotonic() >= deadline:
                break
            self._thread.join(0.05)
        return self.readiness()

    def readiness(self) -> Readiness:
        loading = self._loading
        if loading is not None or self._scheduled:
            running = self._started is not None and self._took is None
            elapsed = time.perf_counter() - self._started if running and self._started is not None else 0.0
            waiting = [d.name for d in self.detectors if d.name not in self._loaded]
            what = ", ".join(waiting) or (loading or "")
            return Readiness("loading", f"loading {what}" if what else "loading", elapsed)
        if all(d.name in self._loaded for d in self.detectors):
            names = ", ".join(d.name for d in self.detectors)
            return Readiness("ready", f"{names} loaded" if names else "no detectors", self._took)
        failed = [f"{name}: {reason}" for name, reason in self._failed.items() if name not in self._loaded]
        if failed:
            return Readiness("unavailable", "; ".join(failed), self._took)
        return Readiness("not loaded", "loads on the first request")

    @property
    def cache_size(self) -> int:
        """How many texts' entities are remembered (0: none)."""
        return self._recent.size

    @cache_size.setter
    def cache_size(self, size: int) -> None:
        self._recent.size = size

    def detect(self, text: str) -> list[Entity]:
        cached = self._recent.get(text)
        if cached is not None:
            return list(cached)
        entities = self._detect(text)
        self._recent.put(text, tuple(entities))
        return entities

    def cache_clear(self) -> None:
        """Forget the remembered texts (`veil bench` times detection itself, not the cache)."""
        self._recent.clear()

    def _detect(self, text: str) -> list[Entity]:
        found: list[Entity] = []
        for detector in self.detectors:
            self._load_one(detector)
            try:
                entities = detector.detect(text)
            except Exception as exc:  # noqa: BLE001 - fail closed on any detector error
                raise DetectionUnavailable(detector.name, f"{type(exc).__name__}: {exc}") from exc
            for entity in entities:
                if text[entity.start : entity.end] != entity.text:
                    raise DetectionUnavailable(detector.name, f"returned a span that does not match the text: {entity!r}")
            found.extend(entities)
        found = [retag_health(part) for entity in found for part in split_towns(trim_site_words(cut_at_clause(entity)))
                 if not is_bare_credential(part) and not _BLANK_LINE.search(part.text)
                 and not role_given_to_model(text, part.start, part.tag) and not host_of_an_address(text, part)
                 and not package_scope(text, part)
                 and not part_of_code(text, part)]
        found = split_descriptors(resolve_overlaps(prefer_relation_cues(found)))
        # a street address continues over its address line whichever detector found it
        return assign_subjects(text, bare_ages(text, resolve_overlaps(shape_addresses(text, found))))

    def statuses(self) -> list[DetectorStatus]:
        """Per detector: loading, failed (with the reason), or its own `status()`."""
        loading = self._loading
        rows = []
        for detector in self.detectors:
            if detector.name == loading:
                rows.append(DetectorStatus(detector.name, False, "loading"))
            elif detector.name in self._failed and detector.name not in self._loaded:
                rows.append(DetectorStatus(detector.name, False, self._failed[detector.name]))
            elif detector.name not in self._loaded and (loading is not None or self._scheduled):
                rows.append(DetectorStatus(detector.name, False, "waiting to load"))
            else:
                rows.append(detector.status())
        return rows
