"""Organization names per country: real well-known ones plus composable
patterns ("{city} General Hospital"), so names are both familiar and unbounded.
"the " marks names used with a definite article; it is never part of the span."""

from __future__ import annotations


def _split(text: str) -> tuple[str, ...]:
    return tuple(s.strip() for s in text.split(";") if s.strip())


UNIVERSITIES = {
    "US": _split("Stanford University; MIT; Harvard University; the University of Michigan; UCLA; Ohio State University;"
                 " the University of Texas at Austin; Georgia Tech; NYU; Columbia University; the University of Washington;"
                 " Arizona State University; Penn State; Boston University; Rutgers University; Purdue University;"
                 " the University of Florida; Northwestern University; Duke University; UC Berkeley; Howard University;"
                 " Temple University; the University of Minnesota; Spelman College; Carnegie Mellon University"),
    "GB": _split("the University of Leeds; the University of Manchester; King's College London; UCL; the University of Edinburgh;"
                 " the University of Bristol; Imperial College London; the University of Oxford; the University of Cambridge;"
                 " Durham University; the University of Glasgow; Cardiff University; the Open University; Queen's University Belfast;"
                 " the University of Sheffield; Newcastle University; the LSE; the University of Warwick; Goldsmiths"),
    "IN": _split("IIT Bombay; IIT Delhi; IIT Madras; the University of Delhi; Jawaharlal Nehru University; BITS Pilani;"
                 " Anna University; Jadavpur University; the University of Mumbai; Manipal University; IISc Bangalore;"
                 " Savitribai Phule Pune University; Osmania University; Christ University; St. Stephen's College"),
    "DE": _split("LMU Munich; TU Munich; Heidelberg University; Humboldt University of Berlin; the Free University of Berlin;"
                 " RWTH Aachen; the University of Hamburg; the University of Cologne; TU Berlin; Goethe University Frankfurt;"
                 " the University of Freiburg; TU Dresden; the University of Göttingen; KIT"),
    "FR": _split("Sorbonne University; Sciences Po; the École Polytechnique; Université Paris Cité; the University of Lyon;"
                 " Aix-Marseille University; the University of Strasbourg; HEC Paris; the University of Bordeaux;"
                 " the University of Toulouse; ENS Paris; the University of Lille; Université Grenoble Alpes"),
    "ES": _split("the Complutense University of Madrid; the University of Barcelona; the Autonomous University of Madrid;"
                 " Pompeu Fabra University; the University of Valencia; the University of Seville; the University of Granada;"
                 " IE University; the University of the Basque Country; the University of Salamanca; ESADE"),
    "IT": _split("the University of Bologna; Sapienza University of Rome; Politecnico di Milano; Bocconi University;"
                 " the University of Padua; the University of Milan; the University of Turin; the University of Florence;"
                 " the University of Naples Federico II; the University of Pisa"),
    "BR": _split("the University of São Paulo; USP; Unicamp; UFRJ; the Federal University of Minas Gerais; PUC-Rio;"
                 " the Federal University of Rio Grande do Sul; UnB; the Federal University of Pernambuco; FGV"),
    "NL": _split("the University of Amsterdam; Leiden University; Utrecht University; TU Delft; Erasmus University Rotterdam;"
                 " the University of Groningen; Radboud University; Maastricht University; Eindhoven University of Technology"),
    "JP": _split("the University of Tokyo; Kyoto University; Osaka University; Waseda University; Keio University;"
                 " Tohoku University; Nagoya University; Hokkaido University; Sophia University; Hitotsubashi University"),
    "CA": _split("the University of Toronto; McGill University; UBC; the University of Alberta; McMaster University;"
                 " the University of Waterloo; Queen's University; Dalhousie University; Concordia University;"
                 " the University of Ottawa; York University; Simon Fraser University"),
    "AU": _split("the University of Melbourne; the University of Sydney; UNSW; Monash University; ANU;"
                 " the University of Queensland; the University of Adelaide; RMIT; Macquarie University; UTS;"
                 " Curtin University; Deakin University"),
    "NG": _split("the University of Lagos; the University of Ibadan; Obafemi Awolowo University; the University of Nigeria, Nsukka;"
                 " Ahmadu Bello University; Covenant University; the University of Benin; Lagos State University;"
                 " the University of Port Harcourt"),
    "MX": _split("UNAM; Tecnológico de Monterrey; the Universidad de Guadalajara; IPN; ITAM; the Universidad Iberoamericana;"
                 " the Universidad Autónoma de Nuevo León; UAM; BUAP"),
}

