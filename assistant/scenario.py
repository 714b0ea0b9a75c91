"""What the customer asked about, as slots: the contract between the reader and the calculators.

`Scenario` holds only what the customer said (or a follow-up changed); defaults the calculation
uses are added later as named assumptions, so the answer can say which numbers were assumed.
"""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from tools.units import Unit

Intent = Literal["vram", "recommend", "power", "cost", "speed", "knowledge", "handoff", "greeting", "out_of_scope",
                 "followup", "gpu_info", "compare", "models_for_hardware", "upgrade"]
Task = Literal["inference", "lora", "qlora", "full"]


class Scenario(BaseModel):
    model: str | None = Field(None, description="Catalog model id.")
    params_b: float | None = Field(None, description="Model size in billions when no catalog model is named.")
    precision: str | None = Field(None, description="fp16, int4, Q4_K_M ... as tools.precision names them.")
    context: int | None = Field(None, description="Context length in tokens.")
    users: int | None = Field(None, description="Concurrent users / requests.")
    gpu: str | None = Field(None, description="Catalog GPU id.")
    gpu_count: int | None = None
    gpus: list[str] | None = Field(None, description="Two or more catalog GPU ids to compare.")
    gpu_counts: list[int] | None = Field(None, description="How many of each compared card, in the order of gpus "
                                                           "('2 4090 или 4 3090'); None: one card each.")
    server: str | None = Field(None, description="Catalog server line id (the vendor's own lines).")
    card_vram_gb: float | None = Field(None, description="Card memory when no catalog card is named.")
    ram_gb: float | None = Field(None, description="System RAM.")
    cpus: int | None = Field(None, description="CPU sockets the customer named ('2 ксеона', 'a threadripper').")
    task: Task | None = None
    runtime: Literal["llama.cpp", "vllm", "sglang", "cpu"] | None = Field(
        None, description="Serving engine; llama.cpp (Ollama, LM Studio) when not said.")
    budget: float | None = Field(None, description="What the customer can spend.")
    server_price: float | None = None
    cloud_hourly: float | None = None
    hours_per_month: float | None = None
    electricity_price: float | None = Field(None, description="Price of one kW·h, in the conversation's currency.")
    currency: str | None = Field(None, description="₽, $ or €, as written.")
    psu_w: Annotated[int | None, Unit.WATT] = Field(
        None, description="The customer's own power supply, W: 'бп на 850', 'хватит киловатта полтора'.")
    # conversation memory, not a slot: cards a follow-up replaced ("а на h200?"), so "какая из них быстрее"
    # can still compare them; kept with the scenario (it is stored with the conversation), never shown
    asked_gpus: list[str] | None = Field(None, description="Cards asked about before, replaced by a later one.")
    # the slot the last answer asked about ("несколько значений для «польз.»: «10», «15 человек»") and the values
    # offered, so that "ну пусть будет 15" answers it
    asked: dict[str, list[float]] | None = Field(None, description="Slot asked about -> the values the customer gave.")
    # two models sized side by side ("сравни llama 3.1 8b и qwen3 14b по памяти"): a follow-up that names no model
    # ("а в q4?") sizes both again
    sized_models: list[str] | None = Field(None, description="Models sized side by side in the last memory answer.")
    # the shifts a day the hours were said in ("две смены по 8 часов"), so that "а если одну смену?" scales them
    shifts: int | None = Field(None, description="Shifts a day the hours per month were said in.")
    # the cloud's hourly price was said per card ("по 300 руб. за карту в час", "$2 per GPU-hour"): the cost of
    # renting the setup is that price times the cards
    cloud_per_gpu: bool | None = Field(None, description="The cloud's hourly price is per card, not per server.")

    def is_empty(self) -> bool:
        return not any(v is not None for v in self.said().values())

    def said(self) -> dict:
        return self.model_dump(exclude_none=True, exclude=MEMORY)


MEMORY = {"asked_gpus", "asked", "sized_models", "shifts", "cloud_per_gpu"}  # Scenario fields that remember the conversation and are no slot
MONEY = {"budget", "server_price", "cloud_hourly", "hours_per_month", "electricity_price", "currency"}


