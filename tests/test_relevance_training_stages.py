"""The relevance LoRA's second training stage: --init-from starts from an earlier stage's adapter.

A real, tiny run of local_models.training.relevance.train (the bundled SmolLM2 base cut to 1 block,
rank 2, a few steps on generator TRAIN samples, no export): the shipped adapter is stage 1 trained on
further with situational queries, and stage 2 must start exactly where stage 1 ended and be judged on
its own dev set against that starting point.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("transformers")
pytest.importorskip("gguf")
torch = pytest.importorskip("torch")
train = pytest.importorskip("local_models.training.relevance.train")


def _write(path: Path, samples: list[dict]) -> str:
    path.write_text("".join(json.dumps(s) + "\n" for s in samples), encoding="utf-8")
    return str(path)


def _args(work: Path, train_file: str, dev_file: str, *extra: str) -> list[str]:
    return ["--train", train_file, "--dev", dev_file, "--work-dir", str(work), "--n-layers", "1", "--rank", "2",
            "--alpha", "4", "--batch-size", "2", "--warmup-steps", "1", "--save-steps", "2", "--eval-steps", "2",
            "--threads", "1", "--no-export", *extra]


def test_second_stage_starts_from_the_first_and_scores_it_first(tmp_path: Path) -> None:
    from eval.generator.api import generate

    stage1_data = _write(tmp_path / "train1.jsonl", generate("single", n=4, seed=5, family="train"))
    stage2_data = _write(tmp_path / "train2.jsonl", generate("single", n=4, seed=5, family="train", situational=1.0))
    dev = _write(tmp_path / "dev.jsonl", generate("single", n=2, seed=6, family="dev", situational=1.0))
    assert train.main(_args(tmp_path / "s1", stage1_data, dev, "--max-steps", "2")) == 0
    first = torch.load(tmp_path / "s1/ckpt/step-2.pt", map_location="cpu", weights_only=False)

    assert train.main(_args(tmp_path / "s2", stage2_data, dev, "--max-steps", "2",
                            "--init-from", str(tmp_path / "s1/ckpt/step-2.pt"))) == 0
    second = torch.load(tmp_path / "s2/ckpt/step-2.pt", map_location="cpu", weights_only=False)
    best = torch.load(tmp_path / "s2/best.pt", map_location="cpu", weights_only=False)
    history = second["state"]["history"]
    # stage 2 scored stage 1's adapter on its dev set before training, then trained on from step 0
    assert [h["step"] for h in history] == [0, 2]
    assert second["state"]["step"] == 2 and second["sched"]["last_epoch"] == 2
    assert best["step"] in (0, 2) and "bias" in best
    changed = [k for k in first["lora"] if not torch.equal(first["lora"][k], second["lora"][k])]
    assert changed, "stage 2 did not train"
    if best["step"] == 0:   # nothing beat the starting point: the best is stage 1's adapter itself
        assert all(torch.equal(first["lora"][k], best["lora"][k]) for k in first["lora"])
        assert torch.equal(first["bias"], best["bias"])
