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


def test_trained_elsewhere_on_a_cut_base_then_exported_here(tmp_path: Path) -> None:
    """The GPU route: train on a source-type cut of the base with transformers' tokenizer (no llama.cpp
    needed there), then --export-from exports and verifies that best.pt against the bundled base here."""
    pytest.importorskip("llama_cpp")
    from eval.generator.api import generate
    from local_models.registry import bundled_model_path
    from local_models.relevance_runtime import derive_base

    data = _write(tmp_path / "train.jsonl", generate("single", n=4, seed=5, family="train"))
    dev = _write(tmp_path / "dev.jsonl", generate("single", n=2, seed=6, family="dev"))
    cut = derive_base(bundled_model_path(), precision="source", n_layers=1, cache_dir=tmp_path / "cut")
    assert train.main(_args(tmp_path / "gpu", data, dev, "--max-steps", "2", "--base", str(cut),
                            "--tokenizer", "transformers", "--device", "cpu")) == 0
    best = torch.load(tmp_path / "gpu/best.pt", map_location="cpu", weights_only=False)
    assert best["state"]["step"] == 2 and best["args"]["tokenizer"] == "transformers"

    out = tmp_path / "export/adapter.gguf"
    export = [a for a in _args(tmp_path / "here", data, dev) if a != "--no-export"]
    # (llama.cpp's verification of an export is test_relevance_training's; two steps of a 1-block model leave
    # margins too close together for its decision-agreement check)
    assert train.main([*export, "--export-from", str(tmp_path / "gpu/best.pt"), "--out", str(out),
                       "--verify-n", "0"]) == 0
    sidecar = json.loads(out.with_suffix(".json").read_text())
    assert sidecar["steps"] == 2 and sidecar["base"] == bundled_model_path().name  # the run's record, this base
    assert sidecar["args"]["tokenizer"] == "transformers" and sidecar["args"]["device"] == "cpu"
    assert out.is_file() and sidecar["adapter_sha256"]
    with pytest.raises(SystemExit, match="rank"):
        train.main([*export, "--rank", "4", "--export-from", str(tmp_path / "gpu/best.pt"), "--out", str(out)])
