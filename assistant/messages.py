"""Fixed customer-facing sentences, Russian first."""
from __future__ import annotations

TEXT = {
    "ru": {
        "negative": "Отрицательные значения ({values}) не имеют смысла для количества, контекста и цен — проверьте, "
                    "какие значения учтены в расчёте.",
        "unknown_products": "Нет в нашем каталоге: {names}. Характеристик и цен для этого у меня нет, и цифры ниже "
                            "это не описывают; проверьте название или уточните у менеджера.",
        "computed_for": "Считаю для",
        "understood": "Понял из сообщения",
        "default": "по умолчанию",
        "assumed": "предположение",
        "least": "наименьшее, что вмещает",
        "change_hint": "Поменять любое значение можно словами («а если 4 штуки?», «а в Q4?») или кнопками под ответом.",
        "unattached": "Не понял, к чему относится {items} — уточните, пожалуйста (бюджет, контекст, число карт?).",
        "conflict": "В сообщении несколько значений для «{slot}»: {items}. Какое взять? Пока считаю без него.",
        "card_size_conflict": "У {card} по каталогу {gb} ГБ, а в сообщении {items}. Считаю по каталогу; если у вас "
                              "другая версия карты, назовите её.",
        "out_of_scope": "Я помогаю только с подбором GPU-серверов и железа для нейросетей: объём видеопамяти, "
                        "конфигурации, питание, охлаждение, свой сервер или облако. Задайте вопрос на эту тему — "
                        "например, «Хватит ли одной RTX 4090 для Llama-3-8B?»",
        "greeting": "Здравствуйте! Я помогу подобрать GPU-сервер. Напишите модель и задачу — например, "
                    "«Llama-3-70B для 20 сотрудников, контекст 16k» или «какой БП на 4×4090?».",
        "missing_model": "Чтобы посчитать память, назовите модель (например, Llama-3-8B) или её размер (70B).",
        "missing_gpu": "Для расчёта питания укажите видеокарты и их число, например «4×RTX 4090».",
        "missing_cost": "Для расчёта окупаемости нужны цена сервера и цена облака в час, например "
                        "«сервер 2 млн ₽, облако 300 ₽/час, 400 часов в месяц».",
        "missing_server_price": "Для расчёта окупаемости назовите ещё цену сервера, например «сервер 2 млн ₽»; "
                                "цену облака в час я взял из вашего сообщения.",
        "missing_cloud_price": "Для расчёта окупаемости назовите ещё цену облака в час, например «облако 300 ₽/час»; "
                               "цену сервера я взял из вашего сообщения.",
        "no_model": "Пояснение модели сейчас недоступно; ниже — расчёт и выдержки из руководства.",
        "loading": "Модель ещё загружается; ниже — расчёт и выдержки из руководства.",
        "handoff": "Передам запрос менеджеру. Оставьте, пожалуйста, имя и телефон или e-mail — менеджер "
                   "свяжется с вами и подтвердит конфигурацию и цену.",
        "handoff_scenario": "Ваш сценарий",
        "vendor_asked": "Сроки поставки и цену под заказ назовёт менеджер: оставьте имя и телефон или e-mail — "
                        "он свяжется с вами.",
        "guard_dropped": "часть пояснения скрыта: она расходилась с расчётом или источниками",
        "instructions_ignored": "указания ассистенту в сообщении не выполняются: цифры — только из расчёта и каталога",
        "error": "Не удалось посчитать",
        "sources": "Источники",
        "truncated": "Сообщение слишком длинное: учтены первые {n} символов.",
        "empty": "Напишите вопрос — например, «Хватит ли одной карты на 24 ГБ для Llama-3-8B?»",
        "busy": "Сейчас много вопросов: пояснение модели недоступно, расчёт выше верен. "
                "Попробуйте ещё раз через {n} с.",
    },
    "en": {
        "negative": "Negative values ({values}) make no sense for counts, context or prices; check which values "
                    "the calculation used.",
        "unknown_products": "Not in our catalog: {names}. I have no specifications or prices for it, and the figures "
                            "below do not describe it; check the name or ask a manager.",
        "computed_for": "Computed for",
        "understood": "From your message",
        "default": "default",
        "assumed": "assumed",
        "least": "the least that fits",
        "change_hint": "Change any value in words (\"and with 4 cards?\", \"and in Q4?\") or with the buttons under the answer.",
        "unattached": "I did not understand what {items} refers to; please tell me (budget, context, number of cards?).",
        "conflict": "The message gives several values for \"{slot}\": {items}. Which one? For now I compute without it.",
        "card_size_conflict": "The {card} has {gb} GB in the catalog, but the message says {items}. I compute with the "
                              "catalog's figure; if yours is another version of the card, name it.",
        "out_of_scope": "I can only help with choosing GPU servers and hardware for neural networks: VRAM, "
                        "configurations, power, cooling, own server vs cloud. Ask me about that — for example, "
                        "\"Is one RTX 4090 enough for Llama-3-8B?\"",
        "greeting": "Hello! I help size GPU servers. Tell me the model and the task — for example, "
                    "\"Llama-3-70B for 20 employees, 16k context\" or \"which PSU for 4x RTX 4090?\".",
        "missing_model": "To compute memory, name the model (e.g. Llama-3-8B) or its size (70B).",
        "missing_gpu": "For the power budget, name the GPUs and how many, e.g. \"4x RTX 4090\".",
        "missing_cost": "For the break-even I need the server price and the cloud price per hour, e.g. "
                        "\"server $60,000, cloud $8/hour, 400 hours a month\".",
        "missing_server_price": "For the break-even, also name the server price, e.g. \"server $60,000\"; the cloud "
                                "price per hour is taken from your message.",
        "missing_cloud_price": "For the break-even, also name the cloud price per hour, e.g. \"cloud $8/hour\"; the "
                               "server price is taken from your message.",
        "no_model": "The model's explanation is unavailable right now; below are the computation and guide excerpts.",
        "loading": "The model is still loading; below are the computation and guide excerpts.",
        "handoff": "I'll pass your request to a manager. Please leave your name and a phone number or e-mail — "
                   "the manager will contact you to confirm the configuration and price.",
        "handoff_scenario": "Your scenario",
        "vendor_asked": "A manager will give you the delivery time and the price for your order: leave your name and "
                        "a phone number or e-mail and they will get back to you.",
        "guard_dropped": "part of the explanation was hidden: it disagreed with the computation or the sources",
        "instructions_ignored": "instructions to the assistant in the message are not followed: figures come only from the computation and the catalog",
        "error": "Could not compute",
        "sources": "Sources",
        "truncated": "Your message was too long: the first {n} characters were used.",
        "empty": "Please type a question — for example, \"Is one 24 GB card enough for Llama-3-8B?\"",
        "busy": "The assistant is busy: the model's explanation is unavailable, the computation above stands. "
                "Try again in {n} s.",
    },
}


def t(lang: str, key: str, **kw) -> str:
    return TEXT[lang][key].format(**kw)
