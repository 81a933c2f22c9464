"""PII written in other scripts: Chinese, Japanese, Korean, Cyrillic, Arabic, Persian, Devanagari, Thai, Greek, Hebrew.

The model and most recognizers read Latin script; a prompt in Chinese or Russian names its people and numbers in
ways they miss. Chinese, Japanese and Thai put no spaces between words, so a word-based label ("phone") cannot see
"电话：13812345678" or "我的身份证号是110101199003074514". This module reads such text by three cues:

* a form label in the script, then its value ("姓名：张伟", "住所：〒150-0002 東京都渋谷区...", "이름: 김민수",
  "ФИО: Иванов Иван Иванович", "الاسم: أحمد الحربي", "नाम: राहुल शर्मा"), the value's shape checked per tag;
* a self-introduction ("我叫张伟", "私は山田太郎です", "제 이름은 김민수", "Меня зовут Иван Петров", "اسمي أحمد",
  "मेरा नाम राहुल है", "ฉันชื่อสมชาย", "Με λένε Γιώργο", "קוראים לי דנה");
* numbers whose shape and check digits say what they are: a Chinese resident ID (`stdnum.cn.ric`), a Korean RRN,
  a Thai ID (`stdnum.th.pin`), Chinese and Korean mobile numbers, and dates written with 年月日 / 년월일.

Values end at the script's punctuation ("，", "。", "、", "،") or a particle ("是", "です", "입니다", "이고").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from stdnum.cn import ric
from stdnum.th import pin

from proxy.entities import Entity
from proxy.recognizers.base import PatternRecognizer
from proxy.recognizers.scan import ScanText

SCORE = 0.8

_HAN = "\u4e00-\u9fff\u3400-\u4dbf"
_KANA = "\u3040-\u30ff"
_HANGUL = "\uac00-\ud7a3"
_CYRILLIC_UPPER = "А-ЯЁЇІЄҐ"
_CYRILLIC_LOWER = "а-яёїієґ"
_ARABIC = "\u0621-\u064a\u066e-\u06d3\u06fa-\u06ff"  # letters, not "،" "؛" "؟" or Arabic-Indic digits
_DEVANAGARI = "\u0900-\u097f"
_THAI = "\u0e00-\u0e7f"
_GREEK_UPPER = "Α-ΩΆΈΉΊΌΎΏ"
_GREEK_LOWER = "α-ωάέήίόύώϊϋΐΰς"
_HEBREW = "\u0590-\u05ff"
# any of these scripts in the text: the module runs only then
_OTHER_SCRIPT = re.compile(f"[{_HAN}{_KANA}{_HANGUL}{_CYRILLIC_UPPER}{_CYRILLIC_LOWER}{_ARABIC}{_DEVANAGARI}{_THAI}"
                           f"{_GREEK_UPPER}{_GREEK_LOWER}{_HEBREW}]")

# a person's name in each script (no spaces in Chinese, Korean or Thai given names; Japanese may hold one)
_NAME = (
    rf"[{_HAN}]{{2,4}}(?:[ ][{_HAN}{_KANA}]{{1,4}})?|[{_KANA}][{_KANA}・ー]{{1,12}}|[{_HANGUL}]{{2,4}}"
    rf"|[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]+[ \t]+[{_CYRILLIC_UPPER}]\.[ \t]?[{_CYRILLIC_UPPER}]\."
    rf"|[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]+(?:[ \t]+[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]+){{0,2}}"
    rf"|[{_ARABIC}]{{2,}}(?:[ \t]+[{_ARABIC}]{{2,}}){{0,3}}"
    rf"|[{_DEVANAGARI}]{{2,}}(?:[ \t]+(?!(?:है|हूँ|हूं|और|का|की|के|को|ने)(?![{_DEVANAGARI}]))[{_DEVANAGARI}]{{2,}}){{0,2}}"
    rf"|[{_THAI}]{{2,}}(?:[ \t]+[{_THAI}]{{2,}})?"
    rf"|[{_GREEK_UPPER}][{_GREEK_LOWER}]+(?:[ \t]+[{_GREEK_UPPER}][{_GREEK_LOWER}]+){{0,2}}"
    rf"|[{_HEBREW}]{{2,}}(?:[ \t]+[{_HEBREW}]{{2,}}){{0,2}}"
)
# what may follow a name: punctuation, the end, a space, or a particle of the sentence
_NAME_END = (r"(?=[，,。.、；;：:！!？?\s（()\]】」』،؛؟]|$|是|です|だ|と申|입니다|이고|이며|이에요|예요|이야|씨|님|인데|"
             r"है|हूँ|हूं|ครับ|ค่ะ|คะ)")

_LABELS: dict[str, tuple[str, ...]] = {
    "Full Name": ("姓名", "名字", "氏名", "名前", "お名前", "이름", "성명", "성함", "ФИО", "Ф.И.О.", "Имя", "Фамилия", "Ім'я",
                  "Прізвище", "ПІБ", "الاسم", "الاسم الكامل", "नाम", "ชื่อ-นามสกุล", "ชื่อ", "Όνομα", "Ονοματεπώνυμο",
                  "שם מלא", "שם", "نام و نام خانوادگی", "نام",
                  # the parties of forms and letters
                  "甲方", "乙方", "出租方", "承租方", "收货人", "联系人", "被保险人", "被保險人", "申请人", "借款人", "担保人",
                  "患者", "委托人", "法定代表人", "申請人", "届け先", "宛先", "差出人", "契約者", "임대인", "임차인", "신청인",
                  "담당자", "Получатель", "получатель", "Заявитель", "Работник", "العميل", "المريض", "المستأجر", "المؤجر",
                  "Υπογραφή", "חתימה"),
    "Street Address": ("地址", "住址", "家庭住址", "住所", "주소", "Адрес", "Адреса", "العنوان", "पता", "ที่อยู่",
                       "Διεύθυνση", "כתובת", "آدرس", "نشانی"),
    "Phone Number": ("电话", "手机", "手机号", "電話", "電話番号", "携帯", "携帯電話", "전화", "전화번호", "휴대폰", "연락처",
                     "Телефон", "Тел.", "Тел", "Моб.", "هاتف", "الهاتف", "رقم الهاتف", "جوال", "الجوال", "رقم جواله",
                     "رقم جوالي", "جواله", "تلفن همراه", "شماره تلفن", "फ़ोन", "फोन",
                     "मोबाइल", "โทร", "เบอร์โทร", "Τηλέφωνο", "Τηλ.", "Τηλ", "טלפון", "נייד", "تلفن", "موبایل"),
    "Social Security Number": ("身份证号", "身份证号码", "身份证", "公民身份号码", "身分證字號", "身分證", "香港身份證",
                               "医保卡号", "健保卡號", "マイナンバー", "個人番号", "주민등록번호", "환자번호", "СНИЛС", "полис ОМС",
                               "полис", "РНОКПП", "رقم الهوية الإماراتية", "رقم الهوية", "الهوية الوطنية", "الرقم القومي",
                               "رقم الإقامة", "شماره بیمه", "आधार", "आधार नंबर",
                               "เลขประจำตัวประชาชน", "ΑΜΚΑ", "תעודת זהות", "ת.ז.", "ת\"ז", "کد ملی"),
    "Passport Number": ("护照号", "护照号码", "护照", "旅券番号", "여권번호", "Паспорт", "паспорт", "Паспорт серия",
                        "رقم الجواز", "جواز السفر", "पासपोर्ट", "หนังสือเดินทาง", "Διαβατήριο", "דרכון", "گذرنامه"),
    "Tax ID": ("ИНН", "税号", "納税者番号", "사업자등록번호", "الرقم الضريبي", "ΑΦΜ"),
    "Password Hash": ("密码", "密碼", "登录密码", "パスワード", "비밀번호", "비번", "Пароль", "пароль", "كلمة المرور",
                      "كلمة السر", "पासवर्ड", "รหัสผ่าน", "Κωδικός", "κωδικός", "סיסמה", "رمز عبور"),
    "Social Media Handle": ("用户名", "用戶名", "ユーザー名", "ユーザーID", "아이디", "사용자명", "Логин", "логин",
                            "اسم المستخدم", "यूज़रनेम", "ชื่อผู้ใช้"),
    "Employee ID": ("工号", "社員番号", "사번", "Табельный номер", "табельний номер", "табельный номер"),
    "Bank Account": ("银行卡号", "账号", "口座番号", "계좌번호", "계좌", "Номер счета", "Счёт", "Счет", "رقم الحساب", "खाता संख्या",
                     "เลขบัญชี", "מספר חשבון"),
}
_LABEL_TAG = {label.casefold(): tag for tag, labels in _LABELS.items() for label in labels}
# labels that are also everyday words ("नाम गलत छपा है", "the name is printed wrong"): a colon or a particle must
# follow them
_WORD_LABELS = frozenset(label.casefold() for label in (
    "नाम", "שם", "نام", "ชื่อ", "Имя", "Фамилия", "Όνομα", "이름", "名字", "الاسم", "Ім'я"))
_LABEL = "|".join(re.escape(label) for label in sorted(_LABEL_TAG, key=len, reverse=True))
# a party's role in brackets may stand between ("出租方（甲方）："), and a number sign ("декларація №")
_LINK = r"(?:[ \t]*[（(][^）)\n]{1,8}[）)])?[ \t　]*(?:[:：]|是|は|은|는|:?[ \t]*—|-)?[ \t　]*(?:№[ \t]*)?"
# the value runs to the line's end, the script's punctuation, a full-width space or the next label
# (an Arabic label may carry a possessive: "هاتفي 0501234567", "my phone")
_LABELLED = re.compile(rf"(?P<label>(?i:{_LABEL}))(?:ي|ی)?{_LINK}(?P<value>(?:(?!(?i:{_LABEL}))[^\n，。；;،؛　]){{1,100}})")

_VALUE_SHAPES = {
    "Full Name": re.compile(rf"(?:{_NAME}){_NAME_END}"),
    # up to the line's end, the script's punctuation or a full-width space (Japanese forms put the next field there);
    # a Chinese, Japanese or Korean address holds no comma ("... 1203호, 보증금 받을 제 계좌 ..." goes on with a clause)
    "Street Address": re.compile(rf"[{_HAN}{_KANA}{_HANGUL}〒][^\n，,；;。　]{{2,98}}[^\s,.，；;。　]"
                                 r"|[^\n，；;。　]{3,99}[^\s,.，；;。　]"),
    "Phone Number": re.compile(r"\+?[\d(][\d ()\-–]{6,18}\d"),
    "Social Security Number": re.compile(r"[\dA-Za-z][\dA-Za-z \-]{4,20}[\dA-Za-z](?:\([\dA]\))?"),
    "Passport Number": re.compile(r"[\dA-Z](?:[\dA-Z ]{4,14})[\dA-Z]"),
    "Tax ID": re.compile(r"[\dA-Z][\d\-]{7,14}\d"),
    "Bank Account": re.compile(r"\d[\d \-]{6,30}\d"),
    "Password Hash": re.compile(r"[^\s，,。、；;]{4,64}"),
    "Social Media Handle": re.compile(r"[A-Za-z0-9][\w.-]{2,38}"),
    "Employee ID": re.compile(r"[\dA-Za-z][\dA-Za-z\-]{2,14}[\dA-Za-z]"),
}

# self-introductions: "我叫张伟", "我是张伟" (only before a comma or a full stop), "私は山田太郎です", "제 이름은 김민수",
# "저는 김민수입니다", "Меня зовут Иван Петров", "Мене звати ...", "اسمي أحمد", "मेरा नाम राहुल है", "ฉันชื่อสมชาย",
# "Με λένε Γιώργο", "קוראים לי דנה", "اسم من ... است"
_SELF = re.compile(
    r"(?:我叫|我的名字是|我的名字叫|我是(?=[^，,。]{2,4}[，,。])|私は|わたしは|僕は|제 이름은|저는|내 이름은|Меня зовут|меня зовут"
    r"|Мене звати|мене звати|Я —|اسمي|أنا اسمي|मेरा नाम|मेरा नाम है|ฉันชื่อ|ผมชื่อ|ดิฉันชื่อ|Με λένε|με λένε|Λέγομαι"
    r"|ชื่อผม|ชื่อฉัน|ชื่อของฉัน|קוראים לי|שמי|השם שלי|השם שלו|השם שלה|اسم من|اسمش|اسمه|اسمها|उनका नाम|इनका नाम|उसका नाम)[ \t　]*"
    rf"(?P<value>{_NAME}){_NAME_END}"
)
# Hindi words that follow "मेरा नाम" when it is not an introduction ("मेरा नाम गलत छपा है", "my name is printed wrong")
_NOT_HINDI_NAMES = frozenset("गलत सही छपा लिखा बदल बदला क्या कैसे नहीं भी पर में से".split())
# Korean particles and Japanese copulas a name may carry: "김민수이고" -> "김민수"
_NAME_TAIL = re.compile(r"(?:이고|입니다|이에요|예요|이며|이야|씨|님|은|는|이|가|을|를|의|です|と申します|さん|様)$")

_CHINESE_ID = re.compile(r"(?<![\dA-Za-z])\d{17}[\dXx](?![\dA-Za-z])")
_KOREAN_RRN = re.compile(r"(?<!\d)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-[1-8]\d{6}(?!\d)")
_THAI_ID = re.compile(r"(?<!\d)\d[- ]?\d{4}[- ]?\d{5}[- ]?\d{2}[- ]?\d(?!\d)")
_CHINESE_MOBILE = re.compile(r"(?<![\d+])(?:\+?86[ -]?)?1[3-9]\d[ -]?\d{4}[ -]?\d{4}(?!\d)")
_KOREAN_MOBILE = re.compile(r"(?<![\d+])01[016789]-\d{3,4}-\d{4}(?!\d)")
# a Russian or Ukrainian full name with its patronymic, in any case ("Смирнов Игорь Петрович", "от Волкова Дмитрия
# Андреевича", "Шевчук Олена Миколаївна"), or a surname with initials ("Волков Д. А.")
_PATRONYMIC_NAME = re.compile(
    rf"(?<![{_CYRILLIC_LOWER}{_CYRILLIC_UPPER}])[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]+[ \t]+[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]+"
    rf"[ \t]+[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}]+(?:ович|евич|ьич|ич|овна|евна|ична|івна|ївна|инична)"
    rf"(?:а|у|ем|ом|е|ой|ою|у|і)?(?![{_CYRILLIC_LOWER}])"
    rf"|(?<![{_CYRILLIC_LOWER}{_CYRILLIC_UPPER}])[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}'’-]{{2,}}[ \t]+[{_CYRILLIC_UPPER}]\.[ \t]?[{_CYRILLIC_UPPER}]\."
)
# a name before an honorific: Japanese "田中 誠さん", "渡辺様", Korean "이영호 씨" (not a role: "部長さん", "고객님")
_HONORIFIC_NAME = re.compile(
    rf"(?P<value>[{_HAN}]{{1,3}}[ ]?[{_HAN}{_KANA}]{{1,3}}|[{_HANGUL}]{{2,4}})[ ]?(?:さん|様|さま|氏|くん|ちゃん|씨)"
)
_ROLES = frozenset(
    "部長 課長 社長 店長 先生 担当 お客 大家 医者 運転手 皆 奥 係長 主任 会長 専務 常務 先輩 後輩 お母 お父 お兄 お姉 "
    "고객 선생 사장 부장 과장 팀장 대리 회장 교수 의사 기사 여러분 아저 아주머니 환자 언니 오빠 누나 형".split())
# companies by their legal form in these scripts: "深圳市华源电子有限公司", "株式会社ミドリ商事", "(주)대성물류",
# "ООО «ДНС Ритейл»", "شركة الأفق للاستشارات", "บริษัท ... จำกัด"
_COMPANY = re.compile(
    rf"[{_HAN}]{{2,16}}(?:股份有限公司|有限公司|有限責任公司|集团|株式会社|有限会社)"
    rf"|(?:株式会社|有限会社|合同会社)[{_HAN}{_KANA}A-Za-z]{{2,16}}"
    rf"|(?:\(주\)|㈜|주식회사)[ ]?[{_HANGUL}A-Za-z]{{2,12}}|[{_HANGUL}]{{2,12}}주식회사"
    rf"|(?:ООО|ОАО|ЗАО|ПАО|АО|ТОВ|ПрАТ)[ \t]+[«\"][^»\"\n]{{2,40}}[»\"]"
    rf"|شركة[ \t]+[{_ARABIC}]{{2,}}(?:[ \t]+[{_ARABIC}]{{2,}}){{0,3}}"
    rf"|บริษัท[ \t]?[^\n]{{2,40}}?[ \t]?จำกัด"
)
# a card number beside a card word of these scripts ("招商银行卡 6225 8812 3456 7890", "карту 4276 4400 ...")
_CARD = re.compile(
    r"(?:卡号|银行卡|卡|カード|카드|карт[аыуеой]|картк[аиу]|بطاقة|कार्ड|บัตร)[^\d\n]{0,8}?"
    r"(?P<value>\d{4}(?:[ -]?\d{4}){2}[ -]?\d{4}(?:[ -]?\d{1,3})?)(?!\d)"
)
# Taiwan's and Hong Kong's identity card numbers: "A223456789", "Y123456(7)"
_TAIWAN_ID = re.compile(r"(?<![A-Za-z\d])[A-Z][12]\d{8}(?!\d)")
_HKID = re.compile(r"(?<![A-Za-z\d])[A-Z]{1,2}\d{6}\([\dA]\)")
_CJK_DATE = re.compile(r"(?:民國|民国)\d{2,3}年\d{1,2}月\d{1,2}日|(?<!\d)(?:19|20)\d{2}[ \t]?(?:年|년)[ \t]?\d{1,2}[ \t]?(?:月|월)[ \t]?\d{1,2}[ \t]?(?:日|일)")


class OtherScriptRecognizer(PatternRecognizer):
    """Names, addresses, phones and IDs in Chinese, Japanese, Korean, Cyrillic, Arabic, Persian, Devanagari, Thai,
    Greek and Hebrew text, by their labels, self-introductions and shapes (see the module doc)."""

    def __init__(self) -> None:
        super().__init__("other-script", (*_LABELS, "Date", "Credit Card", "Company Name"), [], default_tag=None)

    def analyze(self, text: str | ScanText) -> Iterator[Entity]:
        raw = text.text if isinstance(text, ScanText) else text
        if not _OTHER_SCRIPT.search(raw):
            return
        for match in _LABELLED.finditer(raw):
            label = match.group("label").casefold()
            tag = _LABEL_TAG[label]
            if label in _WORD_LABELS and not raw[match.end("label"):match.start("value")].strip(" \t　"):
                continue  # an everyday word needs its colon or particle: "이름은 최동수", not "नाम गलत छपा"
            shape = _VALUE_SHAPES[tag].match(match.group("value"))
            if shape is None:
                continue
            value = shape.group(0)
            if tag == "Full Name":
                value = _NAME_TAIL.sub("", value)
                if len(value) < 2:
                    continue
            start = match.start("value")
            yield self.entity(raw, start, start + len(value.rstrip()), tag, SCORE, "label")
        for match in _SELF.finditer(raw):
            value = _NAME_TAIL.sub("", match.group("value"))
            if len(value) >= 2 and not _NOT_HINDI_NAMES.intersection(value.split()):
                yield self.entity(raw, match.start("value"), match.start("value") + len(value), "Full Name", SCORE, "self")
        for match in _PATRONYMIC_NAME.finditer(raw):
            yield self.entity(raw, match.start(), match.end(), "Full Name", SCORE, "patronymic")
        for match in _HONORIFIC_NAME.finditer(raw):
            value = match.group("value")
            if value.replace(" ", "") not in _ROLES and not any(value.startswith(role) for role in _ROLES):
                yield self.entity(raw, match.start("value"), match.end("value"), "Full Name", SCORE, "honorific")
        for match in _CARD.finditer(raw):
            yield self.entity(raw, match.start("value"), match.end("value"), "Credit Card", SCORE, "card-word")
        for match in _COMPANY.finditer(raw):
            yield self.entity(raw, match.start(), match.end(), "Company Name", SCORE, "legal-form")
        for regex, tag, check in ((_CHINESE_ID, "Social Security Number", ric.is_valid),
                                  (_TAIWAN_ID, "Social Security Number", None), (_HKID, "Social Security Number", None),
                                  # an RRN's check digit is no longer issued since 2020: its date part and
                                  # century digit are checked by the pattern
                                  (_KOREAN_RRN, "Social Security Number", None),
                                  (_THAI_ID, "Social Security Number", pin.is_valid),
                                  (_CHINESE_MOBILE, "Phone Number", None), (_KOREAN_MOBILE, "Phone Number", None),
                                  (_CJK_DATE, "Date", None)):
            for match in regex.finditer(raw):
                if check is None or check(re.sub(r"[- ]", "", match.group(0))):
                    yield self.entity(raw, match.start(), match.end(), tag, SCORE, "shape")



def other_script_recognizer() -> OtherScriptRecognizer:
    return OtherScriptRecognizer()
