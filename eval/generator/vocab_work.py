"""Occupations with the education, field, employer kind and pay band they imply,
so a generated person's job, degree, employer and income agree."""

from __future__ import annotations

from dataclasses import dataclass

# title | minimum education level (1 school .. 5 doctorate) | fields | employer kind | pay band 1..6
# employer kinds: C company, H healthcare, E education, G government, N NGO, S self-employed
_OCCUPATIONS = """
software engineer|3|Computer Science;Software Engineering;Mathematics|C|5
data scientist|4|Statistics;Computer Science;Mathematics;Physics|C|5
data analyst|3|Statistics;Economics;Mathematics;Business Administration|C|4
web developer|2|Computer Science;Graphic Design|C|4
DevOps engineer|3|Computer Science;Information Technology|C|5
IT support technician|2|Information Technology|C|2
cybersecurity analyst|3|Computer Science;Information Technology|C|5
UX designer|3|Graphic Design;Psychology;Human-Computer Interaction|C|4
graphic designer|3|Graphic Design;Fine Arts|C|3
product manager|3|Business Administration;Computer Science;Economics|C|5
project manager|3|Business Administration;Civil Engineering;Management|C|4
accountant|3|Accounting;Finance|C|4
financial analyst|3|Finance;Economics;Accounting|C|5
bank teller|1|Business Administration|C|2
loan officer|3|Finance;Business Administration|C|4
insurance agent|2|Business Administration|C|3
actuary|3|Mathematics;Statistics;Actuarial Science|C|5
investment banker|4|Finance;Economics|C|6
auditor|3|Accounting|C|4
tax advisor|3|Accounting;Law|C|4
marketing manager|3|Marketing;Business Administration;Communications|C|5
marketing coordinator|3|Marketing;Communications|C|3
sales representative|1|Business Administration;Marketing|C|3
real estate agent|2|Business Administration|C|3
HR manager|3|Human Resources Management;Psychology;Business Administration|C|4
recruiter|3|Human Resources Management;Psychology|C|3
management consultant|4|Business Administration;Economics|C|6
operations manager|3|Business Administration;Industrial Engineering|C|5
logistics coordinator|2|Supply Chain Management;Business Administration|C|3
supply chain analyst|3|Supply Chain Management;Industrial Engineering|C|4
customer service representative|1|Communications|C|2
call center agent|1|Communications|C|1
office administrator|1|Business Administration|C|2
executive assistant|2|Business Administration;Communications|C|3
receptionist|1|Business Administration|C|1
paralegal|2|Legal Studies;Law|C|3
lawyer|5|Law|C|6
corporate lawyer|5|Law|C|6
public defender|5|Law|G|4
judge|5|Law|G|6
police officer|1|Criminal Justice|G|3
firefighter|1|Fire Science|G|3
paramedic|2|Emergency Medical Services|H|3
registered nurse|3|Nursing|H|4
pediatric nurse|3|Nursing|H|4
ICU nurse|3|Nursing|H|4
nurse practitioner|4|Nursing|H|5
midwife|3|Midwifery;Nursing|H|4
physician|5|Medicine|H|6
general practitioner|5|Medicine|H|6
surgeon|5|Medicine|H|6
pediatrician|5|Medicine|H|6
psychiatrist|5|Medicine|H|6
anesthesiologist|5|Medicine|H|6
dentist|5|Dentistry|H|6
dental hygienist|2|Dental Hygiene|H|3
pharmacist|5|Pharmacy|H|5
physiotherapist|3|Physiotherapy|H|4
occupational therapist|4|Occupational Therapy|H|4
speech therapist|4|Speech-Language Pathology|H|4
radiographer|3|Radiography|H|4
lab technician|2|Biology;Chemistry;Biomedical Science|H|3
medical receptionist|1|Health Information Management|H|2
care worker|1|Social Care|H|1
home health aide|1|Social Care|H|1
veterinarian|5|Veterinary Medicine|C|5
veterinary nurse|2|Veterinary Nursing|C|2
clinical psychologist|5|Psychology|H|5
social worker|3|Social Work|G|3
family counselor|4|Counseling;Psychology|N|3
primary school teacher|3|Education;Primary Education|E|3
high school teacher|3|Education;Mathematics;History;English Literature;Biology;Chemistry;Physics|E|3
special education teacher|3|Special Education;Education|E|3
kindergarten teacher|3|Early Childhood Education|E|2
teaching assistant|1|Education|E|1
school principal|4|Education;Educational Leadership|E|5
university lecturer|5|History;Physics;Economics;Sociology;Computer Science;Philosophy;Linguistics;Biology|E|4
professor|5|Physics;Chemistry;Economics;History;Computer Science;Mathematics;Sociology;Biology;Philosophy|E|5
research scientist|5|Biology;Chemistry;Physics;Biochemistry;Neuroscience|E|4
postdoctoral researcher|5|Biology;Chemistry;Physics;Neuroscience;Computer Science|E|3
librarian|4|Library Science;Information Science|E|3
school counselor|4|Counseling;Education|E|3
civil engineer|3|Civil Engineering|C|5
mechanical engineer|3|Mechanical Engineering|C|5
electrical engineer|3|Electrical Engineering|C|5
chemical engineer|3|Chemical Engineering|C|5
aerospace engineer|3|Aerospace Engineering|C|5
environmental engineer|3|Environmental Engineering;Environmental Science|C|4
architect|4|Architecture|C|5
urban planner|4|Urban Planning;Geography|G|4
land surveyor|3|Geomatics;Civil Engineering|C|4
electrician|1|Electrical Installation|S|3
plumber|1|Plumbing|S|3
carpenter|1|Carpentry|S|3
welder|1|Welding|C|3
car mechanic|1|Automotive Technology|C|2
HVAC technician|2|HVAC Technology|C|3
construction worker|1|Construction Management|C|2
site foreman|1|Construction Management|C|3
truck driver|1|Logistics|C|3
bus driver|1|Logistics|G|2
delivery driver|1|Logistics|C|2
taxi driver|1|Logistics|S|2
airline pilot|3|Aviation|C|6
flight attendant|1|Hospitality Management|C|3
air traffic controller|2|Aviation|G|5
chef|1|Culinary Arts|C|3
line cook|1|Culinary Arts|C|1
pastry chef|1|Baking and Pastry Arts|C|2
baker|1|Baking and Pastry Arts|S|2
barista|1|Hospitality Management|C|1
waiter|1|Hospitality Management|C|1
bartender|1|Hospitality Management|C|1
hotel manager|3|Hospitality Management|C|4
retail store manager|1|Business Administration|C|3
cashier|1|Business Administration|C|1
warehouse worker|1|Logistics|C|1
farmer|1|Agriculture|S|2
agronomist|3|Agronomy;Agriculture|C|4
journalist|3|Journalism;Communications;English Literature|C|3
editor|3|English Literature;Journalism;Communications|C|3
copywriter|3|English Literature;Marketing;Communications|C|3
translator|3|Linguistics;Translation Studies|S|3
photographer|2|Photography;Fine Arts|S|2
video editor|2|Film Studies|C|3
session musician|2|Music|S|2
music teacher|3|Music;Music Education|E|2
stage actor|2|Drama;Theatre Studies|S|2
film director|3|Film Studies|S|4
fashion designer|3|Fashion Design|C|3
interior designer|3|Interior Design|S|3
tattoo artist|1|Fine Arts|S|2
hairdresser|1|Cosmetology|S|2
personal trainer|1|Sports Science;Kinesiology|S|2
professional footballer|1|Sports Science|C|6
civil servant|3|Public Administration;Political Science|G|3
policy analyst|4|Public Policy;Political Science;Economics|G|4
diplomat|4|International Relations;Political Science|G|5
immigration officer|3|Criminal Justice;Public Administration|G|3
customs officer|2|Criminal Justice|G|3
tax inspector|3|Accounting;Economics|G|4
postal worker|1|Logistics|G|2
council clerk|2|Public Administration|G|2
army sergeant|1|Military Science|G|2
army officer|3|Military Science;History|G|4
program manager|3|Social Work;Public Policy;International Development|N|3
fundraising coordinator|3|Communications;Marketing|N|2
community organizer|3|Sociology;Political Science|N|2
humanitarian aid worker|3|International Development;Public Health|N|3
public health researcher|4|Public Health;Epidemiology|N|4
volunteer coordinator|2|Social Work;Communications|N|2
entrepreneur|2|Business Administration;Economics|S|5
small business owner|1|Business Administration|S|4
freelance web designer|2|Graphic Design;Computer Science|S|3
freelance writer|3|English Literature;Journalism|S|2
independent consultant|3|Business Administration;Economics|S|5
biotech researcher|4|Biochemistry;Biology;Molecular Biology|C|5
chemist|3|Chemistry|C|4
pharmacologist|5|Pharmacology|C|5
geologist|3|Geology|C|4
marine biologist|4|Marine Biology;Biology|N|3
statistician|4|Statistics|G|4
economist|4|Economics|G|5
machine learning engineer|4|Computer Science;Mathematics;Statistics|C|6
game developer|3|Computer Science;Game Design|C|4
mobile app developer|3|Computer Science;Software Engineering|C|4
database administrator|3|Information Technology;Computer Science|C|4
network engineer|3|Information Technology;Electrical Engineering|C|4
QA tester|2|Computer Science;Information Technology|C|3
technical writer|3|English Literature;Communications;Computer Science|C|4
security guard|1|Criminal Justice|C|1
janitor|1|Facilities Management|C|1
house cleaner|1|Facilities Management|S|1
nanny|1|Early Childhood Education|S|1
dog walker|1|Animal Care|S|1
gardener|1|Horticulture|S|1
landscape architect|4|Landscape Architecture|C|4
optometrist|5|Optometry|H|5
dietitian|3|Nutrition and Dietetics|H|3
medical coder|2|Health Information Management|H|3
hospital administrator|4|Health Administration;Business Administration|H|5
clinical research coordinator|3|Biology;Public Health;Nursing|H|3
sonographer|2|Diagnostic Medical Sonography|H|4
phlebotomist|1|Phlebotomy|H|2
respiratory therapist|2|Respiratory Therapy|H|3
massage therapist|1|Massage Therapy|S|2
yoga instructor|1|Kinesiology|S|1
event planner|2|Hospitality Management;Communications|S|3
travel agent|1|Tourism Management|C|2
tour guide|1|History;Tourism Management|S|1
museum curator|4|Art History;History|N|3
archivist|4|History;Library Science|G|3
social media manager|3|Marketing;Communications|C|3
public relations specialist|3|Communications;Public Relations|C|4
UX researcher|4|Psychology;Human-Computer Interaction|C|5
apprentice electrician|1|Electrical Installation|C|1
shop assistant|1|Business Administration|C|1
bookkeeper|2|Accounting|S|2
payroll specialist|2|Accounting;Human Resources Management|C|3
procurement officer|3|Supply Chain Management;Business Administration|G|3
claims adjuster|2|Business Administration|C|3
mortgage advisor|2|Finance|C|4
stockbroker|3|Finance;Economics|C|6
court reporter|2|Legal Studies|G|3
probation officer|3|Criminal Justice;Social Work|G|3
prison officer|1|Criminal Justice|G|2
"""

