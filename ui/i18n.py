"""UI labels in Russian and English. Answers follow the customer's language on their own
(the assistant detects it); these strings only dress the interface."""
from __future__ import annotations

from typing import Literal

from assistant.llm import ModelStatus

UiLang = Literal["ru", "en"]

LABELS: dict[str, dict[str, str]] = {
    "ru": {
        "title": "Подбор GPU-сервера под LLM",
        "subtitle": "Цифры считают детерминированные калькуляторы, знания берутся из руководства, "
                    "локальная модель только поясняет.",
        "lang": "Язык интерфейса",
        "tab_chat": "Консультант",
        "tab_calc": "Калькуляторы",
        "tab_faq": "Частые вопросы",
        "chat": "Диалог",
        "placeholder": "Опишите задачу: модель, число пользователей, контекст, обучение или инференс…",
        "send": "Спросить",
        "clear": "Новый диалог",
        "use_llm": "Пояснение языковой модели",
        "examples": "Примеры вопросов",
        "charts": "Графики",
        "scenario_edit": "Считаю для — поменяйте значение, расчёт обновится без модели",
        "sc_model": "Модель", "sc_precision": "Точность", "sc_context": "Контекст, токенов", "sc_users": "Пользователей",
        "sc_gpu": "Карта", "sc_gpu_count": "Карт", "sc_task": "Задача",
        "mem_chart": "Память: что занимает место и сколько есть",
        "power_chart": "Питание: нагрузка и блок питания",
        "trace": "Как посчитано",
        "sources": "Источники",
        "no_sources": "Источники не найдены.",
        "model": "Языковая модель",
        "st_ready": "🟢 готова",
        "st_loading": "🟡 загружается — расчёты уже работают, пояснение появится после загрузки",
        "st_none": "⚪ отключена — показываем расчёт и выдержки из руководства",
        "st_failed": "🔴 не загрузилась — показываем расчёт и выдержки из руководства",
        "error": "Не удалось обработать запрос. Попробуйте переформулировать вопрос.",
        "rate_limited": "Слишком много сообщений подряд. Повторите через {s} с.",
        # calculators
        "calc_mem": "Память (VRAM)",
        "calc_power": "Питание",
        "calc_rec": "Подбор конфигурации",
        "calc_cost": "Свой сервер или облако",
        "model_name": "Модель из каталога",
        "params_b": "…или число параметров, млрд",
        "precision": "Точность весов",
        "context": "Контекст, токенов",
        "batch": "Одновременных пользователей",
        "task": "Задача",
        "gpus": "Сколько карт",
        "gpu": "Видеокарта",
        "cpus": "Процессоров",
        "compute": "Посчитать",
        "server_price": "Цена сервера",
        "cloud_hourly": "Облако, цена за час",
        "hours": "Часов работы в месяц",
        "power_kw": "Средняя мощность, кВт",
        "kwh_price": "Цена кВт·ч",
        "currency": "Валюта",
        "calc_note": "Калькуляторы работают без языковой модели — ответ мгновенный.",
        "need_model": "Укажите модель из списка или число параметров.",
        "bad_input": "Проверьте ввод",
        "faq_pick": "Вопрос",
        "gb": "ГБ",
    },
    "en": {
        "title": "GPU server sizing for LLMs",
        "subtitle": "Numbers come from deterministic calculators, knowledge from the guide, "
                    "the local model only explains.",
        "lang": "Interface language",
        "tab_chat": "Assistant",
        "tab_calc": "Calculators",
        "tab_faq": "FAQ",
        "chat": "Conversation",
        "placeholder": "Describe the task: model, number of users, context, training or inference…",
        "send": "Ask",
        "clear": "New conversation",
        "use_llm": "Language-model explanation",
        "examples": "Example questions",
        "charts": "Charts",
        "scenario_edit": "Computed for — change a value and the block updates without the model",
        "sc_model": "Model", "sc_precision": "Precision", "sc_context": "Context, tokens", "sc_users": "Users",
        "sc_gpu": "Card", "sc_gpu_count": "Cards", "sc_task": "Task",
        "mem_chart": "Memory: what takes space and what is available",
        "power_chart": "Power: load and power supply",
        "trace": "How this was computed",
        "sources": "Sources",
        "no_sources": "No sources found.",
        "model": "Language model",
        "st_ready": "🟢 ready",
        "st_loading": "🟡 loading — calculators already work, explanations follow once it is loaded",
        "st_none": "⚪ off — showing the computation and guide excerpts",
        "st_failed": "🔴 failed to load — showing the computation and guide excerpts",
        "error": "Could not process the request. Please try rephrasing the question.",
        "rate_limited": "Too many messages in a row. Please try again in {s} s.",
        "calc_mem": "Memory (VRAM)",
        "calc_power": "Power",
        "calc_rec": "Configuration",
        "calc_cost": "Own server vs cloud",
        "model_name": "Catalog model",
        "params_b": "…or parameters, billions",
        "precision": "Weight precision",
        "context": "Context, tokens",
        "batch": "Concurrent users",
        "task": "Task",
        "gpus": "Number of cards",
        "gpu": "GPU",
        "cpus": "CPUs",
        "compute": "Compute",
        "server_price": "Server price",
        "cloud_hourly": "Cloud price per hour",
        "hours": "Hours of use per month",
        "power_kw": "Average draw, kW",
        "kwh_price": "Price per kWh",
        "currency": "Currency",
        "calc_note": "Calculators run without the language model — instant answers.",
        "need_model": "Pick a catalog model or enter the parameter count.",
        "bad_input": "Please check the input",
        "faq_pick": "Question",
        "gb": "GB",
    },
}

EXAMPLES: dict[str, list[str]] = {
    "ru": [
        "Хватит ли одной карты на 24 ГБ для Llama-3-8B?",
        "Хочу запустить Llama-3-70B для 20 сотрудников с контекстом 16k, какой сервер взять?",
        "Какой БП на 4×4090?",
        "Сервер за 2 млн ₽ или облако за 300 ₽/час при 400 часах в месяц — что выгоднее?",
    ],
    "en": [
        "Which GPUs to fine-tune a 70B model with LoRA?",
        "Is one 24 GB card enough for Llama-3-8B?",
        "Which PSU for 4x RTX 4090?",
    ],
}

TASKS: dict[str, list[tuple[str, str]]] = {
    "ru": [("Инференс", "inference"), ("LoRA", "lora"), ("QLoRA", "qlora"), ("Полное дообучение", "full")],
    "en": [("Inference", "inference"), ("LoRA", "lora"), ("QLoRA", "qlora"), ("Full fine-tune", "full")],
}

LANG_CHOICES = [("Русский", "ru"), ("English", "en")]


def tr(lang: str, key: str) -> str:
    """The label in the UI language; Russian when the language is unknown."""
    return LABELS.get(lang, LABELS["ru"]).get(key, LABELS["ru"][key])


def status_line(lang: str, status: ModelStatus) -> str:
    """assistant.model_status() in customer words."""
    text = LABELS[lang].get(f"st_{status.state}", str(status))
    return f"**{tr(lang, 'model')}:** {text}"
