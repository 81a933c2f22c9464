"""Secrets: the people, relationships, groups and secrets Veil guards, and who may know each secret.

Listings never decrypt (they use `secret_infos`); only opening a secret to edit
it, and the pending capture offers (what you typed that looked like a secret
being shared, queued encrypted by the proxy's guard), read the keyring. An
offer becomes a secret only when you press Save and confirm the form. Store errors (a locked keyring, a clashing id) show on
the page or in the open dialog, never as a blocking pop-up.
"""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from gui.forms import FormDialog, slug
from gui.secret_dialogs import (
    GroupDialog,
    PersonDialog,
    RelationshipDialog,
    SecretDialog,
)
from proxy.secrets import Membership, SecretStore, SecretStoreError

KINDS = ("people", "relationships", "groups", "secrets")
VERBS = {"people": ("add", "edit", "remove"), "relationships": ("add", "end", "remove"),
         "groups": ("add", "edit", "remove"), "secrets": ("add", "edit", "remove")}
VERB_LABELS = {"add": "Add…", "edit": "Edit…", "remove": "Remove", "end": "End today"}


def _table(columns: tuple[str, ...]) -> QTableWidget:
    table = QTableWidget(0, len(columns))
    table.setHorizontalHeaderLabels(columns)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.verticalHeader().setVisible(False)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    table.horizontalHeader().setStretchLastSection(True)
    return table


def _fill(table: QTableWidget, rows: list[tuple[str, ...]]) -> None:
    table.setRowCount(len(rows))
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            item = QTableWidgetItem(value)
            if c == 0:
                item.setData(Qt.ItemDataRole.UserRole, row[0])
            table.setItem(r, c, item)


class CaptureOffers(QGroupBox):
    """Pending capture offers from the proxy's guard: Save (opens the secret form) or Dismiss; never stored silently."""

    def __init__(self, on_save: Any, on_dismiss: Any, parent: QWidget | None = None) -> None:
        super().__init__("Capture offers", parent)
        self.list = QListWidget()
        self.list.setMaximumHeight(110)
        self.empty = QLabel("When a prompt looks like it shares something private (\"between us…\"), "
                            "Veil will offer here to guard it as a secret. Nothing to review yet.")
        self.empty.setWordWrap(True)
        self.empty.setStyleSheet("color:#666")
        self.save = QPushButton("Save as secret…")
        self.dismiss = QPushButton("Dismiss")
        self.save.clicked.connect(lambda: self.selected() and on_save(self.selected()))
        self.dismiss.clicked.connect(lambda: self.selected() and on_dismiss(self.selected()))
        self.list.itemDoubleClicked.connect(lambda *_: self.selected() and on_save(self.selected()))
        buttons = QVBoxLayout()
        buttons.addWidget(self.save)
        buttons.addWidget(self.dismiss)
        buttons.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.list, 1)
        row.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.empty)
        layout.addLayout(row)
        self.show_offers([])

    def show_offers(self, offers: list[Any]) -> None:
        """Replace the list with `offers` (`PendingOffer`s), keeping the selection when it is still there."""
        from PySide6.QtWidgets import QListWidgetItem

        current = self.selected()
        self.list.clear()
        for o in offers:
            item = QListWidgetItem(f"{o.text}   ({o.created_at[:16].replace('T', ' ')})")
            item.setData(Qt.ItemDataRole.UserRole, o.id)
            item.setToolTip(f"cue: {o.cue}" if o.cue else "")
            self.list.addItem(item)
            if o.id == current:
                self.list.setCurrentItem(item)
        if self.list.currentRow() < 0 and self.list.count():
            self.list.setCurrentRow(0)
        has = self.list.count() > 0
        self.setTitle(f"Capture offers ({self.list.count()})" if has else "Capture offers")
        self.list.setVisible(has)
        self.empty.setVisible(not has)
        self.save.setVisible(has)
        self.dismiss.setVisible(has)

    def selected(self) -> str | None:
        item = self.list.currentItem()
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None


