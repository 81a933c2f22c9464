"""Clause frames per fact kind, split into train/dev/test families.

A frame is a small clause ("{S} {work|works} as {a?} {V}"); documents are
composed from many of them joined by connectors, so no document is a fixed
template. Frames with `@key` tokens render two facts at once. The families
never share a frame: test text uses sentence shapes the detector and the
relevance model never saw in training. Token syntax: see render.py.
"""

from __future__ import annotations

import re

from .families import Pool, pool

FRAMES: dict[tuple[str, str], Pool] = {}


def _f(key: str, form: str, train: list[str], dev: list[str], test: list[str]) -> None:
    FRAMES[(key, form)] = pool(f"frame.{key}.{form or 'any'}", train, dev, test)


def frame_keys(template: str) -> set[str]:
    """The other facts a frame renders (`{@key}` tokens)."""
    return set(re.findall(r"\{@(\w+)\}", template))


def has_subject(template: str) -> bool:
    return any(t in template for t in ("{S}", "{S_be}", "{P}"))


# ----------------------------------------------------------------------------- identity
_f("name", "", [
    "my name is {V}", "I'm {V}", "{V} here", "I am {V}", "my name's {V}",
], [
    "this is {V}", "name's {V}", "I'm called {V}", "{V} writing",
], [
    "the name is {V}", "{V}, that's me", "you're talking to {V}", "{V} speaking",
])
_f("nickname", "", [
    "{S} {go|goes} by {V}", "friends call {O} {V}", "everyone calls {O} {V}", "most people just call {O} {V}",
], [
    "{S} {prefer|prefers} {V}", "call {O} {V}", "{P} nickname is {V}",
], [
    "{P} friends know {O} as {V}", "{S} {answer|answers} to {V}", "{V} is what people call {O}",
])
_f("handle", "", [
    "{S} {post|posts} as {V}", "find {O} on Instagram at {V}", "{P} handle is {V}", "follow {O} at {V}",
], [
    "{S_be} {V} on Twitter", "DM {O} at {V}", "{P} username everywhere is {V}",
], [
    "{S} {run|runs} the account {V}", "look {O} up: {V}", "over on TikTok {S_be} {V}",
])
# ----------------------------------------------------------------------------- contact
_f("phone", "", [
    "{S} can be reached at {V}", "call {O} on {V}", "text {O} at {V}", "{P} cell is {V}",
], [
    "{S} {pick|picks} up at {V}", "ring {O} on {V}", "the number to reach {O} is {V}",
], [
    "{V} is the best number for {O}", "{S} {answer|answers} calls on {V}", "reach {O} via {V}",
])
_f("email", "", [
    "{S} can be emailed at {V}", "email {O} at {V}", "{P} email is {V}",
], [
    "{S} {check|checks} {V} daily", "write to {O} at {V}", "drop {O} a line at {V}",
], [
    "{P} inbox is {V}", "{S} {use|uses} {V} for everything", "mail for {O} goes to {V}",
])
_f("address", "", [
    "{S} {live|lives} at {V}", "{P} address is {V}", "[adult]{S} {rent|rents} a flat at {V}", "home for {O} is {V}",
], [
    "{S} {reside|resides} at {V}", "{P} place is at {V}", "post for {O} should go to {V}",
], [
    "{S} {have|has} been living at {V}", "{P} front door is at {V}", "{V} is where {S} {live|lives}",
])
_f("city", "", [
    "{S} {live|lives} in {V}", "{S_be} based in {V}", "{S} moved to {V} a few years back",
], [
    "{S} {call|calls} {V} home", "{S_be} settled in {V}", "{P} home base is {V}",
], [
    "{S_be} living in {V} these days", "{S} {stay|stays} in {V}", "{V} is where {S} {be} based",
])
_f("hometown", "", [
    "{S_be} originally from {V}", "{S} grew up in {V}", "{S} {was} born in {V}",
], [
    "{S} {come|comes} from {V}", "{S} {was} raised in {V}", "{P} family is from {V}",
], [
    "{P} roots are in {V}", "{V} is where {S} grew up", "{S} spent {P} childhood in {V}",
])
_f("landmark", "", [
    "{S} {live|lives} near {a?} {V}", "[adult]{P} flat overlooks {a?} {V}", "{S} {walk|walks} past {a?} {V} every day",
], [
    "{S} {work|works} just around the corner from {a?} {V}", "{P} place is a short walk from {a?} {V}",
], [
    "{S} can see {a?} {V} from {P} window", "{S} usually {meet|meets} friends by {a?} {V}", "{S_be} a few blocks from {a?} {V}",
])
# ----------------------------------------------------------------------------- identifiers
_f("ssn", "", [
    "{P} {N} is {V}", "{S} {have|has} {V} as {P} {N}",
], [
    "{S} {was} issued {N} {V}", "{N} for {O}: {V}",
], [
    "{S} gave {V} as {P} {N}", "{P} {N} (in case it's needed) is {V}",
])
_f("drivers_license", "", [
    "{P} {N} is {V}", "{S} {drive|drives} on license {V}",
], [
    "{S} {hold|holds} {N} {V}", "the {N} printed on {P} card is {V}",
], [
    "{P} licence card shows {V}", "{S} got {P} license renewed, number {V}",
])
_f("passport", "", [
    "{P} passport number is {V}", "{S} {travel|travels} on passport {V}",
], [
    "{P} passport no. is {V}", "the passport {S} {use|uses} is {V}",
], [
    "{P} passport reads {V}", "{S} just renewed {P} passport ({V})",
])
_f("tax_id", "", [
    "{P} {N} is {V}", "{S} {file|files} taxes under {V}",
], [
    "for tax purposes {S} {use|uses} {V}", "{P} {N} reads {V}",
], [
    "the tax office knows {O} as {V}", "{S} {have|has} {V} on every tax form",
])
_f("bank_account", "", [
    "{P} salary goes into account {V}", "{S} {bank|banks} with account {V}", "{P} {N} is {V}",
], [
    "payments to {O} go to {V}", "{S} {keep|keeps} a current account, {V}",
], [
    "the account {S} {use|uses} is {V}", "{S} {keep|keeps} {P} savings in {V}",
])
_f("credit_card", "", [
    "{S} {pay|pays} with the card {V}", "charge it to {P} card {V}",
], [
    "the card on file for {O} is {V}", "{S} {use|uses} card {V} for online shopping",
], [
    "{P} plastic reads {V}", "{S} {book|books} everything on {V}",
])
_f("ip_address", "", [
    "{S} {log|logs} in from {V}", "{P} router's public IP is {V}",
], [
    "the last login from {O} came from {V}", "{P} {N} shows as {V}",
], [
    "{S} {connect|connects} through {V}", "the server saw {O} at {V}",
])
_f("password_hash", "", [
    "the stored hash for {P} account is {V}", "{P} {N} is {V}",
], [
    "the database keeps {P} password as {V}", "{P} leaked {N} was {V}",
], [
    "{P} credentials hash to {V}", "the dump lists {O} with {V}",
])
_f("employee_id", "", [
    "{P} badge number is {V}", "{S} {clock|clocks} in with ID {V}", "{P} {N} is {V}",
], [
    "HR has {O} under {V}", "{P} staff number reads {V}",
], [
    "{S_be} on the payroll as {V}", "the ID on {P} lanyard says {V}",
])
_f("student_id", "", [
    "{P} student number is {V}", "{S_be} enrolled under {V}",
], [
    "{P} campus card says {V}", "the registrar has {O} as {V}",
], [
    "{P} {N} happens to be {V}", "{S} {sign|signs} exam sheets with {V}",
])
# ----------------------------------------------------------------------------- work
_f("occupation", "student", [
    "{S_be} {a?} {V}", "{S_be} {a?} {V} at the moment",
], [
    "{S_be} currently {a?} {V}",
], [
    "right now {S_be} {a?} {V}",
])
_f("occupation", "", [
    "{S} {work|works} as {a?} {V}", "{S_be} {a?} {V}", "by profession {S_be} {a?} {V}", "{S} {make|makes} a living as {a?} {V}",
    "{S} {work|works} as {a?} {V} at {a?} {@employer}", "{S_be} {a} {@age}-year-old {V}",
], [
    "{S} {earn|earns} {P} living as {a?} {V}", "{S_be} employed as {a?} {V}", "professionally, {S_be} {a?} {V}",
    "{S_be} {a?} {V} with {a?} {@employer}", "{S_be} {a?} {V}, {@age} years old",
], [
    "{S} {be} working as {a?} {V}", "{S_be} {a?} {V} by trade", "these days {S_be} {a?} {V}",
    "{S} {be} employed by {a?} {@employer} as {a?} {V}", "at {@age}, {S_be} {a?} {V}",
])
_f("employer", "", [
    "{S} {work|works} at {a?} {V}", "{S_be} employed by {a?} {V}", "{S} {have|has} a job at {a?} {V}",
    "{S} {have|has} been at {a?} {V} for {@tenure}",
], [
    "{S} {be} on the payroll at {a?} {V}", "{P} employer is {a?} {V}", "{S} {work|works} for {a?} {V}",
    "{S} joined {a?} {V} {@tenure} ago",
], [
    "{S} {be} with {a?} {V} now", "{a?} {V} is where {S} {work|works}", "{S} {put|puts} in the hours at {a?} {V}",
    "{S} {have|has} clocked {@tenure} at {a?} {V} so far",
])
_f("employer", "own", [
    "{S} {run|runs} {a?} {V}", "{S} {have|has} {P} own company, {V}",
], [
    "{S} {own|owns} {a?} {V}", "{S} set up {a?} {V} on {P} own",
], [
    "{S} started {P} own business, {V}", "{a?} {V} is {P} own little company",
])
_f("former_employer", "", [
    "{S} used to work at {a?} {V}", "{S} spent some years at {a?} {V} earlier in {P} career",
], [
    "{S} previously worked for {a?} {V}", "{S} left {a?} {V} a while ago",
], [
    "{P} old job was at {a?} {V}", "{S} spent a few years at {a?} {V} before this",
])
_f("job_start", "", [
    "{S} started {P} current job {prep} {V}", "{S} {have|has} been employed there since {V}", "{P} start date was {V}",
], [
    "{S} joined {prep} {V}", "{S} {have|has} been on staff since {V}",
], [
    "{P} first day there was {V}", "{S} came on board {prep} {V}",
])
_f("tenure", "", [
    "{S} {have|has} worked there for {V}", "{S} {have|has} been in the role for {V}",
], [
    "{S} {have|has} held the position for {V}", "that's {V} in the same job for {O}",
], [
    "{S} {have|has} spent {V} at the company", "[alone]{V} and counting in the same role",
])
_f("shift_time", "", [
    "{P} shift starts at {V}", "{S} {clock|clocks} in at {V}", "{S} {have|has} to be at work by {V}",
], [
    "{S} usually {start|starts} work at {V}", "work begins at {V} for {O}",
], [
    "{S_be} on shift from {V}", "{P} workday kicks off at {V}",
])
_f("volunteer_org", "", [
    "{S} {volunteer|volunteers} with {a?} {V}", "{S} {donate|donates} to {a?} {V} every month",
], [
    "on weekends {S} {help|helps} out at {a?} {V}", "{S_be} a volunteer at {a?} {V}",
], [
    "{S} {give|gives} time to {a?} {V}", "{S_be} a regular supporter of {a?} {V}", "{S_be} involved with {a?} {V}",
])
_f("agency_case", "", [
    "{S} {have|has} an open case with {a?} {V}", "{S} got a letter from {a?} {V}",
], [
    "{S_be} dealing with {a?} {V} over some paperwork", "{S} {have|has} a pending application at {a?} {V}",
], [
    "{a?} {V} still hasn't answered {P} request", "{S_be} in a dispute with {a?} {V}",
])
# ----------------------------------------------------------------------------- education
for _form in ("count", "name"):
    _f("education_level", _form, [
        "{S} {have|has} {a?} {V}", "{P} highest qualification is {a?} {V}",
    ], [
        "{S} came away with {a?} {V}", "education-wise, {S} {have|has} {a?} {V}",
    ], [
        "{S} completed {a?} {V}", "in terms of schooling, {S} {have|has} {a?} {V}",
    ])
