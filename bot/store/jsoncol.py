"""JSON columns: compact, key-sorted text so equal documents compare equal as text."""

from __future__ import annotations

import json
from decimal import Decimal
from typing import Any

from bot.store.errors import StoreError


def dumps(value: Any) -> str:
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"value cannot be stored as JSON: {exc}") from exc


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def to_tenths(points: Decimal | None) -> int | None:
    """League points -> integer tenths; refuses finer values instead of rounding them silently."""
    if points is None:
        return None
    tenths = Decimal(points) * 10
    if tenths != tenths.to_integral_value():
        raise StoreError(f"league points {points} are finer than a tenth")
    return int(tenths)


def from_tenths(tenths: int | None) -> Decimal | None:
    return None if tenths is None else Decimal(tenths) / 10
