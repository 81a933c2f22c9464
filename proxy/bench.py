"""`veil bench`: the latency Veil adds, and its memory, on built-in prompts.

It measures the configured detectors (by default patterns and GLiNER; pin
others with `VEIL_DETECTORS=patterns` or `detectors` in config.toml) and the
configured policy and relevance judge; model load times are not counted.

Three prompts of about 200, 1,000 and 4,000 characters carry realistic PII.
For each we time, over many iterations:
- detect: the configured detectors alone;
- full: the whole configured pipeline in process (detect, relevance, decide,
  mask) plus restoring a reply that echoes the masked prompt;
- passthrough: an HTTP round trip through a real Veil proxy (its own
  process) with policy off to a loopback upstream (another process), minus
  the same round trip straight to the upstream: the cost of the proxy hop;
- http_full: the same round trip with the configured policy, minus direct.
Detection and relevance are timed, never what they remember of earlier
requests (`remember_findings` is off for these).
A chat (`chat`): a conversation of five earlier messages and a new question,
sent whole as clients do, timed cold (nothing remembered), as a later turn
(the request before it was seen: its detections are remembered) and as an
agent's tool step (the same request plus a tool result, same question: the
judge's margins for the earlier candidates are remembered too).
`rss_mb` is the peak of this process (which loads the configured models) and
of the proxy process.
The headline keys (`detect_p50_ms`, ...) are those of the 1,000-character prompt.
"""

from __future__ import annotations

import os
import platform
import resource
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

import httpx

from proxy.config import Settings
from proxy.factory import build_engine
from proxy.policy import Reason

PROMPTS: dict[str, str] = {
    "200": (
        "Hi, I'm Dana Whitfield, reach me at dana.whitfield@brightmail.com or +1 (415) 555-0187. "
        "My card 4111 1111 1111 1111 was charged twice on March 3, 2024. Can you draft a complaint?"
    ),
    "1000": (
        "Please help me write a cover letter. Background: my name is Rahul Menon, I am 34 years old and "
        "live at 221 Maple Avenue, Apt 5C, Columbus. I have worked at Northwind Logistics as a senior data "
        "analyst since June 2018 (employee ID EMP-20417). Before that I studied at Ohio State University and "
        "finished my Master of Science in Statistics in 2017. My phone is (614) 555-0143 and my email is "
        "rahul.menon84@example.com. For the background check they asked for my SSN 219-09-9999 and my "
        "passport number X12345678, which I would rather not paste anywhere. I currently earn $6,400 per "
        "month and my monthly expenses are about $3,100. My credit score is 742 and I still owe $18,500 on "
        "a car loan. The interview is on 2024-11-18 at 10:30 AM. I want to stress my experience with "
        "forecasting and my two years leading a team of four analysts. The hiring manager wants the letter "
        "by Friday; keep it under one page. My IBAN for the relocation allowance is GB82 WEST 1234 5698 7654 32."
    ),
}
PROMPTS["4000"] = " ".join([PROMPTS["1000"]] * 4)
QUERY = "Write a one-page cover letter for the data analyst role."
CHAT: list[str] = [
    "You are a helpful assistant for Meridian Dental Clinic, 48 Harbour Street, Bristol. Staff contact: "
    "frontdesk@meridiandental.co.uk, 0117 496 0321.",
    "Hi, I'm Priya Shah, I'm 41 and I've had type 2 diabetes since 2015. My dentist is Dr. Owen Price. "
    "I need to move my check-up on 12 March 2025 at 9:15 AM; my patient number is MD-88213 and my phone "
    "is 07700 900461.",
    "Of course, Priya. I can see your appointment with Dr. Price on 12 March 2025 at 9:15 AM. Which days "
    "suit you better? We have openings on 14 and 18 March.",
    "18 March works. I work as a pharmacist at Boots on Queen's Road, so mornings before 10 are best. "
    "My husband Arjun Shah (arjun.shah@example.com) usually drives me.",
    "Done: you are booked for 18 March 2025 at 8:45 AM with Dr. Price. A confirmation goes to your phone "
    "ending 0461.",
    "Thanks! Given my diabetes, is there anything I should do before a deep cleaning?",
]
TOOL_RESULT = ("calendar.lookup: Dr. Owen Price, 18 March 2025 - 8:45 AM Priya Shah (MD-88213), deep cleaning; "
               "10:30 AM Lena Novak, 07700 900872, crown fitting.")


def _percentile(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return round(ordered[index], 3)


def _time(fn: Callable[[], Any], iterations: int, warmup: int = 3) -> list[float]:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(iterations):
        started = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - started) * 1000)
    return samples


