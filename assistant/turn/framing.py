"""Stage 3, framing: the reading folded into the conversation — the scenario to compute, the intent,
and the questions to ask back (numbers the reader could not attach, contradictory values)."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from assistant.messages import t
from assistant.reading import Reading
from assistant.reading.context import ANSWERABLE, card_family, word_value, carry
from assistant.reading.cues import DOMAIN, FOLLOWUP, MODELS_ON_IT, REPLACE_OWN, asks_vendors_pick
from assistant.reading.intent import OTHER_GOODS, off_topic
from assistant.reading.relative import apply as apply_relative
from assistant.reading.tokens import parse_plain_number
from assistant.scenario import Intent, Scenario, merge
from assistant.views.scenario import LABELS
from tools.catalog import GPU, get_gpu
from tools.errors import SizingError


class Frame(BaseModel):
    scenario: Scenario
    intent: Intent
    questions: list[str] = Field(default_factory=list, description="Said to the customer before any figure.")
    assumed: list[str] = Field(default_factory=list, description="Slots read from vague words, shown as guesses.")
    trace: list[str] = Field(default_factory=list)
    variants: dict[str, list[int | str]] = Field(default_factory=dict,
                                                 description="An input compared at several values, sized side by side.")


def frame(reading: Reading, previous: Scenario | None, previous_intent: str | None) -> Frame:
    reading = carry(reading, previous)  # "and with 80?": a bare number to the slot the conversation has
    lang = reading.language
    intent = reading.intent
    if intent == "followup":  # "а если 4 штуки?": the same question with one value changed
        intent = previous_intent if previous_intent not in (None, "knowledge", "handoff") else "vram"  # type: ignore[assignment]
    scenario = apply_relative(merge(previous, reading.scenario, reading.new_model, comparing=intent == "compare",
                                    instead_of=reading.instead_of, per_user=reading.per_user, withdrawn=reading.withdrawn),
                              reading.relative)  # "ещё две", "а с 3090?", "ток/с на одного пользователя"
    questions = []
    variants = compared_values(reading)
    if not (scenario.model or scenario.params_b):
        variants.pop("precision", None)  # nothing to size at either: no precision is chosen for later turns either
    explained = {w for _, w in _context_values(reading.text)} if "context" in variants else set()
    unattached = [sp for sp in reading.unattached if sp.text.strip() not in explained]
    if unattached:
        questions.append(t(lang, "unattached", items=", ".join(f"«{s.text}»" for s in unattached)))
    for slot, spans in reading.conflicts.items():
        items = ", ".join(f"«{s.text}»" for s in spans)
        if slot == "card_vram_gb" and len(spans) == 1 and (card := _catalog_card(scenario.gpu)):
            # one size said against the named card ("4090 на 48 гигов"): say what the table used and why
            questions.append(t(lang, "card_size_conflict", card=card.name, gb=f"{card.vram_gib:g}", items=items))
        elif slot == "precision" and intent == "knowledge" and not (scenario.model or scenario.params_b):
            pass  # "чем q4 отличается от q8": the precisions are the question's subject, nothing to pick
        elif slot not in variants:
            questions.append(t(lang, "conflict", slot=LABELS[lang].get(slot, slot), items=items))
    if "model" not in variants and previous is not None and previous.sized_models and not reading.new_model and \
            scenario.model in previous.sized_models:
        if intent == "compare" and not (scenario.gpus or reading.scenario.gpu):
            intent = "vram"  # "сравните их между собой" after two models sized, no card named: the models, side by side
        if intent == "vram":
            variants["model"] = list(previous.sized_models)  # "а в q4?" after the side-by-side: both again
    scenario = scenario.model_copy(update={"sized_models": variants.get("model")})
    if "model" in variants:  # two models sized at one scenario: the table under the side-by-side is the last one's
        scenario = scenario.model_copy(update={"model": variants["model"][-1], "params_b": None})
        if intent in ("knowledge", "compare", "gpu_info") and _MEMORY_ASKED.search(reading.text):
            intent = "vram"  # type: ignore[assignment]  # "по памяти": the memory asked; "что лучше для кода" stays
    if "precision" in variants:  # the table under the side-by-side is for the last one, as for a context
        scenario = scenario.model_copy(update={"precision": variants["precision"][-1]})
    if "context" in variants:
        scenario = scenario.model_copy(update={"context": variants["context"][-1],
                                               **{slot: None for slot in _taken_by_variants(reading, variants)}})
    scenario = scenario.model_copy(update={"asked": offered(reading, variants)})
    return Frame(scenario=scenario, intent=intent, questions=questions, assumed=reading.assumed, variants=variants)


# with nothing read and no earlier turn, a "how much / which" cue alone does not make a sizing question
_ASKS_WHAT = re.compile(r"что такое|what is|what are|зачем|почему|\bwhy\b|нужен ли|нужно ли|do i need|explain", re.I)
_DOMAIN = re.compile(r"gpu|гпу|видеокарт|видюх|vram|видеопам|памят|сервер|server|nvlink|cuda|lora|лора|llm|модел|model|"
                     r"нейросет|inference|инференс|обучен|train|контекст|context|rtx|h100|a100|4090|5090|охлажд|cooling|"
                     r"pcie|озу|ram\b|vllm|ollama|квантиз|quantiz|\bбп\b|psu|ватт|watt|облак|cloud|токен|token|"
                     r"аренд|\brent|покупк|купить|заказ|\bbuy|\border|нейронк|ллм|\bии\b|\bai\b|сервак", re.I)
_RECOMPUTE = re.compile(r"пересчита\w*|пересчёт\w*|пересчет\w*|recalculat\w*|re-?run|redo|recompute", re.I)
_HOW_MANY = re.compile(r"\bсколько (?:их|таких|штук|карт\w*|[a-z]?\d+\w*)\b|\bhow many\b", re.I)
_SIZING = {"vram", "recommend", "speed", "power", "cost", "upgrade", "models_for_hardware", "compare", "gpu_info"}


def _catalog_card(gpu_id: str | None) -> GPU | None:
    try:
        return get_gpu(gpu_id) if gpu_id else None
    except SizingError:
        return None


def _asked_number(text: str, span) -> bool:
    """A plain number standing alone ("на 32?"), not a piece of a code ("KIWI-7731-QZX") or of base64."""
    before, after = text[max(0, span.start - 1):span.start], text[span.end:span.end + 1]
    return bool(re.fullmatch(r"\d+(?:[.,]\d+)?", span.text)) and not re.match(r"[\w-]", before) and \
        not re.match(r"[\w-]", after)


def offered(reading: Reading, variants: dict) -> dict[str, list[float]] | None:
    """The first contradicted slot and its values, remembered for the answer ("ну пусть будет 15")."""
    for slot, spans in reading.conflicts.items():
        # digits, or words ("десять или пятнадцать человек"): the reply answers either
        values = [v for v in map(_span_value, spans) if v is not None]
        if slot in ("budget", "server_price"):
            values = _same_scale(values, [sp.text for sp in spans])
        if slot not in variants and slot in ANSWERABLE and len(values) >= 2:
            return {slot: values}
    return None


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_SCALE = re.compile(r"(тыс|тыщ|\d\s?[kк]\b|grand)|(млн|лям|миллион|million|mln)", re.I)


def _same_scale(values: list[float], texts: list[str]) -> list[float]:
    """Fifty-third pass: "то ли 300 то ли 400 тыщ": both sums in thousands, as the reply "партнёр сказал 400" is read."""
    scales = [1_000_000 if (m := _SCALE.search(t)) and m.group(2) else 1000 if m else 1 for t in texts]
    common = max(scales)
    return [v * (common if sc == 1 and v < 1000 else sc) if v < 1000 else v for v, sc in zip(values, scales)]


def _span_value(span) -> float | None:
    m = _NUMBER.search(span.text)
    return parse_plain_number(m.group(0)) if m else word_value(span.text)


# the same choice asked again with a value changed ("выбор тот же?", "would the pick change?")
_SAME_CHOICE = re.compile(r"\bвыбор (?:тот же|останется|не (?:из|по)меня\w*|(?:из|по)меня\w*)|\b(?:тот же|такой же) выбор\b|"
                          r"\b(?:would|does|will) (?:the|that|my|our|your) (?:choice|pick|answer|recommendation) change\b|"
                          r"\bsame (?:choice|pick|answer)\b", re.I)


def settle_intent(reading: Reading, previous: Scenario | None, previous_intent: str | None = None) -> str:
    """The reader's intent, unless nothing was read and there is no conversation yet: then a question
    of what/why is knowledge, and words outside the domain are out of scope (an "admin" asking for
    the configuration is not a sizing question). A follow-up's bare number is first attached by the
    conversation ("and with 80?" after 40 users is a follow-up, not out of scope)."""
    carry(reading, previous)
    if previous is not None and previous_intent in ("compare", "recommend", "upgrade") and \
            reading.intent not in ("cost", "power", "speed") and \
            _SAME_CHOICE.search(reading.text) and len(reading.text.split()) <= 20:
        return previous_intent  # seventy-third pass: "А если речь о LoRA моделей до 14 млрд — выбор тот же?"
    if (reading.intent in ("followup", "power", "upgrade", "out_of_scope", "knowledge") or
            reading.intent == "vram" and not (reading.scenario.gpu or reading.scenario.gpu_count)) and previous is not None and \
            previous_intent in _SIZING and \
            asks_vendors_pick(reading.text):
        return "recommend"  # sixty-seventh pass: "что бы вы сами предложили, чтобы по питанию было скромнее?"
    if reading.intent in ("recommend", "followup", "knowledge", "out_of_scope") and previous is not None and \
            previous_intent in _SIZING and not reading.new_model and _CLARIFY.match(reading.text) and \
            len(reading.text.split()) <= 16 and not _OWN_QUESTION.search(reading.text) and reading.scenario.said() and \
            not re.search(r"что такое|what is|почему|why|зачем|как работает|how does", reading.text, re.I):
        return previous_intent  # sixty-seventh pass: "Уточню: на оба узла вместе 16 карт, считайте на все сразу."
    if previous_intent == "knowledge" and previous is not None and (previous.model or previous.params_b) and \
            previous.task not in (None, "inference") and \
            reading.intent in ("knowledge", "followup") and set(reading.scenario.said()) == {"task"} and \
            len(reading.text.split()) <= 4 and FOLLOWUP.match(_OK.sub("", reading.text)) and \
            not re.search(r"\b(?:что|чё|че|what|why|how|зачем|почему|как)\b", reading.text, re.I):
        return "vram"  # sixty-seventh pass: "полное обучение mistral 7b" .. "а почему так много" .. "ок а лора?": the memory
    if reading.intent in ("followup", "vram") and previous is not None and (
            reading.intent == "followup" and _PSU_ENOUGH_Q.search(reading.text) or
            # seventy-second pass: "этот блок уже точно не вытянет?" after the PSU was said: "блок" alone is the PSU
            previous.psu_w and (not reading.new_model or _THIS_PSU.search(reading.spelt or reading.text)) and
            _BLOCK_HOLDS.search(reading.spelt or reading.text) or
            # seventy-fourth pass: "а если поставить четыре l4, блока на 800 вт хватит?": a PSU said with its watts here
            reading.scenario.psu_w and _BLOCK_HOLDS.search(reading.spelt or reading.text)):
        # (seventy-third pass: "этот блок вытянет если запущу квен 72б?": the PSU said, the model a condition)
        return "power"  # fresh40: "а если докупить ещё одну a4000, бп на 650 хватит на обе?": the PSU, for the cards now
    if reading.intent in ("recommend", "followup") and previous_intent in _SIZING and previous_intent != "recommend" and \
            reading.new_model and _MEANT.search(reading.text) and len(reading.text.split()) <= 16 and \
            not _OWN_QUESTION.search(reading.text):  # not "oops, meant qwen3 32b for 20 of us, what should we buy?"
        return previous_intent  # sixty-first pass: "oops, meant the 70b llama, not the 8b": the same question, corrected
    if reading.intent == "knowledge" and previous_intent in ("vram", "speed") and previous is not None and \
            (previous.model or previous.params_b) and "precision" in reading.conflicts and not reading.new_model and \
            reading.scenario.said() and not re.search(r"разниц|отлича|difference|differ", reading.text, re.I):
        return previous_intent  # sixty-first pass: "а что лучше, q4 или q6, если контекст нужен 32к?": both, sized
    if previous_intent == "speed" and reading.intent in ("recommend", "followup", "vram") and not reading.new_model and \
            _HOW_MUCH_THEN.search(reading.text) and not _PRICE_WORD.search(reading.text) and len(reading.text.split()) <= 10:
        return "speed"  # sixty-first pass: "ок, сколько токенов в секунду?" .. "а на б/у 3090 сколько выйдет?": the same rate
    if previous_intent == "speed" and reading.intent in ("followup", "vram", "knowledge") and not reading.new_model and \
            _SLOWS.search(reading.text) and len(reading.text.split()) <= 12 and \
            not re.search(r"\bпочему\b|\bwhy\b|\bзачем\b", reading.text, re.I):
        return "speed"  # seventieth pass: "а с контекстом 32к сильно просядет?": the rate, at the value changed
    if reading.intent in ("knowledge", "followup", "out_of_scope") and previous_intent in _SIZING and \
            _RECOMPUTE.search(reading.text) and reading.spans.get("corrected"):
        return previous_intent  # fifty-seventh pass: "У нас их 40, а не 14 — пересчитайте": the same question, corrected
    if reading.intent == "followup" and previous_intent == "models_for_hardware" and reading.new_model:
        return "vram"  # "что запустить на 3060?" .. "а гемма 4б пойдёт?": one model on those cards, will it fit
    if reading.intent == "followup" and previous_intent == "recommend" and reading.scenario.gpu and \
            _OWNED_NOW.search(reading.text):
        return "vram"  # "what hardware?" .. "we already have two L40S, enough?": will it run on the cards they own
    if reading.intent == "out_of_scope" and previous is not None and reading.unattached and previous_intent and \
            (previous.asked or previous_intent in _SIZING and len(reading.text.split()) <= 8):
        # "ну пусть будет 40" after "10 или 15 человек?" was asked: an answer to name back; thirty-second pass: a short
        # follow-up of a sizing question with a number no slot takes ("описаний надо штук 500 в день") as well
        return previous_intent
    if reading.intent == "out_of_scope" and previous is not None and previous_intent in _SIZING and \
            _SAID_LATER.match(reading.text) and not off_topic(reading.text):
        return previous_intent  # forty-eighth pass: "забыл сказать, навигация у нас месяцев семь в году": more of that question
    if reading.intent in ("followup", "knowledge", "recommend", "vram", "out_of_scope") and previous is not None and \
            (previous.gpu or previous.card_vram_gb or previous.gpus) and REPLACE_OWN.search(reading.text) and \
            not reading.new_model and not (reading.intent == "recommend" and _HOW_MANY.search(reading.text)):
        # (fifty-seventh pass: not "карты целиком заменить на H200 — сколько их понадобится?": how many, sizing)
        return "upgrade"  # fifty-first pass: "а если видюху поменять, что взять тыщ за сорок?": instead of the card owned
    if reading.intent in ("knowledge", "recommend", "followup") and previous is not None and \
            (previous.gpu or previous.gpus or previous.card_vram_gb or previous.server) and not reading.new_model and \
            not reading.scenario.model and MODELS_ON_IT.search(reading.text):
        return "models_for_hardware"  # fifty-third pass: a spec pasted .. "which models that configuration could run"
    if previous_intent == "compare" and reading.intent in ("followup", "power", "out_of_scope", "knowledge", "cost", "speed") \
            and not reading.new_model and _WHICH_OF_THE_TWO.search(reading.text):
        return "compare"  # fifty-third pass: "одна 5090 или две 3090?" .. "а по свету что меньше мотать будет?"
    if reading.intent in ("followup", "out_of_scope") and previous is not None and _NOISE_ASKED.search(reading.text) and \
            reading.scenario.is_empty():
        return "knowledge"  # fifty-third pass: "а насколько вообще шумят такие серверы?": the guide's, no figure of ours
    said = set(reading.scenario.said())
    if previous_intent == "cost" and said and said - {"task"} and \
            said <= ({"hours_per_month", "electricity_price", "currency"} | ({"task"} if reading.scenario.task == "inference" else set())) and \
            not reading.new_model and not (reading.intent == "power" and _BILL_ASKED.search(reading.text)):
        # thirty-fourth pass: own server against the cloud .. "сидят с 10 до 19, шесть дней в неделю", "и свет у нас по
        # 7,2 руб за кВт·ч, это учитывается?": the hours and the electricity of that comparison
        return "cost"
    if (reading.intent in ("followup", "recommend", "models_for_hardware") or
            reading.intent == "knowledge" and previous_intent == "knowledge" and not _WHY.search(reading.text)) and \
            previous is not None and (previous.model or previous.params_b) and not reading.new_model and \
            (reading.scenario.gpu or reading.scenario.gpu_count or reading.scenario.card_vram_gb) and \
            _ENOUGH_Q.search(reading.text) and (previous_intent in ("recommend", "vram", "models_for_hardware", "knowledge") or
                                                previous_intent == "upgrade" and (_FITS_MEMORY.search(reading.text) or
                                                                                  card_family(reading.scenario.gpu) not in
                                                                                  (None, card_family(previous.gpu)))):
        # thirty-fourth pass: "qwen3 14b for 300 users?" .. "ok what about three of them, enough?": whether the model
        # fits on the cards named, as "we already have two L40S, enough?" (sixty-seventh: after "что докупить?", "а если
        # вторую 3090 взять — влезет?", "а если заменить — двух RTX PRO 6000 хватит?"; fresh5's "вторую 4090 взять
        # хватит?" stays the upgrade: the same card added, whether that is enough)
        return "vram"
    if reading.intent == "followup" and previous is not None and (previous.model or previous.params_b) and \
            not reading.new_model and previous_intent in ("speed", "upgrade") and \
            _FITS_MEMORY.search(reading.spelt or reading.text):
        # sixty-seventh pass: a rate asked .. "а контекст 32к … в память вообще поместится?"; seventy-first: also in
        # transliteration ("a esli kontekst 32k vystavit, v pamyat voobshe vlezet?"), read as the reader spells it
        return "vram"
    if reading.intent in ("followup", "recommend") and previous is not None and previous.gpu and \
            (previous.model or previous.params_b) and not reading.new_model and not reading.scenario.gpu and \
            _SAME_CARD.search(reading.text):
        return "vram"  # thirty-ninth pass: "а дообучить её лорой на этой же карте выйдет?": on the card discussed
    if reading.intent == "followup" and reading.scenario.budget and previous_intent in ("vram", "speed") and \
            _WHAT_WE_GET.search(reading.text):
        return "recommend"  # "gemma on one l40s, will it hold up?" .. "and what could we get for roughly €9k" (33rd pass)
    if previous_intent == "models_for_hardware" and reading.intent in ("recommend", "followup") and \
            not reading.new_model and previous is not None and (previous.gpu or previous.card_vram_gb) and \
            _WHICH_MODEL.search(reading.text):
        return previous_intent  # "что на ней пойдёт?" .. "а если двадцать учеников, какую модель тогда ставить"
    if reading.intent in ("cost", "followup", "recommend") and previous is not None and previous_intent and \
            reading.scenario.is_empty() and not reading.unattached and not reading.spans and \
            not re.search(r"\d|\b(?:если|if)\b", reading.text, re.I) and not DOMAIN.search(reading.text) and \
            re.search(r"\bгде\b|\bwhere\b", reading.text, re.I) and \
            (_EVERYDAY_EN.search(reading.text) or _EVERYDAY_RU.search(reading.text)):
        return "out_of_scope"  # seventy-first pass: "ладно спс. где щас пиццу дешевле всего заказать?": cheap, but pizza
    if reading.intent == "out_of_scope" and previous is not None and \
            (previous_intent in _SIZING or previous_intent in ("knowledge", "out_of_scope") and not previous.is_empty()) and \
            len(reading.text.split()) <= 12 and _QUESTION.search(reading.text) and not off_topic(reading.text) and \
            not OTHER_GOODS.search(reading.text) and not _another_subject(reading.text):
        # seventieth pass: "is that realistic?", "хм, а это точно?", "and is it loud?" about the setup just sized: asked
        # of the guide with the conversation's scenario, never met with the out-of-scope refusal
        return "knowledge"
    if reading.intent not in _SIZING or previous is not None or not reading.scenario.is_empty() or reading.relative \
            or reading.spans.get("model_name") \
            or any(_asked_number(reading.text, s) for s in reading.unattached):
        return reading.intent  # "сколько надо на 32?": a number to ask about, not out of scope
    if not _DOMAIN.search(reading.text):
        return "out_of_scope"
    return "knowledge" if _ASKS_WHAT.search(reading.text) else reading.intent


_SLOWS = re.compile(r"\bпросяд\w*|\bпросел\w*|\bскорост\w* упад[её]т\b|\bзамедл\w*|\bтормоз\w*|\bslow(?:s|er)? down\b|"
                    r"\bslower\b|\bмедленнее\b", re.I)
# a word naming a subject of its own ("а там погода хорошая?", "what's the weather there?", "а вакансии у вас есть?"):
# a new subject, no question about the setup just sized; a Russian noun the domain's words do not cover, or one of
# the everyday English subjects below
_EVERYDAY_EN = re.compile(r"\b(?:weather|jobs?|vacanc\w*|office|address|lunch|dinner|food|cats?|dogs?|letter|joke|poem|"
                          r"recipe|movie|film|song|football|soccer|news|holiday|vacation|birthday|moscow|london|city|rain\w*|sunny|friday|"
                          r"flights?|pizza|translate|french|hiring|election|bitcoin|cyberpunk|games?|gaming|what time|iphones?|your name|"
                          r"human|robot|crypto)\b", re.I)
_EVERYDAY_RU = re.compile(r"\b(?:пицц\w*|суши|роллы|шаурм\w*|еду|еды|кофе|погод\w*|такси|билет\w*|кино|фильм\w*|"
                          r"сериал\w*|футбол\w*|рецепт\w*|ресторан\w*|кафе|отпуск\w*|анекдот\w*|стих\w*|реферат\w*|"
                          r"курсовую|курсовой|курсач\w*|домашк\w*|вакансии|вакансий|гороскоп\w*|ставк\w* на спорт)\b", re.I)
_FOLLOW_UP_NOUNS = re.compile(r"^(?:шум|нагрузк|скорост|цен|стоимост|памят|точност|вариант|запас|мест|деньг|расчёт|расчет|"
                              r"оценк|конфиг|смысл|раз|дел|правд|гаранти|риск|ошибк|реальност|месяц|год|врем|качеств)", re.I)


def _another_subject(text: str) -> bool:
    from assistant.reading.words import morph

    if _EVERYDAY_EN.search(text):
        return True
    for w in re.findall(r"[а-яё]{3,}", text.lower()):
        p = morph().parse(w)[0]
        if p.tag.POS == "NOUN" and p.is_known and not _DOMAIN.search(w) and not _FOLLOW_UP_NOUNS.match(p.normal_form):
            return True
    return False


_QUESTION = re.compile(r"\?\s*$|^\W*(?:(?:and|so|ok|okay|hm+|хм+|ну|а|и|ок)\W+)*(?:is|are|does|do|would|will|can|could|what|how|"
                       r"why|а\s+(?:это|оно|он|она|они)|это|точно|правда|серь[её]зно|реально)\b", re.I)


# sixty-seventh pass: a fit in memory asked after a rate or an upgrade ("а контекст 32к … в память вообще поместится?")
_FITS_MEMORY = re.compile(r"\bвлезет\b|\bвлезут\b|\bпо памяти (?:\w+ )?пролез(?:ет|ут)\b|\bпоместится\b|\bпоместятся\b|\bуместится\b|\bв память\b|"
                          r"\bfits?\b|\bin(?:to)? (?:the )?memory\b|\bin vram\b", re.I)
_OK = re.compile(r"^\W*(?:ок|окей|ok|okay|ладно|понятно|ясно)\W*\s*", re.I)
_CLARIFY = re.compile(r"^\W*(?:уточн\w*|поправк\w*|поправлюсь|поправочка|correction|to clarify|clarification|"
                      r"let me clarify)\b", re.I)
_HOW_MUCH_THEN = re.compile(r"\b(?:сколько|скок|скока|скоко) (?:тогда |же |там |примерно )?(?:выйдет|будет|получится|выдаст|даст)\b|"
                            r"\bhow (?:much|many|fast) (?:then|would (?:it|that) be|will (?:it|that) be)\b", re.I)
_PRICE_WORD = re.compile(r"сто[ия]т|цен|почём|почем|₽|руб|\$|€|бакс|price|cost|денег|money|тыс|тыщ", re.I)
# a slip corrected: "oops, meant the 70b", "ой, я имел в виду 32б", "точнее квен 14б", "опечатался"
_MEANT = re.compile(r"\bmeant\b|\btypo\b|имел[аи]? в виду|\bошиб(?:ся|лась|лись)\b|\bопечат\w*|\bоговорил\w*", re.I)
_OWN_QUESTION = re.compile(r"\bкак(?:ой|ая|ое|ие|ую)\b|\bчто (?:взять|брать|купить|посовет\w*)|\bпосовет\w*|\bсколько\b|"
                           r"\bwhat (?:server|hardware|should|would you|do you)|\brecommend\w*|\bhow many\b|\bbuy\b", re.I)
# the two options compared before, weighed on another measure ("which of the two pulls less from the wall", "что меньше
# мотать будет", "какой из них тише")
# (sixty-first pass: "а по жору какая лучше?": which is better said with the measure, and nothing new weighed)
_WHICH_OF_THE_TWO = re.compile(r"\bwhich (?:one |of the two|of them|of those)\b|\bмежду (?:ними|этими двумя|двумя)\b|"
                               r"\bbetween (?:them|the two|those two)\b|"
                               r"^(?!.*\b(?:или|or|vs)\b).*\b(?:по|for|on|in) (?:\w+ )?(?:жор\w*|потреблени\w*|питани\w*|свет\w*|шум\w*|"
                               r"цен\w*|деньг\w*|скорост\w*|power|noise|price|speed|heat|тепл\w*)\b.*\b(?:как(?:ая|ой|ое) (?:из (?:них|двух) )?"
                               r"лучше|which (?:one )?is better)\b|\bчто (?:из (?:них|этого|двух) )?(?:меньше|больше)\b|"
                               r"\b(?:кто|какой|какая|какое|что) из (?:них|двух|вариантов|этих)\b|\bкакой вариант\b|"
                               # sixty-seventh pass: "quieter one?", "а какая тише?": the one of the two on one measure
                               r"^\W*(?:and |ok |the |а )?(?:quieter|louder|cooler|cheaper|faster|тише|громче|холоднее) one\b|"
                               r"^\W*(?:а |и )?как(?:ая|ой) (?:из них )?(?:тише|громче|холоднее)\b", re.I)
_NOISE_ASKED = re.compile(r"\bнасколько (?:\w+ )?(?:шумн|шумят|шумит|громк|гудят|гудит)\w*|\bшумят ли\b|\bсильно (?:ли )?(?:шумят|шумит|"
                          r"гудят|гудит)\b|\bhow (?:loud|noisy)\b", re.I)
_SAID_LATER = re.compile(r"^\W*(?:забыл\w* (?:сказать|упомянуть|добавить|уточнить|написать)|(?:i |we )?forgot to "
                         r"(?:say|mention|add)|(?:и )?(?:ещё|еще) (?:момент|нюанс)|one more thing|"
                         # fifty-ninth pass: "Важный момент: договоры у нас длинные, страниц по 40"
                         r"важн\w* (?:момент|нюанс|уточнение|деталь)|(?:an )?important (?:point|detail|thing)|also worth mentioning)\b",
                         re.I)
# "enough" asks whether they suffice; "would a single 5090 do it" stays the recommendation's follow-up (twenty-sixth pass)
_PSU_ENOUGH_Q = re.compile(r"(?:\bбп|блок\w* питани\w*|\bpsu|power supply)\b[^.?!]{0,24}\b(?:хват\w*|потян\w*|выдерж\w*|"
                           r"вытян\w*|enough|handle)|\b(?:хват\w*|enough)\b[^.?!]{0,16}(?:\bбп|блок\w* питани\w*|\bpsu)\b", re.I)
_THIS_PSU = re.compile(r"\b(?:этот|мой|наш|тот|это)\s+(?:бп|блок)\b|\bбп\b|блок\w* питани|\b(?:this|my|our|that) (?:psu|power supply)\b", re.I)
_BLOCK_HOLDS = re.compile(r"\b(?:бп|блок\w*)\b(?!\s+(?:памяти|оперативн\w*|озу|ram|данных|кода|текста))[^.?!]{0,24}\b(?:хват\w*|потян\w*|выдерж\w*|вытян\w*|тянет|справ\w*)", re.I)
# fifty-second pass: the power bill asked outright ("what would that box add to the power bill", "сколько сервер сожрёт
# в месяц"), not an electricity price given to a cost comparison ("и свет у нас по 7,2 руб, это учитывается?")
_BILL_ASKED = re.compile(r"\b(?:power|electric(?:ity)?|energy) bill\b|\bсколько\b[^?]{0,40}(?:сожр|съест|нажг|нажж|жрать|"
                         r"за свет|электричеств|энерги)|за свет (?:выйдет|будет|набежит)", re.I)
_ENOUGH_Q = re.compile(r"\benough\b|\bsuffic\w*|\bхватит\b|\bхватает\b|\bдостаточно\b|\bподойд[её]т\b|\bсгодится\b|"
                       r"\b(?:would|will|could) [\w ]{0,32}\bdo(?: it| the job| the trick)?(?: by (?:it|them)sel(?:f|ves)| on (?:its|their) own| alone)?\s*\?|\bвлезет\b|\bпролезет\b|\bпоместится\b|\bуместится\b|"
                       r"\b(?:would|will|could|does) (?:that|this|it|they|those) (?:do it|cut it|work|handle it)\b|"
                       r"\bcover (?:that|it|this)\b(?! (?:cost|price|bill))|"  # "would a single 5090 cover that on its own?"
                       r"(?<!n't )(?<!not )\bcope\b|\bcarry (?:that|the load)\b(?! much)|\bdo the (?:job|trick)\b|"  # fifty-second
                       r"\bпотянут\b|\bпотянет\b|\bвывезут\b|\bвывезет\b|\bпоедет\b|\bзаведётся\b|\bзаведется\b|"  # pass: "would that do it?", "потянут?"
                       # fifty-ninth pass: "А две RTX PRO 6000 такую нагрузку вытянут?", "can't we get away with just one"
                       r"\bвытянут\b|\bвытянет\b|\bсправ(?:ится|ятся)\b|\bпройд[её]т\b|\bget away with\b|"
                       r"\bhandle (?:it|that|this|the load)\b|\b(?:going to|gonna) cut it\b|"
                       # seventy-third pass: "а одной rtx a6000 им по памяти норм будет?"
                       r"\bпо памяти\b[^.?!]{0,20}\b(?:норм\w*|ок|окей|хорошо)\b|"
                       # seventy-fourth pass: "would a used 3090 cut it or is that too tight", "would an 8x B200 server hold
                       # all of that?", "не впритык будет?": whether the model said fits on the cards named now
                       r"\b(?:would|will|could|does|do|can) (?:an? |the |one |two |\w+ )?[\w -]{0,30}\b(?:cut it|hold (?:it|that|this|all of (?:it|that|this)|them))\b|"
                       r"\btoo tight\b|\bвпритык\b", re.I)
_WHY = re.compile(r"\bпочему\b|\bзачем\b|\bотчего\b|\bwhy\b|\bhow come\b", re.I)
# (fresh40: "And at int4 instead, would a single one do?" after "how many L40S?": whether it fits on one)
_WHAT_WE_GET = re.compile(r"what (?:could|can|would|should) (?:we|i) (?:get|buy|afford)|what (?:do|would) you (?:suggest|recommend)|"
                          r"что (?:можно|могу|можем|получится) (?:\w+ )?(?:взять|купить|собрать)|что посовету\w*|что предлож\w*", re.I)
_SAME_CARD = re.compile(r"на (?:этой|той|моей|нашей|ней)(?: же)?(?: самой)?(?: (?:карте|карточке|видеокарте|видюхе))?\b|"
                        r"\bon (?:the same|that|this|my) (?:card|gpu)\b|\bon it\b", re.I)
_WHICH_MODEL = re.compile(r"как(?:ую|ие|ая) (?:\w+ )?модел\w*|which models?|what models?", re.I)


# "при 32k, чем при 8k", "LoRA vs full fine-tuning": two values of one input set against each other are
# both meant; without such a word two values contradict each other and are asked about
# two models asked side by side: "сравни ... и ...", "compare ... and ...", "... или ... по памяти"
_SIDE_BY_SIDE = re.compile(r"сравн\w*|compar\w*|разниц\w*|difference|памят\w*|memory|vram|видеопам\w*", re.I)
_MEMORY_ASKED = re.compile(r"памят\w*|memory|vram|видеопам\w*|\bгб\b|\bgb\b|влез\w*|fits?\b", re.I)
_AGAINST = re.compile(r"\bчем\b|\bthan\b|\bvs\.?(?!\w)|\bпротив\b|по сравнению|\bcompared\b|\bversus\b", re.I)
_CONTEXT_VALUE = re.compile(r"(\d{1,3}(?:[ \u00a0]\d{3})+|\d+(?:[.,]\d+)?)\s*(k|к|тыс\w*)?(?!\w)", re.I)
_FULL = re.compile(r"полн\w*\s+(?:до)?обучени|full\s+(?:fine-?tun|train)|без\s+(?:lora|лора)|without\s+lora", re.I)
_LORA = re.compile(r"\b(q?lora|q?лора)\b", re.I)


_OWNED_NOW = re.compile(r"\balready (?:have|has|own|got|run)\b|\b(?:we|i) (?:have|own|got)\b|"
                        r"у (?:меня|нас) (?:уже )?(?:есть|стоит|стоят|имеется)|\bуже (?:есть|стоит|стоят|имеется|куплен)", re.I)
_CONTEXT_WORD = re.compile(r"контекст|context|токен|token", re.I)


def _context_values(text: str) -> list[tuple[int, str]]:
    """Context-sized numbers in `text` ("32k", "8 192"), with the words they were read from."""
    out = []
    for m in _CONTEXT_VALUE.finditer(text):
        v = float(re.sub(r"[ \u00a0]", "", m.group(1)).replace(",", "."))
        v = v * 1024 if m.group(2) else v
        if v >= 1024 and v == int(v):
            out.append((int(v), m.group(0).strip()))
    return out


# "fp16 или q4 сколько памяти", "llama 8b at q8 or q4": two precisions offered as alternatives are both sized (asking
# "which one?" back made the customer pick before seeing what either costs); "2 или 3 карты" is still asked
_OR = re.compile(r"^\s*(?:,?\s*(?:или|либо|or|vs\.?|/|отлича\w*\s+от|differs?\s+from)\s*(?:в|на|at|in)?\s*)$", re.I)


def _alternative_precisions(reading: Reading) -> list[int | str]:
    spans, values = reading.conflicts.get("precision", []), reading.precisions
    if len(spans) != len(values) or len(set(values)) < 2:
        return []
    gaps = [reading.text[a.end:b.start] for a, b in zip(spans, spans[1:])]
    if not all(_OR.match(g) or _AGAINST.search(g) for g in gaps):
        return []
    return list(dict.fromkeys(values))


def compared_values(reading: Reading) -> dict[str, list[int | str]]:
    out: dict[str, list[int | str]] = {}
    if precisions := _alternative_precisions(reading):
        out["precision"] = precisions
    if len(reading.models) >= 2 and (_AGAINST.search(reading.text) or _SIDE_BY_SIDE.search(reading.text)):
        out["model"] = list(reading.models)  # "сравни llama 3.1 8b и qwen3 14b по памяти": both sized, side by side
    kinds = {"qlora" if re.match(r"q|ку|кью", sp.text, re.I) else "lora" for sp in reading.spans.get("compared", [])
             if re.search(r"lora|лор", sp.text, re.I)}
    if kinds == {"lora", "qlora"}:
        out["task"] = ["lora", "qlora"]  # 43rd pass: "lora or qlora for llama 8b on a 4090?": both sized, side by side
    if not _AGAINST.search(reading.text):
        return out
    found = [v for sp in reading.conflicts.get("context", []) for v in _context_values(sp.text)]
    if not found and _CONTEXT_WORD.search(reading.text):
        found = _context_values(reading.text)
    if len({v for v, _ in found}) >= 2:
        out["context"] = sorted({v for v, _ in found})
    lora = _LORA.search(reading.text)
    if lora and _FULL.search(reading.text):
        out["task"] = ["qlora" if lora.group(1).lower().startswith("q") else "lora", "full"]
    return out


def _taken_by_variants(reading: Reading, variants: dict) -> list[str]:
    """Slots the reader filled from words a compared context now explains ("чем при 8k" is no budget)."""
    if "context" not in variants:
        return []
    words = {w for _, w in _context_values(reading.text)}
    return [slot for slot, spans in reading.spans.items()
            if slot != "context" and any(sp.text.strip() in words for sp in spans)]
