"""Named choices: the precision ("q4", "Q4_K_M", "fp8", "awq", "квантованная") and the task
("файнтюн", "LoRA", "QLoRA", "полное обучение", "инференс"), with negation ("не обучение, а инференс").

Label conventions (issue 11): generic q4 / 4-bit -> int4, q8 -> int8, q5 -> Q5_K_M, q6 -> Q6_K,
q3 -> Q3_K_M, q2 -> Q2_K; explicit GGUF types uppercased as written; "квантованная" -> int4, assumed.
Generic fine-tuning -> full; LoRA -> lora; QLoRA -> qlora.
"""
from __future__ import annotations

import re

from assistant.reading.quantities import Attached
from assistant.reading.resolve import said_of_the_past
from assistant.reading.tokens import Token
from tools.lexicon import load_lexicon

_GGUF = re.compile(r"^i?q\d_(?:k(?:_[sml])?|[01]|xs|xxs|nl|s|m)$", re.I)
_VAGUE = re.compile(r"^(?:кванто?ван|квантизо?ван|квантиз|quantiz|quantis)", re.I)
_UNQUANT = re.compile(r"(?:без|no|without|не)\s+(?:квантиз\w*|кванто?ван\w*|quantiz\w*|quantis\w*)|unquantized|"
                      r"полн\w+ точност\w*|full precision|"
                      # twenty-second pass: half precision said in Russian is fp16 too ("в половинной точности")
                      r"половинн\w+ точност\w*|полуточност\w*", re.I)
_NEG = {"не", "без", "no", "not", "without", "нет"}
# "что такое квантизация", "does quantization hurt quality": the method asked about, not a precision chosen
_ABOUT_IT = re.compile(r"что так\w* кванти|как работает|зачем|почему|объясни|сильно ли|влияет ли|портит|ухудша|"
                       r"what(?:'s| is) (?:a |the )?quanti|how does|explain|\bwhy\b|hurt|affect|degrad|worse|"
                       # seventeenth pass: what it does to a model, "what does quantization actually do", "что даёт квантизация"
                       r"what (?:does|do|would|will) (?:the )?quanti\w* (?:\w+ )?(?:do|mean|change|give|buy)|"
                       r"что (?:да[её]т|делает|меняет|значит) (?:\w+ )?кванти|"
                       # seventy-sixth pass: "как оценивать потерю качества при квантовании — перплексия или свои тесты?"
                       r"потер\w* (?:\w+ )?качеств|перплекси|perplexity|quality loss|loss of quality", re.I)


def _negated(tokens: list[Token], k: int) -> bool:
    return any(t.low in _NEG for t in tokens[max(0, k - 2):k])


# "четырёхбитная", "восьмибитном", "16-битная": the bits said in one word
_BIT_WORD = re.compile(r"^(?:(\d+)-?|(дв|тр|четыр|пят|шест|восьм|шестнадцат|тридцатидв)\w*?)бит\w*$", re.I)
_BIT_STEMS = {"дв": 2, "тр": 3, "четыр": 4, "пят": 5, "шест": 6, "восьм": 8, "шестнадцат": 16, "тридцатидв": 32}
_SPLIT = {"fp", "int", "bf", "q", "f"}  # "fp 16", "int 4", "q 8": a precision written in two tokens
# letters of a precision said in Cyrillic ("кью4", "кью 8", "инт8", "бф16"); "фп8" is in the lexicon's name words
_SAID = re.compile(r"^(кью|кю|ку|инт|бф|фп)(?=\d|$)")
_SAID_AS = {"кью": "q", "кю": "q", "ку": "q", "инт": "int", "бф": "bf", "фп": "fp"}


def _as_written(low: str) -> str:
    return _SAID.sub(lambda m: _SAID_AS[m.group(1)], low)


