"""The CLI's calculator commands build their memory request with the chat's one builder
(assistant/turn/facts.memory_request): a flag left out gets the default a conversation gets."""
from __future__ import annotations

import pytest

from assistant.scenario import Scenario
from assistant.turn.facts import memory_request
from ui.cli import build_parser
from ui.cli.calc import _memory_request


def _req(*argv: str):
    return _memory_request(build_parser().parse_args(list(argv)))


@pytest.mark.parametrize("argv,scenario", [
    (["vram", "--model", "Llama-3-8B"], Scenario(model="Llama-3-8B", precision="fp16", users=1, task="inference",
                                                 runtime="llama.cpp")),
    (["vram", "--model", "Llama-3-8B", "--task", "lora", "--batch", "4"],
     Scenario(model="Llama-3-8B", precision="fp16", users=4, task="lora", runtime="llama.cpp")),
    (["vram", "--params-b", "13", "--precision", "Q4_K_M", "--context", "32768", "--runtime", "gpu"],
     Scenario(params_b=13, precision="Q4_K_M", context=32768, users=1, task="inference", runtime="llama.cpp")),
])
def test_flags_give_the_chats_request(argv, scenario):
    assert _req(*argv) == memory_request(scenario)


def test_flags_without_a_slot_pass_through():
    r = _req("vram", "--model", "Llama-3-8B", "--gpu", "rtx-4090", "--gpus", "2", "--kv-dtype", "q8_0",
             "--reserve", "0.1", "--no-master-weights", "--lora-rank", "64")
    assert (r.gpu, r.gpus, r.kv_dtype, r.reserve_fraction, r.master_weights, r.lora_rank) == \
        ("rtx-4090", 2, "q8_0", 0.1, False, 64)
    assert r.context == 8192  # the chat's default for inference


def test_fit_reports_the_context_it_computed_at(capsys):
    from ui.cli import main

    assert main(["fit", "--model", "Llama-3-8B", "--gpu", "rtx-4090", "--task", "lora", "--json"]) == 0
    assert '"context": 2048' in capsys.readouterr().out  # was 8192 while the users were counted at 2048
