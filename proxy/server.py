"""The HTTP proxy: an OpenAI-compatible ASGI app that masks before it forwards.

Every POST to a text endpoint goes through the same steps: bounded body read,
JSON parse, payload walk (`proxy.payloads`), protection (`PrivacyEngine`, in a
worker thread), forwarding with httpx, and restoration of placeholders in
the reply (whole, or SSE event by event). Anything that goes wrong comes
back as an OpenAI-format error; when protection cannot run the request is
refused, never forwarded.
"""

from __future__ import annotations

import contextlib
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import anyio
import httpx
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from proxy.activity import ActivityEvent, ActivityLog, ActivityRecord
from proxy.config import Settings
from proxy.detectors.base import DetectionUnavailable, Readiness
from proxy.engine import PrivacyEngine, Protection
from proxy.errors import error_body, openai_error
from proxy.guard import GuardResult, ReplyCheck, SecretGuard, add_system_note, pop_audience
from proxy.payloads import PayloadError, extract
from proxy.sse import error_event
from proxy.streaming import SSERestorer, restore_json

log = logging.getLogger(__name__)

TEXT_ENDPOINTS = ("chat/completions", "completions", "responses", "embeddings")
FORWARDED_HEADERS = ("authorization", "openai-organization", "openai-project", "openai-beta", "accept", "user-agent")
VEIL_TOKEN_HEADER = "x-veil-token"


@dataclass
class ProxyState:
    """What the running proxy shares across requests; the GUI reads and toggles it."""

    settings: Settings
    engine: PrivacyEngine
    upstream_url: str
    activity: ActivityLog | None = None
    upstream_key: str | None = None
    paused: bool = False  # protection paused by the user: forward unchanged, and say so in the log
    client: httpx.AsyncClient | None = None
    guard: SecretGuard | None = None  # secret enforcement (proxy.guard); None: no secret store
    relevance: Readiness | None = None  # the relevance judge's load, when the policy uses one (proxy.service)


STATUS_OF = {"ready": "protecting", "loading": "loading", "unavailable": "unavailable", "not loaded": "protecting"}


def detection_readiness(state: ProxyState) -> Readiness:
    """Whether the proxy's detectors can run now (see `Readiness`)."""
    readiness = getattr(state.engine.detector, "readiness", None)
    return readiness() if readiness is not None else Readiness("ready", "loaded")


class _BodyTooLarge(Exception):
    pass


async def _read_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > limit:
        raise _BodyTooLarge
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _BodyTooLarge
        chunks.append(chunk)
    return b"".join(chunks)


def _same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode("utf-8"), expected.encode("utf-8"))


def _authorized(request: Request, token: str | None) -> bool:
    if not token:
        return True
    return _same(request.headers.get(VEIL_TOKEN_HEADER), token) or _same(request.headers.get("authorization"), f"Bearer {token}")


def _token_refused() -> Response:
    return openai_error(401, "Missing or wrong Veil access token (X-Veil-Token header).", "authentication_error", code="invalid_veil_token")


Handler = Callable[[Request], Awaitable[Response]]


def _upstream_headers(request: Request, state: ProxyState) -> dict[str, str]:
    """Headers for the upstream: the client's, with Veil's key (if any) as the credential.

    A key the user gave Veil replaces whatever the client sent (SDKs insist on
    sending some key); the Veil access token is never forwarded.
    """
    headers = {name: request.headers[name] for name in FORWARDED_HEADERS if name in request.headers}
    token = state.settings.access_token
    if state.upstream_key:
        headers["authorization"] = f"Bearer {state.upstream_key}"
    elif token and _same(headers.get("authorization"), f"Bearer {token}"):
        headers.pop("authorization")
    headers["content-type"] = "application/json"
    return headers


def _upstream_failure(exc: httpx.HTTPError, record: ActivityRecord | None = None) -> Response:
    """The error for a failed upstream call: 504 when it timed out, else 502."""
    timed_out = isinstance(exc, httpx.TimeoutException)
    if record is not None:
        record.error = "upstream timeout" if timed_out else "upstream unreachable"
    if timed_out:
        return openai_error(504, "The upstream LLM service did not answer in time.", "upstream_error", code="upstream_timeout")
    return openai_error(502, f"Could not reach the upstream LLM service: {type(exc).__name__}.", "upstream_error", code="upstream_unreachable")


def _findings_detail(protection: Protection) -> list[dict[str, Any]]:
    return [
        {"field": f.field, "text": f.entity.text, "start": f.entity.start, "end": f.entity.end,
         "tag": f.entity.tag, "type": f.entity.type.value, "masked": f.masked,
         "reason": f.reason.value, "replacement": f.replacement, "detector": f.entity.detector}
        for f in protection.findings
    ]


