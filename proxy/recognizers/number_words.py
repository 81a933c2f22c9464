"""Numbers written in words ("three", "Twenty-five", "the twenty-second"), shared by durations, ages, and spoken
dates and times.

The regex is a plain case-sensitive alternation of literals (lower-case and
Capitalised forms) because Python's `re` scans such a pattern with a fast
first-character filter; `re.IGNORECASE` would make it about ten times slower.
"""

from __future__ import annotations

_UNITS = (
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen"
).split()
_TENS = "twenty thirty forty fifty sixty seventy eighty ninety".split()

WORD_VALUES: dict[str, int] = {word: i + 1 for i, word in enumerate(_UNITS)}
WORD_VALUES.update({word: 20 + 10 * i for i, word in enumerate(_TENS)})
# The words a written-out number can start with ("twenty" in "twenty-five").
FIRST_WORDS = frozenset(WORD_VALUES)


def _both_cases(words: list[str]) -> str:
    variants = [w for word in words for w in (word, word.capitalize())]
    return "|".join(sorted(variants, key=len, reverse=True))


# "twenty-five", "Twenty five", "forty", "seven".
NUMBER_WORD = rf"(?:(?:{_both_cases(_TENS)})(?:[- ](?:{'|'.join(_UNITS[:9])}))?|{_both_cases(_UNITS)})"


def word_to_int(text: str) -> int | None:
    """The value of a number written in words or digits; None when it is neither."""
    text = text.strip().lower()
    if text.isdigit():
        return int(text)
    parts = text.replace("-", " ").split()
    if not parts or any(part not in WORD_VALUES for part in parts):
        return None
    return sum(WORD_VALUES[part] for part in parts)


# "seventy-two", "Forty": the written ages a bare "was ..." can carry (not "seven", a clock hour too).
TENS_WORD = rf"(?:(?:{_both_cases(_TENS)})(?:[- ](?:{'|'.join(_UNITS[:9])}))?)"


_ORDINAL_UNITS = (
    "first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth "
    "fifteenth sixteenth seventeenth eighteenth nineteenth"
).split()
# "third", "Twenty-second", "thirty first": the days of a month in words, as speech-to-text writes a date
ORDINAL_DAY_WORD = (
    rf"(?:(?:{_both_cases(['twenty'])})[- ](?:{'|'.join(_ORDINAL_UNITS[:9])})|(?:{_both_cases(['thirty'])})[- ]first"
    rf"|{_both_cases(['twentieth', 'thirtieth'] + _ORDINAL_UNITS)})"
)
# "four" in "four p.m.": the hours of a clock read out
HOUR_WORD = f"(?:{_both_cases(_UNITS[:12])})"
