"""Demographic vocabularies (identity, beliefs, body, health).

Conventions in these lists: a leading "a "/"an " marks a countable noun phrase
that needs an article in running text, "the " a name used with "the", and "~"
an adjective; the stored entity text never includes those markers.
"""

from __future__ import annotations


def _split(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in text.split(";") if s.strip())


GENDER_VALUES = {
    "female": _split("~female; a woman; a cis woman; ~cisgender female"),
    "male": _split("~male; a man; a cis man; ~cisgender male"),
    "trans_female": _split("a trans woman; a transgender woman; ~transfeminine"),
    "trans_male": _split("a trans man; a transgender man; ~transmasculine"),
    "nonbinary": _split("~non-binary; ~nonbinary; ~genderqueer; ~genderfluid; ~agender; ~enby"),
}

ORIENTATIONS = _split("~straight; ~heterosexual; ~gay; ~bisexual; ~bi; ~pansexual; ~asexual; ~queer; ~demisexual;"
                      " ~homosexual; ~bicurious; ~aromantic")
LESBIAN = "~lesbian"

BLOOD_TYPES = _split("O+; O-; A+; A-; B+; B-; AB+; AB-; O positive; O negative; A positive; A negative; B positive;"
                     " B negative; AB positive; AB negative; type O; type A; type AB; type B; 0+; 0 negative")

NATIONALITIES_EXTRA = _split(
    "Irish; Scottish; Welsh; Polish; Turkish; Ukrainian; Romanian; Greek; Portuguese; Swedish; Norwegian; Danish;"
    " Finnish; Austrian; Swiss; Belgian; Czech; Hungarian; Croatian; Serbian; Bulgarian; Russian; Lithuanian;"
    " Latvian; Estonian; Slovak; Slovenian; Icelandic; Moroccan; Algerian; Tunisian; Egyptian; Lebanese; Syrian;"
    " Jordanian; Iraqi; Iranian; Israeli; Palestinian; Saudi; Emirati; Qatari; Kuwaiti; Pakistani; Bangladeshi;"
    " Sri Lankan; Nepali; Afghan; Chinese; Taiwanese; South Korean; Vietnamese; Thai; Filipino; Indonesian;"
    " Malaysian; Singaporean; Cambodian; Mongolian; Kenyan; Ghanaian; Ethiopian; Somali; South African; Ugandan;"
    " Tanzanian; Rwandan; Senegalese; Cameroonian; Zimbabwean; Argentinian; Chilean; Colombian; Peruvian;"
    " Venezuelan; Ecuadorian; Bolivian; Uruguayan; Paraguayan; Cuban; Dominican; Puerto Rican; Jamaican;"
    " Trinidadian; Haitian; Guatemalan; Honduran; Salvadoran; Costa Rican; Panamanian; New Zealander; Fijian;"
    " Samoan; Kazakh; Uzbek; Georgian; Armenian; Azerbaijani; Belarusian; Moldovan; Albanian; Bosnian;"
    " Macedonian; Maltese; Cypriot; Luxembourgish")

NAME_ORIGIN_NATIONALITIES = {
    "zh": _split("Chinese; Taiwanese; Singaporean; Malaysian"), "ko": _split("South Korean; Korean"),
    "ar": _split("Egyptian; Lebanese; Syrian; Jordanian; Moroccan; Iraqi; Emirati; Tunisian; Palestinian; Saudi"),
    "vi": _split("Vietnamese"), "pl_PL": _split("Polish"), "tr_TR": _split("Turkish"),
}

