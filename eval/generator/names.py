"""Person names (several cultures), nicknames, social handles and e-mail addresses.

Faker supplies names for its locales; cultures Faker lacks in Latin script
(Chinese, Korean, Arabic, Vietnamese) use curated romanized lists so the
detector sees the names people actually type in English text.
"""

from __future__ import annotations

import random
import unicodedata
from dataclasses import dataclass
from functools import cache

from faker import Faker

FAKER_LOCALES = {
    "en_US": "en_US", "en_GB": "en_GB", "en_IN": "en_IN", "de_DE": "de_DE", "fr_FR": "fr_FR",
    "es_ES": "es_ES", "it_IT": "it_IT", "pt_BR": "pt_BR", "nl_NL": "nl_NL", "ja_JP": "ja_JP",
    "en_CA": "en_US", "en_AU": "en_AU", "en_NG": "en_NG", "es_MX": "es_MX", "pl_PL": "pl_PL",
    "tr_TR": "tr_TR", "sv_SE": "sv_SE",
}


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


CURATED: dict[str, dict[str, tuple[str, ...]]] = {
    "zh": {
        "last": _words("Wang Li Zhang Liu Chen Yang Huang Zhao Wu Zhou Xu Sun Ma Zhu Hu Guo He Lin Luo Gao Zheng Liang"
                       " Xie Song Tang Han Feng Deng Cao Peng Zeng Xiao Tian Dong Pan Yuan Cai Jiang Yu Du Ye Cheng Wei"
                       " Su Lyu Ding Ren Shen Yao Lu"),
        "female": _words("Xiaoling Mei Jing Yan Hui Ying Xiu Lan Fang Min Ting Yue Qian Wenjing Xinyi Yuxin Jiayi"
                         " Zihan Shuang Lihua Meiling Xiaomei Ruoxi Yiting Huilin Shu Na"),
        "male": _words("Wei Jun Hao Lei Jian Ming Qiang Tao Yong Bo Zhiwei Jianguo Yifan Haoran Zihao Yuchen Junjie"
                       " Tianyu Xiaoming Zhenyu Kai Peng Long Bin Chao"),
    },
    "ko": {
        "last": _words("Kim Lee Park Choi Jung Kang Cho Yoon Jang Lim Han Oh Seo Shin Kwon Hwang Ahn Song Yoo Hong"),
        "female": _words("Ji-woo Seo-yeon Min-ji Ha-eun Su-bin Ye-jin Eun-ji Hye-jin Ji-hye Yu-na Soo-ah Da-eun"
                         " Min-seo Ji-yeon Na-rae"),
        "male": _words("Min-jun Seo-jun Do-yoon Ji-ho Hyun-woo Jun-young Sung-min Dong-hyun Jae-won Tae-yang Joon-ho"
                       " Woo-jin Sang-hoon Young-ho"),
    },
    "ar": {
        "last": _words("Al-Sayed Haddad Khalil Nasser Hassan Ibrahim Mansour Saleh Abdullah Karim Farouk Aziz Rahman"
                       " Al-Amin Hamdan Suleiman Darwish Youssef Khoury Barakat El-Masri Qureshi Hamid Bakr Zayed"),
        "female": _words("Fatima Aisha Layla Mariam Noor Yasmin Huda Rania Salma Amira Zainab Leila Hana Samira Dalia"
                         " Nadia Lina Reem Sara Mona"),
        "male": _words("Ahmed Mohammed Omar Ali Hassan Khalid Youssef Ibrahim Tariq Karim Samir Mahmoud Bilal Rami"
                       " Faisal Hamza Nabil Ziad Walid Adel"),
    },
    "vi": {
        "last": _words("Nguyen Tran Le Pham Hoang Huynh Phan Vu Vo Dang Bui Do Ho Ngo Duong Ly"),
        "female": _words("Linh Lan Mai Huong Thao Trang Ngoc Hanh Phuong Anh Thu Vy My Nhung"),
        "male": _words("Minh Duc Tuan Hung Quang Long Nam Khoa Bao Huy Thanh Vinh Dung Phong"),
    },
}

