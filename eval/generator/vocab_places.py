"""Street-address shapes and landmarks per country (real landmark names,
composable street names), so addresses look like the ones people type."""

from __future__ import annotations


def _split(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in text.split(";") if s.strip())


STREET_NAMES = {
    "US": _split("Oak; Maple; Cedar; Elm; Washington; Lincoln; Park; Lake; Hill; Sunset; Pine; Walnut; Jefferson; Madison;"
                 " Franklin; Highland; Riverside; Cherry; Willow; Spruce; Church; Mill; Valley; Forest; Chestnut; Magnolia; 5th; 3rd; Main"),
    "GB": _split("High Street; Station Road; Church Lane; Victoria Road; Mill Lane; Park Road; Queen's Road; King Street;"
                 " Manor Road; Green Lane; The Crescent; Albert Road; Grove Road; Springfield Road; Chapel Street; Orchard Close;"
                 " Windsor Avenue; Beech Grove; Oxford Road; Kingsway"),
    "DE": _split("Hauptstraße; Schulstraße; Gartenstraße; Bahnhofstraße; Lindenweg; Bergstraße; Kirchstraße; Waldstraße;"
                 " Ringstraße; Goethestraße; Schillerstraße; Mozartstraße; Birkenweg; Friedrichstraße; Am Markt; Rosenstraße"),
    "FR": _split("rue de la République; avenue Victor Hugo; rue Jean Jaurès; boulevard Voltaire; rue de la Paix; rue Pasteur;"
                 " avenue de la Gare; rue du Moulin; place de l'Église; rue des Lilas; rue Gambetta; quai des Chartrons"),
    "ES": _split("Calle Mayor; Avenida de la Constitución; Calle Real; Calle del Sol; Paseo de Gracia; Calle de Alcalá;"
                 " Gran Vía; Calle San Juan; Avenida de América; Calle Larios; Rambla de Catalunya; Calle de Toledo"),
    "IT": _split("Via Roma; Via Garibaldi; Corso Vittorio Emanuele II; Via Dante; Via Mazzini; Via Verdi; Via Cavour;"
                 " Viale della Libertà; Via del Corso; Piazza della Repubblica; Via Po; Via Toledo"),
    "BR": _split("Rua das Flores; Avenida Paulista; Rua Augusta; Rua da Consolação; Avenida Atlântica; Rua XV de Novembro;"
                 " Avenida Brasil; Rua Oscar Freire; Rua dos Andradas; Avenida Sete de Setembro"),
    "NL": _split("Keizersgracht; Dorpsstraat; Kerkstraat; Molenweg; Stationsweg; Prinsengracht; Herengracht; Julianalaan;"
                 " Beatrixstraat; Nieuwstraat; Oudegracht; Lange Voorhout"),
    "IN": _split("MG Road; Nehru Nagar; Linking Road; Park Street; Anna Salai; Brigade Road; FC Road; Ashok Nagar;"
                 " Gandhi Nagar; Civil Lines; Indiranagar 100 Feet Road; Banjara Hills Road No. 12; Sector 21"),
    "JP": _split("Jingumae; Higashi-Shinjuku; Nishi-Azabu; Ebisu-Minami; Honmachi; Sakae; Umeda; Tenjin; Kita-Aoyama;"
                 " Shimokitazawa; Nakameguro"),
    "AU": _split("George Street; Collins Street; Smith Street; Beach Road; Ocean Parade; Bridge Road; Chapel Street;"
                 " King William Street; Hay Street; Queen Street"),
    "NG": _split("Admiralty Way; Adeola Odeku Street; Awolowo Road; Allen Avenue; Ahmadu Bello Way; Bode Thomas Street;"
                 " Opebi Road; Aminu Kano Crescent; Ozumba Mbadiwe Avenue; Herbert Macaulay Way"),
    "MX": _split("Avenida Reforma; Calle Madero; Avenida Insurgentes Sur; Calle Hidalgo; Avenida Juárez; Calle Morelos;"
                 " Avenida Chapultepec; Calle Álvaro Obregón; Avenida Vallarta"),
}
STREET_NAMES["CA"] = STREET_NAMES["US"] + _split("Yonge; Bloor; Queen; Dundas; Granville; Sherbrooke; Jasper")
US_SUFFIXES = _split("Street; St.; Avenue; Ave; Road; Rd; Drive; Dr.; Lane; Ln; Court; Ct; Boulevard; Blvd; Way; Place; Terrace")
US_UNITS = _split("Apt 4B; Apt. 12; Unit 305; #7; Suite 210; Apt 2R; Unit 14; Apt 3C; #402")

