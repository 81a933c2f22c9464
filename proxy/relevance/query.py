"""Split the last user turn into the question and the pasted context.

The proxy's query is the whole text of the last user turn, which often holds a
pasted document (an e-mail, a record, a CV) plus the actual ask. The relevance
judges want the ask on its own: it is what decides which PII is needed, and a
short prefix is what keeps the on-device scorer fast. The context is kept
separately (candidate windows and prompted judges use it).

Heuristic, in order:

1. short text (<= 280 chars and <= 3 lines): all question, except that
   statements before a closing ask are context ("My phone is ... . Can you
   suggest a pancake recipe?": the ask is the question). A value stated in
   the question reads as asked about, so leaving the statements in would keep
   every value the user merely mentions;
2. an explicit marker line ("Question:", "Q:", "Task:", "My question:",
   "Request:"): the marker's paragraph is the question;
3. paragraphs (blank-line separated, else lines): the LAST paragraph if it
   reads as an ask (has "?" or opens with a request word) and is short, else
   the FIRST such paragraph, else the last sentence(s) containing "?", else
   the last sentence.

A chat turn often states values inside the asking sentence itself ("I live at
22 Baker Street and my phone is ..., what's a good name for a goldfish?"). The
on-device judge was trained on questions that never contain a value, so a value
it finds in the question reads as asked about. `bare_ask` gives the question
without such statements: a leading clause that holds a value and ends in ",",
";" or a dash before an ask clause, and trailing non-asking sentences that hold
a value ("What should I name my puppy? I'm Olu, phone ..."). `split_query`
fills `QueryParts.ask` with it when given the candidate values.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

SHORT_CHARS = 280
MAX_QUESTION_CHARS = 500
_MARKER_RE = re.compile(r"^\s*(?:my\s+question|question|q|task|request|ask|prompt)\s*[:\-]\s*", re.IGNORECASE)
_REQUEST_RE = re.compile(
    r"^\s*(?:(?:hi|hello|hey|ok|okay|so|now|also|and|then|thanks|anyway|anyhow|btw|but|oh|well)[\s,!.:-]+)*"
    r"(?:please|pls|can|could|would|will|help|write|draft|compose|summari[sz]e|explain|suggest|give|tell|"
    r"whats|hows|what|how|why|when|where|which|who|whom|whose|is|are|do|does|should|based|given|using|considering|"
    r"i\s+need|i\s+want|i'd\s+like|create|make|list|compare|recommend|calculate|estimate|translate|"
    r"rewrite|check|review|plan|prepare|fill|find|figure)\b",
    re.IGNORECASE,
)
# A terminator right before a letter or digit is inside a token (an e-mail, an IP, 2.5), not a sentence end;
# nor is the period of an abbreviation that the sentence goes on after ("my passport no. is X1234567").
_SENTENCE_RE = re.compile(
    r"(?:\b(?:[Nn]o|[Nn]r|[Tt]el|[Pp]h|approx|vs|[Rr]ef|[Aa]cc|e\.g|i\.e|St|Dr|Mr|Mrs|Ms)\.(?=\s+[a-z0-9#(+])"
    r"|[^.!?\n]|[.!?](?=\w))+(?:[.!?]+|$)"
)
# Where an ask starts inside a turn typed without punctuation ("my phone is 07700 900123 whats a good name ...")
_ASK_WORD_RE = re.compile(r"\s+(?=(?:what|whats|what's|how|hows|how's|can|could|would|please|pls|suggest|recommend)\b)",
                          re.IGNORECASE)
_CLAUSE_BREAK_RE = re.compile(r"\s*[,;]\s+|\s+[-–—]+\s+")
_SENTENCE_END_RE = re.compile(r"[.!?]\s")


@dataclass(frozen=True)
class QueryParts:
    """`question` is text[start:end]; `context` is the rest (may be empty).

    `ask` is the question without the clauses that only state a candidate
    value (`bare_ask`); it equals `question` when no values were given.
    """

    question: str
    context: str
    start: int
    end: int
    ask: str = ""

    def __post_init__(self) -> None:
        if not self.ask:
            object.__setattr__(self, "ask", self.question)


def _asks(block: str) -> bool:
    return "?" in block or bool(_REQUEST_RE.match(block))


def _blocks(text: str) -> list[tuple[int, int]]:
    """Paragraph spans (blank-line separated), or line spans when there are no blank lines."""
    sep = r"\n\s*\n" if re.search(r"\n\s*\n", text) else r"\n"
    spans, pos = [], 0
    for m in re.finditer(sep, text):
        spans.append((pos, m.start()))
        pos = m.end()
    spans.append((pos, len(text)))
    out = []
    for s, e in spans:
        chunk = text[s:e]
        if chunk.strip():
            lead = len(chunk) - len(chunk.lstrip())
            out.append((s + lead, s + len(chunk.rstrip())))
    return out


def _parts(text: str, start: int, end: int) -> QueryParts:
    question = text[start:end].strip()
    context = (text[:start] + "\n" + text[end:]).strip()
    return QueryParts(question, context, start, end)


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _SENTENCE_RE.finditer(text) if m.group().strip()]


def _closing_ask(text: str) -> tuple[int, int] | None:
    """The run of asking sentences that ends a short turn, when statements come before it."""
    sentences = _sentence_spans(text)
    if len(sentences) < 2 or not _asks(text[slice(*sentences[-1])].strip()):
        return None
    first = len(sentences) - 1
    while first > 0 and _asks(text[slice(*sentences[first - 1])].strip()):
        first -= 1
    if first == 0:
        return None  # every sentence asks: all question
    start, end = sentences[first][0], sentences[-1][1]
    while start < end and text[start].isspace():
        start += 1
    return start, end


def states_value(text: str, values: Sequence[str]) -> bool:
    """Whether `text` holds one of `values` as whole words.

    Case-sensitive on purpose: the values were found in this very turn, so a real
    mention matches exactly, while a case-blind match finds blood type "A" in
    "once-a-year".
    """
    for value in values:
        value = value.strip()
        if not value:
            continue
        for m in re.finditer(re.escape(value), text):
            start, end = m.span()
            glued_left = start > 0 and text[start - 1].isalnum() and text[start].isalnum()
            glued_right = end < len(text) and text[end].isalnum() and text[end - 1].isalnum()
            if not (glued_left or glued_right):
                return True
    return False


def _without_trailing_statements(question: str, values: Sequence[str]) -> str:
    """Drop the non-asking sentences after the ask that state a value ("... puppy? I'm Olu, phone 713-...")."""
    sentences = _sentence_spans(question)
    keep = len(sentences)
    while keep > 1:
        last = question[slice(*sentences[keep - 1])].strip()
        if _asks(last) or not states_value(last, values):
            break
        keep -= 1
    if keep == len(sentences) or not any(_asks(question[slice(*s)].strip()) for s in sentences[:keep]):
        return question
    return question[:sentences[keep - 1][1]].strip()


def _without_leading_clause(question: str, values: Sequence[str]) -> str:
    """The ask clause after the first leading clause that states a value ("my phone is X, what's ...?").

    The lead must not ask itself: in "Is X a real date, given ...?" the value is what is asked about.
    """
    for m in _CLAUSE_BREAK_RE.finditer(question):
        head, rest = question[:m.start()], question[m.end():]
        if rest.strip() and _REQUEST_RE.match(rest) and not _asks(head) and states_value(head, values):
            return rest.strip()
    # typed without punctuation: the first ask word after a statement that holds a value starts the ask
    for m in _ASK_WORD_RE.finditer(question):
        head, rest = question[:m.start()], question[m.end():]
        if _CLAUSE_BREAK_RE.search(head) or _SENTENCE_END_RE.search(head):
            break  # punctuated after all: the rule above decided
        if not _asks(head) and states_value(head, values):
            return rest.strip()
        break
    return question


def bare_ask(question: str, values: Sequence[str]) -> str:
    """The question without the clauses that only state one of `values` (see the module doc).

    The judge reads a value inside the question as asked about; statements the
    user adds around the ask ("my phone is X, ...") must not count as asking.
    A value inside the ask clause itself ("Is X a valid Visa number?") stays.
    """
    if not values or not states_value(question, values):
        return question
    return _without_trailing_statements(_without_leading_clause(question, values), values)


def split_query(text: str | None, values: Sequence[str] = ()) -> QueryParts:
    """The question and the context of one user turn (see the module doc).

    `values` (the candidate texts, when known) fill `QueryParts.ask`.
    """
    parts = _split(text)
    return replace(parts, ask=bare_ask(parts.question, values)) if values else parts


def _split(text: str | None) -> QueryParts:
    text = text or ""
    stripped = text.strip()
    if len(stripped) <= SHORT_CHARS and stripped.count("\n") <= 2:
        start = len(text) - len(text.lstrip())
        ask = _closing_ask(text)
        if ask is not None:
            return _parts(text, *ask)
        return QueryParts(stripped, "", start, start + len(stripped))
    blocks = _blocks(text)
    for s, e in reversed(blocks):  # explicit marker (the last one wins)
        m = _MARKER_RE.match(text[s:e])
        if m:
            return _parts(text, s, e)
    if len(blocks) > 1:
        last_s, last_e = blocks[-1]
        if _asks(text[last_s:last_e]) and last_e - last_s <= MAX_QUESTION_CHARS:
            return _parts(text, last_s, last_e)
        first_s, first_e = blocks[0]
        if _asks(text[first_s:first_e]) and first_e - first_s <= MAX_QUESTION_CHARS:
            return _parts(text, first_s, first_e)
    sentences = _sentence_spans(text)
    asks = [(s, e) for s, e in sentences if "?" in text[s:e]]
    pick = asks[-1] if asks else (sentences[-1] if sentences else (0, len(text)))
    s, e = pick
    if e - s > MAX_QUESTION_CHARS:
        s = e - MAX_QUESTION_CHARS
    while s < e and text[s].isspace():
        s += 1
    return _parts(text, s, e)


__all__ = ["QueryParts", "bare_ask", "split_query", "states_value"]
