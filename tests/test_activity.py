"""The activity log keeps counts and decisions on disk, detail only in memory."""

from proxy.activity import ActivityEvent, ActivityLog, ActivityRecord


def test_records_persist_without_raw_values_and_listeners_get_detail(tmp_path):
    log = ActivityLog(tmp_path / "activity.db")
    seen = []
    unsubscribe = log.subscribe(seen.append)
    event = ActivityEvent(
        ActivityRecord(endpoint="chat/completions", status=200, policy="all", entities={"CODE": 1}, masked={"CODE": 1}),
        original=["call 555-0101"], sent=["call <Phone Number 1>"])
    log.record(event)
    unsubscribe()
    log.record(ActivityEvent(ActivityRecord(endpoint="embeddings", status=400, policy="all", error="bad")))
    rows = log.recent()
    assert [r["endpoint"] for r in rows] == ["embeddings", "chat/completions"]
    assert rows[1]["masked"] == {"CODE": 1}
    assert len(seen) == 1 and seen[0].original == ["call 555-0101"]
    log.close()
    raw = b"".join(p.read_bytes() for p in tmp_path.iterdir())
    assert b"555-0101" not in raw


def test_reopening_keeps_history(tmp_path):
    ActivityLog(tmp_path / "a.db").record(ActivityEvent(ActivityRecord(endpoint="completions", status=200, policy="off")))
    assert ActivityLog(tmp_path / "a.db").recent()[0]["endpoint"] == "completions"
