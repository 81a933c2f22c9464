"""Restoring placeholders in streams: split at every position, held text never lost, valid SSE out."""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import combinations

import pytest

from proxy.entities import Entity
from proxy.masking import PlaceholderMap, StreamRestorer
from proxy.streaming import SSERestorer, restore_json

VALUES = [("Phone Number", "+1 415-555-0132"), ("Phone Number", "(212) 555-0147"), ("Email Address", "jane@x.io")]
MASKED = "Call <Phone Number 1> or <Phone Number 2>, mail <Email Address 1>; a < b, <b>bold</b> <Email Address 1>"
RESTORED = "Call +1 415-555-0132 or (212) 555-0147, mail jane@x.io; a < b, <b>bold</b> jane@x.io"


@pytest.fixture
def placeholders() -> PlaceholderMap:
    mapping = PlaceholderMap()
    for tag, value in VALUES:
        mapping.placeholder_for(Entity(value, 0, len(value), tag))
    assert list(mapping.originals) == ["<Phone Number 1>", "<Phone Number 2>", "<Email Address 1>"]
    return mapping


def split(text: str, cuts: Iterable[int]) -> list[str]:
    bounds = [0, *cuts, len(text)]
    return [text[a:b] for a, b in zip(bounds, bounds[1:])]


def stream_through(placeholders: PlaceholderMap, pieces: list[str]) -> list[str]:
    restorer = StreamRestorer(placeholders)
    return [restorer.feed(piece) for piece in pieces] + [restorer.flush()]


def parse_sse(lines: Iterable[str]) -> list[tuple[str | None, str]]:
    """Events as a client sees them: (event name, data); an event needs its closing blank line."""
    events: list[tuple[str | None, str]] = []
    name: str | None = None
    data: list[str] = []
    for line in "".join(line + "\n" for line in lines).split("\n"):
        if line == "":
            if data:
                events.append((name, "\n".join(data)))
            name, data = None, []
        elif line.startswith("event:"):
            name = line[6:].strip()
        elif line.startswith("data:"):
            data.append(line[5:].removeprefix(" "))
    return events


def relay(restorer: SSERestorer, upstream_events: list[tuple[str | None, object]], *, finish: bool = False) -> list[tuple[str | None, str]]:
    """Feed whole upstream events (as SSE lines) through `restorer`; the parsed events out."""
    out: list[str] = []
    for name, data in upstream_events:
        lines = ([f"event: {name}"] if name else []) + [f"data: {data if isinstance(data, str) else json.dumps(data)}", ""]
        for line in lines:
            out.extend(restorer.feed_line(line))
    if finish:
        out.extend(restorer.finish())
    return parse_sse(out)


def chat_chunk(content: str | None = None, finish: str | None = None, index: int = 0, **delta) -> dict:
    if content is not None:
        delta["content"] = content
    return {"id": "c", "object": "chat.completion.chunk", "model": "m",
            "choices": [{"index": index, "delta": delta, "finish_reason": finish}]}


def contents(events: list[tuple[str | None, str]], index: int = 0, key: str = "content") -> str:
    text = ""
    for _, data in events:
        if data == "[DONE]":
            continue
        for choice in json.loads(data)["choices"]:
            if choice["index"] == index:
                text += choice.get("text") or choice.get("delta", {}).get(key) or ""
    return text


# -- StreamRestorer ----------------------------------------------------------------------


def test_one_cut_at_every_position(placeholders):
    for cut in range(len(MASKED) + 1):
        assert "".join(stream_through(placeholders, split(MASKED, [cut]))) == RESTORED, cut


def test_two_cuts_at_every_pair_of_positions(placeholders):
    for cuts in combinations(range(1, len(MASKED)), 2):
        assert "".join(stream_through(placeholders, split(MASKED, cuts))) == RESTORED, cuts


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7])
def test_fixed_size_pieces(placeholders, size):
    pieces = split(MASKED, range(size, len(MASKED), size))
    out = stream_through(placeholders, pieces)
    assert "".join(out) == RESTORED
    assert not any(part.startswith("<P") or part.startswith("<E") for part in out)  # no fragment escapes


