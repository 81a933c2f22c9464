"""Queries: choose a scenario from the categories of the facts present, pick
1-3 facts (never a name), refer to them abstractly ("my take-home pay", "the
tenant's credit score") or, opt-in, implicitly (cues.py: "what my job brings in
each month") and phrase the question. The gold query-related set is exactly the
chosen facts' texts. Phrasings are family-split.

Template markers (stripped before use): [self] only when every referenced fact
is the user's own; [loc] only location facts; [money] only amounts.
"""

from __future__ import annotations

import re

from proxy.taxonomy import TYPE_OF_TAG

from .compose import Fact
from .cues import CUES, TASKS, render_cue
from .document import Doc, Owner
from .facts import KINDS
from .families import Ctx, Piece, Pool, pool
from .purposes import PURPOSES
from .situations import SITUATIONS
from .unrelated import ASKS as UNRELATED_ASKS

# The paper's scenario categories, and the finer topics queries are written for:
# a topic groups facts one request can genuinely need together.
TOPIC_CATEGORY = {
    "health": "medical", "care": "medical", "schedule": "personal", "budget": "financial", "payment": "financial",
    "identity_docs": "legal", "legal_case": "legal", "account_security": "legal", "contact": "personal",
    "career": "career", "education": "education", "home": "housing", "identity": "personal", "general": "personal",
}
STYLE_TOPICS = {
    "career": ("career",), "medical": ("health", "care", "schedule"), "financial": ("budget", "payment"),
    "housing": ("home", "budget"), "legal": ("identity_docs", "legal_case", "account_security"),
    "education": ("education",), "personal": ("identity", "contact"),
}


def _t(name: str, train: list[str], dev: list[str], test: list[str]) -> Pool:
    return pool(f"query.{name}", train, dev, test)


