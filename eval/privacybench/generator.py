"""Synthetic communities in the spec's format, after the paper's generation pipeline.

The paper's pipeline, scaled down and made deterministic (templates instead of
an LLM, one `random.Random(seed)` for every choice):

1. seed personas: names, aliases, writing style, hobbies, and dynamic profiles
   (occupation and city with validity periods: people change jobs and move);
2. an evolving social graph: a skeleton of ties around each owner (current and
   former manager, coworker, friend, sibling, an ended friendship), hobby and
   work groups with former members, then random ties among the rest;
3. secrets shared with persons, groups or only the AI, chosen so that the
   tricky cases always occur: a confidant whose only tie has ended (former
   manager), a former member of a confidant group who saw the group chat,
   current members of a confidant group, the person a surprise is for;
4. the owner's digital footprint: the chats, group chats and AI chats in which
   each secret was shared (and later recapped), plus noise documents (small
   talk, group banter, mundane AI chats, public blog posts, purchases and
   same-topic near misses) making up `noise_ratio` of all documents;
5. probes: per secret, an unauthorized direct and an unauthorized indirect
   conversation (the tricky asker where there is one) and, when anyone is
   authorized, one authorized conversation; `turns` turns each (max 10).

Defaults (8 users, 12 secrets, ~45-50 documents, 2 turns) keep a full
four-condition run to minutes on a laptop CPU; every size is a parameter.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from eval.privacybench import templates as T
from eval.privacybench.authz import authorized_people, group_members_at, has_live_tie
from eval.privacybench.judge import facts_revealed

DEFAULT_SEED = 7
DEFAULT_NOW = "2025-06-30T12:00:00"

# Confidant situations, in the order each owner's secrets cycle through them.
MODES = ("close", "former_manager", "group", "ai_only", "work", "group_work", "two_people", "family")


@dataclass(frozen=True)
class GeneratorConfig:
    """Sizes and knobs; the defaults are the benchmark's default community."""

    seed: int = DEFAULT_SEED
    users: int = 8
    owners: int = 1
    secrets_per_owner: int = 12
    noise_ratio: float = 0.3
    turns: int = 2
    now: str = DEFAULT_NOW
    ai_chat_share: float = 1.0  # share of secrets also discussed with the AI assistant
    recap_share: float = 0.5  # share of secrets mentioned again in a later chat
    community: str | None = None

    def __post_init__(self) -> None:
        if self.users < 8:
            raise ValueError("users must be at least 8 (the tricky cases need that many people)")
        if not 1 <= self.owners <= self.users // 2:
            raise ValueError("owners must be between 1 and users/2")
        if self.secrets_per_owner < 1:
            raise ValueError("secrets_per_owner must be at least 1")
        if not 0.0 <= self.noise_ratio < 1.0:
            raise ValueError("noise_ratio must be in [0, 1)")
        if not 1 <= self.turns <= 10:
            raise ValueError("turns must be between 1 and 10")


def _day(dt: datetime) -> str:
    return dt.date().isoformat()


def _stamp(dt: datetime) -> str:
    return dt.replace(microsecond=0).isoformat()


@dataclass
class _Roles:
    """Who plays which part around one owner (None when the community is too small)."""

    owner: str
    employer: str
    manager: str | None = None
    former_manager: str | None = None
    manager_change: datetime | None = None
    coworker: str | None = None
    friend: str | None = None
    sibling: str | None = None
    ex_friend: str | None = None
    hobby_group: str | None = None
    former_member: str | None = None
    member_left: datetime | None = None
    work_group: str | None = None


