"""GPU layer offload sized with our own calculator (no GPU here: the sizing function is tested directly)."""
from assistant.llm.offload import gpu_layers_that_fit, layers_for_budget
from assistant.settings import get_settings
from tools.arch_files import read_gguf

MODEL = get_settings().llm.model_path


def test_all_layers_when_the_model_fits():
    assert layers_for_budget(MODEL, 4096, free=24 * 2**30) == -1


def test_as_many_layers_as_fit_otherwise():
    n_layers = read_gguf(MODEL).model.n_layers
    half = layers_for_budget(MODEL, 4096, free=int(1.3e9))
    assert 0 < half < n_layers
    assert half < layers_for_budget(MODEL, 4096, free=int(1.6e9)) < n_layers  # more memory, more layers
    assert layers_for_budget(MODEL, 4096, free=100 * 2**20) == 0  # below the CUDA context: CPU only


def test_no_gpu_means_cpu_only():
    assert gpu_layers_that_fit(MODEL, 4096, free=0) == 0
