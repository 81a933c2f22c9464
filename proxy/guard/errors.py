"""The guard's one error: it cannot check a request, so the request must not go out."""

from __future__ import annotations

from proxy.detectors.base import DetectionUnavailable


class GuardUnavailable(DetectionUnavailable):
    """The secret guard cannot run (model missing, keyring locked, store unreadable).

    A `DetectionUnavailable`, so the server's existing fail-closed path (503,
    nothing forwarded) handles it without a new except clause.
    """

    def __init__(self, reason: str) -> None:
        super().__init__("secret-guard", reason)
