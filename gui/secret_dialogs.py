"""Forms for people, relationships, groups and secrets of the secret store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

from gui.forms import CheckList, FormDialog, Submit
from proxy.secrets import Group, Person, Secret
from proxy.secrets.periods import to_iso

RELATIONSHIP_TYPES = ("friend", "coworker", "manager", "report", "partner", "spouse", "sibling", "parent",
                      "child", "family", "neighbour", "classmate", "doctor", "therapist", "acquaintance")


def _split(text: str, sep: str) -> list[str]:
    return [part.strip() for part in text.split(sep) if part.strip()]


def _date(edit: QLineEdit, what: str) -> str | None:
    """An optional ISO date or time from a line edit; raises ValueError with a readable message."""
    text = edit.text().strip()
    if not text:
        return None
    try:
        return to_iso(text)
    except Exception as exc:
        raise ValueError(f"{what}: {text!r} is not a date (use YYYY-MM-DD)") from exc


def _date_edit(value: str | None, placeholder: str) -> QLineEdit:
    edit = QLineEdit(value or "")
    edit.setPlaceholderText(placeholder)
    return edit


def _people_combo(people: Sequence[Person], selected: str | None) -> QComboBox:
    combo = QComboBox()
    for p in people:
        combo.addItem(f"{p.name}{' (me)' if p.is_me else ''}", p.id)
    if selected is not None:
        combo.setCurrentIndex(max(0, combo.findData(selected)))
    return combo


class RelationshipDialog(FormDialog):
    """"B is A's <type>" over a validity period; an ended tie no longer authorizes (spec)."""

    def __init__(self, submit: Submit, people: Sequence[Person], parent: QWidget | None = None) -> None:
        super().__init__("Add relationship", submit, parent)
        me = next((p.id for p in people if p.is_me), None)
        self.a = _people_combo(people, me)
        self.type = QComboBox()
        self.type.setEditable(True)
        self.type.addItems(RELATIONSHIP_TYPES)
        self.b = _people_combo(people, next((p.id for p in people if p.id != me), None))
        self.valid_from = _date_edit(None, "YYYY-MM-DD, empty: always")
        self.valid_to = _date_edit(None, "YYYY-MM-DD, empty: still valid")
        self.form.addRow("Person", self.b)
        self.form.addRow("is the … of", self.type)
        self.form.addRow("Of", self.a)
        self.form.addRow("From", self.valid_from)
        self.form.addRow("To", self.valid_to)

    def values(self) -> dict[str, Any]:
        if self.a.currentData() == self.b.currentData():
            raise ValueError("a relationship needs two different people")
        return {"a": self.a.currentData(), "b": self.b.currentData(), "type": self.type.currentText().strip(),
                "valid_from": _date(self.valid_from, "From"), "valid_to": _date(self.valid_to, "To")}


class PersonDialog(FormDialog):
    def __init__(self, submit: Submit, person: Person | None = None, parent: QWidget | None = None) -> None:
        super().__init__("Edit person" if person else "Add person", submit, parent)
        self.name = QLineEdit(person.name if person else "")
        self.ident = QLineEdit(person.id if person else "")
        self.ident.setPlaceholderText("made from the name when empty")
        self.ident.setReadOnly(person is not None)
        self.aliases = QLineEdit(", ".join(person.aliases) if person else "")
        self.aliases.setPlaceholderText("other names, comma separated (Mo, Dr. Lin)")
        self.is_me = QCheckBox("This is me (the owner of this device)")
        self.is_me.setChecked(bool(person and person.is_me))
        self.form.addRow("Name", self.name)
        self.form.addRow("Id", self.ident)
        self.form.addRow("Aliases", self.aliases)
        self.form.addRow("", self.is_me)

    def values(self) -> dict[str, Any]:
        return {"id": self.ident.text().strip(), "name": self.name.text().strip(),
                "aliases": _split(self.aliases.text(), ","), "is_me": self.is_me.isChecked()}


class GroupDialog(FormDialog):
    def __init__(self, submit: Submit, people: Sequence[Person], group: Group | None = None, parent: QWidget | None = None) -> None:
        super().__init__("Edit group" if group else "Add group", submit, parent)
        self.name = QLineEdit(group.name if group else "")
        self.ident = QLineEdit(group.id if group else "")
        self.ident.setPlaceholderText("made from the name when empty")
        self.ident.setReadOnly(group is not None)
        self.members = CheckList(((p.id, f"{p.name} ({p.id})") for p in people), group.current_members if group else ())
        self.valid_from = _date_edit(group.valid_from if group else None, "YYYY-MM-DD, empty: always")
        self.valid_to = _date_edit(group.valid_to if group else None, "YYYY-MM-DD, empty: still exists")
        self.form.addRow("Name", self.name)
        self.form.addRow("Id", self.ident)
        self.form.addRow("Members", self.members)
        self.form.addRow("From", self.valid_from)
        self.form.addRow("To", self.valid_to)
        if group is not None and group.former_members:
            from PySide6.QtWidgets import QLabel

            former = QLabel(", ".join(f"{m.person_id} (left {(m.valid_to or '?')[:10]})" for m in group.former_members))
            former.setWordWrap(True)
            self.form.addRow("Former", former)

    def values(self) -> dict[str, Any]:
        return {"id": self.ident.text().strip(), "name": self.name.text().strip(), "members": self.members.checked(),
                "valid_from": _date(self.valid_from, "From"), "valid_to": _date(self.valid_to, "To")}


class SecretDialog(FormDialog):
    """Content and core facts are encrypted by the store; confidants may be people or groups."""

    def __init__(
        self, submit: Submit, people: Sequence[Person], groups: Sequence[Group],
        secret: Secret | None = None, content: str = "", parent: QWidget | None = None,
        facts: Sequence[str] = (), confidants: Sequence[str] = (), title: str | None = None,
    ) -> None:
        super().__init__(title or ("Edit secret" if secret else "Add secret"), submit, parent)
        self.owner = QComboBox()
        for p in people:
            self.owner.addItem(f"{p.name}{' (me)' if p.is_me else ''}", p.id)
        owner = secret.owner if secret else next((p.id for p in people if p.is_me), None)
        if owner is not None:
            self.owner.setCurrentIndex(max(0, self.owner.findData(owner)))
        self.content = QPlainTextEdit(secret.content if secret else content)
        self.content.setPlaceholderText("What must not reach the wrong people (encrypted at rest)")
        self.content.setMaximumHeight(90)
        self.facts = QPlainTextEdit("\n".join(secret.core_facts if secret else facts))
        self.facts.setPlaceholderText("Core facts, one per line: revealing any of them counts as a leak")
        self.facts.setMaximumHeight(70)
        entries = [(p.id, p.name) for p in people] + [(g.id, f"group: {g.name}") for g in groups]
        self.confidants = CheckList(entries, secret.confidants if secret else confidants)
        self.cloud_ok = QCheckBox("The cloud LLM provider may see it")
        self.cloud_ok.setChecked(bool(secret and secret.cloud_ok))
        self.form.addRow("Owner", self.owner)
        self.form.addRow("Secret", self.content)
        self.form.addRow("Core facts", self.facts)
        self.form.addRow("Confidants", self.confidants)
        self.form.addRow("", self.cloud_ok)

    def values(self) -> dict[str, Any]:
        return {"owner": self.owner.currentData(), "content": self.content.toPlainText().strip(),
                "core_facts": _split(self.facts.toPlainText(), "\n"), "confidants": self.confidants.checked(),
                "cloud_ok": self.cloud_ok.isChecked()}
