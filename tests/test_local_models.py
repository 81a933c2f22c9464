"""Local model registry, llama.cpp runtime and the OpenAI-compatible local server.

The real bundled SmolLM2-135M model is loaded once per module and asked for a
handful of tokens only, so the whole file stays fast on a 2-core CPU.
"""

from __future__ import annotations

import importlib.util
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from local_models.llama_runtime import ContextLengthError, LlamaChat, ModelLoadError
from local_models.openai_server import create_local_app, serve_in_thread
from local_models.registry import (
    BUNDLED_NAME,
    InvalidModelFileError,
    ModelNotReadyError,
    ModelRegistry,
    RegistryError,
    UnknownModelError,
    file_sha256,
)

openai = pytest.importorskip("openai")
# find_spec, not import: llama_runtime must be the first to import llama_cpp (it sets OMP_WAIT_POLICY).
pytestmark = pytest.mark.skipif(importlib.util.find_spec("llama_cpp") is None,
                                reason="llama-cpp-python is not installed")

CAP = 16


def _fake_gguf(path: Path, payload: bytes = b"\x03\x00\x00\x00" + b"\x00" * 64) -> Path:
    path.write_bytes(b"GGUF" + payload)
    return path


# ---------------------------------------------------------------- registry

def test_bundled_model_is_found_and_ready(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path)
    info = registry.get_model(BUNDLED_NAME)
    assert info.source == "bundled" and info.kind == "chat-llm"
    assert info.ready, info.detail
    assert info.path is not None and info.path.suffix == ".gguf" and info.path.is_file()
    assert info.size is not None and info.size > 50_000_000
    assert registry.list_models()[0] == info
    assert registry.resolve_path(BUNDLED_NAME) == info.path
    assert json.loads(json.dumps(info.to_dict()))["path"] == str(info.path)


def test_register_and_unregister(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path / "data")
    gguf = _fake_gguf(tmp_path / "mine.gguf")
    info = registry.register("my-model", gguf, kind="chat-llm")
    assert info.source == "registered" and info.ready, info.detail
    assert info.sha256 == file_sha256(gguf) and info.size == gguf.stat().st_size
    assert [m.name for m in registry.list_models()] == [BUNDLED_NAME, "my-model"]
    assert ModelRegistry(tmp_path / "data").resolve_path("my-model") == gguf.resolve()  # persisted
    with pytest.raises(RegistryError, match="already registered"):
        registry.register("my-model", gguf)
    assert registry.register("my-model", gguf, replace=True).ready
    registry.unregister("my-model")
    with pytest.raises(UnknownModelError):
        registry.get_model("my-model")
    with pytest.raises(UnknownModelError):
        registry.unregister("my-model")
    assert gguf.exists()  # unregistering never deletes the user's file


def test_register_rejects_bad_files_and_names(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path)
    with pytest.raises(InvalidModelFileError, match="not found"):
        registry.register("ghost", tmp_path / "missing.gguf")
    not_gguf = tmp_path / "model.bin"
    not_gguf.write_bytes(b"PK\x03\x04 definitely a zip")
    with pytest.raises(InvalidModelFileError, match="not a GGUF"):
        registry.register("zip", not_gguf)
    with pytest.raises(InvalidModelFileError, match="not a file"):
        registry.register("dir", tmp_path)
    gguf = _fake_gguf(tmp_path / "ok.gguf")
    with pytest.raises(RegistryError, match="bundled"):
        registry.register(BUNDLED_NAME, gguf)
    with pytest.raises(RegistryError, match="invalid model name"):
        registry.register("has space", gguf)
    with pytest.raises(RegistryError, match="bundled"):
        registry.unregister(BUNDLED_NAME)
    assert not registry.registry_file.exists()