# Short forms people really use; anything else falls back to a clipped form.
NICKNAMES: dict[str, tuple[str, ...]] = {
    "Alexander": ("Alex", "Xander", "Sasha"), "Alexandra": ("Alex", "Sasha", "Lexi"), "Elizabeth": ("Liz", "Beth", "Lizzie"),
    "William": ("Will", "Bill", "Billy"), "Robert": ("Rob", "Bob", "Bobby"), "Katherine": ("Kate", "Katie", "Kat"),
    "Catherine": ("Cat", "Cathy", "Kate"), "Michael": ("Mike", "Mikey"), "Jennifer": ("Jen", "Jenny"),
    "Christopher": ("Chris", "Topher"), "Daniel": ("Dan", "Danny"), "Margaret": ("Maggie", "Meg", "Peggy"),
    "Nicholas": ("Nick", "Nicky"), "Samantha": ("Sam", "Sammy"), "Samuel": ("Sam", "Sammy"), "Jonathan": ("Jon", "Jonny"),
    "Benjamin": ("Ben", "Benji"), "Matthew": ("Matt", "Matty"), "Joseph": ("Joe", "Joey"), "Thomas": ("Tom", "Tommy"),
    "Richard": ("Rich", "Rick", "Ricky"), "James": ("Jim", "Jamie", "Jimmy"), "Patricia": ("Pat", "Trish", "Patty"),
    "Rebecca": ("Becca", "Becky"), "Victoria": ("Tori", "Vicky"), "Anthony": ("Tony", "Ant"), "Jessica": ("Jess", "Jessie"),
    "Abigail": ("Abby", "Gail"), "Theodore": ("Teddy", "Theo"), "Frederick": ("Fred", "Freddie"), "Edward": ("Ed", "Eddie", "Ted"),
    "Stephanie": ("Steph", "Stevie"), "Zachary": ("Zach", "Zack"), "Gabriel": ("Gabe", "Gabi"), "Andrew": ("Andy", "Drew"),
    "Susan": ("Sue", "Suzy"), "Deborah": ("Deb", "Debbie"), "Timothy": ("Tim", "Timmy"), "Gregory": ("Greg",),
    "Jacqueline": ("Jackie",), "Francesca": ("Frankie", "Fran"), "Giuseppe": ("Beppe", "Peppe"), "Francesco": ("Checco", "Franco"),
    "Alessandro": ("Ale", "Sandro"), "Giovanni": ("Gianni", "Nanni"), "José": ("Pepe", "Chema"), "Francisco": ("Paco", "Pancho"),
    "Guillermo": ("Memo", "Guille"), "Ignacio": ("Nacho",), "Dolores": ("Lola",), "Manuel": ("Manolo", "Manu"),
    "Eduardo": ("Edu", "Lalo"), "Wolfgang": ("Wolfi",), "Johannes": ("Hannes", "Jo"), "Katharina": ("Kathi", "Kat"),
    "Friedrich": ("Fritz",), "Stefanie": ("Steffi",), "Maximilian": ("Max", "Maxi"), "Alexandre": ("Alex",),
    "Frédéric": ("Fred",), "Mohammed": ("Mo", "Hamoudi"), "Muhammad": ("Mo",), "Abdullah": ("Abdul",),
    "Venkatesh": ("Venky",), "Rajesh": ("Raj",), "Oluwaseun": ("Seun",), "Chukwuemeka": ("Emeka",), "Adebayo": ("Bayo",),
    "Olufunmilayo": ("Funmi",), "Oluwasanmi": ("Sanmi",), "Takahiro": ("Taka",), "Kentaro": ("Ken",), "Christian": ("Chris",),
    "Christine": ("Chrissy", "Tina"), "Patrick": ("Paddy", "Pat"), "Joshua": ("Josh",), "Nathaniel": ("Nate", "Nat"),
    "Isabella": ("Bella", "Izzy"), "Isabel": ("Izzy", "Bel"), "Charlotte": ("Lottie", "Charlie"), "Eleanor": ("Ellie", "Nora"),
    "Penelope": ("Penny",), "Dorothy": ("Dot", "Dottie"), "Kimberly": ("Kim",), "Madeleine": ("Maddie",),
    "Madison": ("Maddie",), "Vincent": ("Vince", "Vinny"), "Leonardo": ("Leo",), "Santiago": ("Santi",),
    "Mariana": ("Mari",), "Fernanda": ("Fer", "Nanda"), "Beatriz": ("Bia", "Bea"), "Gabriela": ("Gabi",),
    "Rafael": ("Rafa",), "Guilherme": ("Gui",), "Priyanka": ("Priya",), "Aishwarya": ("Ash",), "Sebastian": ("Seb", "Basti"),
    "Nicolas": ("Nico",), "Valentina": ("Vale",), "Jacob": ("Jake",), "Kenneth": ("Ken", "Kenny"), "Lawrence": ("Larry",),
    "Ronald": ("Ron", "Ronnie"), "Raymond": ("Ray",), "Douglas": ("Doug",), "Jeffrey": ("Jeff",), "Pamela": ("Pam",),
    "Cynthia": ("Cindy",), "Melissa": ("Mel", "Missy"), "Amanda": ("Mandy",), "Natalie": ("Nat",), "Nathalie": ("Nat",),
}
GENERIC_NICKNAMES = ("Sunny", "Ace", "Bear", "Coco", "Jojo", "Lulu", "Kiki", "Red", "Bee", "Doc", "Buddy", "Boo",
                     "Chip", "Sparky", "Mimi", "Tiny", "Bunny", "Pip", "Scout", "Ziggy", "Moose", "Beans", "Dede")


