"""Encryption at rest for secret content, with the key held by the OS keyring.

AES-256-GCM; the associated data binds each ciphertext to its secret id and
field, so a ciphertext copied onto another row (or from content to core facts)
fails to decrypt instead of silently showing the wrong text.

The key never touches the database. If the keyring is missing, locked or
failing we raise `KeyringUnavailable`: there is deliberately no plaintext or
on-disk-key fallback. That includes keyring backends that keyring itself does
not recommend (priority below 1, e.g. keyrings.alt's plaintext file), which it
picks silently when no OS keyring exists: they are refused unless the caller
opts in (`allow_insecure=True` or `VEIL_ALLOW_INSECURE_KEYRING=1`, for tests
and headless setups that accept the risk).
"""

from __future__ import annotations

import base64
import binascii
import os

import keyring
import keyring.core
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from keyring.backends.chainer import ChainerBackend

from proxy.secrets.errors import DecryptionError, KeyringUnavailable

SERVICE = "veil"
ENTRY = "secret-store-key"
_VERSION = b"\x01"  # first byte of every blob, so the scheme can change later
_NONCE = 12
ALLOW_INSECURE_ENV = "VEIL_ALLOW_INSECURE_KEYRING"


def _backend_name() -> str:
    try:
        backend = type(keyring.get_keyring())
    except Exception:  # only used inside an error message
        return "unknown backend"
    return f"{backend.__module__}.{backend.__name__}"


def _insecure_backends() -> list[str]:
    """Viable but not recommended backends that could hold (or receive) the key."""
    try:
        backend = keyring.get_keyring()
    except Exception:  # reported when reading the key
        return []
    members = list(backend.backends) if isinstance(backend, ChainerBackend) else [backend]
    return [
        f"{type(b).__module__}.{type(b).__name__}"
        for b in members
        if b.priority > 0 and not keyring.core.recommended(b)
    ]


def _check_backend(allow_insecure: bool) -> None:
    if allow_insecure or os.environ.get(ALLOW_INSECURE_ENV, "") not in ("", "0"):
        return
    weak = _insecure_backends()
    if weak:
        raise KeyringUnavailable(
            f"the keyring backend ({', '.join(weak)}) is not a secure OS keyring (it may keep the "
            "key unencrypted on disk); install or unlock an OS keyring, or set "
            f"{ALLOW_INSECURE_ENV}=1 to accept the risk."
        )


def _read_key() -> str | None:
    try:
        return keyring.get_password(SERVICE, ENTRY)
    except Exception as exc:  # locked, no backend, D-Bus down, ...: all mean "no key"
        raise KeyringUnavailable(
            f"cannot read the secret-store key from the OS keyring ({_backend_name()}): {exc}. "
            "Unlock or configure a keyring; Veil never stores secrets unencrypted."
        ) from exc


def load_key(create: bool, allow_insecure: bool = False) -> bytes:
    """Return the 32-byte store key from the keyring, creating it when `create` is true.

    `create` is false once the store holds ciphertext: a fresh key could not
    decrypt it, so a vanished key is reported, not silently replaced.
    """
    _check_backend(allow_insecure)
    stored = _read_key()
    if stored is None:
        if not create:
            raise KeyringUnavailable(
                f"the OS keyring ({_backend_name()}) has no '{ENTRY}' entry for service "
                f"'{SERVICE}', but this store already holds encrypted secrets; restore the key "
                "(a new one could not decrypt them)."
            )
        fresh = base64.b64encode(AESGCM.generate_key(bit_length=256)).decode("ascii")
        try:
            keyring.set_password(SERVICE, ENTRY, fresh)
        except Exception as exc:
            raise KeyringUnavailable(
                f"cannot save a new secret-store key in the OS keyring ({_backend_name()}): {exc}"
            ) from exc
        stored = _read_key()  # a no-op backend "accepts" the key and forgets it: catch that now
        if stored is None:
            raise KeyringUnavailable(
                f"the OS keyring ({_backend_name()}) did not keep the secret-store key; "
                "configure a working keyring backend."
            )
    try:
        key = base64.b64decode(stored, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise KeyringUnavailable(f"the '{ENTRY}' keyring entry is not a valid key") from exc
    if len(key) != 32:
        raise KeyringUnavailable(f"the '{ENTRY}' keyring entry is not a 256-bit key")
    return key


class Cipher:
    """Encrypts text fields of one store with its key."""

    def __init__(self, key: bytes) -> None:
        self._aead = AESGCM(key)

    def encrypt(self, plaintext: str, context: str) -> bytes:
        nonce = os.urandom(_NONCE)
        return _VERSION + nonce + self._aead.encrypt(nonce, plaintext.encode("utf-8"), context.encode())

    def decrypt(self, blob: bytes, context: str) -> str:
        """Decrypt, raising `DecryptionError` on a wrong key or altered data."""
        if not blob or blob[:1] != _VERSION or len(blob) < 1 + _NONCE + 16:
            raise DecryptionError(f"unreadable ciphertext for {context}")
        nonce, body = blob[1 : 1 + _NONCE], blob[1 + _NONCE :]
        try:
            return self._aead.decrypt(nonce, body, context.encode()).decode("utf-8")
        except InvalidTag as exc:
            raise DecryptionError(
                f"cannot decrypt {context}: wrong key or altered data"
            ) from exc
