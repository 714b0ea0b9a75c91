"""Which question the message asks: a score per intent from cue lemmas and phrases, then the slots.

Scores: every cue word of the lexicon (`intent_cues`, matched on pymorphy3 lemmas and surface forms, so
"жрёт/жрать", "влезет/влезть", "окупится/окупиться" are one cue each) adds 1 to its intent; every phrase
rule of `cues` ("сколько стоит", "what can I run", "какие модели") adds 2. The slots then decide what
the cues leave open: two cards -> compare; an hourly price -> cost; a budget and no hardware ->
recommend; hardware and no model -> models_for_hardware (never a model-needing intent); a server line
asked about -> gpu_info; a short message that only changes a value, or a relative change ("ещё две",
"usage doubles") -> followup. Ties go by the order of `_ORDER`.
"""
from __future__ import annotations

import itertools
import re
from collections import Counter

from assistant.reading import cues as C
from assistant.reading.relative import SELL_OR_ADD
from assistant.reading.tokens import Token
from assistant.scenario import Intent, Scenario
from tools.lexicon import load_lexicon
from tools.text import DATA_CENTRE

_OUT_OF_MEMORY = re.compile(r"out of memory|\bOOM\b|OutOfMemory|\btoo small\b|не хватает (?:видео)?памяти|"
                            r"(?:вылета\w*|пада\w*) по памяти", re.I)
_BY_POWER = re.compile(r"\bпо (?:питанию|мощности|электричеству|розетке|ваттам)\b|\bpower-?wise\b|\bon (?:the )?power\b|"
                       r"\b\d[\d,.]*\s?(?:квт|kw|вт|w|ватт\w*|киловатт\w*|watts?)\b", re.I)
# a model fitted into the money ("fit in that budget", "уложимся в этот бюджет"): the hardware to buy for it
_IN_THE_BUDGET = re.compile(r"\bfit (?:in|into|within) (?:that|the|our|this|my|your|such a) budget\b|"
                            r"\b(?:влез\w*|уложи\w*|впиш\w*|помест\w*|впихн\w*) (?:ли )?(?:в|в этот|в тот|в наш|в такой) бюджет\b|"
                            r"\bв (?:этот |тот |наш |такой )?бюджет (?:\w+ )?(?:влез|уложи|впиш|помест)\w*", re.I)
# the answer taken to someone else (the boss, a client, a daughter): a goodbye
_PASSING_ON = re.compile(r"\b(?:передам|перешлю|передаю|покажу (?:шефу|начальнику|директору|руководству))\b|"
                         r"\b(?:pass|passing) (?:this|it|that|these|them) (?:along|on)\b|\bforward (?:this|it) to\b", re.I)
_ORDER = ["power", "cost", "speed", "upgrade", "gpu_info", "compare", "knowledge", "models_for_hardware",
          "recommend", "vram", "handoff"]


_HURRY = {"быстро", "быстрее", "побыстрее", "поскорее", "срочно", "quick", "quickly", "fast", "asap"}
_TELL = {"сказать", "скажите", "скажи", "ответить", "ответьте", "подсказать", "подскажите", "написать", "посчитать",
         "tell", "answer", "say", "reply"}


def _hurry(tokens: list[Token], t: Token) -> bool:
    """"быстро скажите сколько стоит", "just tell me quick": haste in the telling, no question of speed."""
    if t.low not in _HURRY:
        return False
    near = tokens[max(0, t.i - 2):t.i] + tokens[t.i + 1:t.i + 3]
    if t.low != "быстрее" and t.i + 1 < len(tokens) and tokens[t.i + 1].low in _QUESTION_WORD:
        return True  # "быстро какая лучше", "quick which one": haste before the question, not speed asked
    return any(x.low in _TELL or x.lemma in _TELL for x in near)


_QUESTION_WORD = {"какая", "какой", "какую", "какие", "какое", "что", "чо", "че", "чё", "сколько", "скок", "где", "когда",
                  "which", "what", "how", "where", "when"}


def scores(text: str, tokens: list[Token]) -> Counter:
    index = load_lexicon().cue_index()
    out: Counter = Counter()
    out_spans = [m.span() for m in _RENT_OUT.finditer(text)]
    for pos, t in enumerate(tokens):
        if _no_cloud(tokens, pos) and text[t.start:t.end] == t.text:  # the phrase rules must not find it either
            out_spans.append((t.start, t.end))
    for t in tokens:  # "отвечал по договорам", "поиск по закупкам": what the model works on, no request for a person
        if (index.get(t.lemma) or index.get(t.low)) == "handoff" and _SUBJECT_MATTER.match(text[max(0, t.start - 4):t.end]):
            out_spans.append((t.start, t.end))
    out_spans += [m.span() for m in _EXPLAIN_THE_SUM.finditer(text)]
    out_spans += [m.span() for pat in (_WORK_MEASURED, _ORDERS_HANDLED, _FOOD, _GRANT_APPLICATION, _OWN_DELIVERY,
                                       _ASKED_OF_THE_MODEL, _STAFF_MANAGERS, _WHOLESALE_TRADE, _AGAINST_THE_CLOCK)
                  for m in pat.finditer(text)]
    if not _CONTRACT_TALK.search(text):  # "договоры длинные", "модель чтоб договоры читала": the documents worked on
        out_spans += [(t.start, t.end) for t in tokens if re.match(r"^(?:договор\w*|contracts?)$", t.low)]
    for a, b in out_spans:
        text = text[:a] + " " * (b - a) + text[b:]
    for t in tokens:
        if any(a <= t.start and t.end <= b for a, b in out_spans) or _hurry(tokens, t):
            continue
        if t.low in ("плюс", "plus"):
            continue  # forty-first pass: "флакс дев плюс какая-нить ллмка": "and"; "плюсы и минусы" still weighs pros
        if t.low.startswith(("explain", "объясня")) and t.i > 0 and tokens[t.i - 1].low in _DOES_IT:
            continue  # forty-ninth pass: "an LLM tutor that explains signs": what the model is to do, nothing asked
        if t.lemma == "добавить" and re.search(r"(?:ит|ят|ет)$", t.low) and _CARD_TUNED.search(text):
            continue  # fifty-first pass: "разгон вообще заметно добавит?": what overclocking adds, no card added
        hit = index.get(t.lemma) or index.get(t.low)
        if not hit and len(t.low) > 3 and t.low.endswith("s") and t.low.isascii():
            hit = index.get(t.low[:-1])  # "speeds", "prices", "connectors": English plurals
        if hit:
            out[hit] += 1
    for name, pat in C.CUE_RE:
        if pat.search(text):
            out[name] += 2
    if out["power"] and _MEMORY.search(text) and not _ENERGY.search(text):
        out["vram"] += out.pop("power")  # "сколько видеопамяти жрёт", "how much memory does it consume"
    return out


# fiftieth pass: the customer's own turnkey service ("строим каркасные дома под ключ", "бурим скважины ... под ключ"):
# a verb in the first person plural a few words before; not "настроить это под ключ вы можете?"
_OWN_SERVICE = re.compile(r"\b[а-яё]+(?:ем|им|ём)\b(?:\s+[\w-]+,?){0,6}?\s+(под ключ)", re.I)
_DIFFERENCE = re.compile(r"\bdifference between\b|\bразниц\w* между\b|\bчем (?:\w+ )?отлича\w*|\bв ч[её]м разниц", re.I)
# fifty-seventh pass: "FP8 and INT8 ... What's the actual difference?": two things weighed, nothing to size
_WHATS_THE_DIFFERENCE = re.compile(r"\bwhat'?s the (?:actual |real |practical )?difference\b|"
                                   r"\bв ч[её]м (?:же )?(?:реальная |настоящая )?разница\b", re.I)
# fifty-seventh pass: "объясните, хватит ли двух 3090 для 70b", "explain how many a100s we need": the question after the
# word is one the tools answer, so the word asks nothing of its own
_EXPLAIN_THE_SUM = re.compile(r"\b(?:объясни|объясните|поясни|поясните|explain)\b\W*(?:(?:пожалуйста|please|мне|нам|to me|to us|"
                              r"по-простому|простыми словами|на пальцах|in simple terms)\W*){0,2}(?=(?:хватит|влезет|влезут|поместится|поместятся|потянет|потянут|пойд[её]т|"
                              r"сколько|скольк\w*|whether|how many|how much (?:vram|memory|power)|will|would|which)\b)", re.I)
_DOES_IT = {"that", "which", "who", "to", "чтоб", "чтобы", "который", "которая", "которое", "которые"}


# fresh41: what the model is to compute for the customer ("чтоб нейронка считала скорости по соревнованиям", "calculate
# prices for our buyers"): the work, no question of the model's speed or the vendor's prices
_WORK_MEASURED = re.compile(r"\b(?:(?:под|рас|пере)?счит(?:ыв)?а(?:ла|л|ли|ло|ет|ют)|вычисля(?:ла|л|ли|ло|ет|ют)|"
                            r"(?:that|which|to) (?:calculate|compute)s?)\s+"
                            r"(?:\w+\s+){0,3}?(?:скорост\w*|цен\w*|стоимост\w*|speeds?|prices?|costs?)\b", re.I)

# and the orders it is to take ("хотим бота, чтобы принимал заявки от оптовиков"): the customer's trade, no request to us
_ORDERS_HANDLED = re.compile(r"(?:почасов\w*|поминутн\w*) оплат\w*|"  # fresh43: a cloud's "почасовая оплата"
                            r"\b(?:приним|обрабатыв|разбир|сортир|оформл|регистрир|записыв|надиктовыв|диктовыв|оставл)\w*?"
                            r"(?:ал|ла|ли|ло|ет|ют|ял)\s+"
                            r"(?:\w+\s+){0,2}?(?:заявк\w*|заказ\w*|доставк\w*|поставк\w*|оплат\w*)|"
                            # "an assistant to look up equipment manuals and warranty terms" (fresh42)
                            r"\b(?:look(?:s|ing)? up|search(?:es|ing)?|answer(?:s|ing)? questions (?:about|on))\s+"
                            r"(?:(?:[\w-]+\s+){0,4}?(?:warrant(?:y|ies)|contracts?|invoices?|orders?|deliver(?:y|ies))"
                            r"(?:\s+terms)?\b(?:,?\s+(?:and|or|&)\s+)?)+", re.I)

# food, not power: "комбинат школьного питания" (fresh43), "общественное питание"
_FOOD = re.compile(r"\b(?:школьн|общественн|детск|здоров|спортивн|правильн|диетическ|лечебн)\w* питани\w*|"
                   r"\b(?:дневник|рацион|режим|план)\w* питани\w*|\bпитани\w* (?:клиент|пациент|дет|спортсмен)\w*",
                   re.I)  # forty-ninth pass: a nutritionist's "по дневнику питания"


# seventeenth pass: a contract is the vendor's business only with a word of making, signing, sending or paying it beside
# ("пришлите договор", "договор поставки с отсрочкой", "can you send the contract"); otherwise it is the documents the
# model is to work on ("договоры длинные, нужен контекст 128к", "a model to read our contracts")
_CONTRACT_TALK = re.compile(r"заключ|подпис|оформ|пришл|пришли|скин|отправ|вышл|сост[ао]в|поставк|оплат|отсрочк|сч[её]т|"
                            r"лизинг|юр\.? ?лиц|реквизит|с вами|с нами|вашей|вашим|\bsign|\bsend|\bdraft|\bwith you|"
                            r"\byour\b|\bsupply\b|\bpayment|\bterms\b|\bservice\b|\bsla\b|поддержк|гаранти|warranty", re.I)
# a plural in the dative after "по" is the subject of the work ("по договорам", "по поставкам", "по контрактам")
_SUBJECT_MATTER = re.compile(r"^.*\bпо [а-яё]+(?:ам|ям)$", re.I)


# the customer's cards let to others ("16 h100 под аренду", "сдаём карты в аренду", "we rent them out"): their business,
# not a question of renting against owning
_RENT_OUT = re.compile(r"\bпод аренду\b|\bсда(?:ть|ём|ем|вать|ют|дим)\w* (?:\S+ ){0,3}в аренду|\brent(?:ing)? (?:\w+ )?out\b|"
                       r"\bfor rental\b|\bto rent out\b", re.I)
_CLOUD = {"облако", "облачный", "cloud", "clouds"}
_NOT_BEFORE = {"не", "без", "нет", "no", "not", "never", "without", "can't", "cannot", "won't",
               "никакого", "никаких", "никакое", "никакой", "ни", "none"}  # "никакого облака", "ни в какое облако"
_NOT_AFTER = {"нельзя", "запрещено", "запрещены", "не", "нет", "никак", "is", "are"}


def _no_cloud(tokens: list[Token], i: int) -> bool:
    """A cloud word negated ("в облако нельзя", "не в облаке", "без облака", "no cloud", "can't go to the cloud",
    "cloud is not an option"): the data must stay inside, which asks nothing about renting."""
    if tokens[i].lemma not in _CLOUD and tokens[i].low not in _CLOUD:
        return False
    before = [t.low for t in tokens[max(0, i - 4):i]]
    after = [t.low for t in tokens[i + 1:i + 4]]
    if any(w in _NOT_BEFORE for w in before[-2:]) or "can't" in before or "cannot" in before or \
            any(w.endswith("n't") for w in before):
        return True
    clause = []
    for t in tokens[i + 1:i + 5]:  # 43rd pass: "в облако данные пациентов нельзя": the ban a few words on, same clause
        clause.append(t.low)
        if t.comma or t.stop or t.closes_clause:
            break
    return any(w in ("нельзя", "запрещено", "запрещены", "недопустимо", "не") for w in clause) or \
        (len(after) >= 2 and after[0] in ("is", "are", "—", "-") and after[1] in ("not", "no", "нельзя", "не")) or \
        (len(after) >= 1 and after[0] in ("не",))


_MEMORY = re.compile(r"видеопам|памят|\bvram\b|\bврам|\bmemory\b|\bгиг|\bгб\b|\bgb\b|оперативк|\bram\b", re.I)
_ENERGY = re.compile(r"\bза свет\b|ватт|\bвт\b|квт|\bбп\b|блок\w* питан|электр|питани|\bpower\b|watt|\bpsu\b|\btdp\b|\bkw\b|"
                     r"energy|энерг|разъ[её]м|connector|\bибп\b|\bups\b", re.I)


