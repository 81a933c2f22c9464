"""Secret guard: audiences, withholding, paraphrase and fact matching, replies, capture offers.

Nothing is mocked: a real SecretStore (SQLite file + keyrings.alt file
backend in tmp_path) and the real local MiniLM embeddings (loaded once per
module; most sentences are embedded once thanks to the embedder's cache).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import keyring
import keyring.backend
import keyring.errors
import pytest
from keyrings.alt.file import PlaintextKeyring

from proxy.guard import (
    SECRET_TAG,
    Embedder,
    GuardUnavailable,
    SecretGuard,
    SSEReplyGuard,
    accept_offer,
    add_system_note,
    pop_audience,
    reply_decisions,
)
from proxy.guard.stream import ReplyGate
from proxy.secrets import Membership, SecretStore
from proxy.secrets.crypto import ALLOW_INSECURE_ENV

NOW = datetime(2025, 6, 30, 12, 0)

S1 = "Maya accepted a job at Northwind-Quasar and will resign from Orbit Labs in July."
S1_FACTS = ["job at Northwind-Quasar", "resign from Orbit Labs", "July"]
S2 = "Maya is training for the Zyxwv Marathon behind her doctor's back."
S2_FACTS = ["Zyxwv Marathon", "doctor doesn't know"]
S3 = "Maya is pregnant and the baby is due in November."
S3_FACTS = ["pregnant", "due in November"]
SECRET_WORDS = ["northwind", "quasar", "orbit", "resign", "july", "zyxwv", "marathon", "doctor", "pregnant",
                "november", "baby"]

# A retrieved document: one revealing sentence among harmless ones.
DOC = ("Notes from the Friday sync. The offsite is booked for the 14th. " + S1 + " Please bring laptops.")


@pytest.fixture
def file_keyring(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv(ALLOW_INSECURE_ENV, "1")
    previous = keyring.get_keyring()
    backend = PlaintextKeyring()
    backend.file_path = str(tmp_path / "keyring.cfg")
    keyring.set_keyring(backend)
    yield backend
    keyring.set_keyring(previous)


@pytest.fixture
def store(tmp_path: Path, file_keyring: PlaintextKeyring):
    with SecretStore(tmp_path / "secrets.db") as s:
        s.add_person("u1", "Maya Chen", ["May"], is_me=True)
        s.add_person("u2", "Sam Okafor", ["Sammy"])
        s.add_person("u3", "Priya Nair")
        s.add_person("u4", "Tom Berg")
        s.add_person("u5", "Lena Vogt")
        s.add_person("u6", "Olaf Dahl")
        s.add_relationship("u1", "u2", "coworker", "2023-02-01")
        s.add_relationship("u1", "u3", "manager", "2024-06-01")  # current manager
        s.add_relationship("u1", "u4", "manager", "2020-01-01", "2024-06-01")  # former manager
        s.add_relationship("u1", "u5", "friend", "2024-01-01")
        s.add_group("g1", "Saturday climbers", ["u1", "u5"], "2024-01-01",
                    former_members=[Membership("u6", "2024-01-01", "2025-01-01")])
        s.add_secret(S1, S1_FACTS, ["u2", "u4"], id="s1", cloud_ok=True)
        s.add_secret(S2, S2_FACTS, ["g1"], id="s2", cloud_ok=True)
        s.add_secret(S3, S3_FACTS, ["u2"], id="s3", cloud_ok=False)
        yield s


@pytest.fixture(scope="module")
def embedder() -> Embedder:
    e = Embedder()
    e.load()
    return e


@pytest.fixture
def guard(store: SecretStore, embedder: Embedder) -> SecretGuard:
    return SecretGuard(store, embedder)


def _inspect(guard: SecretGuard, query: str, audience: str | None = None, doc: str = DOC, at: datetime = NOW):
    return guard.inspect([doc, query], ["system", "user"], query, audience, at)


# ------------------------------------------------------------------ audiences


def test_explicit_audience_from_header_value(guard: SecretGuard) -> None:
    confidant = _inspect(guard, "Summarize the notes.", "Sam")  # first name of a confidant
    assert confidant.texts[0] == DOC and confidant.system_note is None and not confidant.withheld
    assert confidant.audience.person_ids == {"u2"} and confidant.audience.source == "explicit"
    assert confidant.decisions["secret passed s1"] == 1
    outsider = _inspect(guard, "Summarize the notes.", "my manager")
    assert outsider.audience.person_ids == {"u3"}
    assert outsider.texts[0] == ("Notes from the Friday sync. The offsite is booked for the 14th. "
                                 f"{SECRET_TAG} Please bring laptops.")
    assert outsider.system_note and SECRET_TAG in outsider.system_note
    assert [(w.secret_id, w.field) for w in outsider.withheld] == [("s1", 0)]
    # an explicit audience that does not resolve is not replaced by an inferred one
    assert not _inspect(guard, "Reply to Sam.", "Gandalf").audience.known
    assert _inspect(guard, "Reply to Sam.", "Sam, Priya").texts[0] != DOC  # one reader not authorized


def test_inferred_manager_follows_the_graph_over_time(guard: SecretGuard, store: SecretStore) -> None:
    query = "Draft an email to my manager about the offsite."
    now = _inspect(guard, query)
    assert now.audience.source == "inferred" and now.audience.person_ids == {"u3"}
    assert SECRET_TAG in now.texts[0]
    # in 2023 the manager was Tom, a confidant whose tie was live then
    then = _inspect(guard, query, at=datetime(2023, 6, 1))
    assert then.audience.person_ids == {"u4"} and then.texts[0] == DOC
    # once Priya's tie ends there is no manager: the reader is unknown, nothing passes
    [tie] = [r for r in store.relationships("u3")]
    store.end_relationship(tie.id, "2025-06-01")
    gone = _inspect(guard, query)
    assert not gone.audience.known and gone.audience.source == "inferred"
    assert SECRET_TAG in gone.texts[0]


def test_inferred_reply_to_person_and_group_message(guard: SecretGuard) -> None:
    reply = _inspect(guard, "Reply to Sam and say thanks.")
    assert reply.audience.person_ids == {"u2"} and reply.texts[0] == DOC
    doc = "Climbing plan for Sunday. " + S2
    group = _inspect(guard, "Message the Saturday climbers group about Sunday.", doc=doc)
    assert group.audience.person_ids == {"u1", "u5"} and group.audience.group_ids == {"g1"}
    assert group.texts[0] == doc  # every current member is authorized
    former = _inspect(guard, "Summarize.", "Olaf", doc=doc)  # left the group on 2025-01-01
    assert former.texts[0] == f"Climbing plan for Sunday. {SECRET_TAG}"
    assert former.decisions["secret withheld s2 (not authorized)"] == 1


def test_unknown_audience_withholds(guard: SecretGuard) -> None:
    for query in ("What should I bring to the offsite?", "Email Zoe about the offsite."):
        result = _inspect(guard, query)
        assert not result.audience.known
        assert SECRET_TAG in result.texts[0] and "Northwind" not in result.texts[0]
        assert result.texts[0].startswith("Notes from the Friday sync. The offsite is booked")
    assert _inspect(guard, "Tell me about the offsite.").audience.source == "unknown"  # "me" is never inferred


# ------------------------------------------------------------------ matching


def test_paraphrase_is_caught_semantically(guard: SecretGuard) -> None:
    # held out (not in proxy.guard.calibration); shares no complete core fact with S1
    doc = "Agenda for Monday. Maya is leaving her post at Orbit for a new position at Northwind this summer."
    result = _inspect(guard, "Summarize.", "Priya", doc=doc)
    assert result.texts[0] == f"Agenda for Monday. {SECRET_TAG}"
    stranger = _inspect(guard, "Summarize.", "Priya", doc="Agenda for Monday. The printer on floor 3 is broken.")
    assert stranger.texts[0] == "Agenda for Monday. The printer on floor 3 is broken." and not stranger.withheld


def test_core_facts_match_lexically_across_case_and_punctuation(guard: SecretGuard) -> None:
    doc = "fyi: NORTHWIND QUASAR offered her the job!! she's resigning from orbit-labs, july"
    found = [m for m in _matches(guard, doc) if m.secret_id == "s1"]
    assert {m.how for m in found} >= {"lexical"}
    places_only = "We might visit Orbit Labs in July."  # names a place and a month, reveals nothing
    assert not [m for m in _matches(guard, places_only, semantic=False) if m.secret_id == "s1"]
    harmless = "Lena booked the climbing wall for July."
    assert not [m for m in _matches(guard, harmless) if m.secret_id == "s1"]


def _matches(guard: SecretGuard, text: str, semantic: bool = True):
    from proxy.guard import matcher

    entries = list(guard.index.refresh(guard.store.secrets()).values())
    return matcher.find_matches(guard.index, [text], entries, semantic=semantic)


def test_store_changes_invalidate_the_cache(guard: SecretGuard, store: SecretStore) -> None:
    doc = "Update from HR. Sam is moving to the Qwertyplex team in Oslo next spring."
    assert _inspect(guard, "Summarize.", "Priya", doc=doc).texts[0] == doc
    store.add_secret("Sam is moving to the Qwertyplex team in Oslo next spring.", ["Qwertyplex team", "Oslo"],
                     ["u2"], owner="u2", id="s4")
    assert _inspect(guard, "Summarize.", "Priya", doc=doc).texts[0] == f"Update from HR. {SECRET_TAG}"
    store.remove_secret("s4")
    assert _inspect(guard, "Summarize.", "Priya", doc=doc).texts[0] == doc


def test_cloud_ok_false_goes_out_only_when_needed(guard: SecretGuard) -> None:
    """Rule (2): the owner's own requests ship a cloud_ok=false secret only when the conversation is about it;
    a confidant's request is the disclosure the owner chose (even an allusive follow-up)."""
    doc = "Old chat. " + S3
    unrelated = _inspect(guard, "What time is the offsite?", "me", doc=doc)  # the owner; the cloud needs it not
    assert unrelated.texts[0] == f"Old chat. {SECRET_TAG}"
    assert unrelated.decisions["secret withheld s3 (cloud_ok=false, not needed)"] == 1
    assert _inspect(guard, "When is my baby due again?", "me", doc=doc).texts[0] == doc  # about it
    assert _inspect(guard, "Remind me what the midwife said about being pregnant.", "me", doc=doc).texts[0] == doc
    # a follow-up turn is about it because an earlier user turn of the conversation was
    history = guard.inspect([doc, "When is my baby due?", "In November.", "And what should I pack?"],
                            ["system", "user", "assistant", "user"], "And what should I pack?", "me", NOW)
    assert history.texts[0] == doc
    # the confidant Sam, asking allusively ("what you told me") or even about something else: rule (1) holds
    for question in ("How are things going since you told me?", "What time is the offsite?"):
        confidant = _inspect(guard, question, "Sam", doc=doc)
        assert confidant.texts[0] == doc and confidant.decisions["secret passed s3"] == 1
    # ... while someone not told gets nothing, however they ask
    assert _inspect(guard, "When is Maya's baby due?", "Priya", doc=doc).texts[0] == f"Old chat. {SECRET_TAG}"
    assert SecretGuard(guard.store, guard.embedder, strict_cloud=True).inspect(
        [doc, "When is Maya's baby due?"], ["system", "user"], "When is Maya's baby due?", "Sam", NOW
    ).texts[0] == f"Old chat. {SECRET_TAG}"


