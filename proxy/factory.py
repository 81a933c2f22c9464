"""Build the privacy engine that the settings describe."""

from __future__ import annotations

from proxy.config import Settings
from proxy.detectors import build_detector
from proxy.detectors.base import DETECTION_CACHE_SIZE
from proxy.engine import PrivacyEngine


def build_engine(settings: Settings) -> PrivacyEngine:
    """Detectors, policy and the relevance judge named by `settings.relevance` (None: no judge), at
    `settings.relevance_level`; with `remember_findings` off, neither keeps anything between requests."""
    policy = settings.policy_config()
    relevance = None
    if settings.relevance:
        from proxy.relevance import build_judge

        relevance = build_judge(settings.relevance, data_dir=settings.data_path, policy=policy,
                                level=settings.relevance_level)
        if not settings.remember_findings and hasattr(relevance, "margin_cache_size"):
            relevance.margin_cache_size = 0
    detector = build_detector(settings.detectors, cache_size=DETECTION_CACHE_SIZE if settings.remember_findings else 0)
    return PrivacyEngine(detector, policy, relevance=relevance)
