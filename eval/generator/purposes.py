"""Purpose requests: a task that needs every fact of one kind group of one person.

Situations (situations.py) need one fact. Many real requests name a task whose
answer draws on several facts at once without naming any of them: "Is my visa
application missing anything?" needs the passport number, date of birth,
nationality, job, employer and income the text gives; "Plan a safe training
week for me" needs the age, height, weight and conditions. A relevance model
trained on one-to-three named facts keeps too little for such requests, so
with `purpose` > 0 queries.make_query sometimes phrases the query as such a
task; the gold query-related set is every fact of the purpose's kinds that the
chosen person has in the text (at least two).

Each purpose lists the fact kinds (facts.KINDS keys) its task genuinely
depends on and family-split request templates with the cues' placeholders
({s} subject, {o} object, {p} possessive, {be}/{have}, {q} pronoun possessive).
"""

from __future__ import annotations

from dataclasses import dataclass

from .families import Pool, pool


@dataclass(frozen=True)
class Purpose:
    kinds: frozenset[str]
    requests: Pool


_RAW: dict[str, tuple[str, list[str], list[str], list[str]]] = {
    "fitness": ("age gender height weight condition condition_duration disability",
                ["Plan a safe three-day training week for {o}.", "Put together a beginner gym routine that suits {o}.",
                 "How should {s} build up to a half marathon safely?", "Draft a realistic weight-training plan for {o}.",
                 "What sports would be sensible for {o} to take up?"],
                ["Suggest a weekly exercise plan that fits {o}.", "Design a home workout {s} can stick to.",
                 "Is a couch-to-5k programme a good idea for {o}?"],
                ["Outline a safe fitness routine for {o}.", "What would a personal trainer put in {p} first month?",
                 "Could {s} take up rowing, and how should {s} start?"]),
    "medical_form": ("age birth_date gender blood_type condition condition_duration disability clinic",
                     ["Help {o} fill in the pre-op questionnaire.", "Fill in the health section of {p} new-patient form.",
                      "What should go on {p} medical history form?", "Complete the medical part of {p} travel insurance form."],
                     ["Prepare {p} answers for the health questionnaire.", "Help {o} with the medical form for the new GP."],
                     ["Draft {p} health declaration for the insurer.", "Fill in the medical questions on {p} registration form."]),
    "visa": ("passport nationality birth_date occupation employer income",
             ["Is {p} visa application missing anything obvious?", "Help {o} fill in the visa form for the UK trip.",
              "Check {p} travel visa application before it goes off.", "What should {s} put on the visa application?"],
             ["Go over {p} visa paperwork and tell {o} what is missing.", "Help {o} prepare the visa application."],
             ["Review {p} visa application for gaps.", "Fill in the entry visa form for {o}."]),
    "mortgage": ("income expenses balance loan bonus credit_score debt_ratio credit_limit",
                 ["Would {s} pass a mortgage affordability check?", "How much could {s} borrow for a first home?",
                  "Would {s} be in good shape to apply for a mortgage now?", "Work out whether a bank would lend to {o}."],
                 ["Could {s} get a loan approved right now?", "Assess how ready {s} {be} for a mortgage application."],
                 ["Would a lender approve {o} for a home loan?", "Check whether {s} can afford to buy a flat."]),
    "cv": ("occupation employer former_employer job_start tenure degree alma_mater education_level graduation",
           ["Update {p} CV for a new job application.", "Write a cover letter for {o} for a similar role elsewhere.",
            "Draft {p} LinkedIn summary.", "Write a short professional bio for {o}."],
           ["Polish {p} résumé for the next application.", "Write {p} 'about me' for a job board profile."],
           ["Rewrite {p} CV summary for a recruiter.", "Draft a cover letter for {o}."]),
    "rental": ("income occupation employer credit_score move_in residence_duration",
               ["Fill in the rental application for {o}.", "Would a letting agent accept {o} as a tenant?",
                "Help {o} answer the landlord's tenant questionnaire."],
               ["Prepare {p} answers for the flat application.", "Would {s} pass the tenant referencing?"],
               ["Complete the tenancy application for {o}.", "Would a landlord rent to {o}?"]),
    "tax": ("income bonus tax_id tax_payment ss_payment investment_return",
            ["Help {o} do the tax return.", "Double-check {p} tax position for this year.",
             "Fill in {p} self-assessment for this year."],
            ["Check {p} tax return before filing.", "Work through {p} annual tax return with {o}."],
            ["Prepare {p} tax filing.", "Does {p} tax bill look right?"]),
    "account_recovery": ("email phone ip_address password_hash",
                         ["Help {o} get the hacked account back.", "Write to the platform's support to recover {p} account.",
                          "Someone got into {p} account; what should {s} tell support?"],
                         ["Draft {p} account recovery request.", "Help {o} report the break-in to the website."],
                         ["Write the support ticket to restore {p} locked account.", "Help {o} regain access to {p} login."]),
    "delivery": ("address city phone email landmark",
                 ["Fill in the delivery details for {p} order.", "Write the courier instructions for {o}.",
                  "Complete the shipping form for {o}."],
                 ["Prepare the delivery section of {p} order.", "Help {o} set up the grocery delivery."],
                 ["Fill in where the parcel should go for {o}.", "Write the delivery note for {p} furniture order."]),
    "study_application": ("degree alma_mater graduation education_level school_current student_id",
                          ["Help {o} fill in the master's application.", "Write the education section of {p} grad school form.",
                           "Would {s} be eligible for the postgraduate course, and what should {s} write?"],
                          ["Prepare {p} university application.", "Help {o} apply for the scholarship."],
                          ["Complete the academic history part of {p} application.", "Draft {p} statement for the exchange programme."]),
    "week_plan": ("appointment_date appointment_time shift_time",
                  ["Plan {p} week around what is already booked.", "When can {s} fit in a dentist visit this week?"],
                  ["Sort out {p} diary for the coming days."],
                  ["Organise {p} week so nothing clashes."]),
}

PURPOSES: dict[str, Purpose] = {key: Purpose(frozenset(kinds.split()), pool(f"purpose.{key}", train, dev, test))
                                 for key, (kinds, train, dev, test) in _RAW.items()}
