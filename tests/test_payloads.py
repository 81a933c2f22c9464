"""The payload walker: every text slot of every endpoint's body, the query, and shape errors."""

from __future__ import annotations

import copy
import json

import pytest

from proxy.payloads import PayloadError, extract


def slots_of(endpoint, body):
    extracted = extract(endpoint, body)
    return [(slot.path, slot.role, slot.text) for slot in extracted.slots], extracted.query


# -- chat/completions -------------------------------------------------------------------


def test_chat_every_text_field_and_the_last_user_turn_is_the_query():
    body = {
        "model": "gpt-4o",
        "messages": [
            {"role": "system", "content": "sys"},
            {"role": "user", "content": [
                {"type": "text", "text": "part one"},
                {"type": "image_url", "image_url": {"url": "https://x/y.png"}},
                {"type": "text", "text": "part two"},
            ]},
            {"role": "assistant", "content": None, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": '{"a": 1, "to": "Ann", "cc": ["Bo"]}'}},
                {"id": "c2", "type": "custom", "custom": {"name": "g", "input": "free text"}},
            ]},
            {"role": "tool", "tool_call_id": "c1", "content": "tool result"},
            {"role": "assistant", "content": [{"type": "refusal", "refusal": "no"}], "function_call": {"name": "h", "arguments": "not json"}},
            {"role": "user", "content": "last question"},
            {"role": "assistant", "content": "prefill"},
        ],
        "prediction": {"type": "content", "content": "predicted"},
    }
    slots, query = slots_of("chat/completions", body)
    assert slots == [
        ("messages[0].content", "system", "sys"),
        ("messages[1].content[0].text", "user", "part one"),
        ("messages[1].content[2].text", "user", "part two"),
        ("messages[2].tool_calls[0].function.arguments.to", "assistant", "Ann"),  # JSON: its string values
        ("messages[2].tool_calls[0].function.arguments.cc[0]", "assistant", "Bo"),
        ("messages[2].tool_calls[1].custom.input", "assistant", "free text"),
        ("messages[3].content", "tool", "tool result"),
        ("messages[4].content[0].refusal", "assistant", "no"),
        ("messages[4].function_call.arguments", "assistant", "not json"),  # not JSON: the raw text
        ("messages[5].content", "user", "last question"),
        ("messages[6].content", "assistant", "prefill"),
        ("prediction.content", "assistant", "predicted"),
    ]
    assert query == "last question"


def test_tool_call_arguments_are_masked_as_the_values_they_encode():
    arguments = json.dumps({"to": "Jos\u00e9", "note": "line one\nline two", "n": 3, "tags": ["x"]})
    body = {"messages": [{"role": "assistant", "content": None, "tool_calls": [
        {"id": "c1", "type": "function", "function": {"name": "f", "arguments": arguments}}]}]}
    extracted = extract("chat/completions", body)
    assert [slot.text for slot in extracted.slots] == ["Jos\u00e9", "line one\nline two", "x"]
    extracted.slots[0].set("<Full Name 1>")
    extracted.slots[1].set("line one\n<City/Region 1>")
    sent = body["messages"][0]["tool_calls"][0]["function"]["arguments"]
    assert json.loads(sent) == {"to": "<Full Name 1>", "note": "line one\n<City/Region 1>", "n": 3, "tags": ["x"]}


def test_chat_query_joins_the_text_parts_of_the_last_user_message():
    body = {"messages": [
        {"role": "user", "content": "first"},
        {"role": "user", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]},
        {"role": "tool", "tool_call_id": "x", "content": "not the query"},
    ]}
    assert extract("chat/completions", body).query == "a\nb"


def test_chat_without_user_text_has_no_query():
    body = {"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": None}]}
    slots, query = slots_of("chat/completions", body)
    assert slots == [("messages[0].content", "system", "s")] and query is None


def test_setting_a_slot_writes_into_the_body_in_place():
    body = {"messages": [
        {"role": "user", "content": [{"type": "text", "text": "mail a@b.co"}, "bare string part"]},
        {"role": "assistant", "tool_calls": [{"type": "function", "function": {"name": "f", "arguments": "a@b.co"}}]},
    ]}
    original = copy.deepcopy(body)
    for slot in extract("chat/completions", body).slots:
        slot.set(slot.text.upper())
    assert body["messages"][0]["content"] == [{"type": "text", "text": "MAIL A@B.CO"}, "BARE STRING PART"]
    assert body["messages"][1]["tool_calls"][0]["function"] == {"name": "f", "arguments": "A@B.CO"}
    assert json.dumps(body).upper() == json.dumps(original).upper()  # nothing else changed


