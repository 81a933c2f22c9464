"""Surface forms for money, percentages, dates, times, durations and body
measures, in the conventions of the person's country (the span rules of
docs/annotation-guidelines.md: currency + amount, number + unit, no "per month")."""

from __future__ import annotations

import random
from datetime import date

from .cultures import Culture

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December")
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _group(n: int, style: str) -> str:
    digits = str(n)
    if style == "indian" and len(digits) > 3:
        head, tail = digits[:-3], digits[-3:]
        parts = []
        while len(head) > 2:
            parts.insert(0, head[-2:])
            head = head[:-2]
        if head:
            parts.insert(0, head)
        return ",".join(parts + [tail])
    text = f"{n:,}"
    return text.replace(",", ".") if style == "european" else text


def round_amount(rng: random.Random, amount: float) -> float:
    """Round like people do: big sums to hundreds, some with cents."""
    roll = rng.random()
    if amount >= 100000:
        return round(amount, -3)
    if roll < 0.55:
        return round(amount, -2) or 100
    if roll < 0.85:
        return round(amount, -1) or 10
    return round(amount, 2)


def money(rng: random.Random, culture: Culture, amount: float) -> str:
    """A currency amount as written in `culture` ("$4,500", "€1.200,50", "₹1,20,000", "£32k")."""
    whole = int(amount)
    cents = round((amount - whole) * 100)
    if culture.currency == "JPY":
        whole, cents = int(round(amount, -2)), 0
    grouping = culture.grouping
    # English text mostly uses western grouping even for euro countries
    if grouping == "european" and rng.random() < 0.7:
        grouping = "western"
    body = _group(whole, grouping)
    if cents:
        body += ("," if grouping == "european" else ".") + f"{cents:02d}"
    sym, code = culture.symbol, culture.currency
    roll = rng.random()
    if roll < 0.12 and whole >= 10000 and not cents and culture.currency not in ("JPY", "INR", "NGN"):
        short = f"{whole / 1000:.1f}".rstrip("0").rstrip(".")
        return f"{sym}{short}k"
    if code == "INR":
        return rng.choice((f"₹{body}", f"Rs. {body}", f"INR {body}", f"₹ {body}", f"Rs {body}"))
    if code == "JPY":
        return rng.choice((f"¥{body}", f"{body} yen", f"JPY {body}", f"¥{body}"))
    if code == "BRL":
        return rng.choice((f"R$ {body}", f"R${body}", f"BRL {body}"))
    if code == "EUR":
        return rng.choice((f"€{body}", f"€{body}", f"{body} EUR", f"{body} €", f"EUR {body}", f"€ {body}"))
    if code == "NGN":
        return rng.choice((f"₦{body}", f"NGN {body}", f"N{body}", f"₦{body}"))
    if roll < 0.75:
        return f"{sym}{body}"
    if roll < 0.9:
        return f"{body} {code}"
    return f"{code} {body}"


def percent(rng: random.Random, value: float, culture: Culture) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    word = "per cent" if culture.code in ("GB", "AU", "IN") else "percent"
    return rng.choice((f"{text}%", f"{text}%", f"{text}%", f"{text} {word}"))


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def full_date(rng: random.Random, culture: Culture, d: date) -> str:
    """A date with year, in a form common where the person lives."""
    m, mon = MONTHS[d.month - 1], MONTHS[d.month - 1][:3]
    if culture.date_order == "mdy":
        forms = (f"{m} {d.day}, {d.year}", f"{mon} {d.day}, {d.year}", f"{d.month:02d}/{d.day:02d}/{d.year}",
                 f"{d.month}/{d.day}/{d.year}", f"{d:%Y-%m-%d}", f"{m} {ordinal(d.day)}, {d.year}")
    elif culture.date_order == "ymd":
        forms = (f"{d:%Y-%m-%d}", f"{d:%Y/%m/%d}", f"{m} {d.day}, {d.year}", f"{d.day} {m} {d.year}")
    else:
        sep = "." if culture.code in ("DE", "NL") else "/"
        forms = (f"{d.day} {m} {d.year}", f"{ordinal(d.day)} {m} {d.year}", f"{d.day:02d}{sep}{d.month:02d}{sep}{d.year}",
                 f"{d.day} {mon} {d.year}", f"{ordinal(d.day)} of {m} {d.year}", f"{d:%Y-%m-%d}", f"{d.day}{sep}{d.month}{sep}{d.year}")
    return rng.choice(forms)


