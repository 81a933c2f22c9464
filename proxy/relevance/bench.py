"""Latency of the relevance stage on a ~1,000-character prompt with 15 PII candidates.

    python -m proxy.relevance.bench [--adapter FILE.gguf] [--iterations 20] [--threads 2]
                                    [--method multiseq|sequential|both] [--json]

Times `judge.needed()` (the query-aware stage itself: question extraction,
prompt building, llama.cpp scoring) on a fixed hand-written prompt whose 15
candidates are given, so the number does not depend on which detectors are
installed. The first call (model load, base derivation) is reported apart.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from proxy.entities import Entity

PROMPT = (
    "Hi there, I'm forwarding all of my details for the mortgage pre-check you asked about. My name is Daniela Ortiz Brenner and I am 38 "
    "years old. I work as a senior radiographer at Northfield General Hospital and have been there for six "
    "years. My monthly income is $6,450 after tax, my monthly expenses come to roughly $3,900 and my current "
    "account balance is $18,200. I already have a car loan of $12,500 and my credit score is 731. We live at "
    "48 Larkspur Avenue in Portland, Oregon, close to the Pearl District. I was diagnosed with type 1 "
    "diabetes in 2009, which is well controlled. I'm a member of the Green Party, and I hold a master's "
    "degree in medical imaging from Oregon State University. You can reach me at d.ortiz.b@fastmail.com or "
    "on 503-555-0187. We would prefer a 30-year fixed rate and plan to buy within the next twelve months.\n\n"
    "Given my income, expenses and existing loan, how large a mortgage could I realistically afford, and "
    "would my credit score get me a good rate?"
)
QUERY = PROMPT
CANDIDATE_TAGS = [
    ("Daniela Ortiz Brenner", "Full Name"), ("38", "Age"), ("senior radiographer", "Occupation"),
    ("Northfield General Hospital", "Healthcare Facility"), ("six years", "Duration"), ("$6,450", "Monthly Income"),
    ("$3,900", "Monthly Expenses"), ("$18,200", "Account Balance"), ("$12,500", "Loan Amount"),
    ("731", "Credit Score"), ("48 Larkspur Avenue", "Street Address"), ("Portland", "City/Region"),
    ("type 1 diabetes", "Medical Condition"), ("Green Party", "Political Affiliation"),
    ("d.ortiz.b@fastmail.com", "Email Address"), ("503-555-0187", "Phone Number"),
]


def candidates(limit: int = 15, *, with_name: bool = False) -> list[Entity]:
    """`limit` candidates; by default all judged ones (no PER, which is never scored)."""
    out = []
    for text, tag in CANDIDATE_TAGS:
        if tag == "Full Name" and not with_name:
            continue
        start = PROMPT.index(text)
        out.append(Entity(text, start, start + len(text), tag))
    return out[:limit]


def _time(judge: Any, cands: list[Entity], iterations: int) -> dict[str, float]:
    times = []
    for _ in range(iterations):
        started = time.perf_counter()
        judge.needed(QUERY, cands, [PROMPT] * len(cands))
        times.append(time.perf_counter() - started)
    times.sort()
    return {"p50_ms": round(statistics.median(times) * 1000, 1),
            "p90_ms": round(times[int(0.9 * (len(times) - 1))] * 1000, 1),
            "min_ms": round(times[0] * 1000, 1)}


def run(adapter: str | None = None, iterations: int = 20, threads: int | None = None,
        methods: tuple[str, ...] = ("multiseq",), n_candidates: int = 15) -> dict[str, Any]:
    from proxy.relevance.lora import BUNDLED_ADAPTER, SMOKE_ADAPTER, LoraJudge

    path = adapter or (BUNDLED_ADAPTER if BUNDLED_ADAPTER.exists() else SMOKE_ADAPTER)
    cands = candidates(n_candidates)
    result: dict[str, Any] = {"prompt_chars": len(PROMPT), "candidates": len(cands),
                              "judged": sum(1 for c in cands if c.type.value != "PER"), "adapter": str(path),
                              "threads": threads}
    for method in methods:
        judge = LoraJudge(path, n_threads=threads, method=method, margin_cache_size=0)  # time the model
        started = time.perf_counter()
        judge.needed(QUERY, cands, [PROMPT] * len(cands))
        first = time.perf_counter() - started
        cpu0 = time.process_time()
        timing = _time(judge, cands, iterations)
        timing["cpu_ms_per_call"] = round((time.process_time() - cpu0) / iterations * 1000, 1)
        scorer = judge.scorer()
        result[method] = {"first_call_ms": round(first * 1000, 1), **timing,
                          "base": scorer.base_path.name, "n_threads": scorer.n_threads}
        judge.close()
    return result


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--adapter", help="relevance LoRA GGUF (default: the bundled one, else the smoke adapter)")
    p.add_argument("--iterations", type=int, default=20)
    p.add_argument("--threads", type=int, default=None)
    p.add_argument("--candidates", type=int, default=15)
    p.add_argument("--method", choices=("multiseq", "sequential", "both"), default="multiseq")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    methods = ("multiseq", "sequential") if args.method == "both" else (args.method,)
    result = run(args.adapter, args.iterations, args.threads, methods, args.candidates)
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{result['prompt_chars']}-char prompt, {result['candidates']} candidates "
              f"({result['judged']} judged), adapter {result['adapter']}")
        for m in methods:
            r = result[m]
            print(f"  {m:<10} p50 {r['p50_ms']} ms  p90 {r['p90_ms']} ms  min {r['min_ms']} ms  "
                  f"cpu {r['cpu_ms_per_call']} ms/call  (first call {r['first_call_ms']} ms, {r['n_threads']} threads)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
