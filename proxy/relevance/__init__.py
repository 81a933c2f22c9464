"""The query-relevance stage: judges that decide which detected PII the user's question needs.

Judge names (`settings.relevance`):

* `smollm2-lora`              - the bundled default: SmolLM2-135M-Instruct + the trained
                                relevance LoRA (`local_models/weights/relevance/`), or a
                                registered `relevance-lora` model named `smollm2-relevance-lora`
* `lora:NAME`                 - a registered `relevance-lora` adapter on the bundled base
* `llm:NAME[:STRATEGY]`       - a registered chat GGUF prompted with a PII-Bench strategy
                                (naive, choice, self-cot, auto-cot, self-consistency, ps-cot;
                                default choice); `n_gpu_layers=-1` offloads when possible

`build_judge(name, data_dir=..., policy=..., level=...)` returns a `RelevanceJudge`
(`proxy.policy`); tags the policy masks or keeps anyway are not judged.
`level` (`settings.relevance_level`, `proxy.relevance.levels`) moves a LoRA
judge's threshold: `private` masks more, `useful` keeps more, `balanced` is the
adapter's tuned threshold. Prompted `llm:` judges have no threshold and ignore it.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from proxy.policy import PolicyConfig, RelevanceJudge
from proxy.relevance.base import RelevanceUnavailable
from proxy.relevance.levels import DEFAULT_LEVEL, LEVELS, UnknownLevel, check_level
from proxy.relevance.query import QueryParts, split_query

log = logging.getLogger(__name__)

DEFAULT_JUDGE = "smollm2-lora"
REGISTERED_DEFAULT_ADAPTER = "smollm2-relevance-lora"
RELEVANCE_LORA_KIND = "relevance-lora"


def available_judges() -> list[str]:
    """The judge names and name patterns `build_judge` understands."""
    from proxy.relevance.prompted import STRATEGIES

    return [DEFAULT_JUDGE, "lora:NAME", *(f"llm:NAME:{s}" for s in STRATEGIES)]


def judge_names(which: str, *, data_dir: str | os.PathLike[str] | None = None) -> list[str]:
    """Concrete judge names for an eval run: `which` is a name, or `all` for every usable backend.

    `all` is the bundled adapter (when its file exists), every registered
    relevance adapter, and every registered chat model (not the bundled
    135M one, which is useless zero-shot) with each prompt strategy.
    """
    if which != "all":
        return [which]
    from local_models.registry import ModelRegistry
    from proxy.relevance.prompted import STRATEGIES

    names = [DEFAULT_JUDGE] if judge_status(DEFAULT_JUDGE, data_dir=data_dir)["ready"] else []
    for info in ModelRegistry(data_dir).list_models():
        if info.source == "bundled" or not info.ready:
            continue
        if info.kind == RELEVANCE_LORA_KIND:
            names.append(f"lora:{info.name}")
        elif info.kind == "chat-llm":
            names += [f"llm:{info.name}:{strategy}" for strategy in STRATEGIES]
    return names


def _registered_adapter(name: str, data_dir: str | os.PathLike[str] | None) -> Path:
    from local_models.registry import ModelRegistry, RegistryError

    registry = ModelRegistry(data_dir)
    try:
        info = registry.get_model(name)
        path = registry.resolve_path(name)
    except RegistryError as exc:
        raise RelevanceUnavailable(f"relevance adapter {name!r}: {exc}") from exc
    if info.kind != RELEVANCE_LORA_KIND:
        raise RelevanceUnavailable(f"model {name!r} is a {info.kind!r}, not a {RELEVANCE_LORA_KIND!r} adapter")
    return path


def build_judge(name: str, *, data_dir: str | os.PathLike[str] | None = None,
                policy: PolicyConfig | None = None, level: str = DEFAULT_LEVEL, **options: Any) -> RelevanceJudge:
    """The judge called `name` (see the module doc) at relevance `level`; `RelevanceUnavailable` says why
    one cannot be built.

    Building is cheap (files are checked, nothing is loaded); the model loads on
    first use or on `judge.load()`.
    """
    try:
        check_level(level)
    except UnknownLevel as exc:
        raise RelevanceUnavailable(str(exc)) from exc
    skip = frozenset(policy.always_mask | policy.never_mask) if policy is not None else frozenset()
    options.setdefault("skip_tags", skip)
    if name == DEFAULT_JUDGE:
        from proxy.relevance.lora import BUNDLED_ADAPTER, LoraJudge

        adapter = options.pop("adapter", None)
        if adapter is None and not BUNDLED_ADAPTER.exists():
            try:
                adapter = _registered_adapter(REGISTERED_DEFAULT_ADAPTER, data_dir)
            except RelevanceUnavailable:
                adapter = None  # LoraJudge reports the missing bundled file with the training hint
        return LoraJudge(adapter, name=name, level=level, **options)
    kind, _, rest = name.partition(":")
    if kind == "lora" and rest:
        from proxy.relevance.lora import LoraJudge

        return LoraJudge(_registered_adapter(rest, data_dir), name=name, level=level, **options)
    if kind == "llm" and rest:
        from proxy.relevance.prompted import DEFAULT_STRATEGY, PromptJudge

        if level != DEFAULT_LEVEL:
            log.warning("relevance_level %r has no effect on the prompted judge %r (it has no threshold)", level, name)
        model, _, strategy = rest.partition(":")
        return PromptJudge(model, strategy=strategy or DEFAULT_STRATEGY, data_dir=data_dir, **options)
    raise RelevanceUnavailable(f"unknown relevance judge {name!r}; use one of: {', '.join(available_judges())}")


def judge_status(name: str, *, data_dir: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """A `veil models` row for a relevance judge: can it be built, and if not, why."""
    try:
        judge = build_judge(name, data_dir=data_dir)
        ready, detail = judge.status() if hasattr(judge, "status") else (True, "ok")
    except RelevanceUnavailable as exc:
        ready, detail = False, str(exc)
    return {"name": name, "kind": "relevance", "ready": ready, "detail": detail}


__all__ = [
    "DEFAULT_JUDGE", "DEFAULT_LEVEL", "LEVELS", "QueryParts", "RelevanceUnavailable", "available_judges",
    "build_judge", "judge_names",
    "judge_status",
    "split_query",
]