# letters said by their names (voice typing): "эф пэ восемь" fp8, "бэ эф шестнадцать" bf16, "кью четыре" q4
_LETTER_NAMES = {"эф": "f", "пэ": "p", "пи": "p", "бэ": "b", "би": "b", "ку": "q", "кью": "q", "кю": "q", "эн": "n", "инт": "int",
                 "фп": "fp", "бф": "bf"}


def _spelled(tokens: list[Token], lex) -> list[Attached]:
    """A precision said letter by letter and then its number, in digits or in words: the letters say it is a
    precision, so the number word after them is its bits, never a count ("в эф пэ восемь на двух")."""
    out: list[Attached] = []
    for t in tokens:
        if t.used or t.low not in _LETTER_NAMES or t.i > 0 and tokens[t.i - 1].low in _LETTER_NAMES:
            continue
        j, letters = t.i, ""
        while j < len(tokens) and tokens[j].low in _LETTER_NAMES and not tokens[j].used and j - t.i < 3:
            letters += _LETTER_NAMES[tokens[j].low]
            j += 1
        n = tokens[j] if j < len(tokens) else None
        if n is None or any(x.comma or x.stop for x in tokens[t.i:j]) or n.used or n.number is None or n.number != int(n.number) or \
                f"{letters}{int(n.number)}" not in lex.exact:
            continue
        out.append(Attached("precision", lex.exact[f"{letters}{int(n.number)}"], list(range(t.i, j + 1))))
        for k in range(t.i, j + 1):
            tokens[k].used = "precision"
    return out


def precision(tokens: list[Token], text: str) -> list[Attached]:
    lex = load_lexicon().precision
    out: list[Attached] = _spelled(tokens, lex)
    for t in tokens:
        if t.used:
            continue
        nxt = tokens[t.i + 1] if t.i + 1 < len(tokens) else None
        said = _as_written(t.low)
        if said != t.low and (said in _SPLIT or said in lex.exact or _GGUF.match(said)):
            t.low = said  # "кью4" is q4 from here on (the token's text keeps what was written)
        if t.low in _SPLIT and nxt is not None and nxt.number is not None and not nxt.word_number and \
                f"{t.low}{int(nxt.number)}" in lex.exact and nxt.number == int(nxt.number):
            out.append(Attached("precision", lex.exact[f"{t.low}{int(nxt.number)}"], [t.i, nxt.i]))
            nxt.used = "precision"
            continue
        if (m := _BIT_WORD.match(t.low)) and not t.low.startswith(("бит", "bit")):
            bits = int(m.group(1)) if m.group(1) else _BIT_STEMS.get(m.group(2).lower())
            if bits in lex.bits:
                out.append(Attached("precision", lex.bits[bits], [t.i]))
                continue
        if t.low == "half" and (not (nxt is not None and nxt.low.lstrip("-").startswith("prec") or
                                     t.i > 0 and tokens[t.i - 1].low in ("in", "at", "to")) or
                                " ".join(x.low for x in tokens[t.i + 1:t.i + 3]) in ("a dozen", "dozen")):
            continue  # "half a terabyte", "maybe half online at once" (nineteenth pass): a half, not half precision;
            # sixty-seventh pass: nor "looking at half a dozen of them", six
        low = load_lexicon().name_words.get(t.low, t.low).replace("-", "")  # "фп8" fp8
        if _GGUF.match(t.low):
            out.append(Attached("precision", t.text.upper(), [t.i]))
        elif t.low in lex.exact or low in lex.exact:
            out.append(Attached("precision", lex.exact.get(t.low) or lex.exact[low], [t.i]))
    if m := _UNQUANT.search(text):
        idx = [t.i for t in tokens if t.start >= m.start() and t.end <= m.end()]
        out.append(Attached("precision", "fp16", idx, assumed=bool(out)))  # "full precision fp32": the bits said win
        for i in idx:
            tokens[i].used = "precision"
    elif not out:
        for t in tokens:
            if not t.used and _VAGUE.match(t.low) and not _negated(tokens, t.i) and not _ABOUT_IT.search(text):
                out.append(Attached("precision", "int4", [t.i], assumed=True))
                break
    return out


