"""Nationalities: a country's demonym where the sentence gives it to a person.

"Italian food" is not PII, "I'm Italian" is. A demonym (of a sovereign country; "Scottish" or
"Catalan" often name an ethnicity instead) counts after a nationality label ("Nationality:
Brazilian"), before a citizenship word ("a Turkish national", "British citizen", "Polish
licence"), after "I'm" / "he is" ending the phrase ("I'm Iranian, so ...", "I am 17 and Uzbek", "half Italian, half
Dutch"), after an age ("Thiago Ferreira, 42, Brazilian, based in Lisbon"), before a job it qualifies ("an
Argentine ML engineer"; not a subject taught: "my Italian teacher"), or before "-born" ("the Turkish-born
baker"). Hyphenated pairs are one
nationality ("Ghanaian-British"). The list was written for Veil (no data set's vocabulary).
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.occupations import JOB_WORDS
from proxy.recognizers.scan import number_anchors, word_anchors

DEMONYMS = """
Afghan Albanian Algerian American Andorran Angolan Argentine Argentinian Armenian Australian Austrian Azerbaijani
Bahamian Bahraini Bangladeshi Barbadian Belarusian Belgian Belizean Beninese Bhutanese Bolivian Bosnian Botswanan
Brazilian British Bruneian Bulgarian Burkinabe Burmese Burundian Cambodian Cameroonian Canadian Chadian Chilean
Chinese Colombian Congolese Croatian Cuban Cypriot Czech Danish Djiboutian Dominican Dutch Ecuadorian Egyptian
Emirati Eritrean Estonian Ethiopian Fijian Filipino Finnish French Gabonese Gambian Georgian German Ghanaian Greek
Guatemalan Guinean Guyanese Haitian Honduran Hungarian Icelandic Indian Indonesian Iranian Iraqi Irish Israeli
Italian Ivorian Jamaican Japanese Jordanian Kazakh Kenyan Korean Kosovar Kuwaiti Kyrgyz Laotian Latvian Lebanese
Liberian Libyan Lithuanian Luxembourgish Macedonian Malagasy Malawian Malaysian Maldivian Malian Maltese
Mauritanian Mauritian Mexican Moldovan Mongolian Montenegrin Moroccan Mozambican Namibian Nepalese Nepali
Nicaraguan Nigerian Nigerien Norwegian Omani Pakistani Palestinian Panamanian Paraguayan Peruvian Polish
Portuguese Qatari Romanian Russian Rwandan Salvadoran Samoan Saudi Senegalese Serbian Singaporean Slovak Slovakian
Slovenian Somali Sudanese Swedish Swiss Syrian Taiwanese Tajik Tanzanian Thai Togolese Tongan Trinidadian Tunisian
Turkish Turkmen Ugandan Ukrainian Uruguayan Uzbek Venezuelan Vietnamese Yemeni Zambian Zimbabwean
"""
_NAMES = sorted(set(DEMONYMS.split()), key=len, reverse=True)
_ONE = rf"(?:(?:South|North)[ \t]+)?(?:{'|'.join(_NAMES)})"
_DEMONYM = rf"(?P<span>{_ONE}(?:-{_ONE})?)(?![\w'’-])"
# words after a demonym that make it a language, a cuisine or a field, not a nationality: "a French teacher", "an
# Indian restaurant owner" (also read by the detectors' Occupation split, `proxy.detectors.descriptor_spans`)
LANGUAGE_OR_FOOD = frozenset({
    "teacher", "tutor", "translator", "interpreter", "lecturer", "professor", "instructor", "chef", "cook",
    "restaurant", "restaurateur", "takeaway", "literature", "language", "studies", "cuisine", "food",
})
# a job the demonym qualifies: "Norwegian computational linguist", not the subject taught ("Italian teacher")
_JOBS = "|".join(sorted((re.escape(w) for w in JOB_WORDS - LANGUAGE_OR_FOOD - {
    "student", "scholar", "specialist", "expert", "speaker", "learner", "head", "historian", "editor", "correspondent",
}), key=len, reverse=True))
_CITIZENSHIP = r"(?:citizen|citizenship|national|nationality|passport|passport-holder|licence|license|resident)s?\b"
_PHRASE_END = r"(?=[ \t]*(?:[,.;:!?)]|$|\n|[ \t](?:and|but|so|too|as|living|based|born|by|from|who|with)\b))"


def nationality_recognizer() -> PatternRecognizer:
    """Demonyms after a nationality label or "I'm", before "citizen"/"national"/"passport", or after an age."""
    first_words = [n.lower() for n in _NAMES] + ["south", "north"]
    return PatternRecognizer(
        "nationality",
        "Nationality",
        [
            Pattern.compile(
                "label",
                rf"(?:[Nn]ationality|[Cc]itizenship|NATIONALITY)[ \t]*[:\-–—|][ \t]*{_DEMONYM}",
                0.9,
                left_bound="",
            ),
            Pattern.compile(
                "before-citizenship", rf"{_DEMONYM}[ \t]+{_CITIZENSHIP}", 0.9, anchors=word_anchors(first_words)
            ),
            Pattern.compile(
                "i-am",
                r"(?:I'm|I’m|I am|im|Im|[Hh]e's|[Hh]e’s|[Ss]he's|[Ss]he’s|[Hh]e is|[Ss]he is|[Tt]hey're|[Tt]hey are"
                rf"|[Hh]e was|[Ss]he was)[ \t]+(?:(?:also|originally|half)[ \t]+)?{_DEMONYM}{_PHRASE_END}",
                0.85,
                left_bound="",
            ),
            Pattern.compile(
                "after-age",
                rf"\d{{1,3}},[ \t]+{_DEMONYM}{_PHRASE_END}",
                0.85,
                left_bound=".,",
                anchors=number_anchors(1),
            ),
            # "I am 17 and Uzbek", "I'm half Italian, half Dutch"
            Pattern.compile(
                "age-and",
                r"(?:I'm|I’m|I am|im|Im|[Hh]e's|[Hh]e’s|[Ss]he's|[Ss]he’s|[Hh]e is|[Ss]he is)[ \t]+\d{1,3}[ \t]+and[ \t]+"
                rf"{_DEMONYM}{_PHRASE_END}",
                0.85,
                left_bound="",
            ),
            Pattern.compile("second-half", rf"(?:(?<=,)|(?<=\band))[ \t]+half[ \t]+{_DEMONYM}{_PHRASE_END}", 0.85),
            # "a 41-year-old Norwegian computational linguist", "an Argentine ML engineer", "The Turkish-born baker"
            Pattern.compile(
                "before-job",
                rf"{_DEMONYM}[ \t]+(?:[A-Za-z][\w-]*[ \t]+){{0,2}}?(?:{_JOBS})(?![\w'’-])",
                0.5,  # below the model: a job span it read whole ("Ghanaian cardiologist") is split after
                anchors=word_anchors(first_words),
            ),
            Pattern.compile("born", rf"(?P<span>{_ONE})-born(?![\w-])", 0.8, anchors=word_anchors(first_words)),
        ],
    )