TEMPLATES: dict[str, Pool] = {
    "health": _t("health", [
        "Given {refs}, what exercises are safe?",
        "Considering {refs}, what kind of diet would you recommend?",
        "Could {refs} affect which medications are appropriate?",
        "[self]Is it safe for me to start running, given {refs}?",
        "Suggest a weekly meal plan that suits {refs}.",
    ], [
        "What should a caregiver know about {refs}?",
        "Summarize {refs} for a new doctor in two lines.",
        "How much water and sleep is reasonable with {refs}?",
        "[self]Am I overdoing it at the gym, considering {refs}?",
        "Put together questions for a physio about {refs}.",
    ], [
        "Which warning signs should prompt a call to the clinic, given {refs}?",
        "Draft a note for the pharmacist that covers {refs}.",
        "With {refs} in mind, is a long-haul flight a problem?",
        "[self]I keep feeling tired; could that be linked to {refs}?",
        "What changes to a daily routine make sense given {refs}?",
    ]),
    "care": _t("care", [
        "Write a message asking to reschedule, and include {refs}.",
        "What should be brought to the visit, given {refs}?",
        "Draft a short message for the clinic that includes {refs}.",
    ], [
        "Draft a note for the receptionist that mentions {refs}.",
        "Help me prepare questions for the visit, based on {refs}.",
        "Write a short email to book a follow-up, mentioning {refs}.",
    ], [
        "Prepare a short summary for the visit covering {refs}.",
        "Fill in the referral form with {refs}.",
        "Remind me what to mention at the visit about {refs}.",
    ]),
    "schedule": _t("schedule", [
        "Add {refs} to the calendar and set a reminder the day before.",
        "Plan the rest of the week around {refs}.",
        "Write a reminder message that includes {refs}.",
        "Remind me about {refs} with a short note.",
    ], [
        "Make a to-do list leading up to {refs}.",
        "How should the morning be organised around {refs}?",
        "Suggest the best time to leave home, given {refs}.",
    ], [
        "Set up a calendar entry for {refs}.",
        "Draft a text reminding about {refs}.",
        "Block out the calendar around {refs}.",
    ]),
    "budget": _t("budget", [
        "Based on {refs}, how much can realistically be saved each month?",
        "Given {refs}, is it a good idea to take on a car loan?",
        "Help me build a monthly budget around {refs}.",
        "Considering {refs}, should paying down debt come before investing?",
        "How big a mortgage is sensible with {refs}?",
    ], [
        "Is mortgage pre-approval likely with {refs}?",
        "What emergency fund target fits {refs}?",
        "[self]Can I afford a holiday this year with {refs}?",
        "Is a new phone contract affordable with {refs}?",
    ], [
        "[self]Run the numbers for me: with {refs}, how long until I could afford a deposit?",
        "Which expenses could be trimmed, keeping {refs} in view?",
        "Work out a sensible retirement contribution given {refs}.",
        "Sketch a debt-payoff plan that works with {refs}.",
    ]),
    "payment": _t("payment", [
        "Fill in the payment section of this form using {refs}.",
        "Write a short message to the bank that includes {refs}.",
        "Write the bank details section of an invoice using {refs}.",
    ], [
        "Set up the direct debit form with {refs}.",
        "Draft an email to the accountant listing {refs}.",
        "Fill in the refund request with {refs}.",
    ], [
        "Prepare the transfer details using {refs}.",
        "Complete the payroll form with {refs}.",
        "Set up a standing order using {refs}.",
    ]),
    "identity_docs": _t("identity_docs", [
        "Fill out the identity section of this application with {refs}.",
        "What documents are needed for a visa application, given {refs}?",
        "Complete the onboarding paperwork with {refs}.",
    ], [
        "Which government forms will ask for {refs}?",
        "Help me complete the KYC check with {refs}.",
        "What should go into the residence permit application, given {refs}?",
    ], [
        "Prepare the ID verification details using {refs}.",
        "Check whether {refs} would be enough to rent a car abroad.",
        "Fill the hotel check-in form with {refs}.",
    ]),
    "contact": _t("contact", [
        "Write an email signature that includes {refs}.",
        "Help me fill in a sign-up form with {refs}.",
        "[self]Add {refs} to my LinkedIn contact info.",
    ], [
        "What should go on an emergency contact card, given {refs}?",
        "Update the contact section of the CV with {refs}.",
        "Write a short business card text with {refs}.",
    ], [
        "Put {refs} into the profile fields for me.",
        "Draft an out-of-office reply that lists {refs}.",
        "Add {refs} to the footer of the newsletter.",
    ]),
    "account_security": _t("account_security", [
        "Is there anything suspicious about {refs}?",
        "Write a report for IT support that includes {refs}.",
        "Could someone misuse {refs}?",
    ], [
        "Check whether {refs} suggest a breach.",
        "Draft a message to the security team listing {refs}.",
        "Is it safe to post {refs} in a public support forum?",
    ], [
        "Explain what an attacker could do with {refs}.",
        "Help me file an incident report covering {refs}.",
        "Summarize {refs} for the bank's fraud team.",
    ]),
    "career": _t("career", [
        "Given {refs}, what would be a realistic next career step?",
        "Can you help me write a LinkedIn summary that mentions {refs}?",
        "[self]Based on {refs}, should I be asking for a raise this year?",
        "Draft a short professional bio that covers {refs}.",
    ], [
        "How should {refs} shape a plan for the next five years at work?",
        "Write two sentences for a conference badge blurb using {refs}.",
        "Is a move into management realistic given {refs}?",
        "[self]Do you think I'm underpaid, looking at {refs}?",
    ], [
        "Taking into account {refs}, which industries are hiring for this profile?",
        "Put together a cover-letter paragraph built around {refs}.",
        "What salary range is reasonable to negotiate, keeping in mind {refs}?",
        "[self]I'm thinking of switching jobs; with {refs}, where would I fit best?",
    ]),
    "education": _t("education", [
        "Given {refs}, which master's programs make sense?",
        "Write an email to the registrar that includes {refs}.",
        "Considering {refs}, what scholarships could apply?",
        "Help me write a statement of purpose that mentions {refs}.",
    ], [
        "How might {refs} affect eligibility for graduate school?",
        "Draft a note to a professor mentioning {refs}.",
        "What study plan fits {refs}?",
        "Write a motivation paragraph that draws on {refs}.",
    ], [
        "Suggest online courses that build on {refs}.",
        "Prepare the enrolment form fields with {refs}.",
        "Is a PhD a sensible next step, given {refs}?",
        "Draft a request for a transcript that includes {refs}.",
    ]),
    "home": _t("home", [
        "[loc]Which neighbourhoods near {refs} are good for families?",
        "Write a message to the landlord that mentions {refs}.",
        "[loc]Find gyms close to {refs}.",
        "Draft a notice to the council that mentions {refs}.",
    ], [
        "Help me fill in a change-of-address form with {refs}.",
        "[loc]What are good weekend activities around {refs}?",
        "Write a note to the new landlord covering {refs}.",
    ], [
        "Put together a tenancy reference letter covering {refs}.",
        "[loc]Recommend moving companies that serve {refs}.",
        "[loc]List quiet cafés near {refs}.",
    ]),
    "identity": _t("identity", [
        "Suggest community groups that fit {refs}.",
        "Write a short bio for a community newsletter mentioning {refs}.",
        "Suggest a birthday gift that takes into account {refs}.",
        "Recommend books that speak to {refs}.",
    ], [
        "Suggest conversation starters that relate to {refs}.",
        "Plan a dinner party menu that respects {refs}.",
        "Suggest a podcast that matches {refs}.",
    ], [
        "Recommend a few local events that suit {refs}.",
        "Write a message to a new neighbour mentioning {refs}.",
        "Plan a small celebration that respects {refs}.",
    ]),
    "legal_case": _t("legal_case", [
        "Draft a letter that references {refs}.",
        "What are the next steps, given {refs}?",
        "Explain the options, taking into account {refs}.",
    ], [
        "Help write a complaint that mentions {refs}.",
        "Summarize {refs} for a legal aid clinic.",
    ], [
        "What should a lawyer be told about {refs}?",
        "Draft a follow-up letter mentioning {refs}.",
    ]),
    "general": _t("general", [
        "Keeping {refs} in mind, what should be prioritised this month?",
        "Write a short summary that covers {refs}.",
    ], [
        "Help me plan around {refs}.",
        "Make a checklist that accounts for {refs}.",
    ], [
        "What's the best way to handle {refs}?",
        "Turn {refs} into a tidy to-do list.",
    ]),
}
TOPICS = tuple(t for t in TEMPLATES if t != "general")
LEAD_IN = {
    "career": pool("query.lead.career", ["I'm thinking about a career change.", "My annual review is coming up."],
                   ["I've been in the same role for a while now.", "Job hunting again."],
                   ["Work has felt stagnant lately.", "A recruiter reached out to me yesterday."]),
    "medical": pool("query.lead.medical", ["I want to take better care of my health.", "My doctor told me to make some changes."],
                    ["Health has been on my mind lately.", "I'm trying to build healthier habits."],
                    ["I'm preparing for a busy season.", "After my last check-up I have some worries."]),
    "financial": pool("query.lead.financial", ["I'm trying to get my finances in order.", "Money has been tight this year."],
                      ["I want to plan the next twelve months properly.", "I'm reviewing my budget."],
                      ["Prices keep going up.", "I finally want a proper savings plan."]),
    "legal": pool("query.lead.legal", ["I have some paperwork to sort out.", "There's a form I need to complete."],
                  ["I'm dealing with an administrative issue.", "Bureaucracy is getting to me."],
                  ["The office sent me a request for documents.", "I need to prove who I am for an application."]),
    "education": pool("query.lead.education", ["I'm considering more studies.", "I'm planning my next academic step."],
                      ["Going back to school is on my mind.", "I want to keep learning."],
                      ["A friend suggested I do another degree.", "I'm comparing programs right now."]),
    "housing": pool("query.lead.housing", ["We're thinking about moving.", "I'm looking at new places to live."],
                    ["Our lease ends soon.", "Flat hunting has started."],
                    ["The rent went up again.", "We need more space at home."]),
    "personal": pool("query.lead.personal", ["Something personal:", "A small favour:"], ["Quick personal thing.", "Need a hand with something."],
                     ["Small request here.", "Something for my personal life."]),
}
PREFIX = pool("query.prefix", ["", "", "Quick question: ", "Hi! ", "Hey, "], ["", "", "Question: ", "Hello, "],
              ["", "", "One thing: ", "Okay, "])