# the writer's role or the request's source, not a request for the vendor's people
_SENDER = re.compile(r"(?:^|[.!?]\s+)(?:hi,?\s+|hello,?\s+)?(?:an?\s+)?(?:reseller|integrator|distributor|dealer|var)\b(?:\s+[\w-]+){0,3}"
                     r"\s+here\b|"  # fifty-seventh pass: "Reseller in Tbilisi here." who writes, no request for a person
                     r"\b(?:я\s+)?(?:менеджер\w*|руководител\w*|сотрудник\w*)\s+(?:отдела\s+)?(?:по\s+)?(?:продаж\w*|закуп\w*|"
                     r"снабжени\w*)(?:\s+[а-яё]+)?|\b(?:от|из)\s+отдел\w*\s+(?:продаж|закупок|снабжения)\b|"
                     r"\bпо\s+заявке\s*(?:№|#|n)?\s*\d+|\b(?:спрашиваю|пишу|узнаю)\s+(?:за|для|от имени)\s+клиент\w*|"
                     r"\b(?:i'?m|i am|we'?re|we are)\s+(?:a\s+|the\s+|in\s+)?(?:sales|procurement)(?:\s+(?:manager|rep\w*|team|lead))?|"
                     r"\b(?:asking|writing)\s+(?:for|on behalf of)\s+(?:a|our|my)\s+client\b|\bticket\s*#?\s*\d+|"
                     # forty-first pass: "менеджер киберспортивной команды по кс2": the writer's own job, said first
                     r"^\W*(?:я\s+)?(?:менеджер\w*|руководител\w*)\s+(?:[а-яё]+(?:ой|ей|ого|его|ых|их)\s+)?(?:команды|клуба|"
                     r"школы|студии|компании|магазина|сети|фирмы|группы|проекта|салона|ресторана|отеля)\b|"
                     # sixty-first pass: a reseller's own quote to his customer ("what should I quote?", "что ему
                     # предложить"): the sizing is asked, the vendor's quote is not
                     r"\bwhat (?:\w+ ){0,2}(?:should|do|would|can) (?:i|we) quote\b|\bwhat to quote\b|"
                     r"\bчто (?:мне |нам )?(?:ему |им |ей )?(?:предложить|выставить|заложить) (?:в кп )?(?:клиенту|заказчику)\b", re.I)
# forty-first pass: a power limit the setup must keep within, with what to take asked, is sizing
_POWER_LIMIT = re.compile(r"(?:питани\w*|мощност\w*|power|розетк\w*)[^.?!]{0,30}(?:ограничен\w*|limited|не более|не больше|"
                          r"лимит\w*|capped)|(?:лимит|limit|cap)\w*[^.?!]{0,20}\d[\d,.]*\s?(?:квт|kw|вт|w)\b", re.I)
# fifty-third pass: the power a place allows ("на всю стойку выделено 3 квт", "питание на него 2 квт", "бп на 800 ватт,
# другой не купят"), then which hardware fits there ("какой сервак туда встанет", "что туда поставить", "подходящую
# конфигурацию"): a limit to size within
_POWER_GIVEN = re.compile(r"выделен\w*[^.?!]{0,12}?\d[\d,.]*\s?(?:квт|kw)\b|питани\w* на (?:него|не[её]|стойку|шкаф|сервер)\w*\s+"
                          r"\d[\d,.]*\s?(?:квт|kw)\b|(?:\bбп|блок\w* питани\w*|\bpsu)\s+(?:(?:у меня|у нас|стоит|есть|мой|наш|is|of)\s+){0,2}(?:на\s+)?"
                          r"(?:\d{3,4}\s?(?:вт|ватт|w)\b|\d{3}\b|1\d[05]0\b)", re.I)  # no unit: "бп на 650", not "бп на 3090"
_WHICH_HARDWARE = re.compile(r"\bкак(?:ой|ую|ие) (?:\w+ )?(?:сервер|сервак|карт|видеокарт|видюх|конфигураци|желез)\w*|"
                             r"\bчто (?:\w+ )?(?:туда |сюда )?(?:реально )?(?:поставить|ставить|взять|брать|воткнуть)\b|"
                             r"\bподходящ\w* конфигураци\w*|\bwhich (?:server|card|gpu)s?\b|"
                             r"\bwhat (?:server|card|gpu|hardware) (?:should|to|can|could|would)\b", re.I)
# what runs once the cards are added: "что тогда потянет", "what could i run then"
_THEN_RUNS = re.compile(r"\b(?:что|what)\b(?:\s+[\w']+){0,3}?\s+(?:тогда|then|after that|потом)\s+(?:\w+\s+)?(?:потян\w*|пойд[её]т|"
                        r"запуст\w*|влез\w*|run|handle|fit)\b|\b(?:что|what)\s+(?:\w+\s+){0,3}?(?:потянет|пойд[её]т|"
                        r"запущу|влезет|(?:can|could) (?:i|we) run)\s+(?:тогда|then)\b", re.I)
# a rate asked outright, and a doubt about the PSU that would make it a power question after all
_RATE_ASKED = re.compile(r"\b(?:сколько|скока|скоко|how many|what)\s+(?:\w+\s+){0,2}(?:т/с|ток\w*/с|тпс|tps|t/s|tok/s|"
                         r"токен\w* в сек\w*|tokens? (?:per|a|/) ?s\w*)|\bhow fast\b|\bкакая скорость\b|\bwhat speed\b", re.I)
_PSU_DOUBTED = re.compile(r"хватит|потянет|выдержит|вытянет|enough|handle|hold|сколько (?:\w+ )?(?:ватт|вт\b|потреб)|"
                          r"how many watts|how much power|жр[ауеё]\w*|сожр\w*|из розетки|сч[её]т\w* за свет|за свет|потребл\w*|"
                          r"power draw|\bdraw\b|\bbill\b|electricity", re.I)
_POWER_ASKED = re.compile(r"сколько|скок\w*|how much|how many|хватит|enough|потянет|выдержит|will (?:it|that) hold", re.I)
# forty-first pass: a batch the customer brought in or bought ("привезли через китай партию h20") is theirs, no order
_OWN_BATCH = re.compile(r"\b(?:привез\w*|завез\w*|взял\w*|купил\w*|закупил\w*|достал\w*|урвал\w*)\s+(?:[а-яё-]+\s+){0,3}"
                        r"партию\b|"
                        # fifty-fourth pass: "монитор взял за 12 тыщ по скидке": a discount the customer got, none asked for
                        r"\b(?:взял\w*|купил\w*|брал\w*|урвал\w*|bought|got)\s+(?:[\w-]+\s+){0,4}(?:по|со|with|on|at)\s+"
                        r"(?:скидк\w*|акци\w*|a discount|discount|sale)\b", re.I)
# a server priced for what it is to do, none named: "сервер чтоб нейросеть сама отвечала", "a server to run a chatbot"
_SERVER_FOR_A_USE = re.compile(r"(?:сервер\w*|сервак\w*|server|box)\s+(?:чтоб\w*|чтобы|под|для|to run|to host|for running|"
                               r"for hosting|for)\s+(?!вас\b|нас\b|you\b|us\b|me\b|sale\b)", re.I)
# "how much is a server to run a chatbot" (noticed at the thirty-eighth stop): the price of a server for a use is asked
_PRICE_ASKED = re.compile(r"\bhow much (?:is|are|does|would|will|do)\b|\bwhat (?:does|would|will) .{0,40}\bcost\b|"
                          r"сколько (?:стоит|будет стоить|стоят)", re.I)
_TEMPERATURE = re.compile(r"\b(?:минус|плюс|minus)\s+(?:\d+|[а-яё]*(?:десят|дцат|сорок|сто)\w*)(?:\s*(?:градус\w*|°\s?c?))?", re.I)
# a reason for a preference: "we prefer the 5090 because price more cheap" (why, not what is asked)
_REASON = re.compile(r"\b(?:because|потому что|так как|т\.к\.|ибо)\b[^.?!;,]*", re.I)
# a document the customer quotes from: "в заявке на финансирование написано 60"
_DOCUMENT = re.compile(r"\bв (?:нашей |своей |этой |той )?заявк\w* на (?:финансировани|грант|бюджет|закупк)\w*|"
                       # fortieth pass: a figure quoted from a quote or from what a manager said ("ваш менеджер говорил
                       # про две h100, а в кп написано четыре"): its source, no request for a person
                       r"\bв (?:вашем |нашем |этом |том )?(?:кп|коммерческом предложении|сч[её]те)\s+(?:написано|указано|значится|стоит)|"
                       # fresh42: "директору в кп предложили сервер на rtx a4000": what someone's quote offered
                       r"\bв (?:\w+ )?(?:кп|коммерческом предложении)\s+(?:нам |мне |директору |\w+ )?(?:предложили|предлагают|"
                       r"прислали|заложили|включили|посчитали)|"
                       r"\b(?:ваш\w* )?менеджер\w*(?: \w+){0,4} (?:говорил\w*|сказал\w*|обещал\w*|называл\w*|писал\w*)\b|"
                       # seventy-fourth pass: "Готовим заявку главному энергетику": a paper for the customer's own people
                       r"\b(?:готов\w*|пиш\w*|состав\w*|оформля\w*|подготов\w*)\s+(?:\w+\s+)?(?:заявк\w*|служебк\w*|записк\w*|"
                       r"обосновани\w*)\s+(?:для\s+|на имя\s+)?(?:наш\w*\s+|главн\w*\s+)?(?:энергетик\w*|руководств\w*|начальств\w*|"
                       r"директор\w*|бухгалтери\w*|инженер\w*|безопасник\w*|службе?\w*)\b|"
                       r"\b(?:preparing|writing|drafting)\s+(?:a|the|our)\s+(?:request|memo|justification|paper)\s+for\s+(?:our|the)\s+"
                       r"(?:facilities|electrician\w*|power engineer\w*|management|cfo|finance)\b", re.I)
# the customer's own trade is leasing: "лизинговая компания, клиенты просят в лизинг" (sixty-seventh pass: not "с
# лизинговыми компаниями работаете?", asked of the vendor)
_LESSOR = re.compile(r"(?<!работаете с )(?<!сотрудничаете с )(?<!через )лизингов\w* (?:компани|фирм|отдел)(?!\w*\s+(?:работаете|сотрудничаете))\w*|leasing (?:desk|company|firm|team)|\bwe(?:'re| are) a lessor", re.I)
# words of buying that set a scene, not a request for a person: "сколько ждать поставку", "на закупку выделили",
# "procurement here" (wholesale, "оптом", stays a handoff); a handoff only with a request beside them ("свяжитесь", "выставьте счёт")
# fifty-seventh pass: the customer takes what was offered, and says nothing else ("ок, беру", "оформляйте", "we'll take
# it"): buying is a person's work, so a handoff; "беру 4090 или 3090?" asks which, and is no such message
_ACCEPTED = re.compile(r"^\W*(?:(?:ну|ок|окей|ok|okay|хорошо|ладно|отлично|супер|класс|годится|понятно|понял|поняла|да|great|"
                       r"perfect|fine|good|alright|sounds good|thanks|спасибо)\W+){0,3}(?:тогда\s+|then\s+)?"
                       r"(?:беру|берём|берем|возьму|возьмём|возьмем|заказываю|заказываем|оформляйте|оформляем|давайте оформлять|"
                       r"выставляйте(?: сч[её]т)?|(?:i|we)(?:'ll| will) take (?:it|them|that|this|that one|this one)|"
                       r"let'?s (?:do it|go with (?:it|that|this)(?: one| config(?:uration)?)?)|deal)"
                       r"(?:\s+(?:его|её|ее|их|этот|эту|эти|такой|такую|такие|тогда|вариант|конфиг|then))*\W*$", re.I)
_DELIVERY = re.compile(r"привез\w*|привоз\w*|достав\w*|отгруз\w*|поставк\w*|\bship\w*|\bdelivery\b|\bdelivered\b|"
                       r"(?:can|could|will|would) you deliver|"
                       r"под заказ|\bin stock\b|в наличии", re.I)
_RATE_WORD = re.compile(r"токен|token|t/s|ток/с|tps|\bтпс\b|отвеча|ответ|answer|respon|генер|generat|users?\b|"
                        r"пользовател|юзер|человек", re.I)
_WEAK_HANDOFF = re.compile(r"поставк\w*|закупк\w*|procurement|delivery|доставк\w*", re.I)


# a delivery time asked: the vendor's people answer it, not a spec of the card ("lead time" beside a price or stock
# question stays that question: "do you have the 5090 in stock, and what's the lead time")
_DEADLINE = re.compile(r"срок\w* (?:поставк\w*|доставк\w*)\s*(?:[—–:-]\s*)?(?:до|не позднее|не позже|в течение)\b[^.?!]*|"
                       r"\b(?:deliver(?:y|ed)?|shipped) (?:by|before|no later than|within)\b[^.?!]*", re.I)
_LEAD_TIME = re.compile(r"lead[- ]?times?|срок\w* (?:поставк\w*|доставк\w*|привоз\w*)|(?:поставк\w*|доставк\w*) (?:по )?срок\w*|"
                        r"сколько ждать(?: поставк\w*| доставк\w*)?|когда (?:привез\w*|постав\w*|доставите)|"
                        r"how long (?:does |will |would )?(?:the )?(?:delivery|shipping)(?: take)?|delivery times?|"
                        r"turnaround|(?:when|how soon) (?:can|could|will) (?:you|it) (?:ship|deliver)|"
                        # seventy-first pass (a review): "как быстро привезёте 4090?", "how fast can you ship two h100s?"
                        r"как быстро (?:\w+ )?(?:привез\w*|доставит\w*|доставите|отгруз\w*|поставите)|"
                        r"how (?:fast|quickly) (?:can|could|will) you (?:ship|deliver)|"
                        r"спец\.?\s?цен\w*|special (?:price|pricing)|volume discount", re.I)  # 42nd pass: a manager's price


_FORMAT = r"(?:gguf|awq|gptq|exl2|mlx|q[2-8](?:_k(?:_[msl])?)?|fp(?:4|8|16|32)|int[48]|bf16|nf4|\d{1,2}[- ]?бит\w*)"
_FORMATS_COMPARED = re.compile(rf"\b{_FORMAT}\s*(?:\S+\s+)?(?:или|либо|or|vs\.?|против|от|and|и|from)\s*{_FORMAT}\b", re.I)


_HOW_MANY_TO_QUOTE = re.compile(r"\bhow many\b[^.?!]{0,40}\b(?:should|do|would|shall) (?:we|i) (?:quote|put in the quote|"
                                r"include)\b|\bсколько\b[^.?!]{0,30}\b(?:закладывать|заложить|ставить|писать|указать|включить)"
                                r"\s+в\s+(?:кп|смет\w*|предложени\w*)", re.I)
# a quote asked for besides the count ("and can you send the quote by friday", "пришлите КП", "мне нужно КП"): a hand-off
_QUOTE_REQUESTED = re.compile(r"\b(?:send|prepare|email|formal|need a|want a)\b[^.?!]{0,20}\bquote\b|"
                              r"\b(?:пришлите|отправьте|сделайте|подготовьте|нужно|нужен|нужна|вышлите|жд[уё]м)\b[^.?!]{0,12}\b(?:кп|смет\w*)\b|"
                              r"\bрешите сами\b", re.I)
_QUOTE_WORD = re.compile(r"\bquote\b|\bкп\b|\bсмет\w*", re.I)


def asks_the_vendor(text: str) -> bool:
    """A delivery time, a deadline or an order's price said beside a computable question ("… в q4. Какой срок
    поставки?", "delivered by december 20 - can you do it?"): the sizing answers the rest, and this part is
    handed to a manager in a line of its own, never dropped without a word."""
    return bool(_LEAD_TIME.search(text) or _DEADLINE.search(text))


def _top(sc: Counter, among: list[str]) -> str | None:
    best = max(among, key=lambda n: (sc[n], -_ORDER.index(n)), default=None)
    return best if best and sc[best] > 0 else None


_WHAT_ABOUT = re.compile(r"\b(?:what|how) about\b|\bнасч[её]т\b", re.I)  # "ok what about glm 4.5 air": another model


