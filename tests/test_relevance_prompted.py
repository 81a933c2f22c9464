"""Prompted relevance strategies: GBNF grammars, answer parsing, and real grammar-constrained output."""

from __future__ import annotations

import importlib.util
import re
from typing import Any

import pytest

from local_models.registry import bundled_model_path
from proxy.entities import Entity
from proxy.relevance.prompted import (
    STRATEGIES,
    PromptJudge,
    ids_grammar,
    parse_ids,
    parse_texts,
    texts_grammar,
)

BUNDLED = bundled_model_path()
needs_llama = pytest.mark.skipif(BUNDLED is None or importlib.util.find_spec("llama_cpp") is None,
                                 reason="llama-cpp-python or the bundled SmolLM2 GGUF is not installed")

DESC = "Lance works at the Global Health Research Center; his check-up is at 3:14 PM and he is a Buddhist."
QUERY = "Given my routine health check in the afternoon, when should I leave work?"


def ent(text: str, tag: str) -> Entity:
    start = DESC.index(text)
    return Entity(text, start, start + len(text), tag)


CANDIDATES = [ent("Lance", "Nickname"), ent("Global Health Research Center", "NGO"), ent("3:14 PM", "Time"),
              ent("Buddhist", "Religious Belief")]


def test_parse_ids_and_texts() -> None:
    assert parse_ids("2, 3", 3) == {1, 2}
    assert parse_ids("none", 3) == set()
    assert parse_ids("1, 9, 0, 3", 3) == {0, 2}  # out of range ignored
    assert parse_ids("", 3) == set()
    texts = ["3:14 PM", "Global Health Research Center", "PM"]
    assert parse_texts("Global Health Research Center; 3:14 PM", texts) == {0, 1}
    assert parse_texts("none", texts) == set()


@needs_llama
def test_grammars_compile() -> None:
    from llama_cpp import LlamaGrammar

    LlamaGrammar.from_string(ids_grammar(12), verbose=False)
    LlamaGrammar.from_string(texts_grammar(['say "hi"', "back\\slash", "ünïcode; x", "3:14 PM"]), verbose=False)
    assert ids_grammar(2) == 'root ::= "none" | id (", " id)*\nid ::= "2" | "1"\n'


class FakeChat:
    """Stands in for LlamaChat to test the vote logic; records grammars it was asked to honour."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = answers
        self.calls: list[dict[str, Any]] = []

    def chat(self, messages: list[dict[str, str]], max_tokens: int = 0, temperature: float = 0.0,
             **options: Any) -> dict[str, Any]:
        self.calls.append({**options, "messages": messages, "grammar": "grammar" in options})
        return {"choices": [{"message": {"content": self.answers.pop(0)}}]}

    def close(self) -> None:
        pass


def test_self_consistency_majority_vote() -> None:
    # 3 samples, each = reasoning (free) + answer (grammar): ids refer to the judged list (PER skipped)
    chat = FakeChat(["r1", "1, 2", "r2", "2", "r3", "1, 2, 3"])
    judge = PromptJudge("fake", strategy="self-consistency", chat=chat, samples=3)
    assert judge.needed(QUERY, CANDIDATES, [DESC] * 4) == {1, 2}  # ids 1,2 -> candidates 1,2 (0 is PER)
    assert [c["grammar"] for c in chat.calls] == [False, True] * 3
    assert {c.get("seed") for c in chat.calls if not c["grammar"]} == {0, 1, 2}


def test_prompts_carry_question_context_and_choices() -> None:
    chat = FakeChat(["2"])
    PromptJudge("fake", strategy="choice", chat=chat).needed(QUERY, CANDIDATES, [DESC] * 4)
    user = chat.calls[0]["messages"][-1]["content"]
    assert QUERY in user and DESC in user and "1. [NGO] Global Health Research Center" in user
    assert "[Nickname]" not in user  # names are not offered as choices
    chat = FakeChat([r for _ in range(1) for r in ("reasoning", "none")])
    PromptJudge("fake", strategy="auto-cot", chat=chat).needed(QUERY, CANDIDATES, [DESC] * 4)
    assert sum(m["role"] == "assistant" for m in chat.calls[0]["messages"]) == 3  # the 3 demonstrations


@pytest.fixture(scope="module")
def tiny_chat(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A real llama.cpp chat model, made small: the bundled SmolLM2 cut to 4 blocks (its answers are
    nonsense, which is the point: only the grammar keeps them parseable)."""
    if BUNDLED is None or importlib.util.find_spec("llama_cpp") is None:
        pytest.skip("llama-cpp-python or the bundled SmolLM2 GGUF is not installed")
    from local_models.llama_runtime import LlamaChat
    from local_models.relevance_runtime import derive_base

    path = derive_base(BUNDLED, precision="f16", n_layers=4, cache_dir=tmp_path_factory.mktemp("cut"))
    chat = LlamaChat(path, n_ctx=1024, n_threads=1, seed=0)
    yield chat
    chat.close()


@needs_llama
@pytest.mark.parametrize("strategy", ["choice", "naive", "self-cot"])
def test_real_model_output_is_grammar_constrained(strategy: str, tiny_chat: Any) -> None:
    judge = PromptJudge("tiny", strategy=strategy, chat=tiny_chat, max_reasoning_tokens=8)
    needed = judge.needed(QUERY, CANDIDATES, [DESC] * 4)
    assert needed <= {1, 2, 3}
    answer = judge.last_outputs[-1].strip()
    if strategy == "naive":  # complete items are candidate values (the last may be cut by max_tokens)
        items = answer.split("; ")
        values = {c.text for c in CANDIDATES[1:]}
        assert answer == "none" or all(i in values for i in items[:-1]), answer
        assert needed == {i + 1 for i, c in enumerate(CANDIDATES[1:]) if c.text in items}
    else:
        assert re.fullmatch(r"none|[1-3](, [1-3])*(, ?)?", answer), answer


def test_strategy_names() -> None:
    assert STRATEGIES == ("naive", "choice", "self-cot", "auto-cot", "self-consistency", "ps-cot")


@needs_llama
def test_the_real_model_is_asked_the_bare_ask_and_still_shown_the_statement(tiny_chat: Any) -> None:
    doc = "\n".join(f"Row {i}: order {1000 + i} shipped" for i in range(30))
    question = "My phone is 0612 345 678, can you summarise these orders?"
    text = f"{doc}\n\n{question}"
    start = text.index("0612")
    judge = PromptJudge("tiny", strategy="choice", chat=tiny_chat)
    judge.needed(text, [Entity("0612 345 678", start, start + 12, "Phone Number")], [text])
    (user,) = judge.last_prompts
    assert "Question: can you summarise these orders?" in user
    assert question in user and "Row 3: order 1003" in user  # the stated value stays in the shared text
