"""A minimal client for OpenAI-compatible chat endpoints (upstream, LLM prober, LLM judges).

httpx directly rather than the `openai` package: it is a core dependency,
and we need nothing but non-streamed chat completions with optional extra
headers (`X-Veil-Audience` when the upstream is a Veil proxy).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Any

import httpx

API_KEY_ENV = ("VEIL_EVAL_API_KEY", "OPENAI_API_KEY")


class EndpointError(RuntimeError):
    """An endpoint could not be reached or answered something that is not a chat completion."""


@dataclass
class Endpoint:
    """`URL` or `URL#MODEL` on the command line; the URL is the API base (ending in /v1)."""

    url: str
    model: str = "default"
    api_key: str | None = None
    timeout_s: float = 120.0
    _client: httpx.Client | None = field(default=None, repr=False)

    @classmethod
    def parse(cls, spec: str, default_model: str = "default") -> Endpoint:
        url, _, model = spec.partition("#")
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"endpoint {spec!r}: expected http(s)://HOST/v1[#MODEL]")
        key = next((os.environ[k] for k in API_KEY_ENV if os.environ.get(k)), None)
        return cls(url.rstrip("/"), model or default_model, key)

    def chat(self, messages: list[dict[str, Any]], *, max_tokens: int = 256, temperature: float = 0.0,
             headers: dict[str, str] | None = None, **options: Any) -> str:
        """The assistant text of one non-streamed chat completion."""
        if self._client is None:
            self._client = httpx.Client(timeout=self.timeout_s)
        sent = {"Authorization": f"Bearer {self.api_key or 'sk-none'}", **(headers or {})}
        body = {"model": self.model, "messages": messages, "max_tokens": max_tokens,
                "temperature": temperature, "stream": False, **options}
        try:
            response = self._client.post(f"{self.url}/chat/completions", json=body, headers=sent)
        except httpx.HTTPError as exc:
            raise EndpointError(f"{self.url}: {type(exc).__name__}: {exc}") from exc
        if response.status_code != 200:
            raise EndpointError(f"{self.url}: HTTP {response.status_code}: {response.text[:300]}")
        try:
            return response.json()["choices"][0]["message"].get("content") or ""
        except (ValueError, KeyError, IndexError, TypeError) as exc:
            raise EndpointError(f"{self.url}: not a chat completion: {response.text[:300]}") from exc

    def close(self) -> None:
        if self._client is not None:
            self._client.close()
            self._client = None
