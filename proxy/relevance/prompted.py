"""Relevance by prompting a registered instruction GGUF (e.g. Qwen2.5-3B-Instruct), PII-Bench's strategies.

Strategies (PII-Bench paper, query-related PII detection):

* `naive`            - text + question; the model copies the needed details
                       (grammar: only candidate values, "; "-separated, or none)
* `choice`           - "Naive w/ Choice": numbered candidate list; answer ids
* `self-cot`         - "think step by step", then the ids
* `auto-cot`         - three worked demonstrations (3-shot CoT), then the ids
* `self-consistency` - `samples` sampled self-CoT runs, majority vote per id
* `ps-cot`           - Plan-and-Solve: understand, plan, carry out; then ids

Every final answer is generated under a llama.cpp GBNF grammar that admits
only candidate ids (or values, for `naive`), so parsing cannot fail on junk.
Reasoning is generated first, unconstrained and capped, then the answer in a
second, grammar-constrained turn.
"""

from __future__ import annotations

import json
import logging
import math
import os
import re
from collections import Counter
from collections.abc import Collection, Sequence
from typing import Any

from local_models.llama_runtime import LlamaChat, ModelLoadError
from local_models.registry import ModelRegistry, RegistryError
from proxy.entities import Entity
from proxy.relevance.base import RelevanceUnavailable, Scored, prepare
from proxy.relevance.query import QueryParts

log = logging.getLogger(__name__)

STRATEGIES = ("naive", "choice", "self-cot", "auto-cot", "self-consistency", "ps-cot")
DEFAULT_STRATEGY = "choice"
MAX_CONTEXT_CHARS = 4000

SYSTEM = (
    "You are a privacy filter. A user is about to send a question to an AI assistant, together with some "
    "personal details. Decide which details the assistant truly needs to answer the question well; every "
    "other detail will be hidden from it. People's names are never needed."
)
ASK_IDS = ('Which details does the assistant need to answer the question? Answer only with their numbers '
           'separated by commas, or "none".')
FINAL_IDS = 'Now give only the final answer: the numbers of the needed details separated by commas, or "none".'
COT = ("Think step by step: for each detail, say in a few words whether the question needs it. "
       "Then write 'Answer:' and the numbers.")
PS_COT = ("Let's first understand the question and what information answering it requires, and devise a plan. "
          "Then carry out the plan: go through the details one by one and decide whether each is needed. "
          "Finally write 'Answer:' and the numbers.")
ASK_TEXTS = ('Copy exactly the personal details from the text that the assistant needs to answer the question, '
             'separated by "; ", or write "none".')

AUTO_COT_DEMOS: tuple[tuple[str, str], ...] = (
    (
        ("Question: Write a short note to my landlord asking to pay the rent a week late.\n\nDetails:\n"
        "1. [Full Name] Dana Whitfield\n2. [Street Address] 14 Elm Row, Leeds\n3. [Medical Condition] asthma\n"
        "4. [Monthly Income] £2,300"),
        ("The note goes to the landlord, so it needs the address of the flat (2). The name is never needed. "
        "Asthma (3) and the income (4) are not needed to ask for a delay.\nAnswer: 2"),
    ),
    (
        ("Question: Given her blood type and weight, can she donate blood this month?\n\nDetails:\n"
        "1. [Blood Type] O negative\n2. [Weight] 52 kg\n3. [Employee ID] EMP-4471\n4. [Date] 2024-03-02 "
        "(last donation on 2024-03-02)"),
        ("Eligibility depends on blood type (1) and weight (2), as asked, and on the date of the last donation "
        "(4). The employee ID (3) is irrelevant.\nAnswer: 1, 2, 4"),
    ),
    (
        ("Question: Suggest a fun weekend activity.\n\nDetails:\n1. [Age] 34\n2. [Phone Number] +1 415 555 0100\n"
        "3. [Religious Belief] Buddhist"),
        ("The question is generic and does not ask about the person's age, contacts or beliefs, so no detail "
        "is needed.\nAnswer: none"),
    ),
)


