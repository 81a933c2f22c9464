"""Placeholder restoration in server-sent event streams.

Upstreams stream text as deltas, and a placeholder such as `<Phone Number 1>`
may be split across chunks. Each delta field gets its own `StreamRestorer`
(keyed by choice / output item), which holds back a possible placeholder
prefix until it completes. Held text is flushed in a synthesized delta before
the stream ends (at a finish reason, `[DONE]`, the next non-delta Responses
event, or `finish()` when the upstream just stops), so the client never loses
a character. Complete texts in non-delta events (`response.output_text.done`,
`response.completed`) are restored whole. The line protocol is `proxy.sse`'s.

Tool-call arguments are JSON documents: a value restored into them is
JSON-escaped (`PlaceholderMap.restore(in_json=True)`), so an original with a
quote, a backslash or a newline keeps the arguments valid JSON.
"""

from __future__ import annotations

from typing import Any

from proxy.masking import PlaceholderMap, StreamRestorer
from proxy.sse import NOT_JSON, Key, SSERewriter, data_line

# Keys whose string value is a JSON document (tool and function call arguments, whole or in events).
JSON_TEXT_KEYS = frozenset({"arguments"})


def restore_json(value: Any, placeholders: PlaceholderMap) -> Any:
    """Restore placeholders in every string of a JSON value (complete texts).

    A string under a key of `JSON_TEXT_KEYS` is itself JSON: values restored
    into it are escaped for a JSON string.
    """
    if isinstance(value, str):
        return placeholders.restore(value)
    if isinstance(value, list):
        return [restore_json(item, placeholders) for item in value]
    if isinstance(value, dict):
        return {
            key: placeholders.restore(item, in_json=True) if key in JSON_TEXT_KEYS and isinstance(item, str)
            else restore_json(item, placeholders)
            for key, item in value.items()
        }
    return value


def _is_json_stream(key: Key) -> bool:
    """Whether the text stream `key` carries JSON (tool-call arguments, chat or Responses)."""
    if isinstance(key[0], str) and key[0].startswith("response."):  # Responses: (event type, item id, ...)
        return "arguments" in key[0]  # response.function_call_arguments.delta, response.mcp_call_arguments.delta
    return key[1] in ("tool", "function_call")  # chat: (choice index, field[, call index])


class SSERestorer(SSERewriter):
    """Rewrites the `data:` payloads of one SSE stream, event by event."""

    def __init__(self, placeholders: PlaceholderMap) -> None:
        super().__init__()
        self._map = placeholders

    def _new_holder(self, key: Key) -> StreamRestorer:
        return StreamRestorer(self._map, in_json=_is_json_stream(key))

    def _rewrite_delta(self, index: Any, delta: dict[str, Any]) -> None:
        super()._rewrite_delta(index, delta)
        for call in delta.get("tool_calls") or []:
            function = call.get("function") if isinstance(call, dict) else None
            if isinstance(function, dict) and isinstance(function.get("arguments"), str):
                key = (index, "tool", call.get("index", 0))
                function["arguments"] = self._feed(self._chat, key, function["arguments"])
        legacy = delta.get("function_call")  # the deprecated single function call
        if isinstance(legacy, dict) and isinstance(legacy.get("arguments"), str):
            legacy["arguments"] = self._feed(self._chat, (index, "function_call"), legacy["arguments"])

    def _complete_event(self, event: dict[str, Any]) -> Any:
        return restore_json(event, self._map)

    def _other_chunk(self, chunk: dict[str, Any]) -> Any:
        return restore_json(chunk, self._map)

    def _other_data(self, line: str, data: str, value: Any) -> str:
        if value is NOT_JSON:
            return f"data: {self._map.restore(data)}"
        return data_line(restore_json(value, self._map))
