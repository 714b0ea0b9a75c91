"""Units. Bytes internally; rendered figures are decimal GB (10**9 bytes), as in the vendor guide.

1 GiB = 2**30 bytes = 1.07 GB. Card memory is marketed in GiB ("24 GB" = 24 GiB).
"""
from __future__ import annotations

import math
from enum import StrEnum

GB = 10**9
GIB = 2**30
MIB = 2**20


class Unit(StrEnum):
    """What a result field's number is measured in, written on the field: `Annotated[int, Unit.BYTES]`.
    Whoever must know what kind of quantity a number is (the grounding guard) reads it from the
    result type, never from the field's name. A field without one is a plain number (tokens, layers)."""
    BYTES = "bytes"  # memory in bytes (written as decimal GB or GiB)
    GB = "gb"  # memory already in decimal GB (installed RAM)
    GIB = "gib"  # memory in GiB: card memory as marketed ("24 GB" = 24 GiB)
    GBS = "gbs"  # bandwidth, decimal GB/s
    TOK_S = "tok_s"  # generation or prefill speed, tokens per second
    USD = "usd"  # a catalog price, US dollars
    MONEY = "money"  # an amount in the currency the customer gave
    WATT = "watt"  # power, W
    KWH = "kwh"  # energy, kW·h (a month's electricity)
    COUNT = "count"  # how many cards, servers or PSU modules
    FRACTION = "fraction"  # a share from 0 to 1 (written as a percent)
    PERCENT = "percent"  # a share from 0 to 100


def gb(n_bytes: float, digits: int = 2) -> float:
    """Bytes -> decimal GB, rounded for display."""
    return round(n_bytes / GB, digits)


def fmt_gb(n_bytes: float, lang: str = "en", digits: int = 2) -> str:
    """'16.06 GB' / '16,06 ГБ' — the unit is always printed."""
    value = f"{n_bytes / GB:.{digits}f}"
    return f"{value.replace('.', ',')} ГБ" if lang == "ru" else f"{value} GB"


def check_finite(name: str, value: float, *, low: float | None = None, high: float | None = None,
                 strictly_positive: bool = False) -> float:
    """Reject NaN/inf and out-of-range inputs with one readable message."""
    from tools.errors import SizingError

    try:
        v = float(value)
    except (TypeError, ValueError, OverflowError):
        raise SizingError(f"{name} must be a number, got {value!r}") from None
    if math.isnan(v) or math.isinf(v):
        raise SizingError(f"{name} must be a finite number, got {value!r}")
    if strictly_positive and v <= 0:
        raise SizingError(f"{name} must be greater than zero, got {value!r}")
    if low is not None and v < low:
        raise SizingError(f"{name} must be at least {low:g}, got {value!r}")
    if high is not None and v > high:
        raise SizingError(f"{name} must be at most {high:g}, got {value!r}")
    return v
