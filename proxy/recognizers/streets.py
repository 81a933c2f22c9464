"""Street addresses by their shape: a house number and a street name with its kind of street.

The model finds addresses in the generator's prose but misses plain ones in hand-written text
("61 Clarendon Street, Leamington Spa", "14 Agar Grove, London NW1 9SL", "3 Oak Lane, York").
What makes them sure is the form: a house number, one to four capitalized words, and a word
that says what kind of street it is ("Street", "Grove", "Close"; "Rua", "Calle", "Via" before
the name; "-strasse", "-gatan" joined to it), with the number before or after. Some countries
write theirs in other shapes, each read on its own: France's "23 place de l'Église", Japan's
block address before its ward ("1-7-2 Sakae, Kita-ku"), Korea's roads ("58-3 Yeonhui-ro 11-gil"),
Bengaluru's "14th Cross" and Lahore's "House 47, Street 9". The town and postcode after it
join the span in the pipeline (`proxy.detectors.address_spans`). A street
named without a number ("lives on Elm Road") is left to the model: without the number the same
words are often a landmark, a station or a pub. Scored below the model (0.7).
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.scan import Anchors, ScanText, backward_anchors, word_anchors

SCORE = 0.7

KINDS_AFTER = (
    "Street St Road Rd Avenue Ave Lane Ln Close Grove Drive Dr Way Place Pl Terrace Crescent Cres Court Ct Gardens "
    "Square Sq Boulevard Blvd Parkway Pkwy Row Mews Rise Walk Highway Hwy Circle Cir Trail Alley Broadway Quay "
    "Embankment Parade Esplanade"
).split()
KINDS_BEFORE = (
    "Rua Avenida Av. Calle Carrer Via Viale Corso Piazza Piazzale Vicolo Rue Strada Plaza Praça Largo Travessa Alameda "
    "Paseo Avinguda Rambla Ulica ul."
).split()
JOINED_KINDS = ("strasse straße str. gasse weg allee platz gatan gata gade vej veien vegen laan straat plein gracht kade "
                "singel dijk steeg").split()

_NAME_WORD = r"[A-ZÀ-ÖØ-Þ][\w'’-]*"
_NUMBER = r"\d{1,5}[A-Za-z]?(?:[ \t]*[-/][ \t]*\d{1,5}[A-Za-z]?)?"
_AFTER = "|".join(sorted(map(re.escape, KINDS_AFTER), key=len, reverse=True))
_BEFORE = "|".join(sorted(map(re.escape, KINDS_BEFORE), key=len, reverse=True))
_JOINED = "|".join(sorted(map(re.escape, JOINED_KINDS), key=len, reverse=True))
_PARTICLE = r"(?:de|da|do|dos|das|del|de la|la|le|des|du|di|della|dei)"
_COMPASS = r"(?:[ \t]+(?:[NSEW]|NE|NW|SE|SW|North|South|East|West)(?![\w'’-]))?"
# the compass point a US street name may open with, and a numbered street's ordinal: "5520 N. Kenmore Ave",
# "3821 W 6th St", "300 West 46th Street"
_COMPASS_BEFORE = r"(?:(?:[NSEW]\.?|North|South|East|West)[ \t]+)?"
_STREET_WORD = rf"(?:{_NAME_WORD}|\d{{1,3}}(?:st|nd|rd|th))"


# "in 2019 Main Street was closed", "waited 20 Minutes": a year or a count, not a house number ("Okonkwo, 29, of 4 Mill
# Lane" after a comma gives an address)
_COUNT_BEFORE = re.compile(
    r"(?i:\b(?:in|since|by|until|till|from|(?<!,[ ])of|during|before|after|for|about|around|over|under|waited|took|spent|"
    r"the|than|only|just|nearly|almost|some|every|each|per|page|room|flat|unit|apt|no\.?|number|platform|gate|"
    r"bus|route|line|year|aged?))[ \t]+\Z"
)


def _not_after_a_count(anchors: Anchors) -> Anchors:
    """Anchors whose number is not a year or a count by the word before it."""

    def filtered(doc: ScanText) -> list[int]:
        text = doc.text
        return [pos for pos in anchors(doc) if _COUNT_BEFORE.search(text, max(0, pos - 16), pos) is None]

    return filtered


_ADDRESS_LABEL = (
    r"(?i:(?:home |postal |residential |current |permanent |mailing )?address|adresse|anschrift|wohnanschrift|dirección"
    r"|direccion|domicilio|endereço|endereco|morada|indirizzo|residenza|adres|adresa|alamat|anwani|địa chỉ|dia chi)"
)
# where an address line stops before the line does: a lower-case clause or another field after a comma, a column
# gap, a dash ("... 4000 Liège — current rent €1,050"), or a sentence that goes on in lower case ("..., Leeds LS1 2AB, phone 0771 ...", "... 2AB. Please send it")
_ADDRESS_LINE_ENDS = (r",[ \t]*(?:[a-z]|(?i:tel|phone|mobile|cell|email|e-mail|fax|dob|ph)\b)|[ \t]{2,}|\t|[ \t][—–-][ \t]"
                      r"|[.!?][ \t]+[A-Z][a-z]*[ \t]+[a-z]")
_TURKISH_KIND = r"(?:Caddesi|Cad|Cd|Sokağı|Sokak|Sok|Sk|Bulvarı|Blv|Mahallesi|Mah)"


def _gated(name: str, source: str, gate: str) -> Pattern:
    """A street shape some countries write, tried only where its cheap `gate` occurs in the text."""
    return Pattern.compile(name, source, SCORE, left_bound="", gate=re.compile(gate))


def street_recognizer() -> PatternRecognizer:
    """A house number with a named street of a known kind, in English, Romance or Germanic order."""
    return PatternRecognizer(
        "street",
        "Street Address",
        [
            Pattern.compile(
                "number-name-kind",
                rf"{_NUMBER},?[ \t]+{_COMPASS_BEFORE}(?:{_STREET_WORD}[ \t]+){{1,4}}(?:{_AFTER})\.?(?![\w'’-]){_COMPASS}"
                # a numbered avenue of a Singapore estate: "123 Ang Mo Kio Ave 3, #08-1234"
                r"(?:[ \t]+\d{1,2}(?=,))?",
                SCORE,
                left_bound="-/.,:",
                anchors=_not_after_a_count(backward_anchors(
                    re.compile(rf"(?<![\w'’-])(?:{_AFTER})(?![\w'’-])"),
                    re.compile(rf"{_NUMBER},?[ \t]+{_COMPASS_BEFORE}(?:{_STREET_WORD}[ \t]+){{1,4}}\Z"),
                    reach=64,
                )),
            ),
            Pattern.compile(
                "kind-name-number",
                rf"(?:{_BEFORE})[ \t]+(?:{_PARTICLE}[ \t]+)?(?:{_NAME_WORD}|\d{{1,2}})(?:[ \t]+(?:{_PARTICLE}[ \t]+)?"
                rf"(?:{_NAME_WORD}|\d{{1,2}}))*,?[ \t]+(?:n[º°o]\.?[ \t]*)?{_NUMBER}(?![\w'’-])",
                SCORE,
                left_bound="",
                anchors=word_anchors([k.rstrip(".").lower() for k in KINDS_BEFORE]),
            ),
            # France and Québec: the number first, the kind in lower case: "1187, rue des Érables", "23 place de l'Église"
            _gated(
                "french-number-kind",
                r"(?<![\w-])\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t]+(?:rue|place|avenue|boulevard|bd|allée|impasse|chemin|quai"
                r"|cours)[ \t]+(?:(?:de[ \t]+la|de[ \t]+l['’]|des|du|de|d['’]|l['’])[ \t]*)?"
                r"[A-ZÀ-ÖØ-Þ][\w'’-]*(?:[ \t]+(?:[A-ZÀ-ÖØ-Þ][\w'’-]*|de|du|des|la))*?(?=[ \t]*(?:[,.;)\n]|$|[ \t][a-z]))",
                r"\d,? (?:rue|place|avenue|boulevard|bd|allée|impasse|chemin|quai|cours) ",
            ),
            # South Asia: Bengaluru's numbered cross roads ("14th Cross"), and a house on a numbered street or road
            # ("House 47, Street 9", "House 14, Road 3")
            _gated(
                "ordinal-cross",
                r"(?<![\w-])\d{1,2}(?:st|nd|rd|th)[ \t]+Cross(?:[ \t]+(?:Road|Rd|Street|St))?(?![\w'’-])",
                r"\d(?:st|nd|rd|th) Cross\b",
            ),
            _gated(
                "house-numbered-street",
                r"(?<![\w-])(?:House|Plot)[ \t]+(?:No\.?[ \t]*)?\d{1,4}[A-Z]?,[ \t]*(?:Street|Road|Lane|St|Rd)[ \t]+"
                r"(?:No\.?[ \t]*)?\d{1,3}(?![\w'’-])",
                r"(?:House|Plot) (?:No\.? ?)?\d",
            ),
            # the Philippines: a subdivision's block and lot, a barangay's purok: "Block 7 Lot 12", "Purok 3"
            _gated(
                "block-lot",
                r"(?<![\w-])(?:(?:Block|Blk)\.?[ \t]+\d{1,3}[A-Z]?,?[ \t]+Lot[ \t]+\d{1,3}[A-Z]?|Purok[ \t]+\d{1,2})(?=,)",
                r"\b(?:Lot|Purok) \d",
            ),
            # a house or plot and its number before a named street that has none: "House No. 14, Abelenkpe Road"
            _gated(
                "house-then-street",
                rf"(?<![\w-])(?:House|Plot)[ \t]+(?:No\.?[ \t]*)?\d{{1,4}}[A-Z]?,[ \t]*(?:{_NAME_WORD}[ \t]+){{1,3}}"
                rf"(?:{_AFTER})\.?(?![\w'’-])",
                r"(?:House|Plot) (?:No\.? ?)?\d",
            ),
            # Japan: chōme-banchi-gō, the neighbourhood, then its ward or town: "1-7-2 Sakae, Kita-ku"
            _gated(
                "japanese-block",
                r"(?<![\w-])\d{1,2}-\d{1,3}-\d{1,3}[ \t]+[A-Z][a-z]+(?:-[A-Z][a-z]+)?"
                r"(?=,[ \t]*[A-Z][a-z]+-(?:ku|shi|cho|machi|gun)(?![\w'’-]))",
                r"-(?:ku|shi|cho|machi|gun)\b",
            ),
            # Korea: a house number and a road name ending "-ro", "-gil", "-daero": "58-3 Yeonhui-ro 11-gil"
            _gated(
                "korean-road",
                rf"(?<![\w-]){_NUMBER},?[ \t]+[A-Z][a-z]+-(?:ro|gil|daero)(?:[ \t]+\d{{1,4}}(?:beon)?-?gil)?(?![\w'’-])",
                r"[a-z]-(?:ro|gil|daero)\b",
            ),
            # Turkey: the neighbourhood, the street and its kind, then "No:" and the flat ("Moda Cad. No:47 D:5",
            # "Alsancak Mah. 1453 Sok. No: 12 D: 4")
            _gated(
                "turkish-no",
                rf"(?<![\w'’-])(?:(?:{_NAME_WORD}|\d{{1,5}})(?:[ \t]+{_NAME_WORD}){{0,3}}[ \t]+{_TURKISH_KIND}\.?,?[ \t]+){{1,3}}"
                r"No[ \t]*:[ \t]*\d{1,4}[A-Z]?(?:/\d{1,3})?(?:[ \t]+(?:D|Daire|Kat)[ \t]*:[ \t]*\d{1,3})*(?![\w'’-])",
                r"No ?: ?\d",
            ),
            # a form's address label and the line after it, in any language ("Address: ...", "Địa chỉ: Số 17 ngõ 92
            # Nguyễn Khánh Toàn, Cầu Giấy, Hà Nội", "Anschrift: ..."): a number and a capitalised word make it a place;
            # the label makes it surer than the model's reading of a town in it ("..., Model Town, Lahore")
            Pattern.compile(
                "address-label",
                rf"(?m)^[ \t]*(?:[-•*][ \t]*)?{_ADDRESS_LABEL}[ \t]*[:：][ \t]*"
                r"(?P<span>(?=[^\n]{0,60}\d)(?=[^\n]{0,80}[A-ZÀ-ÖØ-ÞĀ-ɏḀ-ỿ][a-zà-öø-ÿĀ-ɏḀ-ỿ]{2})"
                rf"(?:(?!{_ADDRESS_LINE_ENDS})[^\n(;|]){{6,118}}(?<=[^\s,.]))",
                0.9,
                left_bound="",
                gate=re.compile(rf"{_ADDRESS_LABEL}[ \t]*[:：]"),
            ),
            # Germany: a street of separate words, then the number ("Venloer Str. 318", "Kölner Straße 12a")
            _gated(
                "german-name-kind-number",
                rf"(?<![\w'’-]){_NAME_WORD}(?:[ \t]+{_NAME_WORD}){{0,2}}[ \t]+(?:Str\.|Straße|Strasse|Allee|Platz|Gasse|Ring|Damm"
                rf"|Chaussee|Ufer|Weg)[ \t]+{_NUMBER}(?![\w'’-])",
                r"(?:Str\.|Straße|Strasse|Allee|Platz|Gasse|Ring|Damm|Chaussee|Ufer|Weg) \d",
            ),
            # South Asia: a house number alone ("house no. 2/118", "H.No. 12-3-456")
            _gated(
                "house-number",
                r"(?<![\w-])(?:(?i:house)[ \t]+(?i:no|number)\.?|H\.[ \t]?No\.?)[ \t]*\d{1,4}(?:[/-]\d{1,4}){0,2}[A-Z]?(?![\w'’-])",
                r"(?i:house (?:no|number)|H\. ?No)",
            ),
            Pattern.compile(
                "joined-kind-number",
                # a Dutch house number's suffix: "Oudegracht 211-bis", "Prinsengracht 12-hs"
                rf"(?<![\w'’-])[A-ZÀ-ÖØ-Þ][\w'’-]{{3,}}(?i:{_JOINED})[ \t]+{_NUMBER}(?:-(?:bis|ter|hs|[a-z]))?(?![\w'’-])",  # not "Niigata 376"
                SCORE,
                gate=re.compile(rf"(?i:{_JOINED})[ \t]+\d"),
            ),
        ],
    )