def _paired_overhead(via: Callable[[], Any], direct: Callable[[], Any], iterations: int) -> list[float]:
    """Per-iteration difference of two round trips, alternated to cancel drift."""
    for _ in range(3):
        via(), direct()
    diffs = []
    for _ in range(iterations):
        t0 = time.perf_counter()
        direct()
        t1 = time.perf_counter()
        via()
        t2 = time.perf_counter()
        diffs.append(((t2 - t1) - (t1 - t0)) * 1000)
    return diffs


def _peak_rss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return round(peak / (1024 * 1024) if platform.system() == "Darwin" else peak / 1024, 1)


class _Process:
    """A child process (the proxy or the loopback upstream), so the bench's own GIL stays out of the timings."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        self.command = command
        self.env = {**os.environ, **(env or {})}
        self.proc: subprocess.Popen[str] | None = None

    def __enter__(self) -> _Process:
        self.proc = subprocess.Popen(self.command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=self.env)
        return self

    def first_line(self) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if not line:
            raise RuntimeError(f"{' '.join(self.command)} exited before it was ready")
        return line

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def rss_mb(self) -> float:
        import psutil

        assert self.proc is not None
        return round(psutil.Process(self.proc.pid).memory_info().rss / (1024 * 1024), 1)

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _wait_until_up(client: httpx.Client, url: str, process: _Process, timeout_s: float = 300.0) -> None:
    """Until the proxy answers and its detectors have loaded (they load after the port opens)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not process.alive():
            raise RuntimeError("the proxy exited during start-up")
        try:
            response = client.get(url)
            response.raise_for_status()
        except httpx.HTTPError:
            time.sleep(0.1)
            continue
        status = response.json()
        if status.get("status") == "unavailable":
            raise RuntimeError(f"the proxy cannot protect: {status.get('protection', {}).get('detail')}")
        if status.get("status") != "loading":
            return
        time.sleep(0.1)
    raise RuntimeError("the proxy did not start in time")


def _time_after(setup: Callable[[], Any], fn: Callable[[], Any], iterations: int, warmup: int = 3) -> list[float]:
    """Like `_time`, with an untimed `setup()` before each call."""
    samples = []
    for index in range(warmup + iterations):
        setup()
        started = time.perf_counter()
        fn()
        if index >= warmup:
            samples.append((time.perf_counter() - started) * 1000)
    return samples


def _remember(engine: Any, texts: int, margins: int) -> None:
    """How much the engine's detectors and judge (when it has a margin cache) remember."""
    engine.detector.cache_size = texts
    if hasattr(engine.relevance, "margin_cache_size"):
        engine.relevance.margin_cache_size = margins


def _chat(engine: Any, iterations: int) -> dict[str, Any]:
    """The last request of `CHAT`, sent whole as clients send it, and an agent's next step after it.

    cold: nothing remembered. later_turn: the detections of the request before it (up to the previous
    user turn) are remembered; the assistant's reply and the new question are new. tool_step: the same
    request was just protected and a tool result follows it under the same question, as in an agent's
    tool loop: only the tool result is new to the detectors and the judge.
    """
    question = CHAT[-1]

    def forget() -> None:
        engine.detector.cache_clear()
        if hasattr(engine.relevance, "cache_clear"):
            engine.relevance.cache_clear()

    def after_previous_turn() -> None:
        forget()
        engine.protect(CHAT[:-2], CHAT[-3])

    def after_this_turn() -> None:
        forget()
        engine.protect(CHAT, question)

    timings = {
        "cold": _time_after(forget, lambda: engine.protect(CHAT, question), iterations),
        "later_turn": _time_after(after_previous_turn, lambda: engine.protect(CHAT, question), iterations),
        "tool_step": _time_after(after_this_turn, lambda: engine.protect([*CHAT, TOOL_RESULT], question), iterations),
    }
    forget()
    judged = [sum(d.reason in (Reason.NEEDED, Reason.NOT_NEEDED) for d in engine.protect(texts, question).decisions)
              for texts in (CHAT, [*CHAT, TOOL_RESULT])]
    result: dict[str, Any] = {"chars": sum(map(len, CHAT)), "messages": len(CHAT),
                              "judged": judged[0], "judged_with_tool_result": judged[1]}
    for name, samples in timings.items():
        result[f"{name}_p50_ms"] = _percentile(samples, 0.5)
        result[f"{name}_p95_ms"] = _percentile(samples, 0.95)
    return result


