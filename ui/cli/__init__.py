"""`gpu-sizer` command line. Each sub-module registers its own sub-commands."""
from __future__ import annotations

import argparse
import sys

from pydantic import ValidationError

from tools.errors import SizingError


COMMAND_MODULES = ["calc", "admin", "knowledge", "chat", "serve", "bench", "loadbench", "understanding", "explanation", "catalog_cmd"]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, no usage dump wall
        self.exit(2, f"gpu-sizer: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    import importlib

    modules = [importlib.import_module(f"ui.cli.{m}") for m in COMMAND_MODULES]

    parser = _Parser(prog="gpu-sizer", description="GPU server sizing assistant / подбор GPU-серверов")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in modules:
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except SizingError as exc:
        print(f"gpu-sizer: error: {exc}", file=sys.stderr)
        return 2
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(x) for x in err.get("loc", ())) or "input"
        print(f"gpu-sizer: error: {where}: {err.get('msg')}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `gpu-sizer gpus | head`
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