# the bus a card sits on: risers and PCIe lanes; a speed asked about them is about how the bus works, not a rate
# fifty-seventh pass: the link between cards weighed or asked why ("Does NVLink actually matter ... or is PCIe fine?",
# "what does NVLink buy us compared with plain PCIe", "зачем NVSwitch"): how the bus works, whatever cards are said
_LINK_WEIGHED = re.compile(r"(?:nvlink|нвлинк|nvswitch)\S*(?:\s+\S+){0,16}?\s+(?:pcie|pci-e|пси-?ай)|"
                           r"(?:pcie|pci-e)\S*(?:\s+\S+){0,12}?\s+(?:nvlink|нвлинк)|"
                           r"\b(?:why|зачем|почему)\b[^.?!]{0,40}\b(?:nvlink|nvswitch|нвлинк)", re.I)
_LINK_FIT = re.compile(r"влез|помест|потян|fit|сколько|how many|how much (?:vram|memory)|скорост|speed|tok|ток/с|дешевле|"
                       r"дороже|cost|price|budget|бюджет|цен|recommend|посовет|быстрее|faster|обуч|train", re.I)
_INTEGRATE = re.compile(r"\b(?:можно ли|получится ли|реально ли|как|can (?:we|i|it|you)|is it possible to|how (?:do|can) (?:we|i))\s+"
                        r"(?:\w+\s+)?(?:связать|интегрировать|подключить|прикрутить|встроить|integrate|connect|hook up|plug)\b"
                        r"(?!\s+(?:me|us|you|меня|нас|вас|with|to (?:an? )?(?:human|person|someone|somebody|sales|manager|operator))\b)",
                        re.I)  # not "can you connect me with a human", "can we connect with your sales team": hand-offs
_INTEGRATE_NOT = re.compile(r"\bsales\b|\bhuman\b|\bmanager\b|менеджер\w*|продаж\w*|\bоператор\w*|оплат\w*|payment\w*|"
                            r"сч[её]т\w*|invoice\w*|доставк\w*|delivery|гаранти\w*|warranty", re.I)
_DEBUG_CODE = re.compile(r"\b(?:debug|fix|review) (?:my|our|this) (?:\w+ ){0,2}(?:code|script|program|notebook)\b|"
                         r"(?:отладить|починить|поправить|исправить|посмотреть) (?:мой|наш|этот) (?:\w+ )?(?:код|скрипт)\b", re.I)
_LEAST_TO_BUY = re.compile(r"\bсам\w+ деш[её]в\w+ (?:видюх|видях|видеокарт|карт)\w*,? (?:на которой|чтобы|чтоб)\b|"
                           r"\bcheapest (?:card|gpu) (?:that|which|to)(?:'ll)? (?:can |will |would )?(?:run|fit|handle|hold)\b|"
                           r"\bwhat (?:could|would|can) you build (?:for|under|within)\b|"
                           r"\b(?:smallest|minimum|least) number of (?:\w+ )?(?:gpus|cards|\w*\d\w*s)\b", re.I)
# ... unless something else is asked: a price, power, a rate, a quote, options weighed (a review of c4402b5)
_LEAST_NOT = re.compile(r"\bили\b|\bor\b|\bvs\b|quote|\bкп\b|добав|\badd\b|power|psu|electric|питани|tok|токен|"
                        r"how fast|сто[ия]т|price|почём|почем", re.I)
_PLAINLY = re.compile(r"простыми словами|на пальцах|по-простому|по-человечески|in (?:simple|plain) (?:terms|words|english)|"
                      r"like i'?m (?:five|5|a)\b", re.I)
_GAME = re.compile(r"\b(?:киберпанк\w*|cyberpunk|ведьмак\w*|witcher|gta\b|dota|дот[аеуы]\b|fortnite|фортнайт|starfield|"
                   r"на ультрах|on ultra|ultra settings|в играх|in games|для игр на|fps в)", re.I)
_LANES = re.compile(r"райзер\w*|\brisers?\b|\bpcie lanes?\b|линий pcie|\bpci-?e\s*[xх]\s?\d+|\b[xх](?:1|4|8|16) (?:lanes?|линий)", re.I)


# a tax said of a sum ("1,2 млн руб с ндс", "50k incl. vat"): a word about the amount, not a request for a bill
_TAX_OF_SUM = re.compile(r"((?:руб\w*|р\.|₽|\$|€|тыс\w*|тыщ\w*|млн|миллион\w*|(?<![a-zа-яё\d])\d+(?:[.,]\d+)?[kк]?))\.?\s+\(?(?:с|включая|вкл\.?|без|incl\.?|"
                         r"including|with|w/o|excluding|excl\.?|plus)\s+(?:ндс|vat)\b(?:\s*\d+\s*%\)?)?", re.I)


# thirty-fifth pass: goods the vendor does not sell ("игровую мышку не посоветуете? до пяти тыщ", a gaming chair)
OTHER_GOODS = re.compile(r"\b(?:мыш[кь]\w*|кресл\w*|клавиатур\w*|наушник\w*|гарнитур\w*|коврик\w*|стул\w*|chairs?|"
                         r"mouse|mice|keyboards?|headphones|headsets?|mouse ?pads?|"
                         r"штурвал\w*|джойстик\w*|геймпад\w*|педал\w*|joysticks?|gamepads?|pedals?|yokes?|"  # fresh41: sim gear
                         r"ноут(?:а|у|ом)?|ноутбук\w*|laptops?|"  # fresh42: "недорогой ноут для учебы", nothing of ours
                         r"\d{2} размер\w*|размер\w* \d{2}|(?:shoe|dress|jacket) size \d{1,2})\b", re.I)  # fresh40: "52 размер", clothes
# fifty-first pass: "акции нвидии щас брать?", "is NVDA stock worth buying": shares, not cards ("акции на 4090" are sales)
_INVESTING = re.compile(r"\bакци\w* (?:компани\w* )?(?:нвиди\w*|nvidia|nvda|амд|amd|интел\w*|intel)\b|"
                        r"\b(?:nvidia|nvda|amd|intel)(?:'s)? (?:stocks?|shares)\b|\bshares of (?:nvidia|amd|intel)\b", re.I)
OFF_TOPIC = re.compile(r"^\W*(?:(?:спасибо|благодарю|thanks|thank you|ok|ок|понял\w*)\W+(?:и\s+|and\s+)?)?"  # 42nd pass: "спасибо! и не по теме"
                       r"(?:(?:lol|btw|кстати|ps|p\.s\.)[\s,]+)?(?:(?:slightly |a bit |kinda |totally )?off[- ]?topic|"
                        r"(?:totally |completely )?unrelated|не по теме|не в тему|оффтоп\w*|офтоп\w*)\b", re.I)
# forty-eighth pass: said after a short introduction ("лесопилка опять. не по теме, но …"), or "вопрос не про нейросети"
_OFF_TOPIC_AFTER = re.compile(r"^[^.!?]{0,60}[.!?]\s+(?:(?:вопрос|question)\s+)?(?:(?:совсем\s+)?не по теме|не в тему|"
                              # seventy-sixth pass: "cool thx. totally unrelated, can u recommend an anime"
                              r"оффтоп\w*|офтоп\w*|(?:totally |completely |kinda |slightly )?(?:off[- ]?topic|unrelated))\b|"
                              r"\b(?:вопрос\w*\s+)?не\s+(?:про|о|по)\s+(?:нейросет\w*|нейронк\w*|ии|ai|комп\w*|железо|"
                              r"видеокарт\w*|сервер\w*)\b|"
                              r"\bnot (?:really |exactly |quite )?(?:an? )?(?:ai|gpu|llm|computer|tech) question\b", re.I)


# seventy-first pass: leave to ask, in any words ("можно нубские вопросы про железо под ллмки тут позадавать?",
# "подскажете по железу … если спрошу?"): a verb of asking in a frame of leave, and no question of its own yet
_ASK_VERB = re.compile(r"\b(?:спрошу|спросить|спрашивать|поспрашива\w*|позадава\w*|задава\w*|задать|поспрашаю|"
                       r"посоветоваться|проконсультироваться|ask|asking|consult|"
                       # seventy-third pass: "сюда можно писать с вопросами по видюхам?"
                       r"(?:писать|написать|обратиться|обращаться) с вопрос\w*|"
                       # seventy-seventh pass: "можно закинуть пару вопросов про видюхи?"
                       r"(?:закинуть|подкинуть|накидать) (?:\w+ )?вопрос\w*)\b", re.I)
# (seventy-fourth pass: "хотел по железу проконсультироваться", "wanted to ask about hardware": leave asked in the past)
_LEAVE_FRAME = re.compile(r"\b(?:можно|могу|можем|норм\w*|ничего|если|хотел[аи]?|хотелось бы|хочу|хотим|allowed|can i|may i|could i|"
                          r"mind if|ok(?:ay)? if|fine if|wanted to|would like to|i'?d like to)\b",
                          re.I)
_OWN_QUESTION_WORD = re.compile(r"\b(?:сколько|как|какой|какая|какое|какие|какую|каким|хватит|потянет|влезет|поместится|"
                                r"стоит|почём|почем|чем|почему|зачем|что такое|how|why|what|which|fit|enough|cost|ли|(?<=ask )if|"
                                r"whether|for|есть|скидк\w*|цен\w*|менеджер\w*|налич\w*|юрлиц\w*|прайс\w*|сч[её]т\w*|"
                                r"discounts?|invoices?|prices?|quotes?|call\w*|ship\w*|deliver\w*|managers?|stock|send|sales|продаж\w*|"
                                r"телеграм\w*|вотсап\w*|whatsapp|telegram|почт\w*|e-?mail)\b", re.I)
_AIR = r"(?:кондиционер\w*|вентиляци\w*|охлажден\w*|air ?con\w*|cooling|ventilation)"
_COOLING_NEEDED = re.compile(rf"\b(?:нуж\w+ ли|do (?:we|i|they) need|is (?:an? )?\w+ needed)\b[^.?!]{{0,40}}{_AIR}|"
                             rf"{_AIR}[^.?!]{{0,40}}\b(?:хватит|enough|suffice)", re.I)
# words of the trade DOMAIN leaves out, for what is asked to be explained ("объясни что такое эмбеддинги", "explain RAG")
_EXPLAINED_OF_OURS = re.compile(r"эмбеддинг\w*|embedding\w*|\brag\b|retriev\w*|вектор\w* баз\w*|vector (?:db|database|store)|"
                                r"prefill|decode|throughput|latenc\w*|латентн\w*|задержк\w*|transformer\w*|трансформер\w*|\bии\b|"
                                r"\bai\b|gguf|awq|gptq|exl2|\bfp\d+|\bint\d+|\bq\d|квант\w*|quant\w*|точност\w*|precision|"
                                r"параметр\w*|parameter\w*|\bmoe\b|experts?|эксперт\w*|файнтюн\w*|fine-?tun\w*|дообуч\w*|"
                                r"локальн\w*|local|hbm|gddr|bandwidth|пропускн\w*|tensor|тензор\w*|flash ?attention|offload\w*|"
                                r"выгрузк\w*|слои|слоёв|слоев|layers?", re.I)
# schoolwork to be helped with, the one sign of a subject outside the trade that words of the trade cannot list
_SCHOOLWORK = re.compile(r"\bexams?\b|экзамен\w*|\bhomework\b|домашк\w*|домашн\w* задани\w*|контрольн\w*|зач[её]т\w*|"
                         r"\bсесси\w*|\bquiz\b|\bmidterm\w*|\bfinals\b|семинар\w*|\blecture\w*|лекци\w*|\bclass\b|пар[ау] завтра",
                         re.I)
_EXPLAIN = re.compile(r"\b(?:explain|объясни\w*)\b", re.I)


_ANYONE_THERE = re.compile(r"\bесть кто(?:-нибудь|-то)?(?: живой| живые| тут| здесь)?\b", re.I)
# what the questions would be about, when said: the trade, or nothing in particular ("про погоду" is no leave to ask)
_TOPIC = re.compile(r"\b(?:про|о|об|по|насчёт|насчет|about|on)\s+(?:(?:some|the|a|your|ваш\w*|эт\w*|ваши)\s+)?([а-яёa-z-]+)", re.I)
_TRADE_TOPIC = re.compile(r"^(?:желез|видюх|видях|видеокарт|карт|нейросет|нейронк|ллм|llm|ии|ai|gpu|гпу|сервер|сервак|"
                          r"комп|техник|оборудовани|hardware|gpus?|servers?|cards?|железк|теме|тему|делу|покупк|"
                          r"конфиг|сборк)", re.I)


def _leave_to_ask(text: str) -> bool:
    text = _ANYONE_THERE.sub(" ", text)  # "есть кто живой? хотел по железу проконсультироваться": "есть" asks nothing here
    return len(text.split()) <= 25 and not re.search(r"\d", text) and bool(_ASK_VERB.search(text)) and \
        bool(_LEAVE_FRAME.search(text)) and not _OWN_QUESTION_WORD.search(text) and \
        all(_TRADE_TOPIC.match(m.group(1)) for m in _TOPIC.finditer(text))


def _leave_after_introduction(text: str) -> bool:
    """Forty-eighth pass: "добрый день) у нас багетная мастерская, оформляем картины в рамы. можно у вас спросить про
    компьютер под нейросеть?": who they are, then leave to ask; no question yet (no number, no domain word before)."""
    parts = [p for p in re.split(r"(?<=[.!?)])\s+", text.strip()) if p]
    if len(parts) < 2 or len(text.split()) > 40 or not C.GREETING.match(parts[-1]):
        return False
    return all(C.GREETING.match(p) or not (re.search(r"[\d?]", p) or C.DOMAIN.search(p)) for p in parts[:-1])


def off_topic(text: str) -> bool:
    """The customer says the question is off the topic (at the start, or after a sentence saying who they are)."""
    return bool(OFF_TOPIC.match(text) or _OFF_TOPIC_AFTER.search(text))


_RUNS_ON_IT = re.compile(r"завед[её]тся|запуст\w*|пойд[её]т|взлетит|влез\w*|помест\w*|\bruns?\b|\bfits?\b", re.I)
_PSU_ENOUGH = re.compile(r"хват|достаточ|выдерж|норм|enough|suffic|\bok\b|"  # the PSU asked about
                         r"\b(?:psu|power supply|it) (?:handle|take|cope with|run)\b|\ba bigger one\b|"
                         r"\b(?:бп|блок\w*)(?: \w+){0,3}? (?:потянет|вытянет|тянет|справится)|\bпотянет ли (?:бп|блок)|"
                         # "бп на тыщу ватт и две 4090, потянет или докупать": the PSU held or another one bought
                         r"\b(?:потянет|вытянет|хватит|выдержит)\s+или\s+(?:\w+\s+)?(?:докуп\w*|менять|поменять|брать|новый)", re.I)


def _without(text: str, tokens: list[Token], spans: list[tuple[int, int]]) -> tuple[str, list[Token]]:
    """The text with `spans` blanked (the same length, so offsets hold) and the tokens outside them."""
    blank = "".join(" " if any(a <= i < b for a, b in spans) else ch for i, ch in enumerate(text))
    return blank, [t for t in tokens if not any(a <= t.start < b for a, b in spans)]


