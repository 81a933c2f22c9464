"""Shared pieces of the recognizers that find a name by the kind word at its end or start
("Moor Street Station", "Halden & Marsh LLP", "Greenfield Primary").

Such a name is a run of capitalized words, but a sentence opener or a preposition before it
("Yesterday", "Near", "The") is capitalized too without being part of it.
"""

from __future__ import annotations

import re

OPENERS = (
    "The A An At In On From To For With By Via And Or But We I My Our His Her Their Your This That Dear "
    "Yesterday Today Tomorrow Then So Also Please Thanks Hi Hello When If After Before Since Last Next Email "
    "Call Ask Contact Send Invoice Re Both Only Even Now Meet Visit Visited Outside Inside Behind Opposite Past "
    "Try Take Go"
).split()
NOT_OPENER = rf"(?!(?:{'|'.join(OPENERS)})\b)"
# a capitalized word that may be part of a name ("St", "O'Neill", "Kraków")
CAPITALIZED = rf"{NOT_OPENER}[A-Z][\w'’.-]*"
# a capitalized word right before a position: the kind word there is inside a longer name
# ("Salt Lake City", "Priya Jain"); "I'm" and "A" are not such words
CAPITALIZED_BEFORE = re.compile(r"[A-Z][a-z][\w'’-]*[ \t]+\Z")
