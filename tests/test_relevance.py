"""The relevance stage: judge names, errors, thresholds, the real bundled base + LoRA, the engine around it."""

from __future__ import annotations

import importlib.util
import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from local_models.registry import ModelRegistry, bundled_model_path
from proxy.engine import PrivacyEngine
from proxy.entities import Entity
from proxy.policy import PolicyConfig, Reason
from proxy.relevance import RelevanceUnavailable, build_judge
from proxy.relevance.base import judged_candidates, window_for
from proxy.relevance.lora import BASE_PRECISION, BUNDLED_ADAPTER, MARGIN_CACHE_SIZE, SMOKE_ADAPTER, LoraJudge

BUNDLED = bundled_model_path()
HAVE_LLAMA = BUNDLED is not None and importlib.util.find_spec("llama_cpp") is not None
needs_smoke = pytest.mark.skipif(not HAVE_LLAMA or not SMOKE_ADAPTER.exists(),
                                 reason="llama-cpp-python, the bundled GGUF or the smoke adapter is missing")
needs_trained = pytest.mark.skipif(not HAVE_LLAMA or not BUNDLED_ADAPTER.exists(),
                                   reason=f"the trained relevance adapter {BUNDLED_ADAPTER.name} is absent "
                                          "(run `make model-relevance`)")

DESC = ("im manabu tanaka and my employer is harrison-nichols, in case u need it - and i started my current job "
        "on 2015-02-23. i'm agnostic, and on top of that i'm bicurious.")
QUERY = "Given my employer and job start date, what would be a realistic next career step?"


def ent(text: str, tag: str, source: str = DESC) -> Entity:
    start = source.index(text)
    return Entity(text, start, start + len(text), tag)


CANDIDATES = [ent("manabu tanaka", "Full Name"), ent("harrison-nichols", "Company Name"),
              ent("2015-02-23", "Date"), ent("agnostic", "Religious Belief"), ent("bicurious", "Sexual Orientation")]


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("relevance-cache")


@pytest.fixture(scope="module")
def smoke_judge(cache_dir: Path) -> LoraJudge:
    # merge=False: llama.cpp applies the GGUF adapter itself (the merged path is covered, on a 2-block cut,
    # in test_relevance_training); it also spares this module a 16-block merge
    judge = LoraJudge(SMOKE_ADAPTER, name="smoke", cache_dir=cache_dir, n_threads=1, n_ctx=512, merge=False)
    yield judge
    judge.close()


# --- names and errors (no model loaded) ---


def test_unknown_judge_name() -> None:
    with pytest.raises(RelevanceUnavailable, match="unknown relevance judge"):
        build_judge("gpt-17")


def test_missing_adapter_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(RelevanceUnavailable, match="not found.*make model-relevance"):
        LoraJudge(tmp_path / "missing.gguf")


def test_default_judge_without_trained_adapter(tmp_path: Path) -> None:
    if BUNDLED_ADAPTER.exists():
        assert build_judge("smollm2-lora", data_dir=tmp_path).name == "smollm2-lora"
    else:
        with pytest.raises(RelevanceUnavailable, match="make model-relevance"):
            build_judge("smollm2-lora", data_dir=tmp_path)


def test_registered_names(tmp_path: Path) -> None:
    with pytest.raises(RelevanceUnavailable, match="no local model named"):
        build_judge("llm:qwen2.5-3b", data_dir=tmp_path)
    with pytest.raises(RelevanceUnavailable, match="unknown relevance strategy"):
        build_judge("llm:qwen2.5-3b:telepathy", data_dir=tmp_path)
    with pytest.raises(RelevanceUnavailable, match="no local model named"):
        build_judge("lora:mine", data_dir=tmp_path)


@needs_smoke
def test_registered_lora_and_kind_check(tmp_path: Path) -> None:
    registry = ModelRegistry(tmp_path)
    registry.register("rel", SMOKE_ADAPTER, "relevance-lora")
    judge = build_judge("lora:rel", data_dir=tmp_path, policy=PolicyConfig.build(always_mask=["Credit Card"]))
    assert judge.name == "lora:rel" and "Credit Card" in judge.skip_tags
    registry.register("chat", BUNDLED, "chat-llm")
    with pytest.raises(RelevanceUnavailable, match="not a 'relevance-lora'"):
        build_judge("lora:chat", data_dir=tmp_path)


def test_candidates_and_windows() -> None:
    assert judged_candidates(CANDIDATES) == [1, 2, 3, 4]  # never PER
    assert judged_candidates(CANDIDATES, {"Date"}) == [1, 3, 4]
    assert window_for(CANDIDATES[1], DESC, QUERY) == ("employer is ", ",")  # 14 chars before, 4 after, whole words
    assert window_for(CANDIDATES[1], None, "") == ("", "")
    pasted = f"{DESC}\n\n{QUERY}"  # no source given: found in the (pasted) query
    assert window_for(CANDIDATES[1], None, pasted)[0] == "employer is "


# --- the real bundled base + the committed smoke adapter ---


