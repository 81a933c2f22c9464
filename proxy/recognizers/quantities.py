"""Money amounts, financial percentages and credit scores, tagged by context.

The amount's format says "money"; only the words around it say whose money:
"salary of $4,500" is Monthly Income, "$4,500 in savings" an Account Balance
(mapping from docs/annotation-guidelines.md). An amount with no deciding word
is still personal money in a prompt, so it is kept as Account Balance with a
low score, unless it is per month ("$5,200/month"): that is mostly a pay, or
unless a money word opens its sentence further back ("The rent for Unit 3B, 220
Dufferin Street will go up from $1,950 to $2,300"). Benefits by name ("PIP")
and the money words of pasted payslips, tax letters and rent letters in other
languages ("Lohnsteuer", "IRPF", "loyer") count too.
Phrases beat their single words ("left to pay" is a loan, "CPP payment" a
pension), and the words after an amount stop at the next "and ...". A
percentage without a financial word ("50% chance") is dropped, and so is a
bare number near "income" ("I make 5000"): without a currency it is too often
something else.
"""

from __future__ import annotations

import re

from proxy.recognizers.base import Pattern, PatternRecognizer
from proxy.recognizers.context import NOT_PII, ContextHit, Keywords
from proxy.recognizers.scan import ScanText, backward_anchors, near_keywords

# "N45,000" (naira) only with thousands grouping, so "N95" stays a mask.
# Literal alternatives only: `re` then scans for their first characters quickly.
_SYMBOL = (
    r"(?:US\$|USD\$|CA\$|AU\$|NZ\$|HK\$|MX\$|SG\$|NT\$|A\$|C\$|N\$|S\$|R\$|Rs\.?|\$|€|£|¥|₹|₩|₽|₺|₪|₱|₦"
    r"|KSh|Ksh|GH₵|₵|RM|Tk|Rp"  # Kenyan shilling, Ghanaian cedi, Malaysian ringgit, Bangladeshi taka, rupiah
    r"|N(?=\d{1,3}(?:,\d{3})+))"  # the naira as a bare letter, only before grouped thousands
)
_CODE = (
    r"(?:USD|EUR|GBP|JPY|CNY|RMB|INR|CAD|AUD|CHF|SEK|NOK|DKK|PLN|CZK|HUF|RON|MXN|BRL|ARS|CLP|COP|PEN|ZAR|NGN|KES"
    r"|GHS|EGP|MAD|SGD|HKD|TWD|NZD|KRW|IDR|MYR|PHP|THB|VND|PKR|BDT|AED|SAR|ILS|RUB|UAH|TRY"
    r"|UGX|TZS|RWF|ETB|DZD|TND|LKR|NPR|QAR|KWD|OMR|BHD|JOD|KZT|UZS|GEL|ISK|BGN|RSD|ZMW|BWP|MUR|NAD|MWK|JMD|DOP|CRC"
    r"|GTQ|UYU|KHR|MMK)"
)
# the currency signs written after an amount ("1.250 €", "7 200 zł", "450 Kč")
_AFTER_SIGN = "[€£¥₹]|zł|Kč"
_CURRENCY_WORD = (
    r"(?:dollars?|euros?|pounds?(?:\s+sterling)?|rupees?|yen|yuan|francs?|pesos?|bucks"
    r"|ringgit|tenge|somoni|taka|rand|naira|cedis?|dirhams?|riyals?|rupiah|baht|reais|z[lł]oty|forint"
    r"|kroner|kronor|krona|LPA|lpa)"  # India's "14 LPA": lakhs per annum
)
# The amount is scanned loosely (cheap, no backtracking) and checked strictly.
_LOOSE_AMOUNT = r"\d(?:[\d,.\u00a0\u202f]*\d)?"
_STRICT_AMOUNT = re.compile(
    r"\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?"  # 4,500.00
    r"|\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?"  # 4.500,00
    r"|\d{1,3}(?:[\u00a0\u202f]\d{3})+(?:,\d{1,2})?"  # 4 500,00 (non-breaking spaces)
    r"|\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d{1,2})?"  # 1,20,000 (Indian lakh grouping)
    r"|\d+(?:[.,]\d{1,2})?"
)
_AMOUNT_IN = re.compile(_LOOSE_AMOUNT)
_SCALE = r"(?:(?:[kKmM]|bn|mn|MM)(?![A-Za-z])|\s(?:thousand|million|billion|lakhs?|crores?|juta)(?!\w))?"
_END = r"(?!\d|[.,]\d)"
_BEFORE_CURRENCY = backward_anchors(
    (re.compile(_AFTER_SIGN), re.compile(_CODE), re.compile(_CURRENCY_WORD)),
    re.compile(rf"{_LOOSE_AMOUNT}{_SCALE}\s?\Z"),
    reach=32,
)
_BEFORE_PERCENT = backward_anchors(
    re.compile(r"%|percent|per cent"), re.compile(r"[-−+]?\d{1,3}(?:[.,]\d{1,2})?\s?\Z"), reach=9
)