def ids_grammar(n: int) -> str:
    """GBNF: "none" or comma-separated ids 1..n."""
    ids = " | ".join(f'"{i}"' for i in range(n, 0, -1))
    return f'root ::= "none" | id (", " id)*\nid ::= {ids}\n'


def texts_grammar(texts: Sequence[str]) -> str:
    """GBNF: "none" or "; "-separated candidate values (exact strings)."""
    alts = " | ".join(json.dumps(t, ensure_ascii=False) for t in dict.fromkeys(texts))
    return f'root ::= "none" | item ("; " item)*\nitem ::= {alts}\n'


def parse_ids(output: str, n: int) -> set[int]:
    """0-based indices from an ids answer ("2, 5" -> {1, 4}); out-of-range ids and "none" give nothing."""
    return {int(x) - 1 for x in re.findall(r"\d+", output or "") if 1 <= int(x) <= n}


def parse_texts(output: str, texts: Sequence[str]) -> set[int]:
    wrapped = f"; {(output or '').strip()}; "
    return {i for i, t in enumerate(texts) if f"; {t}; " in wrapped}


def _line(k: int, s: Scored) -> str:
    window = f"{s.before}{s.entity.text}{s.after}".strip()
    extra = f'   (in: "…{" ".join(window.split())}…")' if window and window != s.entity.text else ""
    return f"{k}. [{s.entity.tag}] {s.entity.text}{extra}"


