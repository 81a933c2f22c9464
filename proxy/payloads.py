"""Where the text lives in OpenAI request bodies, and which part is the query.

Each endpoint's body is walked into `TextSlot`s: references to every string
that carries user-visible text (message content and content parts, tool-call
arguments, tool results, prompts, embedding inputs, instructions). The engine
masks them all with one placeholder map; the slot writes the masked string
back into the body in place.

A body whose shape is wrong gets `PayloadError`, which the server turns into
a 400 in OpenAI's error format, so no malformed field slips through unmasked.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class PayloadError(ValueError):
    """The request body does not have the shape the endpoint requires."""

    def __init__(self, message: str, param: str | None = None) -> None:
        super().__init__(message)
        self.param = param


@dataclass(slots=True)
class TextSlot:
    """One string inside the body: `container[key]`, with the role it belongs to."""

    container: Any
    key: str | int
    role: str
    path: str

    @property
    def text(self) -> str:
        return self.container[self.key]

    def set(self, value: str) -> None:
        self.container[self.key] = value


@dataclass(slots=True)
class JsonValueSlot(TextSlot):
    """A string value inside a JSON document that is itself a string field (tool-call arguments).

    The value is detected as the text it stands for ("Jos\\u00e9", "Main St\\nLeeds" escaped in
    the raw arguments would hide PII from the detectors); setting a new value re-serializes the
    document into the field that holds it (an unchanged value leaves the original text as sent)."""

    commit: Callable[[], None] = lambda: None

    def set(self, value: str) -> None:
        if self.container[self.key] != value:
            self.container[self.key] = value
            self.commit()


@dataclass(slots=True)
class Extracted:
    slots: list[TextSlot]
    query: str | None


def _require(condition: bool, message: str, param: str) -> None:
    if not condition:
        raise PayloadError(message, param)


def _content_slots(container: dict[str, Any], key: str, role: str, path: str) -> list[TextSlot]:
    """A content-like field (`content`, a tool `output`...): a string, null, or a list of typed parts."""
    value = container.get(key)
    if value is None:
        return []
    if isinstance(value, str):
        return [TextSlot(container, key, role, f"{path}.{key}")]
    _require(isinstance(value, list), f"'{path}.{key}' must be a string or an array of content parts", f"{path}.{key}")
    slots: list[TextSlot] = []
    for index, part in enumerate(value):
        part_path = f"{path}.{key}[{index}]"
        if isinstance(part, str):
            slots.append(TextSlot(value, index, role, part_path))
            continue
        _require(isinstance(part, dict), f"'{part_path}' must be an object", part_path)
        slots += _part_slot(part, role, part_path)
    return slots


def _part_slot(part: dict[str, Any], role: str, path: str) -> list[TextSlot]:
    """The text of one typed content part (`input_text`, `output_text`, a tool result...); none for images, files."""
    for text_key in ("text", "output", "refusal"):
        if text_key in part and part[text_key] is not None:
            _require(isinstance(part[text_key], str), f"'{path}.{text_key}' must be a string", f"{path}.{text_key}")
            return [TextSlot(part, text_key, role, f"{path}.{text_key}")]
    return []


def _string_slot(container: dict[str, Any], key: str, role: str, path: str) -> list[TextSlot]:
    """An optional string field: absent/null, or a string (anything else is an error)."""
    value = container.get(key)
    if value is None:
        return []
    _require(isinstance(value, str), f"'{path}.{key}' must be a string", f"{path}.{key}")
    return [TextSlot(container, key, role, f"{path}.{key}")]


def _json_slots(container: dict[str, Any], key: str, role: str, path: str) -> list[TextSlot]:
    """A string field holding a JSON document (tool-call arguments): one slot per string value in it.

    Anything that is not a JSON object or array stays one raw-text slot. Object keys are not
    masked (they name parameters, not the user's data)."""
    slots = _string_slot(container, key, role, path)
    try:
        doc = json.loads(slots[0].text) if slots else None
    except ValueError:
        return slots
    if not isinstance(doc, (dict, list)):
        return slots

    def commit() -> None:
        container[key] = json.dumps(doc, ensure_ascii=False)

    leaves: list[TextSlot] = []

    def walk(node: dict[str, Any] | list[Any], at: str) -> None:
        for k, v in (node.items() if isinstance(node, dict) else enumerate(node)):
            where = f"{at}[{k}]" if isinstance(node, list) else f"{at}.{k}"
            if isinstance(v, str):
                leaves.append(JsonValueSlot(node, k, role, where, commit))
            elif isinstance(v, (dict, list)):
                walk(v, where)

    walk(doc, f"{path}.{key}")
    return leaves


def _object(container: dict[str, Any], key: str, path: str) -> dict[str, Any] | None:
    """An optional object field (`path` "" for a top-level one)."""
    value = container.get(key)
    name = f"{path}.{key}" if path else key
    _require(value is None or isinstance(value, dict), f"'{name}' must be an object", name)
    return value


def _tool_call_slots(message: dict[str, Any], role: str, path: str) -> list[TextSlot]:
    """Arguments the assistant passed to tools (function and custom tool calls)."""
    slots: list[TextSlot] = []
    calls = message.get("tool_calls")
    if calls is not None:
        _require(isinstance(calls, list), f"'{path}.tool_calls' must be an array", f"{path}.tool_calls")
        for index, call in enumerate(calls):
            call_path = f"{path}.tool_calls[{index}]"
            _require(isinstance(call, dict), f"'{call_path}' must be an object", call_path)
            function = _object(call, "function", call_path)
            if function is not None:
                slots += _json_slots(function, "arguments", role, f"{call_path}.function")
            custom = _object(call, "custom", call_path)
            if custom is not None:
                slots += _string_slot(custom, "input", role, f"{call_path}.custom")
    legacy = _object(message, "function_call", path)
    if legacy is not None:
        slots += _json_slots(legacy, "arguments", role, f"{path}.function_call")
    return slots


def _texts_of(slots: list[TextSlot]) -> str:
    return "\n".join(slot.text for slot in slots)


def chat_completions(body: dict[str, Any]) -> Extracted:
    messages = body.get("messages")
    _require(isinstance(messages, list) and len(messages) > 0, "'messages' must be a non-empty array", "messages")
    slots: list[TextSlot] = []
    query: str | None = None
    for index, message in enumerate(messages):
        path = f"messages[{index}]"
        _require(isinstance(message, dict), f"'{path}' must be an object", path)
        role = message.get("role")
        _require(isinstance(role, str), f"'{path}.role' must be a string", f"{path}.role")
        content_slots = _content_slots(message, "content", role, path)
        slots += content_slots + _tool_call_slots(message, role, path)
        if role == "user" and content_slots:
            query = _texts_of(content_slots)
    prediction = _object(body, "prediction", "")
    if prediction is not None:  # predicted output: text the reply is expected to resemble
        slots += _content_slots(prediction, "content", "assistant", "prediction")
    return Extracted(slots, query)


def _string_or_list(body: dict[str, Any], key: str, role: str, *, required: bool) -> list[TextSlot]:
    value = body.get(key)
    if value is None:
        _require(not required, f"'{key}' is required", key)
        return []
    if isinstance(value, str):
        return [TextSlot(body, key, role, key)]
    _require(isinstance(value, list), f"'{key}' must be a string or an array of strings", key)
    for index, item in enumerate(value):
        _require(
            isinstance(item, str),
            f"'{key}[{index}]' must be a string: Veil cannot inspect token arrays, send text instead",
            f"{key}[{index}]",
        )
    return [TextSlot(value, index, role, f"{key}[{index}]") for index in range(len(value))]


def completions(body: dict[str, Any]) -> Extracted:
    slots = _string_or_list(body, "prompt", "user", required=True)
    slots += _string_or_list(body, "suffix", "user", required=False)
    return Extracted(slots, _texts_of(slots) or None)


def embeddings(body: dict[str, Any]) -> Extracted:
    return Extracted(_string_or_list(body, "input", "user", required=True), None)


def _prompt_variable_slots(body: dict[str, Any]) -> list[TextSlot]:
    """The values a stored prompt template (`prompt: {id, variables}`) is filled with.

    A variable is a string or an input object (`input_text`, `input_image`,
    `input_file`); the texts are the user's, like the input's.
    """
    prompt = _object(body, "prompt", "")
    variables = _object(prompt, "variables", "prompt") if prompt is not None else None
    slots: list[TextSlot] = []
    for name, value in (variables or {}).items():
        path = f"prompt.variables.{name}"
        if isinstance(value, str):
            slots.append(TextSlot(variables, name, "user", path))
        elif value is not None:
            _require(isinstance(value, dict), f"'{path}' must be a string or an input object", path)
            slots += _part_slot(value, "user", path)
    return slots


def responses(body: dict[str, Any]) -> Extracted:
    slots: list[TextSlot] = []
    instructions = body.get("instructions")
    if instructions is not None:
        _require(isinstance(instructions, str), "'instructions' must be a string", "instructions")
        slots.append(TextSlot(body, "instructions", "system", "instructions"))
    variables = _prompt_variable_slots(body)
    slots += variables
    value = body.get("input")
    _require(value is not None or body.get("prompt") is not None, "'input' is required", "input")  # a prompt template may stand alone
    if value is None:
        return Extracted(slots, _texts_of(variables) or None)
    if isinstance(value, str):
        slots.append(TextSlot(body, "input", "user", "input"))
        return Extracted(slots, value)
    _require(isinstance(value, list), "'input' must be a string or an array of input items", "input")
    query: str | None = _texts_of(variables) or None  # unless the input has a user turn
    for index, item in enumerate(value):
        path = f"input[{index}]"
        _require(isinstance(item, dict), f"'{path}' must be an object", path)
        role = item.get("role") or item.get("type") or "input"
        _require(isinstance(role, str), f"'{path}.role' must be a string", f"{path}.role")
        item_slots = _content_slots(item, "content", role, path)
        if isinstance(item.get("output"), (str, list)):  # tool output: text or content parts (not a screenshot object)
            item_slots += _content_slots(item, "output", role, path)
        if isinstance(item.get("arguments"), str):  # function / MCP call arguments: JSON
            item_slots += _json_slots(item, "arguments", role, path)
        if isinstance(item.get("input"), str):  # custom tool input: free text
            item_slots.append(TextSlot(item, "input", role, f"{path}.input"))
        if isinstance(item.get("summary"), list):  # reasoning summaries of earlier turns
            item_slots += _content_slots(item, "summary", role, path)
        slots += item_slots
        if role == "user" and item_slots:
            query = _texts_of(item_slots)
    return Extracted(slots, query)


EXTRACTORS: dict[str, Callable[[dict[str, Any]], Extracted]] = {
    "chat/completions": chat_completions,
    "completions": completions,
    "responses": responses,
    "embeddings": embeddings,
}


def extract(endpoint: str, body: Any) -> Extracted:
    """The text slots and the query of `body` for `endpoint` (e.g. "chat/completions")."""
    _require(isinstance(body, dict), "the request body must be a JSON object", "body")
    model = body.get("model")
    _require(model is None or isinstance(model, str), "'model' must be a string", "model")
    return EXTRACTORS[endpoint](body)