ARTS_FIELDS = frozenset({
    "History", "English Literature", "Philosophy", "Sociology", "Political Science", "Linguistics", "Journalism",
    "Communications", "Fine Arts", "Art History", "Music", "Drama", "Film Studies", "International Relations",
    "Education", "Translation Studies", "Theatre Studies", "Social Work", "Public Relations", "Primary Education",
    "Early Childhood Education", "Special Education", "Music Education", "Legal Studies", "Public Administration",
})

STUDENT_FIELDS = ("Computer Science", "Biology", "Economics", "Psychology", "Mechanical Engineering", "Law", "Medicine",
                  "Nursing", "History", "English Literature", "Business Administration", "Architecture", "Chemistry",
                  "Political Science", "Mathematics", "Graphic Design", "Music", "Physics", "Sociology", "Pharmacy",
                  "Civil Engineering", "Environmental Science", "Journalism", "Philosophy", "Data Science", "Marketing")


@dataclass(frozen=True)
class Occupation:
    title: str
    min_level: int
    fields: tuple[str, ...]
    employer_kind: str
    band: int


OCCUPATIONS: tuple[Occupation, ...] = tuple(
    Occupation(t, int(lvl), tuple(f for f in fields.split(";") if f), org, int(band))
    for t, lvl, fields, org, band in (line.split("|") for line in _OCCUPATIONS.strip().splitlines())
)

