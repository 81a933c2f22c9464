"""Tray and status icons drawn with QPainter, so the app ships no image assets.

Each state has its own colour *and* glyph (check, pause bars, cross), so the
state reads at a glance even for colour-blind users and in monochrome trays.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPainterPath, QPen, QPixmap

COLORS: dict[str, str] = {
    "protecting": "#1e9e5a",
    "paused": "#e0a100",
    "error": "#d23c3c",
    "stopped": "#8a8f98",
}
# transitional states look like "stopped" until the proxy answers
ICON_STATE = {"starting": "stopped", "stopping": "stopped"}


def _shield(size: float) -> QPainterPath:
    s = size
    path = QPainterPath(QPointF(s * 0.5, s * 0.04))
    path.cubicTo(QPointF(s * 0.68, s * 0.14), QPointF(s * 0.82, s * 0.16), QPointF(s * 0.92, s * 0.16))
    path.cubicTo(QPointF(s * 0.92, s * 0.58), QPointF(s * 0.78, s * 0.82), QPointF(s * 0.5, s * 0.96))
    path.cubicTo(QPointF(s * 0.22, s * 0.82), QPointF(s * 0.08, s * 0.58), QPointF(s * 0.08, s * 0.16))
    path.cubicTo(QPointF(s * 0.18, s * 0.16), QPointF(s * 0.32, s * 0.14), QPointF(s * 0.5, s * 0.04))
    path.closeSubpath()
    return path


def _glyph(painter: QPainter, state: str, s: float) -> None:
    pen = QPen(QColor("white"), max(1.5, s * 0.1), Qt.PenStyle.SolidLine, Qt.PenCapStyle.RoundCap, Qt.PenJoinStyle.RoundJoin)
    painter.setPen(pen)
    painter.setBrush(Qt.BrushStyle.NoBrush)
    if state == "protecting":
        path = QPainterPath(QPointF(s * 0.3, s * 0.5))
        path.lineTo(QPointF(s * 0.45, s * 0.65))
        path.lineTo(QPointF(s * 0.7, s * 0.36))
        painter.drawPath(path)
    elif state == "paused":
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("white"))
        painter.drawRoundedRect(QRectF(s * 0.33, s * 0.3, s * 0.11, s * 0.38), s * 0.03, s * 0.03)
        painter.drawRoundedRect(QRectF(s * 0.56, s * 0.3, s * 0.11, s * 0.38), s * 0.03, s * 0.03)
    elif state == "error":
        painter.drawLine(QPointF(s * 0.34, s * 0.32), QPointF(s * 0.66, s * 0.64))
        painter.drawLine(QPointF(s * 0.66, s * 0.32), QPointF(s * 0.34, s * 0.64))
    else:  # stopped: a hollow ring
        painter.drawEllipse(QRectF(s * 0.36, s * 0.34, s * 0.28, s * 0.28))


def state_pixmap(state: str, size: int = 64) -> QPixmap:
    """The icon for `state` at `size` px (square, transparent background)."""
    state = ICON_STATE.get(state, state)
    color = QColor(COLORS.get(state, COLORS["stopped"]))
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(QPen(color.darker(130), max(1.0, size / 32)))
    painter.setBrush(color)
    painter.drawPath(_shield(size))
    _glyph(painter, state, size)
    painter.end()
    return pixmap


def state_icon(state: str) -> QIcon:
    """A multi-size QIcon for tray and window use."""
    icon = QIcon()
    for size in (16, 22, 24, 32, 48, 64, 128):
        icon.addPixmap(state_pixmap(state, size))
    return icon
