"""The detector's training command: a two-stage schedule (--first-stage-steps) that resumes where it stopped.

A real, tiny run of local_models.training.train_gliner on a few generator TRAIN samples (CPU, a few
steps): the shipped checkpoint is trained 1000 steps on their own schedule, then warm-restarted to 1600,
and `make model-detector` must rebuild it in one command that can be rerun after an interruption.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("gliner")
train_gliner = pytest.importorskip("local_models.training.train_gliner")


def _write(path: Path, samples: list[dict]) -> str:
    path.write_text("".join(json.dumps(s) + "\n" for s in samples), encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> tuple[str, str]:
    from eval.generator.api import generate

    root = tmp_path_factory.mktemp("stages")
    train = _write(root / "train.jsonl", generate("single", n=4, seed=5, family="train"))
    dev = _write(root / "dev.jsonl", generate("single", n=2, seed=6, family="dev"))
    return train, dev


def _args(work: Path, train: str, dev: str, *extra: str) -> list[str]:
    return ["--train", train, "--dev", dev, "--dev-n", "2", "--work-dir", str(work), "--out", str(work / "out"),
            "--card", str(work / "card.md"), "--batch-size", "2", "--max-words", "60", "--save-steps", "2",
            "--threads", "1", "--no-bf16", "--seed", "3", *extra]


def test_two_stages_then_a_rerun_resumes_without_retraining(tmp_path, files):
    train, dev = files
    work = tmp_path / "work"
    assert train_gliner.main(_args(work, train, dev, "--first-stage-steps", "2", "--max-steps", "4")) == 0
    ckpts = sorted(p.name for p in (work / "ckpt").glob("checkpoint-*"))
    assert ckpts == ["checkpoint-2", "checkpoint-4"]
    state = json.loads((work / "ckpt" / "checkpoint-4" / "trainer_state.json").read_text())
    assert state["global_step"] == 4 and state["max_steps"] == 4
    first = json.loads((work / "ckpt" / "checkpoint-2" / "trainer_state.json").read_text())
    assert first["max_steps"] == 2  # the first stage ran on its own schedule
    steps = [json.loads(line)["step"] for line in (work / "dev_scores.jsonl").read_text().splitlines()]
    assert steps == [2, 4]
    labels = json.loads((work / "out" / "veil_labels.json").read_text())
    assert labels["trained_step"] in (2, 4)
    card = (work / "card.md").read_text()
    assert "--first-stage-steps 2" in card and "restarts warm" in card
    # rerun: both stages are done, nothing is trained again
    assert train_gliner.main(_args(work, train, dev, "--first-stage-steps", "2", "--max-steps", "4")) == 0
    steps = [json.loads(line)["step"] for line in (work / "dev_scores.jsonl").read_text().splitlines()]
    assert steps == [2, 4]


def test_a_later_stage_continues_from_an_earlier_runs_checkpoint_on_new_data(tmp_path, files):
    train, dev = files
    first = tmp_path / "first"
    assert train_gliner.main(_args(first, train, dev, "--max-steps", "2", "--no-export")) == 0
    assert not (first / "out").exists()  # --no-export: an earlier stage leaves the shipped files alone
    later = tmp_path / "later"
    source = first / "ckpt" / "checkpoint-2"
    assert train_gliner.main(_args(later, train, dev, "--max-steps", "4", "--init-from", str(source))) == 0
    state = json.loads((later / "ckpt" / "checkpoint-4" / "trainer_state.json").read_text())
    assert state["global_step"] == 4  # carried on from step 2, not restarted
    steps = [json.loads(line)["step"] for line in (later / "dev_scores.jsonl").read_text().splitlines()]
    assert steps == [4]  # selection starts afresh in the new work dir
    card = (later / "card.md").read_text()
    assert f"--init-from {source}" in card and "continued from" in card
    with pytest.raises(SystemExit, match="not a training checkpoint"):
        train_gliner.main(_args(tmp_path / "bad", train, dev, "--max-steps", "4", "--init-from", str(tmp_path)))


SHIPPED = Path(__file__).resolve().parents[1] / "local_models" / "weights" / "veil-gliner-minilm"


def test_examples_built_once_then_trained_elsewhere_from_the_shipped_weights(tmp_path, files):
    """--dump-examples writes the augmented examples where the data packages are; --examples trains on them
    (e.g. on a GPU machine that has neither the generator's nor the open banks' packages), and --init-weights
    starts from a trained checkpoint instead of the bare encoder."""
    from safetensors.torch import load_file

    train, dev = files
    dump = tmp_path / "examples.jsonl.xz"
    assert train_gliner.main(_args(tmp_path / "build", train, dev, "--copies", "2", "--dump-examples", str(dump))) == 0
    assert not (tmp_path / "build" / "out").exists() and not (tmp_path / "build" / "ckpt").exists()
    from local_models.training.labels import label_map

    labels = list(dict.fromkeys(label_map("soft")))
    rows = train_gliner.read_examples(dump, labels)
    assert len(rows) >= 8  # 4 samples, 2 copies each
    assert all(r["tokenized_text"] and sorted(r["ner_labels"]) == sorted(labels) for r in rows)
    assert any(r["ner"] for r in rows)

    work = tmp_path / "gpu"
    unused = str(tmp_path / "not-read.jsonl")  # --train is only recorded when --examples is given
    assert train_gliner.main(_args(work, unused, dev, "--examples", str(dump), "--init-weights", str(SHIPPED),
                                   "--freeze-layers", "0", "--max-steps", "2", "--no-export")) == 0
    run = json.loads((work / "run.json").read_text())
    # the dump's build record, not the (unread) --train and default --copies of this run, says how they were made
    assert run["n_examples"] == len(rows) and run["n_samples"] == 4
    assert run["args"]["train"] == [train] and run["args"]["copies"] == 2 and run["args"]["data_seed"] == 3
    shipped = load_file(str(SHIPPED / "model.safetensors"))
    trained = load_file(str(work / "best" / "model.safetensors"))
    emb = next(k for k in shipped if k.endswith("embeddings.word_embeddings.weight"))
    assert (trained[emb].float() == shipped[emb].float()).all()  # started from the shipped weights, embeddings frozen
    assert any(not (trained[k].float() == v.float()).all() for k, v in shipped.items() if k != emb)  # and trained


def test_asking_for_a_gpu_that_is_not_there_is_a_clear_error(tmp_path, files):
    torch = pytest.importorskip("torch")
    if torch.cuda.is_available():
        pytest.skip("this machine has a CUDA GPU")
    train, dev = files
    with pytest.raises(SystemExit, match="no CUDA GPU"):
        train_gliner.main(_args(tmp_path / "w", train, dev, "--device", "cuda", "--max-steps", "2", "--no-export"))


def test_dev_files_are_needed_to_train_but_not_to_dump_examples():
    args = train_gliner.parse_args(["--train", "t.jsonl", "--dump-examples", "ex.jsonl.xz"])
    assert args.dev == [] and args.dump_examples == "ex.jsonl.xz"
    with pytest.raises(SystemExit):
        train_gliner.parse_args(["--train", "t.jsonl"])  # argparse: "--dev is required to select and export a model"
    with pytest.raises(SystemExit):
        train_gliner.parse_args(["--dev", "d.jsonl"])  # neither --train nor --examples
