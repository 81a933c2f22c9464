"""Unrelated requests: a query that needs none of the text's facts.

People paste their details and then ask something the details do not bear on:
"I'm 42, Catholic and work for Deloitte - what's the plot of Hamlet?", "my
phone is ..., what's a good name for a goldfish?". The right answer masks
every value. Every other query mode needs at least one fact, so a relevance
model trained only on them learns that something is always needed and keeps
values a general question never uses. With `unrelated` > 0
queries.make_query sometimes asks such a question; the gold query-related set
is empty. The asks are general knowledge, creative, practical or technical
requests that no personal fact changes, family-split like all phrasing.
"""

from __future__ import annotations

from .families import pool

ASKS = pool(
    "unrelated.ask",
    [
        "What's the plot of Hamlet in two sentences?", "Write me a haiku about autumn.",
        "What's a good name for a goldfish?", "Who won the 2018 World Cup?", "Explain photosynthesis simply.",
        "What's the difference between a latte and a flat white?", "How do bees make honey?",
        "Give me three fun facts about octopuses.", "What's the capital of Australia?",
        "Write a limerick about a cat who hates Mondays.", "How does a rainbow form?",
        "Suggest a name for a board game night group chat.", "What's the best way to learn to juggle?",
        "Explain what an API is to a ten-year-old.", "How long should I boil an egg for a runny yolk?",
        "Why is the sky blue?", "Recommend three classic science fiction novels.",
        "How do I center a div in CSS?", "What's a good icebreaker question for a team meeting?",
        "Translate 'good morning' into Italian.", "How many planets are in the solar system?",
        "Write a two-line poem about coffee.", "What does 'carpe diem' mean?",
        "Summarise the rules of chess in a paragraph.", "How do I get red wine out of a carpet?",
        "What's a quick vegetarian pasta recipe?", "Tell me a joke about penguins.",
        "Which came first, the Renaissance or the Reformation?", "How do vaccines train the immune system?",
        "what's a good movie for a rainy sunday", "whats the tallest mountain in africa",
        "give me a riddle for a kids party", "how do i make sourdough starter",
    ],
    [
        "What's a good book for a long flight?", "Explain how tides work.", "Write a short poem about the sea.",
        "Who painted the Mona Lisa?", "What's the difference between weather and climate?",
        "Suggest a theme for a fancy-dress party.", "How do I sort a list in Python?",
        "What's a good name for a houseplant?", "How does compound interest work in general?",
        "Give me a tongue twister.", "Why do cats purr?", "What's the longest river in Europe?",
        "how do i fold a paper crane", "whats a fun fact about space",
        "Recommend a podcast about history.", "What's the origin of the word 'salary'?",
    ],
    [
        "Who wrote Pride and Prejudice?", "Explain black holes in simple words.", "Write a birthday rhyme for a dog.",
        "What's the boiling point of water at sea level?", "Suggest a name for a book club.",
        "How do I reverse a string in JavaScript?", "What's the rule of thirds in photography?",
        "Why do leaves change colour in autumn?", "how do i keep basil alive", "whats the best way to tie a tie",
        "Give me a trivia question about the Romans.", "What's the difference between a virus and a bacterium?",
        "Recommend a card game for four people.", "What does a barometer measure?",
    ],
)


def is_unrelated_ask(query: str) -> bool:
    """Whether `query` is one of the unrelated asks (any family, any case)."""
    return query.casefold() in _ALL


_ALL = frozenset(piece.text.casefold() for piece in ASKS.all_pieces())
