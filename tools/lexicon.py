"""The customer-language word lists (`knowledge/catalog/lexicon.yaml`), validated like the catalog.

Read by path from `tools.paths.CATALOG_DIR` so `tools/` stays free of the other packages. A list
that breaks a rule (an alias claimed by two families, a slang word with an unknown concept, a
retrieval pattern that does not compile, a precision the calculators cannot name) fails the load,
and with it the test suite, instead of misreading customers quietly.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, Field, field_validator, model_validator

from tools.paths import CATALOG_DIR

CONCEPTS = {"gpu", "piece", "user", "request", "gb", "tb", "ram", "vram", "billion", "token", "context", "bit",
            "hour", "day", "week", "month", "weekday", "rub", "usd", "eur", "budget", "model", "server",
            "finetune", "train", "lora", "qlora", "inference"}
INTENTS = {"vram", "recommend", "power", "cost", "speed", "gpu_info", "compare", "models_for_hardware", "upgrade",
           "knowledge", "handoff"}
PRECISION_NAMES = {"int4", "int8", "fp16", "bf16", "fp32", "fp8", "fp4", "awq", "gptq", "nf4", "mxfp4", "exl2",
                   "Q2_K", "Q3_K_M", "Q5_K_M", "Q6_K"}


class Scale(BaseModel):
    context: dict[str, float]
    money: dict[str, float]


class PrecisionWords(BaseModel):
    exact: dict[str, str] = Field(description="token (lower case) -> precision name")
    bits: dict[int, str] = Field(description="'N бит' / 'N-bit' -> precision name")
    assumed: dict[str, str] = Field(description="vague words -> a guessed precision, reported as assumed")

    @model_validator(mode="after")
    def _known(self) -> "PrecisionWords":
        for table in (self.exact, self.bits, self.assumed):
            bad = sorted(str(v) for v in table.values() if v not in PRECISION_NAMES)
            if bad:
                raise ValueError(f"unknown precision names {bad}")
        return self


class Lexicon(BaseModel):
    families: dict[str, list[str]]
    slang: dict[str, str]
    numbers: dict[str, float]
    scale: Scale
    precision: PrecisionWords
    model_defaults: dict[str, str] = Field(default_factory=dict, description="'mistral' -> a catalog model id")
    name_words: dict[str, str] = Field(default_factory=dict, description="Cyrillic spellings of name words")
    other_lines: dict[str, list[str]] = Field(default_factory=dict,
                                              description="family -> its lines the catalog lacks ('mistral': ['nemo'])")
    retrieval_slang: list[tuple[str, str | None, str | None]]
    server_names: dict[str, str] = Field(default_factory=dict, description="'ферма 4u' -> a server line id")
    intent_cues: dict[str, list[str]] = Field(default_factory=dict, description="intent -> cue lemmas")

    @field_validator("slang")
    @classmethod
    def _concepts(cls, v: dict[str, str]) -> dict[str, str]:
        bad = sorted(set(v.values()) - CONCEPTS)
        if bad:
            raise ValueError(f"unknown slang concepts {bad}; known: {sorted(CONCEPTS)}")
        return {k.lower(): c for k, c in v.items()}

    @field_validator("numbers")
    @classmethod
    def _lower(cls, v: dict[str, float]) -> dict[str, float]:
        return {k.lower(): n for k, n in v.items()}

    @field_validator("retrieval_slang")
    @classmethod
    def _compiles(cls, v: list[tuple[str, str | None, str | None]]) -> list[tuple[str, str | None, str | None]]:
        for pattern, _ru, _en in v:
            re.compile(pattern)
        return v

    @field_validator("intent_cues")
    @classmethod
    def _intents(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        bad = sorted(set(v) - INTENTS)
        if bad:
            raise ValueError(f"unknown intents {bad}")
        return {k: [w.lower() for w in words] for k, words in v.items()}

    def cue_index(self) -> dict[str, str]:
        """Cue word -> intent; a word listed under two intents is an error of the list (checked here)."""
        out: dict[str, str] = {}
        for intent, words in self.intent_cues.items():
            for w in words:
                if out.setdefault(w, intent) != intent:
                    raise ValueError(f"cue {w!r} listed under {out[w]} and {intent}")
        return out

    @model_validator(mode="after")
    def _one_family_per_alias(self) -> "Lexicon":
        seen: dict[str, str] = {}
        for family, aliases in self.families.items():
            for a in aliases:
                other = seen.setdefault(a.lower(), family)
                if other != family:
                    raise ValueError(f"alias {a!r} claimed by families {other} and {family}")
        return self

    def family_index(self) -> dict[str, str]:
        """Every alias (lower case) -> its family: 'ламу' -> 'llama'."""
        return {a.lower(): fam for fam, aliases in self.families.items() for a in aliases}


@lru_cache(maxsize=4)
def load_lexicon(directory: str | None = None) -> Lexicon:
    d = Path(directory) if directory else CATALOG_DIR
    with open(d / "lexicon.yaml", encoding="utf-8") as fh:
        return Lexicon.model_validate(yaml.safe_load(fh))