def short_date(rng: random.Random, culture: Culture, d: date) -> str:
    """A near-future date written without a year ("Tuesday, May 7", "14th of June")."""
    m = MONTHS[d.month - 1]
    wd = WEEKDAYS[d.weekday()]
    if culture.date_order == "mdy":
        forms = (f"{m} {d.day}", f"{wd}, {m} {d.day}", f"{m} {ordinal(d.day)}", f"{d.month}/{d.day}", f"{wd} {m} {d.day}")
    else:
        forms = (f"{d.day} {m}", f"{wd}, {d.day} {m}", f"{ordinal(d.day)} of {m}", f"{wd} {ordinal(d.day)} {m}", f"{d.day} {m[:3]}")
    return rng.choice(forms + (full_date(rng, culture, d),))


def month_year(rng: random.Random, d: date) -> str:
    return rng.choice((f"{MONTHS[d.month - 1]} {d.year}", f"{MONTHS[d.month - 1][:3]} {d.year}", f"{d.month:02d}/{d.year}"))


def clock_time(rng: random.Random, culture: Culture, hour: int, minute: int) -> str:
    if culture.clock == "24" and rng.random() < 0.75:
        if culture.code == "FR" and rng.random() < 0.4:
            return f"{hour}h{minute:02d}" if minute else f"{hour}h"
        return f"{hour:02d}:{minute:02d}" if rng.random() < 0.5 else f"{hour}:{minute:02d}"
    h12 = hour % 12 or 12
    am = hour < 12
    mm = f":{minute:02d}" if minute or rng.random() < 0.4 else ""
    suffix = rng.choice(("AM", "a.m.", "am") if am else ("PM", "p.m.", "pm"))
    space = "" if suffix in ("am", "pm") and rng.random() < 0.5 else " "
    return f"{h12}{mm}{space}{suffix}"


def duration(rng: random.Random, amount: int, unit: str) -> str:
    """`amount` `unit`s ("six years", "18 months"); small numbers sometimes spelled out."""
    plural = unit if amount == 1 else unit + "s"
    if amount <= 12 and rng.random() < 0.55:
        return f"{NUMBER_WORDS[amount]} {plural}"
    return f"{amount} {plural}"


def height(rng: random.Random, culture: Culture, cm: int) -> str:
    inches_total = round(cm / 2.54)
    feet, inches = divmod(inches_total, 12)
    imperial = culture.units == "imperial" or (culture.units == "uk" and rng.random() < 0.6)
    if imperial:
        return rng.choice((f"{feet}'{inches}\"", f"{feet} ft {inches} in", f"{feet} feet {inches} inches", f"{feet}'{inches}",
                           f"{feet} foot {inches}"))
    return rng.choice((f"{cm} cm", f"{cm}cm", f"{cm / 100:.2f} m", f"{cm} centimeters"))


def weight(rng: random.Random, culture: Culture, kg: int) -> str:
    lbs = round(kg * 2.2046)
    if culture.units == "imperial":
        return rng.choice((f"{lbs} lbs", f"{lbs} pounds", f"{lbs} lb", f"{lbs}lbs"))
    if culture.units == "uk" and rng.random() < 0.5:
        stone, rest = divmod(lbs, 14)
        return f"{stone} stone {rest}" if rest and rng.random() < 0.5 else f"{stone} stone"
    return rng.choice((f"{kg} kg", f"{kg}kg", f"{kg} kilos", f"{kg} kilograms"))