@needs_smoke
def test_lora_judge_scores_thresholds_and_adapter_effect(smoke_judge: LoraJudge) -> None:
    from local_models.relevance_runtime import PrefixScorer, derive_base, format_candidate, format_prefix

    scores = smoke_judge.scores(QUERY, CANDIDATES, [DESC] * len(CANDIDATES))
    assert set(scores) == {1, 2, 3, 4} and all(math.isfinite(v) for v in scores.values())  # PER never scored
    ordered = sorted(scores.values())
    mid = (ordered[1] + ordered[2]) / 2
    for threshold, expected in ((-1e9, {1, 2, 3, 4}), (1e9, set()),
                                (mid, {i for i, v in scores.items() if v > mid})):
        smoke_judge.threshold = threshold
        assert smoke_judge.select(scores) == expected
    smoke_judge.threshold = smoke_judge.info.threshold
    assert smoke_judge.threshold == pytest.approx(-10.455, abs=1e-3)  # from the adapter's sidecar JSON
    # the adapter really acts: the bare cut base scores differently
    bare = derive_base(smoke_judge.base_source, precision=BASE_PRECISION, n_layers=smoke_judge.info.n_layers,
                       cache_dir=smoke_judge.cache_dir)
    assert bare == smoke_judge.scorer().base_path and smoke_judge.scorer().adapter_path == SMOKE_ADAPTER.resolve()
    plain = PrefixScorer(bare, None, n_threads=1, n_ctx=512)
    try:
        suffixes = [format_candidate(c.tag, c.text, *window_for(c, DESC, QUERY)) for c in CANDIDATES[1:]]
        base = plain.score(format_prefix(QUERY), suffixes)
    finally:
        plain.close()
    assert max(abs(scores[i + 1] - b) for i, b in enumerate(base)) > 0.05


@needs_smoke
def test_one_decode_multiseq_matches_sequential_across_groups(smoke_judge: LoraJudge) -> None:
    """Prefix and first suffixes in one decode; later groups (sequence limit, KV budget) reuse the prefix."""
    from local_models.relevance_runtime import PrefixScorer, format_candidate, format_prefix

    judge_scorer = smoke_judge.scorer()
    base, adapter = judge_scorer.base_path, judge_scorer.adapter_path
    suffixes = [format_candidate(c.tag, c.text, *window_for(c, DESC, QUERY)) for c in CANDIDATES[1:]] * 3
    short, long = format_prefix(QUERY), format_prefix(f"{DESC} {QUERY}")
    scorers = {"seq": PrefixScorer(base, adapter, n_threads=1, n_ctx=512, method="sequential"),
               "by_seqs": PrefixScorer(base, adapter, n_threads=1, n_ctx=512, n_seq_max=5),  # 12 -> 5 + 5 + 2
               "by_kv": PrefixScorer(base, adapter, n_threads=1, n_ctx=128)}  # long: 77 + 3 x ~14 tokens a group
    try:
        seq = scorers["seq"]
        n_long, n_suffixes = len(seq.tokenize(long, bos=True)), [len(seq.tokenize(x)) for x in suffixes]
        assert n_long + max(n_suffixes) <= 127 < n_long + sum(n_suffixes)  # several groups, prefix not cut
        for prefix in (short, long):
            ref = seq.score(prefix, suffixes)
            for name in ("by_seqs", "by_kv"):
                got = scorers[name].score(prefix, suffixes)
                assert len(got) == len(suffixes)
                # batch shapes differ, so float noise differs (measured <= 0.043 on margins of ~-9, 16 blocks)
                assert max(abs(a - b) for a, b in zip(got, ref)) < 0.06, (name, got, ref)
                assert max(abs(a - b) for a, b in zip(got, got[4:])) < 0.06  # the same suffix in later groups
                assert scorers[name].score(prefix, suffixes) == got  # nothing left over from the previous call
    finally:
        for scorer in scorers.values():
            scorer.close()


@contextmanager
def counting_calls(judge: LoraJudge) -> Iterator[list[int]]:
    """The number of suffixes of each call the judge makes to llama.cpp (the scorer runs as is)."""
    scorer = judge.scorer()
    calls: list[int] = []
    original = scorer.score

    def counting(prefix: str, suffixes: list[str]) -> list[float]:
        calls.append(len(suffixes))
        return original(prefix, suffixes)

    scorer.score = counting  # type: ignore[method-assign]
    try:
        yield calls
    finally:
        del scorer.score


@needs_smoke
def test_margins_are_remembered_per_question_and_candidate(smoke_judge: LoraJudge) -> None:
    """An agent's tool loop re-sends the conversation under the same question: only new candidates cost a
    model call, and a value keeps its margin (so its decision) across the loop."""
    smoke_judge.cache_clear()
    sources = [DESC] * len(CANDIDATES)
    with counting_calls(smoke_judge) as calls:
        first = smoke_judge.scores(QUERY, CANDIDATES[:3], sources[:3])
        second = smoke_judge.scores(QUERY, CANDIDATES, sources)  # two candidates more (a tool result's)
        other = smoke_judge.scores("Which faith is closest to mine?", CANDIDATES, sources)  # a new question
    assert calls == [2, 2, 4]  # PER is never scored; the second call scored only the two new candidates
    assert {i: second[i] for i in first} == first
    assert set(other) == set(second)
    smoke_judge.margin_cache_size = 0
    try:
        with counting_calls(smoke_judge) as calls:
            smoke_judge.cache_clear()
            smoke_judge.scores(QUERY, CANDIDATES, sources)
            smoke_judge.scores(QUERY, CANDIDATES, sources)
        assert calls == [4, 4]  # nothing remembered
        smoke_judge.margin_cache_size = 2
        smoke_judge.scores(QUERY, CANDIDATES, sources)
        assert len(smoke_judge._margin_cache) == 2  # bounded: the oldest are forgotten
    finally:
        smoke_judge.margin_cache_size = MARGIN_CACHE_SIZE


