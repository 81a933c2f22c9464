"""Street addresses, cities and landmarks, matched to the person's country."""

from __future__ import annotations

import random
import string

from .cultures import Culture
from .values import Value, marked
from .vocab_places import (
    LANDMARK_PATTERNS,
    LANDMARKS,
    STREET_NAMES,
    US_SUFFIXES,
    US_UNITS,
)

US_STATE_OF = {
    "New York": "NY", "Brooklyn": "NY", "Buffalo": "NY", "Chicago": "IL", "Austin": "TX", "Houston": "TX", "Dallas": "TX",
    "San Antonio": "TX", "Seattle": "WA", "Spokane": "WA", "Denver": "CO", "Atlanta": "GA", "Savannah": "GA", "Miami": "FL",
    "Tampa": "FL", "Orlando": "FL", "Boston": "MA", "Portland": "OR", "San Diego": "CA", "Sacramento": "CA", "Oakland": "CA",
    "Phoenix": "AZ", "Tucson": "AZ", "Minneapolis": "MN", "Nashville": "TN", "Philadelphia": "PA", "Pittsburgh": "PA",
    "Columbus": "OH", "Cleveland": "OH", "Raleigh": "NC", "Durham": "NC", "Charlotte": "NC", "Salt Lake City": "UT",
    "Detroit": "MI", "Ann Arbor": "MI", "Baltimore": "MD", "Kansas City": "MO", "St. Louis": "MO", "Milwaukee": "WI",
    "Madison": "WI", "Albuquerque": "NM", "Boise": "ID", "Omaha": "NE", "Richmond": "VA", "Louisville": "KY",
    "New Orleans": "LA", "Las Vegas": "NV", "Honolulu": "HI", "Anchorage": "AK", "Burlington": "VT", "Providence": "RI",
    "Hartford": "CT",
}
CA_PROVINCE_OF = {"Toronto": "ON", "Ottawa": "ON", "Hamilton": "ON", "Kitchener": "ON", "Mississauga": "ON", "Waterloo": "ON",
                  "Guelph": "ON", "Kingston": "ON", "Montreal": "QC", "Quebec City": "QC", "Vancouver": "BC", "Victoria": "BC",
                  "Kelowna": "BC", "Calgary": "AB", "Edmonton": "AB", "Winnipeg": "MB", "Halifax": "NS", "Saskatoon": "SK",
                  "Regina": "SK", "St. John's": "NL", "Fredericton": "NB"}
AU_STATE_OF = {"Sydney": "NSW", "Newcastle": "NSW", "Wollongong": "NSW", "Melbourne": "VIC", "Geelong": "VIC", "Ballarat": "VIC",
               "Bendigo": "VIC", "Brisbane": "QLD", "Gold Coast": "QLD", "Cairns": "QLD", "Townsville": "QLD", "Toowoomba": "QLD",
               "Perth": "WA", "Fremantle": "WA", "Adelaide": "SA", "Canberra": "ACT", "Hobart": "TAS", "Launceston": "TAS",
               "Darwin": "NT"}
JP_WARDS = ("Shibuya-ku", "Shinjuku-ku", "Minato-ku", "Setagaya-ku", "Meguro-ku", "Chuo-ku", "Kita-ku", "Naka-ku", "Nishi-ku")
ORIGIN_CITIES = {
    "zh": ("Shanghai", "Beijing", "Guangzhou", "Chengdu", "Shenzhen", "Hangzhou", "Wuhan", "Xi'an", "Taipei", "Hong Kong"),
    "ko": ("Seoul", "Busan", "Incheon", "Daegu", "Gwangju", "Daejeon"),
    "ar": ("Cairo", "Beirut", "Damascus", "Amman", "Casablanca", "Baghdad", "Dubai", "Tunis", "Alexandria", "Riyadh"),
    "vi": ("Hanoi", "Ho Chi Minh City", "Da Nang", "Hue", "Hai Phong"),
    "pl_PL": ("Warsaw", "Kraków", "Gdańsk", "Wrocław", "Poznań", "Łódź"),
    "tr_TR": ("Istanbul", "Ankara", "Izmir", "Bursa", "Antalya"),
}


def _n(rng: random.Random, lo: int, hi: int) -> int:
    return rng.randint(lo, hi)


