"""Secret guard store: who may know which secret, with secret text encrypted at rest.

The proxy's enforcement calls `SecretStore.resolve_audience` and
`SecretStore.is_authorized`; `cli.add_secrets_commands` plugs into `veil`.
Names are resolved lazily (PEP 562) so that building the `veil` command line
does not import sqlite-utils and cryptography for every command.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "ImportReport": "community", "export_community": "community", "import_community": "community",
    "CommunityFormatError": "errors", "DecryptionError": "errors", "InvalidRecord": "errors",
    "KeyringUnavailable": "errors", "NotFound": "errors", "SecretStoreError": "errors",
    "Audience": "models", "Group": "models", "Membership": "models", "PendingOffer": "models", "Person": "models",
    "Relationship": "models", "Secret": "models", "SecretInfo": "models",
    "default_path": "schema", "SecretStore": "store",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'proxy.secrets' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"proxy.secrets.{module}"), name)
    globals()[name] = value
    return value