def test_holds_only_what_may_still_become_a_placeholder(placeholders):
    restorer = StreamRestorer(placeholders)
    assert restorer.feed("Call <Pho") == "Call "
    assert restorer.feed("ne Number 2> now") == "(212) 555-0147 now"
    assert restorer.feed("a < b") == "a < b"  # cannot be a placeholder: released at once
    assert restorer.feed("<b>x</b>") == "<b>x</b>"
    assert restorer.feed("and <") == "and "
    assert restorer.feed("") == ""
    assert restorer.flush() == "<"  # the end of the stream releases what was held


def test_unknown_and_unindexed_tags(placeholders):
    restorer = StreamRestorer(placeholders)
    out = restorer.feed("<Phone Number 3> <Email Address> <Phone Number> <Full Name 1>") + restorer.flush()
    # The email tag names one value, so its bare form is restored; the phone tag names two.
    assert out == "<Phone Number 3> jane@x.io <Phone Number> <Full Name 1>"


def test_an_unfinished_placeholder_at_the_end_is_released_verbatim(placeholders):
    assert "".join(stream_through(placeholders, ["mail <Email Add"])) == "mail <Email Add"


def test_empty_map_passes_everything_through():
    restorer = StreamRestorer(PlaceholderMap())
    assert restorer.feed("a <b") == "a <b" and restorer.flush() == ""


# -- SSERestorer: chat and completion chunks --------------------------------------------------


@pytest.mark.parametrize("cut", range(len(MASKED) + 1))
def test_chat_stream_split_at_every_position(placeholders, cut):
    upstream = [(None, chat_chunk(role="assistant", content=""))]
    upstream += [(None, chat_chunk(piece)) for piece in split(MASKED, [cut])]
    upstream += [(None, chat_chunk(finish="stop")), (None, "[DONE]")]
    events = relay(SSERestorer(placeholders), upstream)
    assert events[-1] == (None, "[DONE]")
    assert contents(events) == RESTORED
    assert all(json.loads(data)["object"] == "chat.completion.chunk" for _, data in events[:-1])


def test_chat_stream_in_three_character_pieces(placeholders):
    pieces = split(MASKED, range(3, len(MASKED), 3))
    events = relay(SSERestorer(placeholders), [(None, chat_chunk(p)) for p in pieces] + [(None, chat_chunk(finish="stop")), (None, "[DONE]")])
    assert contents(events) == RESTORED
    assert len(events) == len(pieces) + 2  # one event out per event in: nothing merged, nothing dropped


def test_held_text_goes_into_the_finishing_chunk(placeholders):
    events = relay(SSERestorer(placeholders), [
        (None, chat_chunk("1 <")), (None, chat_chunk(" 2 and 3 <")), (None, chat_chunk(finish="stop")), (None, "[DONE]")])
    assert contents(events) == "1 < 2 and 3 <"
    finishing = json.loads(events[-2][1])["choices"][0]
    assert finishing == {"index": 0, "delta": {"content": "<"}, "finish_reason": "stop"}


def test_held_text_is_flushed_in_its_own_event_before_done(placeholders):
    # No finish chunk, and a usage chunk without choices before [DONE].
    usage = {"id": "c", "object": "chat.completion.chunk", "model": "m", "choices": [], "usage": {"total_tokens": 3}}
    events = relay(SSERestorer(placeholders), [(None, chat_chunk("see <Phone Num")), (None, usage), (None, "[DONE]")])
    assert [data for _, data in events][-1] == "[DONE]"
    assert json.loads(events[1][1]) == usage
    synthesized = json.loads(events[2][1])
    assert synthesized["id"] == "c" and synthesized["object"] == "chat.completion.chunk" and "usage" not in synthesized
    assert synthesized["choices"] == [{"index": 0, "finish_reason": None, "delta": {"content": "<Phone Num"}}]
    assert contents(events) == "see <Phone Num"


def test_completion_text_stream(placeholders):
    def chunk(text, finish=None):
        return {"id": "cmpl", "object": "text_completion", "choices": [{"index": 0, "text": text, "finish_reason": finish, "logprobs": None}]}

    for cut in range(len(MASKED) + 1):
        upstream = [(None, chunk(p)) for p in split(MASKED, [cut])] + [(None, chunk("", "stop")), (None, "[DONE]")]
        assert contents(relay(SSERestorer(placeholders), upstream)) == RESTORED, cut