ETHNICITIES = {
    "en_US": _split("Irish American; Italian American; German American; Polish American; Scandinavian American;"
                    " Ashkenazi Jewish; Greek American; Cajun; Scots-Irish; Hispanic; Latino; Mexican American;"
                    " Puerto Rican; Cuban American; African American; Creole; Cherokee; Navajo; Lakota;"
                    " Arab American; Armenian American"),
    "en_GB": _split("English; Scottish; Welsh; Irish; Cornish; Ulster Scots; Black British; British Pakistani;"
                    " British Indian; British Bangladeshi; Black Caribbean; Anglo-Indian"),
    "en_IN": _split("Punjabi; Tamil; Bengali; Gujarati; Marathi; Malayali; Telugu; Kannadiga; Rajasthani; Kashmiri;"
                    " Sindhi; Marwari; Bihari; Odia; Assamese; Naga; Khasi; Goan; Parsi"),
    "de_DE": _split("German; Bavarian; Swabian; Sorbian; Frisian; Turkish German; Russian German; Danish German"),
    "fr_FR": _split("French; Breton; Basque; Corsican; Alsatian; Occitan; Maghrebi; Franco-Algerian; Antillean"),
    "es_ES": _split("Castilian; Catalan; Basque; Galician; Andalusian; Valencian; Gitano; Canarian"),
    "it_IT": _split("Sicilian; Sardinian; Neapolitan; Friulian; South Tyrolean; Ladin; Arbëreshë; Venetian"),
    "pt_BR": _split("Afro-Brazilian; Italian Brazilian; Japanese Brazilian; German Brazilian; Guarani; Caboclo;"
                    " Lebanese Brazilian; Pomeranian Brazilian"),
    "nl_NL": _split("Dutch; Frisian; Moluccan; Surinamese Dutch; Indo; Turkish Dutch; Moroccan Dutch; Antillean"),
    "ja_JP": _split("Yamato Japanese; Ryukyuan; Okinawan; Ainu; Zainichi Korean"),
    "en_CA": _split("French Canadian; Québécois; Acadian; Métis; Cree; Ojibwe; Inuit; Anglo-Canadian;"
                    " Chinese Canadian; Ukrainian Canadian; Punjabi Canadian"),
    "en_AU": _split("Anglo-Australian; Aboriginal Australian; Torres Strait Islander; Greek Australian;"
                    " Italian Australian; Lebanese Australian; Vietnamese Australian"),
    "en_NG": _split("Yoruba; Igbo; Hausa; Fulani; Ijaw; Kanuri; Tiv; Ibibio; Edo; Efik; Urhobo; Nupe; Itsekiri"),
    "es_MX": _split("mestizo; Zapotec; Mixtec; Maya; Nahua; Otomi; Purépecha; Afro-Mexican; Mexican-Lebanese; Totonac"),
    "zh": _split("Han Chinese; Cantonese; Hakka; Hokkien; Teochew; Shanghainese; Hui; Manchu; Zhuang; Taiwanese"),
    "ko": _split("Korean; Korean-Chinese; Jeju"),
    "ar": _split("Arab; Levantine; Bedouin; Amazigh; Berber; Kurdish; Assyrian; Druze; Palestinian; Nubian"),
    "vi": _split("Kinh; Hoa; Hmong; Tày; Cham; Khmer Krom"),
    "pl_PL": _split("Polish; Silesian; Kashubian; Ashkenazi Jewish; Lemko"),
    "tr_TR": _split("Turkish; Kurdish; Laz; Circassian; Zaza; Armenian; Bosniak"),
}

RACES_BY_ORIGIN = {
    "european": _split("White; white; Caucasian; White; mixed race; biracial; Black; Middle Eastern; multiracial"),
    "en_NG": _split("Black; Black African; Black"),
    "en_IN": _split("South Asian; Asian; South Asian; brown"),
    "east_asian": _split("Asian; East Asian; Asian"),
    "vi": _split("Asian; Southeast Asian"),
    "ar": _split("Middle Eastern; Arab; North African; MENA"),
    "pt_BR": _split("pardo; White; Black; mixed race; preto; Indigenous; multiracial"),
    "es_MX": _split("mixed race; Indigenous; White; mestizo; Afro-Latino"),
    "en_US": _split("White; Black; Black or African American; African American; Native American; American Indian;"
                    " Alaska Native; Pacific Islander; Native Hawaiian; biracial; multiracial; mixed race; Asian American"),
}