def _well_formed_amount(span: str) -> bool:
    amount = _AMOUNT_IN.search(span)
    return amount is not None and _STRICT_AMOUNT.fullmatch(amount.group()) is not None


MONEY_TAG_WORDS = Keywords(
    [
        (
            "social security{, payment{,s}, benefit{,s}, check{,s}, income, disability}",
            "Social Security Payment",
        ),
        ("{=SSI,=SSDI}", "Social Security Payment"),
        # other countries' state pensions too (Canada, Germany, the Netherlands, UK, Australia, Brazil);
        # "CPP payment" is one phrase, so "payment" does not make it an expense
        (
            (
                "{ssi,ssdi,disability benefit,retirement benefit,benefit,{state ,age ,}pension,cpp,qpp,oas,"
                "canada pension plan,old age security,rente,aow,universal credit,centrelink,inss}"
                "{,s}{, payment{,s}, check{,s}, cheque{,s}}"
            ),
            "Social Security Payment",
        ),
        # benefits by name, and the words of payslips, tax letters and rent rises in other languages that users
        # paste ("Lohnsteuer: 612,41 €", "Retención IRPF 424,00 €", "votre loyer de 610 €", "Sahod ko HK$4,990")
        ("{=PIP,=DWP,=ESA,personal independence payment,attendance allowance,child benefit,va disability}", "Social Security Payment"),
        ("{lohnsteuer,kirchensteuer,einkommensteuer,irpf,impôt{,s},imposto,impuesto{,s},=PAYG}", "Tax Payment"),
        (
            "{brutto,netto,gehalt,salaire,sueldo,salario,salário,stipendio,sahod,gano,ganho,verdiene,devengado,bruto,"
            "neto,líquido,liquido}",
            "Monthly Income",
        ),
        ("{weihnachtsgeld,urlaubsgeld}", "Annual Bonus"),
        # money sent to the writer is what they live on: "My father sends me EGP 4,500 each month"
        ("{send,sends,sending} {me,us}", "Monthly Income"),
        ("{miete,loyer,alquiler,renda,aluguel,affitto,charge{,s,d},send{,s},sending}", "Monthly Expenses"),
        # "$7,900 a month before tax" is a pay, not a tax
        ("{before,after,pre,post,net of} tax{,es}", "Monthly Income"),
        ("tax{,es}{, payment{,s}, bill, paid, owed, liability, due, refund, return{,s}}", "Tax Payment"),
        # "$14,820 in federal income tax", "$2,780 in back taxes": the income word inside names the tax
        (
            "{income,federal,state,property,council,back,capital gains} tax{,es}"
            "{, payment{,s}, bill, paid, owed, liability, due, refund, return{,s}}",
            "Tax Payment",
        ),
        ("{=IRS,=HMRC,withholding}", "Tax Payment"),
        ("{annual ,year end ,yearly ,holiday ,performance ,signing ,}bonus{,es}", "Annual Bonus"),
        ("{credit ,credit card ,spending ,}limit", "Credit Limit"),
        ("{can,could,may} spend up to", "Credit Limit"),  # "I can spend up to $5,000 on my card"
        ("return on {my ,the ,his ,her ,their ,}investment{,s}", "Investment Return"),
        (
            "{capital gain{,s},dividend{,s},return{,s},gain{,s},profit{,s},yield{,ed,s},investment{,s},portfolio}",
            "Investment Return",
        ),
        ("{loan{,s},mortgage{,s},borrow{,ed,ing,s},principal,financed,financing,lent,debt{,s}}", "Loan Amount"),
        ("{loan,mortgage,debt,card,credit card,outstanding} balance{,s}", "Loan Amount"),
        ("{{loan,mortgage} offer{,s},loanamount,loan_amount}", "Loan Amount"),  # not the pay "offer" below
        # "will lend us £285,000", "Requested ₦400,000 over 6 months", "kredyt 620 000 zł"
        ("{lend{,s,ing},requested,préstamo,prestamo,kredyt{,u},crédito}", "Loan Amount"),
        # "$9,000 left to pay on my car loan": nearer than the loan word, and not an expense
        ("{left,still,yet} to {pay,repay,pay off,pay back}", "Loan Amount"),
        ("{pay,pays,paid,paying} off", "Loan Amount"),
        (
            (
                "{take{,s} home{, pay},took home,taking home,net pay,gross pay,paycheck{,s},paycheque{,s},"
                "get{,s} paid,bring{,s} home}"
            ),
            "Monthly Income",
        ),
        ("{pay slip,payslip,pay stub,paystub}{,s}", "Monthly Income"),
        # pay as a noun of income, not the verb of a bill: "starting pay NZ$41.50/hr", "my pay is €2,100"
        ("{{starting,base,basic,hourly,weekly,monthly,annual} pay,pay rate,rate of pay,{my,his,her,their} pay}",
         "Monthly Income"),
        # "€3,400 gross a month", "the offer is 68k CAD", "monthlyIncome=$5,850", "she's on €1,900 a month"
        ("{gross,offer{,s,ed,ing},monthlyincome,monthly_income}", "Monthly Income"),
        ("{i'm,im,i am,she's,he's,they're,we're,you're} on", "Monthly Income"),
        ("{am,is,are,was,were} paid", "Monthly Income"),
        (
            "{income,salary,salaries,earn{,s,ed,ing,ings},wage{,s},compensation,stipend,revenue}",
            "Monthly Income",
        ),
        ("~{make{,s},making,made}", "Monthly Income"),
        ("{balance{,s},savings,saved,deposit{,ed,s},checking,net worth,nest egg}", "Account Balance"),
        ("{put,set,tucked} {aside,away}", "Account Balance"),
        ("in {my,the,his,her,their} {bank,account}", "Account Balance"),
        (
            "{expense{,s},expenditure{,s},spend{,s,ing},spent,rent,cost{,s},bill{,s},utilities,groceries}",
            "Monthly Expenses",
        ),
        ("{outgoings,budget,payment{,s},tuition,fee{,s}}", "Monthly Expenses"),
        # "monthly repayments of £1,208", "my direct debit has jumped to £241", "car finance £289", "rent's $950"
        (
            "{repayment{,s},repaying,direct debit{,s},{car,vehicle} finance,commitments,childcare,"
            "insurance{, premium{,s}},rent's,quoted}",
            "Monthly Expenses",
        ),
        ("{need{,s} {about,around,roughly},to get by,cost of living,living costs}", "Monthly Expenses"),
        ("~pay{,s,ing}", "Monthly Expenses"),
        ("~{owe{,s,d},still owe{,s}}", "Loan Amount"),
    ]
)

