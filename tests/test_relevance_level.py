"""`relevance_level`: the user's privacy-vs-utility setting for the relevance judge.

The config key and its error, the offsets' meaning (one table in
proxy.relevance.levels), the offset reaching the real judge's threshold through
build_judge and the factory, decisions at each level from the real trained
judge's margins, and the eval rows that score several levels on the same margins.
"""

from __future__ import annotations

import importlib.util
from dataclasses import replace
from pathlib import Path

import pytest

from local_models.registry import ModelRegistry, bundled_model_path
from proxy.config import ConfigError, Settings, load_settings, save_settings
from proxy.entities import Entity
from proxy.factory import build_engine
from proxy.policy import Reason
from proxy.relevance import RelevanceUnavailable, build_judge
from proxy.relevance.levels import DEFAULT_LEVEL, LEVEL_HELP, LEVEL_OFFSETS, LEVELS, UnknownLevel, level_threshold
from proxy.relevance.lora import BUNDLED_ADAPTER, SMOKE_ADAPTER, LoraJudge

HAVE_LLAMA = bundled_model_path() is not None and importlib.util.find_spec("llama_cpp") is not None
needs_adapter = pytest.mark.skipif(bundled_model_path() is None or not BUNDLED_ADAPTER.exists(),
                                   reason="the bundled SmolLM2 GGUF or the trained relevance adapter is absent")
needs_trained = pytest.mark.skipif(not HAVE_LLAMA or not BUNDLED_ADAPTER.exists(),
                                   reason="llama-cpp-python, the bundled GGUF or the trained adapter is missing")
needs_smoke = pytest.mark.skipif(not HAVE_LLAMA or not SMOKE_ADAPTER.exists(),
                                 reason="llama-cpp-python, the bundled GGUF or the smoke adapter is missing")

DESC = ("I'm Dana Whitfield, 34, a nurse at St. Mary's Hospital in Leeds. My phone is +44 7700 900123, my salary is "
        "2,950 GBP a month, my credit score is 702 and I have type 2 diabetes.")
QUERY = "Given my monthly salary and credit score, how big a mortgage could I realistically get?"
TAGS = {"Dana Whitfield": "Full Name", "34": "Age", "nurse": "Occupation", "St. Mary's Hospital": "Company Name",
        "Leeds": "City/Region", "+44 7700 900123": "Phone Number", "2,950 GBP": "Monthly Income",
        "702": "Credit Score", "type 2 diabetes": "Medical Condition"}


def candidates() -> list[Entity]:
    out = []
    for text, tag in TAGS.items():
        start = DESC.index(text)
        out.append(Entity(text, start, start + len(text), tag))
    return out


# --- the setting ---


def test_levels_are_offsets_from_the_tuned_threshold() -> None:
    assert DEFAULT_LEVEL == "balanced" and LEVEL_OFFSETS["balanced"] == 0.0
    assert LEVEL_OFFSETS["private"] > 0 > LEVEL_OFFSETS["useful"]  # private: higher threshold, fewer PII kept
    assert set(LEVELS) == set(LEVEL_HELP) == {"private", "balanced", "useful"}
    assert level_threshold(-1.485, "balanced") == -1.485
    assert level_threshold(2.0, "private") == pytest.approx(2.0 + LEVEL_OFFSETS["private"])
    assert Settings().relevance_level == "balanced"