def street_address(rng: random.Random, culture: Culture, city: str) -> str:
    """A street address; sometimes a full one-line postal address (still one Street Address)."""
    c = culture.code
    street = rng.choice(STREET_NAMES.get(c, STREET_NAMES["US"]))
    full = rng.random() < 0.3
    if c in ("US", "CA"):
        base = f"{_n(rng, 1, 9999)} {street} {rng.choice(US_SUFFIXES)}" if street not in ("Yonge", "Bloor") else f"{_n(rng, 1, 999)} {street} Street"
        if rng.random() < 0.35:
            base += ", " + rng.choice(US_UNITS)
        if full:
            if c == "US":
                base += f", {city}, {US_STATE_OF.get(city, 'NY')} {_n(rng, 10001, 99950):05d}"
            else:
                post = f"{rng.choice('KLMNPRTV')}{_n(rng, 1, 9)}{rng.choice(string.ascii_uppercase)} {_n(rng, 1, 9)}{rng.choice(string.ascii_uppercase)}{_n(rng, 1, 9)}"
                base += f", {city}, {CA_PROVINCE_OF.get(city, 'ON')} {post}"
        return base
    if c == "GB":
        base = f"{_n(rng, 1, 220)} {street}"
        if rng.random() < 0.3:
            base = f"Flat {_n(rng, 1, 24)}, {base}"
        if full:
            base += f", {city} {rng.choice(('LS', 'M', 'B', 'G', 'EH', 'BS', 'L', 'CF', 'S', 'NE', 'N', 'SW', 'E'))}{_n(rng, 1, 20)} {_n(rng, 1, 9)}{''.join(rng.choice('ABDEFGHJLNPQRSTUWXYZ') for _ in range(2))}"
        return base
    if c in ("DE", "NL", "IT"):
        suffix = rng.choice(("", "", "a", "b")) if c == "DE" else rng.choice(("", "", "-II", "A")) if c == "NL" else ""
        sep = ", " if c == "IT" and rng.random() < 0.5 else " "
        base = f"{street}{sep}{_n(rng, 1, 180)}{suffix}"
        if full:
            code = f"{_n(rng, 1000, 9999)} {''.join(rng.choice('ABCDEFGHJKLMNPRSTVWXZ') for _ in range(2))}" if c == "NL" else f"{_n(rng, 10000, 99999)}"
            base += f", {code} {city}"
        return base
    if c == "FR":
        base = f"{_n(rng, 1, 140)}{rng.choice(('', '', ' bis'))} {street}"
        return base + (f", {_n(rng, 10, 95)}{_n(rng, 0, 999):03d} {city}" if full else "")
    if c in ("ES", "MX"):
        base = f"{street} {_n(rng, 1, 250)}"
        base += f", {_n(rng, 1, 9)}º {rng.choice('ABCD')}" if c == "ES" and rng.random() < 0.6 else ""
        base += f", Col. {rng.choice(('Roma Norte', 'Condesa', 'Del Valle', 'Centro', 'Polanco', 'Juárez'))}" if c == "MX" and rng.random() < 0.6 else ""
        return base + (f", {_n(rng, 10000, 99999)} {city}" if full else "")
    if c == "BR":
        base = f"{street}, {_n(rng, 10, 3500)}"
        base += f", apto {_n(rng, 11, 1204)}" if rng.random() < 0.5 else ""
        return base + (f" - {city}, {_n(rng, 10000, 99999)}-{_n(rng, 0, 999):03d}" if full else "")
    if c == "IN":
        roll = rng.random()
        if roll < 0.4:
            base = f"Flat {_n(rng, 101, 1204)}, {rng.choice(('Sai Residency', 'Green Park Apartments', 'Shanti Niketan', 'Prestige Towers', 'Lotus Enclave', 'Sunrise Heights'))}, {street}"
        else:
            base = f"{_n(rng, 1, 99)}/{_n(rng, 1, 40)} {street}"
        return base + (f", {city} {_n(rng, 110001, 700150)}" if full else "")
    if c == "JP":
        base = f"{_n(rng, 1, 6)}-{_n(rng, 1, 30)}-{_n(rng, 1, 20)} {street}, {rng.choice(JP_WARDS)}"
        return base + (f", {city} {_n(rng, 100, 999)}-{_n(rng, 0, 9999):04d}" if full else "")
    if c == "AU":
        base = f"{_n(rng, 1, 40)}/{_n(rng, 1, 300)} {street}" if rng.random() < 0.4 else f"{_n(rng, 1, 400)} {street}"
        return base + (f", {city} {AU_STATE_OF.get(city, 'NSW')} {_n(rng, 2000, 7999)}" if full else "")
    if c == "NG":
        base = f"{_n(rng, 1, 120)} {street}"
        return base + (f", {rng.choice(('Victoria Island', 'Ikoyi', 'Lekki Phase 1', 'Wuse II', 'Garki', 'Surulere', 'GRA'))}, {city}" if full else "")
    return f"{_n(rng, 1, 500)} {street}"


def landmark(rng: random.Random, culture: Culture, city: str, surname: str) -> Value:
    if rng.random() < 0.75:
        raw = rng.choice(LANDMARKS.get(culture.code, LANDMARKS["US"]))
    else:
        raw = rng.choice(LANDMARK_PATTERNS).format(city=city, surname=surname)
    return marked(raw, "Landmark")