MONEY_TAGS = (
    "Monthly Income",
    "Monthly Expenses",
    "Account Balance",
    "Loan Amount",
    "Annual Bonus",
    "Credit Limit",
    "Social Security Payment",
    "Tax Payment",
    "Investment Return",
)


# After an amount, "and"/"whereas" starts the next fact: in "the bonus is €9k and his
# investments are up 5%", "investments" describes the percentage, not the bonus.
_NEXT_FACT = re.compile(r"\s(?:and|whereas|but|while)\s", re.IGNORECASE)
# "$5,200/month", "€900 a month": with no money word around, far more often a pay than a bill.
_PER_MONTH = re.compile(
    r"\s?(?P<words>/\s?(?:month|mo)\b|(?:a|per|each|every)\s+month\b|monthly\b|pcm\b)", re.IGNORECASE
)
# a price, not someone's money: "EUR 9.50/day", "£380 ono", "120 € VB" (an hourly or weekly amount stays: it is
# often a pay or a rent; so does "£780 each", often a share of a bill)
_PRICE_AFTER = re.compile(
    r"\s?(?P<words>pp\b|p\.p\.|per\s+(?:person|head|night|day|session"
    r"|lesson|class|ticket)\b|/\s?(?:day|night|session|person|pp|lesson|class)\b|o\.?n\.?o\b|(?-i:VB)\b)",
    re.IGNORECASE,
)


