"""Smoke check of a built `veil serve`: cold start time, and one request masked and restored.

Usage: smoke_serve.py APP. Runs with the dev venv's Python (it needs the repo's
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

PHONE = "+1 415 555 0132"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main(app: str) -> int:
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
        assert state["status"] == "protecting", state  # the bundle's embedded detectors load (patterns only)
        assert [d["name"] for d in state["detectors"]] == ["patterns"], state
        print(f"serve: {state['protection'].get('note', 'no coverage note')}")
        reply = httpx.post(f"{url}/v1/chat/completions", timeout=30, json={
            "model": "echo", "messages": [{"role": "user", "content": f"Call me at {PHONE}."}]})
        reply.raise_for_status()
        answer = reply.json()["choices"][0]["message"]["content"]
        sent = upstream.requests[-1].raw
        assert PHONE not in sent and "<Phone Number 1>" in sent, sent
        assert answer == f"You said: Call me at {PHONE}.", answer
        print(f"serve: answered after {cold:.2f} s cold start; masked upstream, restored reply: OK")
        return 0
    finally:
        child.terminate()
        child.wait(timeout=15)
        upstream.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