_TASKS = [
    ("qlora", re.compile(r"^(?:q-?lora(?:-tun\w*)?|кулор\w*|ку-?лор\w*|кьюлор\w*)$")),
    ("lora", re.compile(r"^(?:lora(?:-tun\w*)?|лор[аеуыо]\w*|лоры)$")),  # "lora-tune" (thirty-eighth pass)
    ("inference", re.compile(r"^(?:инференс\w*|inference|инференц\w*|чат-?бот\w*|chatbot\w*)$")),
]
_FULL = re.compile(r"fully[\s-]+(?:fine[\s-]?tun(?!ed)\w*|finetun(?!ed)\w*|train(?:ing)?\b)|\b(?:полн\w+|full)[\s-]+(?:(?:до)?обуч\w*|fine[\s-]?tun\w*|finetun\w*|train\w*|файн\w*|ft\b|фт\b)|"
                   # sixty-seventh pass: "с нуля"/"from scratch" is training only beside a training word ("обучить с нуля",
                   # "train from scratch"), not "собирать сервер с нуля", "я с нуля в этом"
                   r"(?:обуч\w*|учить|натрен\w*|трен\w*|train\w*)\s+(?:[\w-]+\s+){0,3}?(?:с нуля|from scratch)|"
                   r"(?:с нуля|from scratch)\s+(?:[\w-]+\s+){0,2}?(?:обуч\w*|учить|натрен\w*|train\w*)|"
                   r"pre-?train\w*|претрейн\w*", re.I)
# verb prefixes say the same task ("зафайнтюнить", "перетюнить", "дообучить", "натренировать")
_TUNE = re.compile(r"^(?:(?:до|пере|пооб|об)?обуч\w*|обучени\w*|учить|\w*тренир\w*|(?:за|до|пере|по)?файн-?тюн\w*|"
                   r"(?:за|до|пере|по)?тюн\w*|fine|finetun\w*|fine-tun\w*|train\w*|sft)$", re.I)


# "training plans for my clients' dogs", "staff training sessions" (fresh43): people or animals trained, no model
_PEOPLE_TRAINING = re.compile(r"\s+(?:plans?|sessions?|programs?|programmes?|schedules?|courses?|classes|videos?|notes?)\b",
                              re.I)
_WORKOUT = re.compile(r"фитнес|спортзал|\bзал(?:а|ов|ы|ах)?\b|тренер\w*|абонемент\w*|\bgym\b|workout|"
                      r"спорт\w*|соревновани\w*|спортсмен\w*|сборн\w* команд|матч\w*|"  # fifty-first pass: athletes' training
                      # fifty-third pass: a climbing gym's, a runner's, a martial-arts club's
                      r"скалодром\w*|марафон\w*|\bбега\w*|снаряжени\w*|\bйог\w*|бассейн\w*|секци\w*|карат[эе]\w*|"
                      r"единоборств\w*|\bбокс\w*|дневник\w* тренировок", re.I)
# thirty-sixth pass: "нашу дообученную гемму", "our fine-tuned gemma": a model tuned already, to run; no task asked
_TUNED = re.compile(r"\w*обученн\w*|\w*тренированн\w*|\w*тюнен\w*|\w*tuned|\w*trained")


# fortieth and forty-first passes: tuning weighed against RAG ("дообучить модель или сделать RAG"), or two methods
# set against each other ("чем лора отличается от кулоры"): a question of knowledge; no task is the customer's
_TUNE_OR_RAG = re.compile(r"(?:дообуч\w*|файн-?тюн\w*|fine[\s-]?tun\w*|finetun\w*|\blora\b|\bлор\w*)[^.?!]{0,40}"
                          r"\b(?:или|or|vs\.?|versus|против)\s+(?:\w+\s+){0,2}(?:rag|раг)\b|"
                          r"\b(?:rag|раг)\b[^.?!]{0,30}\b(?:или|or|vs\.?|versus|против)\b[^.?!]{0,40}"
                          r"(?:дообуч|файн-?тюн|fine[\s-]?tun|finetun|\blora\b|\bлор)", re.I)
