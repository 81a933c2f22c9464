"""Time handling for validity periods (`from`/`to`) of relationships and memberships.

Conventions, chosen to be predictable and conservative:
- a period is half-open, `from <= at < to`; `None` means unbounded on that side,
  so a relationship with `"to": "2025-03-31"` has ended on 31 March 00:00;
- a date without a time is midnight of that day;
- everything is compared as naive local time: an aware datetime is converted to
  local time first, since the community format writes naive timestamps.
"""

from __future__ import annotations

from datetime import date, datetime


def to_datetime(value: str | date | datetime | None) -> datetime | None:
    """Parse an ISO date/datetime (or pass one through) into naive local time."""
    if value is None or value == "":
        return None
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, date):
        dt = datetime(value.year, value.month, value.day)
    elif isinstance(value, str):
        dt = datetime.fromisoformat(value.strip())
    else:
        raise TypeError(f"expected an ISO date string or datetime, got {type(value).__name__}")
    if dt.tzinfo is not None:
        dt = dt.astimezone().replace(tzinfo=None)
    return dt


def to_iso(value: str | date | datetime | None) -> str | None:
    """Normalise a time to the ISO text stored in the database (or None).

    Dates stay dates (`2024-01-01`), so a file written with day precision is
    exported as it was imported.
    """
    if value is None or value == "":
        return None
    dt = to_datetime(value)
    assert dt is not None
    day_only = (isinstance(value, date) and not isinstance(value, datetime)) or (
        isinstance(value, str) and len(value.strip()) == 10
    )
    return dt.date().isoformat() if day_only else dt.isoformat()


def valid_at(start: str | datetime | None, end: str | datetime | None, at: datetime) -> bool:
    """Whether the half-open period [start, end) contains `at`."""
    moment = to_datetime(at)
    assert moment is not None
    lo, hi = to_datetime(start), to_datetime(end)
    return (lo is None or lo <= moment) and (hi is None or moment < hi)
