"""Units. Bytes internally; rendered figures are decimal GB (10**9 bytes), as in the vendor guide.

1 GiB = 2**30 bytes = 1.07 GB. Card memory is marketed in GiB ("24 GB" = 24 GiB).
"""
from __future__ import annotations

import math

GB = 10**9
GIB = 2**30
MIB = 2**20


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
