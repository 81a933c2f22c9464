"""The engine over several text fields: one placeholder map, propagation, relevance, fail-closed."""

import re

import pytest

from proxy.detectors.base import DetectionUnavailable, Detector, DetectorPipeline
from proxy.engine import PrivacyEngine
from proxy.entities import Entity
from proxy.policy import PolicyConfig, Reason


class VocabularyDetector(Detector):
    """A user-style plug-in detector: fixed values with fixed tags (case-sensitive)."""

    name = "vocabulary"

    def __init__(self, vocabulary: dict[str, str]) -> None:
        self.vocabulary = vocabulary

    def detect(self, text):
        return [Entity(m.group(0), m.start(), m.end(), tag)
                for value, tag in self.vocabulary.items() for m in re.finditer(rf"\b{re.escape(value)}\b", text)]


class JudgeNeedsTags:
    """A relevance judge that needs every candidate with one of `tags`."""

    name = "by-tag"

    def __init__(self, *tags):
        self.tags = tags

    def needed(self, query, candidates):
        return {i for i, e in enumerate(candidates) if e.tag in self.tags}


VOCAB = {"555-0101": "Phone Number", "Leeds": "City/Region", "Ann Lee": "Full Name", "nurse": "Occupation"}


def engine(policy="all", judge=None, vocab=VOCAB):
    return PrivacyEngine(DetectorPipeline([VocabularyDetector(vocab)]), PolicyConfig.build(policy), judge)


def test_one_placeholder_map_across_fields_and_restoration():
    protection = engine().protect(["I am Ann Lee, call 555-0101.", "Ann Lee lives in Leeds; 555-0101 again"])
    assert protection.texts == ["I am <Full Name 1>, call <Phone Number 1>.",
                                "<Full Name 1> lives in <City/Region 1>; <Phone Number 1> again"]
    assert protection.placeholders.restore("Hi <Full Name 1> from <City/Region 1>") == "Hi Ann Lee from Leeds"
    assert protection.counts_by_type(masked=True) == {"LOC": 1, "PER": 2, "CODE": 2}


def test_masked_values_are_masked_everywhere_even_where_no_detector_saw_them():
    # The detector is case-sensitive; the repeat in lower case is still masked.
    protection = engine().protect(["Ann Lee", "ann lee said hi"])
    assert protection.texts == ["<Full Name 1>", "<Full Name 1> said hi"]
    assert any(f.entity.detector == "propagation" for f in protection.findings)


def test_propagation_respects_word_boundaries():
    protection = engine(vocab={"Lee": "Nickname"}).protect(["Lee", "Leeds and Lee"])
    assert protection.texts[1] == "Leeds and <Nickname 1>"


def test_a_masked_word_is_not_propagated_into_an_identifier_or_code():
    """"AS manager" is masked; "e.manager_id", "MANAGER_ID" and "manager(" are code that holds the word."""
    protection = engine(vocab={"AS manager": "Occupation"}).protect(
        ["SELECT m.last_name AS manager", 'ON e.manager_id = m.id -- "E"."MANAGER_ID"; call manager() for the manager'])
    assert protection.texts == ["SELECT m.last_name <Occupation 1>",
                                'ON e.manager_id = m.id -- "E"."MANAGER_ID"; call manager() for the manager']
    protection = engine(vocab={"manager": "Occupation"}).protect(["our manager", "e.manager_id and the manager"])
    assert protection.texts == ["our <Occupation 1>", "e.manager_id and the <Occupation 1>"]


def test_a_one_character_value_is_not_propagated():
    """A form's "F" is masked where a detector found it, not in "I'm" or in an initial."""
    protection = engine(vocab={"F": "Gender"}).protect(["Sex: F", "I'm 22, F. Scott is my cat, m or f?"])
    assert protection.texts == ["Sex: <Gender 1>", "I'm 22, <Gender 1>. Scott is my cat, m or f?"]


def test_query_aware_keeps_what_the_judge_needs():
    protection = engine("query-aware", JudgeNeedsTags("City/Region", "Full Name")).protect(
        ["Ann Lee is a nurse in Leeds, 555-0101"], "Which hospitals are near me?")
    assert protection.texts == ["<Full Name 1> is a <Occupation 1> in Leeds, <Phone Number 1>"]
    reasons = {d.entity.text: d.reason for d in protection.decisions}
    assert reasons == {"Ann Lee": Reason.PERSON, "nurse": Reason.NOT_NEEDED, "Leeds": Reason.NEEDED,
                       "555-0101": Reason.NOT_NEEDED}


def test_a_failing_judge_masks_everything_rather_than_leaking():
    class Broken:
        name = "broken"

        def needed(self, query, candidates):
            raise RuntimeError("model crashed")

    protection = engine("query-aware", Broken()).protect(["nurse in Leeds"], "q")
    assert protection.texts == ["<Occupation 1> in <City/Region 1>"]


def test_unindexed_tags_for_the_benchmark_form():
    protection = engine().protect(["nurse in Leeds"], indexed=False)
    assert protection.texts == ["<Occupation> in <City/Region>"]


def test_policy_off_sends_text_unchanged_without_detection():
    class Exploding(Detector):
        name = "exploding"

        def detect(self, text):
            raise AssertionError("must not run")

    off = PrivacyEngine(DetectorPipeline([Exploding()]), PolicyConfig.build("off"))
    assert off.protect(["Ann Lee"]).texts == ["Ann Lee"]


