"""Query extraction: the question part of the last user turn vs pasted context."""

from __future__ import annotations

import json

import pytest

from proxy.entities import Entity
from proxy.relevance.base import question_for
from proxy.relevance.query import bare_ask, split_query, states_value


def _check(text: str, question: str, context_has: str | None = None) -> None:
    parts = split_query(text)
    assert parts.question == question
    assert text[parts.start:parts.end].strip() == parts.question
    if context_has is not None:
        assert context_has in parts.context
        assert question not in parts.context


def test_short_turn_is_all_question() -> None:
    q = "Given my employer and job start date, what would be a realistic next career step?"
    parts = split_query(f"  {q}\n")
    assert parts.question == q and parts.context == ""


def test_empty_and_none() -> None:
    assert split_query("").question == ""
    assert split_query(None).question == ""


def test_question_after_pasted_document() -> None:
    doc = ("EMPLOYEE RECORD\nFull name: Fiyaz Mangal\nEmail: fiyaz.mangal@rediffmail.com\n"
           "Notes: His side business has an ROI of 7%, and his employee number is 0015155. " * 3)
    q = "Based on the employee's return on investment, how much can realistically be saved each month?"
    _check(f"{doc}\n\n{q}", q, "Fiyaz Mangal")


def test_question_before_pasted_document() -> None:
    q = "Can you draft a reply to this email that confirms the appointment time?"
    email = ("Dear Ms. Novak,\nwe confirm your appointment at St. Mary's Clinic on 2024-05-02 at 9:30 AM. "
             "Please bring your insurance card and arrive 15 minutes early. Kind regards, the front desk.\n") * 2
    _check(f"{q}\n\n{email}", q, "St. Mary's Clinic")


def test_explicit_marker_wins() -> None:
    text = ("Here is my profile. I was born on 1990-01-02 in Lyon and I work as a nurse at CHU Lyon. "
            "I have type 2 diabetes and my blood type is A+. My monthly income is 2,900 EUR.\n\n"
            "Question: what diet suits my condition?\n\nThanks a lot for your help, it means a lot!")
    _check(text, "Question: what diet suits my condition?", "1990-01-02")


def test_no_paragraphs_uses_last_question_sentence() -> None:
    text = ("I am 41 years old, I live at 12 Rue Victor Hugo in Paris and I work for Airbus as an engineer. "
            "My salary is 5,200 EUR a month and my rent is 1,400 EUR. I also have a loan of 20,000 EUR. "
            "My credit score is 710 and I bank with BNP Paribas. "
            "Is it reasonable to buy a car costing 30,000 EUR given my salary and loan? Thanks in advance.")
    parts = split_query(text)
    assert parts.question == "Is it reasonable to buy a car costing 30,000 EUR given my salary and loan?"
    assert "Airbus" in parts.context


def test_request_without_question_mark() -> None:
    body = "\n".join(f"- line {i}: patient Omar Haddad, 52, room {100 + i}, ward B" for i in range(8))
    q = "Please summarize the ward occupancy for the handover."
    _check(f"{body}\n\n{q}", q, "Omar Haddad")


def test_very_long_single_block_is_capped() -> None:
    text = "word " * 400 + "so what should I do next?"
    parts = split_query(text)
    assert parts.question.endswith("what should I do next?")
    assert len(parts.question) <= 500


def test_statements_before_a_closing_ask_are_context() -> None:
    # a value the user merely states must not sit in the question: the judge reads it as asked about
    _check("My phone is +1 415 555 0132 and I live in Lyon. Can you suggest a simple pancake recipe?",
           "Can you suggest a simple pancake recipe?", "+1 415 555 0132")
    _check("Hi! I have diabetes. What should I eat? Any quick ideas?", "What should I eat? Any quick ideas?", "diabetes")


def test_short_turn_that_only_asks_or_only_states_is_all_question() -> None:
    for text in ("Can you help? What is the capital of France?", "Call me at +1 415 555 0132.",
                 "I live in Lyon, can you recommend a restaurant nearby?"):
        parts = split_query(text)
        assert parts.question == text and parts.context == ""


# --- the bare ask: values a chat turn states beside its ask are not asked about ---