SCHOOL_PATTERNS = {
    "US": _split("{city} Community College; St. {saint} High School; {surname} Elementary School; {city} Central High School;"
                 " {surname} Middle School; {city} Technical College; Lincoln High School; Roosevelt Elementary"),
    "GB": _split("{city} College; St {saint}'s Catholic Primary School; {city} Grammar School; {surname} Academy;"
                 " {city} Sixth Form College; St {saint}'s C of E School"),
    "IN": _split("Delhi Public School; Kendriya Vidyalaya {city}; St. Xavier's School; {city} Public School;"
                 " the {surname} Institute of Technology; DAV Public School"),
    "DE": _split("Goethe-Gymnasium; Gymnasium {city}-Mitte; the Schiller-Gymnasium; Grundschule am {surname}park;"
                 " Hochschule {city}; the {city} University of Applied Sciences"),
    "FR": _split("Lycée Victor Hugo; Lycée Jean Moulin; Collège {surname}; Lycée Henri-IV; IUT de {city}; École primaire {surname}"),
    "ES": _split("IES {surname}; Colegio San {saint}; IES Cervantes; Escuela {surname}; Colegio Santa María"),
    "IT": _split("Liceo {surname}; Liceo Classico Dante Alighieri; Istituto Tecnico {surname}; Scuola Primaria {surname}"),
    "BR": _split("Escola Estadual {surname}; Colégio {saint}; Colégio Pedro II; ETEC {city}; Escola Municipal {surname}"),
    "NL": _split("Het {surname} College; {city} Lyceum; Basisschool De Regenboog; Hogeschool {city}; the {city} ROC"),
    "JP": _split("{city} Municipal High School; {city} Daiichi Junior High; {surname} Gakuen; {city} Technical College"),
    "CA": _split("{city} Collegiate Institute; St. {saint} Catholic Secondary School; {surname} Public School; {city} Polytechnic"),
    "AU": _split("{city} High School; St {saint}'s College; {city} TAFE; {surname} Primary School; {city} Grammar School"),
    "NG": _split("King's College Lagos; Queen's College; {city} Federal Government College; {surname} Grammar School;"
                 " Yaba College of Technology"),
    "MX": _split("Preparatoria {surname}; Colegio {saint}; Secundaria Técnica {surname}; CONALEP {city}"),
}