@pytest.mark.parametrize("where", ["load", "detect", "bad-span"])
def test_detector_failures_raise_detection_unavailable(where):
    class Failing(Detector):
        name = "failing"

        def load(self):
            if where == "load":
                raise OSError("weights missing")

        def detect(self, text):
            if where == "detect":
                raise RuntimeError("boom")
            return [Entity("xx", 0, 2, "Nickname")]

    pipeline = DetectorPipeline([Failing()])
    with pytest.raises(DetectionUnavailable) as info:
        PrivacyEngine(pipeline, PolicyConfig.build("all")).protect(["Ann Lee"])
    assert info.value.detector == "failing"
    assert pipeline.statuses()[0].ready is (where != "load")


def test_a_value_tagged_differently_in_two_places_gets_one_placeholder():
    class TwoTaggers(Detector):
        name = "two-taggers"

        def detect(self, text):
            tag = "Bank Account" if text.startswith("Account") else "Phone Number"
            start = text.index("+1")
            return [Entity(text[start:start + 15], start, start + 15, tag)]

    e = PrivacyEngine(DetectorPipeline([TwoTaggers()]), PolicyConfig.build("all"))
    protection = e.protect(["Account +1 415-555-0132", "call +1 415-555-0132"])
    assert protection.texts == ["Account <Bank Account 1>", "call <Bank Account 1>"]


class CountingDetector(VocabularyDetector):
    """The vocabulary detector, counting the texts it was asked about; `fail` makes it raise."""

    def __init__(self, vocabulary):
        super().__init__(vocabulary)
        self.calls: list[str] = []
        self.fail = False

    def detect(self, text):
        self.calls.append(text)
        if self.fail:
            raise RuntimeError("model crashed")
        return super().detect(text)


def test_a_resent_conversation_is_detected_once_per_text():
    detector = CountingDetector(VOCAB)
    e = PrivacyEngine(DetectorPipeline([detector]), PolicyConfig.build("all"))
    history = ["I'm Ann Lee, a nurse in Leeds.", "Noted, Ann Lee."]
    first = e.protect(history + ["Call 555-0101?"])
    second = e.protect(history + ["Call 555-0101?", "And from Leeds?"])
    assert detector.calls == [*history, "Call 555-0101?", "And from Leeds?"]  # only the new turn was detected
    assert second.texts[:3] == first.texts  # the same masks, from the remembered entities
    assert second.texts[3] == "And from <City/Region 1>?"


def test_the_cache_is_bounded_and_never_remembers_a_failure():
    detector = CountingDetector(VOCAB)
    pipeline = DetectorPipeline([detector], cache_size=2)
    for text in ("a Leeds", "b Leeds", "c Leeds", "a Leeds"):
        pipeline.detect(text)
    assert detector.calls == ["a Leeds", "b Leeds", "c Leeds", "a Leeds"]  # "a" was evicted by "c"
    detector.fail = True
    with pytest.raises(DetectionUnavailable):
        pipeline.detect("d Leeds")
    assert [e.text for e in pipeline.detect("a Leeds")] == ["Leeds"]  # still remembered: no model call
    with pytest.raises(DetectionUnavailable):  # a failure is not remembered: the next call fails closed too
        pipeline.detect("d Leeds")
    pipeline.cache_clear()
    with pytest.raises(DetectionUnavailable):
        pipeline.detect("a Leeds")


def test_the_cache_holds_a_bounded_amount_of_text():
    detector = CountingDetector(VOCAB)
    pipeline = DetectorPipeline([detector], cache_chars=20)
    short, longer, too_long = "Leeds " * 2, "Leeds " * 2 + "x", "Leeds " * 4  # 12, 13 and 24 characters
    for text in (short, longer, longer, short, too_long, too_long):
        pipeline.detect(text)
    # 12 + 13 > 20: `longer` pushed `short` out; a text over the whole budget is never remembered
    assert detector.calls == [short, longer, short, too_long, too_long]


def test_cache_size_zero_detects_every_time():
    detector = CountingDetector(VOCAB)
    pipeline = DetectorPipeline([detector], cache_size=0)
    pipeline.detect("Leeds")
    pipeline.detect("Leeds")
    assert detector.calls == ["Leeds", "Leeds"]


def test_remember_findings_off_keeps_nothing_between_requests(tmp_path):
    from proxy.config import load_settings
    from proxy.factory import build_engine

    env = {"VEIL_DETECTORS": "patterns", "VEIL_DATA_DIR": str(tmp_path), "VEIL_REMEMBER_FINDINGS": "false"}
    settings = load_settings(tmp_path / "none.toml", env=env)
    assert settings.remember_findings is False
    engine = build_engine(settings)
    assert engine.detector.cache_size == 0
    assert engine.relevance.margin_cache_size == 0  # the bundled LoRA judge (built lazily: nothing loaded)
    remembering = build_engine(load_settings(tmp_path / "none.toml", env={**env, "VEIL_REMEMBER_FINDINGS": "true"}))
    assert remembering.detector.cache_size > 0 and remembering.relevance.margin_cache_size > 0


def test_a_span_over_two_paragraphs_is_dropped():
    # a model once read "Femke de Vries\n\n1" (a name, then a numbered item) as one street address
    class ParagraphCrosser(Detector):
        name = "crosser"

        def detect(self, text):
            start = text.index("Femke")
            end = text.index("1.") + 1
            return [Entity(text[start:end], start, end, "Street Address", 0.66)]

    text = "Present: Claire Dobson, Femke de Vries\n\n1. Treasurer's report"
    assert DetectorPipeline([ParagraphCrosser()]).detect(text) == []
