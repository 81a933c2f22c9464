"""`python -m proxy.guard.bench`: latency of `SecretGuard.inspect` and its memory cost.

A throwaway store (temp dir, plaintext file keyring) holds the 20 secrets of
`proxy.guard.calibration`; the request is ~1,000 characters over a system
prompt, a retrieved document (one sentence of which reveals a secret),
an earlier turn and the question. Reported:

* cold: every request sentence embedded anew (embedding cache cleared; the
  secrets' own vectors stay cached, as they do in the proxy);
* warm: the same request again, as when a chat client resends its history;
* RSS before anything is loaded, with torch + transformers imported (the
  proxy already holds them when the gliner detector is on), after the model
  loads, after the runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

import psutil

SYSTEM = "You are a helpful assistant for a small analytics team. Answer concisely and cite the notes."
DOCUMENT = (
    "Meeting notes, 12 June. The quarterly dashboard migration is two weeks behind schedule. "
    "Priya wants the churn model retrained on the spring data before the board meeting. "
    "Management plans to cut almost a third of the Leeds staff this autumn. "
    "Sam will own the data-quality checks and report back on Thursday. "
    "The new BI licence costs were approved by finance. "
    "Lena asked whether the Tableau workbooks can be archived once the migration is done. "
    "Next sync is on the 19th in room 4B, and Tom will bring the updated capacity forecast. "
    "Remember that the Berlin team joins remotely."
)
HISTORY = (
    "Earlier you suggested splitting the migration into three phases; that worked well. "
    "Phase one moved the raw tables, phase two the transformations."
)
QUERY = (
    "Can you turn these notes into a short status update for the whole analytics team, with the "
    "main risks, the owners and the next deadlines? Keep it under 150 words and friendly."
)


def _rss_mb() -> float:
    return psutil.Process().memory_info().rss / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("VEIL_ALLOW_INSECURE_KEYRING", "1")
    rss_start = _rss_mb()

    import keyring
    from keyrings.alt.file import PlaintextKeyring

    from proxy.guard import Embedder, SecretGuard
    from proxy.guard.calibration import CASES
    from proxy.secrets import SecretStore

    with tempfile.TemporaryDirectory() as tmp:
        backend = PlaintextKeyring()
        backend.file_path = str(Path(tmp) / "keyring.cfg")
        keyring.set_keyring(backend)
        store = SecretStore(Path(tmp) / "secrets.db")
        store.add_person("me", "Maya Chen", is_me=True)
        store.add_person("u2", "Sam Okafor")
        store.add_relationship("me", "u2", "coworker")
        for i, case in enumerate(CASES):
            store.add_secret(case.content, list(case.core_facts), ["u2"], id=f"s{i + 1}", cloud_ok=True)
        texts = [SYSTEM, DOCUMENT, HISTORY, QUERY]
        roles = ["system", "user", "assistant", "user"]
        print(f"request: {sum(map(len, texts))} characters in {len(texts)} fields; secrets: {len(CASES)}")

        t = time.perf_counter()
        # measured apart: the proxy already holds torch when the gliner detector is on
        import torch
        import transformers  # noqa: F401

        rss_torch = _rss_mb()
        embedder = Embedder()
        embedder.load()
        if args.threads:
            torch.set_num_threads(args.threads)
        load_s = time.perf_counter() - t
        rss_loaded = _rss_mb()
        guard = SecretGuard(store, embedder)
        t = time.perf_counter()
        first = guard.inspect(texts, roles, QUERY, None, datetime.now())
        first_ms = (time.perf_counter() - t) * 1000
        print(f"withheld on the first run: {[w.secret_id for w in first.withheld]} (audience {first.audience.label})")

        def timed(clear: bool, audience: str | None) -> list[float]:
            out = []
            for _ in range(args.runs):
                if clear:
                    embedder._cache.clear()
                t = time.perf_counter()
                guard.inspect(texts, roles, QUERY, audience, datetime.now())
                out.append((time.perf_counter() - t) * 1000)
            return out

        cold = timed(True, None)
        warm = timed(False, None)
        confidant = timed(False, "Sam")
        rss_end = _rss_mb()
        store.close()

    def fmt(xs: list[float]) -> str:
        xs = sorted(xs)
        return f"p50 {statistics.median(xs):7.1f} ms   p90 {xs[int(0.9 * (len(xs) - 1))]:7.1f} ms"

    print(f"model load (import + weights): {load_s:.1f} s; first inspect (embeds 20 secrets): {first_ms:.0f} ms")
    print(f"inspect, cold (all sentences embedded):  {fmt(cold)}")
    print(f"inspect, warm (history cached):          {fmt(warm)}")
    print(f"inspect, warm, confidant audience:       {fmt(confidant)}")
    print(f"RSS: start {rss_start:.0f} MB, torch+transformers imported {rss_torch:.0f} MB, "
          f"model loaded {rss_loaded:.0f} MB (+{rss_loaded - rss_start:.0f}; +{rss_loaded - rss_torch:.0f} over torch), "
          f"after runs {rss_end:.0f} MB (+{rss_end - rss_start:.0f})")


if __name__ == "__main__":
    main()