def merge(previous: Scenario | None, new: Scenario, new_model: bool, *, comparing: bool = False,
          instead_of: list[str] | tuple[str, ...] = (), per_user: bool = False,
          withdrawn: list[str] | tuple[str, ...] = ()) -> Scenario:
    """See `_merge`; `per_user`: the turn asked a rate "for one user" ("ток/с на одного пользователя"): with no
    count of users in the conversation that is one user, with one it is a rate per user of that count.
    `withdrawn`: slots the customer took back ("забудьте про бюджет"); the currency goes with the last sum."""
    out = _merge(previous, new, new_model, comparing=comparing, instead_of=instead_of)
    if withdrawn:
        out = out.model_copy(update={k: None for k in withdrawn if k in Scenario.model_fields})
        if out.currency and not any(getattr(out, k) is not None for k in MONEY - {"currency", "hours_per_month"}):
            out = out.model_copy(update={"currency": None})
    if out.gpu_counts and (new.gpus and not new.gpu_counts or not out.gpus or len(out.gpus) != len(out.gpu_counts)):
        out = out.model_copy(update={"gpu_counts": None})  # the counts belong to the cards they were said with
    return out.model_copy(update={"users": 1}) if per_user and out.users is None else out


def _merge(previous: Scenario | None, new: Scenario, new_model: bool, *, comparing: bool = False,
           instead_of: list[str] | tuple[str, ...] = ()) -> Scenario:
    """Carry the conversation's scenario over; a model named, first or in place of another, joins it.

    `comparing`: the turn is a comparison (its own words or the conversation's). Then one card named
    ("а с 3090?", "and the A40, for comparison?", "добавь в сравнение h200") joins the cards already
    on the table (the compared list, or the one card asked about before), and a card the customer took
    out ("the 6000 Ada instead of the 5090": `instead_of`) is replaced in its place. Two or more cards
    named replace the list and the one card asked about before ("скока стоит 5080" .. "что мощнее 5080 или 4090").
    Outside a comparison a new card replaces the old one and the list."""
    if previous is None:
        return new
    fields = new.said()
    if "hours_per_month" in fields:  # the hours said again: their shifts are the new turn's (or none said)
        fields["shifts"] = new.shifts
    if "cloud_hourly" in fields:  # a price said again: per card only if said so again
        fields["cloud_per_gpu"] = new.cloud_per_gpu
    if new_model and (new.model, new.params_b) != (previous.model, previous.params_b) and \
            (previous.model or previous.params_b):
        # a model named in place of another is asked about the same setup (seventy-second pass): "у меня 2 4090" ..
        # "квен 32б влезет?" .. "а квен 72б?" is on those two 4090s, for the same people and context (the corpus had
        # labelled it a new scenario but for the money, and the answer had lost the cards). The model's own
        # identity goes with it; cards the customer says the model will not run on are withdrawn by the reader.
        fields["model"], fields["params_b"] = new.model, new.params_b
        fields.setdefault("sized_models", None)
    if "gpus" in fields:  # two or more cards compared: the one card asked about before is one of them, or not at all
        fields.setdefault("gpu", None)
        fields.setdefault("gpu_count", None)
        fields["asked_gpus"] = None
        return previous.model_copy(update=fields)
    if comparing and "gpu" in fields and "gpus" not in fields and (previous.gpus or previous.gpu):
        cards = _compared(list(previous.gpus or [str(previous.gpu)]), fields["gpu"], instead_of)
        if len(cards) > 1:
            fields.update(gpus=cards, gpu=None, asked_gpus=None)
            return previous.model_copy(update=fields)
    if comparing and "gpu" not in fields and "gpus" not in fields and previous.gpu and previous.asked_gpus:
        # "какая из них быстрее" after "а на h200?": the card replaced and the one that replaced it
        cards = list(dict.fromkeys([*previous.asked_gpus, previous.gpu]))
        fields.update(gpus=cards, gpu=None, asked_gpus=None)
        return previous.model_copy(update=fields)
    if "gpu" in fields and fields["gpu"] != previous.gpu:  # "а если на RTX 5090?": count and size were the old card's
        if previous.gpu:  # remembered for "which one is faster"
            fields["asked_gpus"] = [g for g in (previous.asked_gpus or []) if g != fields["gpu"]] + [previous.gpu]
        fields.setdefault("gpu_count", None)
        fields["card_vram_gb"] = None
        fields["gpus"] = None
        fields.setdefault("server", None)  # a server line comes with its own cards
        if previous.runtime == "cpu":  # "а если добавить одну 4090?": no longer CPU only
            fields.setdefault("runtime", None)
    if fields.get("runtime") == "cpu":  # "а без видеокарт?": the cards are gone from the question
        fields.update(gpu=None, gpu_count=None, card_vram_gb=None)
    return previous.model_copy(update=fields)


def _compared(cards: list[str], card: str, instead_of: list[str] | tuple[str, ...]) -> list[str]:
    """The compared cards after one more is named: in place of a card taken out, else appended."""
    gone = [c for c in instead_of if c in cards and c != card]
    if gone:
        cards = [card if c == gone[0] else c for c in cards if c not in gone[1:]]
    elif card not in cards:
        cards.append(card)
    return list(dict.fromkeys(cards))