_f("education_level", "mass", [
    "{S} {have|has} {V}", "{P} education stops at {V}",
], [
    "{S} did {V}", "schooling-wise {S} {have|has} {V}",
], [
    "{S} got as far as {V}", "{V} is as far as {S} went in school",
])
_f("education_level", "adj", [
    "{S_be} {V}", "{S_be} {V}, like most of {P} family",
], [
    "{S} would call {R} {V}",
], [
    "{S_be} {V}, if that matters", "you could say {S_be} {V}",
])
_f("degree", "done", [
    "{S} {have|has} {a?} {V}", "{S} {hold|holds} {a?} {V}", "{S} earned {a?} {V}", "{S} {have|has} {a?} {V} from {a?} {@alma_mater}",
], [
    "{S} graduated with {a?} {V}", "{S} finished {a?} {V}", "{S} graduated from {a?} {@alma_mater} with {a?} {V}",
], [
    "{S} went on to get {a?} {V}", "{P} qualification is {a?} {V}", "{S} picked up {a?} {V}", "{S} did {a?} {V} at {a?} {@alma_mater}",
])
_f("degree", "pursuing", [
    "{S_be} working towards {a?} {V}", "{S_be} studying for {a?} {V}", "{S_be} studying for {a?} {V} at {a?} {@school_current}",
], [
    "{S_be} halfway through {a?} {V}", "{S_be} in the second year of {a?} {V}",
], [
    "{S_be} doing {a?} {V}", "{S} should finish {P} {V} next year", "{S_be} doing {a?} {V} at {a?} {@school_current}",
])
_f("alma_mater", "", [
    "{S} studied at {a?} {V}", "{S} went to {a?} {V}", "{S} graduated from {a?} {V}",
], [
    "{S_be} an alum of {a?} {V}", "{S} did {P} studies at {a?} {V}",
], [
    "{P} alma mater is {a?} {V}", "{S} {have|has} a diploma from {a?} {V}", "back in the day {S} attended {a?} {V}",
])
_f("school_current", "", [
    "{S} {study|studies} at {a?} {V}", "{S} {go|goes} to {a?} {V}", "{S_be} enrolled at {a?} {V}",
], [
    "{S_be} a student at {a?} {V}", "{S} {attend|attends} {a?} {V}",
], [
    "{S_be} in classes at {a?} {V}", "{a?} {V} is where {S} {study|studies}", "{S} {take|takes} courses at {a?} {V}",
])
_f("graduation", "", [
    "{S} graduated {prep} {V}", "{S} finished {P} studies {prep} {V}",
], [
    "{S} got {P} diploma {prep} {V}", "{S} left school {prep} {V}",
], [
    "{P} graduation was {prep} {V}", "{S} wrapped up {P} schooling {prep} {V}",
])
# ----------------------------------------------------------------------------- demographics
_f("age", "", [
    "{S_be} {V}", "{S_be} {V} years old", "{S} just turned {V}", "{S_be} {V} this year",
], [
    "{S_be} {V} now", "{S_be} aged {V}", "{S} turned {V} recently",
], [
    "{S_be} {V} years of age", "{S_be} already {V}", "{S} {have|has} been around for {V} years",
])
_f("birth_date", "", [
    "{S} {was} born on {V}", "{P} date of birth is {V}", "{P} birthday is {V}",
], [
    "{S} came into the world on {V}", "{P} DOB is {V}",
], [
    "{V} is {P} date of birth", "{S} {was} born {V}",
])
_f("gender", "", [
    "{S} {identify|identifies} as {a?} {V}", "{S_be} {a?} {V}",
], [
    "gender-wise, {S_be} {a?} {V}",
], [
    "{S_be} {a?} {V}, for what it's worth", "in terms of gender, {S} {be} {a?} {V}",
])
_f("gender", "adj", [
    "{P} gender is {V}",
], [
    "{S} {describe|describes} {R} as {V}",
], [
    "{S} {list|lists} {P} gender as {V}",
])
_f("height", "", [
    "{S_be} {V} tall", "{S} {stand|stands} {V}", "{P} height is {V}", "{S_be} {V} and {weigh|weighs} {@weight}",
], [
    "{S} {measure|measures} {V}", "{S_be} about {V}", "{S_be} {V} tall with a weight of {@weight}",
], [
    "{S} {come|comes} in at {V}", "{S_be} {V} in height", "{S} {stand|stands} {V} and {tip|tips} the scales at {@weight}",
])
_f("weight", "", [
    "{S} {weigh|weighs} {V}", "{S} {weigh|weighs} about {V}",
], [
    "{S} {be} down to {V}", "{P} weight is {V}",
], [
    "{S} {tip|tips} the scales at {V}", "{S_be} sitting at {V} right now",
])
_f("blood_type", "", [
    "{P} blood type is {V}", "{S_be} {V}",
], [
    "{S} {have|has} {V} blood", "{P} blood group: {V}",
], [
    "{S_be} blood group {V}", "{V} is {P} blood type",
])
_f("orientation", "", [
    "{S_be} {V}", "{S} {identify|identifies} as {V}", "{S} came out as {V} years ago",
], [
    "{S} {be} openly {V}", "{S_be} {V} and proud of it",
], [
    "{S_be} {V}, and {P} family knows", "{S} {describe|describes} {P} orientation as {V}",
])
_f("nationality", "", [
    "{S_be} {V}", "{S} {hold|holds} {V} citizenship", "{S_be} {a} {V} citizen", "{S_be} {a} {@age}-year-old {V}",
], [
    "{S_be} {V} by nationality", "{P} passport is {V}",
], [
    "{S} {carry|carries} {a} {V} passport", "nationality-wise, {S_be} {V}", "{S_be} {a} {V} national",
])
_f("ethnicity", "", [
    "{S_be} of {V} descent", "ethnically, {S_be} {V}", "{S} {come|comes} from {a} {V} family",
], [
    "{P} background is {V}", "{S_be} {V} on both sides of the family",
], [
    "{S} {have|has} {V} roots", "{P} heritage is {V}", "{S} grew up in {a} {V} household",
])
_f("race", "", [
    "{S} {identify|identifies} as {V}", "racially, {S_be} {V}",
], [
    "{S_be} {V}, racially speaking", "{P} race is listed as {V}",
], [
    "{S} {tick|ticks} the {V} box on forms", "on forms {S} {put|puts} {V} for race",
])
_f("religion", "", [
    "{S_be} {a?} {V}", "{S} {was} raised {a?} {V}", "religion-wise, {S_be} {a?} {V}",
], [
    "faith-wise, {S_be} {a?} {V}", "{S} {consider|considers} {R} {a?} {V}",
], [
    "{S_be} {a?} {V} by faith", "when it comes to religion, {S_be} {a?} {V}", "{S} {have|has} always been {a?} {V}",
])
_f("party", "", [
    "{S} {vote|votes} for {a?} {V}", "{S_be} a member of {a?} {V}", "{S} {support|supports} {a?} {V}",
], [
    "{S_be} a card-carrying member of {a?} {V}", "{S} {canvass|canvasses} for {a?} {V}",
], [
    "{S} {have|has} always backed {a?} {V}", "{S} joined {a?} {V} last year", "{S} {lean|leans} towards {a?} {V}",
])
_f("political_view", "", [
    "{S_be} {a?} {V}", "politically, {S_be} {a?} {V}",
], [
    "{S} would call {R} {a?} {V}",
], [
    "{S} {have|has} long been {a?} {V}", "in politics {S_be} {a?} {V}",
])
_f("political_view", "adj", [
    "{S} {vote|votes} pretty {V}",
], [
    "{S_be} fairly {V}",
], [
    "{P} politics are {V}",
])
_f("physical", "", [
    "{S} {have|has} {a?} {V}", "{S} {have|has} {a?} {V} that people notice",
], [
    "{S_be} easy to spot with {a?} {V}", "you'll recognise {O} by {P} {V}",
], [
    "{S} {sport|sports} {a?} {V}", "one thing people remember about {O} is {P} {V}",
])
_f("disability", "adj", [
    "{S_be} {V}",
], [
    "{S} {have|has} been {V} since birth",
], [
    "{S_be} {V}, so accessibility matters to {O}",
])
_f("disability", "noun", [
    "{S_be} {a?} {V}",
], [
    "{S} {have|has} been {a?} {V} since the accident",
], [
    "{S} {live|lives} life as {a?} {V}",
])
_f("disability", "have", [
    "{S} {have|has} {a?} {V}",
], [
    "{S} {live|lives} with {a?} {V}",
], [
    "{S} {deal|deals} with {a?} {V}",
])
# ----------------------------------------------------------------------------- health
_f("condition", "", [
    "{S} {have|has} {a?} {V}", "{S} {was} diagnosed with {a?} {V}", "{S} {suffer|suffers} from {a?} {V}",
    "{S} {get|gets} treated for {a?} {V} at {a?} {@clinic}", "{S} {have|has} had {a?} {V} for {@condition_duration}",
], [
    "{S} {be} being treated for {a?} {V}", "{P} doctor confirmed {a?} {V}",
    "{S} {see|sees} a specialist at {a?} {@clinic} for {P} {V}", "{S} {have|has} been living with {a?} {V} for {@condition_duration}",
], [
    "{S} {manage|manages} {a?} {V}", "{S} found out {S} {have|has} {a?} {V}",
    "{a?} {@clinic} is handling {P} {V}", "{S} {have|has} coped with {a?} {V} for {@condition_duration}",
])
_f("condition_duration", "", [
    "the symptoms started {V} ago", "{S} {have|has} had symptoms for {V}",
], [
    "it's been going on for {V}", "{S} first noticed it {V} ago",
], [
    "[alone]{V} since the diagnosis", "{S} {have|has} been dealing with it for {V}",
])
_f("clinic", "", [
    "{S} {go|goes} to {a?} {V}", "{S_be} a patient at {a?} {V}", "{P} doctor is at {a?} {V}",
], [
    "{S} {get|gets} {P} care at {a?} {V}", "{S_be} registered with {a?} {V}",
], [
    "{S} {see|sees} someone at {a?} {V}", "{a?} {V} has {P} medical records",
])
_f("appointment_date", "", [
    "{S} {have|has} an appointment on {V}", "{P} next check-up is on {V}", "{S} {have|has} an appointment on {V} at {@appointment_time}",
], [
    "{S_be} booked in for {V}", "the doctor wants to see {O} on {V}", "{S_be} booked in for {V}, {@appointment_time}",
], [
    "{P} follow-up is scheduled for {V}", "{S} {go|goes} back in on {V}", "{P} follow-up is {V} at {@appointment_time}",
])
_f("appointment_time", "", [
    "the appointment is at {V}", "{S} {have|has} to be there at {V}",
], [
    "{S_be} seen at {V}", "{P} slot is at {V}",
], [
    "{S} should show up by {V}", "check-in for {O} is at {V}",
])
# ----------------------------------------------------------------------------- money
_f("income", "", [
    "{S} {earn|earns} {V} a month", "{S} {make|makes} about {V} per month", "{P} monthly income is {V}",
    "{S} {bring|brings} home {V} every month", "{S} {earn|earns} {V} a month and {spend|spends} about {@expenses}",
], [
    "{S} {take|takes} home {V} monthly", "{P} salary comes to {V} a month", "{S} {get|gets} paid {V} each month",
    "{S} {take|takes} home {V} monthly, of which {@expenses} goes on bills",
], [
    "{S} {pull|pulls} in {V} a month", "{V} lands in {P} account every month", "{P} monthly pay sits at around {V}",
    "with {V} coming in and {@expenses} going out each month, {S} {be} just about okay",
])
_f("expenses", "", [
    "{S} {spend|spends} around {V} a month", "{P} monthly expenses come to {V}", "rent and bills eat up {V} every month",
], [
    "{P} outgoings are roughly {V} per month", "{S} {need|needs} about {V} a month to get by",
], [
    "living costs run {O} about {V} a month", "{V} goes out every month on rent and bills", "{P} fixed costs add up to {V} monthly",
])
_f("balance", "", [
    "{S} {have|has} {V} in savings", "{P} account balance is {V}", "there's {V} in {P} checking account",
], [
    "{P} savings stand at {V}", "{S} {have|has} about {V} put aside",
], [
    "{S} {keep|keeps} {V} in the bank", "{P} balance currently shows {V}", "{S} {have|has} managed to save {V}",
])
_f("loan", "", [
    "{S} still {owe|owes} {V} on {P} {N}", "{S} took out {a} {N} of {V}", "{P} {N} balance is {V}",
    "{S} {owe|owes} {V} on a {N} with {@loan_term} to go",
], [
    "{S} {have|has} {V} left to pay on {P} {N}", "{P} outstanding {N} is {V}",
    "{P} {N} of {V} runs for {@loan_term}",
], [
    "there's {V} left on {P} {N}", "{S} {be} paying off {a} {N} worth {V}",
    "{S} signed {a} {N} for {V} over {@loan_term}",
])
_f("bonus", "", [
    "{S} got {a} {N} of {V} last year", "{P} annual bonus was {V}", "{S} {expect|expects} a bonus of {V} this year",
], [
    "{S} received {V} as a year-end bonus", "on top of the salary there's a bonus of {V}",
], [
    "{P} bonus came to {V} this year", "{S} pocketed {V} in bonuses last year",
])
_f("credit_limit", "", [
    "{P} credit limit is {V}", "{P} card has a limit of {V}",
], [
    "the bank gave {O} a {V} limit", "{S} can spend up to {V} on {P} card",
], [
    "{P} credit line tops out at {V}", "the limit on {P} card sits at {V}",
])
_f("ss_payment", "", [
    "{S} {receive|receives} {V} a month from {P} {N}", "{P} {N} is {V} per month",
], [
    "{S} {get|gets} {V} in {N} each month", "{P} monthly {N} comes to {V}",
], [
    "{S} {live|lives} on {P} {N} of {V}", "{V} arrives every month as {P} {N}",
])
_f("tax_payment", "", [
    "{S} paid {V} in taxes last year", "{P} {N} was {V}",
], [
    "{S} {owe|owes} {V} in tax this year", "{P} {N} came to {V}",
], [
    "the tax office wants {V} from {O}", "{S} handed over {V} to the taxman",
])
_f("debt_ratio", "", [
    "{P} debt-to-income ratio is {V}", "{P} DTI sits at {V}",
], [
    "debt eats {V} of {P} income", "{P} debt ratio is around {V}",
], [
    "roughly {V} of what {S} {earn|earns} goes to debt", "{P} DTI works out to {V}",
])
_f("investment_return", "rate", [
    "{P} portfolio returned {V} last year",
], [
    "{P} investments are up {V}",
], [
    "{S} made {V} on {P} investments",
])
_f("investment_return", "money", [
    "{S} made {V} from investments last year",
], [
    "{P} portfolio gained {V}",
], [
    "{P} investment income came to {V}",
])
_f("roi", "", [
    "{P} side business has an ROI of {V}", "the ROI on {P} rental flat is {V}",
], [
    "the flat {S} bought brings an ROI of {V}", "{P} return on investment was {V}",
], [
    "{S} {calculate|calculates} {P} ROI at {V}", "{P} little online shop returns {V} on what {S} put in",
])
_f("credit_score", "", [
    "{P} credit score is {V}", "{S} {have|has} a credit score of {V}",
], [
    "{P} credit rating sits at {V}", "the bureau has {O} at {V}",
], [
    "{S} checked {P} score: {V}", "{P} score with the credit agencies is {V}",
])
_f("loan_term", "", [
    "the loan runs for {V}", "{S} {have|has} {V} left to pay it off",
], [
    "{P} repayment period is {V}", "the term is {V}",
], [
    "{S} signed up for {V} of repayments", "{S} {be} paying it back over {V}",
])
# ----------------------------------------------------------------------------- housing
_f("move_in", "", [
    "{S} moved in {prep} {V}", "{S} {have|has} been in the current place since {V}",
], [
    "{S} got the keys {prep} {V}", "the lease started {prep} {V}",
], [
    "{P} move-in date was {V}", "{S} settled in {prep} {V}",
])
_f("residence_duration", "", [
    "{S} {have|has} lived there for {V}", "{S} {have|has} been at this address for {V}",
], [
    "{S} {have|has} rented the place for {V}", "that's {V} in the same flat",
], [
    "[alone]{V} in the neighbourhood so far", "{S} {have|has} called it home for {V}",
])