def classify(text: str, s: Scenario, new_model: bool, compared: bool = False, conflicted: frozenset = frozenset(),
             tokens: list[Token] | None = None, named_gpus: int = 0, relative: bool = False,
             unknown_cards: int = 0) -> Intent:
    """`compared`: two models or two precisions named ("phi 4 vs qwen3 14b"); `conflicted`: slots whose values
    contradict each other; `named_gpus`: catalog cards named even when none was taken ("3090 и 4090");
    `unknown_cards`: card-shaped names the catalog lacks ("4060 ти"), counted only to see cards compared."""
    text = _SPOKEN.sub("что", text)  # "че можно запустить", "чо такое": the cues are written for "что"
    if temp := [m.span() for m in _TEMPERATURE.finditer(text)]:  # "зимой минус пятьдесят": the weather, no pros and cons
        text, tokens = _without(text, tokens or [], temp)
    if no_cloud := [m.span() for m in C.NO_CLOUD.finditer(text)]:
        text, tokens = _without(text, tokens or [], no_cloud)  # fiftieth pass: "nothing in the cloud": a wish, no costing
    told = [m.span() for m in _TOLD_ASIDE.finditer(text)]
    if _FITS.search(text):  # a speed measured before a fit question; without one, the rate is what is asked about
        told += [m.span() for m in _MEASURED.finditer(text)]
    if told:
        text, tokens = _without(text, tokens or [], told)  # fifty-fourth pass: a speed measured, the internet's, an OS
    listed = tokens or []
    staff = [(t.start, t.end) for j, t in enumerate(listed) if t.low in ("менеджеров", "managers") and
             any(x.used == "users" for x in listed[max(0, j - 2):j + 3])] if not _CONTACT.search(text) else []
    if staff:  # fifty-fourth pass: "менеджеров станет 40": the staff counted, no manager asked for
        text, tokens = _without(text, tokens or [], staff)
    if own := [m.span(1) for m in _OWN_SERVICE.finditer(text)]:
        text, tokens = _without(text, tokens or [], own)  # fiftieth pass: "строим каркасные дома под ключ": their trade
    if _TAX_OF_SUM.search(text):  # "три миллиона рублей с ндс": the sum's tax, not an invoice asked for (its word
        tokens = [t for t in tokens or [] if t.low not in ("ндс", "vat")]  # too, thirty-seventh pass)
    text = _TAX_OF_SUM.sub(r"\1", text)
    hardware = bool(s.gpu or s.gpus or s.card_vram_gb or s.ram_gb or s.server or named_gpus or
                    conflicted & {"gpu_count", "card_vram_gb"})
    model = bool(s.model or s.params_b)
    sc = scores(text, tokens or [])
    if reason := [m.span() for m in _REASON.finditer(text)]:
        # thirty-seventh pass: "we prefer RTX 5090 because price more cheap": why the customer prefers, not the question
        kept = scores(*_without(text, tokens or [], reason))
        if any(v > 0 for v in kept.values()):
            sc = kept
    # thirty-fifth pass: nor "двенадцать 3070 ... и три бп по 1600 ватт. что из нейронок можно запустить": the rig
    # described, what runs on it asked
    rig_asked = hardware and not model and sc["models_for_hardware"] > 0 and not _PSU_ENOUGH.search(text)
    if s.psu_w and not (model and not _PSU_ENOUGH.search(text)) and not rig_asked:
        sc["power"] += 3  # "хватит ли 1600w на две 4090", "у меня бп 1200": is the customer's PSU enough
        # (thirty-second pass: not "два блока по 1600вт. квен 235б в q4 на этом заведется?": the model, on the rig)
    if sc["models_for_hardware"] > 0 and sc["speed"] > 0 and not model and _SPEED_AS_CONDITION.search(text):
        sc["speed"] = 0  # forty-eighth pass: "the biggest model I can run at a decent speed": which models, the speed a bar
    if _DELIVERY.search(text) and not _RATE_WORD.search(text):
        sc["speed"] = 0  # seventy-first pass (a review): how soon it comes, not how fast it answers
    hits = {n for n, v in sc.items() if v > 0}
    if s.psu_w and model and hardware and not _PSU_ENOUGH.search(text) and _RUNS_ON_IT.search(text):
        return "vram"  # "шесть 3090 и два блока по 1600вт. квен 235б в q4 на этом заведется?": the rig described, the model asked
    if _ACCEPTED.match(text):
        return "handoff"
    if (m := _LEAST_TO_BUY.search(text)) and not ((hardware and not m.group(0).lower().endswith("s")) or
                                                   _LEAST_NOT.search(text) or s.server_price or s.cloud_hourly or
                                                   s.electricity_price):  # "the smallest number of H100s": the cards counted
        return "recommend"  # fifty-seventh pass: "самая дешёвая видюха, на которой ... запустится? скорость не важна"
    if _SPEC_VERB.search(text) and _how_many_cards(tokens or []) and not _PRICE_SAID.search(text):
        return "recommend"  # seventy-sixth pass: "how many H200s should I spec?": the cards counted, not their spec sheet
    if _RIGHT_PLACE.search(text) and not (model or hardware) and not re.search(r"\d", text) and not sc["handoff"]:
        return "greeting"  # seventy-fourth pass: "я правильно попал, тут подсказывают по железу?": no question yet
    if _leave_to_ask(text) and not (model or hardware) and not sc["handoff"]:
        return "greeting"  # seventy-first pass: "подскажете по железу под нейросети если спрошу?": leave asked, no question yet
    if _EXPLAIN.search(text) and sc["knowledge"] > 0 and not (model or hardware) and not re.search(r"\d", text):
        if not (C.DOMAIN.search(text) or _EXPLAINED_OF_OURS.search(text)) and _SCHOOLWORK.search(text):
            return "out_of_scope"  # seventy-third pass: "can someone explain eigenvectors to me, exam is tomorrow"
        return "knowledge"  # seventy-first pass: "explain the difference between prefill and decode, and why … throughput"
    if _COOLING_NEEDED.search(text) and not re.search(r"\d", text):
        return "knowledge"  # seventy-first pass: "нужен ли отдельный кондиционер, или вентиляции хватит?": the guide's advice

    if C.GREETING.match(text) or _leave_after_introduction(text) and not (model or hardware) or (C.THANKS.match(text) and (len(text.split()) <= 6 or len(text.split()) <= 9 and C.THANKS_CLOSING.search(text)) and not re.search(r"[\d?]", text)
                                  and not hits and not C.DOMAIN.search(text) and not C.FOLLOWUP_AFTER_THANKS.search(text)) or \
            (C.THANKS.match(text) and C.THANKS_CLOSING.search(text) and len(text.split()) <= 14 and
             not re.search(r"[\d?]", text) and not C.FOLLOWUP_AFTER_THANKS.search(text) and not (model or hardware)):
        # (sixty-seventh pass: "Thanks, that's exactly what I needed for the budget meeting.": a closing, whatever its words)
        return "greeting"  # "thanks that helps a lot!", "спасибо, очень помогли"; not "спасибо. а можно менеджера"
    if _PASSING_ON.search(text) and re.search(r"\b(?:спасибо|благодарю|thanks?|thank you)\b", text, re.I) and \
            len(text.split()) <= 12 and not re.search(r"[\d?]", text) and not hits and not (model or hardware):
        return "greeting"  # fifty-third pass: "записала, всё передам шефу, спасибо!", "thank you, I'll pass this along"
    if _INTEGRATE.search(text) and not _INTEGRATE_NOT.search(text) and \
            not (model or hardware or s.users or s.budget or re.search(r"\d", text)):
        return "knowledge"  # seventy-third pass: "можно ли связать локальную модель с нашим Битриксом?": how it connects
    if _DEBUG_CODE.search(text) and not _OUT_OF_MEMORY.search(text):
        return "out_of_scope"  # fifty-seventh pass: "help me debug my pytorch training script": someone's code to fix
    if C.CREATIVE.search(text):
        return "out_of_scope"  # "write me a haiku about gpus"
    if _IN_THE_BUDGET.search(text) and not hardware:
        return "recommend"  # fifty-third pass: "would llama 3.3 70b in fp8 fit in that budget?": what to buy for it
    if (off_topic(text) or OTHER_GOODS.search(text) or _INVESTING.search(text)) and not (model or hardware or
                                                            C.DOMAIN.search(_OFF_TOPIC_AFTER.sub(" ", text))):
        return "out_of_scope"  # "off topic but why does my 2019 freightliner throw a def code" (thirty-third pass)
    if _LINK_WEIGHED.search(text) and (not _LINK_FIT.search(text) or not (model or hardware or re.search(r"\d", text))) and \
            not (s.users or s.psu_w or "power" in hits):  # (seventy-third pass: "насколько проседает скорость при
        # тензорном параллелизме через PCIe без NVLink?": nothing of theirs to size, the bus's penalty in general)
        return "knowledge"  # fifty-seventh pass: "нужны NVLink-мосты или хватит PCIe?", "why does the DGX need NVSwitch"
    if _WHATS_THE_DIFFERENCE.search(text) and not (model or hardware or s.users or s.budget or s.gpu_count or
                                                   s.server_price or s.cloud_hourly or s.hours_per_month or "cost" in hits):
        return "knowledge"
    if _PLAINLY.search(text) and not (model or hardware or s.users or s.budget or s.gpu_count or s.context or
                                      s.hours_per_month or "cost" in hits):
        return "knowledge"  # fifty-seventh pass: "объяснить заказчику простыми словами: что даёт выгрузка экспертов"
    if _GAME.search(text) and not (model or s.users or s.budget or s.context or s.task):
        return "out_of_scope"  # fifty-seventh pass: "а киберпанк на ней с трассировкой на ультрах нормально пойдёт?"
    if _LANES.search(text) and not (model or s.users or s.gpu_count and hardware or s.psu_w or "power" in hits):
        return "knowledge"  # "на райзерах х1 скорость упадёт?", "do pcie x1 risers kill speed": how the bus works
    if _AT_ALL.search(text) and not (model or hardware or s.users or s.budget or s.gpu_count or s.context) and \
            hits <= {"vram", "knowledge"}:
        return "knowledge"  # fresh41: "такое вообще реально на своём железе, без чатгпт?": can it be done at all, nothing to size
    if _OWN_OR_CLOUD_AT_ALL.search(text) and not (model or hardware or s.budget or s.server_price or
                                                  s.cloud_hourly or s.hours_per_month or s.gpu_count):
        return "knowledge"  # forty-eighth pass: "это можно сделать на своём компьютере … или только через облако?": no prices
    if "cost" in hits and _DIFFERENCE.search(text) and not (model or hardware or s.budget or s.server_price or
                                                            s.cloud_hourly or s.hours_per_month or s.electricity_price):
        return "knowledge"  # fiftieth pass: "the difference between running a model in the cloud and on your own server"
    if (lead := list(_LEAD_TIME.finditer(text))) and not (s.server_price or s.cloud_hourly or s.users or model):
        inside = [(m.start(), m.end()) for m in lead]
        rest = scores(_LEAD_TIME.sub(" ", text), [t for t in tokens or [] if not any(a <= t.start < b for a, b in inside)])
        if not any(v > 0 for k, v in rest.items() if k != "handoff"):
            return "handoff"  # "какие сроки поставки на h200", "whats the lead time for b300": only a person knows
    # thirty-second pass: "чтоб ии ... отвечал менеджерам" (the client's staff in the plural) is who is served too
    # (43rd pass: and "хотим чтоб менеджеры ... спрашивали у ллмки")
    served = [t for t in tokens or [] if t.low.startswith(("менеджер", "manager")) and
              (t.used == "users" or t.low in ("менеджерам", "менеджерами", "managers") or
               t.low == "менеджеры" and not re.match(r"\s*(?:у вас|ваши)\b", text[t.end:]) and
               not re.search(r"\bваши\s*$", text[:t.start]) or
               t.low == "менеджеров" and any((x.has_digit or x.word_number) and abs(x.i - t.i) == 1 for x in tokens or []))]
    if served:  # "отвечал двадцати менеджерам": the people served, not one asked for
        blank = "".join(" " if any(x.start <= i < x.end for x in served) else ch for i, ch in enumerate(text))
        sc["handoff"] = scores(blank, [t for t in tokens or [] if t not in served])["handoff"]
    if (due := [m.span() for m in _DEADLINE.finditer(text)]) and any(v > 0 for k, v in sc.items() if k != "handoff"):
        # 43rd pass: "Срок поставки — до 20 ноября": a deadline stated beside a question of its own, no lead time asked
        text, tokens = _without(text, tokens or [], due)
        sc["handoff"] = scores(text, tokens)["handoff"]
    if doc := [m.span() for m in _DOCUMENT.finditer(text)]:  # "в заявке на финансирование написано": a document
        text, tokens = _without(text, tokens or [], doc)
        sc["handoff"] = scores(text, tokens)["handoff"]
    if own := [m.span() for m in _OWN_BATCH.finditer(text)]:
        text, tokens = _without(text, tokens or [], own)
        sc["handoff"] = scores(text, tokens)["handoff"]
    sender = [m.span() for m in _SENDER.finditer(text)]
    if _LESSOR.search(text):  # "лизинговая компания ... клиенты просят в лизинг": the customer's trade, no request
        sender += [m.span() for m in re.finditer(r"лизинг\w*|leasing|financ\w*|финансир\w*", text, re.I)]
    if (hardware or model) and sender:
        # thirty-seventh pass: "менеджер по продажам колокейшна, спрашиваю за клиента", "по заявке №5512 от отдела
        # продаж": who writes, or for whom, with the question itself computable; a request for a person stays one
        sc["handoff"] = scores(*_without(text, tokens or [], sender))["handoff"]
    if _HOW_MANY_TO_QUOTE.search(text) and not _QUOTE_REQUESTED.search(text):
        # fifty-ninth pass: "How many H200s should we quote?", "сколько карт закладывать в КП?": the count is asked, the
        # quote is where it goes
        sc["handoff"] = scores(_QUOTE_WORD.sub(" ", text), [t for t in tokens or [] if not _QUOTE_WORD.fullmatch(t.low)])["handoff"]
    lone_handoff = bool(hardware or model or s.budget) and _WEAK_HANDOFF.search(text) and \
        not scores(_WEAK_HANDOFF.sub(" ", text), [t for t in tokens or [] if not _WEAK_HANDOFF.match(t.low)])["handoff"]
    if not lone_handoff and (sc["handoff"] >= 2 and not (s.server_price or s.cloud_hourly) or _top(sc, _ORDER) == "handoff"):
        return "handoff"  # not "сколько стоит h100 pcie и сколько ждать поставку": one such word beside a question
    if (hardware or named_gpus) and SELL_OR_ADD.search(text) and not (s.cloud_hourly or s.server_price):
        return "upgrade"  # "sell my 3090 and get a 5090 or add a second one": what to do with the card owned
    if hardware and not model and _ADD_TO_OWNED.search(text) and not _WHAT_IF.match(text) and \
            not _ASKS_WHICH.search(text) and not (s.cloud_hourly or s.server_price or s.psu_w or s.users):
        return "upgrade"  # twentieth pass: "want to add a 3090 to my 4090", "we have one 3060, thinking of adding a
        # second one": a card added to the one owned, is it worth it (not "what can i run if i add ...")
    if _about_runtimes(text) and not (sc["power"] or sc["cost"] or sc["speed"] >= 2):
        return "knowledge"  # "does sglang support glm 4.6", "чем vllm лучше tgi": about the engines, not a sizing
    if not model and ("precision" in conflicted or _FORMATS_COMPARED.search(text)) and named_gpus <= 1 and \
            re.search(r"разниц|отлича|difference|differ", text, re.I):
        return "knowledge"  # fresh40: "чем gguf отличается от awq и что из них лучше для нашей a4000": the formats, no cards
    # (sixty-seventh pass: not the "Or" that opens a follow-up, "Or is it smarter to swap the H100s for H200s — how many?")
    if s.gpus or (named_gpus + unknown_cards > 1 and named_gpus and C.VERSUS.search(_LEADING_OR.sub("", text)) and not model):
        return "compare"  # "4060 ти 16 гб или 3060 на 12": cards against each other, known or not
    if _WHICH_OF_THEM.search(text) and _BETTER.search(text) and not new_model and not s.gpu and \
            not (s.server_price and s.cloud_hourly):  # forty-eighth pass: not a server's quote against a cloud's hour
        return "compare"  # "какая из них быстрее", "which one is faster": the cards already discussed
    if not named_gpus and not new_model and not s.gpu and _COMPARE_THEM.search(text):
        return "compare"  # 43rd pass: "сравните их между собой по скорости", "compare them on speed": the cards discussed,
        # compared by what is named (the speed word ties with the comparison's)
    if named_gpus == 1 and not new_model and (_AGAINST_THOSE.search(text) or
                                              _WHICH_OF_THEM.search(text) and _BETTER.search(text)):
        return "compare"  # thirty-fourth pass: "а у l40s? и какая из них шустрее", "how does the rtx pro 6000 stack up
        # against those two?": the card named against the ones discussed (the conversation adds them)
    if named_gpus == 1 and not new_model and C.VERSUS.search(text) and _BETTER.search(text) and _IT.search(text) and \
            not re.search(r"облак|облач|cloud|аренд|\brent", text, re.I):  # not "is it cheaper to rent or buy two 4090s"
        return "compare"  # "и что быстрее она или 5080", "is it better or the a40": the card discussed against one more
    if s.cloud_hourly or (s.server_price and s.hours_per_month):
        return "cost"  # an hourly price is only ever asked about against owning
    if s.electricity_price and (hardware or s.gpu or s.gpu_count) and not model:
        return "power"  # "свет по 6 р, 2 4090 круглосуточно": the month's electricity of the cards named (or counted:
        # "а если карт будет четыре и свет по шесть рублей, сколько в месяц?", a hurried follow-up at stop 60)
    if s.server_price and not (hardware or model or s.users or s.budget or hits - {"recommend", "cost"}):
        return "cost"  # "the box you'd quote is around 25 grand": a server's price is weighed against renting
    if named_gpus and _COMPARING.search(text) and (not new_model or _AGAINST_IT.search(text)):
        return "compare"  # "and how does it compare to the A40", "добавь в сравнение h200": one more card compared
    if "vram" in hits and not new_model and (s.gpu or s.card_vram_gb) and not relative and \
            (_FITS.search(text) or _ENOUGH.search(text) and _OWN.search(text)) and \
            not _ASKS_WHICH.search(text) and not (hits - {"vram"}) and not (not model and C.MODELS_ON_IT.search(text)):
        return "vram"  # "на одной 5090 потянет?", "would a single l40s fit it", "на моей 3060 хватит?": the card said
        # (the customer's own, for "enough"), will the model fit on it
    if (s.gpu or s.card_vram_gb) and s.gpu_count and _FIT_WITHIN.search(text) and _BY_POWER.search(text):
        return "power"  # fifty-third pass: "а если туда одну l40s — по питанию в наши 3 квт уложимся?": within the power
    if (s.gpu or s.card_vram_gb) and s.gpu_count and _FIT_WITHIN.search(text) and not (s.budget or s.server_price) and \
            not _MONEY_WORD.search(text):
        return "vram"  # fortieth pass: "а лорой на восьми h200 уложимся?": the cards said, will the job fit on them
    if relative and not new_model and sc["speed"] >= 2 and sc["speed"] > max((v for k, v in sc.items() if k != "speed"), default=0):
        return "speed"  # seventy-first pass (a review): "ещё две, сколько токенов будет?": the rate, with the cards added
    if relative and not new_model and max((v for k, v in sc.items() if k != "upgrade"), default=0) < 3:
        return "followup"  # "а если ещё две", "what if usage doubles"; not "бп 750 ватт, хочу вторую 3060, хватит?"
    if C.GENERATOR.search(text) and (hardware or s.card_vram_gb) and not model:
        return "power"  # sixty-first pass: "а если привезут комп с 3060, генератор у меня на 2 квт его вытянет?"
    if _WHAT_IF.match(text) and (s.gpu or s.gpu_count or s.card_vram_gb or s.ram_gb) and not new_model and \
            not _ASKS_WHICH.search(text) and sc["speed"] < 2 and \
            not (sc["power"] >= 2 and sc["power"] > max((v for k, v in sc.items() if k != "power"), default=0) and
                 re.search(r"\bкак\w* (?:\w+ ){0,3}(?:энергопотреблени|потреблени|мощност)|\bhow much power\b", text, re.I)):
        # 49th pass: not "а если двумя h200 — по скорости вытянет?"; seventy-sixth pass: nor "Если брать узел на восьми
        # H100 SXM — какое у него будет энергопотребление?": the power asked of the setup picked
        return "followup"  # "а если добавить одну 4090?", "what if we add two more A100s": the same question, changed
    if (s.gpu or s.card_vram_gb) and _ROOMY_OR_TIGHT.search(text) and not _ASKS_WHICH.search(text) and \
            not (s.psu_w or sc["power"]):
        return "vram"  # sixty-seventh pass: "вместо них 4-5 H200. Это с запасом или впритык?": how well they hold it
    if "gpu_count" in conflicted and s.gpu and not s.gpus and C.VERSUS.search(text) and \
            not _top(sc, ["power", "cost", "speed"]) and sc["vram"] < 2 and sc["upgrade"] < 2:
        return "recommend"  # "четыре или восемь l40s ставить", "four or eight h200, what would you spec": which count
    # fifty-first pass: "want to add a second 4090. will the power supply handle it?": the PSU, neither a fit nor an upgrade
    psu_asked = bool(s.psu_w and _PSU_ENOUGH.search(text))
    if "upgrade" in hits and hardware and model and _FITS.search(text) and not _ASKS_WHICH.search(text) and \
            not re.search(r"\bчего\b|не хватает|missing|\bneed\b|нужн|надо", text, re.I) and not psu_asked:
        return "vram"  # "докуплю вторую 3090, тогда 70б потяну?": the addition said, whether the model then fits
    if not model and _THEN_RUNS.search(text) and not psu_asked and not s.budget:
        return "models_for_hardware"  # sixty-first pass: "а если докупить вторую такую же — что тогда потянет?"
    if not psu_asked and sc["speed"] >= 2 and sc["speed"] >= max((v for k, v in sc.items() if k not in ("speed", "upgrade")), default=0) \
            and (m := _RATE_ASKED.search(text)) and not re.match(r"how fast|what speed|какая скорость", m.group(0), re.I):
        # seventy-third pass: "а если вторую такую же докупить сколько токенов в сек будет": the rate asked in so many
        # words, the card added its condition
        return "speed"
    if not psu_asked and (sc["upgrade"] >= 2 or ("upgrade" in hits and hardware and (model or s.gpu_count)) or
                          (hardware and model and _OWNS.search(text) and _BUY_MORE.search(text)) or
                          (hardware and C.REPLACE_OWN.search(text) and not compared and not _how_many_cards(tokens or []))):
        # "i have two 3090s, what do i need to buy"; not "карты заменить на H200 — сколько их понадобится?" (how many:
        # fifty-seventh pass)
        return "upgrade"
    if C.NEEDED.search(text) and not s.server:
        return "recommend"  # "что за сервер нужен", "what kind of server do we need": which to take, not about one
    if _WHAT_IT_TAKES.search(text) and not (model or s.users or s.budget or s.server_price or s.cloud_hourly or
                                           s.hours_per_month or s.gpu_count or s.electricity_price):
        return "knowledge"  # fifty-first pass: "что туда входит кроме цены железа?", "how fast do cards lose resale value"
    if ("gpu_info" in hits or _PRICE_ASKED.search(text)) and not (s.gpu or s.server or named_gpus or model) and \
            _SERVER_FOR_A_USE.search(text):
        return "recommend"  # thirty-seventh pass: "сколько стоит сервер чтоб нейросеть отвечала клиентам": sizing
    if s.gpu and not (model or s.psu_w or s.users or s.gpu_count or s.budget or s.ram_gb) and \
            _CARD_MEMORY_ASKED.search(text) and not re.search(r"\btdp\b|\bтдп\b|\bpower\b|\bwatt|\bватт|потребл|\bdraw\b",
                                                          text, re.I):  # (not "… and whats the tdp": the power too)
        return "gpu_info"  # seventy-sixth pass: "сколько vram у rtx 4070 ti super": the card's memory, a spec
    if (s.gpu or s.server) and not (model or s.psu_w or s.users or s.gpu_count or s.budget) and _DATASHEET.search(text) and \
            not _PRICE_SAID.search(text) and not _QUOTED_FIGURE.search(text):
        return "gpu_info"  # seventy-fourth pass: "скиньте даташит на l4: память, потребление": the card's specs, sent
    if (s.gpu or s.server) and not (model or s.psu_w or s.users or s.gpu_count or s.budget) and \
            len({m.group(0).lower()[:5] for m in _SPEC_WORD.finditer(text)}) >= 2 and len(text.split()) <= 20 and \
            not re.search(r"\b(?:вместе|суммарн\w*|total|combined|сколько (?:таких|их|штук)|how many)\b", text, re.I):
        return "gpu_info"  # "Что по B200: объём памяти, потребление и сроки поставки?": the card's figures, listed
    if (s.gpu or s.server) and not (model or s.psu_w or s.users) and not (s.gpu_count and s.gpu_count > 1) and \
            C.TDP_AND_MEMORY.search(text) and \
            not re.search(r"\d\s*(?:вт|w|квт|kw)\b|(?<![\d.])(?<!pcie )(?<!sxm )\d+\s*(?:гб|gb)\b|сколько (?:таких|их|штук)|how many|(?<!power )\bdraw\b|\bpower for\b|ватт|(?<!putting )(?<!put )together|combined|overall|in sum|"
                          r"вместе|суммарн\w*|\bserver\b|(?<!в )сервер\w*|"
                          r"\bблок|\bpsu\b|\btotal\b|\bбп\b|потребл|power supply", text, re.I) and not _ENERGY_PRICED.search(text):
        return "gpu_info"  # seventieth pass: "What's the TDP and memory on the A40?": two of a card's specs
    if (s.gpu or s.server) and not (model or s.psu_w or s.gpu_count or s.users) and _PRICE_SAID.search(text) and \
            re.search(r"\btdp\b|теплопакет|энергопотреблени\w*|power draw", text, re.I) and not _ENERGY_PRICED.search(text):
        return "gpu_info"  # sixty-seventh pass: "почём у вас L40S и какой у неё TDP?": the card's price and specs
    if _how_it_is_done(text) and not (model or hardware or named_gpus or s.users or sc["handoff"] or sc["recommend"] >= 2):
        return "knowledge"  # seventy-seventh pass: "what's the usual way to keep it highly available", "is that usually
        # per-user speed or aggregate": how it is done, the guide's (not "passive" cooling's spec, nor a rate to compute)
    if "gpu_info" in hits and C.SPECS.search(text) and (s.gpu or s.server or not model) and \
            not (_WHY.search(text) and not (s.gpu or s.server or named_gpus or _PRICE_SAID.search(text))) and \
            not (model and _FITS.search(text)) and not _ENERGY_PRICED.search(text) and \
            not (s.users and not (hardware or s.server)) and \
            max(sc["power"], sc["speed"]) <= sc["gpu_info"]:  # "does llama 70b fit": a fit question; not "how many
        # watts does it draw, for a psu spec": the watts asked more than the spec; not "человек 5 ... что по железу
        # и почем" (thirty-second pass: people and no card, the price of what to buy)
        return "gpu_info"  # not "сколько будет стоить электричество": the price of the power is a power question
    if _HOW_IT_WORKS.search(text) and "models_for_hardware" not in hits and \
            not re.search(r"\bчто (?:купить|брать|взять|заказать)\b|\bwhat (?:to|should (?:we|i)) buy\b", text, re.I) and \
            not (model or s.users or s.budget or s.psu_w or s.server_price or s.cloud_hourly):
        return "knowledge"  # seventieth pass: "как работает выгрузка слоёв … скорость падает?", "нужен ли им NVLink?"
    if _FEATURE_ON.search(text) and not _HOW_MUCH_OR_WHICH.search(text) and \
            not (model or s.users or s.budget or s.psu_w or s.server_price or s.cloud_hourly):
        return "knowledge"  # seventieth pass: "на каких GPU FlashAttention поддерживается?", "на них его можно включить?"
    # (sixty-seventh pass: nor "почему для больших моделей так важна пропускная способность памяти": a reason, no card)
    if _WHY.search(text) and sc["knowledge"] >= max(sc["power"], sc["cost"], sc["speed"]) and \
            not (s.server_price or s.cloud_hourly or s.hours_per_month or model):
        return "knowledge"  # "почему нельзя взять игровые карты? дешевле же": a reason asked, not a sum
    if sc["speed"] and (sc["recommend"] >= 2 or sc["vram"] >= 2) and _WANTED_SPEED.search(text):
        sc["speed"] = 0  # "нужна низкая задержка ... на какой карте": speed wanted of the hardware asked for
    if "precision" in conflicted and not model and re.search(r"разниц|отлича|difference|differ", text, re.I):
        return "knowledge"  # thirty-sixth pass: "fp8 и int8 на h100 — в чём разница по качеству и по скорости?"
    if sc["power"] and sc["recommend"] >= 2 and _POWER_LIMIT.search(text) and (model or s.users) and \
            not _POWER_ASKED.search(text):
        return "recommend"  # forty-first pass: "питание на стойку ограничено 1,5 кВт. что взять?": a limit to size within
    if sc["power"] and (_POWER_LIMIT.search(text) or _POWER_GIVEN.search(text)) and _WHICH_HARDWARE.search(text) and \
            not _POWER_ASKED.search(text):
        return "recommend"  # fifty-third pass: "на стойку выделено 3 квт. какой сервак туда встанет под квен3 32б?"
    if sc["cost"] and _CHEAPER_SETUP.search(text) and not _OWN_OR_RENT.search(text) and (model or C.FOLLOWUP.match(text)):
        # fifty-fourth pass: "а если квен 3 на 14б, можно дешевле?": a cheaper build, not owning against renting;
        # "а если в 4 бита, дешевле выйдет?": the same question with one value changed
        return "recommend" if model else "followup"
    top = _top(sc, ["power", "cost", "speed"])
    if top == "power" and sc["speed"] and s.psu_w and _RATE_ASKED.search(text) and not _PSU_DOUBTED.search(text):
        return "speed"  # sixty-first pass: "риг: 3 x 3090, бп 1600w ... сколько т/с выжму?": the PSU is the rig's
    if top == "speed" and hardware and not model and "models_for_hardware" in hits and C.USERS_HELD.search(text):
        # "какие модели на нем пойдут и сколько юзеров выдержит": what runs on the cards, each with the users it holds
        return "models_for_hardware"
    if top == "power" and rig_asked and not re.search(r"сколько|how much|how many|потребл|consum|жр[её]т", text, re.I):
        return "models_for_hardware"  # the PSUs are part of the rig described: what runs on it is asked
    if top:
        return top  # type: ignore[return-value]
    if _how_many_cards(tokens or []) or ("models_for_hardware" not in hits and _fraction_of_cards(tokens or [])):
        return "recommend"  # "сколько h100 нужно под ...", "выходит 2.5 карты h100": sizing the cards
    if "models_for_hardware" in hits and not s.model and (hardware or unknown_cards):
        return "models_for_hardware"  # "какие модели до 10б идут на 8гб": a size limit is no model
    if hardware and not model and _WHICH_FAMILY.search(text) and \
            any(t.canon in load_lexicon().families and not t.used for t in tokens or []):
        return "models_for_hardware"  # "which qwen can i use on my 4060", "что из квенов влезет"
    if (s.gpu or s.gpus) and not (model or s.users or s.budget or s.gpu_count) and DATA_CENTRE.search(text):
        return "knowledge"  # "Is the RTX 5090 good for a data centre?", "5090 для цод подойдёт?": the licence, the guide's
    if s.server and not model and _COOLING.search(text) and not (s.gpu_count or s.users or s.budget):
        return "knowledge"  # "какое охлаждение нужно для DGX H100", "is the DGX B200 liquid cooled"
    if s.server and not model and (hits & {"knowledge", "gpu_info"} or C.ABOUT.search(text)) or \
            re.search(r"что за сервер", text, re.I) and not C.NEEDED.search(text):
        return "gpu_info"  # "что за ферма 4U4", "what is the HUANANZHI DeepSeek server"
    if "knowledge" in hits and sc["recommend"] > sc["knowledge"] and _HARDWARE_WORD.search(text) and not s.model:
        return "recommend"  # "с чего начать по железу": where to start with hardware, a question of what to buy
    if _WHERE_TO_START.search(text) and (s.users or s.budget) and not s.model:
        return "recommend"  # "нас 50 человек, хотим свой гпт, с чего начать": a setup for these people, to size
    if model and hardware and _OUT_OF_MEMORY.search(text):
        return "vram"  # fifty-third pass: a pasted "CUDA out of memory" beside the setup, "is this setup too small?"
    if hardware and not model and _HOW_MANY_NEEDED.search(text) and (s.users or s.context):
        return "recommend"  # "They went with the L40S. How many do they need for 50 users at 8k?": the cards counted
    if (hardware or unknown_cards) and not model and C.MODELS_ON_IT.search(text):
        return "models_for_hardware"  # fifty-third pass: "what's the best model those two cards can run?"
    if compared and not s.gpu and "knowledge" not in hits and \
            (_AT_ONCE.search(text) or _ON_ONE_CARD.search(text) and not C.VERSUS.search(text)):
        return "recommend"  # seventy-fourth pass (a review): "нужна карта для немо 12б и ламы 8б одновременно": both, to size
    if "knowledge" in hits or (compared and not s.gpu) or \
            (C.VERSUS.search(text) and not (model or hardware or s.context or s.precision or conflicted)):
        return "knowledge"
    if "models_for_hardware" in hits and not model and sc["recommend"] < sc["models_for_hardware"] and not s.budget:
        return "knowledge"  # "какие модели лучше для кода"; not "какая модель и какое железо?" (that is sizing)
    if "gpu_info" in hits and (s.gpu or not model) and not (s.budget and model) and not (model and _FITS.search(text)) and \
            not (s.users and not (hardware or s.server)):
        return "gpu_info" if s.gpu or s.server or re.search(r"сервер|server", text, re.I) else "knowledge"
    if hardware and not model and (_WHAT_RUNS.search(text) or _RUN_ANYTHING.search(text) or _WHICH_RUNS.search(text)):
        return "models_for_hardware"  # "что потянут две 3090", "what will my 5090 handle"
    if _MEANING.search(text) and not _FITS.search(text):
        return "knowledge"  # fifty-fourth pass: "а что значит A3B в названии?", "а что значит fp8?": a word explained
    if C.FOLLOWUP.match(text) and not new_model and _changes(s):
        return "followup"
    # the words besides the model's name ("ok what about glm 4.5 air": four), not the name's own words
    besides = sum(1 for t in tokens or [] if t.used != "model_name" and t.text[:1].isalnum())
    if C.FOLLOWUP.match(text) and new_model and (min(len(text.split()), besides + 1) if _WHAT_ABOUT.search(text) else len(text.split())) <= 5 and \
            not hits - {"vram"}:
        return "followup"  # "а квен 14б?", "how about qwen3 14b": the same question about another model
    if C.RAM_QUESTION.search(text):
        return "recommend" if hardware or model else "knowledge"
    if s.model and s.task in ("lora", "qlora", "full") and not hardware and not (s.users or s.budget or s.server) and \
            not _ASKS_WHICH.search(text) and not C.NEEDED.search(text) and not _HARDWARE_ASKED.search(text):
        return "vram"  # "хочу зафайнтюнить квен 4б лорой", "want to qlora mistral 7b": what the training takes
    if "recommend" in hits and not (hardware and model and "vram" in hits):
        wanted = not s.gpu and not s.gpus and _WANTED_CARD.search(text) and not _OWNS.search(text)
        # "нужна карта на 40 гигов, что посоветуете": a card wanted (only its size said), which to take
        counted = bool(C.COUNT_ASKED.search(text))  # "what 4090 count do I need"
        return "recommend" if (model or not hardware or s.budget or wanted or counted) else "models_for_hardware"
    if _changes(s) and not new_model and len(text.split()) <= 8 and not re.search(r"\?\s*$", text):
        return "followup"  # "бюджет 300к руб", "загрузка 24/7", "on H200 specifically"
    if _changes(s) and not new_model and len(text.split()) <= 5 and not hits:
        return "followup"  # "with 64k context?", "at 8-bit?", "on 3 of them?": a value changed, asked
    if _WHICH_MATTERS.search(text) and not model and not s.budget:
        return "knowledge"  # fifty-first pass: "что важнее для нейронки, оперативка или видеопамять? у меня 3060 на 12"
    if s.budget and not (hardware and (s.gpu or s.gpus or s.card_vram_gb or s.server or named_gpus)):
        # "бюджет миллион, на что хватит для 8B"; fifty-first pass: the RAM wanted beside it ("оперативы на сервере
        # хотим гигов 256. бюджет 900к") is part of what to buy, no card owned
        return "recommend"
    if model and not hardware and _ON_WHAT.search(text):
        return "recommend"  # twenty-ninth pass: "на чем она пойдет чтоб недорого": on what hardware, not will it fit
    if "vram" in hits:
        return "vram" if model or not hardware else "followup"  # "would four A100 cover it?": the last model
    if model:  # "запустить мистраль на карточке": on a card of theirs, will it fit
        return "vram" if hardware or _on_a_card(tokens or []) else "recommend"
    if hardware:
        return "models_for_hardware"
    if _changes(s):
        # "контекст нужен длинный, договоры по 50 страниц, ну тысяч 40 токенов": a context or a precision alone sizes
        # nothing new; it changes the question on the table, however long the sentence around it
        said = {k for k, v in s.model_dump().items() if v is not None and k not in ("currency", "task")}
        if s.task and s.task != "inference" and said and said <= {"context", "precision", "gpu_count"} and \
                len(text.split()) <= 6 and not _ASKS_WHICH.search(text):
            return "followup"  # sixty-seventh pass: "full ft on 8 of them?": the task and the count of the question asked
        if not said and not (model or hardware) and _QUALITY_WEIGHED.search(text):
            return "knowledge"  # seventy-fourth pass: "How close does LoRA get to a full fine-tune in quality?": no sizing
        return "followup" if said and said <= {"context", "precision"} else "recommend"
    families = load_lexicon().families
    if s.task == "inference" and any(t.concept == "gpu" for t in tokens or []) and \
            any(t.canon in families for t in tokens or []):
        return "vram"  # "хочу запустить квен на своей видюхе": will it run (which qwen, which card: asked next)
    if C.ANAPHORA.search(text) and re.search(r"\?\s*$|^\W*(?:а|и|and|so)\b", text) and \
            re.search(r"сколько|how much|what|как|когда|when", text, re.I):
        return "followup"  # "сколько это будет стоить примерно?": the question just discussed, asked on
    if conflicted and not hits - {"compare"}:  # the "or" between the values is no comparison
        return "followup"  # "realistically 8 to 12 people at once": values to ask about, the question on the table goes on
    if _WHAT_IF.match(text) and len(text.split()) <= 8 and any(t.concept == "server" for t in tokens or []):
        return "followup"  # seventy-seventh pass (a review): "а если серверов будет три?": the setup on the table, changed
    if C.DOMAIN.search(text) or any(t.canon in load_lexicon().families for t in tokens or []):
        return "knowledge"  # "можно ли использовать лламу в коммерческих целях"
    return "out_of_scope"