class ProxyApp:
    """Request handlers bound to one `ProxyState`."""

    def __init__(self, state: ProxyState) -> None:
        self.state = state

    @property
    def client(self) -> httpx.AsyncClient:
        if self.state.client is None:
            timeout = httpx.Timeout(self.state.settings.upstream_timeout_s, connect=10.0)
            self.state.client = httpx.AsyncClient(base_url=self.state.upstream_url.rstrip("/") + "/", timeout=timeout)
        return self.state.client

    async def text_endpoint(self, request: Request) -> Response:
        endpoint = request.path_params["endpoint"]
        started = time.perf_counter()
        record = ActivityRecord(endpoint=endpoint, status=0, policy=self.state.settings.policy)
        event = ActivityEvent(record)
        response = await self._handle(request, endpoint, event)
        record.status = response.status_code
        record.total_ms = round((time.perf_counter() - started) * 1000, 2)
        if not isinstance(response, StreamingResponse):
            self._log(event)
        return response

    def _log(self, event: ActivityEvent) -> None:
        if self.state.activity is not None:
            try:
                self.state.activity.record(event)
            except Exception:  # noqa: BLE001 - logging must never break a reply
                log.exception("could not write the activity log")

    async def _handle(self, request: Request, endpoint: str, event: ActivityEvent) -> Response:
        settings = self.state.settings
        record = event.record
        if not _authorized(request, settings.access_token):  # here, not in `token_required`: the refusal is logged
            return _token_refused()
        try:
            raw = await _read_body(request, settings.max_body_bytes)
        except _BodyTooLarge:
            return openai_error(413, f"Request body exceeds Veil's limit of {settings.max_body_bytes} bytes.", code="request_too_large")
        except ClientDisconnect:
            return openai_error(400, "The client disconnected while sending the body.")
        try:
            body = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            return openai_error(400, f"The request body is not valid JSON: {exc}", code="invalid_json")
        except RecursionError:
            return openai_error(400, "The request body is nested too deeply.", code="invalid_json")
        try:
            extracted = extract(endpoint, body)
        except PayloadError as exc:
            return openai_error(400, str(exc), param=exc.param, code="invalid_request_body")
        stream = body.get("stream")
        if stream is None:
            stream = False
        elif not isinstance(stream, bool):
            return openai_error(400, "'stream' must be a boolean", param="stream", code="invalid_request_body")
        record.model, record.stream = body.get("model"), stream

        explicit_audience = pop_audience(request.headers, body)  # never forwarded, even when paused
        texts = [slot.text for slot in extracted.slots]
        event.original = texts
        checked: GuardResult | None = None
        reply_check: ReplyCheck | None = None
        if self.state.paused:
            record.decisions = {"protection paused": 1}
            protection = None
        else:
            protect_started = time.perf_counter()
            try:
                if self.state.guard is not None:  # before PII masking: secrets are matched on the original words
                    at, roles = datetime.now(), [slot.role for slot in extracted.slots]
                    checked = await anyio.to_thread.run_sync(self.state.guard.inspect, texts, roles, extracted.query, explicit_audience, at)
                    reply_check = self.state.guard.reply_check(checked.audience, at)
                protection = await anyio.to_thread.run_sync(self.state.engine.protect, checked.texts if checked else texts, extracted.query)
            except DetectionUnavailable as exc:  # GuardUnavailable is one: refused, nothing forwarded
                record.error = f"protection unavailable: {exc.detector}"
                return openai_error(503, f"Veil refused to forward this request because PII protection cannot run ({exc}). Nothing was sent upstream.", "veil_protection_unavailable", code="protection_unavailable")
            record.protect_ms = round((time.perf_counter() - protect_started) * 1000, 2)
            for slot, masked in zip(extracted.slots, protection.texts):
                slot.set(masked)
            record.entities = protection.counts_by_type()
            record.masked = protection.counts_by_type(masked=True)
            record.decisions = protection.decision_summary()
            if checked is not None:
                record.decisions.update(checked.decisions)
                record.audience = checked.audience.label
                if checked.system_note:
                    add_system_note(endpoint, body, checked.system_note)
            event.sent = protection.texts
            event.findings = _findings_detail(protection)

        headers = _upstream_headers(request, self.state)
        payload = json.dumps(body, ensure_ascii=False).encode("utf-8")
        restore: Callable[[Any], Any] = (lambda value: value) if protection is None else (lambda value: restore_json(value, protection.placeholders))
        if reply_check is not None:
            def restore(value: Any, unmask: Callable[[Any], Any] = restore) -> Any:
                redacted = reply_check.body(unmask(value))
                record.decisions.update(reply_check.decisions)
                return redacted
        if stream:
            return await self._forward_stream(endpoint, payload, headers, protection, event, reply_check)
        return await self._forward(endpoint, payload, headers, restore, record)

    async def _forward(
        self, endpoint: str, payload: bytes, headers: dict[str, str], restore: Callable[[Any], Any], record: ActivityRecord
    ) -> Response:
        try:
            upstream = await self.client.post(endpoint, content=payload, headers=headers)
        except httpx.HTTPError as exc:
            return _upstream_failure(exc, record)
        try:
            data = upstream.json()
        except (json.JSONDecodeError, UnicodeDecodeError):
            record.error = "upstream sent non-JSON"
            return openai_error(502, f"The upstream answered HTTP {upstream.status_code} with a body that is not JSON.", "upstream_error", code="bad_upstream_response")
        if upstream.status_code >= 400:
            record.error = f"upstream HTTP {upstream.status_code}"
        try:
            data = await anyio.to_thread.run_sync(restore, data)
        except DetectionUnavailable as exc:
            record.error = f"reply check unavailable: {exc.detector}"
            return openai_error(503, "Veil could not check the reply for secrets, so it was not delivered.", "veil_protection_unavailable", code="protection_unavailable")
        return JSONResponse(data, status_code=upstream.status_code)

    async def _forward_stream(
        self, endpoint: str, payload: bytes, headers: dict[str, str], protection: Protection | None, event: ActivityEvent,
        reply_check: ReplyCheck | None = None,
    ) -> Response:
        record = event.record
        request = self.client.build_request("POST", endpoint, content=payload, headers=headers)
        try:
            upstream = await self.client.send(request, stream=True)
        except httpx.HTTPError as exc:
            return _upstream_failure(exc, record)
        if upstream.status_code >= 400 or "text/event-stream" not in upstream.headers.get("content-type", ""):
            try:
                raw = await upstream.aread()
            except httpx.HTTPError as exc:
                return _upstream_failure(exc, record)
            finally:
                await upstream.aclose()
            record.error = f"upstream HTTP {upstream.status_code}" if upstream.status_code >= 400 else None
            try:
                data = json.loads(raw)
            except (json.JSONDecodeError, UnicodeDecodeError):
                return openai_error(502, f"The upstream answered HTTP {upstream.status_code} without an event stream.", "upstream_error", code="bad_upstream_response")
            if protection is not None:
                data = restore_json(data, protection.placeholders)
            if reply_check is not None:
                data = await anyio.to_thread.run_sync(reply_check.body, data)  # GuardUnavailable -> 500, not delivered
                record.decisions.update(reply_check.decisions)
            return JSONResponse(data, status_code=upstream.status_code)

        async def relay() -> AsyncIterator[bytes]:
            restorer = SSERestorer(protection.placeholders) if protection is not None else None
            try:
                sse_guard = await anyio.to_thread.run_sync(reply_check.stream) if reply_check is not None else None
                async for line in upstream.aiter_lines():
                    lines = restorer.feed_line(line) if restorer is not None else [line]
                    if sse_guard is not None:  # after restoring: the secret's words must be visible to be judged
                        lines = await anyio.to_thread.run_sync(lambda pieces=list(lines): list(sse_guard.feed_lines(pieces)))
                    out = "".join(piece + "\n" for piece in lines)
                    if out:
                        yield out.encode("utf-8")
                tail = list(restorer.finish()) if restorer is not None else []  # a stream that ended without [DONE]
                if sse_guard is not None:
                    tail = await anyio.to_thread.run_sync(lambda: [*sse_guard.feed_lines(tail), *sse_guard.finish()])
                out = "".join(piece + "\n" for piece in tail)
                if out:
                    yield out.encode("utf-8")
            except Exception as exc:  # noqa: BLE001 - end the stream with an error event, never hang or cut it
                if isinstance(exc, httpx.HTTPError):
                    record.error = f"upstream stream broke: {type(exc).__name__}"
                    message, code = "The upstream LLM service broke off the stream.", "upstream_stream_interrupted"
                else:
                    log.exception("could not relay the upstream stream")
                    record.error = f"relay failed: {type(exc).__name__}"
                    message, code = "Veil could not relay the upstream stream.", "internal_error"
                yield error_event(error_body(message, "upstream_error", code=code)).encode()
            finally:
                if reply_check is not None:
                    record.decisions.update(reply_check.decisions)
                record.total_ms = round((time.time() - record.ts) * 1000, 2)
                self._log(event)
                with anyio.CancelScope(shield=True):  # also when the client hung up (cancellation)
                    await upstream.aclose()

        return StreamingResponse(relay(), status_code=upstream.status_code, media_type="text/event-stream")

    def token_required(self, handler: Handler) -> Handler:
        """`handler`, answering 401 unless the request carries the access token (when one is set).

        Every endpoint but the 404s needs it: `/veil/status` tells the upstream
        URL, the policy and the detectors, which are nobody else's business.
        """
        async def guarded(request: Request) -> Response:
            if not _authorized(request, self.state.settings.access_token):
                return _token_refused()
            return await handler(request)

        return guarded

    async def models(self, request: Request) -> Response:
        try:
            upstream = await self.client.get("models", headers=_upstream_headers(request, self.state))
            return JSONResponse(upstream.json(), status_code=upstream.status_code)
        except httpx.HTTPError as exc:
            return _upstream_failure(exc)
        except (json.JSONDecodeError, UnicodeDecodeError):
            return openai_error(502, "The upstream's model list is not JSON.", "upstream_error", code="bad_upstream_response")

    async def status(self, request: Request) -> Response:
        """The protection state: `status` is "protecting", "loading" (requests wait for the
        detectors), "unavailable" (requests are refused; `protection.detail` says why) or "paused"."""
        detector = self.state.engine.detector
        # status() may load a model: keep it off the event loop
        statuses = await anyio.to_thread.run_sync(detector.statuses) if hasattr(detector, "statuses") else []
        protection = detection_readiness(self.state)
        note = self.state.settings.detection_note()  # what the configured detectors leave undetected
        body: dict[str, Any] = {
            "status": "paused" if self.state.paused else STATUS_OF.get(protection.state, protection.state),
            "protection": {**protection.to_dict(), **({"note": note} if note else {})},
            "policy": self.state.settings.policy,
            "upstream": self.state.upstream_url,
            "detectors": [{"name": s.name, "ready": s.ready, "detail": s.detail} for s in statuses],
        }
        if self.state.relevance is not None:
            body["relevance"] = {"name": self.state.settings.relevance, "level": self.state.settings.relevance_level,
                                 **self.state.relevance.to_dict()}
        return JSONResponse(body)

    async def not_found(self, request: Request) -> Response:
        return openai_error(404, f"Veil does not serve {request.method} {request.url.path}. Supported: POST /v1/chat/completions, /v1/completions, /v1/responses, /v1/embeddings; GET /v1/models.", code="unknown_url")