EMPLOYER_TAG = {"C": "Company Name", "H": "Healthcare Facility", "E": "Educational Institution",
                "G": "Government Agency", "N": "NGO"}

# monthly pay in US-equivalent dollars
PAY_BANDS = {1: (1700, 2700), 2: (2500, 3700), 3: (3400, 5200), 4: (4700, 7200), 5: (6400, 10500), 6: (9500, 18000)}

EDUCATION_LEVELS: dict[int, tuple[str, ...]] = {
    # "a " marks a countable noun phrase, "~" an adjective
    1: ("a high school diploma", "a secondary school education", "~high-school educated", "a GED"),
    2: ("some college", "an associate degree", "vocational training", "a trade school certificate",
        "a community college diploma", "a two-year technical diploma"),
    3: ("a bachelor's degree", "an undergraduate degree", "a university degree", "~college-educated",
        "a college degree", "~university-educated"),
    4: ("a master's degree", "a graduate degree", "a postgraduate degree", "postgraduate education", "~postgraduate-educated"),
    5: ("a doctorate", "a doctoral degree", "doctoral-level education"),
}

LOCAL_SCHOOL_LEVELS: dict[str, dict[int, tuple[str, ...]]] = {
    "GB": {1: ("A-levels", "GCSEs"), 2: ("a BTEC", "an HND")},
    "DE": {1: ("the Abitur", "a Realschulabschluss"), 2: ("an Ausbildung", "a Meister certificate")},
    "FR": {1: ("the baccalauréat", "the bac"), 2: ("a BTS", "a DUT")},
    "IN": {1: ("Class 12", "higher secondary education"), 2: ("an ITI diploma", "a polytechnic diploma")},
    "AU": {1: ("a Year 12 certificate", "the HSC"), 2: ("a TAFE diploma", "a Certificate IV")},
    "ES": {1: ("the bachillerato",), 2: ("a formación profesional diploma",)},
    "IT": {1: ("the diploma di maturità",), 2: ("an ITS diploma",)},
    "BR": {1: ("ensino médio",), 2: ("a curso técnico",)},
    "NL": {1: ("a VWO diploma", "a HAVO diploma"), 2: ("an MBO diploma",)},
    "NG": {1: ("a WAEC certificate", "an SSCE"), 2: ("an OND", "an HND")},
    "MX": {1: ("preparatoria",), 2: ("a técnico superior diploma",)},
}

STUDENT_TITLES = ("{field} student", "undergraduate student", "graduate student", "PhD student", "exchange student",
                  "part-time student", "{field} major", "master's student", "first-year {field} student",
                  "final-year {field} student")

RETIRED_TITLES = ("retired {occ}", "retiree", "pensioner", "retired {occ}", "former {occ}")
