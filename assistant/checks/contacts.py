"""Contacts, links and offers that only a trusted text may supply: an indexed document's
"write to x@evil.example", "rival-gpu.example/cooling" or "forty percent discount today" must not
reach the customer in the assistant's voice, however it is written."""
from __future__ import annotations

import re

_TLD = (r"(?:com|net|org|ru|su|io|ai|co|info|biz|shop|store|site|online|example|dev|app|xyz|me|tech|pro|cloud|"
        r"uk|de|eu|us|cn|рф)")
CONTACT = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://[^\s)\]]+|\bwww\.[^\s)\]]+|"
                     r"(?<![\w@./-])(?:[a-zа-я0-9](?:[a-zа-я0-9-]{0,61}[a-zа-я0-9])?\.)+" + _TLD + r"\b(?:/[^\s)\]]*)?",
                     re.I)
# phone numbers: +7 (844) 245-94-88, 8-800-..., +1 555 123 4567
PHONE = re.compile(r"(?:\+\d{1,3}|\b8)[\s(-]*\d{3}[\s)-]*\d{3}[\s-]?\d{2}[\s-]?\d{2}\b")
OFFER = re.compile(r"скидк\w*|дисконт\w*|промокод\w*|купон\w*|акци[яиюей]\b|бесплатн\w*|\bdiscount\w*|\bpromo\w*|"
                   r"\bcoupon\w*|\bfree of charge\b|\bfor free\b|\bdeal\b|\bsale\b", re.I)


def foreign_contacts(sentence: str, trusted_text: str) -> list[str]:
    """E-mail addresses, links, bare domains and phone numbers in `sentence` no trusted text contains."""
    low = re.sub(r"\s+", "", trusted_text.lower())
    out = []
    for c in CONTACT.findall(sentence) + PHONE.findall(sentence):
        key = re.sub(r"\s+", "", c.lower().rstrip(".,;"))
        if key not in low:
            out.append(c.rstrip(".,;"))
    return out


def foreign_offer(sentence: str, trusted_text: str) -> bool:
    """A discount, promotion or free offer that no trusted text makes."""
    found = OFFER.findall(sentence)
    return bool(found) and not all(f.lower()[:5] in trusted_text.lower() for f in found)


# stock and delivery times: nothing the assistant holds knows them ("Нет в наличии такой карты", the real model on a
# card missing from the catalog at 63a5403); only a manager may promise or deny them. A sentence that hands the
# question on ("наличие уточнит менеджер", "ask a manager about stock") says nothing of its own and stays.
STOCK = re.compile(r"(?<!\w)(?:(?:есть|нет|имеется|имеются|будет|будут|появится|появятся)\s+в\s+наличии|"
                   r"в\s+наличии\s+(?:есть|нет|сейчас|только)|отсутству\w*\s+(?:в\s+наличии|на\s+складе)|"
                   r"(?:есть|нет)\s+на\s+складе|(?:in|out\s+of)\s+stock|back\s*order\w*|"
                   r"(?:доставим|поставим|привез[её]м|отгрузим)\s+(?:за|в\s+течение|до)\s|"
                   r"(?:ship|deliver)s?\s+(?:in|within)\s+\d)", re.I)
_HANDED_ON = re.compile(r"менеджер|уточн\w*|manager|confirm|check with", re.I)


def stock_claimed(sentence: str) -> bool:
    return bool(STOCK.search(sentence)) and not _HANDED_ON.search(sentence)