GOVERNMENT = {
    "US": _split("the Internal Revenue Service; the IRS; the Social Security Administration; the DMV;"
                 " the Department of Motor Vehicles; USCIS; the Department of Veterans Affairs; the VA; the Department of Labor;"
                 " FEMA; the Small Business Administration; HUD; the Census Bureau; the CDC; the FDA; the National Park Service;"
                 " the U.S. Postal Service; the Department of Education; the FAA; the EPA; the {city} Police Department;"
                 " the {city} Housing Authority; the {city} Department of Public Health; the {region} Department of Revenue;"
                 " the {city} Department of Public Works"),
    "GB": _split("HMRC; HM Revenue & Customs; the DWP; the Department for Work and Pensions; the DVLA; the Home Office;"
                 " HM Passport Office; Companies House; the Environment Agency; the Ministry of Defence; the ONS; Ofsted;"
                 " HM Land Registry; {city} City Council; Transport for London; the Metropolitan Police; the NHS Business Services Authority"),
    "IN": _split("the Income Tax Department; UIDAI; the RTO; the Regional Transport Office; EPFO; the Ministry of External Affairs;"
                 " the Municipal Corporation of Greater Mumbai; BBMP; the Reserve Bank of India; the Election Commission of India;"
                 " CBSE; Indian Railways; the {city} Municipal Corporation; the {city} Police"),
    "DE": _split("the Finanzamt {city}; the Bundesagentur für Arbeit; the Federal Employment Agency; BAMF; the Ausländerbehörde {city};"
                 " the Deutsche Rentenversicherung; the Bürgeramt {city}; the Federal Statistical Office; the Kraftfahrt-Bundesamt;"
                 " the Jobcenter {city}"),
    "FR": _split("the CAF; France Travail; URSSAF; the DGFiP; the Préfecture de police; the CPAM; the Assurance Maladie;"
                 " the Mairie de {city}; the Préfecture de {city}; the CNAV; Pôle emploi"),
    "ES": _split("the Agencia Tributaria; the Seguridad Social; the SEPE; the DGT; the Ayuntamiento de {city}; the Policía Nacional;"
                 " Hacienda; the Oficina de Extranjería"),
    "IT": _split("the Agenzia delle Entrate; INPS; the Comune di {city}; the Motorizzazione Civile; the Questura di {city};"
                 " the Ministry of the Interior; the ASL"),
    "BR": _split("the Receita Federal; INSS; Detran-SP; Detran-RJ; the Polícia Federal; the Prefeitura de {city}; the Ministry of Health;"
                 " the Tribunal Superior Eleitoral"),
    "NL": _split("the Belastingdienst; UWV; the IND; the RDW; DUO; the Gemeente {city}; the SVB; the Dutch Tax Administration"),
    "JP": _split("the National Tax Agency; the Japan Pension Service; the Immigration Services Agency; the Tokyo Metropolitan Government;"
                 " {city} City Office; the Ministry of Health, Labour and Welfare; Hello Work; the {city} Ward Office"),
    "CA": _split("the Canada Revenue Agency; the CRA; Service Canada; IRCC; ServiceOntario; Statistics Canada;"
                 " the Canada Border Services Agency; the City of {city}; the RCMP; ICBC"),
    "AU": _split("the Australian Taxation Office; the ATO; Services Australia; Centrelink; the Department of Home Affairs;"
                 " Service NSW; VicRoads; the Fair Work Ombudsman; the {city} City Council"),
    "NG": _split("the Federal Inland Revenue Service; FIRS; the Lagos State Internal Revenue Service; the Nigeria Immigration Service;"
                 " the Federal Road Safety Corps; NIMC; INEC; the Central Bank of Nigeria; the {city} Local Government Secretariat"),
    "MX": _split("the SAT; the IMSS; INFONAVIT; the Secretaría de Relaciones Exteriores; the INE; the ISSSTE;"
                 " the Gobierno de {city}"),
}

NGOS = _split(
    "the Red Cross; Doctors Without Borders; Médecins Sans Frontières; Habitat for Humanity; Oxfam; Save the Children;"
    " UNICEF; the World Wildlife Fund; WWF; Amnesty International; Greenpeace; CARE International; Mercy Corps;"
    " the International Rescue Committee; Feeding America; United Way; Big Brothers Big Sisters; the Salvation Army;"
    " Goodwill Industries; Meals on Wheels; Teach For America; Teach First; Shelter; Mind; Macmillan Cancer Support;"
    " Cancer Research UK; Age UK; the Samaritans; Crisis; the RSPCA; Barnardo's; the Alzheimer's Society; Terre des Hommes;"
    " Caritas; Emmaus; the Restos du Cœur; the Secours Populaire; the Tafel; Welthungerhilfe; the Malteser; Cáritas Española;"
    " Fundación ONCE; Emergency; Legambiente; the Community of Sant'Egidio; the Akshaya Patra Foundation; Pratham; Goonj;"
    " the Smile Foundation; CRY; the Gates Foundation; the Ford Foundation; the Wikimedia Foundation; the Mozilla Foundation;"
    " the Electronic Frontier Foundation; the ACLU; the Sierra Club; the Nature Conservancy; the Make-A-Wish Foundation;"
    " Special Olympics; Rotary International; Lions Clubs International; Kiva; charity: water; Girls Who Code; Code.org;"
    " Khan Academy; Room to Read; Plan International; SOS Children's Villages; Heifer International; Direct Relief;"
    " Partners In Health; Amref Health Africa; the Fundação Abrinq; the Instituto Ayrton Senna; the Movember Foundation;"
    " Beyond Blue; the Smith Family; the Fred Hollows Foundation; the Canadian Cancer Society; Kids Help Phone;"
    " the Lagos Food Bank Initiative; the Slum Dwellers International; the Trussell Trust; the Bhumi Foundation;"
    " Cruz Vermelha Brasileira; Médicos del Mundo; the Ronald McDonald House; the Humane Society; the ASPCA;"
    " the Boys & Girls Clubs; the YMCA; Oxfam Novib; the Dutch Council for Refugees; Stichting Vluchteling;"
    " Second Harvest Japan; the Japan Platform; Fundación Teletón; Un Kilo de Ayuda")
