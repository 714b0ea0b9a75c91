"""Stage 4, facts: run the calculators the question calls for; every number the customer sees starts here."""
from __future__ import annotations

from assistant.scenario import Scenario
from assistant.turn.facts import Computation, fact, memory_request
from assistant.turn.model_facts import model_facts, power_facts
from assistant.types import Fact
from tools import hardware
from tools.catalog import get_gpu
from tools.cost import CostRequest, own_vs_cloud
from tools.errors import SizingError
from tools.fit import compare_values

HOURS_PER_MONTH = 730  # 24 h x 365 d / 12: a server that never sleeps


def _gpu_spec(gpu: str) -> Fact:
    card = get_gpu(gpu)  # the catalog, not a document, is the source of a card's price and specs
    return Fact(tool="gpu_spec", input={"gpu": gpu},
                output={**card.model_dump(exclude={"aliases"}), "vram_bytes": card.vram_bytes})


def _counts(s: Scenario) -> list[int] | None:
    """The customer's count of each compared card, where one was said for the cards on the table now."""
    return s.gpu_counts if s.gpus and s.gpu_counts and len(s.gpu_counts) == len(s.gpus) else None


def compute(s: Scenario, intent: str, variants: dict[str, list] | None = None) -> Computation:
    """Only what the question asks: a PSU question about named cards gets no memory table.
    `variants`: an input the customer compares at several values ("при 32k, чем при 8k"), sized side by side."""
    c = Computation()
    has_model = bool(s.model or s.params_b)
    try:
        if intent == "cost":
            if s.server_price and s.cloud_hourly:
                # a price per card's hour rents the whole setup at that price times its cards
                per_setup = s.cloud_hourly * (s.gpu_count or c.assume("gpu_count", 1)) if s.cloud_per_gpu else s.cloud_hourly
                cr = CostRequest(server_price=s.server_price, cloud_hourly=per_setup,
                                 hours_per_month=s.hours_per_month or c.assume("hours_per_month", HOURS_PER_MONTH),
                                 currency=s.currency or "")
                c.assume("own_monthly", 0)  # electricity and service unknown: shown as not counted
                c.facts.append(fact("cost", cr, own_vs_cloud(cr)))
            else:
                if has_model:  # the setup is sized first: its count is what a price per card's hour multiplies
                    model_facts(s, "recommend", c)
                # only the price not yet said is asked for ("облако по 250р в час за карту" had asked for both)
                c.missing.append("server_price" if s.cloud_hourly else "cloud_price" if s.server_price else "cost")
        elif intent == "compare" and s.gpus:
            req = memory_request(s, c) if has_model else None
            counts = _counts(s)
            c.facts.append(fact("compare", {"gpus": s.gpus, **(req.model_dump(exclude_defaults=True) if req else {}),
                                            **({"counts": counts} if counts else {})},
                                hardware.compare(s.gpus, req, counts)))
        elif intent == "power" and s.gpu:
            if has_model:  # "у меня 4090 и бп 1000 … llama 3 8b на 5 человек потянет?": the model on the cards too
                model_facts(s, "vram", c, recommend=False)  # (had answered the power half alone; stop 55's hurried question)
            power_facts(s.gpu, s.gpu_count or c.assume("gpu_count", 1), c, s.psu_w, s.cpus,
                        s.hours_per_month, s.electricity_price, s.currency)
        elif intent == "gpu_info" and s.gpu and not has_model:
            c.facts.append(_gpu_spec(s.gpu))
        elif intent == "upgrade" and has_model and s.gpu:
            req, have = memory_request(s, c), s.gpu_count or c.assume("gpu_count", 1)
            c.facts.append(fact("upgrade", {**req.model_dump(exclude_defaults=True), "gpu": s.gpu, "have": have},
                                hardware.upgrade(req, s.gpu, have)))
        elif has_model:
            model_facts(s, intent, c, recommend=not (variants and intent in ("knowledge", "vram")))
        elif intent in ("models_for_hardware", "upgrade", "vram", "recommend", "speed") and (s.gpu or s.card_vram_gb):
            count = s.gpu_count or c.assume("gpu_count", 1)
            inp = {"gpu": s.gpu, "card_vram_gb": s.card_vram_gb, "count": count, "context": s.context, "users": s.users}
            c.facts.append(fact("models_for_hardware", {k: v for k, v in inp.items() if v is not None},
                                hardware.models_for_hardware(s.gpu, s.card_vram_gb, count, s.context, s.users)))
        elif intent == "power":
            c.missing.append("gpu")
        elif intent in ("vram", "recommend", "speed", "upgrade"):
            c.missing.append("model")
        for field, values in (variants or {}).items():
            if has_model:
                req = memory_request(s, c)
                c.facts.append(fact("variants", {**req.model_dump(exclude_defaults=True), "vary": field, "values": values},
                                    compare_values(req, field, values)))
    except SizingError as exc:
        c.errors.append(str(exc))
    return c
