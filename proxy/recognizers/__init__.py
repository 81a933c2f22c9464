"""Deterministic PII recognizers: regex patterns, checksum validation, context words.

Use `RecognizerDetector` as a `Detector` (registered as "patterns"), or
`default_recognizers()` for the individual `PatternRecognizer`s. One module per
family: `codes` (SSN, cards, IBAN, tax IDs), `identifiers` (IDs told apart by
their label), `phones`, `network` (email, IP), `hashes`, `datetimes`,
`quantities` (money, percentages, credit score), `demographics`.
"""

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import NOT_PII, ContextHit, Keywords
from proxy.recognizers.detector import RecognizerDetector
from proxy.recognizers.registry import default_recognizers, supported_tags
from proxy.recognizers.scan import ScanText

__all__ = [
    "NOT_PII",
    "ContextHit",
    "Keywords",
    "Pattern",
    "PatternRecognizer",
    "RecognizerDetector",
    "ScanText",
    "default_recognizers",
    "supported_tags",
]
