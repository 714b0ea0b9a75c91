"""Stage 4, facts: the types a calculation produces and the one builder of a memory request.

Each default the calculation had to use (precision, context, users, card count, task, hours) is
returned as an `Assumption`, so the answer can say it and the customer can change it.
"""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from assistant.scenario import Scenario
from assistant.types import Fact
from tools.catalog import get_model
from tools.errors import SizingError
from tools.memory import DEFAULT_CONTEXT, MemoryRequest


class Assumption(BaseModel):
    slot: str
    value: Any
    least: bool = Field(False, description="Not a default but the answer: the least count that fits.")


class Computation(BaseModel):
    facts: list[Fact] = Field(default_factory=list)
    assumptions: list[Assumption] = Field(default_factory=list, description="Defaults the calculation used.")
    missing: list[str] = Field(default_factory=list, description="What the customer should add to get numbers.")
    errors: list[str] = Field(default_factory=list, description="Calculator messages for bad input.")

    def assume(self, slot: str, value: Any) -> Any:
        if all(a.slot != slot for a in self.assumptions):
            self.assumptions.append(Assumption(slot=slot, value=value))
        return value


def fact(tool: str, inp: Any, out: Any) -> Fact:
    dump = inp.model_dump(exclude_defaults=True) if isinstance(inp, BaseModel) else dict(inp)
    return Fact(tool=tool, input=dump, output=out.model_dump() if isinstance(out, BaseModel) else dict(out))


def default_precision(model: str | None, task: str) -> str:
    """QLoRA's base weights are 4-bit (tools.memory); a model released in FP8 or MXFP4 (DeepSeek-R1,
    gpt-oss) is run as released, not blown up to 16 bits; anything else is FP16."""
    if task == "qlora":
        return "nf4"
    if task == "inference" and model:
        try:
            return get_model(model).release_precision or "fp16"
        except SizingError:
            pass
    return "fp16"


def memory_request(s: Scenario, c: Computation | None = None, **extra: Any) -> MemoryRequest:
    """The one place a scenario becomes a memory request; defaults are recorded when `c` is given."""
    c = c or Computation()
    task = s.task or c.assume("task", "inference")
    return MemoryRequest(model=s.model, params_b=None if s.model else s.params_b,
                         precision=s.precision or c.assume("precision", default_precision(s.model, task)),
                         context=s.context or c.assume("context", DEFAULT_CONTEXT[task]),
                         batch=s.users or c.assume("users", 1), task=task,
                         runtime=s.runtime or c.assume("runtime", "llama.cpp"), **extra)