_RAG = re.compile(r"\b(?:rag|раг)\b", re.I)
_TUNING = re.compile(r"дообуч|файн-?тюн|fine[\s-]?tun|finetun|\blora\b|\bлор[аыуео]", re.I)
_SET_AGAINST = re.compile(r"отлича\w*|разниц\w*|differ\w*|\bdiff\b|\bvs\.?\b|versus|сравн\w*|compar\w*|что лучше|which is better|"
                          r"\bлучше,? чем\b|\bbetter than\b", re.I)  # forty-ninth pass: "чем он лучше, чем дообучать"
# forty-ninth pass: people taught ("центр дистанционного обучения", "обучение сотрудников"): no model trained
_LEARNING = re.compile(r"(?:дистанционн|заочн|электронн|онлайн-?|очн|дополнительн|профессиональн|корпоративн|семейн|домашн)\w*\s+"
                       r"обучени\w*|обучени\w*\s+(?:сотрудник|персонал|студент|дет|школьник|водител|кадр|взросл)\w*|"
                       r"(?:центр|курс|учебн)\w*\s+(?:\w+\s+)?обучени\w*", re.I)


def task(tokens: list[Token], text: str) -> list[Attached]:
    found: list[Attached] = []
    for t in tokens:
        for name, pat in _TASKS:
            if pat.match(t.low) and not _negated(tokens, t.i):
                found.append(Attached("task", name, [t.i]))
                break
    if _TUNE_OR_RAG.search(text) or _SET_AGAINST.search(text) and _RAG.search(text) and _TUNING.search(text):
        return []  # "чем rag отличается от дообучения"
    if {"lora", "qlora"} <= {a.value for a in found}:
        # "lora or qlora for llama 8b", "diff between lora and qlora", "qlora vs lora": both, for `contrasted` to set
        # side by side (43rd pass; one was chosen silently); set against each other otherwise, neither
        pair = sorted((next(a for a in found if a.value == v) for v in ("lora", "qlora")), key=lambda a: min(a.tokens))
        if _side_by_side(tokens, pair, text):
            return pair
        if _SET_AGAINST.search(text):
            return []
    bot = re.search(r"чат-?бот|chat-?bot", text, re.I)
    if bot and not found:
        found = [Attached("task", "inference", [t.i for t in tokens if t.start >= bot.start() and t.end <= bot.end()])]
    m = _FULL.search(text)
    if any(a.value in ("lora", "qlora") for a in found):
        lora = [a for a in found if a.value != "inference"][:1]
        full = [t.i for t in tokens if m and t.start >= m.start() and t.end <= m.end()]
        if full and _TASKS_SET_SIDE_BY_SIDE.match(text[tokens[min(lora[0].tokens[0], full[0])].end:
                                                        tokens[max(lora[0].tokens[0], full[0])].start]):
            # twenty-first pass: "lora vs full finetune", "лора против полного файнтюна": both named, for `contrasted`
            return lora + [Attached("task", "full", full)]
        if full and full[0] > lora[0].tokens[0] and said_of_the_past(text, tokens[lora[0].tokens[0]].start) and \
                not said_of_the_past(text, tokens[full[0]].start):
            # fifty-seventh pass: "прошлой весной дообучали лорой ... Теперь хотим полное дообучение": the one asked now
            return [Attached("task", "full", full)]
        return lora
    if m:
        return [Attached("task", "full", [t.i for t in tokens if t.start >= m.start() and t.end <= m.end()])]
    for t in tokens:
        if _TUNE.match(t.low) and not _negated(tokens, t.i) and not _TUNED.fullmatch(t.low) and \
                not ((t.low.startswith("тренировк") or t.lemma == "тренировка") and _WORKOUT.search(text)) and \
                not (t.low == "training" and _PEOPLE_TRAINING.match(text[t.end:])) and \
                t.low not in ("trainer", "trainers", "тренер", "тренера", "тренеры") and \
                not any(m.start() <= t.start < m.end() for m in _LEARNING.finditer(text)):  # "запись на тренировки" in a gym
            if t.low == "fine" and not (t.i + 1 < len(tokens) and tokens[t.i + 1].low.startswith("tun")):
                continue
            # "дообучение и инференс": both named, neither is the question -> a conflict for resolve
            return [Attached("task", "full", [t.i])] + found[:1]
    if not found and (m := _TEACH_STYLE.search(text)) and _TAUGHT_MODEL.search(m.group(0)) and not _NO_TRAINING.search(text) and \
            not _negated(tokens, v := next(t.i for t in tokens if t.start >= m.start())) and \
            not any(x.concept == "user" or _animate(x.low) or x.low in _PEOPLE_TAUGHT for x in tokens[v + 1:v + 3]
                    if x.i == v + 1 or tokens[v + 1].low in ("our", "my", "their", "the", "наших", "своих", "моих")):
        # fifty-ninth pass: "научить квен3 32б отвечать нашим тоном", "teach a model my writing voice": training on the
        # customer's own texts, a method not named, read as tune.yaml's "fine-tuning ... on our support tickets" is
        return [Attached("task", "full", [t.i for t in tokens if t.start >= m.start() and t.end <= m.end()][:1])]
    runs = [m for m in _RUN.finditer(text) if not _runs_a_business(tokens, next(t.i for t in tokens if t.start >= m.start()))]
    if not found and runs and not _negated(tokens, next(t.i for t in tokens if t.start >= (run := runs[0]).start())):
        return [Attached("task", "inference", [t.i for t in tokens if t.start >= run.start() and t.end <= run.end()])]
    return found[:1]


