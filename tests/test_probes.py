"""`veil eval probes`: leaks and damage on must_mask / must_keep prompts, through the real engine (patterns)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from eval.probes import load_probes

REPO = Path(__file__).resolve().parents[1]


def run_probes(tmp_path: Path, *files: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "VEIL_CONFIG": str(tmp_path / "config.toml"), "VEIL_DATA_DIR": str(tmp_path / "data"),
           "VEIL_DETECTORS": "patterns", "VEIL_RELEVANCE": ""}
    return subprocess.run([sys.executable, "-m", "proxy.cli", "eval", "probes", "--json", "--data", *files],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=300)


def test_counts_undetected_values_and_damaged_words(tmp_path: Path):
    probes = tmp_path / "probes.jsonl"
    rows = [
        {"prompt": "My key is sk-proj-4f8a9b2c7d1e6f3a0b5c8d2e9f1a7b3c, why 401?", "must_mask": ["sk-proj-4f8a9b2c7d1e6f3a0b5c8d2e9f1a7b3c"],
         "must_keep": ["401"]},
        {"prompt": "Call me on +44 20 7946 0958 about the Quixotic plan", "must_mask": ["+44 20 7946 0958", "Quixotic"],
         "must_keep": ["plan"]},
    ]
    probes.write_text("\n".join(json.dumps(r) for r in rows) + "\nnot json\n", encoding="utf-8")
    result = run_probes(tmp_path, str(probes))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    # no judge: query-aware masks all it finds; "Quixotic" is no PII the patterns know
    assert (data["prompts"], data["must_mask"], data["undetected"], data["kept"], data["damaged"]) == (2, 3, 1, 0, 0)
    assert data["problems"][0]["undetected"] == ["Quixotic"]
    assert len(data["rejected"]) == 1 and "probes.jsonl:3" in data["rejected"][0]


def test_a_value_missing_from_its_prompt_rejects_the_line(tmp_path: Path):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps({"prompt": "hello", "must_mask": ["Ann"]}) + "\n", encoding="utf-8")
    probes, rejected = load_probes(path)
    assert probes == [] and "not in the prompt" in rejected[0]


def test_the_bundled_probe_sets_are_well_formed():
    for name in ("probe-tech.jsonl", "probe-life.jsonl", "probe-docs.jsonl", "probe-struct.jsonl", "probe-script.jsonl",
                 "probe-val.jsonl", "probe-val2.jsonl"):
        probes, rejected = load_probes(REPO / "eval" / "data" / name)
        assert rejected == [] and len(probes) >= 50
