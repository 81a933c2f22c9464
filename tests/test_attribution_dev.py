"""`python -m eval.attribution`: re-attributing dumped detections scores what the whole pipeline scores."""

from __future__ import annotations

import json
from pathlib import Path

from eval import attribution
from eval.dataset import load_samples
from eval.metrics import score_sample
from eval.systems import MaskAllDetected
from proxy.config import load_settings
from proxy.factory import build_engine

DEV = Path(__file__).resolve().parents[1] / "eval" / "data" / "chat-dev.jsonl"


def test_dump_then_score_matches_the_pipeline(tmp_path: Path, capsys) -> None:
    data = tmp_path / "few.jsonl"
    data.write_text("".join(DEV.read_text(encoding="utf-8").splitlines(keepends=True)[:6]), encoding="utf-8")
    dump = tmp_path / "dump.jsonl"
    assert attribution.main(["dump", str(dump), str(data), "--detectors", "patterns"]) == 0
    rows = [json.loads(line) for line in dump.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 6 and all(row["entities"] for row in rows)

    system = MaskAllDetected(build_engine(load_settings(relevance="", detectors=["patterns"])).detector)
    samples, _ = load_samples(data)
    expected = {s.id: score_sample(s, system.predict(s))["strict_f1"] for s in samples}
    got = attribution.score(dump)[str(data)]
    assert got == expected

    first = tmp_path / "first.json"
    assert attribution.main(["score", str(dump), "--out", str(first)]) == 0
    worse = {str(data): {sample_id: value + 0.5 for sample_id, value in got.items()}}
    (tmp_path / "higher.json").write_text(json.dumps(worse), encoding="utf-8")
    capsys.readouterr()
    assert attribution.main(["score", str(dump), "--against", str(tmp_path / "higher.json")]) == 0
    out = capsys.readouterr().out
    assert "0 better, 6 worse" in out and json.loads(first.read_text(encoding="utf-8")) == {str(data): got}