_TEACH_STYLE = re.compile(r"\b(?:научить|обучить|натаскать|приучить|teach(?:ing)?|train(?:ing)?)\b(?:\s+[\w-]+){0,7}?\s+"
                          r"(?:(?:наш|мо|сво)\w*\s+)?(?:тон\w*|стил\w*|формат\w*|манер\w*|голос\w*|слог\w*|"
                          r"(?:(?:my|our|its)\s+)?(?:writing\s+)?(?:voice|style|tone|format))\b", re.I)


# taught without training: a prompt, RAG, examples in the prompt (a review of the fifty-ninth pass)
_NO_TRAINING = re.compile(r"промпт\w*|\bprompt\w*|\brag\b|\bраг\b|few-?shot|без (?:до)?обучени\w*|без файн-?тюн\w*|"
                          r"\bno (?:training|fine-?tuning)\b|without (?:training|fine-?tun\w*)", re.I)
_PEOPLE_TAUGHT = {"staff", "people", "team", "employees", "operators", "agents", "users", "students", "interns"}


def _animate(word: str) -> bool:
    """"научить сотрудников": people taught, not a model."""
    from assistant.reading.words import morph

    parses = morph().parse(word)
    return bool(parses) and parses[0].is_known and "anim" in parses[0].tag and parses[0].tag.POS == "NOUN"


# what is taught is a model ("научить квен3 32б", "teach a model"), not people ("научить сотрудников")
_TAUGHT_MODEL = re.compile(r"модел|нейросет|\bбот|ассистент|\bllm|\bллм|\bmodel|\bit\b|\d+\s?[bб]\b|qwen|квен|llama|\bлам|"
                           r"mistral|мистрал|gemma|гемм|deepseek|дипсик", re.I)


def _runs_a_business(tokens: list[Token], i: int) -> bool:
    """Nineteenth pass: "we run 4 vet clinics", "мы держим 3 филиала": the verb's object is a count of something that
    is no model, card or unit (a number, then a plain word), the customer's business, not serving a model."""
    if tokens[i].low not in ("run", "running"):
        return False
    n = tokens[i + 1] if i + 1 < len(tokens) else None
    after = tokens[i + 2] if i + 2 < len(tokens) else None
    return n is not None and after is not None and (n.word_number or re.fullmatch(r"\d+", n.low) is not None) and \
        not n.used and not after.used and after.concept is None and not after.has_digit


