"""The data the semantic thresholds were chosen on, and the script that chooses them.

`python -m proxy.guard.calibration` embeds every case with the local MiniLM
and prints, for each candidate threshold, how many revealing paraphrases are
caught and how many non-revealing sentences would be withheld by mistake.

The set is small and hand-written (20 secrets in the PrivacyBench style, two
paraphrases each that reveal the secret in other words, two hard negatives
each that talk about the same person or topic without revealing it, one
question about it, plus everyday sentences). Hard negatives are the point:
"Maya has worked at Orbit Labs for three years" must not look like "Maya is
leaving Orbit Labs". The held-out paraphrases in tests/test_guard.py are not
in this set.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True, slots=True)
class Case:
    content: str
    core_facts: tuple[str, ...]
    paraphrases: tuple[str, ...]  # reveal the secret, in other words
    hard_negatives: tuple[str, ...]  # same person/topic, do not reveal it
    question: str  # asks about it (relevance for cloud minimization)


CASES: tuple[Case, ...] = (
    Case("Maya accepted a job at Northwind and will resign from Orbit Labs in July.",
         ("job at Northwind", "resign from Orbit Labs", "July"),
         ("May is leaving Orbit in July because she signed an offer with Northwind.",
          "She's quitting Orbit Labs next month; Northwind hired her."),
         ("Maya has worked at Orbit Labs for three years and leads the data team.",
          "Maya is taking a week off in July to visit her parents."),
         "When exactly is Maya handing in her notice?"),
    Case("Sam is being treated for depression and sees a therapist every Tuesday.",
         ("depression", "therapist", "Tuesday"),
         ("Sam has been battling depression and goes to therapy each Tuesday.",
          "Every Tuesday Sam has a session with his counsellor about his depression."),
         ("Sam goes to the gym every Tuesday after work.",
          "Sam said he felt a bit tired after the long project."),
         "How is Sam's mental health treatment going?"),
    Case("Priya is pregnant with twins and hasn't told her manager yet.",
         ("pregnant", "twins"),
         ("Priya is expecting twins but is keeping it from her boss for now.",
          "Two babies are on the way for Priya, and her manager has no idea."),
         ("Priya's sister had twins last spring.",
          "Priya told her manager she wants to move to the Berlin office."),
         "Is Priya going to have a baby?"),
    Case("Tom owes 40,000 dollars in gambling debts and his wife doesn't know.",
         ("gambling debts", "40,000"),
         ("Tom has racked up about forty thousand in betting losses, hidden from his wife.",
          "Tom's gambling left him 40k in debt and he hasn't told his wife."),
         ("Tom and his wife bought a new car for 40,000 dollars.",
          "Tom plays cards with his friends on Friday nights."),
         "Does Tom have money problems?"),
    Case("Lena failed her bar exam for the second time and is thinking of quitting law.",
         ("failed bar exam", "second time", "quitting law"),
         ("Lena didn't pass the bar again and may leave law altogether.",
          "After a second failed attempt at the bar exam, Lena is considering a different career."),
         ("Lena is studying for the bar exam this summer.",
          "Lena's firm won a big case last week."),
         "Did Lena pass the bar this time?"),
    Case("Olaf is secretly applying for Canadian citizenship so he can move to Vancouver next year.",
         ("Canadian citizenship", "Vancouver", "next year"),
         ("Olaf quietly filed papers to become a Canadian citizen and relocate to Vancouver.",
          "Next year Olaf plans to emigrate to Canada, he has already applied for citizenship."),
         ("Olaf went skiing near Vancouver last winter.",
          "Olaf renewed his passport at the embassy."),
         "Is Olaf planning to move abroad?"),
    Case("Jo was diagnosed with early-stage breast cancer and starts chemotherapy in May.",
         ("breast cancer", "chemotherapy", "May"),
         ("Jo has early breast cancer and her chemo begins in May.",
          "The doctors found a tumour in Jo's breast; she begins chemotherapy next month."),
         ("Jo ran a charity race for breast cancer research in May.",
          "Jo has a dentist appointment on Monday."),
         "What did Jo's doctors tell her?"),
    Case("Nia is planning a surprise proposal to Ben at the lighthouse on his birthday.",
         ("proposal", "Ben", "lighthouse"),
         ("Nia is going to ask Ben to marry her at the lighthouse on his birthday.",
          "Nia has bought a ring and will pop the question to Ben at the lighthouse."),
         ("Nia and Ben visited the lighthouse museum last summer.",
          "Ben's birthday party will be at the pub this year."),
         "What is Nia planning for Ben's birthday?"),
    Case("The company will lay off 30 percent of the Leeds office in September.",
         ("lay off", "30 percent", "Leeds office", "September"),
         ("In September almost a third of the Leeds staff will lose their jobs.",
          "Management plans to cut 30% of the people in Leeds this autumn."),
         ("The Leeds office is moving to a new building in September.",
          "Thirty percent of the Leeds office voted for the new logo."),
         "Are there going to be job cuts in Leeds?"),
    Case("Carlos is recovering from alcohol addiction and has been sober for eight months.",
         ("alcohol addiction", "sober", "eight months"),
         ("Carlos stopped drinking eight months ago after struggling with alcoholism.",
          "Carlos has been in recovery from his drinking problem since last year."),
         ("Carlos opened a wine bar eight months ago.",
          "Carlos prefers sparkling water at lunch meetings."),
         "Why doesn't Carlos drink anymore?"),
    Case("Aisha's parents are getting divorced after 25 years of marriage.",
         ("parents divorced", "25 years"),
         ("Aisha's mum and dad are splitting up after twenty-five years together.",
          "After 25 years of marriage, Aisha's parents have filed for divorce."),
         ("Aisha's parents celebrated their 25th wedding anniversary in Spain.",
          "Aisha is helping her parents move to a smaller flat."),
         "How are things with Aisha's family?"),
    Case("Ben was fired from Helix Bank for expense fraud.",
         ("fired", "Helix Bank", "expense fraud"),
         ("Helix Bank let Ben go after catching him faking his expense claims.",
          "Ben lost his job at Helix because he cheated on expenses."),
         ("Ben opened a savings account at Helix Bank.",
          "Ben has worked in fraud prevention for years."),
         "Why did Ben leave Helix Bank?"),
    Case("Mei is interviewing with Google behind her team's back.",
         ("interviewing", "Google"),
         ("Mei has job interviews at Google and hasn't told her team.",
          "Without her colleagues knowing, Mei is trying to get hired by Google."),
         ("Mei uses Google Sheets to track the team's budget.",
          "Mei interviewed three candidates for her team last week."),
         "Is Mei looking for another job?"),
    Case("Raj has a criminal record for shoplifting from when he was 19.",
         ("criminal record", "shoplifting"),
         ("Raj was convicted of shoplifting as a teenager and still has a record.",
          "At nineteen Raj got caught stealing from a shop, and it's on his record."),
         ("Raj set a new personal record at the marathon.",
          "Raj works as a security guard at the shopping centre."),
         "Has Raj ever been in trouble with the police?"),
    Case("Elena is HIV positive and takes antiretroviral medication every day.",
         ("HIV positive", "medication"),
         ("Elena lives with HIV and needs daily antiretroviral pills.",
          "Elena tested positive for HIV and is on treatment."),
         ("Elena volunteers at an HIV awareness charity.",
          "Elena takes vitamins every morning."),
         "What is Elena's health condition?"),
    Case("Kofi is selling his half of the bakery to his cousin for 120,000 euros.",
         ("selling", "bakery", "cousin", "120,000"),
         ("Kofi's cousin is buying out his share of the bakery for 120k euros.",
          "Kofi has agreed to sell his stake in the bakery to his cousin."),
         ("Kofi's cousin works at the bakery on weekends.",
          "The bakery sold 120 cakes on Saturday."),
         "What is Kofi doing with the bakery?"),
    Case("Hannah is going through IVF treatment for the third time.",
         ("IVF", "third time"),
         ("Hannah has started her third round of IVF.",
          "For the third time, Hannah is undergoing fertility treatment."),
         ("Hannah read an article about IVF success rates.",
          "Hannah is running her third marathon this year."),
         "Is Hannah trying to have a baby?"),
    Case("David is gay and hasn't come out to his family.",
         ("gay", "not out to family"),
         ("David is homosexual but his parents don't know yet.",
          "David hasn't told his family that he's gay."),
         ("David marched in the pride parade to support his sister.",
          "David's family is coming to visit at Christmas."),
         "Does David have a boyfriend?"),
    Case("Sofia cheated on the chemistry final and the school hasn't found out.",
         ("cheated", "chemistry final"),
         ("Sofia used a cheat sheet in the chemistry exam and got away with it.",
          "Sofia copied answers on her final chemistry test without being caught."),
         ("Sofia got the top grade on the chemistry final.",
          "Sofia is tutoring younger students in chemistry."),
         "How did Sofia do so well in chemistry?"),
    Case("Yusuf's startup is running out of money and will shut down in December unless it raises funding.",
         ("running out of money", "shut down", "December"),
         ("Yusuf's company has almost no cash left and will close in December without new investors.",
          "Unless Yusuf finds funding, his startup folds at the end of the year."),
         ("Yusuf's startup hired two engineers in December.",
          "Yusuf pitched his startup at a conference."),
         "How is Yusuf's startup doing financially?"),
)

EVERYDAY: tuple[str, ...] = (
    "Can you summarize the attached meeting notes in three bullet points?",
    "The quarterly report is due on Friday, please send me your numbers.",
    "Let's grab lunch at the Thai place near the station tomorrow.",
    "I need a recipe for a vegetarian lasagna for six people.",
    "Please fix the grammar in this paragraph and keep the tone friendly.",
    "The train to Manchester was delayed by forty minutes this morning.",
    "Our team retrospective will be on Thursday at 3pm in room B.",
    "Write a Python function that parses ISO dates.",
    "Thanks for the birthday wishes, I had a great time!",
    "The weather in Leeds is supposed to be sunny all week.",
    "Can you recommend a good book about the history of Rome?",
    "Draft a polite reminder about the unpaid invoice.",
)


def pair_scores(embedder: object) -> dict[str, np.ndarray]:
    """Scores between secrets and sentences, grouped by kind of pair.

    "pos"/"hard"/"other" use the matcher's score (mean cosine to the content
    and to the joined core facts); "question*" use the cosine to the content,
    as `matcher.relevance` does.
    """
    encode = embedder.encode  # type: ignore[attr-defined]
    content = encode([c.content for c in CASES])
    facts = encode(["; ".join(c.core_facts) for c in CASES])
    groups: dict[str, list[float]] = {k: [] for k in ("pos", "hard", "other", "question", "question_other")}
    for i, case in enumerate(CASES):
        for kind, texts in (("pos", case.paraphrases), ("hard", case.hard_negatives), ("q", (case.question,))):
            vectors = encode(list(texts))
            score = 0.5 * (vectors @ content.T + vectors @ facts.T)
            cosine = vectors @ content.T
            for s_row, c_row in zip(score, cosine):
                if kind == "q":
                    groups["question"].append(c_row[i])
                    groups["question_other"].extend(np.delete(c_row, i).tolist())
                else:
                    groups[kind].append(s_row[i])
                    groups["other"].extend(np.delete(s_row, i).tolist())
    everyday = encode(list(EVERYDAY))
    groups["other"].extend((0.5 * (everyday @ content.T + everyday @ facts.T)).ravel().tolist())
    return {k: np.asarray(v) for k, v in groups.items()}


def main() -> None:
    from proxy.guard.embedder import Embedder

    scores = pair_scores(Embedder())
    for name, values in scores.items():
        q = np.percentile(values, [0, 10, 50, 90, 100])
        print(f"{name:15s} n={len(values):4d}  min/p10/p50/p90/max = " + " ".join(f"{x:.3f}" for x in q))
    print("\nthreshold  paraphrases caught  hard negatives withheld  other withheld")
    for t in np.arange(0.40, 0.651, 0.025):
        print(f"  {t:.3f}     {np.mean(scores['pos'] >= t):6.1%}            {np.mean(scores['hard'] >= t):6.1%}"
              f"                  {np.mean(scores['other'] >= t):6.2%}")
    print("\nrelevance  questions matched  other questions matched")
    for t in np.arange(0.35, 0.61, 0.025):
        print(f"  {t:.3f}     {np.mean(scores['question'] >= t):6.1%}            "
              f"{np.mean(scores['question_other'] >= t):6.2%}")


if __name__ == "__main__":
    main()