RELIGIONS_GENERAL = _split(
    "~Catholic; ~Roman Catholic; ~Christian; ~Protestant; ~Anglican; ~Methodist; ~Baptist; ~Pentecostal; ~Lutheran;"
    " ~Presbyterian; ~evangelical; ~Episcopalian; ~Mennonite; ~Quaker; ~Greek Orthodox; ~Russian Orthodox;"
    " ~Eastern Orthodox; ~Seventh-day Adventist; ~Mormon; a Latter-day Saint; a Jehovah's Witness; ~Jewish;"
    " ~Orthodox Jewish; ~Reform Jewish; ~Conservative Jewish; ~Muslim; ~Sunni Muslim; ~Shia Muslim; ~Sufi;"
    " ~Ismaili; ~Ahmadi; ~Buddhist; ~Zen Buddhist; ~Tibetan Buddhist; ~Theravada Buddhist; ~Hindu; ~Sikh; ~Jain;"
    " ~Zoroastrian; ~Bahá'í; ~Taoist; ~Shinto; ~Unitarian Universalist; ~Rastafarian; ~Wiccan; ~pagan; ~atheist;"
    " ~agnostic; ~nonreligious; ~spiritual but not religious; a secular humanist; ~Coptic Christian; ~Maronite Catholic;"
    " ~Druze; ~Spiritist; ~Candomblé; ~born-again Christian; ~nondenominational Christian; ~Apostolic; ~Anabaptist")
RELIGIONS_BY_ORIGIN = {
    "en_IN": _split("~Hindu; ~Muslim; ~Sikh; ~Christian; ~Jain; ~Buddhist; ~Zoroastrian; ~Syro-Malabar Catholic; ~Vaishnava Hindu; ~Shaivite"),
    "ar": _split("~Muslim; ~Sunni Muslim; ~Shia Muslim; ~Coptic Christian; ~Maronite Catholic; ~Druze; ~Greek Orthodox; ~secular; ~agnostic"),
    "en_NG": _split("~Muslim; ~Anglican; ~Catholic; ~Pentecostal; ~Methodist; ~Baptist; ~Christian; ~Redeemed Christian; ~Sunni Muslim"),
    "zh": _split("~Buddhist; ~Taoist; ~Christian; ~atheist; ~nonreligious; ~Catholic; ~agnostic"),
    "ja_JP": _split("~Shinto; ~Buddhist; ~Zen Buddhist; ~nonreligious; ~Christian; ~agnostic"),
    "ko": _split("~Protestant; ~Buddhist; ~Catholic; ~nonreligious; ~Presbyterian; ~Won Buddhist"),
    "vi": _split("~Buddhist; ~Catholic; ~Cao Dai; ~nonreligious; ~Hoa Hao Buddhist"),
    "tr_TR": _split("~Muslim; ~Sunni Muslim; ~Alevi; ~secular; ~atheist"),
}

PARTIES = {
    "US": _split("the Democratic Party; the Republican Party; the Libertarian Party; the Green Party;"
                 " the Democratic Socialists of America; the Working Families Party"),
    "GB": _split("the Labour Party; the Conservative Party; the Liberal Democrats; the Green Party;"
                 " the Scottish National Party; Plaid Cymru; Reform UK"),
    "DE": _split("the SPD; the CDU; the Greens; the FDP; Die Linke; the CSU; the Social Democratic Party"),
    "FR": _split("the Socialist Party; Les Républicains; La France Insoumise; Renaissance; the National Rally; Les Écologistes"),
    "ES": _split("the PSOE; the Partido Popular; Sumar; Vox; Podemos; the ERC"),
    "IT": _split("the Democratic Party; Brothers of Italy; the Five Star Movement; the Lega; Forza Italia"),
    "BR": _split("the Workers' Party; the Liberal Party; PSOL; the MDB; the PSDB"),
    "NL": _split("the VVD; D66; GroenLinks-PvdA; the CDA; the Socialist Party; the Party for the Animals; Volt"),
    "JP": _split("the Liberal Democratic Party; the Constitutional Democratic Party; Komeito; the Japanese Communist Party"),
    "CA": _split("the Liberal Party; the Conservative Party; the NDP; the Bloc Québécois; the Green Party of Canada"),
    "AU": _split("the Australian Labor Party; the Liberal Party; the Greens; the Nationals; One Nation"),
    "IN": _split("the BJP; the Indian National Congress; the Aam Aadmi Party; the CPI(M); the Trinamool Congress; the DMK"),
    "NG": _split("the APC; the PDP; the Labour Party; the NNPP"),
    "MX": _split("Morena; the PAN; the PRI; Movimiento Ciudadano"),
}
POLITICAL_VIEWS = _split(
    "~progressive; ~conservative; ~liberal; ~libertarian; ~centrist; ~moderate; ~left-leaning; ~right-leaning;"
    " ~left-wing; ~right-wing; ~socialist; ~apolitical; ~center-left; ~center-right; ~fiscally conservative;"
    " ~socially liberal; a democratic socialist; a swing voter; an anarchist; a Marxist; a monarchist;"
    " an independent voter; a social democrat; a Green voter")
