"""`gpu-sizer` command line. Each sub-module registers its own sub-commands."""
from __future__ import annotations

import argparse
import sys

from tools.errors import SizingError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, no usage dump wall
        self.exit(2, f"gpu-sizer: error: {message}\n")


def build_parser() -> argparse.ArgumentParser:
    from assistant.cli import calc, knowledge

    parser = _Parser(prog="gpu-sizer", description="GPU server sizing assistant / подбор GPU-серверов")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for module in (calc, knowledge):
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
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
