"""Query-aware masking end to end: the bundled relevance judge in the real proxy, the `openai` SDK as client.

Chat semantics (issue 5): the query is the question of the LAST user turn; the
candidates are the PII in everything the request sends (system prompt, earlier
turns); placeholders stay the same across turns; replies are restored.
"""

from __future__ import annotations

import re

import pytest

from proxy.config import DEFAULT_DETECTORS
from proxy.relevance.lora import BUNDLED_ADAPTER

pytestmark = pytest.mark.skipif(not BUNDLED_ADAPTER.exists(), reason="the trained relevance adapter is not built")

INCOME, SCORE, PHONE, EMAIL = "$6,450", "731", "+1 415-555-0132", "jane.doe@example.com"
DETAILS = (f"Some background: my monthly income is {INCOME} after tax and my credit score is {SCORE}. "
           f"You can reach me on {PHONE} or at {EMAIL}.")


def test_last_turn_decides_what_is_kept_and_placeholders_hold_across_turns(make_veil):
    veil = make_veil(policy="query-aware", relevance="smollm2-lora")
    messages = [
        {"role": "system", "content": "You are a helpful financial assistant."},
        {"role": "user", "content": DETAILS},
        {"role": "assistant", "content": "Thanks, noted."},
        {"role": "user", "content": "Given my income and my credit score, how large a mortgage could I afford?"},
    ]
    veil.client().chat.completions.create(model="m", messages=messages)
    sent = veil.received[-1].body["messages"]
    history = sent[1]["content"]
    # the question needs the income and the credit score: kept; contact details are not needed: masked
    assert INCOME in history and SCORE in history
    assert PHONE not in veil.received[-1].raw and EMAIL not in veil.received[-1].raw
    phone_tag = re.search(r"<Phone Number[^>]*>", history).group(0)

    # next turn: a question about contacting, the same phone repeated in the new turn
    messages += [
        {"role": "assistant", "content": "About $290,000."},
        {"role": "user", "content": f"Which of my details would a lender use to call me back? I said {PHONE}."},
    ]
    reply = veil.client().chat.completions.create(model="m", messages=messages)
    sent2 = veil.received[-1].body["messages"]
    # the loopback echoes the last user turn as it received it; the client gets its own value back
    assert PHONE in reply.choices[0].message.content
    # the phone keeps one placeholder across turns whether the judge keeps or masks it
    if PHONE not in veil.received[-1].raw:
        assert phone_tag in sent2[1]["content"] and phone_tag in sent2[-1]["content"]
    # the income is not needed by this question: masked now, in the earlier turn too
    assert INCOME not in veil.received[-1].raw


def test_judge_off_masks_every_candidate(make_veil):
    veil = make_veil(policy="query-aware", relevance=None)
    veil.client().chat.completions.create(model="m", messages=[
        {"role": "user", "content": DETAILS + " Given my income and my credit score, how large a mortgage could I afford?"}])
    raw = veil.received[-1].raw
    assert INCOME not in raw and SCORE not in raw and PHONE not in raw


def test_values_stated_beside_an_unrelated_ask_and_a_situation_the_ask_needs(make_veil):
    """Chat turns as people write them: details stated in the asking sentence are not asked about (they used
    to reach the cloud because the judge read them inside the question), while a stated condition that a
    plain request needs ("what should I eat?") is kept."""
    veil = make_veil(policy="query-aware", relevance="smollm2-lora", detectors=DEFAULT_DETECTORS)  # + GLiNER: places
    goldfish = f"I live at 22 Baker Street in London and my phone is {PHONE}, what's a good name for a goldfish?"
    veil.client().chat.completions.create(model="m", messages=[{"role": "user", "content": goldfish}])
    raw = veil.received[-1].raw
    assert PHONE not in raw
    assert "22 Baker Street" not in raw and "London" not in raw
    veil.client().chat.completions.create(model="m", messages=[
        {"role": "user", "content": "I have type 2 diabetes. What should I eat for breakfast?"}])
    assert "type 2 diabetes" in veil.received[-1].raw


def test_an_agent_tool_loop_keeps_earlier_decisions_and_masks_the_tool_result(make_veil):
    """An agent re-sends the conversation at every tool step under the same last user turn: what was
    masked or kept before stays so (the judge remembers its margins), and a value the tool returns is
    masked like the same value anywhere else in the request."""
    veil = make_veil(policy="query-aware", relevance="smollm2-lora")
    question = "Given my income and my credit score, how large a mortgage could I afford?"
    messages: list[dict] = [{"role": "user", "content": f"{DETAILS} {question}"}]
    veil.client().chat.completions.create(model="m", messages=messages)
    first = veil.received[-1].body["messages"][0]["content"]
    assert INCOME in first and SCORE in first and EMAIL not in first
    email_tag = re.search(r"<Email Address[^>]*>", first).group(0)
    for step in (1, 2):
        messages += [
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{step}", "type": "function", "function": {"name": "crm_lookup", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": f"call_{step}",
             "content": f"Applicant on file: {EMAIL}; rate offer {5 + step}.1% fixed for 30 years."},
        ]
        veil.client().chat.completions.create(model="m", messages=messages)
        sent = veil.received[-1].body["messages"]
        assert sent[0]["content"] == first  # the same question: the first turn goes out exactly as before
        assert email_tag in sent[-1]["content"] and EMAIL not in veil.received[-1].raw