LOCAL_VIEWS = {
    "US": _split("a lifelong Democrat; a registered Republican; a Democrat; a Republican; a MAGA Republican; a Blue Dog Democrat"),
    "GB": _split("a Tory; a Labour voter; a lifelong Labour supporter; a Lib Dem"),
    "CA": _split("a Liberal; a Red Tory; an NDP supporter"),
    "AU": _split("a Labor voter; a Greens voter"),
}

DISABILITIES = {
    "adj": _split("~legally blind; ~deaf; ~hard of hearing; ~partially sighted; ~visually impaired; ~hearing impaired;"
                  " ~paraplegic; ~quadriplegic; ~mobility impaired; ~nonverbal; ~physically disabled; ~registered disabled;"
                  " ~blind in one eye; ~deafblind; ~medically retired; ~profoundly deaf"),
    "noun": _split("a wheelchair user; an amputee; a below-knee amputee; a cane user; a hearing aid user;"
                   " a cochlear implant user; a full-time wheelchair user; a guide dog user"),
    "have": _split("a visual impairment; a hearing impairment; a mobility impairment; a learning disability;"
                   " an intellectual disability; a speech impediment; limited mobility; a prosthetic leg; a prosthetic arm;"
                   " partial paralysis; a spinal cord injury; a 70% disability rating; a permanent disability;"
                   " a long-term disability; a cognitive impairment; a chronic pain disability"),
}

CONDITIONS = _split(
    "asthma; type 2 diabetes; type 1 diabetes; hypertension; high blood pressure; high cholesterol; chronic migraines;"
    " migraines; epilepsy; celiac disease; Crohn's disease; ulcerative colitis; irritable bowel syndrome; IBS; GERD;"
    " acid reflux; rheumatoid arthritis; osteoarthritis; lupus; multiple sclerosis; Parkinson's disease; psoriasis;"
    " eczema; rosacea; hypothyroidism; hyperthyroidism; Hashimoto's thyroiditis; Graves' disease; PCOS;"
    " polycystic ovary syndrome; endometriosis; fibromyalgia; chronic fatigue syndrome; long COVID; sleep apnea;"
    " obstructive sleep apnea; insomnia; narcolepsy; generalized anxiety disorder; anxiety; depression;"
    " major depressive disorder; bipolar disorder; bipolar II disorder; PTSD; OCD; ADHD; autism spectrum disorder;"
    " dyslexia; schizophrenia; anorexia nervosa; bulimia; binge eating disorder; seasonal affective disorder;"
    " panic disorder; social anxiety disorder; borderline personality disorder; Tourette syndrome;"
    " chronic kidney disease; kidney stones; gout; anemia; iron-deficiency anemia; sickle cell disease;"
    " thalassemia; hemophilia; a heart murmur; atrial fibrillation; coronary artery disease; congestive heart failure;"
    " an arrhythmia; COPD; chronic bronchitis; cystic fibrosis; tuberculosis; HIV; hepatitis B; hepatitis C;"
    " breast cancer; prostate cancer; colon cancer; leukemia; Hodgkin lymphoma; melanoma; thyroid cancer;"
    " a peanut allergy; a severe peanut allergy; lactose intolerance; a gluten intolerance; hay fever;"
    " a shellfish allergy; a penicillin allergy; glaucoma; cataracts; macular degeneration; tinnitus; vertigo;"
    " Ménière's disease; scoliosis; a herniated disc; chronic back pain; sciatica; carpal tunnel syndrome;"
    " plantar fasciitis; a torn ACL; tendinitis; osteoporosis; gestational diabetes; prediabetes; fatty liver disease;"
    " gallstones; diverticulitis; a stomach ulcer; shingles; Lyme disease; mononucleosis; chronic sinusitis;"
    " alopecia areata; vitiligo; hidradenitis suppurativa; Raynaud's syndrome; Ehlers-Danlos syndrome; POTS;"
    " myasthenia gravis; ALS; cerebral palsy; spina bifida; Down syndrome; Marfan syndrome; sarcoidosis;"
    " psoriatic arthritis; ankylosing spondylitis; Bell's palsy; trigeminal neuralgia; post-concussion syndrome;"
    " a stress fracture; bursitis; frozen shoulder; TMJ disorder; chronic pancreatitis; Addison's disease;"
    " Cushing's syndrome; von Willebrand disease; deep vein thrombosis; varicose veins; peripheral neuropathy;"
    " diabetic neuropathy; restless legs syndrome; essential tremor; dysthymia; postpartum depression;"
    " an eating disorder; alcohol use disorder; hypoglycemia; a thyroid nodule; hemochromatosis; recurrent UTIs;"
    " interstitial cystitis; overactive bladder; uterine fibroids; atopic dermatitis; chronic hives; a heart condition;"
    " a slipped disc; chronic tonsillitis; hearing loss; early-onset dementia; mild cognitive impairment;"
    " an autoimmune disorder; Sjögren's syndrome; a seizure disorder; angina; a pacemaker-dependent heart block")
