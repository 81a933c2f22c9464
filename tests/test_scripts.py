"""PII in other scripts: form labels, self-introductions and number shapes in Chinese, Japanese, Korean, Cyrillic,
Arabic, Devanagari, Thai, Greek and Hebrew text."""

from __future__ import annotations

import pytest

from proxy.recognizers.scripts import other_script_recognizer


def found(text: str) -> list[tuple[str, str]]:
    out = []
    for e in sorted(other_script_recognizer().analyze(text), key=lambda e: e.start):
        assert text[e.start:e.end] == e.text
        if (e.text, e.tag) not in out:
            out.append((e.text, e.tag))
    return out


@pytest.mark.parametrize(("text", "expected"), [
    ("姓名：张伟，电话：13812345678，身份证号：110101199003074514，地址：北京市朝阳区建国路88号。我得了流感。",
     [("张伟", "Full Name"), ("13812345678", "Phone Number"), ("110101199003074514", "Social Security Number"),
      ("北京市朝阳区建国路88号", "Street Address")]),
    ("氏名：山田太郎　住所：〒150-0002 東京都渋谷区渋谷2-21-1　電話：03-1234-5678\n生年月日：1985年4月12日",
     [("山田太郎", "Full Name"), ("〒150-0002 東京都渋谷区渋谷2-21-1", "Street Address"), ("03-1234-5678", "Phone Number"),
      ("1985年4月12日", "Date")]),
    ("안녕하세요. 제 이름은 김민수이고 주민등록번호는 850312-1234567입니다. 전화 010-1234-5678.",
     [("김민수", "Full Name"), ("850312-1234567", "Social Security Number"), ("010-1234-5678", "Phone Number")]),
    ("ФИО: Иванов Иван Иванович\nАдрес: г. Москва, ул. Ленина, д. 5, кв. 12\nИНН: 500100732259",
     [("Иванов Иван Иванович", "Full Name"), ("г. Москва, ул. Ленина, д. 5, кв. 12", "Street Address"),
      ("500100732259", "Tax ID")]),
    ("Здравствуйте! Меня зовут Иван Петров, паспорт 4510 123456.",
     [("Иван Петров", "Full Name"), ("4510 123456", "Passport Number")]),
    ("مرحبا، اسمي أحمد الحربي، رقم الهوية 1012345678، هاتفي 0501234567. كيف أجدد الإقامة؟",
     [("أحمد الحربي", "Full Name"), ("1012345678", "Social Security Number"), ("0501234567", "Phone Number")]),
    ("मेरा नाम राहुल शर्मा है और मेरा आधार 2341 2341 2346 है", [("राहुल शर्मा", "Full Name"),
                                                           ("2341 2341 2346", "Social Security Number")]),
    ("ฉันชื่อสมชาย ใจดี เบอร์โทร 081-234-5678", [("สมชาย ใจดี", "Full Name"), ("081-234-5678", "Phone Number")]),
    ("Με λένε Γιώργο Παπαδόπουλο, τηλ 6912345678", [("Γιώργο Παπαδόπουλο", "Full Name"),
                                                   ("6912345678", "Phone Number")]),
    ("קוראים לי דנה כהן, טלפון 052-1234567", [("דנה כהן", "Full Name"), ("052-1234567", "Phone Number")]),
    # the parties of a contract, passwords and user names, an employee number
    ("出租方（甲方）：王建国  身份证号：110108196705213418", [("王建国", "Full Name"),
                                                   ("110108196705213418", "Social Security Number")]),
    ("アイディ\nユーザー名 k.nakamura03、パスワード Sakura#2024! で合ってる", [("k.nakamura03", "Social Media Handle"),
                                                                ("Sakura#2024!", "Password Hash")]),
    ("회사는 (주)대성물류, 사장 이름은 최동수, 제 사번은 DS-1127이에요.", [("(주)대성물류", "Company Name"),
                                                          ("최동수", "Full Name"), ("DS-1127", "Employee ID")]),
    # Russian and Ukrainian names with patronymics in any case; Japanese names before an honorific
    ("Руководителю ООО «ДНС Ритейл»\nот Волкова Дмитрия Андреевича\nполучатель Волков Д. А.",
     [("ООО «ДНС Ритейл»", "Company Name"), ("Волкова Дмитрия Андреевича", "Full Name"), ("Волков Д. А.", "Full Name")]),
    ("部長は田中 誠さん、部長さんにも", [("田中 誠", "Full Name")]),
    # a card number after a card word; Taiwan's and Hong Kong's ID cards
    ("我的招商银行卡 6225 8812 3456 7890 有异常交易", [("6225 8812 3456 7890", "Credit Card")]),
    ("身分證字號：A223456789\n我叫黃家豪，香港身份證 Y123456(7)，", [("A223456789", "Social Security Number"),
                                                     ("黃家豪", "Full Name"), ("Y123456(7)", "Social Security Number")]),
])
def test_other_scripts(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize("text", [
    "My phone is 555 0134 and my name is Ann.",  # Latin script: the other recognizers' work
    "我的电脑坏了，怎么办？",  # no PII
    "订单号110101199003074515已发货",  # 18 digits failing a resident ID's check digit, under no ID label
    "ФИО: не указано",  # a form's "not given"
    "मेरा नाम गलत छपा है",  # "my name is printed wrong": the everyday word, no label
])
def test_nothing_found(text: str) -> None:
    assert found(text) == []