def test_changed_or_missing_registered_file_is_not_ready(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path)
    gguf = _fake_gguf(tmp_path / "m.gguf")
    registry.register("m", gguf)
    with gguf.open("ab") as fh:
        fh.write(b"more")
    info = registry.get_model("m")
    assert not info.ready and "changed" in info.detail
    gguf.unlink()
    assert "not found" in registry.get_model("m").detail
    with pytest.raises(ModelNotReadyError, match="not found"):
        registry.resolve_path("m")


def test_corrupt_registry_file_is_a_clear_error(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path)
    registry.registry_file.write_text("{not json", encoding="utf-8")
    with pytest.raises(RegistryError, match="not valid JSON"):
        registry.list_models()


# ---------------------------------------------------------------- runtime load errors

def test_corrupt_gguf_raises_model_load_error(tmp_path: Path) -> None:
    bad = _fake_gguf(tmp_path / "corrupt.gguf", b"\xff" * 256)
    runtime = LlamaChat(bad, name="corrupt")
    with pytest.raises(ModelLoadError) as info:
        runtime.load()
    assert info.value.name == "corrupt" and "corrupt" in info.value.reason
    assert not runtime.loaded


def test_truncated_real_model_raises_model_load_error(tmp_path: Path) -> None:
    source = ModelRegistry(tmp_path).resolve_path(BUNDLED_NAME)
    truncated = tmp_path / "truncated.gguf"
    with source.open("rb") as src:
        truncated.write_bytes(src.read(2_000_000))
    with pytest.raises(ModelLoadError):
        LlamaChat(truncated, name="truncated").load()


def test_non_gguf_and_unknown_names_raise_model_load_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("hello")
    with pytest.raises(ModelLoadError, match="not a GGUF"):
        LlamaChat(text).load()
    with pytest.raises(ModelLoadError, match="no local model named"):
        LlamaChat.from_registry("nope", registry=ModelRegistry(tmp_path))


def test_server_reports_load_failure_as_503(tmp_path: Path) -> None:
    runtime = LlamaChat(_fake_gguf(tmp_path / "bad.gguf", b"\xff" * 64), name="bad")
    client = TestClient(create_local_app(runtime))
    for stream in (False, True):
        resp = client.post("/v1/chat/completions", json={"messages": [{"role": "user", "content": "hi"}],
                                                         "stream": stream})
        assert resp.status_code == 503
        assert resp.json()["error"]["code"] == "model_unavailable"


# ---------------------------------------------------------------- server with a fake runtime