# serving engines by name, and what is asked about one: whether it supports or runs something
_RUNTIME_WORD = re.compile(r"\b(?:v-?llm|в-?ллм\w{0,2}|sg-?lang|llama[ .]?cpp|л?лама\.?цпп|ollama|олл?ам\w{0,2}|lm[- ]?studio|"
                           r"лм[- ]?студио|tgi|tensorrt(?:-llm)?|trt-llm|exllama\w*|koboldcpp)\b", re.I)
# an engine's ability: "can ollama run …", not "can I run gemma … (running Ollama)" (fifty-fourth pass, fresh61)
_SUPPORTS = re.compile(r"поддерж\w*|\bsupport\w*|совместим\w*|compatib\w*|работает ли|\bdoes (?!it\b)\S+ (?:run|work|handle)|"
                       r"умеет ли|\bcan (?!i\b|we\b|you\b|it\b|they\b)\S+ (?:run|serve|load)", re.I)


def _about_runtimes(text: str) -> bool:
    """Two engines set against each other ("sglang или vllm", "llama cpp or vllm"), or one asked what it supports."""
    named = {m.group(0).lower()[:3] for m in _RUNTIME_WORD.finditer(text)}
    return len(named) >= 2 or bool(named) and bool(_SUPPORTS.search(text))