def test_completion_held_text_flushed_before_done(placeholders):
    chunk = {"id": "cmpl", "object": "text_completion", "choices": [{"index": 0, "text": "x <Ph", "finish_reason": None}]}
    events = relay(SSERestorer(placeholders), [(None, chunk), (None, "[DONE]")])
    assert json.loads(events[1][1])["choices"] == [{"index": 0, "finish_reason": None, "text": "<Ph"}]
    assert events[2] == (None, "[DONE]")


def test_tool_call_arguments_and_parallel_choices(placeholders):
    args = '{"to": "<Email Address 1>", "phone": "<Phone Number 1>"}'
    upstream = []
    for piece_0, piece_1 in zip(split(MASKED, range(4, len(MASKED), 4)), split(args, range(4, len(args), 4)) + [""] * 99):
        upstream.append((None, chat_chunk(piece_0, index=0)))
        call = {"index": 0, "function": {"arguments": piece_1}}
        upstream.append((None, chat_chunk(index=1, tool_calls=[call])))
    upstream += [(None, chat_chunk(finish="stop", index=0)), (None, chat_chunk(finish="tool_calls", index=1)), (None, "[DONE]")]
    events = relay(SSERestorer(placeholders), upstream)

    assert contents(events, index=0) == RESTORED
    arguments = "".join(
        call["function"]["arguments"]
        for _, data in events[:-1] for choice in json.loads(data)["choices"] if choice["index"] == 1
        for call in choice["delta"].get("tool_calls", []))
    assert json.loads(arguments) == {"to": "jane@x.io", "phone": "+1 415-555-0132"}


def test_tool_call_text_held_at_the_finish_is_appended_as_a_tool_call_delta(placeholders):
    call = {"index": 0, "id": "call_1", "function": {"name": "cmp", "arguments": '{"expr": "1 <'}}
    finish = chat_chunk(finish="tool_calls", tool_calls=None)
    events = relay(SSERestorer(placeholders), [(None, chat_chunk(tool_calls=[call])), (None, finish), (None, "[DONE]")])
    first, last = (json.loads(data)["choices"][0]["delta"] for _, data in events[:2])
    assert first["tool_calls"][0]["function"]["arguments"] == '{"expr": "1 '
    assert last["tool_calls"] == [{"index": 0, "function": {"arguments": "<"}}]


def test_refusal_deltas_are_restored(placeholders):
    events = relay(SSERestorer(placeholders), [
        (None, chat_chunk(refusal="I won't call <Phone ")), (None, chat_chunk(refusal="Number 1>.")), (None, chat_chunk(finish="stop"))])
    assert contents(events, key="refusal") == "I won't call +1 415-555-0132."


def test_non_json_data_comments_and_other_lines_pass(placeholders):
    restorer = SSERestorer(placeholders)
    out = [line for raw in [": keep-alive", "id: 7", "data: plain <Email Address 1>", "", "data: [1, \"<Phone Number 2>\"]", ""]
           for line in restorer.feed_line(raw)]
    assert out == [": keep-alive", "id: 7", "data: plain jane@x.io", "", 'data: [1, "(212) 555-0147"]', ""]


def test_error_events_are_restored_and_keep_their_name(placeholders):
    error = {"error": {"message": "bad number <Phone Number 1>", "type": "server_error", "param": None, "code": None}}
    assert relay(SSERestorer(placeholders), [("error", error)]) == [("error", json.dumps(
        {"error": {"message": "bad number +1 415-555-0132", "type": "server_error", "param": None, "code": None}}))]


def test_finish_releases_text_when_the_upstream_just_stops(placeholders):
    events = relay(SSERestorer(placeholders), [(None, chat_chunk("ends with <Email"))], finish=True)
    assert contents(events) == "ends with <Email"
    assert relay(SSERestorer(placeholders), [(None, chat_chunk("done")), (None, chat_chunk(finish="stop"))], finish=True)[-1][1] \
        == json.dumps(chat_chunk(finish="stop"))  # nothing held: finish() adds nothing


# -- SSERestorer: Responses API events ---------------------------------------------------------


def responses_events(pieces: list[str]) -> list[tuple[str, dict]]:
    events: list[tuple[str, dict]] = [("response.created", {"type": "response.created", "response": {"instructions": "<Email Address 1>"}})]
    for number, piece in enumerate(pieces):
        events.append(("response.output_text.delta", {"type": "response.output_text.delta", "item_id": "msg", "output_index": 0,
                                                        "content_index": 0, "delta": piece, "sequence_number": number}))
    events.append(("response.output_text.done", {"type": "response.output_text.done", "item_id": "msg", "output_index": 0,
                                                  "content_index": 0, "text": "".join(pieces)}))
    events.append(("response.completed", {"type": "response.completed", "response": {"output": [
        {"type": "message", "content": [{"type": "output_text", "text": "".join(pieces)}]}]}}))
    return events


