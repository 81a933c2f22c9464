"""The detector's third stage (make model-detector-stage3): its training texts and the fixed generator replay."""

from __future__ import annotations

import subprocess
from pathlib import Path

from eval.dataset import load_samples
from local_models.training.replay import main as replay_main

REPO = Path(__file__).resolve().parents[1]
TEXTS = REPO / "local_models" / "training" / "texts"


def test_training_texts_load_and_follow_the_name_convention():
    total = 0
    for i in range(1, 7):
        samples, problems = load_samples(TEXTS / f"part{i}.jsonl")
        assert problems == [] and len(samples) == 50
        total += sum(len(s.entities) for s in samples)
        for s in samples:
            # a given name on its own is a Nickname: none of them is the first word of a full name in its text
            firsts = {e.text.split()[0] for e in s.entities if e.tag == "Full Name" and " " in e.text}
            lasts = {e.text.split()[-1] for e in s.entities if e.tag == "Full Name" and " " in e.text}
            assert not [e.text for e in s.entities if e.tag == "Full Name" and e.text in firsts - lasts
                        and not e.text.isupper()], s.id  # "NGUYEN": a surname written first, in capitals
    assert total == 4426


def _lines(n: int) -> str:
    return "".join(f'{{"id": "s{i}"}}\n' for i in range(n))


def test_replay_is_the_same_draw_for_the_same_seed(tmp_path: Path):
    single, multi = tmp_path / "train-single.jsonl", tmp_path / "train-multi.jsonl"
    single.write_text(_lines(50)), multi.write_text(_lines(40))
    for out in ("a", "b"):
        assert replay_main(["--seed", "16", "--out", str(tmp_path / out), f"{single}:7", f"{multi}:5"]) == 0
    a = (tmp_path / "a" / "replay-single.jsonl").read_text()
    assert a == (tmp_path / "b" / "replay-single.jsonl").read_text()
    assert len(a.splitlines()) == 7 and len(set(a.splitlines())) == 7
    assert len((tmp_path / "a" / "replay-multi.jsonl").read_text().splitlines()) == 5
    assert replay_main(["--seed", "17", "--out", str(tmp_path / "c"), f"{single}:7", f"{multi}:5"]) == 0
    assert (tmp_path / "c" / "replay-single.jsonl").read_text() != a


def test_make_runs_the_third_stage_from_the_committed_texts():
    dry = subprocess.run(["make", "-n", "model-detector"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    assert "model-detector-stage3" in dry
    dry = subprocess.run(["make", "-n", "model-detector-stage3"], cwd=REPO, capture_output=True, text=True,
                         check=True).stdout
    assert "cp local_models/training/texts/part*.jsonl build/hw-train/" in dry
    assert "-m local_models.training.replay --seed 16" in dry
    assert "--init-weights local_models/weights/veil-gliner-minilm" in dry
    assert "--work-dir build/gliner-work-stage3" in dry
