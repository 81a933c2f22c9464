"""Detectors: the interface, the pipeline, and the named registry of detector factories."""

from proxy.detectors.base import DetectionUnavailable, Detector, DetectorPipeline, DetectorStatus, resolve_overlaps
from proxy.detectors.registry import available_detectors, build_detector, register_detector

__all__ = [
    "DetectionUnavailable",
    "Detector",
    "DetectorPipeline",
    "DetectorStatus",
    "available_detectors",
    "build_detector",
    "register_detector",
    "resolve_overlaps",
]
