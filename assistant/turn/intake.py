"""Stage 1, intake: what the customer typed, made safe to read and bounded in size."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from assistant.llm import ChatBackend
from assistant.messages import t
from tools.text import detect_language

# invisible/control characters carry smuggled prompts; lone surrogates cannot even be encoded
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\u200b-\u200f\u202a-\u202e\u2060-\u2064\ufeff\ud800-\udfff]"
                      r"|[\U000e0000-\U000e007f]")
_NEGATIVE = re.compile(r"(?<![\w.,])[-−]\s?\d+(?:[.,]\d+)?")  # "-4 cards", not "Llama-3-8B" or "20-25"


class Intake(BaseModel):
    text: str
    language: str
    notices: list[str] = Field(default_factory=list)


def clean_input(text: str, limit: int) -> tuple[str, bool]:
    """Strip invisible/control characters and cap the length."""
    text = _CONTROL.sub("", text or "").strip()
    return (text[:limit], True) if len(text) > limit else (text, False)


def cap_tokens(text: str, limit: int, backend: ChatBackend | None) -> tuple[str, bool]:
    """Cut to `limit` tokens so prompt + history + answer stay inside the context: counted by the
    model's own tokenizer once loaded, else ~3 characters a token."""
    tok = backend.tokenizer() if backend is not None and backend.status().ready else None
    if tok is None:
        return (text[: limit * 3].strip(), True) if len(text) > limit * 3 else (text, False)
    tokens = tok.encode(text)
    return (text, False) if len(tokens) <= limit else (tok.decode(tokens[:limit]).strip(), True)


def intake(raw: str, max_chars: int, max_tokens: int, backend: ChatBackend | None) -> Intake:
    text, truncated = clean_input(raw, max_chars)
    text, cut = cap_tokens(text, max_tokens, backend)
    lang = detect_language(text) if text else "ru"
    notices = [t(lang, "truncated", n=len(text))] if truncated or cut else []
    if negative := _NEGATIVE.findall(text):  # the reader takes quantities, not signs: say so
        notices.append(t(lang, "negative", values=", ".join(dict.fromkeys(negative[:5]))))
    return Intake(text=text, language=lang, notices=notices)
