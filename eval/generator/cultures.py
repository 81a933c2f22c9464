"""Countries the generated people live in: money, units, date order, phones, places.

A person's numbers, documents and places follow one country, so a Lyon nurse
gets euros, a French mobile and a NIR, never a US SSN.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Culture:
    code: str
    country: str
    demonym: str
    name_locale: str            # key in names.NAME_SOURCES
    currency: str               # ISO code
    symbol: str
    money_scale: float          # local units per US-equivalent dollar of pay
    grouping: str               # "western" 1,234.5 | "european" 1.234,5 | "indian" 1,23,456
    date_order: str             # "mdy" | "dmy" | "ymd"
    clock: str                  # "12" | "24"
    units: str                  # "imperial" | "metric" | "uk"
    phone_formats: tuple[str, ...]
    cities: tuple[str, ...]
    regions: tuple[str, ...]
    credit_score_range: tuple[int, int] = (300, 850)


def _split(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in text.split(";") if s.strip())


CULTURES: dict[str, Culture] = {c.code: c for c in (
    Culture(
        "US", "United States", "American", "en_US", "USD", "$", 1.0, "western", "mdy", "12", "imperial",
        ("+1 (AAA) EXX-XXXX", "(AAA) EXX-XXXX", "AAA-EXX-XXXX", "AAA.EXX.XXXX", "+1 AAA EXX XXXX", "AAAEXXXXXX"),
        _split("New York; Brooklyn; Chicago; Austin; Seattle; Denver; Atlanta; Miami; Boston; Portland; San Diego;"
               " Phoenix; Minneapolis; Nashville; Philadelphia; Pittsburgh; Columbus; Raleigh; Salt Lake City; Sacramento;"
               " Oakland; Houston; Dallas; Detroit; Baltimore; Tampa; Orlando; Kansas City; St. Louis; Cleveland; Milwaukee;"
               " Albuquerque; Boise; Madison; Ann Arbor; Tucson; Omaha; Richmond; Charlotte; Buffalo; San Antonio; Louisville;"
               " New Orleans; Las Vegas; Honolulu; Anchorage; Spokane; Durham; Savannah; Burlington; Providence; Hartford"),
        _split("California; Texas; Ohio; Oregon; New Jersey; Vermont; Colorado; Bay Area; Long Island; Upstate New York;"
               " Georgia; Michigan; Arizona; North Carolina; Massachusetts; Florida; Minnesota; Wisconsin; Tennessee; Maine"),
    ),
    Culture(
        "GB", "United Kingdom", "British", "en_GB", "GBP", "£", 0.72, "western", "dmy", "24", "uk",
        ("07XXX XXXXXX", "+44 7XXX XXXXXX", "020 7XXX XXXX", "0161 XXX XXXX", "+44 20 7XXX XXXX", "0113 XXX XXXX", "0131 XXX XXXX", "07XXX-XXX-XXX"),
        _split("London; Manchester; Birmingham; Leeds; Glasgow; Edinburgh; Bristol; Liverpool; Cardiff; Sheffield; Newcastle;"
               " Nottingham; Brighton; Oxford; Cambridge; York; Belfast; Leicester; Southampton; Norwich; Bath; Exeter; Aberdeen;"
               " Dundee; Swansea; Reading; Coventry; Plymouth; Derby; Hull; Milton Keynes; Canterbury; Inverness; Chester; Durham"),
        _split("Yorkshire; Kent; Cornwall; West Midlands; Surrey; Devon; Lancashire; Essex; Cumbria; Northumberland;"
               " Highlands; Sussex; Norfolk; Somerset; Greater Manchester"),
        (0, 999),
    ),
    Culture(
        "IN", "India", "Indian", "en_IN", "INR", "₹", 12.0, "indian", "dmy", "12", "metric",
        ("+91 9XXXX XXXXX", "98XXX XXXXX", "+91-9XXXXXXXXX", "+91 8XXXX XXXXX", "07XXXXXXXXX", "011-2XXX XXXX", "022 2XXX XXXX"),
        _split("Mumbai; Delhi; New Delhi; Bengaluru; Hyderabad; Chennai; Kolkata; Pune; Ahmedabad; Jaipur; Lucknow; Kochi;"
               " Chandigarh; Indore; Bhopal; Nagpur; Surat; Coimbatore; Mysuru; Noida; Gurugram; Thiruvananthapuram;"
               " Visakhapatnam; Patna; Vadodara; Guwahati; Dehradun; Mangaluru; Madurai; Bhubaneswar"),
        _split("Kerala; Maharashtra; Karnataka; Tamil Nadu; Punjab; Gujarat; Rajasthan; West Bengal; Goa; Telangana;"
               " Uttar Pradesh; Assam; Odisha; Himachal Pradesh"),
        (300, 900),
    ),
    Culture(
        "DE", "Germany", "German", "de_DE", "EUR", "€", 0.78, "european", "dmy", "24", "metric",
        ("+49 15X XXXXXXXX", "015X XXXXXXXX", "+49 30 XXXXXXXX", "030 XXXXXXXX", "089 XXXXXXX", "+49 (0)40 XXXXXXX", "0171 XXXXXXX", "+49 221 XXXXXXX"),
        _split("Berlin; Hamburg; Munich; Cologne; Frankfurt; Stuttgart; Düsseldorf; Leipzig; Dresden; Hanover; Nuremberg;"
               " Bremen; Essen; Dortmund; Freiburg; Heidelberg; Bonn; Mannheim; Münster; Augsburg; Kiel; Potsdam; Mainz;"
               " Regensburg; Rostock; Karlsruhe; Aachen; Göttingen"),
        _split("Bavaria; Saxony; Hesse; Baden-Württemberg; North Rhine-Westphalia; Brandenburg; Lower Saxony; Thuringia;"
               " Schleswig-Holstein; Rhineland-Palatinate"),
    ),
    Culture(
        "FR", "France", "French", "fr_FR", "EUR", "€", 0.75, "european", "dmy", "24", "metric",
        ("06 XX XX XX XX", "+33 6 XX XX XX XX", "07 XX XX XX XX", "01 XX XX XX XX", "+33 1 XX XX XX XX", "04 XX XX XX XX", "06XXXXXXXX"),
        _split("Paris; Lyon; Marseille; Toulouse; Nice; Nantes; Strasbourg; Montpellier; Bordeaux; Lille; Rennes; Reims;"
               " Grenoble; Dijon; Angers; Tours; Le Havre; Toulon; Clermont-Ferrand; Annecy; Nancy; Rouen; Metz; Brest;"
               " Avignon; Perpignan; Besançon; La Rochelle"),
        _split("Brittany; Normandy; Provence; Alsace; Occitanie; Île-de-France; Burgundy; Auvergne; Corsica; Savoie;"
               " Loire Valley; Dordogne"),
    ),
    Culture(
        "ES", "Spain", "Spanish", "es_ES", "EUR", "€", 0.55, "european", "dmy", "24", "metric",
        ("6XX XX XX XX", "+34 6XX XXX XXX", "+34 91 XXX XX XX", "91 XXX XX XX", "93 XXX XX XX", "6XXXXXXXX", "+34 7XX XXX XXX"),
        _split("Madrid; Barcelona; Valencia; Seville; Bilbao; Málaga; Zaragoza; Granada; Alicante; Palma; Valladolid; Vigo;"
               " Córdoba; San Sebastián; Salamanca; Murcia; Santander; Pamplona; Cádiz; A Coruña; Toledo; Oviedo; Gijón; Girona"),
        _split("Catalonia; Andalusia; Galicia; Basque Country; Asturias; Castile and León; Aragon; Navarre; Murcia Region;"
               " Canary Islands; Balearic Islands; Extremadura"),
    ),
    Culture(
        "IT", "Italy", "Italian", "it_IT", "EUR", "€", 0.6, "european", "dmy", "24", "metric",
        ("+39 3XX XXX XXXX", "3XX XXX XXXX", "06 XXXX XXXX", "+39 02 XXXX XXXX", "02 XXXXXXXX", "3XXXXXXXXX", "+39 055 XXX XXXX"),
        _split("Rome; Milan; Naples; Turin; Florence; Bologna; Venice; Genoa; Palermo; Verona; Bari; Padua; Trieste; Pisa;"
               " Catania; Parma; Modena; Bergamo; Perugia; Brescia; Lecce; Siena; Trento; Cagliari"),
        _split("Tuscany; Lombardy; Sicily; Sardinia; Piedmont; Veneto; Puglia; Emilia-Romagna; Liguria; Calabria; Umbria; Campania"),
    ),
    Culture(
        "BR", "Brazil", "Brazilian", "pt_BR", "BRL", "R$", 1.6, "european", "dmy", "24", "metric",
        ("(11) 9XXXX-XXXX", "+55 11 9XXXX-XXXX", "(21) 9XXXX-XXXX", "+55 21 9XXXX-XXXX", "(31) 9XXXX-XXXX", "(51) 3XXX-XXXX", "+55 (41) 9XXXX-XXXX"),
        _split("São Paulo; Rio de Janeiro; Belo Horizonte; Brasília; Salvador; Fortaleza; Recife; Porto Alegre; Curitiba;"
               " Manaus; Belém; Goiânia; Florianópolis; Campinas; Natal; Vitória; Santos; João Pessoa; Maceió; Niterói"),
        _split("Minas Gerais; Bahia; Santa Catarina; Paraná; Pernambuco; Rio Grande do Sul; Ceará; Amazonas; Goiás; Espírito Santo"),
    ),
    Culture(
        "NL", "Netherlands", "Dutch", "nl_NL", "EUR", "€", 0.8, "european", "dmy", "24", "metric",
        ("06-XXXXXXXX", "+31 6 XXXXXXXX", "06 XX XX XX XX", "020-XXX XXXX", "+31 20 XXX XXXX", "010-XXX XXXX", "+31 (0)6 XXXX XXXX"),
        _split("Amsterdam; Rotterdam; Utrecht; The Hague; Eindhoven; Groningen; Leiden; Delft; Haarlem; Nijmegen; Tilburg;"
               " Breda; Maastricht; Arnhem; Zwolle; Amersfoort; Den Bosch; Alkmaar; Deventer; Enschede"),
        _split("Friesland; Limburg; North Holland; South Holland; Gelderland; Zeeland; Drenthe; Overijssel; North Brabant"),
    ),
    Culture(
        "JP", "Japan", "Japanese", "ja_JP", "JPY", "¥", 110.0, "western", "ymd", "24", "metric",
        ("090-XXXX-XXXX", "+81 90-XXXX-XXXX", "080-XXXX-XXXX", "03-XXXX-XXXX", "+81 3-XXXX-XXXX", "06-XXXX-XXXX", "070-XXXX-XXXX"),
        _split("Tokyo; Osaka; Kyoto; Yokohama; Nagoya; Sapporo; Fukuoka; Kobe; Sendai; Hiroshima; Nara; Kawasaki; Saitama;"
               " Chiba; Kanazawa; Okayama; Kumamoto; Naha; Niigata; Matsuyama; Nagasaki; Kagoshima"),
        _split("Hokkaido; Okinawa; Kyushu; Kansai; Shikoku; Tohoku; Shizuoka Prefecture; Nagano Prefecture; Kanagawa Prefecture"),
    ),
    Culture(
        "CA", "Canada", "Canadian", "en_CA", "CAD", "C$", 1.25, "western", "mdy", "12", "metric",
        ("+1 (CCC) EXX-XXXX", "(CCC) EXX-XXXX", "CCC-EXX-XXXX", "+1 CCC EXX XXXX", "CCC.EXX.XXXX"),
        _split("Toronto; Montreal; Vancouver; Calgary; Ottawa; Edmonton; Winnipeg; Quebec City; Halifax; Victoria; Hamilton;"
               " Saskatoon; Regina; Kitchener; Mississauga; Kelowna; St. John's; Fredericton; Waterloo; Guelph; Kingston"),
        _split("Ontario; Quebec; British Columbia; Alberta; Nova Scotia; Manitoba; Saskatchewan; New Brunswick; Yukon;"
               " Prince Edward Island"),
    ),
    Culture(
        "AU", "Australia", "Australian", "en_AU", "AUD", "A$", 1.35, "western", "dmy", "12", "metric",
        ("04XX XXX XXX", "+61 4XX XXX XXX", "(02) 9XXX XXXX", "+61 2 9XXX XXXX", "(03) 9XXX XXXX", "04XXXXXXXX", "(07) 3XXX XXXX"),
        _split("Sydney; Melbourne; Brisbane; Perth; Adelaide; Canberra; Hobart; Darwin; Gold Coast; Geelong; Cairns;"
               " Wollongong; Townsville; Newcastle; Ballarat; Bendigo; Launceston; Toowoomba; Fremantle"),
        _split("Queensland; New South Wales; Tasmania; Western Australia; South Australia; Northern Territory;"
               " Sunshine Coast; Blue Mountains"),
        (0, 1200),
    ),
    Culture(
        "NG", "Nigeria", "Nigerian", "en_NG", "NGN", "₦", 120.0, "western", "dmy", "12", "metric",
        ("+234 803 XXX XXXX", "0803 XXX XXXX", "+234 810 XXX XXXX", "0706 XXX XXXX", "+234 (0)909 XXX XXXX", "0813XXXXXXX", "+234 805 XXX XXXX"),
        _split("Lagos; Abuja; Ibadan; Kano; Port Harcourt; Benin City; Enugu; Kaduna; Abeokuta; Owerri; Jos; Ilorin;"
               " Calabar; Warri; Uyo; Akure; Onitsha; Asaba; Osogbo; Lekki; Ikeja"),
        _split("Lagos State; Ogun State; Rivers State; Oyo State; Enugu State; Kaduna State; Delta State; Anambra State;"
               " Plateau State; Cross River State"),
    ),
    Culture(
        "MX", "Mexico", "Mexican", "es_MX", "MXN", "MX$", 7.0, "western", "dmy", "12", "metric",
        ("+52 55 XXXX XXXX", "55 XXXX XXXX", "+52 33 XXXX XXXX", "33 XXXX XXXX", "+52 81 XXXX XXXX", "(55) XXXX-XXXX", "+52 1 55 XXXX XXXX"),
        _split("Mexico City; Guadalajara; Monterrey; Puebla; Tijuana; León; Querétaro; Mérida; Cancún; Oaxaca; Morelia;"
               " Toluca; Chihuahua; San Luis Potosí; Aguascalientes; Veracruz; Hermosillo; Saltillo; Guanajuato; Zapopan"),
        _split("Jalisco; Yucatán; Nuevo León; Baja California; Chiapas; Sonora; Quintana Roo; Michoacán; Coahuila; Veracruz State"),
    ),
)}

# residence weights: roughly where English-language LLM users live, with spread
CULTURE_WEIGHTS: dict[str, float] = {
    "US": 20, "GB": 10, "IN": 10, "DE": 7, "FR": 6, "ES": 5, "IT": 5, "BR": 6, "NL": 4,
    "JP": 4, "CA": 6, "AU": 5, "NG": 5, "MX": 5,
}

US_AREA_CODES = ("212", "415", "312", "617", "206", "512", "303", "404", "305", "713", "646", "718", "213", "310",
                 "503", "602", "612", "615", "215", "412", "614", "919", "801", "916", "510", "214", "313", "410",
                 "813", "407", "816", "314", "216", "414", "505", "208", "608", "734", "520", "402", "804", "704")
CA_AREA_CODES = ("416", "647", "514", "438", "604", "778", "403", "587", "613", "780", "204", "418", "902", "306",
                 "519", "905", "250", "709", "506")
