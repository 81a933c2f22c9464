"""Exceptions of the secret store, so callers can tell a locked keyring from bad input."""

from __future__ import annotations


class SecretStoreError(Exception):
    """Base class of every error the secret store raises on purpose."""


class KeyringUnavailable(SecretStoreError):
    """The OS keyring cannot give us the store key.

    Raised instead of ever falling back to plaintext: a secret that cannot be
    encrypted is not written at all.
    """


class DecryptionError(SecretStoreError):
    """A stored ciphertext that does not decrypt with the store key (tampered or corrupt)."""


class NotFound(SecretStoreError, KeyError):
    """An id (person, group, secret) that the store does not hold."""

    def __str__(self) -> str:  # KeyError quotes its argument; keep the message readable
        return str(self.args[0]) if self.args else "not found"


class InvalidRecord(SecretStoreError, ValueError):
    """A write that would break the store's invariants (dangling ids, clashing ids)."""


class CommunityFormatError(SecretStoreError, ValueError):
    """A community file that does not follow the PrivacyBench format.

    `errors` lists every problem found (with a JSON path each), so a user can
    fix the file in one go rather than one error per run.
    """

    def __init__(self, errors: list[str]) -> None:
        self.errors = list(errors)
        shown = "\n  ".join(self.errors[:20])
        more = f"\n  ... and {len(self.errors) - 20} more" if len(self.errors) > 20 else ""
        super().__init__(f"invalid community file ({len(self.errors)} errors):\n  {shown}{more}")