def said_knowledge(text: str) -> bool:
    """Whether a knowledge question was asked in words ("что такое", "поддерживает ли sglang"), so that a "knowledge"
    of the rules is no fallback for the classifier to overrule readily (see `classifier.combine`)."""
    return _about_runtimes(text) or bool(_KNOWLEDGE_CUE.search(text)) or bool(_COOLING.search(text)) or \
        bool(_LANES.search(text)) or bool(_AT_ALL.search(text)) or \
        bool(_WHICH_MATTERS.search(text)) or bool(_WHATS_THE_DIFFERENCE.search(text)) or \
        bool(_LINK_WEIGHED.search(text)) or bool(_FEATURE_ON.search(text) and not _HOW_MUCH_OR_WHICH.search(text)) or \
        bool(_OFFLINE_ASKED.search(text)) or bool(_INTEGRATE.search(text) and not _INTEGRATE_NOT.search(text)) or \
        bool(_UPKEEP.search(text)) or bool(_QUALITY_WEIGHED.search(text)) or _privacy_asked(text) or \
        bool(_HOW_IT_WORKS.search(text)) or _how_it_is_done(text)  # risers and lanes: how the bus works


# seventy-second pass: "do these local models keep working fully offline once installed?": how local models work
_OFFLINE_ASKED = re.compile(r"\b(?:keep|still|continue)\s+(?:\w+\s+){0,2}?(?:work\w*|run\w*)\s+(?:\w+\s+)?(?:offline|without (?:the )?internet)|"
                            r"\b(?:работа\w*|будут работать|работать)\s+(?:\w+\s+){0,2}?(?:офлайн|оффлайн|без интернета)", re.I)


_KNOWLEDGE_CUE = dict(C.CUE_RE)["knowledge"]
_ENERGY_PRICED = re.compile(r"(?:стои\w*|стоимост\w*|обойд\w*|cost\w*|price\w*|цен\w*|платить|заплатим)\s+(?:\w+\s+){0,2}"
                            r"(?:электр\w*|энерг\w*|electric\w*|power\b)|(?:электр\w*|energy|electricity|power)\s+(?:\w+\s+)?"
                            r"(?:стои\w*|обойд\w*|costs?|bill|prices?|цен\w*)", re.I)
_ROOMY_OR_TIGHT = re.compile(r"\bс запасом или (?:впритык|впритирку|нет)\b|\bвпритык или с запасом\b|"
                             r"\b(?:with )?(?:room|headroom) to spare or\b|\btight or (?:comfortable|roomy)\b", re.I)
# (a review: not a datasheet quoted, "в даташите h100 указано 700 вт", "по даташиту у 4090 450 вт")
# a figure read off the datasheet by the customer ("datasheet says the 4090 is 450W"), a watt figure, a PSU: no request
_QUOTED_FIGURE = re.compile(r"\b(?:datasheet|spec ?sheet|даташит\w*)\s+(?:says|lists|states|shows|rates|говорит|пишет|указ\w*)|"
                            r"\d\s*(?:w|вт|ватт|watts?|kw|квт)\b|\bpsu\b|\bбп\b|\bблок\w*", re.I)
_RIGHT_PLACE = re.compile(r"\bправильно (?:я )?(?:попал|попала|зашёл|зашел|зашла|пишу)\b|\bтуда (?:ли )?(?:я )?(?:попал|зашёл|зашел|пишу)\b|"
                          r"\bis this the right place\b|\bam i in the right place\b|"
                          # seventy-seventh pass: "Здравствуйте! Подскажете с подбором оборудования?": help asked, no question yet
                          r"^\W*(?:[А-ЯЁа-яё]+[!,.]\s*)?(?:подскажете|поможете|помогите|можете помочь)(?: мне| нам)? с (?:подбором|выбором) "
                          r"(?:оборудования|железа|сервера|видеокарт\w*|конфигурации)\W*$", re.I)
_HOW_MANY_NEEDED = re.compile(r"\bhow many (?:do|would|will|should) (?:we|they|i|you) need\b|\bhow many (?:of them|are needed)\b|"
                              r"\bсколько (?:их |таких |штук )?(?:нужно|надо|понадобится|потребуется)\b", re.I)
_PRIVACY = re.compile(r"\bданн\w*\b[^.?!]{0,50}(?:наружу|уход\w*|утеч\w*|утекут|передаю\w*|отправля\w*)|\bконфиденциальн\w*|"
                      r"\b(?:data|information)\b[^.?!]{0,40}(?:leave|leaves|leaving|leak\w*|sent out|go out)|\bprivacy\b", re.I)
def _privacy_asked(text: str) -> bool:
    """Whether data staying in house is itself asked ("данные никуда наружу не уходят?"), not a wish said beside a
    sizing question ("чтобы данные не уходили наружу. Какой сервер нужен?")."""
    return any(_PRIVACY.search(s) and s.rstrip().endswith("?") for s in re.split(r"(?<=[.!?])\s+", text))


_AT_ONCE = re.compile(r"\bодновременно\b|\bразом\b|\bсразу обе\b|\bобе модели\b|\bat the same time\b|\bsimultaneously\b|"
                      r"\bboth (?:at once|models)\b|\bside by side\b", re.I)