def test_bare_ask_drops_a_leading_clause_that_states_a_value() -> None:
    text = "My card ends in 4242 and I was born in Porto; how do I fold a paper crane?"
    assert bare_ask(text, ["4242", "Porto"]) == "how do I fold a paper crane?"
    assert bare_ask("Ok so I'm Ilse from Ghent - could you list three cheap hobbies?", ["Ilse", "Ghent"]) \
        == "could you list three cheap hobbies?"


def test_bare_ask_starts_after_filler_words() -> None:
    """"anyway", "btw", "so" before the ask do not hide it ("..., anyway who won the 2018 world cup")."""
    text = "ok so my blood type is B+ and I'm 5'6\", anyway who won the 2018 world cup"
    assert bare_ask(text, ["B+", "5'6\""]) == "anyway who won the 2018 world cup"
    assert bare_ask("My phone is 0770 900, btw what is a good name for a cat?", ["0770 900"]) == \
        "btw what is a good name for a cat?"


def test_bare_ask_drops_trailing_statements_that_state_a_value() -> None:
    text = "Can you recommend a thriller film? btw I am Jonas, jonas.k@web.de."
    assert bare_ask(text, ["Jonas", "jonas.k@web.de"]) == "Can you recommend a thriller film?"


def test_bare_ask_drops_both_around_one_ask() -> None:
    text = "My son Teo is 9 and hates gluten, give me a pizza dough recipe. Our flat is 5 Via Roma, Turin"
    values = ["Teo", "9", "gluten", "5 Via Roma, Turin"]
    assert bare_ask(text, values) == "give me a pizza dough recipe."


def test_bare_ask_keeps_values_the_ask_itself_holds() -> None:
    for text, values in (("Which country uses the dialling code +351 212 345 678?", ["+351 212 345 678"]),
                         ("Is 30 February 1985 a real date, given I'm 41?", ["30 February 1985", "41"]),
                         ("Honestly, what is the tallest mountain?", ["lea@ex.org"]),
                         ("what does K-7781 mean on my badge", ["K-7781"])):
        assert bare_ask(text, values) == text


def test_bare_ask_of_a_turn_typed_without_punctuation_starts_at_the_ask_word() -> None:
    assert bare_ask("my badge is K-7781 can u tell me a riddle", ["K-7781"]) == "can u tell me a riddle"
    text = "i live at 22 baker street in london and my phone is 07700 900123 whats a good name for a goldfish"
    assert bare_ask(text, ["22 baker street", "london", "07700 900123"]) == "whats a good name for a goldfish"
    # the statement must hold a value, and must not ask itself
    assert bare_ask("i really like dogs what breed suits a flat", ["07700 900123"]) == \
        "i really like dogs what breed suits a flat"
    assert bare_ask("how far is Leeds how long is the drive", ["Leeds"]) == "how far is Leeds how long is the drive"


def test_an_abbreviation_the_sentence_goes_on_after_does_not_end_it() -> None:
    _check("My passport no. is X1234567. Which documents do I need for a visa?",
           "Which documents do I need for a visa?", "passport no. is X1234567")
    _check("Tel. 0161 496 0000 is my number. What is a good first pet?", "What is a good first pet?",
           "Tel. 0161 496 0000")
    _check("The answer is no. What now?", "What now?", "The answer is no.")


def test_states_value_is_exact_and_whole_word() -> None:
    assert states_value("my blood type is A, what should I eat?", ["A"])
    assert not states_value("the once-a-year bonus, is it taxed?", ["A"])  # case-blind would match "a"
    assert not states_value("I was born in 19904", ["1990"])
    assert not states_value("anything", ["", "  "])


def test_split_query_fills_ask_only_with_values() -> None:
    text = "Rua Augusta 12 is my flat, what is a good houseplant for low light?"
    plain = split_query(text)
    assert plain.ask == plain.question == text
    parts = split_query(text, ["Rua Augusta 12"])
    assert parts.question == text and parts.context == ""
    assert parts.ask == "what is a good houseplant for low light?"


def test_a_period_inside_a_token_does_not_end_a_sentence() -> None:
    text = "Is 10.0.0.7 reachable from outside my home network?"
    assert split_query(text).question == text
    _check("My mail is ana.ruiz@correo.es. Which plants do cats avoid?", "Which plants do cats avoid?",
           "ana.ruiz@correo.es")