def create_app(state: ProxyState) -> Starlette:
    handlers = ProxyApp(state)

    async def text_or_404(request: Request) -> Response:
        if request.path_params["endpoint"] == "models":
            return openai_error(405, "Use GET for /v1/models.", code="method_not_allowed")
        if request.path_params["endpoint"] not in TEXT_ENDPOINTS:
            return await handlers.not_found(request)
        if request.method != "POST":
            return openai_error(405, f"Use POST for /v1/{request.path_params['endpoint']}.", code="method_not_allowed")
        try:
            return await handlers.text_endpoint(request)
        except Exception:  # noqa: BLE001 - never a traceback to the client
            log.exception("unexpected error while proxying")
            return openai_error(500, "Veil hit an internal error while proxying this request.", "server_error", code="internal_error")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        if state.client is not None:
            await state.client.aclose()
            state.client = None

    routes = [
        Route("/v1/models", handlers.token_required(handlers.models), methods=["GET"]),
        Route("/v1/{endpoint:path}", text_or_404, methods=["GET", "POST", "PUT", "PATCH", "DELETE"]),  # checks the token itself
        Route("/veil/status", handlers.token_required(handlers.status), methods=["GET"]),
        Route("/{path:path}", handlers.not_found, methods=["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]),
    ]
    async def routing_error(request: Request, exc: Exception) -> Response:
        """Starlette's own 404/405 (e.g. OPTIONS), in OpenAI's format like every other error."""
        assert isinstance(exc, HTTPException)
        code = "method_not_allowed" if exc.status_code == 405 else "unknown_url"
        response = openai_error(exc.status_code, f"{exc.detail}: {request.method} {request.url.path}", code=code)
        response.headers.update(exc.headers or {})
        return response

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={HTTPException: routing_error})
    app.state.proxy = state
    return app