# seventy-sixth pass: "хочу гонять квен 14б и гемму 12б на одной карте, какую взять?": both on it (not "на одной карте
# что быстрее — квен 14б или гемма 12б?": one or the other, weighed; a review)
_ON_ONE_CARD = re.compile(r"\bна одн(?:ой|у) (?:карт[еу]|видюх[еу]|видеокарт[еу]|гпу)\b|\bon (?:one|a single) (?:card|gpu)\b", re.I)
_DATASHEET = re.compile(r"(?<!\bв )(?<!\bпо )(?<!\bin the )(?<!\bper )(?<!\bfrom the )(?<!\baccording to the )"
                        r"(?:\bdatasheets?\b|\bspec ?sheets?\b|\bдаташит\w*)", re.I)
# (not "сколько памяти на 3090 останется под контекст?": what is left for the context, a fit; a review)
_CARD_MEMORY_ASKED = re.compile(r"\bсколько (?:\w+ )?(?:vram|врам\w*|видеопамят\w*|памят\w*) (?:у|в)\b(?![^.?!]*(?:остан|свобод|"
                                r"под контекст|под модель))|"
                                r"\bhow much (?:vram|memory|video memory) (?:does|do|has|is on)\b(?![^.?!]*(?:\bleft\b|\bfree\b|"
                                r"remain))", re.I)
_RELIED_ON = re.compile(r"\bвоспроизводим\w*|\breproducib\w*|\bdeterminis\w*|\bдетерминирован\w*|\bfixed seed\b|"
                        r"\bhighly available\b|\bhigh availability\b|\bотказоустойчив\w*|\bfailover\b", re.I)


def _how_it_is_done(text: str) -> bool:
    """How a thing is usually done or can be relied on, with nothing to size, buy, fit or pay (a review: not "is that
    usually enough for 20 people?", "high availability for 50 users, what should we buy?", "the usual way to pay")."""
    return bool(_USUAL_WAY.search(text) or _RELIED_ON.search(text)) and not re.search(r"\d", text) and \
        not (_FITS.search(text) or _ENOUGH.search(text) or _PRICE_SAID.search(text) or _SIZING_WORDS.search(text))


_SIZING_WORDS = re.compile(r"\bбрать\b|\bкупить\b|\bbuy\w*\b|\bwhat should\b|\bчто нужно\b|\bpay\b|\bоплат\w*|\bquote\b|"
                           r"\bсто[ия]т\w*|\bкакие карты\b|\bwhich gpus?\b|\bvram\b|\bпамят\w*|\bcheaper\b|\bдешевле\b|"
                           r"\bвыгодн\w*|\bоблак\w*|\bcloud\b|\bаренд\w*|\brent\w*|\bown\b|\bсвой сервер\b|\bworth\b|"
                           r"\bhow many\b|\bсколько\b", re.I)
_USUAL_WAY = re.compile(r"\bwhat(?:'s| is) the usual way\b|\bhow do (?:people|teams|companies|labs) usually\b|"
                        r"\bis (?:that|it|this) usually\b|\bобычно (?:так )?(?:делают|принято|устраивают|организуют)\b|"
                        r"\bкак (?:обычно|принято) (?:делают|устраивают|организуют|считают)\b", re.I)
_SPEC_VERB = re.compile(r"\b(?:should|would|do|shall|must) (?:i|we|you|they) spec\b|\bto spec\b", re.I)
_SPEC_WORD = re.compile(r"\bпамят\w*|\bпотреблени\w*|\btdp\b|\bтдп\b|\bформ-?фактор\w*|\bпропускн\w*|"
                        r"\bmemory\b|\bpower draw\b|\bform factor\b|\bbandwidth\b|\bинтерфейс\w*|\binterface\b|"
                        # seventy-sixth pass: "B300: how much memory, what power envelope, and when does it ship?",
                        # "What's the memory per B300, and can we order them yet?": its figures and when it can be had
                        r"\bpower envelope\b|\bwhen (?:does|do|will|would) (?:it|they) (?:\w+ )?ship\b|"
                        r"\bcan (?:we|i|you) (?:order|buy|get) (?:it|them|one)(?: yet| now)?\b|\bin stock\b|"
                        r"\bв наличии\b|\bсрок\w* поставки\b", re.I)
# a method weighed by its result, or how hard the thing is to keep up: the guide's, no sizing
_QUALITY_WEIGHED = re.compile(r"\bin (?:terms of )?quality\b|\bquality[- ]wise\b|\bпо качеству\b|\bв качестве\b(?! (?:сервер|сервак|карт|gpu))|"
                              r"\bкачеств\w* (?:хуже|ниже|страдает|падает|просед|уступа)\w*|\bhow close does\b|\bнасколько (?:\w+ )?(?:хуже|уступает)\b", re.I)
_UPKEEP = re.compile(r"\bнасколько (?:сложно|трудно|тяжело|дорого) (?:\w+ ){0,2}?(?:поддерживать|обслуживать|сопровождать|администрировать|"
                     r"обновлять)\b|\bкак часто (?:\w+ ){0,3}?обновлять\b|\bhow (?:hard|difficult) (?:is it )?to (?:maintain|keep up|run and maintain)\b|"
                     r"\bhow often (?:\w+ ){0,4}?(?:update|upgrade)\b", re.I)
_LEADING_OR = re.compile(r"^\W*(?:or|или|либо)\b", re.I)
_PRICE_SAID = re.compile(r"\bсто[ия]т|\bцен[аеуы]?\b|\bпоч[её]м\b|\bprice|\bcost", re.I)
_WHY = re.compile(r"(?:^|[.?!]\s*)\W*(?:(?:а|и|но|так|so|and|but)\s+)?(?:почему|зачем|why)\b", re.I)
_HARDWARE_WORD = re.compile(r"желез\w*|сервер\w*|сервак\w*|карт\w*|видеокарт\w*|видюх\w*|\bgpus?\b|гпу|server|card|"
                            r"hardware|конфиг\w*|\bbox\b|оборудовани\w*|запуст\w*|пойд[её]т|влез\w*|потян\w*|\bfit|\brun\b", re.I)
_HOW_MUCH_OR_WHICH = re.compile(r"\bсколько\b|\bскок\w*|\bhow (?:many|much)\b|\bкак(?:ие|ую|ая|ой) (?:\w+ )?модел|"
                                r"\b(?:which|what) (?:\w+ )?models?\b", re.I)
_HOW_IT_WORKS = re.compile(r"\bкак (?:вообще )?работает\b|\bhow does (?:[\w.-]+ ){1,4}work\b|"
                           # seventy-sixth pass: "how is that usually set up?", "как это лучше организовать?": the way
                           # it is done, the guide's
                           r"\bhow (?:is|are) (?:that|this|it|they|those) (?:usually |typically |normally |best )?"
                           r"(?:set up|done|organi[sz]ed|built|handled)\b|"
                           r"\bкак (?:(?:у|в) [\w-]+ (?:[\w-]+ )?)?устроен[оаы]?\b|"  # "как у локальной модели устроено журналирование"
                           r"\bкак (?:это|такое|такое обычно|это обычно) (?:лучше |правильно |грамотно )?"
                           r"(?:организовать|организуют|настроить|настраивают|делают|устроить|устроено)\b|"
                           r"\bнуж(?:ен|на|но) ли (?:им |нам |мне |там )?(?:nvlink|нвлинк|sli|mig)\b|"
                           r"\bdo (?:i|we|they|you) (?:even )?need nvlink\b", re.I)
# a feature's support on cards, or turning it on ("на каких GPU он поддерживается", "на них его можно включить?")
_FEATURE_ON = re.compile(r"\bподдерживается\b|\bподдерживаются\b|(?:можно|получится|удастся|выйдет) (?:ли )?(?:на н\w+ )?"
                         r"(?:его|её|ее|это) (?:\w+ )?включить|\bвключить (?:его|её|ее|это)\b|\b(?:его|её|ее|это) (?:можно|получится|удастся) "
                         r"(?:ли )?включить\b|"
                         r"\b(?:is|are) (?:it|that|this|they) supported\b|\b(?:enable|turn on|switch on) (?:it|that|this)\b", re.I)
_WHAT_RUNS = re.compile(r"^\W*(?:а |и |ну )?(?:что|what|which)\b(?:(?! для | for | под ).){0,30}?\b(?:потян\w*|постав\w*|"
                        r"запуст\w*|крутить|гонять|завести|влез\w*|пойд[её]т|run|handle|fit)", re.I)


# "can they run anything useful together", "запустить на них что-нибудь": no model named, what the cards can run
# thirty-ninth pass: the same asked at the end, after the hardware ("ноут с 4070 на 8 гигов, какая потянет?")
_WHICH_RUNS = re.compile(r"[,.;:!?—-]\s*(?:а |и |ну )?(?:как(?:ая|ую|ие)|which(?: one| ones)?)\s+(?:\w+\s+){0,2}?"
                         r"(?:потян\w*|пойд[её]т|пойдут|влез\w*|запуст\w*|will run|runs|would run)\b", re.I)
_RUN_ANYTHING = re.compile(r"\b(?:run|handle|host|serve)\s+(?:anything|something)\b|"
                           r"\b(?:запуст\w*|крутить|гонять|потян\w*)\s+(?:\w+\s+)?(?:что-?(?:нибудь|то|либо))(?!\w)|"
                           r"(?:что-?(?:нибудь|то|либо))\s+(?:\w+\s+)?(?:запуст\w*|крутить|гонять|потян\w*)", re.I)


# "какая из них", "кто из этих двух", "which one", "which of the two": a choice among what was discussed
_AT_ALL = re.compile(r"\bвообще\s+(?:\w+\s+)?(?:реально|возможно|осуществимо|выполнимо)|(?:реально|возможно) ли вообще|"
                     r"\bis (?:that|it|this|such a thing) even (?:possible|doable|realistic|feasible)\b|\bpossible at all\b", re.I)
_SPEED_AS_CONDITION = re.compile(r"\b(?:at|with) (?:a )?(?:decent|reasonable|good|usable|ok|okay|normal|acceptable|comfortable) "
                                 r"speeds?\b|\bс (?:нормальн|приличн|адекватн|хорош|комфортн|терпим)\w* скорост\w*|"
                                 # seventy-third pass: "what can it handle without being painfully slow?"
                                 r"\bwithout (?:being )?(?:\w+ )?(?:slow|laggy|sluggish)\b|\bбез (?:особых )?тормозов\b", re.I)
_OWN_OR_CLOUD_AT_ALL = re.compile(r"\bможно (?:ли )?(?:это |такое )?(?:сделать|запустить|держать) на сво\w+ (?:компьютер\w*|"
                                  r"компе|железе|сервере|ноутбуке)\b[^?]{0,60}\bили (?:только )?(?:через |в )?облак\w*|"
                                  r"\b(?:can|could) (?:we|i|this|it) (?:be )?(?:done|run|hosted) (?:on|in) (?:our|my) own "
                                  r"(?:computer|hardware|server|pc|premises)\b[^?]{0,60}\bor (?:only )?(?:in |via |through )?the cloud\b", re.I)
_WHICH_OF_THEM = re.compile(r"\b(?:как(?:ая|ой|ую|ие|ое)|кто|что|котор\w+|which|what)\s+(?:(?:\w+\s+)?из\s+(?:них|этих|этого|"
                            r"двух|обеих|обоих|тех|трёх|трех)\b|one\b|of (?:them|the two|these|those|both|the three)\b)|"
                            r"^\W*(?:(?:а|и|ну|so|and|ok)\W+)?(?:как(?:ая|ой)|which|who)\s+(?:(?:из|of)\s+\w+\s+)?(?:is\s+)?"
                            r"(?:будет\s+)?(?=\w+\W*$)", re.I)  # "и какая быстрее?", "which is faster": short, nothing else
# not "что это значит по деньгам, сколько стоит …", "what does that mean for the price": a consequence asked (review)
_MEANING = re.compile(r"\b(?:что|чё|че|чего) (?:(?!это\b|то\b)\w+ )?(?:значит|означает|означают|значат)\b(?! (?:по|для|в) )|"
                      r"\bwhat (?:does|do) (?:the )?(?!that\b|it\b|this\b)\S+(?: \S+)? (?:mean|stand for)\b(?! for\b)", re.I)
_CONTACT = re.compile(r"позов\w*|свяж\w*|соедин\w*|переключ\w*|перезвон\w*|\bconnect\b|\btalk to\b|\bcall\b|\bspeak to\b",
                      re.I)
# told in passing, no question of its own: a rate the customer measured ("it does about 18 tokens per second",
# "выдаёт токенов 40 в секунду") before a question whether something fits; the internet's speed and downloading
# ("интернет 500 мегабит, качаю быстро"), an OS or a program with its version ("Ubuntu 24.04", "Windows 11")
_MEASURED = re.compile(
    r"\b(?:it|they|that|which|she)?\s*(?:does|did|gets|got|gives|runs at|ran at|выда[её]т|выдавал\w*|да[её]т|"
    r"генерит|выжимает)\s+(?:about |around |roughly |only |just |около |где-то |примерно |всего |токенов )?\d+(?:[.,]\d+)?\s*"
    r"(?:tokens?|токен\w*|t/s|tok/s|ток/с)?(?:\s*(?:per|a|в|/)\s*(?:second|sec|s|секунд\w*|сек))?", re.I)
_TOLD_ASIDE = re.compile(
    r"\bинтернет\w*\s+(?:\w+\s+)?\d+\s*(?:мегабит|мбит|гигабит|гбит)\w*|\b\d+\s*(?:mbps|gbps|мбит/с|мегабит\w*)|"
    r"\b(?:кача(?:ю|ет|ем|ешь|ют|ть)\b|скачива\w*|download\w*)\s*(?:\w+\s+)?(?:быстро|fast|quickly)|"
    r"\b(?:ubuntu|windows|debian|fedora|win|macos)\s*\d+(?:[.,]\d+)*", re.I)
_CHEAPER_SETUP = re.compile(r"\b(?:можно|получится|выйдет|обойдёмся|обойтись|can (?:we|i|it) (?:go|get|be)|could (?:we|it) (?:go|be))"
                            r"(?: ли)?(?: \w+)? (?:по)?дешевле\b|\b(?:по)?дешевле (?:выйдет|будет|получится|обойд[её]тся)\b", re.I)
_OWN_OR_RENT = re.compile(r"облак|облач|cloud|аренд|\brent|окуп|payback|break-?even|электричеств|electricity", re.I)
_BETTER = re.compile(r"stacks? up|measures? up|быстрее|лучше|дешевле|выгоднее|мощнее|тише|экономичнее|шустрее|производительнее|предпочтительнее|"
                     r"faster|better|cheaper|quicker|more efficient|quieter|stronger|выбрать|взять|брать|choose|pick|"
                     r"go with|prefer|"
                     # fresh41: "что из этого больше жрёт": the one that draws more, set against the other
                     r"(?:больше|меньше)\s+(?:жр|ест|потребля|бер[её]т|кушает)\w*|прожорлив\w*|экономн\w*|"
                     r"draws? (?:more|less)|(?:more|less) power-hungry|hungrier", re.I)
# the hardware asked for by its word: then a fine-tuning wish is a question of what to take ("какая карта нужна")
_HARDWARE_ASKED = re.compile(r"\bкак(?:ая|ое|ие)\b|\bна ч[её]м\b|\bon what\b|карт|видеокарт|видюх|сервер|желез|\bserver|hardware|\bgpu|\bcard|\bbox\b|"
                             r"\brig\b|setup", re.I)