SUFFIX = pool("query.suffix", ["", "", " Thanks!", " Keep it short."], ["", "", " Thank you."], ["", "", " Cheers.", " Be concise."])
LIST_AND = (" and ", ", and ")


def ref_phrase(ctx: Ctx, fact: Fact) -> str:
    kind = KINDS[fact.key]
    names = kind.refs or tuple(n for n in fact.value.nouns if n.lower() not in ("number", "cell"))
    return ctx.choice(names or kind.nouns or ("details",))


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + LIST_AND[0] + items[-1]


def render_refs(ctx: Ctx, facts: list[Fact], owners: dict[int, Owner]) -> str:
    """'my salary and my rent', 'my salary, rent and credit score', "the tenant's income and her savings"."""
    phrases = [ref_phrase(ctx, f) for f in facts]
    same = len({f.owner for f in facts}) == 1
    if same and len(facts) > 1 and ctx.chance(0.45):
        return f"{owners[facts[0].owner].possessive} {_join(phrases)}"
    out: list[str] = []
    seen: set[int] = set()
    for fact, phrase in zip(facts, phrases):
        owner = owners[fact.owner]
        poss = owner.possessive
        if fact.owner in seen and not owner.is_user and ctx.chance(0.6):
            poss = owner.pronoun_possessive
        seen.add(fact.owner)
        out.append(f"{poss} {phrase}")
    return _join(out)