@cache
def _faker(locale: str) -> Faker:
    # only the providers used here: loading all of Faker's providers costs seconds
    return Faker(locale, providers=["faker.providers.person", "faker.providers.company"])


@dataclass(frozen=True)
class PersonName:
    first: str
    last: str
    middle_initial: str = ""

    @property
    def full(self) -> str:
        mid = f" {self.middle_initial}." if self.middle_initial else ""
        return f"{self.first}{mid} {self.last}"


def make_name(rng: random.Random, source: str, gender: str, last: str | None = None) -> PersonName:
    """A culture-appropriate name; `last` forces a family name (relatives)."""
    sex = gender if gender in ("female", "male") else rng.choice(("female", "male"))
    if source in CURATED:
        pool = CURATED[source]
        first = rng.choice(pool[sex])
        family = last or rng.choice(pool["last"])
    else:
        fake = _faker(FAKER_LOCALES[source])
        fake.seed_instance(rng.getrandbits(32))
        if source == "ja_JP":
            first = fake.first_romanized_name_female() if sex == "female" else fake.first_romanized_name_male()
            family = last or fake.last_romanized_name()
        else:
            first = fake.first_name_female() if sex == "female" else fake.first_name_male()
            family = last or fake.last_name()
    first = first.split()[0] if source not in ("pt_BR",) else first  # keep "Ana Júlia"
    middle = rng.choice("ABCDEFGHJKLMNPRSTW") if source in ("en_US", "en_CA") and rng.random() < 0.12 else ""
    return PersonName(first, family, middle)


def make_nickname(rng: random.Random, first: str) -> str:
    known = NICKNAMES.get(first)
    if known and rng.random() < 0.85:
        return rng.choice(known)
    base = ascii_fold(first).replace("-", "")
    roll = rng.random()
    if roll < 0.6 and len(base) >= 5:
        clip = base[: rng.choice((3, 4))].rstrip()     # "Ana Julia" -> "Ana", not "Ana "
        return clip + ("y" if clip[-1] not in "aeiouy" and rng.random() < 0.4 else "")
    return rng.choice(GENERIC_NICKNAMES)