# Frames that fit any fact with a naming noun ("my IBAN is ...").
GENERIC_KINDS = frozenset({
    "ssn", "drivers_license", "passport", "tax_id", "bank_account", "credit_card", "ip_address", "password_hash",
    "employee_id", "student_id", "phone", "email", "address", "city", "hometown", "income", "expenses", "balance",
    "bonus", "credit_limit", "credit_score", "debt_ratio", "blood_type", "height", "weight", "birth_date", "ss_payment",
    "tax_payment", "employer", "clinic", "alma_mater", "school_current", "condition",
})
GENERIC = pool("frame.generic", [
    "{P} {N} is {a?} {V}", "{a?} {V} is {P} {N}",
], [
    "[code]{P} {N} reads {V}", "the {N} on file for {O} is {a?} {V}",
], [
    "as for {P} {N}, it's {a?} {V}", "{P} {N} would be {a?} {V}",
])
# the same, with an aside; used sparingly
GENERIC_ASIDE = pool("frame.generic_aside", [
    "{P} {N}, for the record, is {a?} {V}", "{P} {N} is {a?} {V}, in case you need it", "{P} {N} is {a?} {V} if anyone asks",
], [
    "[code]{P} {N} = {V}", "{P} {N} (if it matters) is {a?} {V}",
], [
    "{a?} {V} — that's {P} {N}", "noting {P} {N} here: {a?} {V}",
])