@pytest.mark.parametrize(("body", "param"), [
    ({}, "messages"),
    ({"messages": "hi"}, "messages"),
    ({"messages": []}, "messages"),
    ({"messages": ["hi"]}, "messages[0]"),
    ({"messages": [{"content": "hi"}]}, "messages[0].role"),
    ({"messages": [{"role": 1, "content": "hi"}]}, "messages[0].role"),
    ({"messages": [{"role": "user", "content": 42}]}, "messages[0].content"),
    ({"messages": [{"role": "user", "content": {"text": "hi"}}]}, "messages[0].content"),
    ({"messages": [{"role": "user", "content": [42]}]}, "messages[0].content[0]"),
    ({"messages": [{"role": "user", "content": [{"type": "text", "text": ["x"]}]}]}, "messages[0].content[0].text"),
    ({"messages": [{"role": "assistant", "tool_calls": {"id": "x"}}]}, "messages[0].tool_calls"),
    ({"messages": [{"role": "assistant", "tool_calls": ["x"]}]}, "messages[0].tool_calls[0]"),
    ({"messages": [{"role": "assistant", "tool_calls": [{"function": "f(1)"}]}]}, "messages[0].tool_calls[0].function"),
    ({"messages": [{"role": "assistant", "tool_calls": [{"function": {"arguments": {"a": "x@y.z"}}}]}]},
     "messages[0].tool_calls[0].function.arguments"),
    ({"messages": [{"role": "assistant", "function_call": {"arguments": ["x"]}}]}, "messages[0].function_call.arguments"),
    ({"messages": [{"role": "user", "content": "hi"}], "prediction": "text"}, "prediction"),
    ({"messages": [{"role": "user", "content": "hi"}], "prediction": {"content": 3}}, "prediction.content"),
    ({"model": 4, "messages": [{"role": "user", "content": "hi"}]}, "model"),
])
def test_chat_shape_errors_name_the_field(body, param):
    with pytest.raises(PayloadError) as raised:
        extract("chat/completions", body)
    assert raised.value.param == param
    assert param.split("[")[0].split(".")[0] in str(raised.value)


# -- completions and embeddings -----------------------------------------------------------


def test_completions_prompt_string_list_and_suffix():
    slots, query = slots_of("completions", {"prompt": "hello", "suffix": "end"})
    assert slots == [("prompt", "user", "hello"), ("suffix", "user", "end")]
    assert query == "hello\nend"
    slots, query = slots_of("completions", {"prompt": ["a", "b"]})
    assert slots == [("prompt[0]", "user", "a"), ("prompt[1]", "user", "b")]
    assert query == "a\nb"


def test_completions_empty_prompt_has_no_query():
    assert extract("completions", {"prompt": ""}).query is None


@pytest.mark.parametrize(("endpoint", "body", "param"), [
    ("completions", {}, "prompt"),
    ("completions", {"prompt": 5}, "prompt"),
    ("completions", {"prompt": [1, 2, 3]}, "prompt[0]"),
    ("completions", {"prompt": [[1, 2], [3]]}, "prompt[0]"),
    ("completions", {"prompt": ["ok", 7]}, "prompt[1]"),
    ("completions", {"prompt": "ok", "suffix": 3}, "suffix"),
    ("embeddings", {}, "input"),
    ("embeddings", {"input": {"text": "x"}}, "input"),
    ("embeddings", {"input": [101, 102]}, "input[0]"),
    ("embeddings", {"input": [[101, 102]]}, "input[0]"),
])
def test_token_arrays_and_wrong_types_are_refused(endpoint, body, param):
    with pytest.raises(PayloadError) as raised:
        extract(endpoint, body)
    assert raised.value.param == param


def test_token_array_error_says_why():
    with pytest.raises(PayloadError, match="token arrays"):
        extract("embeddings", {"input": [1, 2]})


def test_embeddings_input_has_no_query():
    slots, query = slots_of("embeddings", {"input": ["one", "two"]})
    assert slots == [("input[0]", "user", "one"), ("input[1]", "user", "two")]
    assert query is None
    assert slots_of("embeddings", {"input": "solo"}) == ([("input", "user", "solo")], None)


# -- responses ---------------------------------------------------------------------------------


def test_responses_string_input_is_the_query():
    slots, query = slots_of("responses", {"instructions": "be brief", "input": "what is 2+2"})
    assert slots == [("instructions", "system", "be brief"), ("input", "user", "what is 2+2")]
    assert query == "what is 2+2"


