"""PII-Bench metrics against hand-computed values (spec + paper App. F.1)."""

import itertools

import pytest

from eval.dataset import parse_record
from eval.metrics import (
    PRF,
    _exact_match,
    count_occurrences,
    detection_scores,
    masking_scores,
    match_subjects,
    mean_scores,
    query_scores,
    score_sample,
    set_prf,
    soft_prf,
    strip_placeholders,
)
from eval.prediction import PredictedEntity, Prediction
from eval.rouge import lcs_length, rouge_l_f, tokens
from eval.systems import NoMasking, Oracle
from proxy.taxonomy import PiiType


def close(prf: PRF, precision: float, recall: float, f1: float) -> None:
    assert (prf.precision, prf.recall, prf.f1) == pytest.approx((precision, recall, f1))


# --- sets and ROUGE-L ---------------------------------------------------------


def test_set_prf_by_hand():
    close(set_prf({"a", "b", "c"}, {"b", "c", "d", "e"}), 2 / 3, 1 / 2, 4 / 7)


def test_empty_sets():
    close(set_prf(set(), set()), 1, 1, 1)
    close(set_prf({"a"}, set()), 0, 0, 0)
    close(set_prf(set(), {"a"}), 0, 0, 0)
    close(soft_prf([], []), 1, 1, 1)
    close(detection_scores([], []).strict, 1, 1, 1)
    close(detection_scores([("Leeds", "LOC", "A")], []).entity, 0, 0, 0)


def test_lcs_and_rouge_by_hand():
    assert lcs_length(list("abcd"), list("bd")) == 2
    assert lcs_length(list("abc"), list("xyz")) == 0
    assert tokens("$4,500 per Month") == ["4", "500", "per", "month"]
    # 3 common tokens of 4 predicted / 3 reference: P = 3/4, R = 1, F = 6/7.
    assert rouge_l_f("Global Health Research Center", "Global Health Center") == pytest.approx(6 / 7)
    assert rouge_l_f("Leeds", "Paris") == 0.0
    assert rouge_l_f("+", "+") == 1.0  # no word tokens: equal texts match


def test_soft_prf_by_hand():
    # precision: the one prediction's best match is 6/7; recall: (6/7 + 0) / 2.
    close(soft_prf(["Global Health Center"], ["Global Health Research Center", "Leeds"]), 6 / 7, 3 / 7, 4 / 7)


# --- detection ------------------------------------------------------------------


def test_detection_single_subject_strict_vs_entity():
    gold = [("Lance", "PER", "A"), ("Leeds", "LOC", "A"), ("NGO X", "ORG", "A")]
    pred = [("lance", "PER", "A"), ("Leeds", "ORG", "A"), ("Paris", "LOC", "A")]
    scores = detection_scores(pred, gold)
    close(scores.strict, 1 / 3, 1 / 3, 1 / 3)  # only "lance" matches text and type
    close(scores.entity, 2 / 3, 2 / 3, 2 / 3)  # "leeds" counts on text alone


def test_detection_subject_letters_are_matched_not_compared():
    gold = [("Ann", "PER", "A"), ("Leeds", "LOC", "A"), ("Bob", "PER", "B")]
    pred = [("Ann", "PER", "B"), ("Leeds", "LOC", "B"), ("Bob", "PER", "A")]
    scores = detection_scores(pred, gold)
    close(scores.strict, 1, 1, 1)
    assert sorted(scores.pairs) == [("A", "B"), ("B", "A")]


def test_detection_fewer_predicted_subjects():
    # One predicted subject holds both gold subjects' entities. Matched to A (F1 0.8 beats B's 0.5):
    # precision 2/3 over |P| = 1, recall 1 over |G| = 2, F1 0.8 over max = 2.
    gold = [("a1", "DEM", "A"), ("a2", "DEM", "A"), ("b1", "DEM", "B")]
    pred = [("a1", "DEM", "A"), ("a2", "DEM", "A"), ("b1", "DEM", "A")]
    scores = detection_scores(pred, gold)
    close(scores.strict, 2 / 3, 1 / 2, 0.4)
    assert scores.pairs == (("A", "A"),)


