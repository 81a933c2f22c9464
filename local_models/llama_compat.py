"""Workarounds and probes for the installed llama-cpp-python build.

Kept apart from the runtime so each workaround is documented in one place and
can be dropped when upstream fixes land.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

_PARAMS_PATCH_LOCK = threading.Lock()


def import_llama_cpp() -> Any:
    """Import llama_cpp, first asking OpenMP to sleep rather than spin between ops.

    llama.cpp's OpenMP workers busy-wait by default; on a laptop (or any box where
    other work competes for the cores) that made each token 3-5x slower in our
    measurements. libgomp reads the variable when llama_cpp first loads it; a
    value the user set is kept.
    """
    os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
    import llama_cpp
    return llama_cpp


def cpu_backend_has_amx() -> bool:
    """True when llama.cpp's CPU backend will use Intel AMX kernels.

    llama.cpp's AMX matmul crashes (SIGSEGV in `ggml_backend_amx_mul_mat` on the
    first multi-token batch; ggml-org/llama.cpp#20824, fix pending in #26954),
    so the runtime turns AMX weight repacking off where it would be used.
    """
    try:
        return b"AMX_INT8 = 1" in import_llama_cpp().llama_print_system_info()
    except Exception:  # any failure to probe means: assume no AMX
        return False


@contextmanager
def model_params(use_extra_bufts: bool) -> Iterator[None]:
    """Set `llama_model_params.use_extra_bufts`, which `Llama()` does not expose.

    `Llama.__init__` builds its params from `llama_model_default_params()`, so
    that function is wrapped for the duration of one construction only.
    """
    if use_extra_bufts:
        yield
        return
    import llama_cpp.llama_cpp as lib

    with _PARAMS_PATCH_LOCK:
        original = lib.llama_model_default_params

        def patched() -> Any:
            params = original()
            params.use_extra_bufts = False
            return params

        lib.llama_model_default_params = patched
        try:
            yield
        finally:
            lib.llama_model_default_params = original


def available_cpus() -> int:
    """CPUs this process may run on (respects affinity/cgroups, unlike os.cpu_count())."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def gpu_offload_available() -> bool:
    """True when the installed llama.cpp build can offload layers to a GPU."""
    try:
        return bool(import_llama_cpp().llama_supports_gpu_offload())
    except Exception:  # missing library or symbol simply means: no GPU
        return False


__all__ = ["available_cpus", "cpu_backend_has_amx", "gpu_offload_available", "import_llama_cpp", "model_params"]
