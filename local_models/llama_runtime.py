"""A thread-safe, lazily loaded llama.cpp chat model.

llama.cpp contexts are not thread-safe, and the proxy serves requests from
several threads, so every call into the model (including the whole life of a
streaming generator) runs under one lock. Loading is deferred to first use
because even a small GGUF takes a noticeable moment and memory, and the proxy
may never need the local model when the user configured a cloud upstream.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

from local_models.llama_compat import (
    available_cpus,
    cpu_backend_has_amx,
    gpu_offload_available,
    import_llama_cpp,
    model_params,
)
from local_models.registry import (
    BUNDLED_NAME,
    InvalidModelFileError,
    ModelRegistry,
    RegistryError,
    check_gguf,
)

DEFAULT_N_CTX = 4096
DEFAULT_MAX_TOKENS = 256
DEFAULT_TEMPERATURE = 0.2

T = TypeVar("T")
Message = dict[str, Any]
Completion = dict[str, Any]  # llama-cpp's OpenAI-format response dict
ChunkStream = Generator[dict[str, Any], None, None]  # OpenAI-format stream chunks


class ModelLoadError(RuntimeError):
    """The model could not be loaded; `reason` is meant for the user."""

    def __init__(self, name: str, reason: str) -> None:
        super().__init__(f"could not load local model {name!r}: {reason}")
        self.name = name
        self.reason = reason


class ContextLengthError(ValueError):
    """The prompt plus `max_tokens` does not fit in the model's context window."""