NGO_PATTERNS = _split(
    "the {city} Food Bank; {city} Animal Rescue; Friends of {city} Library; the {surname} Family Foundation;"
    " the {city} Literacy Project; the {city} Refugee Support Network; {city} Youth Alliance; the {city} Women's Shelter;"
    " {city} Habitat Restoration Trust; the {surname} Children's Fund; {city} Community Kitchen; the {city} Hospice Trust;"
    " {city} Tenants' Union; the {city} Mutual Aid Network; {city} Pride Collective; the {surname} Scholarship Trust")

HOSPITALS = {
    "US": _split("Mayo Clinic; Cleveland Clinic; Johns Hopkins Hospital; Massachusetts General Hospital; Mount Sinai Hospital;"
                 " NewYork-Presbyterian; Cedars-Sinai Medical Center; UCSF Medical Center; Kaiser Permanente;"
                 " MD Anderson Cancer Center; Boston Children's Hospital; Stanford Health Care; Northwestern Memorial Hospital;"
                 " Brigham and Women's Hospital; Duke University Hospital; St. Jude Children's Research Hospital; CVS MinuteClinic"),
    "GB": _split("Guy's and St Thomas'; Great Ormond Street Hospital; St Mary's Hospital; the Royal Free Hospital;"
                 " Addenbrooke's Hospital; the John Radcliffe Hospital; Manchester Royal Infirmary; the Royal Infirmary of Edinburgh;"
                 " Queen Elizabeth Hospital Birmingham; Moorfields Eye Hospital; St James's University Hospital; the Royal Marsden"),
    "IN": _split("AIIMS Delhi; Apollo Hospitals; Fortis Hospital; Tata Memorial Hospital; CMC Vellore; Manipal Hospital;"
                 " Narayana Health City; Kokilaben Dhirubhai Ambani Hospital; Max Super Speciality Hospital; Lilavati Hospital"),
    "DE": _split("the Charité; University Hospital Heidelberg; Klinikum rechts der Isar; the Vivantes Klinikum Neukölln;"
                 " the Universitätsklinikum Hamburg-Eppendorf; University Hospital Cologne; the Helios Klinikum"),
    "FR": _split("the Pitié-Salpêtrière Hospital; Necker Hospital; the Hospices Civils de Lyon; Hôpital Européen Georges-Pompidou;"
                 " the CHU de Bordeaux; the CHU de Toulouse; Hôpital de la Timone; the Institut Curie"),
    "ES": _split("Hospital Clínic de Barcelona; Hospital Universitario La Paz; Hospital Gregorio Marañón;"
                 " Hospital Vall d'Hebron; Hospital Virgen del Rocío; Clínica Universidad de Navarra"),
    "IT": _split("the Niguarda Hospital; the Policlinico Gemelli; the Humanitas Research Hospital; the Ospedale San Raffaele;"
                 " the Careggi University Hospital; the Policlinico Umberto I"),
    "BR": _split("Hospital Israelita Albert Einstein; Hospital Sírio-Libanês; Hospital das Clínicas; Hospital Moinhos de Vento;"
                 " Hospital Copa D'Or; Santa Casa de Misericórdia"),
    "NL": _split("Amsterdam UMC; Erasmus MC; UMC Utrecht; the LUMC; Radboudumc; the Onze Lieve Vrouwe Gasthuis; Maastricht UMC+"),
    "JP": _split("St. Luke's International Hospital; the University of Tokyo Hospital; Keio University Hospital;"
                 " Kyoto University Hospital; Osaka University Hospital; Toranomon Hospital"),
    "CA": _split("Toronto General Hospital; SickKids; the Hospital for Sick Children; Vancouver General Hospital;"
                 " the Montreal General Hospital; Foothills Medical Centre; Sunnybrook Health Sciences Centre; the Ottawa Hospital"),
    "AU": _split("the Royal Melbourne Hospital; Royal Prince Alfred Hospital; the Alfred Hospital; Westmead Hospital;"
                 " the Royal Brisbane and Women's Hospital; Fiona Stanley Hospital; St Vincent's Hospital Sydney"),
    "NG": _split("the Lagos University Teaching Hospital; LUTH; Reddington Hospital; the National Hospital Abuja;"
                 " University College Hospital Ibadan; Lagoon Hospitals; Eko Hospital"),
    "MX": _split("Hospital Ángeles; the Instituto Nacional de Cardiología; Médica Sur; Hospital ABC; Hospital Civil de Guadalajara;"
                 " Hospital San José TecSalud"),
}
CLINIC_PATTERNS = _split(
    "{city} General Hospital; St. {saint}'s Hospital; the {city} Community Health Center; {surname} Family Practice;"
    " {city} Medical Center; {surname} Dental Clinic; {city} Physiotherapy Clinic; {city} Urgent Care; {surname} Eye Clinic;"
    " the {city} Women's Health Clinic; {city} Mental Health Center; {surname} Pediatrics; {city} Sleep Clinic;"
    " the {surname} Dermatology Group; {city} Fertility Centre; {city} Rehabilitation Hospital; {surname} Orthopedics;"
    " the {city} Cancer Centre; Riverside Medical Practice; Lakeside Health Clinic; Northgate Surgery; Parkview Hospital")