def test_config_key_from_file_and_environment(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    assert load_settings(path, env={}).relevance_level == "balanced"
    path.write_text('relevance_level = "private"\n')
    assert load_settings(path, env={}).relevance_level == "private"
    assert load_settings(path, env={"VEIL_RELEVANCE_LEVEL": "useful"}).relevance_level == "useful"
    assert load_settings(path, env={}, relevance_level="balanced").relevance_level == "balanced"


@pytest.mark.parametrize("bad", ["paranoid", "Private", "", 3])
def test_a_bad_level_is_a_clear_config_error(tmp_path: Path, bad: object) -> None:
    path = tmp_path / "config.toml"
    path.write_text(f"relevance_level = {bad!r}\n".replace("'", '"'))
    with pytest.raises(ConfigError) as err:
        load_settings(path, env={})
    message = str(err.value)
    assert "relevance_level" in message
    if not isinstance(bad, int):  # a number is refused by its type, before the value check
        assert "private, balanced, useful" in message
    with pytest.raises(ConfigError, match="relevance_level must be one of"):
        Settings(relevance_level="max").validated()


def test_save_writes_the_level_only_off_the_default(tmp_path: Path) -> None:
    path = tmp_path / "config.toml"
    save_settings(Settings(relevance_level="useful"), path)
    assert 'relevance_level = "useful"' in path.read_text()
    assert load_settings(path, env={}).relevance_level == "useful"
    save_settings(Settings(), path)
    assert "relevance_level" not in path.read_text()  # follows the default of a later version


# --- the judge's threshold ---


@needs_adapter
def test_build_judge_and_factory_apply_the_offset(tmp_path: Path) -> None:
    tuned = build_judge("smollm2-lora", data_dir=tmp_path).info.threshold  # the adapter's dev-tuned value
    for level in LEVELS:
        judge = build_judge("smollm2-lora", data_dir=tmp_path, level=level)
        assert isinstance(judge, LoraJudge)
        assert judge.threshold == pytest.approx(level_threshold(tuned, level, judge.level_offsets))
        assert judge.tuned_threshold == pytest.approx(tuned) and judge.level == level
        assert (f"relevance_level {level}" in judge.status()[1]) == (level != "balanced")
    balanced = build_judge("smollm2-lora", data_dir=tmp_path)
    assert balanced.threshold == tuned  # the default is the shipped behaviour, exactly
    settings = Settings(detectors=("patterns",), data_dir=str(tmp_path), relevance_level="private")
    engine = build_engine(settings)
    assert engine.relevance.threshold == pytest.approx(level_threshold(tuned, "private", engine.relevance.level_offsets))
    assert build_engine(replace(settings, relevance_level="balanced")).relevance.threshold == tuned
    with pytest.raises(RelevanceUnavailable, match="relevance_level must be one of"):
        build_judge("smollm2-lora", data_dir=tmp_path, level="max")


@needs_smoke
def test_a_registered_adapter_gets_the_offset_from_its_own_threshold(tmp_path: Path) -> None:
    ModelRegistry(tmp_path).register("rel", SMOKE_ADAPTER, "relevance-lora")
    judge = build_judge("lora:rel", data_dir=tmp_path, level="useful")
    assert judge.info.threshold == pytest.approx(-10.455, abs=1e-3)  # the smoke adapter's own tuned value
    assert judge.threshold == pytest.approx(-10.455 + LEVEL_OFFSETS["useful"], abs=1e-3)


# a question that names neither value: the trained judge's margins for the salary and the credit score fall
# between the levels' thresholds (session-10 adapter: about -4.1 and -4.9 against -2.07 / -4.32 / -5.82 for
# private / balanced / useful; everything else is below -8)
BORROW = "What monthly repayment could I manage on a mortgage?"


@needs_trained
def test_levels_keep_nested_sets_with_the_real_judge(tmp_path: Path) -> None:
    """One loaded trained judge (the proxy's default, through the factory at "useful"); the other levels' judges
    threshold the same margins: private keeps a subset of balanced, which keeps a subset of useful."""
    engine = build_engine(Settings(detectors=("patterns",), data_dir=str(tmp_path), relevance_level="useful"))
    judge = engine.relevance
    cands = candidates()
    try:
        kept_useful = judge.needed(BORROW, cands, [DESC] * len(cands))
        margins = dict(judge.last_scores)
    finally:
        judge.close()
    assert margins and all(cands[i].tag != "Full Name" for i in margins)  # names are never scored
    kept = {level: build_judge("smollm2-lora", data_dir=tmp_path, level=level).select(margins) for level in LEVELS}
    assert kept["useful"] == kept_useful
    assert kept["private"] < kept["balanced"] < kept["useful"], (kept, margins)
    index = {c.text: i for i, c in enumerate(cands)}
    assert index["2,950 GBP"] in kept["balanced"] - kept["private"]
    assert index["702"] in kept["useful"] - kept["balanced"]
    assert index["+44 7700 900123"] not in kept["useful"]  # a phone number is no help to a mortgage
    for level in LEVELS:  # each level keeps exactly the candidates above its threshold
        threshold = build_judge("smollm2-lora", data_dir=tmp_path, level=level).threshold
        assert kept[level] == {i for i, m in margins.items() if m > threshold}


@needs_trained
def test_the_proxy_engine_masks_more_at_private_and_less_at_useful(tmp_path: Path) -> None:
    outcome = {}
    for level in LEVELS:
        engine = build_engine(Settings(detectors=("patterns",), data_dir=str(tmp_path), relevance_level=level,
                                       always_mask=(), never_mask=()))
        try:
            protection = engine.protect([DESC], BORROW, indexed=False)
        finally:
            engine.relevance.close()
        kept = {d.entity.text for d in protection.decisions if not d.masked and d.reason is Reason.NEEDED}
        outcome[level] = (kept, protection.texts[0])
    assert outcome["private"][0] < outcome["balanced"][0] < outcome["useful"][0], outcome
    private_text, useful_text = outcome["private"][1], outcome["useful"][1]
    assert "702" not in private_text and "2,950 GBP" not in private_text  # masked
    assert "702" in useful_text and "2,950 GBP" in useful_text  # sent as is
    assert "<Monthly Income>" in private_text and "<Credit Score>" in private_text
    assert "+44 7700 900123" not in useful_text  # not needed at any level


# --- eval: several levels side by side on one loaded judge ---


@needs_smoke
def test_eval_scores_levels_side_by_side_on_shared_margins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from eval.dataset import samples_from_records
    from eval.metrics import score_sample
    from eval.systems import LevelJudge, eval_settings, relevance_systems
    from proxy.detectors import build_detector

    monkeypatch.setenv("VEIL_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("VEIL_CONFIG", str(tmp_path / "none.toml"))
    ModelRegistry(tmp_path).register("rel", SMOKE_ADAPTER, "relevance-lora")
    record = {"id": "lvl-1", "split": "single", "query": QUERY, "description": DESC,
              "entities": [{"text": c.text, "type": c.type.value, "tag": c.tag, "start": c.start, "end": c.end,
                            "subject": "A"} for c in candidates()],
              "query_related": [{"text": "2,950 GBP", "subject": "A"}, {"text": "702", "subject": "A"}]}
    samples, problems = samples_from_records([record], "test")
    assert samples and not problems, problems
    settings = eval_settings()
    detector = build_detector(("patterns",))
    systems = relevance_systems(["lora:rel"], detector, samples, settings, levels=["private", "balanced", "useful"])
    assert [s.name for s in systems] == ["veil+lora:rel", "gold+lora:rel", "veil+lora:rel@private",
                                         "gold+lora:rel@private", "veil+lora:rel@useful", "gold+lora:rel@useful"]
    gold = {s.name: s for s in systems if s.name.startswith("gold+")}
    base = gold["gold+lora:rel"].engine.relevance
    assert isinstance(base, LevelJudge) and base.name == "lora:rel"
    thresholds = {name: system.engine.relevance.threshold for name, system in gold.items()}
    assert thresholds["gold+lora:rel@private"] > thresholds["gold+lora:rel"] > thresholds["gold+lora:rel@useful"]
    scorer = base.judge.scorer()
    scored: list[int] = []
    score = scorer.score
    scorer.score = lambda prefix, suffixes: scored.append(len(suffixes)) or score(prefix, suffixes)
    try:
        predictions = {name: system.predict(samples[0]) for name, system in gold.items()}
    finally:
        del scorer.score
        base.judge.close()
    judged = sum(1 for c in candidates() if c.type.value != "PER")
    assert 0 < sum(scored) <= judged  # three levels, one scoring of the sample's candidates (its margin cache)
    kept = {name: set(p.query_related or ()) for name, p in predictions.items()}
    assert kept["gold+lora:rel@private"] <= kept["gold+lora:rel"] <= kept["gold+lora:rel@useful"]
    assert all(score_sample(samples[0], p)["qr_r"] is not None for p in predictions.values())


# --- an adapter's own level offsets (its sidecar's `level_offsets`, tuned with its threshold) ---


def test_an_adapters_own_offsets_take_the_tables_place() -> None:
    from proxy.relevance.levels import check_offsets, level_threshold

    own = check_offsets({"private": 2, "useful": -1.5})
    assert level_threshold(-4.0, "private", own) == pytest.approx(-2.0)
    assert level_threshold(-4.0, "useful", own) == pytest.approx(-5.5)
    assert level_threshold(-4.0, "balanced", own) == -4.0
    assert level_threshold(-4.0, "private", {"useful": -1.0}) == pytest.approx(-4.0 + LEVEL_OFFSETS["private"])
    for bad in ({"private": -1.0}, {"useful": 0.5}, {"balanced": 0.3}, {"max": 1.0}, {"private": "high"},
                {"private": True}):
        with pytest.raises(UnknownLevel):
            check_offsets(bad)


@needs_smoke
def test_a_judge_uses_the_offsets_in_its_adapters_sidecar(tmp_path: Path) -> None:
    import json
    import shutil

    adapter = tmp_path / "own.gguf"
    shutil.copyfile(SMOKE_ADAPTER, adapter)
    meta = json.loads(SMOKE_ADAPTER.with_suffix(".json").read_text(encoding="utf-8"))
    adapter.with_suffix(".json").write_text(json.dumps({**meta, "level_offsets": {"private": 2.0, "useful": -0.5}}))
    ModelRegistry(tmp_path).register("own", adapter, "relevance-lora")
    tuned = meta["threshold"]
    for level, offset in (("private", 2.0), ("balanced", 0.0), ("useful", -0.5)):
        judge = build_judge("lora:own", data_dir=tmp_path, level=level)
        assert judge.threshold == pytest.approx(tuned + offset) and judge.level_offsets["private"] == 2.0
    adapter.with_suffix(".json").write_text(json.dumps({**meta, "level_offsets": {"private": -2.0}}))
    with pytest.raises(RelevanceUnavailable, match="private > 0"):
        build_judge("lora:own", data_dir=tmp_path, level="private")
