"""Document styles for one person (resume, intake form, forum post, chat...):
which facts they tend to carry, in which voice and layout, and their
family-split framing pieces (headers, greetings, sign-offs)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .families import Pool, pool


@dataclass(frozen=True)
class Style:
    name: str
    person: int                      # 1 = the user writes about themself, 3 = about someone else
    layout: str                      # prose | form | letter | chat | bio | resume
    casual: float                    # chance of informal register (lowercase, typos)
    groups: dict[str, float]
    boosts: dict[str, float] = field(default_factory=dict)
    header: Pool | None = None
    closer: Pool | None = None
    role_short: str = ""             # how a third-person subject is re-mentioned ("the patient")
    name_label: str = "Name"
    notes: Pool | None = None
    categories: tuple[str, ...] = ()  # query scenarios this style invites


def _p(name: str, train: list[str], dev: list[str], test: list[str]) -> Pool:
    return pool(f"style.{name}", train, dev, test)


ALL = {"identity": 0.4, "demographics": 1.0, "contact": 1.0, "work": 1.0, "education": 0.8, "health": 0.8,
       "finance": 0.8, "housing": 0.4, "ids": 0.4}


def _w(**kw: float) -> dict[str, float]:
    return {**ALL, **kw}


STYLES: tuple[Style, ...] = (
    Style("self_intro", 1, "prose", 0.3, _w(demographics=2, work=2),
          header=_p("self_intro.open", ["Hi everyone!", "Hello!", "A bit about me:"], ["Hey all,", "Quick intro:"],
                    ["Greetings!", "Let me introduce myself."]),
          closer=_p("self_intro.close", ["Nice to meet you all!", "Happy to be here."], ["Looking forward to chatting."],
                    ["That's me in a nutshell.", "Say hi anytime!"])),
    Style("assistant_context", 1, "prose", 0.25, _w(finance=1.5, health=1.5, housing=0.8),
          header=_p("assistant.open", ["Some context about me before my question:", "Background info:"],
                    ["Here's my situation:", "Context first:"], ["A few facts about me:", "So you know who you're helping:"])),
    Style("forum_post", 1, "prose", 0.7, _w(demographics=1.5, health=1.5, finance=1.5, housing=1.0),
          header=_p("forum.title", ["[Advice] Need help figuring this out", "Long-time lurker, first post"],
                    ["Throwaway account, need advice", "Question for the group"],
                    ["Not sure where else to ask", "Any thoughts? (long post)"]),
          closer=_p("forum.close", ["Any advice appreciated!", "Thanks in advance."], ["Would love some input.", "TIA"],
                    ["Be kind, please.", "Cheers for reading."])),
    Style("chat_message", 1, "chat", 0.9, _w(contact=1.5, identity=0.8)),
    Style("dating_profile", 1, "bio", 0.8, _w(demographics=3, identity=1.2, work=1.5, ids=0.0, finance=0.2),
          boosts={"orientation": 3, "height": 2, "religion": 2, "political_view": 2, "handle": 2},
          header=_p("dating.head", ["About me", "My profile"], ["Bio", "A little about me"], ["Who I am", "The basics"])),
    Style("social_profile", 1, "bio", 0.7, _w(demographics=2, identity=2, ids=0.0, finance=0.2),
          boosts={"handle": 3, "city": 2, "occupation": 2}),
    Style("application_letter", 1, "letter", 0.0, _w(work=3, education=2.5, contact=2, demographics=0.5, health=0.2, finance=0.3),
          header=_p("letter.greet", ["Dear Hiring Manager,", "To whom it may concern,"], ["Dear Sir or Madam,", "Dear recruitment team,"],
                    ["Good afternoon,", "Dear selection committee,"]),
          closer=_p("letter.signoff", ["Sincerely,", "Best regards,"], ["Kind regards,", "Yours faithfully,"], ["Warm wishes,", "Respectfully,"]),
          categories=("career",)),
    Style("resume", 1, "resume", 0.0, _w(work=3, education=3, contact=2.5, ids=0.3, health=0.1, finance=0.2),
          boosts={"phone": 2, "email": 2, "degree": 2, "alma_mater": 2}, categories=("career", "education")),
    Style("employee_record", 3, "form", 0.0, _w(work=3, ids=2, contact=2, finance=1),
          boosts={"employee_id": 4, "bank_account": 2, "ssn": 2, "tax_id": 2},
          header=_p("employee.head", ["EMPLOYEE RECORD", "Staff file"], ["Personnel record", "HR profile"],
                    ["Employee data sheet", "Team member details"]),
          notes=_p("employee.notes", ["Notes:", "HR notes:"], ["Remarks:"], ["Manager comments:"]),
          role_short="the employee", name_label="Employee", categories=("career", "financial")),
    Style("medical_intake", 3, "form", 0.0, _w(health=4, demographics=3, contact=1.5, ids=0.6, finance=0.2, work=0.6),
          boosts={"blood_type": 3, "height": 2, "weight": 2, "condition": 3, "clinic": 2, "disability": 2},
          header=_p("medical.head", ["PATIENT INTAKE FORM", "New patient registration"], ["Clinical intake", "Patient questionnaire"],
                    ["Admission summary", "Patient details"]),
          notes=_p("medical.notes", ["Clinical notes:", "Notes:"], ["Observations:"], ["Nurse's summary:"]),
          role_short="the patient", name_label="Patient", categories=("medical",)),
    Style("loan_application", 1, "form", 0.0, _w(finance=4, ids=2, work=2, contact=1.5, housing=1, health=0.1),
          boosts={"ssn": 2, "tax_id": 2, "bank_account": 2, "credit_score": 3, "income": 3},
          header=_p("loan.head", ["LOAN APPLICATION", "Mortgage application form"], ["Credit application", "Personal loan request"],
                    ["Borrower information", "Financing request"]),
          notes=_p("loan.notes", ["Statement:", "Applicant statement:"], ["Additional information:"], ["In my own words:"]),
          name_label="Applicant", categories=("financial", "housing")),
    Style("rental_application", 1, "form", 0.0, _w(housing=3, finance=2.5, work=1.5, contact=1.5, ids=0.8),
          boosts={"address": 3, "move_in": 2, "income": 2, "credit_score": 2},
          header=_p("rental.head", ["Rental application"], ["Tenancy application"], ["Apartment application form"]),
          notes=_p("rental.notes", ["About me:"], ["Why I'd be a good tenant:"], ["A note to the landlord:"]),
          name_label="Applicant", categories=("housing", "financial")),
    Style("support_ticket", 1, "prose", 0.3, _w(ids=3, contact=2, demographics=0.3, health=0.1, education=0.2),
          boosts={"ip_address": 5, "password_hash": 5, "email": 3, "phone": 2, "credit_card": 1.5},
          header=_p("ticket.head", ["Support ticket: can't log in", "Subject: account problem"], ["Account issue report"],
                    ["Help request — account locked", "Re: suspicious login"]), categories=("personal", "legal")),
    Style("profile_3rd", 3, "prose", 0.0, _w(work=2.5, education=2, demographics=1.5, contact=0.5, ids=0.0, finance=0.3),
          header=_p("profile.head", ["About the author", "Staff spotlight"], ["Meet the team", "Member profile"],
                    ["Speaker bio", "Volunteer of the month"]), role_short="", categories=("career", "education", "personal")),
    Style("diary", 1, "prose", 0.8, _w(health=2, finance=1.5, demographics=1, ids=0.1),
          header=_p("diary.head", ["Dear diary,"], ["Journal entry"], ["Notes to self"])),
    Style("case_note", 3, "prose", 0.0, _w(ids=1.5, demographics=2, health=1.5, finance=1.5, housing=1),
          header=_p("case.head", ["Case notes", "Client intake notes"], ["Intake summary"], ["Client file summary"]),
          role_short="the client", categories=("legal", "financial", "housing")),
)
STYLE_WEIGHTS = {"self_intro": 1.2, "assistant_context": 1.6, "forum_post": 1.2, "chat_message": 1.0, "dating_profile": 0.7,
                 "social_profile": 0.6, "application_letter": 0.8, "resume": 0.8, "employee_record": 0.7,
                 "medical_intake": 0.9, "loan_application": 0.8, "rental_application": 0.6, "support_ticket": 0.5,
                 "profile_3rd": 0.8, "diary": 0.6, "case_note": 0.7}

RESUME_SECTIONS = {
    "contact": _p("resume.contact", ["CONTACT DETAILS", "Contact"], ["Contact info"], ["Get in touch"]),
    "work": _p("resume.work", ["WORK EXPERIENCE", "Experience"], ["Employment history"], ["Career so far"]),
    "education": _p("resume.education", ["EDUCATION", "Education & training"], ["Qualifications"], ["Studies"]),
    "summary": _p("resume.summary", ["PROFILE", "Summary"], ["Personal statement"], ["In short"]),
}
LETTER_OPENING = _p("letter.opening", ["I am writing to apply for the open position on your team.",
                                       "I would like to apply for the role advertised on your website."],
                    ["Please accept this letter as my application for the role."],
                    ["I would like to be considered for the vacancy you advertised."])