REAL_COMPANIES = {
    "US": _split("Google; Amazon; Microsoft; Walmart; Target; Starbucks; Deloitte; Accenture; JPMorgan Chase; Wells Fargo;"
                 " UPS; FedEx; Home Depot; Costco; Salesforce; Boeing; Pfizer; Netflix; Meta; Apple; IBM; Kroger; Chipotle"),
    "GB": _split("Tesco; Barclays; HSBC; Unilever; BP; Sainsbury's; Lloyds Banking Group; the BBC; Rolls-Royce; Vodafone;"
                 " BT Group; Marks & Spencer; Deliveroo; Monzo; Pret A Manger; John Lewis; Boots"),
    "IN": _split("Infosys; Tata Consultancy Services; TCS; Wipro; Reliance Industries; Flipkart; HDFC Bank; ICICI Bank; HCLTech;"
                 " Zomato; Swiggy; Mahindra & Mahindra; Larsen & Toubro; Bharti Airtel; Paytm"),
    "DE": _split("Siemens; SAP; Bosch; Volkswagen; BMW; Deutsche Bahn; Allianz; Lufthansa; Zalando; Deutsche Telekom; BASF;"
                 " Bayer; Adidas; Aldi Süd; Lidl; Commerzbank"),
    "FR": _split("L'Oréal; Airbus; Renault; BNP Paribas; TotalEnergies; Carrefour; Danone; Orange; Michelin; Decathlon;"
                 " Société Générale; Capgemini; LVMH; SNCF; Doctolib"),
    "ES": _split("Inditex; Telefónica; Banco Santander; BBVA; Iberdrola; Mercadona; El Corte Inglés; Repsol; CaixaBank;"
                 " Glovo; Mapfre; Seat"),
    "IT": _split("Eni; Enel; Stellantis; Ferrari; Intesa Sanpaolo; UniCredit; Luxottica; Barilla; Pirelli; Generali;"
                 " Ferrero; Poste Italiane"),
    "BR": _split("Petrobras; Itaú Unibanco; Banco do Brasil; Natura; Magazine Luiza; Embraer; Vale; Nubank; Ambev;"
                 " Bradesco; iFood; Grupo Boticário"),
    "NL": _split("Philips; ING; Heineken; ASML; Booking.com; Shell; Ahold Delhaize; Albert Heijn; Rabobank; KLM;"
                 " Adyen; Coolblue; bol.com"),
    "JP": _split("Toyota; Sony; Rakuten; Hitachi; Panasonic; Nintendo; Uniqlo; Fast Retailing; SoftBank; Honda;"
                 " Mitsubishi UFJ; Canon; Seven-Eleven Japan"),
    "CA": _split("Shopify; Royal Bank of Canada; RBC; TD Bank; Tim Hortons; Loblaw; Bombardier; Air Canada; Rogers;"
                 " Canadian Tire; Lululemon; Manulife"),
    "AU": _split("Atlassian; Woolworths; Commonwealth Bank; Canva; BHP; Telstra; Qantas; Westpac; Coles; Bunnings;"
                 " Afterpay; Wesfarmers"),
    "NG": _split("Dangote Group; MTN Nigeria; Access Bank; GTBank; Flutterwave; Paystack; Zenith Bank; Jumia;"
                 " Nigerian Breweries; Andela; First Bank of Nigeria; Interswitch"),
    "MX": _split("Cemex; Grupo Bimbo; FEMSA; Telcel; América Movil; Banorte; Liverpool; OXXO; Grupo Modelo; Bimbo;"
                 " Mercado Libre; Aeroméxico"),
}