# ------------------------------------------------------------------ replies


def test_reply_redaction_and_stream_gate(guard: SecretGuard) -> None:
    reply = "Sure, here is the draft. Maya accepted a job at Northwind-Quasar and resigns from Orbit Labs in July. Best, M."
    priya = guard.resolve_audience("Priya", None, NOW)
    redacted, found = guard.redact_reply(reply, priya, NOW)
    assert redacted == f"Sure, here is the draft. {SECRET_TAG} Best, M."
    assert reply_decisions(found) == {"secret reply redacted s1": 1}
    sam = guard.resolve_audience("Sam", None, NOW)
    assert guard.redact_reply(reply, sam, NOW) == (reply, [])

    body = {"choices": [{"index": 0, "message": {"role": "assistant", "content": reply, "tool_calls": [
        {"id": "t1", "type": "function", "function": {"name": "send_email", "arguments": json.dumps(
            {"to": "priya@example.com", "body": reply})}}]}}], "model": "m"}
    check = guard.reply_check(priya, NOW)
    cleaned = check.body(body)
    message = cleaned["choices"][0]["message"]
    assert message["content"] == redacted
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == {"to": "priya@example.com", "body": redacted}
    assert check.decisions == {"secret reply redacted s1": 2}

    gate = ReplyGate(guard, priya, NOW)
    pieces = [reply[i:i + 7] for i in range(0, len(reply), 7)]
    streamed = "".join(gate.feed(p) for p in pieces) + gate.flush()
    assert streamed == redacted
    assert gate.redactions and gate.redactions[0].secret_id == "s1"