class PromptJudge:
    """Relevance by prompting a registered chat GGUF with one of `STRATEGIES`."""

    uses_sources = True

    def __init__(self, model: str, *, strategy: str = DEFAULT_STRATEGY, data_dir: str | os.PathLike[str] | None = None,
                 chat: Any = None, n_gpu_layers: int = -1, n_ctx: int = 8192, samples: int = 5,
                 temperature: float = 0.7, max_reasoning_tokens: int = 384, seed: int = 0,
                 skip_tags: Collection[str] = ()) -> None:
        if strategy not in STRATEGIES:
            raise RelevanceUnavailable(f"unknown relevance strategy {strategy!r}; choose one of {', '.join(STRATEGIES)}")
        self.model = model
        self.strategy = strategy
        self.name = f"llm:{model}:{strategy}"
        if chat is None:
            try:
                path = ModelRegistry(data_dir).resolve_path(model)
            except RegistryError as exc:
                raise RelevanceUnavailable(f"relevance judge {self.name!r}: {exc}") from exc
            chat = LlamaChat(path, name=model, n_ctx=n_ctx, n_gpu_layers=n_gpu_layers, seed=seed)
        self.chat = chat
        self.samples = samples
        self.temperature = temperature
        self.max_reasoning_tokens = max_reasoning_tokens
        self.seed = seed
        self.skip_tags = frozenset(skip_tags)
        self.last_outputs: list[str] = []
        self.last_prompts: list[str] = []  # the user message of each call of the last `needed` (for the eval's
        # reports and the tests: what the model was actually asked)

    # --- llama.cpp calls ---

    def _grammar(self, gbnf: str) -> Any:
        from llama_cpp import LlamaGrammar

        return LlamaGrammar.from_string(gbnf, verbose=False)

    def _complete(self, messages: list[dict[str, str]], *, grammar: str | None = None, max_tokens: int = 64,
                  temperature: float = 0.0, seed: int | None = None, stop: list[str] | None = None) -> str:
        options: dict[str, Any] = {}
        if grammar is not None:
            options["grammar"] = self._grammar(grammar)
        if stop:
            options["stop"] = stop
        if seed is not None:
            options["seed"] = seed
        self.last_prompts.append(messages[-1]["content"])
        try:
            out = self.chat.chat(messages, max_tokens=max_tokens, temperature=temperature, **options)
        except ModelLoadError as exc:
            raise RelevanceUnavailable(f"relevance judge {self.name!r}: {exc.reason}") from exc
        text = out["choices"][0]["message"].get("content") or ""
        self.last_outputs.append(text)
        return text

    # --- prompts ---

    def _context(self, parts: QueryParts, scored: Sequence[Scored], sources: Sequence[str] | None) -> str:
        if parts.context:
            if parts.ask != parts.question:  # the statements dropped from the ask stay in the shared text
                return f"{parts.question}\n\n{parts.context}"[:MAX_CONTEXT_CHARS]
            return parts.context[:MAX_CONTEXT_CHARS]
        if sources:
            distinct = list(dict.fromkeys(sources[s.index] for s in scored if s.index < len(sources)))
            joined = "\n\n".join(distinct)
            if joined.strip():
                return joined[:MAX_CONTEXT_CHARS]
        return ""

    def _choice_prompt(self, question: str, context: str, scored: Sequence[Scored]) -> str:
        listing = "\n".join(_line(k, s) for k, s in enumerate(scored, start=1))
        head = f"Text the user shares:\n{context}\n\n" if context else ""
        return f"{head}Question: {question}\n\nDetails:\n{listing}"

    def _ids(self, messages: list[dict[str, str]], n: int) -> set[int]:
        return parse_ids(self._complete(messages, grammar=ids_grammar(n), max_tokens=4 * n + 4), n)

    def _cot(self, base: list[dict[str, str]], instruction: str, n: int, *, temperature: float = 0.0,
             seed: int | None = None) -> set[int]:
        first = base[:-1] + [{"role": "user", "content": f"{base[-1]['content']}\n\n{instruction}"}]
        reasoning = self._complete(first, max_tokens=self.max_reasoning_tokens, temperature=temperature, seed=seed,
                                   stop=["Answer:"])
        follow = first + [{"role": "assistant", "content": reasoning.strip() or "(no reasoning)"},
                          {"role": "user", "content": FINAL_IDS}]
        return self._ids(follow, n)

    # --- RelevanceJudge ---

    def needed(self, query: str, candidates: Sequence[Entity], sources: Sequence[str] | None = None) -> set[int]:
        parts, scored = prepare(query, candidates, sources, self.skip_tags)
        if not scored:
            return set()
        self.last_outputs, self.last_prompts = [], []
        n = len(scored)
        context = self._context(parts, scored, sources)
        system = {"role": "system", "content": SYSTEM}
        if self.strategy == "naive":
            texts = [s.entity.text for s in scored]
            shown = context or "\n".join(f"- {s.before}{s.entity.text}{s.after}".strip() for s in scored)
            user = f"Text the user shares:\n{shown}\n\nQuestion: {parts.ask}\n\n{ASK_TEXTS}"
            out = self._complete([system, {"role": "user", "content": user}], grammar=texts_grammar(texts),
                                 max_tokens=sum(len(t) for t in texts) // 2 + 16)
            picked = parse_texts(out, texts)
        else:
            # The bare ask: values stated beside it read as asked about; the shared text still shows them.
            prompt = self._choice_prompt(parts.ask, context, scored)
            base = [system, {"role": "user", "content": prompt}]
            if self.strategy == "choice":
                picked = self._ids([system, {"role": "user", "content": f"{prompt}\n\n{ASK_IDS}"}], n)
            elif self.strategy == "self-cot":
                picked = self._cot(base, COT, n)
            elif self.strategy == "ps-cot":
                picked = self._cot(base, PS_COT, n)
            elif self.strategy == "auto-cot":
                demos: list[dict[str, str]] = []
                for demo_user, demo_answer in AUTO_COT_DEMOS:
                    demos += [{"role": "user", "content": f"{demo_user}\n\n{COT}"},
                              {"role": "assistant", "content": demo_answer}]
                picked = self._cot([system, *demos, {"role": "user", "content": prompt}], COT, n)
            else:  # self-consistency
                votes: Counter[int] = Counter()
                for k in range(self.samples):
                    votes.update(self._cot(base, COT, n, temperature=self.temperature, seed=self.seed + k))
                picked = {i for i, c in votes.items() if c >= math.ceil(self.samples / 2)}
        return {scored[i].index for i in picked if 0 <= i < n}

    def status(self) -> tuple[bool, str]:
        return True, f"{self.model} ({self.strategy})"

    def close(self) -> None:
        self.chat.close()


__all__ = ["AUTO_COT_DEMOS", "DEFAULT_STRATEGY", "STRATEGIES", "PromptJudge", "ids_grammar", "parse_ids",
           "parse_texts", "texts_grammar"]
