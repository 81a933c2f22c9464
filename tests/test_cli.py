"""The `veil` command line as a user runs it (real subprocesses)."""

import json
import os
import subprocess
import sys

import pytest

TEXT = "Mail ann.lee@example.org or call +44 20 7946 0958; card 4111 1111 1111 1111."


def veil(*args: str, stdin: str = "", tmp_path=None, timeout: int = 180,
         detectors: str | None = "patterns", **extra_env: str) -> subprocess.CompletedProcess:
    """`veil ARGS` in a child process; `detectors` pins VEIL_DETECTORS (these test the CLI, not the
    models: patterns find everything TEXT holds), None keeps the embedded default."""
    env = {**os.environ, "VEIL_CONFIG": str(tmp_path / "config.toml"), "VEIL_DATA_DIR": str(tmp_path / "data")}
    env.pop("VEIL_DETECTORS", None)
    if detectors is not None:
        env["VEIL_DETECTORS"] = detectors
    env.update(extra_env)
    return subprocess.run([sys.executable, "-m", "proxy.cli", *args], input=stdin, capture_output=True,
                          text=True, env=env, timeout=timeout)


def test_mask_prints_masked_text(tmp_path):
    result = veil("mask", "--query", "", stdin=TEXT, tmp_path=tmp_path)  # no request: every value is masked
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "Mail <Email Address 1> or call <Phone Number 1>; card <Credit Card 1>."


def test_mask_without_query_judges_the_text_as_its_own_request(tmp_path):
    """Piped text is read as the proxy reads a one-message chat: its own ask decides what stays."""
    text = "I have type 2 diabetes and my phone is 07700 900123. Can you suggest a weekly meal plan for my condition?"
    implicit = json.loads(veil("mask", "--json", stdin=text, tmp_path=tmp_path).stdout)
    explicit = json.loads(veil("mask", "--json", "--query", text, stdin=text, tmp_path=tmp_path).stdout)
    assert implicit == explicit
    by_tag = {e["tag"]: e for e in implicit["entities"]}
    assert by_tag["Phone Number"]["masked"] and by_tag["Phone Number"]["reason"] == "not needed by the query"
    assert "no query to judge relevance" not in {e["reason"] for e in implicit["entities"]}


def test_mask_json_lists_entities_with_decisions(tmp_path):
    result = veil("mask", "--json", "--policy", "all", "--query", "who should I call?", stdin=TEXT, tmp_path=tmp_path)
    data = json.loads(result.stdout)
    assert data["policy"] == "all"
    by_tag = {e["tag"]: e for e in data["entities"]}
    assert set(by_tag) == {"Email Address", "Phone Number", "Credit Card"}
    assert by_tag["Credit Card"]["reason"] == "always-mask tag"
    assert all(TEXT[e["start"]:e["end"]] == e["text"] for e in data["entities"])


def test_mask_policy_off_changes_nothing(tmp_path):
    assert veil("mask", "--policy", "off", stdin=TEXT, tmp_path=tmp_path).stdout.strip() == TEXT


def test_bad_config_is_a_clear_error_not_a_traceback(tmp_path):
    (tmp_path / "config.toml").write_text("never_mask = ['Shoe Size']")
    result = veil("mask", stdin=TEXT, tmp_path=tmp_path)
    assert result.returncode == 2
    assert "unknown PII tag 'Shoe Size'" in result.stderr and "Traceback" not in result.stderr


def test_models_reports_readiness(tmp_path):
    result = veil("models", "--json", tmp_path=tmp_path, detectors=None)  # the default, checked without loading
    rows = {row["name"]: row for row in json.loads(result.stdout)}
    assert rows["patterns"]["ready"] and rows["patterns"]["in_use"]
    assert rows["gliner"]["ready"] and rows["gliner"]["in_use"]
    assert rows["smollm2-135m-instruct"]["ready"]


def test_models_prepare_loads_and_times_the_configured_models(tmp_path):
    result = veil("models", "prepare", "--json", tmp_path=tmp_path, VEIL_RELEVANCE="")
    assert result.returncode == 0, result.stderr
    [row] = json.loads(result.stdout)
    assert (row["name"], row["kind"], row["ready"]) == ("patterns", "detector", True) and row["seconds"] >= 0


@pytest.mark.slow
def test_bench_json_has_the_documented_keys(tmp_path):
    # the bench's mechanics; with the default detectors it measures GLiNER too (a minute more here)
    result = veil("bench", "--json", "--iterations", "3", tmp_path=tmp_path, timeout=300)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["detectors"] == ["patterns"]
    for key in ("detect_p50_ms", "detect_p95_ms", "full_p50_ms", "full_p95_ms", "passthrough_p50_ms", "rss_mb"):
        assert isinstance(data[key], float), key
    assert data["prompts"]["1000"]["entities"] >= 10
    assert 0 < data["detect_p50_ms"] <= data["detect_p95_ms"]
    chat = data["chat"]  # a conversation re-sent whole: timed cold and as a later turn
    assert chat["messages"] == 6 and all(chat[f"{k}_p50_ms"] > 0 for k in ("cold", "later_turn", "tool_step"))
    assert 0 < chat["judged"] < chat["judged_with_tool_result"]  # the tool result brings values of its own