LANDMARKS = {
    "US": _split("the Golden Gate Bridge; the Statue of Liberty; the Empire State Building; Central Park; the Space Needle;"
                 " Willis Tower; the Lincoln Memorial; the Hollywood Sign; the Gateway Arch; Millennium Park; the Brooklyn Bridge;"
                 " Times Square; Pike Place Market; the French Quarter; Navy Pier; Griffith Observatory; the National Mall;"
                 " Fenway Park; the Liberty Bell; Grand Central Terminal; Wrigley Field; the Chrysler Building; the High Line;"
                 " the Alamo; Balboa Park"),
    "GB": _split("Big Ben; Tower Bridge; the British Museum; Buckingham Palace; the London Eye; Hyde Park; Trafalgar Square;"
                 " Edinburgh Castle; Stonehenge; the Angel of the North; the Royal Albert Dock; Piccadilly Circus;"
                 " King's Cross station; Old Trafford; the Clifton Suspension Bridge; the Radcliffe Camera; Brighton Palace Pier;"
                 " the Shard; St Paul's Cathedral; Arthur's Seat"),
    "DE": _split("the Brandenburg Gate; the Reichstag; Cologne Cathedral; Neuschwanstein Castle; Marienplatz;"
                 " the Fernsehturm; Checkpoint Charlie; the Elbphilharmonie; the Englischer Garten; the Frauenkirche;"
                 " the Römerberg; the Zwinger; Tempelhof Field; the East Side Gallery"),
    "FR": _split("the Eiffel Tower; the Louvre; the Arc de Triomphe; Notre-Dame; Sacré-Cœur; Mont Saint-Michel;"
                 " the Jardin du Luxembourg; Place Bellecour; the Vieux-Port; the Promenade des Anglais; the Pont du Gard;"
                 " the Palais des Papes; the Canal Saint-Martin; the Place de la Bourse"),
    "ES": _split("the Sagrada Família; Park Güell; the Alhambra; the Prado Museum; Plaza Mayor; the Puerta del Sol;"
                 " the Guggenheim Museum Bilbao; La Rambla; Retiro Park; the Mezquita; Camp Nou; the Santiago Bernabéu;"
                 " Plaza de España; the City of Arts and Sciences"),
    "IT": _split("the Colosseum; the Trevi Fountain; the Pantheon; the Leaning Tower of Pisa; the Duomo; the Ponte Vecchio;"
                 " the Rialto Bridge; St. Mark's Square; Piazza Navona; the Spanish Steps; the Uffizi Gallery;"
                 " the Galleria Vittorio Emanuele II; the Mole Antonelliana; the Vatican Museums"),
    "BR": _split("Christ the Redeemer; Sugarloaf Mountain; Copacabana Beach; Ipanema Beach; the Maracanã; Ibirapuera Park;"
                 " the Selarón Steps; Pelourinho; the Teatro Amazonas; the Ver-o-Peso Market; the MASP; Iguazu Falls"),
    "NL": _split("the Rijksmuseum; the Anne Frank House; Dam Square; the Vondelpark; the Erasmus Bridge; the Markthal;"
                 " the Binnenhof; Keukenhof; the Van Gogh Museum; the Dom Tower; Kinderdijk; the Euromast"),
    "JP": _split("Tokyo Tower; Tokyo Skytree; Senso-ji; Shibuya Crossing; Meiji Shrine; Osaka Castle; Fushimi Inari Shrine;"
                 " Kinkaku-ji; Dotonbori; Himeji Castle; the Sapporo Clock Tower; Ueno Park; Nara Park"),
    "CA": _split("the CN Tower; Stanley Park; Parliament Hill; Niagara Falls; Mount Royal; the Rideau Canal; the Calgary Tower;"
                 " Granville Island; the Royal Ontario Museum; the Château Frontenac; the Distillery District"),
    "AU": _split("the Sydney Opera House; the Sydney Harbour Bridge; Bondi Beach; Federation Square; Flinders Street Station;"
                 " the Queen Victoria Market; South Bank Parklands; Kings Park; Uluru; the MCG; the Melbourne Cricket Ground"),
    "NG": _split("the National Arts Theatre; the Lekki Conservation Centre; Tafawa Balewa Square; Zuma Rock; Olumo Rock;"
                 " Aso Rock; the Nike Art Gallery; the Lekki-Ikoyi Link Bridge; the Third Mainland Bridge; Balogun Market"),
    "MX": _split("the Zócalo; Chapultepec Castle; the Palacio de Bellas Artes; the Angel of Independence;"
                 " the Frida Kahlo Museum; Teotihuacan; Chichén Itzá; the Hospicio Cabañas; the Macroplaza; Xochimilco"),
    "IN": _split("India Gate; the Gateway of India; the Taj Mahal; the Red Fort; Qutub Minar; Charminar; Marine Drive;"
                 " the Lotus Temple; Hawa Mahal; the Victoria Memorial; Mysore Palace; the Golden Temple; Lalbagh Botanical Garden;"
                 " Cubbon Park; the Howrah Bridge; the Bandra-Worli Sea Link; Juhu Beach"),
}
LANDMARK_PATTERNS = _split("{city} Central Library; {city} Cathedral; the {city} Botanical Garden; {surname} Memorial Park;"
                           " the {city} Museum of Art; {city} Central Station; {city} Town Hall; {city} Zoo;"
                           " the {city} Aquarium; {surname} Square")
