"""The HTML report of a PII-Bench run: `DIR/index.html` plus PNG plots beside it.

One page a person can read without tooling: headline tables per split, where
detection loses recall (per type and tag), how scores move with description
length, subjects and PII counts (the paper's Figure 4), latency, and the
paper's own numbers clearly fenced off as not comparable.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from eval.breakdown import FEATURES, Counts, by_feature, per_tag_recall, per_type
from eval.published import PUBLISHED
from eval.runner import ALL, RunResult

COLUMNS: tuple[tuple[str, str], ...] = (
    ("strict_f1", "Strict-F1"), ("ent_f1", "Ent-F1"), ("rouge_f1", "RougeL-F"), ("pooled_f1", "Pooled F1"),
    ("qr_f1", "QR F1"), ("qr_rouge_f1", "QR RougeL-F"),
    ("mask_f1", "Mask F1"), ("privacy", "Privacy P"), ("kept", "Kept"), ("B", "B"),
    ("latency_ms", "ms/sample"),
)  # fmt: skip
PLOT_METRICS: tuple[tuple[str, str], ...] = (("strict_f1", "detection Strict-F1"), ("qr_f1", "query-related F1"), ("B", "masking B"))

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0 1.2em}th,td{padding:.25em .6em;border:1px solid #ddd;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left;white-space:nowrap}
table.text td{text-align:left}tr.oracle td{color:#666;font-style:italic}.note{color:#555;font-size:.92em}
.warn{background:#fff6e0;border:1px solid #e8c36a;padding:.6em 1em}
img{max-width:100%;border:1px solid #eee;margin:.4em 0}
pre{white-space:pre-wrap;background:#f8f8f8;padding:.6em;font-size:.88em}
"""


def _fmt(value: float | None, digits: int = 3) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _table(
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    row_classes: Sequence[str] | None = None,
    groups: Sequence[tuple[str, int]] = (),
    css: str = "",
) -> str:
    """An HTML table; `groups` adds a header row of (label, column span) above `headers`."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    if groups:
        top = "".join(f"<th colspan={span} style='text-align:center'>{html.escape(label)}</th>" for label, span in groups)
        head = f"{top}</tr><tr>{head}"
    body = []
    for i, row in enumerate(rows):
        css = f' class="{row_classes[i]}"' if row_classes and row_classes[i] else ""
        body.append(f"<tr{css}>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>")
    table_class = f' class="{css}"' if css else ""
    return f"<table{table_class}><tr>{head}</tr>{''.join(body)}</table>"


def write_report(result: RunResult, directory: str | Path, info: dict[str, Any] | None = None) -> Path:
    """Write `index.html` and the plots into `directory`; returns the HTML path."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    plots = _plots(result, directory)
    parts = [f"<h1>PII-Bench evaluation</h1>{_run_info(result, info or {})}", _reading_guide()]
    parts.append(_headline(result))
    parts.append(_detection_tables(result))
    parts.append("<h2>Scores by sample features</h2><p class=note>Mean per bin, all splits together (cf. the paper's Figure 4).</p>")
    parts += [f'<img src="{html.escape(name)}" alt="{html.escape(name)}">' for name in plots]
    parts.append(_published())
    parts.append(_examples(result))
    page = (
        "<!doctype html><html lang=en><head><meta charset=utf-8><title>PII-Bench evaluation</title>"
        f"<style>{CSS}</style></head><body>{''.join(parts)}</body></html>"
    )
    path = directory / "index.html"
    path.write_text(page, encoding="utf-8")
    return path


