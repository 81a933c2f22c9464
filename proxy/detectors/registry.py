"""Detectors by name, so settings can say `detectors = ["patterns", "gliner"]`.

Factories are imported lazily: choosing "patterns" never imports a model stack.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from proxy.detectors.base import DETECTION_CACHE_SIZE, Detector, DetectorPipeline

DetectorFactory = Callable[[], Detector]

_FACTORIES: dict[str, str | DetectorFactory] = {
    "patterns": "proxy.recognizers:RecognizerDetector",
    "gliner": "proxy.detectors.gliner:GlinerDetector",
}


class UnknownDetectorError(ValueError):
    pass


def register_detector(name: str, factory: str | DetectorFactory) -> None:
    """Add a detector factory: a callable, or "module:attribute" imported on first use."""
    _FACTORIES[name] = factory


def available_detectors() -> list[str]:
    return sorted(_FACTORIES)


def _factory(name: str) -> DetectorFactory:
    try:
        factory = _FACTORIES[name]
    except KeyError:
        raise UnknownDetectorError(f"unknown detector {name!r}; available: {', '.join(available_detectors())}") from None
    if isinstance(factory, str):
        module, _, attribute = factory.partition(":")
        factory = getattr(importlib.import_module(module), attribute)
    return factory


def build_detector(names: Sequence[str], cache_size: int = DETECTION_CACHE_SIZE) -> DetectorPipeline:
    """A pipeline of the named detectors, in the given order, remembering the last `cache_size` texts."""
    return DetectorPipeline([_factory(name)() for name in names], cache_size=cache_size)