# "запустить / развернуть / run / serve / host": inference, said in a verb; weaker than any named task
_RUN = re.compile(r"\b(?:запуст\w*|развернуть|разверн[её]м|развертывани\w*|развёртывани\w*|serv(?:e|es|ing)|"
                  r"host(?:ing)?|run(?:ning)?)\b", re.I)


# the serving engine: it changes the KV layout, the memory headroom and how cards split a model
# (Cyrillic spellings in any case: "через олламу", "на вллм")
_RUNTIMES = [("vllm", re.compile(r"^(?:v-?llm|в-?ллм\w{0,2})$", re.I)), ("sglang", re.compile(r"^sg-?lang$", re.I)),
             ("llama.cpp", re.compile(r"^(?:llama\.?cpp|ollama|lm-?studio|gguf|koboldcpp|олл?ам(?:а|ы|у|е|ой|ою)|"
                                      r"л?лама\.?цпп)$", re.I))]


_TWO_WORD_RUNTIMES = {("llama", "cpp"), ("лама", "цпп"), ("lm", "studio"), ("лм", "студио"), ("лм", "студия")}


_GPU_WORD = r"\b(?:видеокарт\w*|видюх\w*|видях\w*|карт(?:а|ы|у|е|ой|ами|ах|очк\w*)?\b|gpus?\b|гпу\w*)"
# no card at all: pure CPU inference, whatever else is said
# (seventy-sixth pass: not "MIG на этих картах нет": a feature the cards lack, the cards there)
_CPU_ONLY = re.compile(rf"\bбез (?:\w+ )?{_GPU_WORD}|(?<!\bна )(?<!\bна этих )(?<!\bна тех )(?<!\bна наших )(?<!\bна моих )"
                       rf"(?<!\bна них )(?<!\bв )(?<!\bу )(?<!\bу этих )(?<!\bу наших )"
                       rf"{_GPU_WORD} (?:нет|отсутству\w+)\b|\bнет (?:у (?:меня|нас) )?(?:\w+ )?{_GPU_WORD}|"
                       r"\bcpu[- ]only\b|\bcpu inference\b|without (?:a |any )?gpus?|no gpus?\b|"
                       r"(?:pure|purely|just|only) (?:on )?(?:the )?cpus?\b", re.I)
# "на проце", "on the CPU": pure CPU only when no card is named ("на процессоре и двух 3090" offloads)
_ON_CPU = re.compile(r"(?:только |чисто |исключительно )?на (?:одн\w+ )?(?:проц|процессор|cpu|цп)\w*\b|"
                     r"on (?:the |a )?cpus?\b", re.I)


# seventy-fourth pass: "с частичной выгрузкой на цп", "partial offload to the CPU": the card kept, layers spill over
_PARTIAL = re.compile(r"\bчастичн\w* (?:выгрузк|оффлоад|офлоад)\w*|\b(?:выгрузк|оффлоад|офлоад)\w* (?:части|слоёв|слоев)\b|"
                      r"\bpartial(?:ly)? offload\w*|\boffload\w* (?:some|part|a few) (?:of the )?layers\b", re.I)
_SUM_BEFORE = re.compile(r"\d\s*(?:к|k|тыс\w*\.?|тыщ\w*|руб\w*\.?|₽|\$|€)\s*$", re.I)  # seventy-sixth pass
_SUM_AFTER = re.compile(r"\s*(?:около|примерно|где-то|about|around)?\s*\d+(?:[.,]\d+)?\s*(?:к|k|тыс|тыщ|₽|руб|\$|€)", re.I)
_TAG = re.compile(r"^(?:\d+(?:[.,]\d+)?[bm]|latest|e\d+b|\d+x\d+b)", re.I)