@pytest.mark.parametrize("cut", range(0, len(MASKED) + 1, 3))
def test_responses_deltas_split_anywhere(placeholders, cut):
    events = relay(SSERestorer(placeholders), responses_events(split(MASKED, [cut])))
    for name, data in events:
        assert json.loads(data)["type"] == name  # every event keeps its own name
    decoded = [json.loads(data) for _, data in events]
    assert "".join(e["delta"] for e in decoded if e["type"] == "response.output_text.delta") == RESTORED
    assert decoded[0]["response"]["instructions"] == "jane@x.io"
    assert decoded[-2]["text"] == RESTORED
    assert decoded[-1]["response"]["output"][0]["content"][0]["text"] == RESTORED


def test_responses_three_character_pieces(placeholders):
    pieces = split(MASKED, range(3, len(MASKED), 3))
    events = relay(SSERestorer(placeholders), responses_events(pieces))
    assert "".join(json.loads(d).get("delta", "") for n, d in events if n.endswith(".delta")) == RESTORED


def test_responses_held_text_is_flushed_before_the_next_event(placeholders):
    events = relay(SSERestorer(placeholders), responses_events(["1 <", " 2 <"]))
    names = [name for name, _ in events]
    assert names == ["response.created"] + ["response.output_text.delta"] * 3 + ["response.output_text.done", "response.completed"]
    synthesized = json.loads(events[3][1])
    assert synthesized == {"type": "response.output_text.delta", "item_id": "msg", "output_index": 0, "content_index": 0, "delta": "<"}
    assert "".join(json.loads(d)["delta"] for _, d in events[1:4]) == "1 < 2 <"


def test_responses_stream_that_just_stops_is_flushed_by_finish(placeholders):
    upstream = responses_events(["x <Phone Number"])[:2]
    events = relay(SSERestorer(placeholders), upstream, finish=True)
    assert [name for name, _ in events] == ["response.created", "response.output_text.delta", "response.output_text.delta"]
    assert json.loads(events[2][1])["delta"] == "<Phone Number"


def test_function_call_argument_deltas(placeholders):
    base = {"type": "response.function_call_arguments.delta", "item_id": "fc", "output_index": 1}
    upstream = [(base["type"], {**base, "delta": piece}) for piece in ['{"to": "<Ema', 'il Address 1>"}']]
    upstream.append(("response.function_call_arguments.done", {"type": "response.function_call_arguments.done", "item_id": "fc",
                                                             "output_index": 1, "arguments": '{"to": "<Email Address 1>"}'}))
    events = [json.loads(data) for _, data in relay(SSERestorer(placeholders), upstream)]
    assert "".join(e["delta"] for e in events[:2]) == '{"to": "jane@x.io"}'
    assert events[2]["arguments"] == '{"to": "jane@x.io"}'


def test_restore_json_restores_every_string(placeholders):
    value = {"a": ["<Phone Number 2>", 3, None, {"b": "to <Email Address 1>"}], "<Phone Number 1>": True}
    assert restore_json(value, placeholders) == {
        "a": ["(212) 555-0147", 3, None, {"b": "to jane@x.io"}], "<Phone Number 1>": True}  # keys are left alone


# -- tool-call arguments are JSON: restored values are escaped ---------------------------------

TRICKY = 'Jane "JJ" O\'Neil \\ C:\\Users\\jane\nline 2'  # a quote, backslashes, a newline


@pytest.fixture
def tricky() -> PlaceholderMap:
    mapping = PlaceholderMap()
    for tag, value in [("Full Name", TRICKY), ("Email Address", "jane@x.io")]:
        mapping.placeholder_for(Entity(value, 0, len(value), tag))
    return mapping


ARGS = '{"name": "<Full Name 1>", "note": "call <Full Name> at <Email Address 1>"}'
ARGS_RESTORED = {"name": TRICKY, "note": f"call {TRICKY} at jane@x.io"}


def test_restore_in_json_escapes_the_value(tricky):
    assert json.loads(tricky.restore(ARGS, in_json=True)) == ARGS_RESTORED
    assert tricky.restore("<Full Name 1>") == TRICKY  # plain text: the value as is