class SecretsPage(QWidget):
    """People, groups and secrets with add / edit / remove, backed by one `SecretStore`."""

    def __init__(self, store_path: Path | str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.store: SecretStore | None = None
        self.dialog: FormDialog | None = None
        self.confirm: QMessageBox | None = None
        self.message = QLabel()
        self.message.setWordWrap(True)
        intro = QLabel("Veil keeps these secrets encrypted with a key in your OS keyring, and guards who may learn them. "
                       "Names and ties are stored in clear so requests can be checked without unlocking the keyring.")
        intro.setWordWrap(True)
        intro.setStyleSheet("color:#555")
        self.tabs = QTabWidget()
        self.tables = {
            "people": _table(("Id", "Name", "Aliases", "Me")),
            "relationships": _table(("Id", "Person", "Is the … of", "Of", "From", "To", "Now")),
            "groups": _table(("Id", "Name", "Members", "From", "To", "Former members")),
            "secrets": _table(("Id", "Owner", "Confidants", "Shared", "Cloud")),
        }
        self.buttons: dict[str, dict[str, QPushButton]] = {}
        for kind, title in zip(KINDS, ("People", "Relationships", "Groups", "Secrets")):
            tab = QWidget()
            lay = QVBoxLayout(tab)
            lay.addWidget(self.tables[kind])
            row = QHBoxLayout()
            self.buttons[kind] = {}
            for verb in VERBS[kind]:
                button = QPushButton(VERB_LABELS[verb])
                button.clicked.connect(lambda _=False, k=kind, v=verb: getattr(self, f"{v}_{k}")())
                self.buttons[kind][verb] = button
                row.addWidget(button)
            row.addStretch(1)
            lay.addLayout(row)
            if "edit" in VERBS[kind]:
                self.tables[kind].doubleClicked.connect(lambda _=None, k=kind: getattr(self, f"edit_{k}")())
            self.tabs.addTab(tab, title)
        self.offers = CaptureOffers(self.save_offer, self.dismiss_offer)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.offers)
        try:
            self.store = SecretStore(store_path)
        except Exception as exc:  # noqa: BLE001 - the page explains, the rest of the app still works
            self._error(f"Cannot open the secret store: {exc}")
            for verbs in self.buttons.values():
                for button in verbs.values():
                    button.setEnabled(False)
        self.refresh()

    # --------------------------------------------------------------- display
    def _error(self, text: str) -> None:
        self.message.setStyleSheet("color:#b00020")
        self.message.setText(text)

    def _info(self, text: str) -> None:
        self.message.setStyleSheet("color:#1e7a46")
        self.message.setText(text)

    def _label(self, ident: str, names: dict[str, str]) -> str:
        return names.get(ident, ident)

    def refresh(self) -> None:
        if self.store is None:
            return
        people, groups = self.store.people(), self.store.groups()
        names = {p.id: p.name for p in people} | {g.id: f"group {g.name}" for g in groups}
        _fill(self.tables["people"], [(p.id, p.name, ", ".join(p.aliases), "yes" if p.is_me else "") for p in people])
        now = datetime.now()
        _fill(self.tables["relationships"], [
            (str(r.id), names.get(r.b, r.b), r.type, names.get(r.a, r.a), (r.valid_from or "")[:10],
             (r.valid_to or "")[:10], "current" if r.valid_at(now) else "not valid now")
            for r in self.store.relationships()
        ])
        _fill(self.tables["groups"], [
            (g.id, g.name, ", ".join(names.get(m, m) for m in g.current_members), (g.valid_from or "")[:10],
             (g.valid_to or "")[:10], ", ".join(names.get(m.person_id, m.person_id) for m in g.former_members))
            for g in groups
        ])
        _fill(self.tables["secrets"], [
            (s.id, names.get(s.owner, s.owner), ", ".join(names.get(c, c) for c in s.confidants) or "nobody",
             (s.shared_at or "")[:16].replace("T", " "), "ok" if s.cloud_ok else "blocked")
            for s in self.store.secret_infos()
        ])
        self.refresh_offers()

    def refresh_offers(self) -> None:
        """Re-read the pending offers (decrypts them: needs the keyring; an error shows on the page)."""
        if self.store is None:
            return
        try:
            offers = self.store.offers() if self.store.offer_count() else []
        except SecretStoreError as exc:
            self._error(f"Cannot read the pending capture offers: {exc}")
            return
        self.offers.show_offers(offers)

    def offers_arrived(self, offers: Any = None) -> None:
        """The proxy's guard queued new offers (slot for `ProxyController.offers`)."""
        self.refresh_offers()
        if offers:
            self._info(f"{len(offers)} new capture offer(s): review them below.")

    def selected_id(self, kind: str) -> str | None:
        table = self.tables[kind]
        rows = table.selectionModel().selectedRows()
        return table.item(rows[0].row(), 0).data(Qt.ItemDataRole.UserRole) if rows else None

    def select(self, kind: str, ident: str) -> None:
        self.tabs.setCurrentIndex(KINDS.index(kind))
        table = self.tables[kind]
        for row in range(table.rowCount()):
            if table.item(row, 0).text() == ident:
                table.selectRow(row)

    def _open(self, dialog: FormDialog) -> FormDialog:
        self.dialog = dialog
        dialog.finished.connect(lambda *_: self.refresh())
        dialog.open()
        return dialog

    def _need(self, kind: str) -> str | None:
        ident = self.selected_id(kind)
        if ident is None:
            self._error(f"Select one of the {kind} first.")
        return ident

    # ---------------------------------------------------------------- people
    def add_people(self) -> FormDialog | None:
        assert self.store is not None
        store = self.store

        def save(v: dict[str, Any]) -> None:
            ident = v["id"] or slug(v["name"])
            if not v["id"]:
                existing = {p.id for p in store.people()} | {g.id for g in store.groups()}
                base, n = ident, 2
                while ident in existing:
                    ident, n = f"{base}-{n}", n + 1
            elif any(p.id == ident for p in store.people()):
                raise ValueError(f"there is already a person with id {ident!r}")
            store.add_person(ident, v["name"], v["aliases"], is_me=v["is_me"])
            self._info(f"Added {v['name']}.")
        return self._open(PersonDialog(save, parent=self))

    def edit_people(self) -> FormDialog | None:
        ident = self._need("people")
        if ident is None or self.store is None:
            return None
        store = self.store

        def save(v: dict[str, Any]) -> None:
            store.add_person(ident, v["name"], v["aliases"], is_me=v["is_me"])
            self._info(f"Saved {v['name']}.")
        return self._open(PersonDialog(save, store.person(ident), parent=self))

    def remove_people(self) -> None:
        self._confirm("people", lambda ident: self.store.remove_person(ident))  # type: ignore[union-attr]

    # ---------------------------------------------------------------- groups
    def add_groups(self) -> FormDialog | None:
        assert self.store is not None
        store = self.store

        def save(v: dict[str, Any]) -> None:
            ident = v["id"] or slug(v["name"])
            if any(g.id == ident for g in store.groups()):
                raise ValueError(f"there is already a group with id {ident!r}")
            store.add_group(ident, v["name"], v["members"], v["valid_from"], v["valid_to"])
            self._info(f"Added group {v['name']}.")
        return self._open(GroupDialog(save, store.people(), parent=self))

    def edit_groups(self) -> FormDialog | None:
        ident = self._need("groups")
        if ident is None or self.store is None:
            return None
        store = self.store
        group = store.group(ident)

        def save(v: dict[str, Any]) -> None:
            current = {m.person_id: m for m in group.members if not m.former}
            today = date.today().isoformat()
            members = [current.get(pid, Membership(pid, today)) for pid in v["members"]]
            left = [Membership(pid, m.valid_from, today, True) for pid, m in current.items() if pid not in v["members"]]
            # someone unticked left today: a former member, authorized only for their time in the group
            store.add_group(ident, v["name"], members, v["valid_from"], v["valid_to"], [*group.former_members, *left])
            self._info(f"Saved group {v['name']}.")
        return self._open(GroupDialog(save, store.people(), group, parent=self))

    def remove_groups(self) -> None:
        self._confirm("groups", lambda ident: self.store.remove_group(ident))  # type: ignore[union-attr]

    # --------------------------------------------------------------- secrets
    def add_secrets(self, content: str = "") -> FormDialog | None:
        assert self.store is not None
        store = self.store
        if not store.people():
            store.ensure_me()
            self.refresh()

        def save(v: dict[str, Any]) -> None:
            secret = store.add_secret(v["content"], v["core_facts"], v["confidants"], owner=v["owner"],
                                      shared_at=datetime.now().replace(microsecond=0), cloud_ok=v["cloud_ok"])
            self._info(f"Added secret {secret.id}.")
        return self._open(SecretDialog(save, store.people(), store.groups(), content=content, parent=self))

    def edit_secrets(self) -> FormDialog | None:
        ident = self._need("secrets")
        if ident is None or self.store is None:
            return None
        store = self.store
        try:
            secret = store.secret(ident)
        except SecretStoreError as exc:
            self._error(f"Cannot open {ident}: {exc}")
            return None

        def save(v: dict[str, Any]) -> None:
            store.update_secret(ident, **v)
            self._info(f"Saved secret {ident}.")
        return self._open(SecretDialog(save, store.people(), store.groups(), secret, parent=self))

    def remove_secrets(self) -> None:
        self._confirm("secrets", lambda ident: self.store.remove_secret(ident))  # type: ignore[union-attr]

    # ---------------------------------------------------------------- offers
    def save_offer(self, offer_id: str) -> FormDialog | None:
        """Open the secret form filled from the offer; OK stores it (and drops the offer), Cancel keeps it pending."""
        if self.store is None:
            return None
        store = self.store
        try:
            offer = store.offer(offer_id)
        except SecretStoreError as exc:
            self._error(f"Cannot open the offer: {exc}")
            return None
        if not store.people():
            store.ensure_me()
        known = {p.id for p in store.people()} | {g.id for g in store.groups()}

        def save(v: dict[str, Any]) -> None:
            secret = store.accept_offer(offer_id, content=v["content"], core_facts=v["core_facts"],
                                        confidants=v["confidants"], cloud_ok=v["cloud_ok"], owner=v["owner"])
            self._info(f"Saved the offer as secret {secret.id}.")
        self.tabs.setCurrentIndex(KINDS.index("secrets"))
        return self._open(SecretDialog(save, store.people(), store.groups(), content=offer.text,
                                       facts=offer.core_facts, confidants=[c for c in offer.confidants if c in known],
                                       title="Save capture offer as secret", parent=self))

    def dismiss_offer(self, offer_id: str) -> None:
        if self.store is None:
            return
        try:
            self.store.dismiss_offer(offer_id)
            self._info("Dismissed the offer; nothing was stored.")
        except SecretStoreError as exc:
            self._error(str(exc))
        self.refresh_offers()

    # --------------------------------------------------------- relationships
    def add_relationships(self) -> FormDialog | None:
        assert self.store is not None
        store = self.store
        if len(store.people()) < 2:
            self._error("Add at least two people first (yourself and someone you know).")
            return None

        def save(v: dict[str, Any]) -> None:
            store.add_relationship(v["a"], v["b"], v["type"], v["valid_from"], v["valid_to"])
            self._info(f"Added: {v['b']} is {v['a']}'s {v['type']}.")
        return self._open(RelationshipDialog(save, store.people(), parent=self))

    def end_relationships(self) -> None:
        """End the selected tie today (kept for history; it no longer authorizes from now on)."""
        ident = self._need("relationships")
        if ident is None or self.store is None:
            return
        try:
            self.store.end_relationship(int(ident), date.today().isoformat())
            self._info(f"Ended relationship {ident} today.")
        except SecretStoreError as exc:
            self._error(str(exc))
        self.refresh()

    def remove_relationships(self) -> None:
        self._confirm("relationships", lambda ident: self.store.remove_relationship(int(ident)))  # type: ignore[union-attr]

    # ---------------------------------------------------------------- remove
    def _confirm(self, kind: str, remove: Any) -> None:
        ident = self._need(kind)
        if ident is None:
            return
        box = QMessageBox(QMessageBox.Icon.Question, "Remove", f"Remove {ident!r}? This cannot be undone.",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self)
        self.confirm = box

        def answered(button: Any) -> None:
            if box.standardButton(button) != QMessageBox.StandardButton.Yes:
                return
            try:
                remove(ident)
                self._info(f"Removed {ident}.")
            except SecretStoreError as exc:
                self._error(str(exc))
            self.refresh()
        box.buttonClicked.connect(answered)
        box.open()
