"""Build the privacy engine that the settings describe."""

from __future__ import annotations

from proxy.config import Settings
from proxy.detectors import build_detector
from proxy.engine import PrivacyEngine


def build_engine(settings: Settings) -> PrivacyEngine:
    """Detectors and policy from `settings`; relevance judges plug in here as they land."""
    return PrivacyEngine(build_detector(settings.detectors), settings.policy_config(), relevance=None)