def _ollama_tag(tokens: list[Token], k: int) -> bool:
    """A colon glued between a model's name and its size ("qwen2.5:14b", "gemma3:27b", "llama3:latest")."""
    t = tokens[k]
    return t.low == ":" and 0 < k < len(tokens) - 1 and tokens[k - 1].end == t.start and tokens[k + 1].start == t.end \
        and bool(re.search(r"[a-z]", tokens[k - 1].low)) and bool(_TAG.match(tokens[k + 1].low))


def runtime(tokens: list[Token], text: str = "") -> list[Attached]:
    cards = any(t.used == "gpu_name" for t in tokens)
    if (m := _CPU_ONLY.search(text)) or (not cards and not _PARTIAL.search(text) and (m := _ON_CPU.search(text)) and
                                          not _SUM_AFTER.match(text[m.end():]) and not _SUM_BEFORE.search(text[:m.start()])):
        # not "на проц 30к", "30к на проц": money for the CPU
        # pure CPU inference: sized like the hybrid, with every weight in RAM
        return [Attached("runtime", "cpu", [t.i for t in tokens if t.start >= m.start() and t.end <= m.end()])]
    found: list[Attached] = []
    for t in tokens:
        if _ollama_tag(tokens, t.i):  # "qwen2.5:14b", "llama3.1:8b-instruct-q4_K_M": a model as ollama names it
            found.append(Attached("runtime", "llama.cpp", [t.i]))
            break
    for t in tokens[:-1]:  # said in two words: "llama cpp", "лм студио"
        nxt = tokens[t.i + 1]
        if not (t.used or nxt.used) and (t.low, nxt.low) in _TWO_WORD_RUNTIMES and "llama.cpp" not in [a.value for a in found]:
            found.append(Attached("runtime", "llama.cpp", [t.i, nxt.i]))
    for t in tokens:
        if t.used or any(t.i in a.tokens for a in found):
            continue
        for name, pat in _RUNTIMES:
            if pat.match(t.low) and name not in [a.value for a in found]:
                found.append(Attached("runtime", name, [t.i]))
    return found


# "gguf vs awq", "чем gguf отличается от awq", "vllm или fp8?": a format and a precision set against each other
_CONTRAST_GAP = re.compile(r"^[\s,]*(?:vs\.?|versus|или|or|против|/|(?:отлича\w*|differ\w*|лучше|хуже|быстрее|"
                           r"better|worse|faster) (?:от|from|than|чем)|compared (?:to|with))[\s,]*$", re.I)


# twenty-first pass: two tasks set side by side, a few words of the first before the versus word ("what does lora actually
# do vs full finetune", "лору делать или полный файнтюн"): the methods are the question's subject
def _side_by_side(tokens: list[Token], pair: list[Attached], text: str) -> bool:
    """43rd pass: two tasks joined by "и/and" under a word that sets them against each other ("разница между lora и
    qlora", "diff between lora and qlora"), or by "vs/или" ("qlora vs lora")."""
    a, b = sorted(pair, key=lambda x: min(x.tokens))
    gap = text[tokens[max(a.tokens)].end:tokens[min(b.tokens)].start]
    return bool(_TASKS_SET_SIDE_BY_SIDE.match(gap) or
                _SET_AGAINST.search(text) and re.fullmatch(r"[\s,]*(?:и|and|&)[\s,]*", gap, re.I))


_TASKS_SET_SIDE_BY_SIDE = re.compile(r"^(?:\s+[^\W\d]+){0,3}?[\s,]*(?:vs\.?|versus|или|либо|or|против|compared (?:to|with)|"
                                     r"(?:отлича\w*|differ\w*) (?:от|from)(?: an?| the)?)[\s,]*$", re.I)  # fresh41: "from a full"


