"""The on-disk store of the static prompt's states, without a model: keys and the file format."""
from pathlib import Path

from assistant.llm.prefix import PrefixStore
from assistant.llm.settings import LLMSettings


def _store(tmp_path: Path, n_ctx: int = 4096, name: str = "m.gguf") -> PrefixStore:
    model = tmp_path / name
    if not model.exists():
        model.write_bytes(b"GGUF" + bytes(64))
    return PrefixStore(tmp_path / "cache", model, n_ctx)


STATIC = [{"role": "system", "content": "Правила."}, {"role": "user", "content": "пример"}]


def test_a_saved_start_reads_back_as_written(tmp_path):
    store = _store(tmp_path)
    assert store.load(STATIC) is None  # nothing saved yet
    store.save(STATIC, [1, 2, 70000], b"\x00state\xff")
    assert store.load(STATIC) == ([1, 2, 70000], b"\x00state\xff")
    assert not list((tmp_path / "cache").glob("*.tmp"))  # written whole, then renamed


def test_the_key_holds_the_model_the_context_and_the_messages(tmp_path):
    store = _store(tmp_path)
    store.save(STATIC, [1], b"s")
    assert _store(tmp_path, n_ctx=2048).load(STATIC) is None
    assert _store(tmp_path, name="other.gguf").load(STATIC) is None
    assert store.load([*STATIC[:1], {"role": "user", "content": "другой пример"}]) is None


def test_damaged_files_are_not_read(tmp_path):
    store = _store(tmp_path)
    for data in (b"", b"junk", b"GSKV1\n", b"GSKV1\n\x05\x00\x00\x00\x01\x00\x00\x00"):
        store.directory.mkdir(exist_ok=True)
        store.path(STATIC).write_bytes(data)
        assert store.load(STATIC) is None, data


def test_prune_drops_only_starts_unused_for_a_week(tmp_path):
    import os
    import time

    store = _store(tmp_path)
    store.save(STATIC, [1], b"s")
    old = store.directory / "0123.kv"
    old.write_bytes(b"x")
    week_ago = time.time() - 8 * 24 * 3600
    os.utime(old, (week_ago, week_ago))
    store.prune()
    assert not old.exists() and store.path(STATIC).exists()


def test_an_empty_setting_turns_the_store_off(monkeypatch):
    monkeypatch.setenv("GPU_SIZER_LLM__PREFIX_CACHE_DIR", "")
    from assistant.settings import Settings

    assert Settings().llm.prefix_cache_dir is None
    assert LLMSettings(prefix_cache_dir="/tmp/x").prefix_cache_dir == Path("/tmp/x")
