"""The computed next step (tools/fit.fit_options): a smaller format that fits, or the longest context."""
from tools.fit import fit_options
from tools.memory import MemoryRequest, estimate_memory
from tools.units import GIB


def test_not_fitting_tries_smaller_formats_down_to_the_first_that_fits():
    o = fit_options(MemoryRequest(model="qwen2.5-14b", context=8192), 1, gpu="rtx-4090")
    assert not o.fits and [f.precision for f in o.formats] == ["Q8_0"] and o.formats[0].fits
    q8 = estimate_memory(MemoryRequest(model="qwen2.5-14b", context=8192, precision="Q8_0", gpu="rtx-4090"))
    assert o.formats[0].per_gpu_bytes == q8.per_gpu_bytes


def test_none_fits_gives_both_formats_and_no_context():
    o = fit_options(MemoryRequest(model="llama-3-70b", context=8192), 1, gpu="rtx-4090")
    assert [(f.precision, f.fits) for f in o.formats] == [("Q8_0", False), ("Q4_K_M", False)]
    assert o.max_context is None


def test_a_fit_reports_the_longest_context_capped_at_the_models_own():
    o = fit_options(MemoryRequest(model="llama-3-8b", context=8192), 1, gpu="rtx-4090")
    assert o.fits and o.formats == [] and o.max_context == o.model_max_context == 8192


def test_a_card_known_by_size_and_a_shorter_context_that_fits():
    req = MemoryRequest(model="qwen2.5-7b", precision="Q4_K_M", context=131072)
    o = fit_options(req, 1, card_bytes=8 * GIB)
    assert not o.fits and o.formats == []  # nothing smaller than Q4_K_M is tried
    assert o.max_context and o.max_context < 131072
    at = estimate_memory(req.model_copy(update={"context": o.max_context}))
    over = estimate_memory(req.model_copy(update={"context": o.max_context + 1}))
    assert at.per_gpu_bytes <= 8 * GIB < over.per_gpu_bytes


def test_a_lora_that_does_not_fit_offers_qlora_on_the_same_cards():
    """LoRA's smaller format is QLoRA (the frozen base in 4 bits), computed, so the explanation need not
    invent one (explain-eval ru-fresh3-gamedev-lora: the model made up "Q4_K_M — 13,36 ГБ")."""
    req = MemoryRequest(model="qwen2.5-14b", task="lora")
    out = fit_options(req, 1, gpu="rtx-4090")
    qlora = estimate_memory(req.model_copy(update={"task": "qlora", "gpu": "rtx-4090", "gpus": 1}))
    assert not out.fits and [f.precision for f in out.formats] == ["QLoRA"]
    assert out.formats[0].per_gpu_bytes == qlora.per_gpu_bytes and out.formats[0].fits
    assert out.max_context is None and out.max_users is None  # training serves no users


def test_training_that_fits_or_full_training_gets_no_format_or_users():
    fits = fit_options(MemoryRequest(model="llama-3-8b", task="lora"), 1, gpu="a100-sxm-80gb")
    assert fits.fits and not fits.formats and fits.max_users is None and fits.max_context is None
    full = fit_options(MemoryRequest(model="llama-3-8b", task="full"), 1, gpu="rtx-4090")
    assert not full.fits and not full.formats