def render_cues(ctx: Ctx, facts: list[Fact], owners: dict[int, Owner]) -> str:
    """Implicit references: "what my job brings in each month and how much I have put aside"."""
    out: list[str] = []
    seen: set[int] = set()
    for fact in facts:
        owner = owners[fact.owner]
        pronoun = fact.owner in seen and not owner.is_user and ctx.chance(0.6)
        seen.add(fact.owner)
        out.append(render_cue(ctx.pick(CUES[fact.key]), owner, pronoun))
    return _join(out)


def _marker_ok(marker: str, facts: list[Fact], owners: dict[int, Owner]) -> bool:
    if marker == "self":
        return all(owners[f.owner].is_user for f in facts)
    if marker == "loc":
        return all(f.value.tag in ("Street Address", "City/Region", "Landmark") for f in facts)
    if marker == "money":
        return all(TYPE_OF_TAG[f.value.tag].value == "QUANTITY" for f in facts)
    return True


def _split_marker(text: str) -> tuple[str, str]:
    m = re.match(r"^\[(\w+)\]", text)
    return (m.group(1), text[m.end():]) if m else ("", text)


def pick_template(ctx: Ctx, topic: str, facts: list[Fact], owners: dict[int, Owner]) -> Piece:
    options = [p for p in TEMPLATES[topic].options(ctx.family) if _marker_ok(_split_marker(p.text)[0], facts, owners)]
    if not options:
        options = list(TEMPLATES["general"].options(ctx.family))
    piece = ctx.choice(options)
    ctx.used.add(piece.id)
    return piece


def queryable(doc: Doc) -> list[Fact]:
    """Facts a query may need: everything but names and handles."""
    return [f for f in doc.facts if TYPE_OF_TAG[f.value.tag].value != "PER"]


def choose_facts(ctx: Ctx, doc: Doc, want: int, owners_needed: int = 1) -> tuple[str, list[Fact]]:
    """A topic and 1..`want` facts it needs; with owners_needed > 1, one fact from each of that many subjects."""
    facts = queryable(doc)
    by_topic: dict[str, list[Fact]] = {t: [f for f in facts if t in KINDS[f.key].topics] for t in TOPICS}
    if owners_needed > 1:
        viable = [t for t, fs in by_topic.items() if len({f.owner for f in fs}) >= owners_needed]
        if not viable:
            owners = list(dict.fromkeys(f.owner for f in facts))
            chosen_owners = ctx.rng.sample(owners, min(owners_needed, len(owners)))
            return "general", [ctx.choice([f for f in facts if f.owner == o]) for o in chosen_owners]
        topic = ctx.choice(viable)
        chosen_owners = ctx.rng.sample(sorted({f.owner for f in by_topic[topic]}), owners_needed)
        picked = [ctx.choice([f for f in by_topic[topic] if f.owner == o]) for o in chosen_owners]
        return topic, sorted(picked, key=doc.facts.index)
    preferred = {t for c in doc.categories for t in STYLE_TOPICS.get(c, ())}
    topics = [t for t in TOPICS if by_topic[t]]
    if not topics:
        return "general", []
    topic = ctx.weighted(topics, [len(by_topic[t]) * (3.0 if t in preferred else 1.0) for t in topics])
    k = min(want, len(by_topic[topic]))
    return topic, sorted(ctx.rng.sample(by_topic[topic], k), key=doc.facts.index)


def contains_text(haystack: str, needle: str) -> bool:
    """Case-insensitive whole-word containment ("man" is not in "manage")."""
    low, t = haystack.casefold(), needle.casefold().strip()
    if not t:
        return False
    start = low.find(t)
    while start != -1:
        end = start + len(t)
        before = low[start - 1] if start else " "
        after = low[end] if end < len(low) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            return True
        start = low.find(t, start + 1)
    return False


def _leaks(query: str, texts: list[str]) -> bool:
    """Does the query show an entity: as a word, or (4+ characters) even inside a word?"""
    low = query.casefold()
    return any(contains_text(query, t) or len(t) >= 4 and t.casefold() in low for t in texts if len(t.strip()) >= 2)


def _phrase(ctx: Ctx, doc: Doc, body: str) -> str:
    """A request body with the query pools' opener and closer, lower-cased now and then in casual texts."""
    prefix = ctx.pick(PREFIX)
    lead = body[0].lower() if prefix.endswith(", ") and not body.startswith(("I ", "I'm")) else body[0].upper()
    query = prefix + lead + body[1:] + ctx.pick(SUFFIX)
    if doc.casual and ctx.chance(0.3):
        query = query.lower()
    return query