def test_detection_more_predicted_subjects():
    gold = [("a1", "DEM", "A")]
    pred = [("a1", "DEM", "A"), ("junk", "DEM", "B")]
    close(detection_scores(pred, gold).strict, 1 / 2, 1, 1 / 2)


def test_detection_normalizes_texts():
    gold = [("Leeds", "LOC", "A"), ("Ｏ+", "DEM", "A")]
    pred = [("  leeds.", "LOC", "A"), ("o+", "DEM", "A")]
    close(detection_scores(pred, gold).strict, 1, 1, 1)


def test_matching_is_optimal_not_greedy():
    weights = [[0.9, 0.8], [0.8, 0.1]]  # greedy takes 0.9 + 0.1; optimum is 0.8 + 0.8
    assert sorted(match_subjects(weights)) == [(0, 1), (1, 0)]
    assert sorted(_exact_match(weights, 2, 2)) == [(0, 1), (1, 0)]


@pytest.mark.parametrize("rows,cols", [(1, 1), (2, 3), (3, 2), (3, 3), (4, 6)])
def test_fallback_matching_is_optimal(rows, cols):
    weights = [[((r * 7 + c * 3) % 5) / 5 for c in range(cols)] for r in range(rows)]
    best = max(sum(weights[r][c] for r, c in zip(perm_r, perm_c))
               for perm_r in itertools.permutations(range(rows), min(rows, cols))
               for perm_c in itertools.permutations(range(cols), min(rows, cols)))
    for pairs in (match_subjects(weights), _exact_match(weights, rows, cols)):
        assert len(pairs) == min(rows, cols)
        assert sum(weights[r][c] for r, c in pairs) == pytest.approx(best)


# --- query-related --------------------------------------------------------------


def test_query_scores_normalized():
    exact, fuzzy = query_scores(["LEEDS!", "3:14 PM"], ["Leeds", "3:14 pm", "Paris"])
    close(exact, 1, 2 / 3, 0.8)
    close(fuzzy, 1, 2 / 3, 0.8)


def test_query_scores_empty_gold_and_prediction():
    exact, _ = query_scores([], [])
    close(exact, 1, 1, 1)


# --- masking ----------------------------------------------------------------------

DESCRIPTION = "Ann Lee met Bob in Leeds. Ann Lee called 555-0101 from Leeds."
GOLD_TEXTS = ["Ann Lee", "Bob", "Leeds", "Ann Lee", "555-0101", "Leeds"]


def test_masking_by_hand():
    masked = "<Full Name> met Bob in Leeds. <Full Name> called <Phone Number> from Leeds."
    scores = masking_scores(DESCRIPTION, masked, GOLD_TEXTS, ["Leeds"], ["Ann Lee", "555-0101", "Ann Lee"])
    close(scores.f1, 1, 2 / 3, 0.8)  # Bob missed
    # before: Ann Lee 2 + Bob 1 + Leeds 2 + phone 1 = 6; after: Bob 1 + Leeds 2 = 3.
    assert scores.privacy == pytest.approx(0.5)
    assert scores.kept == 1.0
    assert scores.balanced == pytest.approx(0.75)


def test_masking_extremes():
    nothing = masking_scores(DESCRIPTION, DESCRIPTION, GOLD_TEXTS, ["Leeds"], [])
    assert (nothing.privacy, nothing.kept, nothing.balanced) == (0.0, 1.0, 0.5)
    close(nothing.f1, 0, 0, 0)
    everything = "<Full Name> met <Full Name> in <City/Region>. <Full Name> called <Phone Number> from <City/Region>."
    masked_all = masking_scores(DESCRIPTION, everything, GOLD_TEXTS, ["Leeds"], ["Ann Lee", "Bob", "Leeds", "555-0101"])
    assert (masked_all.privacy, masked_all.kept, masked_all.balanced) == (1.0, 0.0, 0.5)
    close(masked_all.f1, 3 / 4, 1, 6 / 7)


