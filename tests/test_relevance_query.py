"""Query extraction: the question part of the last user turn vs pasted context."""

from __future__ import annotations

from proxy.relevance.query import split_query


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
