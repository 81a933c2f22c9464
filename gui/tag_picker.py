"""A checkable tree of the 55 taxonomy tags, grouped by their 7 types."""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

from proxy.taxonomy import ALL_TAGS, TAGS_BY_TYPE

TYPE_NAMES = {
    "PER": "People", "CODE": "Codes and numbers", "LOC": "Places", "ORG": "Organisations",
    "DEM": "Demographics and health", "DATETIME": "Dates and times", "QUANTITY": "Money and scores",
}


class TagPicker(QTreeWidget):
    """Check tags individually, or a whole type at once (tri-state parents)."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderLabel(title)
        self.items: dict[str, QTreeWidgetItem] = {}
        for pii_type, tags in TAGS_BY_TYPE.items():
            parent_item = QTreeWidgetItem(self, [f"{TYPE_NAMES[pii_type.value]} ({pii_type.value})"])
            parent_item.setFlags(parent_item.flags() | Qt.ItemFlag.ItemIsUserCheckable | Qt.ItemFlag.ItemIsAutoTristate)
            for tag in tags:
                child = QTreeWidgetItem(parent_item, [tag])
                child.setFlags(child.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                child.setCheckState(0, Qt.CheckState.Unchecked)
                self.items[tag] = child

    def set_checked(self, tags: Iterable[str]) -> None:
        chosen = set(tags)
        for tag, item in self.items.items():
            item.setCheckState(0, Qt.CheckState.Checked if tag in chosen else Qt.CheckState.Unchecked)
        for i in range(self.topLevelItemCount()):
            top = self.topLevelItem(i)
            top.setExpanded(any(top.child(j).checkState(0) == Qt.CheckState.Checked for j in range(top.childCount())))

    def checked(self) -> tuple[str, ...]:
        """Checked tags in taxonomy order."""
        return tuple(tag for tag in ALL_TAGS if self.items[tag].checkState(0) == Qt.CheckState.Checked)

    def set_tag(self, tag: str, on: bool) -> None:
        self.items[tag].setCheckState(0, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