def test_kept_rate_with_no_needed_entities_is_one():
    assert masking_scores("Bob", "<Full Name>", ["Bob"], [], ["Bob"]).kept == 1.0


def test_occurrence_counting():
    assert count_occurrences("born 2034, age 34", "34") == 1
    assert count_occurrences("LEEDS and leeds", "Leeds") == 2
    assert count_occurrences("a 34-year-old", "34") == 1
    assert count_occurrences(strip_placeholders("on <Date> and <Date 2>"), "Date") == 0


# --- one sample ----------------------------------------------------------------------

RECORD = {
    "id": "t-1",
    "split": "single",
    "description": DESCRIPTION,
    "query": "Which city am I in?",
    "entities": [
        {"text": "Ann Lee", "type": "PER", "tag": "Full Name", "start": 0, "end": 7, "subject": "A"},
        {"text": "Bob", "type": "PER", "tag": "Full Name", "start": 12, "end": 15, "subject": "B"},
        {"text": "Leeds", "type": "LOC", "tag": "City/Region", "start": 19, "end": 24, "subject": "A"},
        {"text": "Ann Lee", "type": "PER", "tag": "Full Name", "start": 26, "end": 33, "subject": "A"},
        {"text": "555-0101", "type": "CODE", "tag": "Phone Number", "start": 41, "end": 49, "subject": "A"},
        {"text": "Leeds", "type": "LOC", "tag": "City/Region", "start": 55, "end": 60, "subject": "A"},
    ],
    "query_related": [{"text": "Leeds", "subject": "A"}],
}


def test_oracle_masks_exactly_the_unneeded():
    sample = parse_record(RECORD)
    prediction = Oracle().predict(sample)
    assert prediction.masked == "<Full Name> met <Full Name> in Leeds. <Full Name> called <Phone Number> from Leeds."
    scores = score_sample(sample, prediction)
    assert scores["mask_f1"] == scores["kept"] == scores["strict_f1"] == scores["qr_f1"] == 1.0
    assert scores["privacy"] == pytest.approx(1 - 2 / 6)  # only the two "Leeds" stay


def test_score_sample_leaves_out_tasks_a_system_does_not_do():
    sample = parse_record(RECORD)
    scores = score_sample(sample, NoMasking().predict(sample))
    assert scores["strict_f1"] is None and scores["qr_f1"] is None
    assert scores["privacy"] == 0.0 and scores["B"] == 0.5


def test_sample_without_query_has_no_task_2_or_3():
    sample = parse_record({**RECORD, "query": ""})
    prediction = Prediction([PredictedEntity("Ann Lee", PiiType.PER, "Full Name")], [], DESCRIPTION)
    scores = score_sample(sample, prediction)
    assert scores["strict_f1"] is not None
    assert scores["qr_f1"] is None and scores["B"] is None


def test_mean_skips_missing_values():
    means = mean_scores([{"strict_f1": 1.0, "B": None}, {"strict_f1": 0.5, "B": 0.25}])
    assert means["strict_f1"] == 0.75 and means["B"] == 0.25 and means["qr_f1"] is None


def test_pooled_f1_ignores_subjects_where_strict_does_not():
    sample = parse_record(RECORD)  # gold subjects: A {Ann Lee, Leeds, 555-0101}, B {Bob}
    entities = [PredictedEntity(t, PiiType(k), tag) for t, k, tag in
                [("Ann Lee", "PER", "Full Name"), ("Bob", "PER", "Full Name"),
                 ("Leeds", "LOC", "City/Region"), ("555-0101", "CODE", "Phone Number")]]  # fmt: skip
    scores = score_sample(sample, Prediction(entities, [], DESCRIPTION))
    assert scores["pooled_f1"] == 1.0
    # one predicted subject, matched to A (F1 6/7 beats B's 0.4): P 3/4 over |P| = 1, R 1/2, F1 (6/7)/2
    assert (scores["strict_p"], scores["strict_r"], scores["strict_f1"]) == pytest.approx((3 / 4, 1 / 2, 3 / 7))
