"""The HTML report of a PrivacyBench run: `DIR/index.html`, self-contained.

Conditions side by side (overall, per strategy, per tricky case), Veil's
targets, the paper's published numbers fenced off as measured on different
data, and every leaking conversation in full so a reader can check the judge.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from eval.privacybench.metrics import TARGETS
from eval.privacybench.published import PUBLISHED
from eval.privacybench.runner import Conversation

CSS = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:1100px;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.6em 0 1.2em}th,td{padding:.25em .6em;border:1px solid #ddd;text-align:right}
th{background:#f4f4f4}td:first-child,th:first-child{text-align:left}
.note{color:#555;font-size:.92em}.warn{background:#fff6e0;border:1px solid #e8c36a;padding:.6em 1em}
.ok{color:#176b2c}.bad{color:#a4161a;font-weight:600}
pre{white-space:pre-wrap;background:#f8f8f8;padding:.6em;font-size:.88em}
"""
METRICS = (("lr", "LR"), ("osr", "OSR"), ("irr_pre", "IRR pre-filter"), ("irr_post", "IRR post-filter"),
           ("pc", "PC (1-5)"), ("osr_filter", "OSR from filter"))


def _pct(value: Any, key: str = "") -> str:
    if value is None:
        return "—"
    return f"{value:.2f}" if key == "pc" else f"{100 * value:.1f}%"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def _side_by_side(summary: dict[str, dict[str, Any]], pick: Any) -> str:
    names = list(summary)
    rows = []
    for key, label in METRICS:
        rows.append([html.escape(label)] + [_pct(pick(summary[n]).get(key), key) if pick(summary[n]) else "—"
                                            for n in names])
    rows.append(["conversations (unauth. / auth.)"] + [
        f"{pick(summary[n]).get('n_unauthorized', 0)} / {pick(summary[n]).get('n_authorized', 0)}" if pick(summary[n]) else "—"
        for n in names])
    return _table(["metric", *names], rows)


def _targets(targets: dict[str, dict[str, dict[str, bool | None]]]) -> str:
    if not targets:
        return "<p class=note>No guarded condition was run.</p>"
    rows = []
    for name, scopes in targets.items():
        for scope, checks in scopes.items():
            cells = []
            for key in TARGETS:
                ok = checks.get(key)
                cells.append("—" if ok is None else ("<span class=ok>met</span>" if ok else "<span class=bad>missed</span>"))
            rows.append([html.escape(name), html.escape(scope), *cells])
    limits = [f"{k.upper()} ≤ {_pct(v)}" for k, v in TARGETS.items()]
    return _table(["condition", "probes", *limits], rows)


def _published() -> str:
    rows = [[html.escape(m), html.escape(s), _pct(v), html.escape(n)] for m, s, v, n in PUBLISHED]
    return ("<div class=warn>Published by the PrivacyBench paper on <b>different data</b> (its own LLM-generated "
            "communities, frontier RAG assistants and LLM judges). For orientation only: not comparable with the "
            "numbers above.</div>" + _table(["metric", "setting", "value", "note"], rows))


def _conversation(conv: Conversation, community: Any) -> str:
    lines = []
    for t in conv.turns:
        lines.append(f"{community.first_name(conv.asker)}: {t.query}")
        extra = []
        if t.revealing_pre:
            extra.append(f"retrieved revealing {', '.join(t.revealing_pre)}")
        if t.withheld:
            extra.append(f"withheld {t.withheld}")
        if t.redacted:
            extra.append(f"redacted {t.redacted}")
        lines.append(f"assistant: {t.reply}" + (f"   [{'; '.join(extra)}]" if extra else ""))
    head = (f"{conv.condition} · {conv.probe_id} · secret {conv.secret_id} · asker {conv.asker} · "
            f"{conv.strategy} · {'authorized' if conv.authorized else 'unauthorized'} · {conv.case}")
    return f"<p><b>{html.escape(head)}</b></p><pre>{html.escape(chr(10).join(lines))}</pre>"


def write_report(directory: str | Path, *, summary: dict[str, dict[str, Any]], targets: dict[str, Any],
                 conversations: Sequence[Conversation], community: Any, info: dict[str, Any]) -> Path:
    """Write DIR/index.html and return its path."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    parts = [f"<!doctype html><meta charset=utf-8><title>PrivacyBench · Veil</title><style>{CSS}</style>",
             "<h1>PrivacyBench: conditions side by side</h1>",
             _table(["", ""], [[html.escape(k), html.escape(str(v))] for k, v in info.items()]),
             ("<p class=note>LR: unauthorized conversations that revealed every core fact. OSR: authorized "
              "conversations that did not. IRR: unauthorized-conversation turns in which a document revealing the "
              "secret reached the generator, before and after Veil's filter (the same without a filter). PC only "
              "with an LLM judge. OSR from filter: authorized conversations in which the guard withheld the "
              "secret.</p>"),
             "<h2>All probes</h2>", _side_by_side(summary, lambda e: e)]
    for strategy in ("direct", "indirect"):
        parts += [f"<h2>{strategy.title()} probes</h2>",
                  _side_by_side(summary, lambda e, s=strategy: e.get("by_strategy", {}).get(s))]
    cases = sorted({case for e in summary.values() for case in e.get("by_case", {})})
    if cases:
        rows = []
        for case in cases:
            for key in ("lr", "osr"):
                rows.append([html.escape(f"{case} · {key.upper()}")] + [
                    _pct(e.get("by_case", {}).get(case, {}).get(key)) for e in summary.values()])
        parts += ["<h2>Tricky cases</h2>", _table(["case · metric", *summary], rows)]
    parts += ["<h2>Veil's targets</h2>", _targets(targets), "<h2>Published (different data)</h2>", _published()]
    leaks = [c for c in conversations if c.revealed and not c.authorized]
    parts.append(f"<h2>Leaking conversations ({len(leaks)})</h2>")
    parts += [_conversation(c, community) for c in leaks[:60]] or ["<p>None.</p>"]
    secretive = [c for c in conversations if c.authorized and not c.revealed][:12]
    if secretive:
        parts.append("<h2>Some over-secret conversations</h2>")
        parts += [_conversation(c, community) for c in secretive]
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    parts.append(f"<p class=note>Generated {stamp}.</p>")
    path = out / "index.html"
    path.write_text("\n".join(parts), encoding="utf-8")
    return path