def test_restore_json_escapes_values_in_arguments_only(tricky):
    reply = {"choices": [{"message": {"content": "Hi <Full Name 1>", "tool_calls": [
        {"id": "call_1", "type": "function", "function": {"name": "save", "arguments": ARGS}}],
        "function_call": {"name": "save", "arguments": ARGS}}}],
        "output": [{"type": "function_call", "call_id": "c", "name": "save", "arguments": ARGS}]}
    restored = restore_json(reply, tricky)
    message = restored["choices"][0]["message"]
    assert message["content"] == f"Hi {TRICKY}"
    assert json.loads(message["tool_calls"][0]["function"]["arguments"]) == ARGS_RESTORED
    assert json.loads(message["function_call"]["arguments"]) == ARGS_RESTORED
    assert json.loads(restored["output"][0]["arguments"]) == ARGS_RESTORED


def tool_call_arguments(events: list[tuple[str | None, str]], legacy: bool = False) -> str:
    arguments = ""
    for _, data in events:
        if data == "[DONE]":
            continue
        for choice in json.loads(data)["choices"]:
            delta = choice.get("delta") or {}
            calls = [delta["function_call"]] if legacy and "function_call" in delta else [
                call["function"] for call in delta.get("tool_calls") or []]
            arguments += "".join(call.get("arguments") or "" for call in calls)
    return arguments


@pytest.mark.parametrize("cut", range(len(ARGS) + 1))
def test_chat_tool_call_arguments_split_anywhere_stay_valid_json(tricky, cut):
    upstream = [(None, chat_chunk(tool_calls=[{"index": 0, "function": {"arguments": piece}}])) for piece in split(ARGS, [cut])]
    events = relay(SSERestorer(tricky), [*upstream, (None, chat_chunk(finish="tool_calls")), (None, "[DONE]")])
    assert json.loads(tool_call_arguments(events)) == ARGS_RESTORED


@pytest.mark.parametrize("size", [1, 2, 3, 5])
def test_legacy_function_call_argument_deltas_are_restored_and_escaped(tricky, size):
    pieces = split(ARGS, range(size, len(ARGS), size))
    upstream = [(None, chat_chunk(function_call={"arguments": piece})) for piece in pieces]
    events = relay(SSERestorer(tricky), [*upstream, (None, chat_chunk(finish="function_call")), (None, "[DONE]")])
    assert json.loads(tool_call_arguments(events, legacy=True)) == ARGS_RESTORED


def test_legacy_function_call_text_held_until_done_gets_its_own_chunk(tricky):
    events = relay(SSERestorer(tricky), [(None, chat_chunk(function_call={"arguments": '{"a": "<Full'})), (None, "[DONE]")])
    assert [json.loads(data)["choices"][0]["delta"] for _, data in events[:2]] == [
        {"function_call": {"arguments": '{"a": "'}}, {"function_call": {"arguments": "<Full"}}]


@pytest.mark.parametrize("cut", range(0, len(ARGS) + 1, 2))
def test_responses_function_call_arguments_split_anywhere_stay_valid_json(tricky, cut):
    base = {"type": "response.function_call_arguments.delta", "item_id": "fc", "output_index": 1}
    upstream = [(base["type"], {**base, "delta": piece}) for piece in split(ARGS, [cut])]
    done = {"type": "response.function_call_arguments.done", "item_id": "fc", "output_index": 1, "arguments": ARGS}
    item = {"type": "function_call", "id": "fc", "call_id": "c", "name": "save", "arguments": ARGS}
    upstream += [(done["type"], done), ("response.output_item.done", {"type": "response.output_item.done", "item": item})]
    events = [json.loads(data) for _, data in relay(SSERestorer(tricky), upstream)]
    assert json.loads("".join(e["delta"] for e in events if e["type"] == base["type"])) == ARGS_RESTORED
    assert json.loads(events[-2]["arguments"]) == ARGS_RESTORED
    assert json.loads(events[-1]["item"]["arguments"]) == ARGS_RESTORED


def test_text_deltas_are_not_escaped(tricky):
    events = relay(SSERestorer(tricky), [(None, chat_chunk("Hi <Full Name 1>")), (None, "[DONE]")])
    assert contents(events) == f"Hi {TRICKY}"
