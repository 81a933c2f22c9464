"""The small pieces of HTTP plumbing the server needs around `SecretGuard`.

Kept here so the server's integration stays a few lines: reading (and
removing) the client's audience, and adding the guard's system note in the
shape each endpoint understands.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

AUDIENCE_HEADER = "x-veil-audience"
AUDIENCE_METADATA_KEY = "veil_audience"


def pop_audience(headers: Mapping[str, str], body: dict[str, Any]) -> str | None:
    """The explicit audience, header first, then `metadata.veil_audience`; removed from the body.

    Always removed, so the upstream never learns who the user writes to (the
    header is not forwarded anyway: the server forwards an allowlist). An
    empty `metadata` left behind is dropped too. A non-string value counts as
    given-but-unresolvable ("?"), which authorizes nothing.
    """
    from_body: Any = None
    metadata = body.get("metadata")
    if isinstance(metadata, dict) and AUDIENCE_METADATA_KEY in metadata:
        from_body = metadata.pop(AUDIENCE_METADATA_KEY)
        if not metadata:
            body.pop("metadata")
    header = headers.get(AUDIENCE_HEADER)
    if header is not None and header.strip():
        return header.strip()
    if from_body is None:
        return None
    return from_body.strip() if isinstance(from_body, str) and from_body.strip() else "?"


def add_system_note(endpoint: str, body: dict[str, Any], note: str) -> None:
    """Put the guard's note where the model reads instructions, for `endpoint`.

    chat/completions: a system message before the first non-system message;
    responses: appended to `instructions`; completions: prefixed to each
    prompt (no system role there); embeddings: nothing (no text is generated).
    """
    if endpoint == "chat/completions":
        messages = body["messages"]
        at = next((i for i, m in enumerate(messages) if m.get("role") not in ("system", "developer")), len(messages))
        messages.insert(at, {"role": "system", "content": note})
    elif endpoint == "responses":
        current = body.get("instructions")
        body["instructions"] = f"{current}\n\n{note}" if current else note
    elif endpoint == "completions":
        prompt = body.get("prompt")
        if isinstance(prompt, str):
            body["prompt"] = f"{note}\n\n{prompt}"
        elif isinstance(prompt, list):
            body["prompt"] = [f"{note}\n\n{p}" if isinstance(p, str) else p for p in prompt]