@needs_smoke
def test_a_repeated_candidate_is_scored_once(smoke_judge: LoraJudge) -> None:
    """History re-sent with every request repeats values in the same words: one prompt, one score."""
    text = DESC + " " + DESC  # the same turn twice
    again = len(DESC) + 1
    cands = CANDIDATES + [Entity(c.text, c.start + again, c.end + again, c.tag) for c in CANDIDATES]
    smoke_judge.cache_clear()
    with counting_calls(smoke_judge) as calls:
        scores = smoke_judge.scores(QUERY, cands, [text] * len(cands))
    assert set(scores) == {1, 2, 3, 4, 6, 7, 8, 9}
    assert calls == [4]  # the second copy's four judged candidates were not sent to llama.cpp again
    for i in (1, 2, 3, 4):
        assert scores[i] == scores[i + 5]
    assert scores == pytest.approx(smoke_judge.scores(QUERY, CANDIDATES, [DESC] * 5) | {
        i + 5: v for i, v in smoke_judge.scores(QUERY, CANDIDATES, [DESC] * 5).items()}, abs=1e-4)


@needs_smoke
def test_engine_uses_the_judge_and_fails_closed(smoke_judge: LoraJudge, tmp_path: Path) -> None:
    from proxy.detectors import build_detector

    text = "Reach me at jane.doe@example.com or +1 415-555-0132."
    engine = PrivacyEngine(build_detector(["patterns"]), PolicyConfig.build(always_mask=()), smoke_judge)
    smoke_judge.threshold = -1e9  # everything judged needed -> kept
    try:
        kept = engine.protect([text], "What is my email address?")
    finally:
        smoke_judge.threshold = smoke_judge.info.threshold
    assert kept.relevance == "smoke" and kept.findings and not any(f.masked for f in kept.findings)
    corrupt = tmp_path / "corrupt.gguf"
    corrupt.write_bytes(b"GGUF" + b"\0" * 64)
    broken = LoraJudge(corrupt, name="broken", cache_dir=smoke_judge.cache_dir)
    masked = PrivacyEngine(build_detector(["patterns"]), PolicyConfig.build(always_mask=()), broken).protect(
        [text], "What is my email address?")
    assert masked.findings and all(f.masked and f.reason is Reason.NO_QUERY for f in masked.findings)


# --- the trained adapter on hand-written cases the generator never produced ---

HANDWRITTEN = [
    (("Hey, I'm Priya. I work as a pharmacist at Boots in Leicester, I'm 29 and I was diagnosed with celiac "
      "disease last year. My phone is 07700 900123."),
     "Which snacks are safe for someone with my condition?", {"celiac disease"}),
    (("Account holder Tomasz Nowak, balance 12,400 PLN, monthly income 8,100 PLN, credit score 702, "
      "lives at ul. Długa 5, Gdańsk."),
     "Could I qualify for a mortgage with this income and credit score?", {"8,100 PLN", "702"}),
    (("My daughter Mia (age 7) goes to Riverside Primary School; she has a peanut allergy and her blood type "
      "is B+."), "Write a note to her school about the allergy.", {"Riverside Primary School", "peanut allergy"}),
]
TAGS = {"pharmacist": "Occupation", "Boots": "Company Name", "Leicester": "City/Region", "29": "Age",
        "celiac disease": "Medical Condition", "07700 900123": "Phone Number", "12,400 PLN": "Account Balance",
        "8,100 PLN": "Monthly Income", "702": "Credit Score", "ul. Długa 5": "Street Address",
        "Gdańsk": "City/Region", "7": "Age", "Riverside Primary School": "Educational Institution",
        "peanut allergy": "Medical Condition", "B+": "Blood Type"}


@needs_trained
def test_trained_adapter_on_handwritten_cases(cache_dir: Path) -> None:
    judge = LoraJudge(cache_dir=cache_dir, n_threads=1, n_ctx=512)
    f1s = []
    try:
        for desc, query, gold in HANDWRITTEN:
            cands = [ent(t, tag, desc) for t, tag in TAGS.items() if t in desc and f" {t}" in f" {desc}"]
            got = {cands[i].text for i in judge.needed(query, cands, [desc] * len(cands))}
            tp = len(got & gold)
            f1s.append(2 * tp / (len(got) + len(gold)) if got or gold else 1.0)
    finally:
        judge.close()
    assert sum(f1s) / len(f1s) >= 0.6, f1s