def test_sse_reply_guard_chat_stream(guard: SecretGuard) -> None:
    text = "Hi! Maya accepted a job at Northwind-Quasar and resigns from Orbit Labs in July. Bye."
    lines = []
    for i in range(0, len(text), 9):
        chunk = {"id": "c1", "object": "chat.completion.chunk", "choices": [
            {"index": 0, "delta": {"content": text[i:i + 9]}, "finish_reason": None}]}
        lines += [f"data: {json.dumps(chunk)}", ""]
    last = {"id": "c1", "object": "chat.completion.chunk", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
    lines += [f"data: {json.dumps(last)}", "", "data: [DONE]", ""]
    sse = SSEReplyGuard(guard, guard.resolve_audience("Priya", None, NOW), NOW)
    out = list(sse.feed_lines(lines)) + list(sse.finish())
    content = "".join(
        c["delta"].get("content") or ""
        for line in out if line.startswith("data: {")
        for c in json.loads(line[6:])["choices"]
    )
    assert content == f"Hi! {SECRET_TAG} Bye."
    assert out[-2:] == ["data: [DONE]", ""]
    assert reply_decisions(sse.redactions) == {"secret reply redacted s1": 1}


# ------------------------------------------------------------------ capture, logging, failures


def test_capture_offer_is_suggested_never_stored(guard: SecretGuard, store: SecretStore) -> None:
    before = [s.id for s in store.secret_infos()]
    query = "Between us, I'm applying to a PhD program in Lisbon next spring. Can you help me write to Sam?"
    result = guard.inspect([query], ["user"], query, None, NOW)
    [offer] = result.capture_offers
    assert "PhD program in Lisbon" in offer.text and offer.field == 0
    assert query[offer.span.start:offer.span.end] == offer.text
    assert any("Lisbon" in f for f in offer.suggested_core_facts)
    assert offer.suggested_confidants == ("u2",)  # the audience it is being told to
    assert result.decisions["secret capture offer"] == 1
    assert [s.id for s in store.secret_infos()] == before  # nothing stored silently
    secret = accept_offer(store, offer)
    assert secret.confidants == ("u2",) and "Between us" not in secret.content
    retold = "Keep this to yourself: " + S1
    known = guard.inspect([retold], ["user"], retold, "Sam", NOW)
    assert not known.capture_offers and known.decisions["secret capture known"] == 1
    cue_alone = "Don't tell anyone. Sam's sister is moving to Peru in August."
    [offer] = guard.inspect([cue_alone], ["user"], cue_alone, None, NOW).capture_offers
    assert "Peru" in offer.text
    assert not guard.inspect(["Keep it simple."], ["user"], "Keep it simple.", None, NOW).capture_offers


def test_decisions_hold_ids_and_counts_only(guard: SecretGuard) -> None:
    doc = DOC + " " + S2 + " " + S3
    result = _inspect(guard, "Draft an email to my manager. Between us, I hate the new logo design.", doc=doc)
    assert {w.secret_id for w in result.withheld} == {"s1", "s2", "s3"}
    logged = json.dumps([result.decisions, result.audience.label, [repr(w) for w in result.withheld],
                         [repr(o) for o in result.capture_offers]]).casefold()
    for word in SECRET_WORDS + ["logo", "priya", "manager"]:
        assert word not in logged, word
    assert result.audience.label == "inferred:relationship:u3"
    assert all(isinstance(v, int) for v in result.decisions.values())


class _LockedKeyring(keyring.backend.KeyringBackend):
    """A real backend that behaves like a locked OS keyring."""

    priority = 1

    def get_password(self, service: str, username: str) -> str | None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")

    def set_password(self, service: str, username: str, password: str) -> None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")

    def delete_password(self, service: str, username: str) -> None:
        raise keyring.errors.KeyringLocked("the login keyring is locked")


def test_model_or_keyring_failure_fails_closed(store: SecretStore, embedder: Embedder, tmp_path: Path) -> None:
    broken = SecretGuard(store, Embedder(tmp_path / "no-model"))
    with pytest.raises(GuardUnavailable):
        _inspect(broken, "Summarize.", "Sam")
    keyring.set_keyring(_LockedKeyring())  # the fixture restores the previous backend
    with SecretStore(store.path) as locked, pytest.raises(GuardUnavailable, match="secret store"):
        _inspect(SecretGuard(locked, embedder), "Summarize.", "Sam")


def test_audience_is_read_and_stripped_and_note_added() -> None:
    body = {"model": "m", "metadata": {"veil_audience": "Sam"}, "messages": [
        {"role": "system", "content": "Be brief."}, {"role": "user", "content": "hi"}]}
    assert pop_audience({}, body) == "Sam" and "metadata" not in body
    body2 = {"metadata": {"veil_audience": "Sam", "trace": "x"}}
    assert pop_audience({"x-veil-audience": " Priya "}, body2) == "Priya"  # header wins, metadata still removed
    assert body2 == {"metadata": {"trace": "x"}}
    assert pop_audience({}, {"metadata": {"veil_audience": 3}}) == "?"
    assert pop_audience({}, {}) is None
    add_system_note("chat/completions", body, "NOTE")
    assert [m["role"] for m in body["messages"]] == ["system", "system", "user"]
    assert body["messages"][1]["content"] == "NOTE"
    responses = {"input": "hi", "instructions": "Be brief."}
    add_system_note("responses", responses, "NOTE")
    assert responses["instructions"] == "Be brief.\n\nNOTE"
