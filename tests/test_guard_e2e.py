"""Secret guard through the real proxy (uvicorn + loopback upstream); needs the server integration.

Skipped until `proxy.server.ProxyState` has its `guard` field (see the
integration patch in the guard's hand-over). The loopback echoes the last
message, so what the cloud received and what the client got back are both visible.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import keyring
import openai
import pytest
from keyrings.alt.file import PlaintextKeyring

from proxy.guard import SECRET_TAG, Embedder
from proxy.secrets import SecretStore
from proxy.secrets.crypto import ALLOW_INSECURE_ENV
from proxy.server import ProxyState

pytestmark = pytest.mark.skipif(
    "guard" not in {f.name for f in dataclasses.fields(ProxyState)}, reason="server integration not applied yet"
)

S1 = "Maya accepted a job at Northwind-Quasar and will resign from Orbit Labs in July."
DOC = "Notes from the Friday sync. The offsite is booked for the 14th. " + S1 + " Please bring laptops."


@pytest.fixture
def secret_veil(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, make_veil):
    """A proxy whose data dir holds a secret store (make_veil's first data dir is tmp_path/veil0)."""
    monkeypatch.setenv(ALLOW_INSECURE_ENV, "1")
    previous = keyring.get_keyring()
    backend = PlaintextKeyring()
    backend.file_path = str(tmp_path / "keyring.cfg")
    keyring.set_keyring(backend)
    data = tmp_path / "veil0"
    data.mkdir()
    with SecretStore(data / "secrets.db") as s:
        s.add_person("u1", "Maya Chen", is_me=True)
        s.add_person("u2", "Sam Okafor")
        s.add_person("u3", "Priya Nair")
        s.add_relationship("u1", "u2", "coworker", "2023-02-01")
        s.add_relationship("u1", "u3", "manager", "2024-06-01")
        s.add_secret(S1, ["job at Northwind-Quasar", "resign from Orbit Labs", "July"], ["u2"], id="s1", cloud_ok=True)
    yield make_veil()
    keyring.set_keyring(previous)


def _content(chunks) -> str:
    return "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)


def test_requests_are_guarded_end_to_end(secret_veil) -> None:
    client = secret_veil.client()
    client.chat.completions.create(model="echo", messages=[
        {"role": "system", "content": DOC}, {"role": "user", "content": "Draft an email to my manager about the offsite."}])
    sent = secret_veil.received[-1]
    assert "Northwind" not in sent.raw and SECRET_TAG in sent.raw
    assert [m["role"] for m in sent.body["messages"]] == ["system", "system", "user"]  # the guard's note
    # the header wins over metadata; neither reaches the cloud
    client.chat.completions.create(model="echo", messages=[
        {"role": "system", "content": DOC}, {"role": "user", "content": "Summarize."}],
        extra_headers={"X-Veil-Audience": "Sam"}, metadata={"veil_audience": "Priya"}, store=False)
    sent = secret_veil.received[-1]
    # the guard let the secret through to Sam (PII masking may still mask the employer's name in it)
    assert "resign from Orbit Labs" in sent.raw and SECRET_TAG not in sent.raw and "metadata" not in sent.body
    assert not any(k.lower() == "x-veil-audience" for k in sent.headers)
    client.chat.completions.create(model="echo", messages=[{"role": "user", "content": DOC}],
                                   metadata={"veil_audience": "Priya"})
    assert "Northwind" not in secret_veil.received[-1].raw
    sam = {"X-Veil-Audience": "Sam"}
    priya = {"X-Veil-Audience": "Priya"}
    streamed = client.chat.completions.create(model="echo", stream=True, extra_headers=sam,
                                              messages=[{"role": "user", "content": DOC}])
    assert _content(streamed) == "You said: " + DOC
    streamed = client.chat.completions.create(model="echo", stream=True, extra_headers=priya,
                                              messages=[{"role": "user", "content": DOC}])
    assert SECRET_TAG in _content(streamed)
    events = list(client.responses.create(model="echo", input=DOC, stream=True, extra_headers=priya))
    assert events and "Northwind" not in json.dumps([e.model_dump() for e in events])
    rows = secret_veil.state.activity.recent(10)
    assert rows[-1]["audience"] == "inferred:relationship:u3"
    assert rows[-1]["decisions"]["secret withheld s1 (not authorized)"] == 1
    assert all("Northwind" not in json.dumps(r) for r in rows)


def test_replies_are_redacted_whole_and_streamed(secret_veil) -> None:
    """The request holds one of two core facts (no revelation); the echoed reply adds the other."""
    secret_veil.state.guard.store.add_secret("Qx said offsite.", ["said", "offsite"], ["u2"], id="s9", cloud_ok=True)
    client = secret_veil.client()
    priya = {"X-Veil-Audience": "Priya"}
    reply = client.chat.completions.create(model="echo", extra_headers=priya, messages=[{"role": "user", "content": "offsite"}])
    assert secret_veil.received[-1].body["messages"][-1]["content"] == "offsite"
    assert reply.choices[0].message.content == SECRET_TAG
    assert secret_veil.state.activity.recent(1)[0]["decisions"]["secret reply redacted s9"] == 1
    streamed = client.chat.completions.create(model="echo", stream=True, extra_headers=priya,
                                              messages=[{"role": "user", "content": "offsite"}])
    assert _content(streamed) == SECRET_TAG
    reply = client.chat.completions.create(model="echo", extra_headers={"X-Veil-Audience": "Sam"},
                                           messages=[{"role": "user", "content": "offsite"}])
    assert reply.choices[0].message.content == "You said: offsite"


def test_guard_failure_refuses_the_request(secret_veil) -> None:
    guard = secret_veil.state.guard
    guard.embedder = guard.index.embedder = Embedder("/nonexistent")
    before = len(secret_veil.received)
    with pytest.raises(openai.APIStatusError) as err:
        secret_veil.client().chat.completions.create(
            model="echo", messages=[{"role": "user", "content": "A sentence nobody embedded yet."}])
    assert err.value.status_code == 503 and len(secret_veil.received) == before