class LlamaChat:
    """One GGUF model behind a lock, loaded on first use."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        name: str | None = None,
        n_ctx: int = DEFAULT_N_CTX,
        n_threads: int | None = None,
        n_gpu_layers: int = 0,
        seed: int | None = None,
        chat_format: str | None = None,
        extra_buffers: bool | None = None,
    ) -> None:
        """`n_gpu_layers=-1` offloads all layers when a GPU build is present (else stays on CPU).

        `extra_buffers` (llama.cpp weight repacking, incl. AMX): None = on unless the
        CPU backend uses AMX, which crashes in current llama.cpp.
        """
        self.path = Path(path)
        self.name = name or self.path.stem
        self.n_ctx = n_ctx
        self.n_threads = n_threads or available_cpus()
        self.n_gpu_layers = n_gpu_layers if (n_gpu_layers == 0 or gpu_offload_available()) else 0
        self.seed = seed
        self.chat_format = chat_format
        self.extra_buffers = extra_buffers
        self.load_seconds: float | None = None
        self._llm: Any = None
        self._lock = threading.Lock()

    @classmethod
    def from_registry(cls, name: str = BUNDLED_NAME, registry: ModelRegistry | None = None,
                      **kwargs: Any) -> LlamaChat:
        """Runtime for a registry model; registry problems surface as `ModelLoadError`."""
        try:
            path = (registry or ModelRegistry()).resolve_path(name)
        except RegistryError as exc:
            raise ModelLoadError(name, str(exc)) from exc
        return cls(path, name=name, **kwargs)

    @property
    def loaded(self) -> bool:
        return self._llm is not None

    def load(self) -> None:
        """Load now (idempotent); callers may do this at startup to avoid first-request latency."""
        with self._lock:
            self._ensure_loaded()

    def _ensure_loaded(self) -> Any:
        """Must be called with the lock held."""
        if self._llm is not None:
            return self._llm
        try:
            check_gguf(self.path)
        except InvalidModelFileError as exc:
            raise ModelLoadError(self.name, str(exc)) from exc
        try:
            llama_cpp = import_llama_cpp()
        except ImportError as exc:
            raise ModelLoadError(self.name, f"llama-cpp-python is not installed ({exc})") from exc
        kwargs: dict[str, Any] = dict(
            model_path=str(self.path), n_ctx=self.n_ctx, n_threads=self.n_threads,
            n_gpu_layers=self.n_gpu_layers, verbose=False, chat_format=self.chat_format,
        )
        if self.seed is not None:
            kwargs["seed"] = self.seed
        extra = self.extra_buffers if self.extra_buffers is not None else not cpu_backend_has_amx()
        started = time.perf_counter()
        try:
            with model_params(use_extra_bufts=extra):
                self._llm = llama_cpp.Llama(**kwargs)
        except Exception as exc:  # llama-cpp raises ValueError, RuntimeError or OSError
            raise ModelLoadError(
                self.name, f"llama.cpp rejected {self.path} ({exc}); the file may be corrupt, "
                "truncated, or use an architecture this llama.cpp build does not support") from exc
        self.load_seconds = time.perf_counter() - started
        return self._llm

    def close(self) -> None:
        """Free the model's memory; a later call loads it again."""
        with self._lock:
            llm, self._llm = self._llm, None
        if llm is not None and hasattr(llm, "close"):
            llm.close()

    @overload
    def chat(self, messages: list[Message], max_tokens: int = ..., temperature: float = ...,
             stream: Literal[False] = ..., **options: Any) -> Completion: ...

    @overload
    def chat(self, messages: list[Message], max_tokens: int = ..., temperature: float = ...,
             *, stream: Literal[True], **options: Any) -> ChunkStream: ...

    def chat(self, messages: list[Message], max_tokens: int = DEFAULT_MAX_TOKENS,
             temperature: float = DEFAULT_TEMPERATURE, stream: bool = False,
             **options: Any) -> Completion | ChunkStream:
        """OpenAI-format chat completion dict, or a generator of chunk dicts when `stream`.

        `options` go to llama-cpp's `create_chat_completion` (stop, top_p, seed, ...).
        """
        return self._run("create_chat_completion", dict(messages=messages), max_tokens, temperature, stream, options)

    @overload
    def complete(self, prompt: str, max_tokens: int = ..., temperature: float = ...,
                 stream: Literal[False] = ..., **options: Any) -> Completion: ...

    @overload
    def complete(self, prompt: str, max_tokens: int = ..., temperature: float = ...,
                 *, stream: Literal[True], **options: Any) -> ChunkStream: ...

    def complete(self, prompt: str, max_tokens: int = DEFAULT_MAX_TOKENS,
                 temperature: float = DEFAULT_TEMPERATURE, stream: bool = False,
                 **options: Any) -> Completion | ChunkStream:
        """OpenAI-format text completion dict, or a generator of chunk dicts when `stream`."""
        return self._run("create_completion", dict(prompt=prompt), max_tokens, temperature, stream, options)

    def _run(self, method: str, inputs: dict[str, Any], max_tokens: int, temperature: float,
             stream: bool, options: dict[str, Any]) -> Completion | ChunkStream:
        kwargs = dict(inputs, max_tokens=max_tokens, temperature=temperature, stream=stream,
                      model=self.name, **options)
        if stream:
            return self._stream(method, kwargs)
        with self._lock:
            llm = self._ensure_loaded()
            result: Completion = _translate(lambda: getattr(llm, method)(**kwargs))
            return result

    def _stream(self, method: str, kwargs: dict[str, Any]) -> ChunkStream:
        """Hold the lock from the first chunk until the generator ends or is closed.

        A plain `threading.Lock` (not RLock) because a thread-pool consumer may
        resume the generator from a different thread than the one that started it.
        """
        with self._lock:
            llm = self._ensure_loaded()
            chunks = _translate(lambda: getattr(llm, method)(**kwargs))
            try:
                while True:
                    chunk = _translate(lambda: next(chunks, None))
                    if chunk is None:
                        return
                    yield chunk
            finally:
                chunks.close()


def _translate(call: Callable[[], T]) -> T:
    """Turn llama-cpp's context-overflow ValueError into a typed error the server can map."""
    try:
        return call()
    except ValueError as exc:
        if "context window" in str(exc):
            raise ContextLengthError(str(exc)) from exc
        raise


__all__ = [
    "DEFAULT_MAX_TOKENS",
    "DEFAULT_N_CTX",
    "DEFAULT_TEMPERATURE",
    "ChunkStream",
    "Completion",
    "ContextLengthError",
    "LlamaChat",
    "ModelLoadError",
]