# how far back in its sentence an amount with no money word in its window looks for one
_SENTENCE_REACH = 160


class _MoneyRecognizer(PatternRecognizer):
    """Money amounts: words after the value stop at the next conjoined fact, and an
    amount per month with no money word is income rather than the default balance."""

    def find_context(self, doc: ScanText, start: int, end: int) -> ContextHit | None:
        if self.context is None:
            return None
        if doc.text[start:end].lower().endswith("lpa"):  # lakhs per annum: a salary, written so in India
            return ContextHit("Monthly Income", "LPA", 0, False)
        before, after = self.window
        conjunction = _NEXT_FACT.search(doc.text, end, end + after)
        if conjunction is not None:
            after = conjunction.start() - end
        hit = self.context.nearest(doc, start, end, before=before, after=after)
        if hit is None and (per_month := _PER_MONTH.match(doc.text, end)) is not None:
            return ContextHit("Monthly Income", per_month["words"], per_month.start("words") - end, False)
        if hit is None:
            # "the rent for Unit 3B, 220 Dufferin St will go up from $1,950 to $2,300": the deciding word opens
            # the sentence, further back than the window; the window before stops at a sentence end anyway
            hit = self.context.nearest(doc, start, end, before=_SENTENCE_REACH, after=0)
        if hit is None and (price := _PRICE_AFTER.match(doc.text, end)) is not None:
            return ContextHit(NOT_PII, price["words"], price.start("words") - end, False)
        return hit


def money_recognizer() -> PatternRecognizer:
    """Currency amounts ($4,500, €1,200.50, 4,500 USD, £32k, USD 4,500); the nearest money word picks the tag."""
    return _MoneyRecognizer(
        "money",
        MONEY_TAGS,
        [
            Pattern.compile(
                "symbol-amount",
                rf"{_SYMBOL}\s?{_LOOSE_AMOUNT}{_SCALE}{_END}(?![\w$])",
                0.55,
                validator=_well_formed_amount,
                left_bound="$.,",
            ),
            Pattern.compile(
                "amount-code",
                rf"(?<![\w.,$€£]){_LOOSE_AMOUNT}{_SCALE}\s?(?:{_AFTER_SIGN}|{_CODE}(?![A-Za-z])|{_CURRENCY_WORD}(?!\w))",
                0.55,
                validator=_well_formed_amount,
                anchors=_BEFORE_CURRENCY,
            ),
            # thousands grouped by plain spaces, as Polish, French and Swedish amounts are written
            # ("7 200 zł", "SEK 38 500"): only right beside the currency, where the digits cannot be two numbers
            Pattern.compile(
                "spaced-amount",
                rf"(?:{_SYMBOL}|{_CODE})\s?\d{{1,3}}(?: \d{{3}})+(?:,\d{{2}})?{_END}(?![\w$])"
                rf"|(?<![\w.,$€£])\d{{1,3}}(?: \d{{3}})+(?:,\d{{2}})?\s?(?:{_AFTER_SIGN}|{_CODE}(?![A-Za-z]))",
                0.6,
                left_bound="$.,",
            ),
            Pattern.compile(
                "code-amount",
                rf"{_CODE}\s?{_LOOSE_AMOUNT}{_SCALE}{_END}(?![\w$])",
                0.55,
                validator=_well_formed_amount,
                left_bound="",
            ),
        ],
        context=MONEY_TAG_WORDS,
        default_tag="Account Balance",
        context_boost=0.3,
        window=(48, 40),
    )