_BRAND_HEAD = _split("Blue; North; Bright; Silver; Green; Iron; Summit; Cedar; Harbor; Apex; Nova; Orbit; Pine; River;"
                     " Stone; Sun; Terra; Vertex; Zen; Maple; Lumen; Quantum; Atlas; Copper; Falcon; Tidal; Crescent;"
                     " Evergreen; Granite; Horizon; Juniper; Keystone; Meridian; Oak; Pioneer; Redwood; Sterling")
_BRAND_TAIL = _split("wave; point; field; line; stack; leaf; bridge; path; gate; forge; works; light; peak; ridge; stream;"
                     " craft; hive; rock; bay; well")
_BRAND_KIND = _split("Analytics; Logistics; Solutions; Labs; Health; Foods; Systems; Media; Partners; Consulting; Energy;"
                     " Robotics; Capital; Software; Interactive; Insurance; Builders; Pharmaceuticals; Design Studio;"
                     " Technologies; Financial; Motors; Textiles; Realty; Security; Biotech; Airlines; Telecom; Games")
COMPANY_SUFFIX = {"US": ("Inc.", "LLC", "Corp."), "GB": ("Ltd", "plc"), "DE": ("GmbH", "AG"), "FR": ("SAS", "SA"),
                  "ES": ("S.L.", "S.A."), "IT": ("S.p.A.", "S.r.l."), "BR": ("Ltda.", "S.A."), "NL": ("B.V.", "N.V."),
                  "JP": ("Co., Ltd.", "K.K."), "CA": ("Inc.", "Ltd."), "AU": ("Pty Ltd",), "NG": ("Ltd", "Plc"),
                  "MX": ("S.A. de C.V.",), "IN": ("Pvt. Ltd.", "Ltd.")}


def brand_name(head: str, tail: str, kind: str) -> str:
    return f"{head}{tail} {kind}"


BRAND_PARTS = (_BRAND_HEAD, _BRAND_TAIL, _BRAND_KIND)
SAINTS = _split("Mary; Joseph; Patrick; Andrew; Michael; Catherine; Anne; Luke; John; Francis; Teresa; George; Paul; Bernard")
