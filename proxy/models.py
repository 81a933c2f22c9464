"""What `veil models` and the GUI's Models page show: every model and detector, ready or why not."""

from __future__ import annotations

from typing import Any

from proxy.config import Settings
from proxy.detectors import available_detectors, build_detector
from proxy.detectors.registry import UnknownDetectorError


def model_report(settings: Settings) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for name in sorted(set(available_detectors()) | set(settings.detectors)):
        in_use = name in settings.detectors
        try:
            status = build_detector([name]).detectors[0].status()
            ready, detail = status.ready, status.detail
        except (UnknownDetectorError, ImportError) as exc:
            ready, detail = False, str(exc)
        rows.append({"name": name, "kind": "detector", "ready": ready, "detail": detail, "in_use": in_use})
    try:
        from local_models.registry import list_models
    except ImportError as exc:  # pragma: no cover - local_models ships with proxy
        rows.append({"name": settings.local_model, "kind": "chat-llm", "ready": False, "detail": str(exc), "in_use": True})
        return rows
    if settings.relevance:
        from proxy.relevance import judge_status

        rows.append({**judge_status(settings.relevance, data_dir=settings.data_path), "in_use": True})
    for info in list_models(data_dir=settings.data_path):
        rows.append({
            "name": info.name, "kind": info.kind, "ready": info.ready, "detail": info.detail,
            "in_use": settings.upstream is None and info.name == settings.local_model, "path": str(info.path or ""),
        })
    return rows
