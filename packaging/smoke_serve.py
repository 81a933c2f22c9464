"""Smoke check of a built `veil serve`: cold start time, and requests masked and restored.

The bundle runs Veil's default detectors (patterns + GLiNER from its prebuilt ONNX export) and policy
(query-aware): an SSN (patterns; an always-mask tag) and a person's name (GLiNER only; names are never
needed by a query) must not reach the stand-in cloud, whatever the relevance judge decides.

With --expect-refusal (run with VEIL_GLINER_PREBUILT pointing at a damaged copy of the export) it
checks the opposite: the proxy fails closed, says why in /veil/status, and forwards nothing.

Usage: smoke_serve.py APP [--expect-refusal]. Runs with the dev venv's Python (it needs the repo's
`proxy.loopback` for the stand-in cloud), but the proxy under test is the
frozen binary APP, started as a child process.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time

import httpx

from proxy.loopback import LoopbackUpstream

SSN = "536-22-1234"
NAME = "Maria Lopez"
NAME_PROMPT = f"My name is {NAME} and I live in Lyon. Can you suggest a simple pancake recipe?"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(app: str, expect_refusal: bool = False) -> int:
    upstream = LoopbackUpstream()
    upstream.start()
    port = free_port()
    started = time.monotonic()
    child = subprocess.Popen([app, "serve", "--port", str(port), "--upstream", upstream.base_url],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=os.environ.copy())
    url = f"http://127.0.0.1:{port}"
    try:
        while True:
            if child.poll() is not None:
                print(child.stdout.read().decode(errors="replace") if child.stdout else "")
                raise SystemExit(f"veil serve exited with {child.returncode}")
            try:
                status = httpx.get(f"{url}/veil/status", timeout=1)
                if status.status_code == 200 and status.json()["status"] != "loading":
                    break
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
            if time.monotonic() - started > 60:
                raise SystemExit("veil serve did not answer within 60 s")
        cold = time.monotonic() - started
        state = status.json()
        if expect_refusal:
            detail = state["protection"].get("detail") or ""
            assert state["status"] == "unavailable" and "gliner" in detail, state
            print(f"serve (damaged GLiNER export): {state['status']} after {cold:.2f} s: {detail[:400]}")
            reply = httpx.post(f"{url}/v1/chat/completions", timeout=30, json={
                "model": "echo", "messages": [{"role": "user", "content": NAME_PROMPT}]})
            assert reply.status_code >= 400 and not upstream.requests, (reply.status_code, reply.text)
            print(f"serve (damaged GLiNER export): request refused ({reply.status_code}), nothing forwarded: OK")
            return 0
        assert state["status"] == "protecting", state  # the bundle's embedded detectors load (patterns + GLiNER)
        assert [d["name"] for d in state["detectors"]] == ["patterns", "gliner"], state
        assert "note" not in state["protection"], state  # no "names go out in clear" note
        for detector in state["detectors"]:
            print(f"serve: detector {detector['name']}: {detector.get('detail') or detector}")
        for n, prompt in enumerate((f"My SSN is {SSN}, is that a valid format?", NAME_PROMPT)):
            t0 = time.monotonic()
            reply = httpx.post(f"{url}/v1/chat/completions", timeout=30, json={
                "model": "echo", "messages": [{"role": "user", "content": prompt}]})
            took = time.monotonic() - t0
            reply.raise_for_status()
            answer = reply.json()["choices"][0]["message"]["content"]
            sent = upstream.requests[-1].raw
            print(f"serve: request {n + 1} answered in {took * 1000:.0f} ms; the upstream got: "
                  f"{upstream.requests[-1].body['messages'][-1]['content']}")
            assert answer == f"You said: {prompt}", answer
            if n == 0:
                assert SSN not in sent and "<Social Security Number 1>" in sent, sent
            else:
                assert NAME not in sent and "Maria" not in sent and "Lopez" not in sent, sent
        print(f"serve: answered after {cold:.2f} s cold start; SSN and name masked upstream, replies restored: OK")
        return 0
    finally:
        child.terminate()
        child.wait(timeout=15)
        upstream.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], expect_refusal="--expect-refusal" in sys.argv[2:]))