def ascii_fold(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _slug(text: str) -> str:
    return "".join(c for c in ascii_fold(text).lower() if c.isalnum())


HANDLE_WORDS = ("runs", "cooks", "travels", "reads", "codes", "draws", "lifts", "bakes", "hikes", "shoots", "writes",
                "dev", "art", "fit", "eats", "music", "photo", "studio", "designs", "films", "plays", "gardens")


def make_handle(rng: random.Random, name: PersonName, birth_year: int) -> str:
    first, last = _slug(name.first), _slug(name.last)
    yy = f"{birth_year % 100:02d}"
    shapes = (
        f"{first}_{last}", f"{first}.{last}", f"{first}{last}{yy}", f"{first[0]}{last}", f"{last}.{first[0]}",
        f"{first}_{rng.choice(HANDLE_WORDS)}", f"the{first}{last[:1]}", f"{first}{rng.randint(1, 999)}",
        f"{first}.{rng.choice(HANDLE_WORDS)}", f"real{first}{last[:3]}", f"{first}x{last}", f"{last}_{first}_{yy}",
    )
    return "@" + rng.choice(shapes)[:24]


EMAIL_DOMAINS = {
    "US": ("gmail.com", "yahoo.com", "outlook.com", "icloud.com", "hotmail.com", "aol.com", "proton.me"),
    "GB": ("gmail.com", "outlook.com", "yahoo.co.uk", "btinternet.com", "hotmail.co.uk", "sky.com"),
    "IN": ("gmail.com", "yahoo.co.in", "rediffmail.com", "outlook.com", "hotmail.com"),
    "DE": ("gmail.com", "web.de", "gmx.de", "t-online.de", "posteo.de", "outlook.de"),
    "FR": ("gmail.com", "orange.fr", "free.fr", "laposte.net", "hotmail.fr", "sfr.fr"),
    "ES": ("gmail.com", "hotmail.es", "yahoo.es", "outlook.es", "telefonica.net"),
    "IT": ("gmail.com", "libero.it", "virgilio.it", "hotmail.it", "tiscali.it"),
    "BR": ("gmail.com", "uol.com.br", "terra.com.br", "bol.com.br", "hotmail.com"),
    "NL": ("gmail.com", "ziggo.nl", "kpnmail.nl", "hotmail.nl", "outlook.com"),
    "JP": ("gmail.com", "yahoo.co.jp", "docomo.ne.jp", "icloud.com", "outlook.jp"),
    "CA": ("gmail.com", "rogers.com", "shaw.ca", "outlook.com", "yahoo.ca", "sympatico.ca"),
    "AU": ("gmail.com", "bigpond.com", "outlook.com", "optusnet.com.au", "yahoo.com.au"),
    "NG": ("gmail.com", "yahoo.com", "outlook.com", "hotmail.com"),
    "MX": ("gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "prodigy.net.mx"),
}


def make_email(rng: random.Random, name: PersonName, birth_year: int, country: str, work_domain: str | None = None) -> str:
    first, last = _slug(name.first), _slug(name.last)
    if work_domain and rng.random() < 0.5:
        local = rng.choice((f"{first}.{last}", f"{first[0]}{last}", f"{first}", f"{first}_{last}"))
        return f"{local}@{work_domain}"
    yy = f"{birth_year % 100:02d}"
    local = rng.choice((
        f"{first}.{last}", f"{first}{last}", f"{first[0]}.{last}", f"{first}_{last}{yy}", f"{last}.{first}",
        f"{first}{last[0]}{rng.randint(1, 99)}", f"{first}.{last}{birth_year}", f"{first[0]}{last}{yy}",
    ))
    return f"{local}@{rng.choice(EMAIL_DOMAINS.get(country, EMAIL_DOMAINS['US']))}"