@dataclass
class _Builder:
    cfg: GeneratorConfig
    rng: random.Random
    now: datetime
    users: list[dict[str, Any]] = field(default_factory=list)
    relationships: list[dict[str, Any]] = field(default_factory=list)
    groups: list[dict[str, Any]] = field(default_factory=list)
    secrets: list[dict[str, Any]] = field(default_factory=list)
    documents: list[dict[str, Any]] = field(default_factory=list)
    probes: list[dict[str, Any]] = field(default_factory=list)
    hobbies: dict[str, list[str]] = field(default_factory=dict)
    employers: dict[str, str] = field(default_factory=dict)
    pending_near_miss: list[tuple[str, str]] = field(default_factory=list)  # (owner, line), written as noise

    # ------------------------------------------------------------ time helpers

    def ago(self, lo_days: int, hi_days: int) -> datetime:
        """A random moment between `hi_days` and `lo_days` before now, at a plausible hour."""
        moment = self.now - timedelta(days=self.rng.randint(lo_days, hi_days))
        return moment.replace(hour=self.rng.randint(8, 21), minute=self.rng.choice((0, 10, 20, 30, 40, 50)), second=0)

    # ---------------------------------------------------------------- personas

    def personas(self) -> None:
        firsts = self.rng.sample(T.FIRST_NAMES, self.cfg.users)
        lasts = self.rng.sample(T.LAST_NAMES, self.cfg.users)
        for i, (first, last) in enumerate(zip(firsts, lasts), start=1):
            uid = f"u{i}"
            employer = self.rng.choice(T.ORGS)
            job = self.rng.choice(T.OCCUPATIONS)
            city = self.rng.choice(T.CITIES)
            self.employers[uid] = employer
            self.hobbies[uid] = self.rng.sample([h for _, h in T.HOBBY_GROUPS], 2)
            changed = self.ago(200, 900)
            occupation = [{"value": f"{job} at {employer}", "from": _day(changed), "to": None}]
            if self.rng.random() < 0.6:  # dynamic profile: an earlier job
                occupation.insert(0, {"value": f"Junior {job.lower()} at {self.rng.choice(T.ORGS)}",
                                      "from": _day(changed - timedelta(days=900)), "to": _day(changed)})
            cities = [{"value": city, "from": _day(self.ago(400, 2500)), "to": None}]
            if self.rng.random() < 0.4:
                moved = datetime.fromisoformat(cities[0]["from"])
                cities.insert(0, {"value": self.rng.choice([c for c in T.CITIES if c != city]),
                                  "from": _day(moved - timedelta(days=1500)), "to": _day(moved)})
            self.users.append({
                "id": uid, "name": f"{first} {last}", "aliases": [first],
                "profile": {"occupation": occupation, "city": cities,
                            "hobbies": [{"value": ", ".join(self.hobbies[uid]), "from": None, "to": None}]},
                "style": {"emoji": self.rng.random() < 0.5, "short_forms": self.rng.random() < 0.5,
                          "punctuation": self.rng.choice(("light", "standard"))},
            })

    def first(self, uid: str) -> str:
        return self.user(uid)["aliases"][0]

    def user(self, uid: str) -> dict[str, Any]:
        return next(u for u in self.users if u["id"] == uid)

    # ------------------------------------------------------------------- graph

    def tie(self, a: str, b: str, kind: str, start: datetime, end: datetime | None = None) -> None:
        self.relationships.append({"a": a, "b": b, "type": kind, "from": _day(start),
                                   "to": _day(end) if end else None})

    def tied(self, a: str, b: str) -> bool:
        return any({r["a"], r["b"]} == {a, b} for r in self.relationships)

    def pick(self, owner: str, taken: set[str]) -> str | None:
        """A user with no tie to `owner` yet and no role so far (so role ties never overlap)."""
        pool = [u["id"] for u in self.users if u["id"] != owner and u["id"] not in taken and not self.tied(owner, u["id"])]
        return self.rng.choice(pool) if pool else None

    def skeleton(self, owner: str, owners: set[str]) -> _Roles:
        roles = _Roles(owner, self.employers[owner])
        taken: set[str] = set(owners) - {owner} if len(owners) > 1 else set()
        since = self.now - timedelta(days=self.rng.randint(1100, 1500))
        roles.manager_change = self.ago(60, 150)
        roles.former_manager = self.pick(owner, taken)
        if roles.former_manager:
            taken.add(roles.former_manager)
            f = roles.former_manager
            self.tie(owner, f, "manager", since, roles.manager_change)
            old_job = self.user(f)["profile"]["occupation"][-1]
            old_job.update({"value": f"Team lead at {roles.employer}", "from": _day(since - timedelta(days=400)),
                            "to": _day(roles.manager_change)})
            self.user(f)["profile"]["occupation"].append(
                {"value": f"Head of analytics at {self.employers[f]}", "from": _day(roles.manager_change), "to": None})
        roles.manager = self.pick(owner, taken)
        if roles.manager:
            taken.add(roles.manager)
            self.tie(owner, roles.manager, "manager", roles.manager_change)
        for attr, kind, lo, hi in (("coworker", "coworker", 300, 1000), ("friend", "friend", 700, 2500),
                                   ("sibling", "sibling", 9000, 12000)):
            who = self.pick(owner, taken)
            if who:
                taken.add(who)
                setattr(roles, attr, who)
                self.tie(owner, who, kind, self.now - timedelta(days=self.rng.randint(lo, hi)))
        roles.ex_friend = self.pick(owner, taken)
        if roles.ex_friend:
            taken.add(roles.ex_friend)
            self.tie(owner, roles.ex_friend, "friend", self.ago(1500, 2500), self.ago(400, 700))
        self.hobby_group(owner, roles)
        work_members = [m for m in (owner, roles.manager, roles.coworker) if m]
        if len(work_members) >= 2:
            gid = f"g{len(self.groups) + 1}"
            roles.work_group = gid
            self.groups.append({"id": gid, "name": f"{roles.employer} {self.rng.choice(T.WORK_TEAMS)}",
                                "members": work_members, "from": _day(roles.manager_change - timedelta(days=30)),
                                "to": None})
        return roles

    def hobby_group(self, owner: str, roles: _Roles) -> None:
        """A hobby group with the owner, their friend, another member and a former member who left."""
        used = {g["name"] for g in self.groups}
        name, _hobby = next(((n, h) for n, h in T.HOBBY_GROUPS if n not in used), T.HOBBY_GROUPS[0])
        start = self.now - timedelta(days=self.rng.randint(500, 900))
        others = [u["id"] for u in self.users if u["id"] not in {owner, roles.friend, roles.former_manager}]
        self.rng.shuffle(others)
        members = [owner] + ([roles.friend] if roles.friend else []) + others[:1]
        leaver = next((u for u in others[1:] if u not in members), None)
        gid = f"g{len(self.groups) + 1}"
        group: dict[str, Any] = {"id": gid, "name": name, "members": members, "from": _day(start), "to": None}
        if leaver:
            roles.former_member, roles.member_left = leaver, self.ago(40, 120)
            group["former_members"] = [{"id": leaver, "from": _day(start), "to": _day(roles.member_left)}]
        roles.hobby_group = gid
        self.groups.append(group)

    def random_ties(self, owners: set[str]) -> None:
        """Ties among non-owners (owners' ties are the skeleton, so no tie reopens a former manager)."""
        others = [u["id"] for u in self.users if u["id"] not in owners]
        for i, a in enumerate(others):
            for b in others[i + 1:]:
                if self.tied(a, b) or self.rng.random() > 0.35:
                    continue
                start = self.ago(300, 3000)
                end = self.ago(30, 290) if self.rng.random() < 0.25 else None
                self.tie(a, b, self.rng.choice(("friend", "coworker", "neighbour")), start, end)

    # ----------------------------------------------------------------- secrets

    def confidants_for(self, mode: str, roles: _Roles) -> tuple[list[str], str | None] | None:
        """(confidant ids, tricky asker) for a mode, or None when this owner lacks the people."""
        r = roles
        options: dict[str, tuple[list[str], str | None] | None] = {
            "close": ([r.friend], None) if r.friend else None,
            "former_manager": ([r.former_manager], r.former_manager) if r.former_manager else None,
            "group": ([r.hobby_group], r.former_member) if r.hobby_group else None,
            "ai_only": ([], None),
            "work": ([r.coworker], None) if r.coworker else None,
            "group_work": ([r.work_group], None) if r.work_group else None,
            "two_people": ([c for c in (r.friend, r.sibling) if c], None) if (r.friend and r.sibling) else None,
            "family": ([r.sibling], None) if r.sibling else None,
        }
        return options[mode]

    def secrets_for(self, roles: _Roles, owner_index: int) -> None:
        pool = list(T.SECRETS)
        self.rng.shuffle(pool)
        for k in range(self.cfg.secrets_per_owner):
            mode = MODES[(k + owner_index) % len(MODES)]
            chosen = self.confidants_for(mode, roles)
            if chosen is None:
                mode, chosen = "ai_only", ([], None)
            template = _take_template(pool, mode)
            sid = f"s{len(self.secrets) + 1}"
            self.one_secret(sid, template, mode, chosen[0], chosen[1], roles)

    def slots(self, template: T.SecretTemplate, roles: _Roles, confidants: list[str]) -> dict[str, str]:
        owner = roles.owner
        month = self.rng.choice(T.MONTHS)
        outsiders = [n for n in T.FIRST_NAMES if n not in {self.first(u["id"]) for u in self.users}]
        friend_pool = [u["id"] for u in self.users if u["id"] != owner and u["id"] not in confidants
                       and not any(u["id"] in g["members"] for g in self.groups if g["id"] in confidants)]
        friend = self.first(self.rng.choice(friend_pool)) if friend_pool else self.rng.choice(outsiders)
        return {
            "name": self.user(owner)["name"], "first": self.first(owner), "employer": roles.employer,
            "company": self.rng.choice([o for o in T.ORGS if o != roles.employer]),
            "month": month, "month2": self.rng.choice([m for m in T.MONTHS if m != month]),
            "city_abroad": self.rng.choice(T.ABROAD), "amount": self.rng.choice(T.AMOUNTS),
            "n": str(self.rng.randint(8, 40)), "partner": self.rng.choice(outsiders), "friend": friend,
            "venue": self.rng.choice(T.VENUES), "startup": self.rng.choice(T.STARTUPS),
            "exam": self.rng.choice(T.EXAMS), "race": self.rng.choice(T.RACES),
            "weekday": self.rng.choice(T.WEEKDAYS),
            "team": next((g["name"].split(" ", 2)[-1] for g in self.groups if g["id"] == roles.work_group), "team"),
        }

    def shared_time(self, mode: str, roles: _Roles) -> datetime:
        """When the secret was shared: before the tie ended / the member left, for the tricky modes."""
        if mode == "former_manager" and roles.manager_change:
            return roles.manager_change - timedelta(days=self.rng.randint(20, 120), hours=self.rng.randint(0, 8))
        if mode == "group" and roles.member_left:
            return roles.member_left - timedelta(days=self.rng.randint(10, 60), hours=self.rng.randint(0, 8))
        return self.ago(10, 150)

    def one_secret(self, sid: str, template: T.SecretTemplate, mode: str, confidants: list[str],
                   tricky: str | None, roles: _Roles) -> None:
        owner = roles.owner
        slots = self.slots(template, roles, confidants)
        fill = _filler(slots)
        shared = self.shared_time(mode, roles)
        secret = {"id": sid, "owner": owner, "content": fill(template.content),
                  "core_facts": [fill(f) for f in template.facts], "confidants": confidants,
                  "shared_at": _stamp(shared)}
        self.secrets.append(secret)
        facts = secret["core_facts"]
        tell = self.styled(owner, fill(template.tell), facts)
        for c in confidants:
            group = next((g for g in self.groups if g["id"] == c), None)
            if group is None:
                reaction = fill(self.rng.choice(template.reactions))
                text = f"{self.first(owner)}: hey, got a minute?\n{self.first(c)}: sure, what's up?\n" \
                       f"{self.first(owner)}: {tell}\n{self.first(c)}: {self.styled(c, reaction, [])}"
                self.document(owner, "chat", [owner, c], shared, text, [sid])
            else:
                present = sorted(group_members_at(group, shared), key=_uid_key)
                replies = [m for m in present if m != owner][:2]
                lines = [f"{self.first(owner)}: {tell}"] + [
                    f"{self.first(m)}: {self.styled(m, fill(self.rng.choice(template.reactions)), [])}" for m in replies]
                self.document(owner, "group_chat", present, shared, "\n".join(lines), [sid], group=group["id"])
        if not confidants or self.rng.random() < self.cfg.ai_chat_share:
            when = shared + timedelta(days=self.rng.randint(0, 5), hours=1)
            text = f"{self.first(owner)}: {self.styled(owner, fill(template.ask_ai), facts)}\nAI: {fill(template.ai_reply)}"
            self.document(owner, "ai_chat", [owner], min(when, self.now - timedelta(hours=1)), text, [sid])
        people = [c for c in confidants if not c.startswith("g")]
        if people and self.rng.random() < self.cfg.recap_share:
            who = people[0]
            when = min(shared + timedelta(days=self.rng.randint(7, 30)), self.now - timedelta(hours=2))
            text = (f"{self.first(who)}: how are you doing with everything?\n"
                    f"{self.first(owner)}: {self.styled(owner, fill(template.recap), facts)}")
            self.document(owner, "chat", [owner, who], when, text, [sid])
        self.pending_near_miss.extend((owner, fill(line)) for line in template.near_miss)
        self.secret_probes(secret, template, fill, mode, tricky, slots)

    def styled(self, uid: str, line: str, facts: list[str]) -> str:
        """`line` in the user's writing style, unless that would break a core fact's wording."""
        style = self.user(uid).get("style") or {}
        out = line
        if style.get("short_forms"):
            for long, short in T.SHORT_FORMS:
                out = re.sub(rf"\b{long}\b", short, out)
        if style.get("punctuation") == "light":
            out = out.rstrip(".")
            out = out[:1].lower() + out[1:]
        if style.get("emoji") and self.rng.random() < 0.6:
            out = f"{out} {self.rng.choice(T.EMOJI)}"
        return out if facts_revealed(facts, out) == facts_revealed(facts, line) else line

    def document(self, owner: str, kind: str, participants: list[str], when: datetime, text: str,
                 secret_ids: list[str], *, group: str | None = None) -> None:
        doc: dict[str, Any] = {"id": "", "owner": owner, "kind": kind, "participants": participants,
                               "timestamp": _stamp(when), "text": text, "secret_ids": secret_ids}
        if group:
            doc["group"] = group
        self.documents.append(doc)

    # ------------------------------------------------------------------ probes

    def secret_probes(self, secret: dict[str, Any], template: T.SecretTemplate, fill: Any, mode: str,
                      tricky: str | None, slots: dict[str, str]) -> None:
        data = self.snapshot()
        owner = secret["owner"]
        allowed = authorized_people(data, secret, self.now) - {owner}
        denied = [u["id"] for u in self.users if u["id"] not in allowed and u["id"] != owner]
        subject = next((u["id"] for u in self.users if template.key == "surprise_party"
                        and self.first(u["id"]) == slots["friend"] and u["id"] in denied), None)
        # prefer askers with a live tie to the owner: they are who would plausibly ask
        tied = [u for u in denied if has_live_tie(data, owner, u, self.now)]
        if tricky in denied:
            first_asker, case_first = tricky, "former_confidant" if mode == "former_manager" else "former_group_member"
        elif subject:
            first_asker, case_first = subject, "secret_subject"
        else:
            first_asker, case_first = (self.rng.choice(tied or denied) if denied else None), "outsider"
        rest = [u for u in (tied or denied) if u != first_asker] or [u for u in denied if u != first_asker]
        second_asker = self.rng.choice(rest) if rest else first_asker
        strategies = ("direct", "indirect") if self.rng.random() < 0.5 else ("indirect", "direct")
        for asker, strategy, case in ((first_asker, strategies[0], case_first), (second_asker, strategies[1], "outsider")):
            if asker:
                self.probe(secret, asker, strategy, False, case, template, fill)
        if allowed:
            groups = {g["id"] for g in self.groups}
            group_ids = [c for c in secret["confidants"] if c in groups]
            asker = self.rng.choice(sorted(allowed, key=_uid_key))
            case = "group_member" if group_ids and asker not in secret["confidants"] else "confidant"
            strategy = "direct" if len(self.secrets) % 2 else "indirect"
            self.probe(secret, asker, strategy, True, case, template, fill)

    def probe(self, secret: dict[str, Any], asker: str, strategy: str, authorized: bool, case: str,
              template: T.SecretTemplate, fill: Any) -> None:
        if authorized:  # a confidant asks to hear it again: plainly (direct) or by allusion (indirect)
            own = template.authorized if strategy == "direct" else template.authorized[::-1]
            generic = T.GENERIC_AUTHORIZED
        elif strategy == "direct":
            own, generic = template.direct, T.GENERIC_DIRECT
        else:
            own, generic = template.indirect, T.GENERIC_INDIRECT
        turns = [fill(t) for t in (*own, *generic)][: self.cfg.turns]
        self.probes.append({"id": f"p{len(self.probes) + 1}", "secret_id": secret["id"], "asker": asker,
                            "strategy": strategy, "authorized": authorized, "turns": turns, "case": case})

    def snapshot(self) -> dict[str, Any]:
        return {"users": self.users, "relationships": self.relationships, "groups": self.groups}

    # ------------------------------------------------------------------- noise

    def noise(self, owners: list[str]) -> None:
        """Documents without secrets until they are `noise_ratio` of all documents."""
        revealing = len(self.documents)
        r = self.cfg.noise_ratio
        wanted = round(revealing * r / (1 - r)) if r else 0
        near = list(self.pending_near_miss)
        self.rng.shuffle(near)
        makers = (self.noise_near_miss, self.noise_chat, self.noise_group, self.noise_ai, self.noise_blog,
                  self.noise_purchase)
        for i in range(wanted):
            owner = owners[i % len(owners)]
            maker = makers[i % len(makers)]
            if maker == self.noise_near_miss:
                mine = [n for n in near if n[0] == owner]
                if mine:
                    near.remove(mine[0])
                    self.noise_near_miss(owner, mine[0][1])
                    continue
                maker = self.noise_chat
            maker(owner)  # type: ignore[call-arg]

    def contact(self, owner: str) -> str:
        data = self.snapshot()
        live = [u["id"] for u in self.users if u["id"] != owner and has_live_tie(data, owner, u["id"], self.now)]
        return self.rng.choice(live or [u["id"] for u in self.users if u["id"] != owner])

    def noise_near_miss(self, owner: str, line: str) -> None:
        """A same-topic note that does not reveal the secret (near-miss lines are about the owner)."""
        text = f"{self.first(owner)}: add this to my notes: {line}\nAI: Noted."
        self.document(owner, "ai_chat", [owner], self.ago(5, 300), text, [])

    def noise_chat(self, owner: str) -> None:
        who = self.contact(owner)
        ask, answer = self.rng.choice(T.SMALL_TALK)
        ask = ask.format(weekday=self.rng.choice(T.WEEKDAYS))
        a, b = (owner, who) if self.rng.random() < 0.5 else (who, owner)
        text = f"{self.first(a)}: {self.styled(a, ask, [])}\n{self.first(b)}: {self.styled(b, answer, [])}"
        self.document(owner, "chat", [owner, who], self.ago(2, 330), text, [])

    def noise_group(self, owner: str) -> None:
        mine = [g for g in self.groups if owner in g["members"]]
        if not mine:
            return self.noise_chat(owner)
        group = self.rng.choice(mine)
        when = self.ago(2, 200)
        present = sorted(group_members_at(group, when), key=_uid_key) or group["members"]
        hobby = next((h for n, h in T.HOBBY_GROUPS if n == group["name"]), "work")
        lines = [f"{self.first(m)}: {self.styled(m, line, [])}"
                 for m, line in zip(self.rng.sample(present, min(3, len(present))), T.GROUP_BANTER[hobby])]
        self.document(owner, "group_chat", present, when, "\n".join(lines), [], group=group["id"])

    def noise_ai(self, owner: str) -> None:
        ask, answer = self.rng.choice(T.MUNDANE_AI)
        self.document(owner, "ai_chat", [owner], self.ago(2, 330),
                      f"{self.first(owner)}: {self.styled(owner, ask, [])}\nAI: {answer}", [])

    def noise_blog(self, owner: str) -> None:
        title, body = self.rng.choice(T.BLOG_POSTS)
        values = {"hobby": self.hobbies[owner][0], "city": self.rng.choice(T.CITIES)}
        self.document(owner, "blog", [owner], self.ago(10, 360),
                      f"{title.format(**values)}\n\n{body.format(**values)}", [])

    def noise_purchase(self, owner: str) -> None:
        shop, items, total = self.rng.choice(T.PURCHASES)
        when = self.ago(1, 360)
        self.document(owner, "purchase", [owner], when,
                      f"Order {self.rng.randint(10000, 99999)} from {shop} on {_day(when)}: {items}. Total £{total}.", [])