CHILD_CONDITIONS = _split(
    "asthma; eczema; ADHD; autism spectrum disorder; dyslexia; type 1 diabetes; a peanut allergy; celiac disease;"
    " hay fever; epilepsy; a heart murmur; lactose intolerance; a severe nut allergy; scoliosis; anxiety; dyspraxia;"
    " a speech delay; juvenile arthritis; sickle cell disease; cystic fibrosis; chronic ear infections")

_HAIR_LEN = _split("short; long; shoulder-length; cropped; waist-length; chin-length")
_HAIR_TEX = _split("curly; straight; wavy; coily; frizzy; thick; thinning")
_HAIR_COLOR = _split("red; black; blonde; auburn; brown; grey; silver; jet-black; strawberry-blond; platinum-blond;"
                     " dark brown; light brown; dyed blue; salt-and-pepper")
_EYES = _split("blue; green; hazel; brown; grey; amber; dark brown; pale blue; grey-green")
_WHERE = _split("above the left eyebrow; on the right cheek; across the chin; on the left forearm; on the back of the neck;"
                " on the right wrist; along the jawline; on the left hand; over the right knee; below the left eye;"
                " on the forehead; on the left shoulder; across the upper lip; on the right ankle")
_TATTOO = _split("a rose; a compass; a koi fish; a swallow; a wolf; a lotus flower; an anchor; a dragon; a mandala;"
                 " a hummingbird; a small heart; a pine tree; a skull; a crescent moon; a tiger")


def physical_features() -> tuple[str, ...]:
    """All generated physical-feature phrases (hundreds), with article markers."""
    out: list[str] = []
    for length in _HAIR_LEN:
        for tex in _HAIR_TEX[:5]:
            for color in _HAIR_COLOR:
                out.append(f"{length} {tex} {color} hair")
    for color in _EYES:
        out.append(f"{color} eyes")
    for where in _WHERE:
        out += [f"a scar {where}", f"a birthmark {where}", f"a mole {where}"]
        if "arm" in where or "wrist" in where or "shoulder" in where or "ankle" in where or "neck" in where or "hand" in where:
            out += [f"a tattoo of {t} {where}" for t in _TATTOO[:6]]
    out += [f"a tattoo of {t} on the {side} {part}" for t in _TATTOO for side in ("left", "right")
            for part in ("arm", "calf", "shoulder blade")]
    out += list(_split(
        "freckles; dimples; a gap between the front teeth; a nose ring; a septum piercing; a full sleeve tattoo on the left arm;"
        " a port-wine stain on the neck; a cleft chin; a crooked nose; a shaved head; dreadlocks; a buzz cut; box braids;"
        " an athletic build; a slim build; a stocky build; olive skin; pale skin; heterochromia; a lazy eye;"
        " a prominent scar on the upper lip; stretched earlobes; a lip piercing; a unibrow; a receding hairline;"
        " bright red hair; a burn scar on the left hand; a prosthetic eye; vitiligo patches on the hands"))
    return tuple(out)


MALE_FEATURES = _split("a full beard; a thick mustache; a goatee; a long ginger beard; a neatly trimmed beard;"
                       " a grey beard; mutton chops; a handlebar mustache")