class FakeRuntime:
    """Deterministic stand-in to test request handling without a model."""

    name = "fake-model"

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def chat(self, messages: list[dict[str, Any]], max_tokens: int = 0, temperature: float = 0.0,
             stream: bool = False, **options: Any) -> Any:
        self.calls.append({"messages": messages, "max_tokens": max_tokens, **options})
        if messages[-1]["content"] == "overflow":
            if stream:
                return self._failing_stream()
            raise ContextLengthError("Requested tokens (9999) exceed context window of 4096")
        if stream:
            return iter([{"choices": [{"index": 0, "delta": {"role": "assistant"}, "finish_reason": None}]},
                         {"choices": [{"index": 0, "delta": {"content": "Hel"}, "finish_reason": None}]},
                         {"choices": [{"index": 0, "delta": {"content": "lo"}, "finish_reason": None}]},
                         {"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}])
        return {"id": "x", "object": "chat.completion", "model": self.name,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": "Hello"},
                             "finish_reason": "length"}],
                "usage": {"prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5}}

    def _failing_stream(self) -> Iterator[dict[str, Any]]:
        raise ContextLengthError("Requested tokens (9999) exceed context window of 4096")
        yield {}  # pragma: no cover

    def complete(self, prompt: str, max_tokens: int = 0, temperature: float = 0.0,
                 stream: bool = False, **options: Any) -> Any:
        return {"choices": [{"text": "x", "index": 0, "finish_reason": "stop"}]}


@pytest.fixture()
def fake_client() -> tuple[TestClient, FakeRuntime]:
    runtime = FakeRuntime()
    return TestClient(create_local_app(runtime, max_tokens_cap=CAP)), runtime


@pytest.mark.parametrize("body, param", [
    ({"messages": []}, "messages"),
    ({"messages": [{"content": "no role"}]}, "messages[0]"),
    ({"messages": [{"role": "user", "content": [{"type": "image_url", "image_url": {"url": "x"}}]}]},
     "messages[0].content"),
    ({"messages": [{"role": "user", "content": "hi"}], "max_tokens": 0}, "max_tokens"),
    ({"messages": [{"role": "user", "content": "hi"}], "temperature": 5}, "temperature"),
    ({"messages": [{"role": "user", "content": "hi"}], "n": 2}, "n"),
])
def test_invalid_chat_requests_are_openai_400s(fake_client: Any, body: dict[str, Any], param: str) -> None:
    client, _ = fake_client
    resp = client.post("/v1/chat/completions", json=body)
    assert resp.status_code == 400
    error = resp.json()["error"]
    assert set(error) == {"message", "type", "param", "code"} and error["param"] == param


def test_fake_runtime_request_mapping(fake_client: Any) -> None:
    client, runtime = fake_client
    assert client.post("/v1/chat/completions", content=b"{nope").json()["error"]["type"] == "invalid_request_error"
    client.post("/v1/chat/completions", json={
        "messages": [{"role": "developer", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
                     {"role": "user", "content": "hi"}], "max_tokens": 10_000, "stop": ["\n"]})
    call = runtime.calls[-1]
    assert call["messages"][0] == {"role": "system", "content": "a\nb"}
    assert call["max_tokens"] == CAP and call["stop"] == ["\n"]
    over = client.post("/v1/chat/completions", json={"messages": [{"role": "user", "content": "overflow"}]})
    assert over.status_code == 400 and over.json()["error"]["code"] == "context_length_exceeded"
    over_stream = client.post("/v1/chat/completions",
                              json={"messages": [{"role": "user", "content": "overflow"}], "stream": True})
    assert over_stream.status_code == 400 and over_stream.json()["error"]["code"] == "context_length_exceeded"
    assert client.get("/v1/nothing").status_code == 404
    assert client.get("/v1/models/fake-model").json()["id"] == "fake-model"


def test_fake_responses_api_shapes(fake_client: Any) -> None:
    client, runtime = fake_client
    resp = client.post("/v1/responses", json={"input": [{"role": "user", "content": [
        {"type": "input_text", "text": "hi"}]}], "instructions": "be brief"}).json()
    assert runtime.calls[-1]["messages"][0] == {"role": "system", "content": "be brief"}
    assert resp["object"] == "response" and resp["status"] == "incomplete"
    assert resp["output"][0]["content"][0] == {"type": "output_text", "text": "Hello", "annotations": [],
                                               "logprobs": []}
    assert resp["usage"]["output_tokens"] == 2
    with client.stream("POST", "/v1/responses", json={"input": "hi", "stream": True}) as stream:
        events = [json.loads(line[5:]) for line in stream.iter_lines() if line.startswith("data:")]
    kinds = [e["type"] for e in events]
    assert kinds[0] == "response.created" and kinds[-1] == "response.completed"
    assert "".join(e["delta"] for e in events if e["type"] == "response.output_text.delta") == "Hello"
    assert [e["sequence_number"] for e in events] == list(range(len(events)))


# ---------------------------------------------------------------- the real bundled model

@pytest.fixture(scope="module")
def runtime(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LlamaChat]:
    rt = LlamaChat.from_registry(BUNDLED_NAME, registry=ModelRegistry(tmp_path_factory.mktemp("reg")),
                                 n_ctx=1024, seed=7)
    yield rt
    rt.close()


@pytest.fixture(scope="module")
def client(runtime: LlamaChat) -> Iterator[Any]:
    base_url, stop = serve_in_thread(create_local_app(runtime, max_tokens_cap=CAP))
    assert base_url.startswith("http://127.0.0.1:") and base_url.endswith("/v1")
    yield openai.OpenAI(base_url=base_url, api_key="not-needed", max_retries=0, timeout=120)
    stop()


def _ask(text: str) -> list[dict[str, str]]:
    return [{"role": "user", "content": text}]


def test_real_model_chat_non_stream(client: Any, runtime: LlamaChat) -> None:
    reply = client.chat.completions.create(model="gpt-4o-mini", messages=_ask("Say hello."),
                                           max_tokens=8, temperature=0)
    assert reply.model == BUNDLED_NAME
    assert isinstance(reply.choices[0].message.content, str) and reply.choices[0].message.content.strip()
    assert 0 < reply.usage.completion_tokens <= 8
    assert runtime.loaded and runtime.load_seconds is not None


def test_real_model_chat_stream(client: Any) -> None:
    stream = client.chat.completions.create(model="anything", messages=_ask("Count to three."),
                                            max_tokens=8, temperature=0, stream=True)
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text.strip()
    assert chunks[-1].choices[0].finish_reason in ("stop", "length")


def test_real_model_caps_max_tokens(client: Any) -> None:
    reply = client.chat.completions.create(model="x", messages=_ask("Write a long story."),
                                           max_tokens=5000, temperature=0)
    assert reply.usage.completion_tokens <= CAP


def test_real_model_completions_and_responses(client: Any) -> None:
    done = client.completions.create(model="x", prompt="The capital of France is", max_tokens=4, temperature=0)
    assert done.choices[0].text.strip()
    resp = client.responses.create(model="x", input="Say hi.", max_output_tokens=8, temperature=0)
    assert resp.output_text.strip() and resp.status in ("completed", "incomplete")
    events = list(client.responses.create(model="x", input="Say hi.", max_output_tokens=8, stream=True))
    assert events[-1].type in ("response.completed", "response.incomplete")
    assert "".join(e.delta for e in events if e.type == "response.output_text.delta") == \
        events[-1].response.output_text


def test_real_model_models_and_embeddings(client: Any) -> None:
    assert [m.id for m in client.models.list().data] == [BUNDLED_NAME]
    with pytest.raises(openai.BadRequestError, match="does not serve embeddings") as info:
        client.embeddings.create(model="text-embedding-3-small", input="hello")
    assert info.value.code == "embeddings_not_supported"


def test_real_model_concurrent_requests_are_serialized(client: Any) -> None:
    results: list[str] = []
    errors: list[BaseException] = []

    def ask() -> None:
        try:
            reply = client.chat.completions.create(model="x", messages=_ask("Hi"), max_tokens=4, temperature=0)
            results.append(reply.choices[0].message.content)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=ask) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert not errors and len(results) == 3


def test_client_disconnect_mid_stream_frees_the_model(client: Any) -> None:
    import httpx

    body = {"model": "x", "messages": _ask("Write a long poem."), "stream": True, "max_tokens": CAP}
    with httpx.Client(base_url=str(client.base_url), timeout=60) as http:
        with http.stream("POST", "chat/completions", json=body) as resp:
            assert resp.headers["content-type"].startswith("text/event-stream")
            first = next(line for line in resp.iter_lines() if line)
            assert first.startswith("data: {")
        # the connection is gone after one event; the next request must not wait on a leaked lock
        reply = http.post("chat/completions", json={"messages": _ask("Hi"), "max_tokens": 2})
        assert reply.status_code == 200


def test_abandoned_stream_releases_the_model(runtime: LlamaChat) -> None:
    chunks = runtime.chat(_ask("Tell me a story."), max_tokens=8, stream=True)
    next(chunks)
    chunks.close()
    reply = runtime.chat(_ask("Hi"), max_tokens=2)  # would deadlock if the lock leaked
    assert reply["choices"][0]["message"]["role"] == "assistant"
