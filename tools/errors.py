"""The one error type calculators raise for bad input; callers show its message as-is."""


class SizingError(ValueError):
    """Input the calculators cannot size: unknown names, impossible or absurd values."""
