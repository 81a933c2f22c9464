"""Forms for people, groups and secrets of the secret store."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPlainTextEdit, QWidget

from gui.forms import CheckList, FormDialog, Submit
from proxy.secrets import Group, Person, Secret


def _split(text: str, sep: str) -> list[str]:
    return [part.strip() for part in text.split(sep) if part.strip()]


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
        self.form.addRow("Name", self.name)
        self.form.addRow("Id", self.ident)
        self.form.addRow("Members", self.members)

    def values(self) -> dict[str, Any]:
        return {"id": self.ident.text().strip(), "name": self.name.text().strip(), "members": self.members.checked()}


class SecretDialog(FormDialog):
    """Content and core facts are encrypted by the store; confidants may be people or groups."""

    def __init__(
        self, submit: Submit, people: Sequence[Person], groups: Sequence[Group],
        secret: Secret | None = None, content: str = "", parent: QWidget | None = None,
    ) -> None:
        super().__init__("Edit secret" if secret else "Add secret", submit, parent)
        self.owner = QComboBox()
        for p in people:
            self.owner.addItem(f"{p.name}{' (me)' if p.is_me else ''}", p.id)
        owner = secret.owner if secret else next((p.id for p in people if p.is_me), None)
        if owner is not None:
            self.owner.setCurrentIndex(max(0, self.owner.findData(owner)))
        self.content = QPlainTextEdit(secret.content if secret else content)
        self.content.setPlaceholderText("What must not reach the wrong people (encrypted at rest)")
        self.content.setMaximumHeight(90)
        self.facts = QPlainTextEdit("\n".join(secret.core_facts) if secret else "")
        self.facts.setPlaceholderText("Core facts, one per line: revealing any of them counts as a leak")
        self.facts.setMaximumHeight(70)
        entries = [(p.id, p.name) for p in people] + [(g.id, f"group: {g.name}") for g in groups]
        self.confidants = CheckList(entries, secret.confidants if secret else ())
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
