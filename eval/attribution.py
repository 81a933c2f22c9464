"""Subject attribution on DEV sets, fast: detect once, re-attribute as often as a rule changes.

Attribution (`proxy.subjects.assign_subjects`) is rule-based and runs after detection, so a change to it never
changes what is detected. `dump` stores the pipeline's entities of every sample (subjects dropped); `score`
re-attributes them with the current `proxy.subjects` and prints each file's mean Strict-F1 (the eval's metric,
the number `veil eval piibench` gives for the same detectors) in seconds rather than minutes, and, against an
earlier score file, which texts got better or worse (the per-text check of the attribution policies in
`docs/eval.md`). Detection changes still need the whole pipeline.

    python -m eval.attribution dump build/attr-dev.jsonl local_models/training/texts/part*.jsonl
    python -m eval.attribution score build/attr-dev.jsonl --out build/attr-base.json
    python -m eval.attribution score build/attr-dev.jsonl --against build/attr-base.json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from eval.dataset import Sample, load_samples
from eval.metrics import score_sample
from eval.prediction import Prediction
from eval.systems import distinct_entities
from proxy.entities import Entity
from proxy.subjects import assign_subjects


def dump(files: Sequence[str | Path], out: str | Path, detectors: Sequence[str] = ("patterns", "gliner")) -> int:
    """Write one JSON line per sample: its file, id and detected entities without subjects. Returns the count."""
    from proxy.config import load_settings
    from proxy.factory import build_engine

    detector = build_engine(load_settings(relevance="", detectors=list(detectors))).detector
    count = 0
    with open(out, "w", encoding="utf-8") as handle:
        for path in files:
            samples, _ = load_samples(path)
            for sample in samples:
                entities = [replace(e, subject=None).to_dict() for e in detector.detect(sample.description)]
                handle.write(json.dumps({"file": str(path), "id": sample.id, "entities": entities}) + "\n")
                count += 1
    return count


def strict_f1(sample: Sample, entities: Sequence[Entity]) -> float:
    """The sample's Strict-F1 once `entities` (subjects unset) are attributed by the current rules."""
    attributed = assign_subjects(sample.description, [replace(e, subject=None) for e in entities])
    prediction = Prediction(entities=distinct_entities(attributed), query_related=None, masked="")
    value = score_sample(sample, prediction)["strict_f1"]
    return float(value) if value is not None else 0.0


def score(dump_file: str | Path) -> dict[str, dict[str, float]]:
    """Per file, per sample id: Strict-F1 with the current attribution rules."""
    samples: dict[str, dict[str, Sample]] = {}
    out: dict[str, dict[str, float]] = {}
    with open(dump_file, encoding="utf-8") as handle:
        for line in handle:
            row = json.loads(line)
            path = row["file"]
            if path not in samples:
                samples[path] = {s.id: s for s in load_samples(path)[0]}
            entities = [Entity(**{k: v for k, v in e.items() if k != "type"}) for e in row["entities"]]
            out.setdefault(path, {})[row["id"]] = strict_f1(samples[path][row["id"]], entities)
    return out


def _report(scores: dict[str, dict[str, float]], against: dict[str, dict[str, float]] | None) -> str:
    lines = []
    every = [v for per in scores.values() for v in per.values()]
    for path, per in scores.items():
        lines.append(f"{Path(path).name}: {len(per)} texts, Strict-F1 {sum(per.values()) / len(per):.4f}")
    lines.append(f"all: {len(every)} texts, Strict-F1 {sum(every) / max(1, len(every)):.4f}")
    if against is not None:
        better, worse = [], []
        for path, per in scores.items():
            for sample_id, value in per.items():
                before = against.get(path, {}).get(sample_id)
                if before is None:
                    continue
                if value > before + 1e-9:
                    better.append(f"{Path(path).name}:{sample_id}")
                elif value < before - 1e-9:
                    worse.append(f"{Path(path).name}:{sample_id}")
        old = [v for per in against.values() for v in per.values()]
        lines.append(f"against: Strict-F1 {sum(old) / max(1, len(old)):.4f} -> {sum(every) / max(1, len(every)):.4f}, "
                     f"{len(better)} better, {len(worse)} worse")
        lines += [f"  better {name}" for name in better] + [f"  worse  {name}" for name in worse]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.attribution", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    d = commands.add_parser("dump", help="detect every sample once and store the entities")
    d.add_argument("out")
    d.add_argument("files", nargs="+")
    d.add_argument("--detectors", default="patterns,gliner", help="comma-separated (default: patterns,gliner)")
    s = commands.add_parser("score", help="re-attribute a dump with the current rules and score it")
    s.add_argument("dump")
    s.add_argument("--out", help="write the per-text scores here (JSON)")
    s.add_argument("--against", help="an earlier --out file: list the texts that got better or worse")
    args = parser.parse_args(argv)
    if args.command == "dump":
        count = dump(args.files, args.out, [name.strip() for name in args.detectors.split(",") if name.strip()])
        print(f"{count} samples -> {args.out}")
        return 0
    scores = score(args.dump)
    against = json.loads(Path(args.against).read_text(encoding="utf-8")) if args.against else None
    print(_report(scores, against))
    if args.out:
        Path(args.out).write_text(json.dumps(scores), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
