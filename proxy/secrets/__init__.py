"""Secret guard store: who may know which secret, with secret text encrypted at rest.

The proxy's enforcement calls `SecretStore.resolve_audience` and
`SecretStore.is_authorized`; `cli.add_secrets_commands` plugs into `veil`.
"""

from proxy.secrets.community import ImportReport, export_community, import_community
from proxy.secrets.errors import (
    CommunityFormatError,
    DecryptionError,
    InvalidRecord,
    KeyringUnavailable,
    NotFound,
    SecretStoreError,
)
from proxy.secrets.models import Audience, Group, Membership, Person, Relationship, Secret, SecretInfo
from proxy.secrets.schema import default_path
from proxy.secrets.store import SecretStore

__all__ = [
    "Audience",
    "CommunityFormatError",
    "DecryptionError",
    "Group",
    "ImportReport",
    "InvalidRecord",
    "KeyringUnavailable",
    "Membership",
    "NotFound",
    "Person",
    "Relationship",
    "Secret",
    "SecretInfo",
    "SecretStore",
    "SecretStoreError",
    "default_path",
    "export_community",
    "import_community",
]