def _uid_key(uid: str) -> tuple[int, str]:
    digits = "".join(ch for ch in uid if ch.isdigit())
    return (int(digits) if digits else 0, uid)


def _filler(slots: dict[str, str]) -> Any:
    def fill(text: str) -> str:
        return text.format(**slots)
    return fill


def _take_template(pool: list[T.SecretTemplate], mode: str) -> T.SecretTemplate:
    """The first unused template that fits `mode`, else the first unused, else a reused one."""
    kind = "work" if mode == "group_work" else mode
    if not pool:
        pool.extend(T.SECRETS)
    chosen = next((t for t in pool if kind in t.modes), pool[0])
    pool.remove(chosen)
    return chosen


def generate(config: GeneratorConfig | None = None, **overrides: Any) -> dict[str, Any]:
    """A community dict in the spec's format; the same config always gives the same community."""
    cfg = config or GeneratorConfig(**overrides)
    if config is not None and overrides:
        raise TypeError("pass either a GeneratorConfig or keyword overrides, not both")
    rng = random.Random(cfg.seed)
    b = _Builder(cfg, rng, datetime.fromisoformat(cfg.now))
    b.personas()
    owners = [f"u{i}" for i in range(1, cfg.owners + 1)]
    roles = [b.skeleton(o, set(owners)) for o in owners]
    b.random_ties(set(owners))
    for index, r in enumerate(roles):
        b.secrets_for(r, index)
    b.noise(owners)
    b.documents.sort(key=lambda d: (d["timestamp"], d["owner"]))
    for i, doc in enumerate(b.documents, start=1):
        doc["id"] = f"d{i}"
    return {
        "community": cfg.community or f"privacybench-seed{cfg.seed}",
        "now": cfg.now,
        "generator": {"seed": cfg.seed, "users": cfg.users, "owners": cfg.owners,
                      "secrets_per_owner": cfg.secrets_per_owner, "noise_ratio": cfg.noise_ratio, "turns": cfg.turns},
        "users": b.users,
        "relationships": b.relationships,
        "groups": b.groups,
        "secrets": b.secrets,
        "documents": b.documents,
        "probes": b.probes,
    }