# a card needed or looked for, not one owned ("нужна карта на 40 гигов", "looking for a 24gb card")
_WANTED_CARD = re.compile(r"\b(?:нужн[аыо]|нужен|ищу|ищем|подбираю|подбираем|need|looking for)\s+(?:\w+\s+){0,2}?"
                          r"(?:карт\w*|видеокарт\w*|видюх\w*|видях\w*|gpus?|cards?)\b", re.I)
# fifty-second pass: what the model is to be asked about ("спрашивали модель про остатки и сертификаты") and the
# customer's own managers as its users ("чтоб менеджеры из 1С спрашивали", "менеджеров 25"): no request for a person
_ASKED_OF_THE_MODEL = re.compile(r"\b(?:модел\w*|бот\w*|нейросет\w*|нейронк\w*|ии|ллм|llm|ai)\s+(?:про|о|об|по)\s+"
                                 r"[а-яёa-z]+(?:(?:,\s*|\s+и\s+)[а-яёa-z]+)*", re.I)
_STAFF_MANAGERS = re.compile(r"\b(?:чтоб(?:ы)?|наши|наших|нашим|у нас|для)\s+(?:\w+\s+)?менеджер\w*|"
                             r"\bменеджер\w* (?:по продажам |прямо )?(?:будут|смогут|могли|могут|спрашивал\w*|пользовал\w*|"
                             r"работают|сидят)\b|\bменеджеров\s+(?:у нас\s+)?\d+|\d+\s+менеджер\w*", re.I)
# fifty-second pass: "собираю кубик рубика на скорость", "бегаю на скорость": the customer's hobby against the clock
_AGAINST_THE_CLOCK = re.compile(r"\b(?:собира\w*|собрать|реша\w*|реши\w*|печата\w*|бега\w*|плава\w*|чита\w*|"
                                r"проходи\w*|пройти)\s+(?:\w+\s+){0,2}на скорость\b|\bspeed ?(?:cub|run)\w*", re.I)
_WHOLESALE_TRADE = re.compile(r"\bоптов\w+\s+(?:фирм|компани|баз|склад|магазин|торговл)\w*|\bторгуем оптом\b|"
                              r"\bwholesale (?:business|company|firm|distributor)\b", re.I)  # the customer's trade
# fifty-first pass: "пока доставка закрыта", "наша доставка": the customer's own delivery business, no delivery asked
_OWN_DELIVERY = re.compile(r"\bдоставк\w* (?:у нас )?(?:уже |ещё |еще )?(?:закрыт\w*|открыт\w*|работает|не работает)|"
                           r"\b(?:наш\w*|сво\w*) доставк\w*|\bдоставк\w* (?:суши|пицц\w*|ед\w*|цвет\w*|продукт\w*|роллов)", re.I)
# fifty-first pass: "пишем заявку на грант РНФ": an application for a grant, no order placed with the vendor
_GRANT_APPLICATION = re.compile(r"заявк\w* на (?:\w+ )?(?:грант|конкурс|субсиди)\w*|грантов\w* заявк\w*|"
                                r"grant (?:application|proposal)s?", re.I)
_WHAT_IT_TAKES = re.compile(r"\bчто (?:туда |в (?:не[её]|него|это|стоимость\w*) )?входит\b|\bиз чего (?:складывается|состоит)\b|"
                            r"\bwhat goes into\b|\bwhat(?:'s| is) included in\b|\blose (?:their |its )?(?:resale )?value\b|"
                            r"\bdepreciat\w*|\bresale value\b|\bтеря\w* в цене\b|\bобесцени\w*|\bамортизац\w*", re.I)
_CARD_TUNED = re.compile(r"разгон\w*|разогна\w*|андервольт\w*|overclock\w*|undervolt\w*", re.I)
# fifty-first pass: "что важнее, оперативка или видеопамять?", "правда что майнинговые карты убитые?": asked in general
_WHICH_MATTERS = re.compile(r"\bчто (?:важнее|важней|главнее)\b|\bwhat matters (?:more|most)\b|"
                            r"(?:^|[.?!,]\s*)(?:а |и |так )?правда (?:ли )?(?:что|,? что)\b|\bis it true that\b|"
                            r"\bwhich (?:one )?(?:matters|counts) more\b|\bwhat(?:'s| is) more important\b", re.I)
_OWNS = re.compile(r"\b(?:i|we|they|he|she|client|customer) (?:have|has|own|owns|got|run|runs)\b|\bi've got\b|"
                   r"^\W*got (?:a|an|one|two|\d+)\b|\bin (?:my|our) (?:pc|rig|box|machine|computer|build|desktop|workstation)\b|"
                   r"у (?:меня|нас|клиента|заказчика)\b|\bесть\b|\bстоит\b|\bимеется\b", re.I)
_BUY_MORE = re.compile(r"what (?:else )?(?:do|should|would|must) (?:i|we|they) (?:need to |have to )?(?:buy|get|purchase|"
                       r"pick up|grab|add)|"
                       r"что (?:ещ[её] )?(?:нужно |надо )?(?:купить|прикупить|взять)", re.I)
_ENOUGH = re.compile(r"\bхват\w*|\benough\b|\bsuffice\w*", re.I)
# the customer's own card: "на моей 3060", "my 4090", "у нас": what they have, so whether the model fits on it
_OWN = re.compile(r"\b(?:мо(?:ей|я|ю|ём|ем|их|и)|сво(?:ей|я|ю|ём|ем|их|и)|наш(?:ей|а|у|ем|их|и)?|my|our|у (?:меня|нас))\b",
                  re.I)
# a named server's cooling: a question about the box, answered from knowledge ("какое охлаждение у DGX H100")
_COOLING = re.compile(r"охлажд\w*|\bcool(?:ing|ed)\b|жидкост\w*|liquid", re.I)
_FIT_WITHIN = re.compile(r"\bуложим\w*|\bуложусь|\bуложатся|\bуместим\w*", re.I)
_MONEY_WORD = re.compile(r"бюджет|budget|руб|₽|\$|€|бакс|доллар|евро|\bв \d[\d\s.,]*\s?(?:тыс|тыщ|млн|лям|[кk]\b)", re.I)
_FITS = re.compile(r"\bfits?\b|влез\w*|помест\w*|потян\w*|\bhandle\b|\bwill it run\b|пойд[её]т", re.I)
_SPOKEN = re.compile(r"\b(?:че|чё|чо|шо|што)\b", re.I)
_WHICH_FAMILY = re.compile(r"\b(?:which|what|какую|какой|какие|какая|что из)\b", re.I)
_WANTED_SPEED = re.compile(r"(?:низк\w*|маленьк\w*|минимальн\w*|\blow|minimal) (?:задержк\w*|латентн\w*|latency)|"
                           r"(?:нужна|нужен|важна|need|want) (?:\w+ )?(?:скорост\w*|speed|быстр\w*)|"
                           r"(?:важно|нужно|чтобы?|хочу|хотим) (?:\w+ ){0,3}(?:быстр\w*|шустр\w*)|"
                           r"(?:needs? to|has to|should) (?:be|run|respond) (?:\w+ )?(?:fast|quick\w*)|"
                           r"\bwhich (?:card|gpu)\b[^.?!]{0,60}\bwith (?:an? )?(?:ok|okay|good|decent|reasonable|acceptable) "
                           r"speed\b|"  # seventieth pass: "which card gets phi 4 running at q4 with ok speed?"
                           # seventy-sixth pass: "cheapest card that'll run qwen3 14b at q8 at a decent speed?"
                           r"\b(?:at|with) (?:an? )?(?:ok|okay|good|decent|reasonable|acceptable|usable) speed\b", re.I)
# twentieth pass: a verb of adding a card with the card owned said ("to my 4090", "к своей", "we have one 3060")
_ADD_VERB_OWNED = r"(?:\badd(?:ing|ed)?\b|\bдокуп\w*|\bдобав\w*|\bдокин\w*)"
_ADD_TO_OWNED = re.compile(rf"{_ADD_VERB_OWNED}.*\b(?:to|with) (?:my|our)\b|{_ADD_VERB_OWNED}.*(?:\bк|\bс) "
                           rf"(?:сво|мо|наш)\w*|(?:\b(?:i|we) (?:have|own|got)\b|у (?:меня|нас)\b).*{_ADD_VERB_OWNED}|"
                           rf"{_ADD_VERB_OWNED}.*(?:\b(?:i|we) (?:have|own|got)\b|у (?:меня|нас)\b)|"
                           # twenty-first pass: the owned card the add verb refers to by a pronoun ("к ней докинуть",
                           # "add a second one to it") or as another of the same ("докинуть вторую такую же")
                           rf"(?:\bк|\bс) (?:ней|нему|ним)\b.*{_ADD_VERB_OWNED}|{_ADD_VERB_OWNED}.*(?:(?:\bк|\bс) (?:ней|нему|ним)\b|"
                           rf"\b(?:to|with) (?:it|this one|that one)\b|\bтак(?:ую|ой|ие|их) же\b|\bthe same one\b)", re.I)
_WHAT_IF = re.compile(r"^\W*(?:а|и|ну|ok|okay|ок|and)?,?\s*(?:если|what if|and if|if)\b", re.I)
_ON_WHAT = re.compile(r"\bна ч[её]м\b|\bна какой\b|\bна каком\b|\bon what\b|\bon which\b", re.I)
_ASKS_WHICH = re.compile(r"\b(?:что|какие|какую|какой|какая|сколько|what|which|how many)\b", re.I)
_COMPARING = re.compile(r"сравн|compar|\bstacks? up\b|^\W*(?:а|и|ну)\s+против\s+[^.?!\s]+(?:\s+[^.?!\s]+)?\s+как\b|\bпротив (?:неё|нее|него|этой|этого|моей|моего|нашей|нашего)\b|"  # seventy-second pass: "а против rtx 6000 ada она сильно проигрывает?"
                        r"\bпротив\b[^.?!]{0,40}\b(?:проигрыва\w*|уступа\w*|выигрыва\w*|лучше|хуже|(?:она|он) как)", re.I)
# seventy-third pass: "а против 5090 она сильно проигрывает в llama 70b?": the card on the table against another, on
# the model named (a model beside "сравни" alone stays the question it was)
_AGAINST_IT = re.compile(r"^\W*(?:а|и|ну)\s+против\s+[^.?!\s]+(?:\s+[^.?!\s]+)?\s+как\b|(?<!не )\bпротив\b[^.?!]{0,40}\b(?:она|он|эта|этот)\b|(?<!не )\bпротив (?:неё|нее|него|этой|этого|моей|моего|нашей|нашего)\b|\b(?:она|он|эта|этот)\b[^.?!]{0,20}(?<!не )\bпротив\b|"
                         r"\b(?:how does|how do|would|does) (?:it|this one|that one|they|mine|my card|ours) (?:compare|stack up)\b", re.I)
_COMPARE_THEM = re.compile(r"\bсравн\w*(?:-ка)?\s+(?:\w+\s+)?(?:их|эти|этих|обе|оба|обеих|между собой)\b|\bcompare\s+(?:them|these|those|both|"
                           r"the two)\b", re.I)
_WHERE_TO_START = re.compile(r"с чего (?:нам |мне )?начать|where (?:do|should|would) (?:we|i) start|where to start", re.I)
_AGAINST_THOSE = re.compile(r"\b(?:stacks? up|compares?|compared|vs\.?|versus|against|over)\s+(?:to\s+|with\s+|against\s+)?"
                            r"(?:those|these|them|the (?:other|two|previous|first|last))\b|"
                            r"\bсравн\w*\s+(?:\w+\s+)?с\s+(?:ними|теми|этими|предыдущ\w*|прошл\w*)", re.I)
_IT = re.compile(r"\b(?:она|он|оно|её|ее|его|it|this one|that one|моя|мой|моей|моего|mine)\b", re.I)


_HOW_MANY_SKIP = {"нужно", "надо", "нам", "мне", "нужны", "потребуется", "понадобится", "уйдёт", "уйдет", "штук", "шт",
                  "карт", "карточек", "видеокарт", "их", "do", "we", "i", "you", "need", "would", "of", "the", "будет", "them",
                  "таких", "этих", "выйдет", "such", "those", "всего", "total",  # fifty-second pass: "сколько таких карт надо"
                  "that", "it", "take", "will", "понадобятся", "потребуются"}  # sixty-seventh: "how many would that take"


_SERVER_UNITS = {"нода", "узел", "node", "nodes", "box", "boxes", "machine", "machines", "машина"}


def _how_many_cards(tokens: list[Token]) -> bool:
    """"сколько h100 нужно", "how many gpus": sizing the cards; "сколько серверов собрать", "how many nodes": sizing
    the servers, the same question."""
    for p, t in enumerate(tokens):  # by position: the tokens may be a message's with some left out
        if t.low in ("сколько", "скок", "скока", "скоко") or (t.low == "many" and p > 0 and tokens[p - 1].low == "how"):
            after = list(itertools.takewhile(lambda x: x.text[:1].isalnum(), tokens[p + 1:p + 4]))
            q = p - 1 if t.low == "many" else p  # the question's first word
            if not after and q > 0 and not (tokens[q - 1].closes_clause or tokens[q - 1].used == "gpu_name" or
                                            not tokens[q - 1].text[:1].isalnum()):
                continue  # "H20 у неё память сколько?": how much of something said, not how many cards
            for x in after:  # fresh40: "… on H100s. How many?": the question mark ends it, the card said before
                if x.used == "gpu_name" or (x.concept == "server" or x.lemma in _SERVER_UNITS) and not x.used:
                    return True
                if x.concept == "piece" and any(y.used == "gpu_name" for y in tokens[:p]):
                    return True  # fortieth pass: "если брать 4090-е, сколько штук надо?": pieces of the card named
                if x.concept == "gpu" and not x.used and x.low not in ("их", "them"):
                    return True  # fifty-second pass: "тогда сколько таких карт надо?": the cards of the conversation
                if x.low not in _HOW_MANY_SKIP:
                    break
            else:  # "on h100s how many do we need", "а h200 сколько нужно": the card said before the question
                if any(x.used == "gpu_name" for x in tokens[:p]):
                    return True
    return False


def _fraction_of_cards(tokens: list[Token]) -> bool:
    """"полторы 4090", "1,5 карты h100", "two and a half h100s": no one owns half a card, so the customer is
    working out how many to buy (the fraction itself is asked about)."""
    for t in tokens:
        if t.used or t.number is None or t.number <= 1 or t.number == int(t.number):
            continue
        n = t.i + 1
        while n < len(tokens) and tokens[n].used == "number":  # past "and a half"
            n += 1
        if any(x.used == "gpu_name" or x.concept == "gpu" for x in tokens[n:n + 2]):
            return True
    return False


def _on_a_card(tokens: list[Token]) -> bool:
    """A card word after "на / on / в / my / свой": the customer's own card, even unnamed."""
    return any(t.concept == "gpu" and any(x.low in ("на", "on", "в", "my", "моей", "своей", "моя", "своя", "мою", "свою")
                                          for x in tokens[max(0, t.i - 2):t.i]) for t in tokens)


def _changes(s: Scenario) -> bool:
    """Whether the message sets anything; inference (the default, said by "запустить/run") changes nothing."""
    return any(v is not None for k, v in s.model_dump().items() if k not in ("currency",) and
               not (k == "task" and v == "inference"))