def test_question_for_uses_the_bare_ask_for_identifiers_places_and_organisations() -> None:
    text = "I'm deaf and my ID is QX-11, which board games need no talking?"
    parts = split_query(text, ["deaf", "QX-11"])
    assert parts.ask == "which board games need no talking?"
    ident = Entity("QX-11", text.index("QX-11"), text.index("QX-11") + 5, "Employee ID")
    health = Entity("deaf", 4, 8, "Disability Status")
    assert question_for(ident, parts) == parts.ask
    assert question_for(health, parts) == text  # a stated condition is often what a situational ask needs


def test_lora_judge_scores_each_candidate_under_its_question(tmp_path) -> None:
    """The real judge (bundled base + smoke adapter in llama.cpp): the ID's margin is its score under the bare
    ask, the condition's its score under the whole question, as if each were scored alone."""
    pytest.importorskip("llama_cpp")
    from local_models.relevance_runtime import format_candidate, format_prefix
    from proxy.relevance.base import prepare
    from proxy.relevance.lora import SMOKE_ADAPTER, LoraJudge

    if not SMOKE_ADAPTER.exists():
        pytest.skip("the smoke adapter is missing")
    text = "I'm deaf and my ID is QX-11, which board games need no talking?"
    cands = [Entity("deaf", 4, 8, "Disability Status"), Entity("QX-11", 22, 27, "Employee ID")]
    judge = LoraJudge(SMOKE_ADAPTER, name="smoke", cache_dir=tmp_path, n_threads=1, n_ctx=512, merge=False)
    try:
        margins = judge.scores(text, cands, [text, text])
        parts, scored = prepare(text, cands, [text, text])
        alone = {s.index: judge.scorer().score(format_prefix(q), [format_candidate(s.entity.tag, s.entity.text,
                                                                                   s.before, s.after)])[0]
                 for s, q in zip(scored, (text, "which board games need no talking?"))}
    finally:
        judge.close()
    assert parts.ask == "which board games need no talking?"
    assert set(margins) == {0, 1}
    assert margins == pytest.approx(alone, abs=1e-3)


def test_lora_judge_marks_named_kinds_for_a_v2_adapter(tmp_path) -> None:
    """An adapter trained for prompt format v2 is sent `<Tag>*:` for the kinds its question names, v1 never."""
    pytest.importorskip("llama_cpp")
    import shutil

    from local_models.relevance_runtime import format_candidate, format_prefix
    from proxy.relevance.base import prepare
    from proxy.relevance.lora import SMOKE_ADAPTER, LoraJudge

    if not SMOKE_ADAPTER.exists():
        pytest.skip("the smoke adapter is missing")
    v2 = tmp_path / "v2.gguf"
    shutil.copy(SMOKE_ADAPTER, v2)
    meta = json.loads(SMOKE_ADAPTER.with_suffix(".json").read_text())
    v2.with_suffix(".json").write_text(json.dumps({**meta, "prompt_format": "veil-relevance-v2"}))
    text = "What is my employee ID? It is QX-11 and I work at Acme."
    cands = [Entity("QX-11", 30, 35, "Employee ID"), Entity("Acme", 50, 54, "Company Name")]
    judges = [LoraJudge(path, name="smoke", cache_dir=tmp_path, n_threads=1, n_ctx=512, merge=False)
              for path in (SMOKE_ADAPTER, v2)]
    try:
        plain, marked = (judge.scores(text, cands, [text, text]) for judge in judges)
        parts, scored = prepare(text, cands, [text, text])
        expected = judges[1].scorer().score(format_prefix(question_for(cands[0], parts)), [
            format_candidate(s.entity.tag, s.entity.text, s.before, s.after, named=s.entity.tag == "Employee ID")
            for s in scored])
    finally:
        for judge in judges:
            judge.close()
    assert marked == pytest.approx(dict(enumerate(expected)), abs=1e-3)
    assert abs(marked[0] - plain[0]) > 1e-3 and marked[1] == pytest.approx(plain[1], abs=1e-3)