def contrasted(items: list[Attached], tokens: list[Token], text: str) -> tuple[list[Attached], list[Attached]]:
    """(kept, compared): a precision and a serving format named as alternatives are the question's subject,
    not the customer's choice; so are two formats ("ollama или vllm"). Two precisions are left to `resolve`
    (a contradiction, asked about)."""
    choice = [a for a in items if a.slot in ("precision", "runtime")]
    out: list[Attached] = []
    tasks = sorted((a for a in items if a.slot == "task"), key=lambda a: min(a.tokens))
    if len(tasks) == 2 and tasks[0].value != tasks[1].value and (_TASKS_SET_SIDE_BY_SIDE.match(
            text[tokens[max(tasks[0].tokens)].end:tokens[min(tasks[1].tokens)].start]) or _side_by_side(tokens, tasks, text)):
        out += tasks  # "lora vs full finetune": the tasks compared, neither chosen
    for a in choice:
        for b in choice:
            if (a.slot != b.slot or a.slot == "runtime") and max(a.tokens) < min(b.tokens) and \
                    _CONTRAST_GAP.match(text[tokens[max(a.tokens)].end:tokens[min(b.tokens)].start]):
                out += [x for x in (a, b) if x not in out]
    return [a for a in items if a not in out], out


def bits_after_model(tokens: list[Token], model_ends: list[int]) -> list[Attached]:
    """Nineteenth pass: "дипсик в четыре", "квен 32б в восемь": "в" and a bare 4, 8 or 16 right after a model's name are
    its bits (the way "в четыре бита" is said short), when nothing after the number makes it a count or a time ("в
    четыре карты", "в четыре раза", "в 4 часа") and the number is not the start of a bigger one."""
    lex = load_lexicon().precision
    out: list[Attached] = []
    for j in model_ends:
        if j + 1 >= len(tokens) or tokens[j].low != "в" or tokens[j].used or tokens[j - 1].comma:
            continue
        n = tokens[j + 1]
        nxt = tokens[j + 2] if j + 2 < len(tokens) else None
        if n.used or n.number not in (4, 8, 16) or n.number not in lex.bits or \
                nxt is not None and not n.comma and not n.stop and (nxt.concept or nxt.word_number or nxt.number is not None
                                                                   or nxt.low in _COUNT_OR_TIME):
            continue
        out.append(Attached("precision", lex.bits[int(n.number)], [j, j + 1]))
        tokens[j].used = tokens[j + 1].used = "precision"
    return out


_AGAINST = {"чем", "than", "или", "or", "vs", "против", "versus"}


def bits_set_against(tokens: list[Token], items: list[Attached]) -> list[Attached]:
    """Thirty-fifth pass: "в 4 бита заметно хуже, чем в 16?", "8 bit or 4?": a bare 4, 8 or 16 set against bits just
    said carries their unit (a precision, never a count)."""
    lex = load_lexicon().precision
    if not any(tokens[k].low in _BITS_UNIT or _BIT_WORD.match(tokens[k].low) for a in items for k in a.tokens):
        return []
    out: list[Attached] = []
    for t in tokens:
        if t.low not in _AGAINST:
            continue
        j = t.i + 1 + (t.i + 1 < len(tokens) and tokens[t.i + 1].low in ("в", "at", "in"))
        n = tokens[j] if j < len(tokens) else None
        nxt = tokens[j + 1] if j + 1 < len(tokens) else None
        if n is None or n.used or n.number not in (4, 8, 16) or n.number not in lex.bits or \
                nxt is not None and not n.comma and not n.stop and (nxt.concept or nxt.number is not None or
                                                                   nxt.low in _COUNT_OR_TIME):
            continue
        out.append(Attached("precision", lex.bits[int(n.number)], list(range(t.i + 1, j + 1))))
    return out


_BITS_UNIT = {"бит", "бита", "битах", "bit", "bits", "битный", "битной"}
_COUNT_OR_TIME = {"раза", "раз", "x", "х", "штуки", "штук", "часа", "часов", "утра", "вечера", "дня", "потока", "потоках",
                  "карты", "карт", "видеокарты", "гпу", "gpu", "руки", "смены"}

