"""`veil eval piibench` end to end, through the real `veil` entry point and generator."""

import json

import pytest

from eval.dataset import SPLITS
from proxy.cli import main

GOOD = {
    "id": "single-0001", "split": "single",
    "description": "Mail me at ann.lee@example.org, I live in Leeds.", "query": "Which city do I live in?",
    "entities": [
        {"text": "ann.lee@example.org", "type": "CODE", "tag": "Email Address", "start": 11, "end": 30, "subject": "A"},
        {"text": "Leeds", "type": "LOC", "tag": "City/Region", "start": 42, "end": 47, "subject": "A"},
    ],
    "query_related": [{"text": "Leeds", "subject": "A"}],
}  # fmt: skip


# The eval's mechanics, not the detectors' quality (docs/eval.md has the GLiNER numbers): the
# validated recognizers are enough, and keep these runs fast.
DETECTORS = "patterns"


@pytest.fixture(autouse=True)
def no_user_config(tmp_path, monkeypatch):
    monkeypatch.setenv("VEIL_CONFIG", str(tmp_path / "absent.toml"))
    for name in ("VEIL_POLICY", "VEIL_ALWAYS_MASK", "VEIL_NEVER_MASK", "VEIL_RELEVANCE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("VEIL_DETECTORS", DETECTORS)


@pytest.fixture(scope="module")
def generated_run(tmp_path_factory):
    """One small run over all four generated splits, shared by the checks below."""
    out = tmp_path_factory.mktemp("run")
    mp = pytest.MonkeyPatch()
    mp.setenv("VEIL_CONFIG", str(out / "absent.toml"))
    mp.setenv("VEIL_DETECTORS", DETECTORS)
    args = ["eval", "piibench", "--n", "5", "--json", "--no-progress",
            "--predictions", str(out / "pred.jsonl"), "--report", str(out / "report")]  # fmt: skip
    try:
        from contextlib import redirect_stdout
        from io import StringIO

        buffer = StringIO()
        with redirect_stdout(buffer):
            rc = main(args)
    finally:
        mp.undo()
    return rc, buffer.getvalue(), out


def test_json_output(generated_run):
    rc, stdout, _ = generated_run
    assert rc == 0
    payload = json.loads(stdout)
    assert payload["n"] == {**{split: 5 for split in SPLITS}, "all": 20}
    assert set(payload["systems"]) == {"veil", "no-masking", "mask-all-detected", "oracle"}
    for split in [*SPLITS, "all"]:
        oracle = payload["systems"]["oracle"][split]
        assert oracle["strict_f1"] == oracle["mask_f1"] == oracle["kept"] == 1.0
        assert oracle["privacy"] < 1.0
        assert payload["systems"]["no-masking"][split]["privacy"] == 0.0
        assert payload["systems"]["veil"][split]["latency_ms"] > 0


def test_predictions_file(generated_run):
    _, _, out = generated_run
    lines = (out / "pred.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 20
    records = [json.loads(line) for line in lines]
    assert len({r["id"] for r in records}) == 20
    for record in records:
        assert set(record) == {"id", "entities", "query_related", "masked"}
        assert all(set(e) == {"text", "type", "tag", "subject"} for e in record["entities"])


def test_report_directory(generated_run):
    _, _, out = generated_run
    report = out / "report"
    page = (report / "index.html").read_text(encoding="utf-8")
    assert "not comparable" in page and "Detection per type" in page
    pngs = sorted(p.name for p in report.glob("*.png"))
    assert pngs == ["by_length.png", "by_pii.png", "by_query_related.png", "by_subjects.png", "latency.png"]
    for name in pngs:
        assert (report / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert name in page


def test_table_output_and_bad_records_from_a_file(tmp_path, capsys):
    data = tmp_path / "mine.jsonl"
    bad = {**GOOD, "id": "single-0002", "split": "huge"}
    data.write_text(json.dumps(GOOD) + "\n" + json.dumps(bad) + "\n{oops\n", encoding="utf-8")
    assert main(["eval", "piibench", "--data", str(data), "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert f"{data}:2: split 'huge'" in captured.err and f"{data}:3: invalid JSON" in captured.err
    assert "single (1 samples)" in captured.out and "oracle" in captured.out


def test_no_valid_samples_is_an_error(tmp_path, capsys):
    data = tmp_path / "empty.jsonl"
    data.write_text("{oops\n", encoding="utf-8")
    assert main(["eval", "piibench", "--data", str(data), "--no-progress"]) == 1
    assert "no valid samples" in capsys.readouterr().err


def test_eval_without_benchmark_prints_help(capsys):
    assert main(["eval"]) == 2
    assert "piibench" in capsys.readouterr().out


def test_relevance_judges_side_by_side(tmp_path, monkeypatch, capsys):
    from local_models.registry import ModelRegistry, bundled_model_path
    from proxy.relevance.lora import SMOKE_ADAPTER

    data = tmp_path / "mine.jsonl"
    data.write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    monkeypatch.setenv("VEIL_DATA_DIR", str(tmp_path / "data"))
    assert main(["eval", "piibench", "--data", str(data), "--no-progress", "--relevance", "lora:nope"]) == 2
    assert "relevance adapter 'nope': no local model named 'nope'" in capsys.readouterr().err  # clear, no traceback
    assert main(["eval", "piibench", "--data", str(data), "--no-progress", "--relevance-level", "max"]) == 2
    assert "relevance_level must be one of private, balanced, useful, got 'max'" in capsys.readouterr().err
    if not SMOKE_ADAPTER.exists() or bundled_model_path() is None:
        pytest.skip("smoke adapter or bundled base missing")
    ModelRegistry(tmp_path / "data").register("rel", SMOKE_ADAPTER, "relevance-lora")
    assert main(["eval", "piibench", "--data", str(data), "--no-progress", "--json", "--relevance", "all"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {"veil+lora:rel", "gold+lora:rel", "mask-all-detected", "oracle"} <= set(payload["systems"])
    assert payload["systems"]["gold+lora:rel"]["all"]["qr_f1"] is not None
    assert "lora:rel" in payload["info"]["extra judges"]
    assert main(["eval", "piibench", "--data", str(data), "--no-progress", "--json", "--relevance", "lora:rel",
                 "--relevance-level", "useful"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert {"veil+lora:rel@useful", "gold+lora:rel@useful"} <= set(payload["systems"])
    assert payload["info"]["extra relevance levels"] == "useful"