def test_responses_item_list():
    body = {"input": [
        {"role": "developer", "content": "dev note"},
        {"type": "message", "role": "user", "content": [
            {"type": "input_text", "text": "first question"},
            {"type": "input_image", "image_url": "https://x/y.png"},
        ]},
        {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "answer", "annotations": []}]},
        {"type": "reasoning", "id": "r1", "summary": [{"type": "summary_text", "text": "thought"}]},
        {"type": "function_call", "call_id": "c1", "name": "f", "arguments": '{"q": "where"}'},
        {"type": "function_call_output", "call_id": "c1", "output": "result"},
        {"type": "function_call_output", "call_id": "c2", "output": [{"type": "input_text", "text": "part result"}]},
        {"type": "custom_tool_call", "call_id": "c3", "name": "g", "input": "raw input"},
        {"type": "computer_call_output", "call_id": "c4", "output": {"type": "computer_screenshot", "image_url": "data:"}},
        {"type": "item_reference", "id": "msg_1"},
        {"role": "user", "content": "follow-up"},
    ]}
    slots, query = slots_of("responses", body)
    assert slots == [
        ("input[0].content", "developer", "dev note"),
        ("input[1].content[0].text", "user", "first question"),
        ("input[2].content[0].text", "assistant", "answer"),
        ("input[3].summary[0].text", "reasoning", "thought"),
        ("input[4].arguments.q", "function_call", "where"),
        ("input[5].output", "function_call_output", "result"),
        ("input[6].output[0].text", "function_call_output", "part result"),
        ("input[7].input", "custom_tool_call", "raw input"),
        ("input[10].content", "user", "follow-up"),
    ]
    assert query == "follow-up"


def test_responses_prompt_variables_are_user_text():
    variables = {"customer": "Jane at +1 415-555-0132", "empty": None,
                 "note": {"type": "input_text", "text": "mail jane@x.io"},
                 "photo": {"type": "input_image", "image_url": "https://x/y.png"}}
    body = {"prompt": {"id": "pmpt_1", "version": "2", "variables": variables}, "input": "and then?"}
    slots, query = slots_of("responses", body)
    assert slots == [
        ("prompt.variables.customer", "user", "Jane at +1 415-555-0132"),
        ("prompt.variables.note.text", "user", "mail jane@x.io"),
        ("input", "user", "and then?"),
    ]
    assert query == "and then?"
    extracted = extract("responses", body)
    for slot in extracted.slots:
        slot.set(slot.text.upper())
    assert body["prompt"]["variables"]["customer"] == "JANE AT +1 415-555-0132"
    assert body["prompt"]["variables"]["note"] == {"type": "input_text", "text": "MAIL JANE@X.IO"}


def test_responses_prompt_without_input_queries_its_variables():
    body = {"prompt": {"id": "pmpt_1", "variables": {"a": "first", "b": {"type": "input_text", "text": "second"}}}}
    slots, query = slots_of("responses", body)
    assert [text for _, _, text in slots] == ["first", "second"]
    assert query == "first\nsecond"
    assert slots_of("responses", {"prompt": {"id": "pmpt_1"}}) == ([], None)
    assert slots_of("responses", {"prompt": {"id": "pmpt_1"}, "input": [{"role": "user", "content": "hi"}]})[1] == "hi"


@pytest.mark.parametrize(("body", "param"), [
    ({"prompt": None}, "input"),
    ({"prompt": "pmpt_1", "input": "hi"}, "prompt"),
    ({"prompt": {"id": "p", "variables": ["x"]}}, "prompt.variables"),
    ({"prompt": {"id": "p", "variables": {"n": 3}}}, "prompt.variables.n"),
    ({"prompt": {"id": "p", "variables": {"n": {"type": "input_text", "text": 3}}}}, "prompt.variables.n.text"),
])
def test_responses_prompt_shape_errors(body, param):
    with pytest.raises(PayloadError) as raised:
        extract("responses", body)
    assert raised.value.param == param


@pytest.mark.parametrize(("body", "param"), [
    ({}, "input"),
    ({"input": 3}, "input"),
    ({"input": {"role": "user"}}, "input"),
    ({"input": ["hi"]}, "input[0]"),
    ({"input": [{"role": 3, "content": "hi"}]}, "input[0].role"),
    ({"input": [{"role": "user", "content": 3}]}, "input[0].content"),
    ({"input": [{"role": "user", "content": [{"type": "input_text", "text": None}, {"type": "input_text", "text": 1}]}]},
     "input[0].content[1].text"),
    ({"input": "hi", "instructions": {"text": "x"}}, "instructions"),
])
def test_responses_shape_errors(body, param):
    with pytest.raises(PayloadError) as raised:
        extract("responses", body)
    assert raised.value.param == param


# -- any endpoint --------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["chat/completions", "completions", "responses", "embeddings"])
@pytest.mark.parametrize("body", [[], "text", 3, None])
def test_body_must_be_an_object(endpoint, body):
    with pytest.raises(PayloadError) as raised:
        extract(endpoint, body)
    assert raised.value.param == "body"