def situational_query(ctx: Ctx, doc: Doc, entity_texts: list[str]) -> tuple[str, list[Fact]]:
    """A request that needs one fact without referring to it (situations.py), or ("", []) if none fits.

    The user's own facts are preferred (3:1): chat requests are mostly about the writer."""
    facts = [f for f in queryable(doc) if f.key in SITUATIONS]
    for _ in range(4):
        if not facts:
            break
        fact = ctx.weighted(facts, [3.0 if doc.owners[f.owner].is_user else 1.0 for f in facts])
        query = _phrase(ctx, doc, render_cue(ctx.pick(SITUATIONS[fact.key]), doc.owners[fact.owner]))
        if not _leaks(query, entity_texts):
            return query, [fact]
        facts.remove(fact)
    return "", []


def purpose_query(ctx: Ctx, doc: Doc, entity_texts: list[str]) -> tuple[str, list[Fact]]:
    """A task that needs every fact of one purpose's kinds of one person (purposes.py), or ("", []).

    Only (purpose, person) pairs with at least two such facts qualify; the user's own are preferred (3:1)."""
    facts = queryable(doc)
    options = []
    for key, purpose in PURPOSES.items():
        for owner in dict.fromkeys(f.owner for f in facts):
            group = [f for f in facts if f.owner == owner and f.key in purpose.kinds]
            if len(group) >= 2:
                options.append((key, owner, group))
    for _ in range(4):
        if not options:
            break
        option = ctx.weighted(options, [3.0 if doc.owners[o].is_user else 1.0 for _, o, _ in options])
        key, owner, group = option
        query = _phrase(ctx, doc, render_cue(ctx.pick(PURPOSES[key].requests), doc.owners[owner]))
        if not _leaks(query, entity_texts):
            return query, group
        options.remove(option)
    return "", []


def make_query(ctx: Ctx, doc: Doc, entity_texts: list[str], *, want: int | None = None,
               owners_needed: int = 1, implicit_refs: float = 0.0, situational: float = 0.0,
               purpose: float = 0.0, unrelated: float = 0.0) -> tuple[str, list[Fact]]:
    """Phrase a query over some of the document's facts; it never quotes an entity of the document.

    With probability `situational` (single-subject queries only) the query is a situation that needs one
    fact without referring to it; then with probability `purpose` (one person's facts) a task that needs every
    fact of one purpose's kinds (purposes.py). Otherwise, with probability `implicit_refs` the facts are referred to by
    implicit cues (cues.py), and then half the time in a generic task template. With probability `unrelated`
    (drawn first) the query is a general request that needs no fact (unrelated.py). At 0 none of these options
    draws any randomness (output as without them)."""
    if unrelated > 0 and ctx.chance(unrelated):
        query = ctx.pick(UNRELATED_ASKS)
        if not _leaks(query, entity_texts):
            return query, []
    if situational > 0 and owners_needed == 1 and ctx.chance(situational):
        query, facts = situational_query(ctx, doc, entity_texts)
        if facts:
            return query, facts
    if purpose > 0 and owners_needed == 1 and ctx.chance(purpose):
        query, facts = purpose_query(ctx, doc, entity_texts)
        if facts:
            return query, facts
    implicit = implicit_refs > 0 and ctx.chance(implicit_refs)
    for _ in range(8):
        k = want or ctx.weighted((1, 2, 3), (0.4, 0.4, 0.2))
        topic, facts = choose_facts(ctx, doc, k, owners_needed)
        if not facts:
            break
        task = implicit and ctx.chance(0.5)
        piece = ctx.pick_piece(TASKS) if task else pick_template(ctx, topic, facts, doc.owners)
        refs = render_cues(ctx, facts, doc.owners) if implicit else render_refs(ctx, facts, doc.owners)
        body = _split_marker(piece.text)[1].replace("{refs}", refs)
        prefix = ctx.pick(PREFIX)
        if all(doc.owners[f.owner].is_user for f in facts) and ctx.chance(0.3):
            prefix = ctx.pick(LEAD_IN[TOPIC_CATEGORY[topic]]) + " "
        lead = body[0].lower() if prefix.endswith(", ") and not body.startswith(("I ", "I'm")) else body[0].upper()
        if task and piece.text[0].islower():
            lead = body[0]            # a casual lower-case task template keeps its case
        suffix = ctx.pick(SUFFIX)
        if task and not body.endswith((".", "?", "!")):
            suffix = ""               # "can u work out ... for me" takes no "Thanks!"
        query = prefix + lead + body[1:] + suffix
        if doc.casual and ctx.chance(0.3):
            query = query.lower()
        if not _leaks(query, entity_texts):
            return query, facts
    return "", []
