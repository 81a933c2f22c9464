"""Situational requests: a query that needs a fact without referring to it at all.

Cues (cues.py) still point at the fact ("what my job brings in each month"). Real
chat requests often do not: "I have diabetes. What should I eat for breakfast?"
asks for a breakfast, and a useful answer needs the condition. A relevance model
trained only on references masks such facts, so with `situational` > 0
queries.make_query sometimes phrases the request as a situation that needs one
fact of the document (the gold query-related set is that fact).

A situation names neither the fact's kind nor its value, so it only fits facts
whose kind a plain task genuinely depends on (a diet depends on a condition, a
visa on a nationality, an affordable rent on an income). Placeholders are the
cues' ({s} subject, {o} object, {p} possessive, {be}/{have}). Every pool is
family-split, like all phrasing.
"""

from __future__ import annotations

from .families import pool

_RAW: dict[str, tuple[list[str], list[str], list[str]]] = {
    "condition": (["What should {s} eat for breakfast this week?", "Is it fine for {o} to skip lunch on busy days?",
                   "Can {s} have a glass of wine at the wedding on Saturday?", "Plan a gentle weekly workout for {o}.",
                   "Which snacks should {s} pack for a long hike?"],
                  ["What would be a good dinner for {o} tonight?", "Is a week of fasting a sensible idea for {o}?",
                   "Suggest a sports club {s} could join."],
                  ["Which breakfast cereals should {s} avoid?", "Can {s} join the 10k charity run next month?",
                   "What should {s} order at a steakhouse?"]),
    "disability": (["Which museums in town would be easy for {o} to visit?", "Plan a day trip {s} can manage comfortably.",
                    "What kind of desk setup would help {o} at work?", "Suggest a holiday that would work well for {o}."],
                   ["Which concert venues should {s} pick for a night out?", "How should {s} plan the commute to the new office?"],
                   ["What should {s} ask the hotel before booking?", "Which hobbies would suit {o} this winter?"]),
    "age": (["Which vaccinations should {s} be thinking about this year?", "Is {p} resting heart rate of 85 normal?",
             "What health screenings should {s} book?", "How much sleep should {s} get each night?"],
            ["What pension contributions make sense for {o} at this stage?", "Which sports are realistic for {o} to take up?"],
            ["What reading level of books suits {o}?", "How long should {p} daily screen time be?"]),
    "weight": (["How many calories a day should {s} aim for?", "How much protein should {s} eat daily?",
                "Is a 5 km run a day too much for {o}?", "What dose of ibuprofen is safe for {o}?"],
               ["How much water should {s} drink on a hot day?", "What size of bike frame should {s} get?"],
               ["How long will it take {o} to burn off a pizza?", "Which paddleboard can carry {o}?"]),
    "height": (["What size of bike should {s} buy?", "Which length of skis fits {o}?",
                "Will {s} fit comfortably in a compact car on a long drive?"],
               ["How long should {p} running stride be?", "How high should {p} standing desk be set?"],
               ["What mattress length should {s} order?", "Which wetsuit size should {s} try on?"]),
    "blood_type": (["Can {s} donate blood to a friend who needs a transfusion?", "Which donors would be compatible with {o}?"],
                   ["Could {s} give blood to {q} cousin before the operation?"],
                   ["Who in an emergency could give blood to {o}?"]),
    "nationality": (["Will {s} need a visa for a week in Japan?", "Which countries can {s} travel to without a visa?",
                     "Can {s} work in Canada on a holiday visa?", "Which embassy should {s} contact if {q} wallet is stolen abroad?"],
                    ["Will {s} need to register with the police after moving to Berlin?", "Can {s} vote in the local elections here?"],
                    ["What paperwork will {s} need to study in Australia?", "Is an e-visa enough for {o} to visit India?"]),
    "religion": (["What should {s} keep in mind when planning meals for a work trip?", "Which dates should {s} avoid for the wedding?",
                  "Suggest a dinner menu {s} could serve to {q} in-laws.", "Which holidays should {s} ask for off at work?"],
                 ["What food can {s} order at the conference dinner?", "When should {s} schedule the family gathering this spring?"],
                 ["What should {s} bring to the neighbours' celebration?", "Which days should {s} keep free next month?"]),
    "income": (["How much rent can {s} realistically afford?", "How much should {s} put into a pension each month?",
                "Which tax bracket will {s} fall into?", "Can {s} afford a car loan of 300 a month?"],
               ["How big a mortgage could {s} get approved for?", "What should {p} monthly budget look like?"],
               ["How much can {s} save for a deposit per year?", "Is a 1,200 a month flat within reach for {o}?"]),
    "expenses": (["Where can {s} cut back to save 200 a month?", "Can {s} afford to go part-time?"],
                 ["How big an emergency fund should {s} keep?"],
                 ["Is a gym membership of 60 a month affordable for {o}?"]),
    "balance": (["Can {s} afford a 2,000 holiday this summer?", "Should {s} pay the deposit for the car now or wait?",
                 "Can {s} cover a surprise dentist bill of 900?"],
                ["Is it safe for {o} to quit {q} job next month?", "Can {s} lend {q} brother 1,500?"],
                ["Can {s} buy a new laptop outright this week?", "How many months could {s} live without a salary?"]),
    "loan": (["Should {s} overpay or invest spare cash?", "How soon could {s} be free of repayments at 400 a month?"],
             ["Is refinancing worth it for {o}?"],
             ["Should {s} consolidate before applying for a credit card?"]),
    "credit_score": (["Will {s} get approved for a mortgage this year?", "Is now a good time for {o} to apply for a credit card?",
                      "What interest rate can {s} expect on a car loan?"],
                     ["Will the landlord's background check be a problem for {o}?"],
                     ["Can {s} get a phone contract without a deposit?"]),
    "occupation": (["Write a LinkedIn headline for {o}.", "Draft a short bio for {p} conference badge.",
                    "Which professional insurance should {s} take out?", "What should {s} wear to a networking event?"],
                   ["Write an intro for {o} at the school careers day.", "What certifications could help {o} get promoted?"],
                   ["Suggest a two-sentence pitch {s} can use at parties.", "Which trade fairs should {s} attend this year?"]),
    "employer": (["Draft {p} out-of-office reply.", "Write an email signature for {o}."],
                 ["Who should {s} ask about parental leave?"],
                 ["Write the 'about me' line for {p} work profile."]),
    "degree": (["Which master's programmes would suit {o}?", "Which entry-level roles should {s} apply for?"],
               ["Write the education line of {p} CV."],
               ["What further study would build on {p} background?"]),
    "city": (["What's the weather going to be like for {o} this weekend?", "Recommend a good sushi place near {o}.",
              "Which local council services can {s} use?", "What time is sunset for {o} today?"],
             ["Find a yoga class {s} could walk to.", "What are fun things for {o} to do this Saturday?"],
             ["Which supermarkets deliver to {o}?", "Suggest a running club close to {o}."]),
    "address": (["How long will it take {o} to get to the airport by train?", "Which bin day applies to {p} street?",
                 "Which school catchment area {be} {s} in?"],
                ["Is there a late-night pharmacy within walking distance of {o}?"],
                ["What's the quickest cycle route from {p} door to the city centre?"]),
    "shift_time": (["When can {s} fit in a gym session on weekdays?", "Which evening class could {s} realistically attend?"],
                   ["What time should {s} go to bed to get eight hours?"],
                   ["When is the best time for {o} to call the bank?"]),
    "appointment_date": (["Can {s} still go on the trip to Lisbon next month?", "Should {s} book the flights for the 10th?"],
                         ["Is it worth booking a haircut this week or after?"],
                         ["Which days next week should {s} keep free?"]),
    "gender": (["Which cancer screenings should {s} schedule?", "What's a healthy body-fat range for {o}?"],
               ["Which changing room should {s} expect at the new pool?"],
               ["What recommended daily iron intake applies to {o}?"]),
    "orientation": (["Suggest a dating app that would suit {o}.", "Write a dating profile opener for {o}."],
                    ["Which social clubs in the city might {s} enjoy?"],
                    ["Help {o} write a bio for a dating site."]),
    "education_level": (["Which jobs can {s} apply for right now?", "Could {s} get into a master's programme?"],
                        ["What courses would help {o} change careers?"],
                        ["Which scholarships could {s} qualify for?"]),
}

SITUATIONS = {key: pool(f"situation.{key}", *lists) for key, lists in _RAW.items()}