def run_bench(settings: Settings, iterations: int = 50) -> dict[str, Any]:
    engine = build_engine(settings)
    engine.detector.load()
    remembers = (engine.detector.cache_size, getattr(engine.relevance, "margin_cache_size", 0))
    _remember(engine, 0, 0)  # time detection and relevance, not what they remember
    sizes: dict[str, dict[str, Any]] = {}
    for size, prompt in PROMPTS.items():
        detect = _time(lambda: engine.detect(prompt), iterations)

        def full() -> None:
            protection = engine.protect([prompt], QUERY)
            protection.placeholders.restore("You said: " + protection.texts[0])

        protection = engine.protect([prompt], QUERY)
        full_samples = _time(full, iterations)
        sizes[size] = {
            "chars": len(prompt),
            "entities": len(protection.findings),
            "masked": protection.masked_count,
            "detect_p50_ms": _percentile(detect, 0.5),
            "detect_p95_ms": _percentile(detect, 0.95),
            "full_p50_ms": _percentile(full_samples, 0.5),
            "full_p95_ms": _percentile(full_samples, 0.95),
        }
    chat: dict[str, float] = {}
    if remembers[0]:  # `remember_findings` is on: what a chat's later requests cost
        _remember(engine, *remembers)
        chat = _chat(engine, iterations)

    with _Process([sys.executable, "-m", "proxy.loopback"]) as upstream, tempfile.TemporaryDirectory() as data_dir:
        upstream_url = upstream.first_line()
        proxy_rss = 0.0
        for policy in ("off", settings.policy):
            port = _free_port()
            command = [sys.executable, "-m", "proxy.cli", "serve", "--port", str(port), "--upstream", upstream_url, "--policy", policy]
            # the same prompt each time: the proxy must not answer from what it remembers
            with _Process(command, env={"VEIL_DATA_DIR": data_dir, "VEIL_REMEMBER_FINDINGS": "false"}) as proxy:
                base = f"http://127.0.0.1:{port}/v1"
                with httpx.Client(timeout=30) as client:
                    _wait_until_up(client, f"http://127.0.0.1:{port}/veil/status", proxy)
                    body = {"model": "echo", "messages": [{"role": "user", "content": PROMPTS["1000"]}]}
                    diffs = _paired_overhead(
                        lambda: client.post(f"{base}/chat/completions", json=body).raise_for_status(),
                        lambda: client.post(f"{upstream_url}/chat/completions", json=body).raise_for_status(),
                        iterations,
                    )
                proxy_rss = max(proxy_rss, proxy.rss_mb())
            key = "passthrough" if policy == "off" else "http_full"
            sizes["1000"][f"{key}_p50_ms"] = _percentile(diffs, 0.5)
            sizes["1000"][f"{key}_p95_ms"] = _percentile(diffs, 0.95)

    headline = dict(sizes["1000"])
    return {
        **{key: value for key, value in headline.items() if key.endswith("_ms")},
        "rss_mb": max(_peak_rss_mb(), proxy_rss),
        "policy": settings.policy,
        "detectors": list(settings.detectors),
        "iterations": iterations,
        "prompts": sizes,
        **({"chat": chat} if chat else {}),
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
    }


def format_report(result: dict[str, Any]) -> str:
    lines = [f"Veil bench: policy {result['policy']}, detectors {', '.join(result['detectors'])}, "
             f"{result['iterations']} iterations, {result['machine']['cpus']} CPUs"]
    lines.append(f"{'prompt':>8} {'PII':>4} {'detect p50/p95 ms':>20} {'full p50/p95 ms':>18}")
    for size, row in result["prompts"].items():
        lines.append(f"{row['chars']:>8} {row['entities']:>4} {row['detect_p50_ms']:>10.2f} / {row['detect_p95_ms']:<7.2f} "
                     f"{row['full_p50_ms']:>8.2f} / {row['full_p95_ms']:<7.2f}")
    hop = f"proxy hop (policy off) p50: {result['passthrough_p50_ms']:.2f} ms"
    if "http_full_p50_ms" in result:  # absent when the configured policy is itself "off"
        hop += f";  through the proxy with policy {result['policy']} p50: {result['http_full_p50_ms']:.2f} ms (added over direct)"
    lines.append(hop)
    if "chat" in result:
        chat = result["chat"]
        lines.append(f"chat of {chat['messages']} messages ({chat['chars']} chars, {chat['judged']} values judged), full p50: "
                     f"{chat['cold_p50_ms']:.2f} ms cold, {chat['later_turn_p50_ms']:.2f} ms as a later turn, "
                     f"{chat['tool_step_p50_ms']:.2f} ms as an agent's tool step")
    lines.append(f"peak RSS: {result['rss_mb']} MB")
    return "\n".join(lines)