def _run_info(result: RunResult, info: dict[str, Any]) -> str:
    counts = result.counts()
    items = [
        ("generated", datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")),
        ("samples", ", ".join(f"{split}: {n}" for split, n in counts.items())),
        ("systems", ", ".join(result.systems)),
        ("run time", f"{result.seconds:.1f} s"),
        *((str(k), str(v)) for k, v in info.items()),
    ]
    rows = "".join(f"<tr><th>{html.escape(k)}</th><td style='text-align:left'>{html.escape(v)}</td></tr>" for k, v in items)
    return f"<table>{rows}</table>"


def _reading_guide() -> str:
    return (
        "<div class=note><p><b>Reading the masking numbers.</b> Masking F1 alone never shows that relevance works: "
        "masking everything already scores high when the query needs few entities. Read the pair <b>Kept</b> "
        "(share of the query-related PII still present, i.e. the answer stays useful) and <b>Privacy P</b> "
        "(1 − occurrences of gold PII left / occurrences before), next to the <b>oracle</b>'s P, which is below 1 "
        "because needed entities stay. <b>B</b> = (P + Kept) / 2; masking everything and masking nothing both "
        "score about 0.5. <b>Pooled F1</b> is Strict-F1 with subjects ignored (not a paper metric): where it is far above "
        "Strict-F1, the loss is subject attribution, not detection. “—”: the system does not do that task "
        "(no detection, or no relevance judgement). <b>veil+JUDGE</b>: an extra relevance judge on veil's detections; "
        "<b>gold+JUDGE</b>: the same judge on the gold entities as candidates (the paper's “w/ Choice”), so its "
        "QR-F1 measures the judge alone. <b>ms/sample</b>: veil's row is what the pipeline costs; the rows after it "
        "reuse its detections and the judge's margins it already computed, so theirs are lower.</p></div>"
    )


def _headline(result: RunResult) -> str:
    summary = result.summary()
    counts = result.counts()
    out = ["<h2>Results per split</h2>"]
    for split in [*result.splits, ALL]:
        rows = [[html.escape(system)] + [_fmt(summary[system][split][key], 1 if key == "latency_ms" else 3) for key, _ in COLUMNS] for system in result.systems]
        classes = ["oracle" if system == "oracle" else "" for system in result.systems]
        out.append(f"<h3>{html.escape(split)} <span class=note>({counts[split]} samples)</span></h3>")
        out.append(_table(["system", *(label for _, label in COLUMNS)], rows, classes))
    return "".join(out)


def _detecting_systems(result: RunResult) -> list[str]:
    """Systems with their own detection (oracle and gold+ are gold; mask-all-detected and veil+ reuse veil's)."""
    skip = {"oracle", "mask-all-detected"}
    return [s for s in result.systems if s not in skip and not s.startswith(("veil+", "gold+")) and any(r.prediction.entities is not None for r in result.results[s])]


def _detection_tables(result: RunResult) -> str:
    systems = _detecting_systems(result)
    if not systems:
        return ""
    intro = (
        "<h2>Detection per type</h2><p class=note>Micro counts over distinct (text, type) per sample, subjects ignored. "
        "P/R need text and type; “text R” counts a gold text found with any type. mask-all-detected shares veil's detection.</p>"
    )
    out = [intro]
    for split in [ALL, *result.splits]:
        tables = {s: per_type(result.rows(s, split)) for s in systems}
        types = list(next(iter(tables.values())))
        rows = []
        for pii_type in types:
            gold = tables[systems[0]][pii_type].gold
            row = [pii_type, str(gold)]
            for s in systems:
                c = tables[s][pii_type]
                row += [str(c.predicted), _fmt(c.precision), _fmt(c.recall), _fmt(c.text_recall)]
            rows.append(row)
        headers = ["type", "gold"] + ["pred", "P", "R", "text R"] * len(systems)
        groups = [("", 2)] + [(s, 4) for s in systems]
        out.append(f"<h3>{html.escape(split)}</h3>" + _table(headers, rows, groups=groups))
    tags = {s: per_tag_recall(result.rows(s)) for s in systems}
    names = list(tags[systems[0]])
    rows = [[html.escape(tag), str(tags[systems[0]][tag].gold)] + [_fmt(tags[s].get(tag, Counts()).recall) for s in systems] for tag in names]
    out.append("<h3>Recall per gold tag (all splits)</h3>" + _table(["tag", "gold", *(f"{s} R" for s in systems)], rows))
    return "".join(out)


def _published() -> str:
    rows = [[html.escape(task), html.escape(system), html.escape(metric), f"{value:.3f}", html.escape(note)] for task, system, metric, value, note in PUBLISHED]
    return (
        "<h2>Published on the paper's own data, not comparable</h2>"
        "<p class=warn>These are the PII-Bench paper's numbers on its own human-written test set. Our samples are "
        "generated, with other texts, entity mixes and queries: use these only as orientation, never as a comparison "
        "with the tables above.</p>" + _table(["task", "system", "metric", "value", "note"], rows, css="text")
    )


def _examples(result: RunResult, per_split: int = 1, limit: int = 900) -> str:
    if "veil" not in result.results:
        return ""
    out = ["<h2>Examples</h2><p class=note>The first sample of each split, as veil and the oracle would send it.</p>"]
    for split in result.splits:
        for row in result.rows("veil", split)[:per_split]:
            sample = row.sample
            oracle = next((r.prediction.masked for r in result.results.get("oracle", []) if r.sample.id == sample.id), None)
            needed = ", ".join(q.text for q in sample.query_related) or "(none)"
            out.append(f"<h3>{html.escape(sample.id)}</h3><p><b>query:</b> {html.escape(sample.query)}<br><b>needed:</b> {html.escape(needed)}</p>")
            out.append(f"<p><b>veil sends</b></p><pre>{html.escape(_clip(row.prediction.masked, limit))}</pre>")
            if oracle is not None:
                out.append(f"<p><b>oracle sends</b></p><pre>{html.escape(_clip(oracle, limit))}</pre>")
    return "".join(out)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + " …"


def _plots(result: RunResult, directory: Path) -> list[str]:
    """Feature plots and the latency plot as PNG files; returns their file names."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    colors = {system: f"C{i}" for i, system in enumerate(result.systems)}
    markers = dict(zip(result.systems, "osD^vP*X"))
    width = {system: 3.2 if i == 0 else 1.4 for i, system in enumerate(result.systems)}  # overlapping lines stay visible
    names = []
    for feature, (label, _, _) in FEATURES.items():
        fig, axes = plt.subplots(1, len(PLOT_METRICS), figsize=(13, 3.6), sharey=True)
        for ax, (metric, title) in zip(axes, PLOT_METRICS):
            for system in result.systems:
                points = by_feature(result.rows(system), feature, metric)
                if points:
                    ax.plot([p[0] for p in points], [p[1] for p in points], marker=markers.get(system, "o"), label=system,
                            color=colors[system], linewidth=width[system], linestyle="--" if system == "oracle" else "-")
            ax.set_title(title)
            ax.set_xlabel(label)
            ax.set_ylim(-0.02, 1.02)
            ax.grid(alpha=0.3)
            ax.tick_params(axis="x", labelrotation=30)
        axes[0].set_ylabel("mean score")
        legend = {label: handle for ax in axes for handle, label in zip(*ax.get_legend_handles_labels())}
        fig.legend(list(legend.values()), list(legend), loc="center right", fontsize=9)
        fig.tight_layout(rect=(0, 0, 0.87, 1))
        name = f"by_{feature}.png"
        fig.savefig(directory / name, dpi=90)
        plt.close(fig)
        names.append(name)
    timed = [s for s in result.systems if any(r.scores.get("latency_ms") is not None for r in result.results[s])]
    if timed:
        fig, ax = plt.subplots(figsize=(8, 4))
        for system in timed:
            rows = [r for r in result.results[system] if r.scores.get("latency_ms") is not None]
            ax.scatter([len(r.sample.description) for r in rows], [r.scores["latency_ms"] for r in rows], s=8, alpha=0.5, label=system, color=colors[system])
        ax.set_xlabel("description length (characters)")
        ax.set_ylabel("latency per sample (ms)")
        ax.set_yscale("log")
        ax.set_title("latency per sample")
        ax.grid(alpha=0.3)
        ax.legend()
        fig.tight_layout()
        fig.savefig(directory / "latency.png", dpi=90)
        plt.close(fig)
        names.append("latency.png")
    return names