def percentage_recognizer() -> PatternRecognizer:
    """Percentages that are a debt ratio, an ROI or an investment return; others are dropped."""
    return PatternRecognizer(
        "percentage",
        ("Debt Ratio", "ROI", "Investment Return"),
        [
            Pattern.compile(
                "percent",
                # a sign belongs to the value: an ROI of "-3.6%"
                r"(?<![\w.,])(?:[-−+](?=\d))?\d{1,3}(?:[.,]\d{1,2})?\s?(?:%|percent(?!\w)|per\s+cent(?!\w))",
                0.6,
                requires_context=True,
                anchors=_BEFORE_PERCENT,
            )
        ],
        context=Keywords(
            [
                ("{debt to income{, ratio},debt ratio,dti,debt{,s},leverage}", "Debt Ratio"),
                ("{return on {my ,the ,his ,her ,their ,}investment{,s},roi}", "ROI"),
                (
                    "{return{,s},yield{,ed,s},gain{,s},grew,growth,appreciated,appreciation,portfolio}",
                    "Investment Return",
                ),
                ("{investment{,s},stock{,s},fund{,s},annualized,annualised}", "Investment Return"),
            ]
        ),
        context_boost=0.2,
        window=(40, 24),
    )


_CREDIT_SCORE_WORDS = Keywords.for_label(
    "Credit Score",
    [
        "credit score{,s}", "fico{, score}", "credit rating", "{vantagescore,vantage score}", "{credit ,}bureau{,s}",
        # "my cibil is 752", "Experian score 512", "Credit checks came back, yours is 712", "creditScore=688"
        "{cibil,experian,equifax,transunion,crif,ctos}{, score}", "credit {file,check,checks,report}",
        "{creditscore,credit_score}",
    ],
)


# "My score has fallen from 798 to 671": a bare "my score" is a credit score only in a text about credit
_OWN_SCORE = re.compile(r"\b(?:[Mm]y|[Yy]our|[Hh]is|[Hh]er|[Tt]heir|[Oo]ur) (?:credit )?score\b")
_CREDIT_TEXT = re.compile(r"(?i:\bcredit\b|\bcibil\b|\bexperian\b|\bequifax\b|\btransunion\b|\bfico\b|\bcrif\b|\bctos\b"
                          r"|\bccris\b|\bBIK\b)")
_SCORE = r"[1-9]\d{2,3}(?![\w%]|[.,]\d)"  # score-sized: 3-4 digits, not a percentage or a decimal
_SCORE_NUMBER = re.compile(rf"(?<![\w$€£.,/-]){_SCORE}")


def _own_score_anchors(doc: ScanText) -> list[int]:
    """Score-sized numbers up to 40 characters after "my score", in a text that names credit or a bureau."""
    text = doc.text
    if not _CREDIT_TEXT.search(text):
        return []
    found: list[int] = []
    for own in _OWN_SCORE.finditer(text):
        stop = min(len(text), own.end() + 40)
        found.extend(m.start() for m in _SCORE_NUMBER.finditer(text, own.end(), stop))
    return found


def _credit_score_range(value: str) -> bool:
    """FICO is 300-850; other scales (Equifax Australia 0-1200, Experian UK 0-999) reach further."""
    return 100 <= int(value) <= 1200


def credit_score_recognizer() -> PatternRecognizer:
    """A score-sized number with "credit score"/"FICO" near it."""
    return PatternRecognizer(
        "credit-score",
        "Credit Score",
        [
            Pattern.compile(
                "score",
                # "912 (out of 999)", "881/999": the scale's top is no score
                rf"(?<![\w$€£.,/-])(?<!out of )(?<!/ ){_SCORE}",
                0.6,
                validator=_credit_score_range,
                requires_context=True,
                anchors=near_keywords(_CREDIT_SCORE_WORDS.first_words, 40, 24),
            ),
            Pattern.compile(
                "own-score",
                rf"{_SCORE}(?!\s*/)",
                0.6,
                validator=_credit_score_range,
                anchors=_own_score_anchors,
            ),
        ],
        context=_CREDIT_SCORE_WORDS,
        context_boost=0.25,
        window=(40, 24),
    )
