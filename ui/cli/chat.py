"""`gpu-sizer ask` (one conversation, one turn per argument) and `gpu-sizer chat` (terminal)."""
from __future__ import annotations

import json
import sys

from assistant.settings import get_settings


def _assistant(args):
    from assistant.service import Assistant

    settings = get_settings().model_copy(deep=True)  # flags change a copy, never the cached object
    if args.model:
        settings.llm.model_path = args.model
    if args.no_llm:
        settings.llm.mode = "none"
    return Assistant(settings)


def cmd_ask(args) -> int:
    from assistant.service import Conversation

    assistant = _assistant(args)
    status = assistant.model_status()
    if status.state == "failed":
        print(f"gpu-sizer: {status.detail}", file=sys.stderr)  # answers still come, computed only
    conv = Conversation()
    turns = []
    for q in args.questions:
        if args.json:
            res = assistant.ask(conv, q)
            turns.append({**res.model_dump(mode="json"), "question": q})
            continue
        print(f"\n> {q}\n")
        for ev in assistant.stream(conv, q):
            if ev.type in ("computed", "token"):
                print(ev.text, end="\n\n" if ev.type == "computed" else "", flush=True)
            elif ev.type == "done":
                r = ev.result
                for n in r.notices:
                    print(f"\n({n})")
                if r.sources:
                    print("\n" + "\n".join(f"[{i}] {s.title}" for i, s in enumerate(r.sources, 1)))
    if args.json:
        print(json.dumps(turns, ensure_ascii=False, indent=2))
    return 0


def cmd_chat(args) -> int:
    from assistant.service import Conversation

    assistant = _assistant(args)
    conv = Conversation()
    print("gpu-sizer — вопрос о GPU-сервере (Ctrl-D — выход) / ask about GPU servers (Ctrl-D to quit)")
    while True:
        try:
            q = input("\n> ")
        except EOFError:
            print()
            return 0
        for ev in assistant.stream(conv, q):
            if ev.type in ("computed", "token", "notice"):
                print(ev.text, end="\n\n" if ev.type != "token" else "", flush=True)
            elif ev.type == "sources" and ev.text:
                print("\n\n" + ev.text)


def register(sub) -> None:
    for name, func, help_ in (("ask", cmd_ask, "answer questions (each argument is the next turn)"),
                              ("chat", cmd_chat, "terminal chat with streaming")):
        p = sub.add_parser(name, help=help_)
        if name == "ask":
            p.add_argument("questions", nargs="+", metavar="Q")
            p.add_argument("--json", action="store_true")
        p.add_argument("--no-llm", action="store_true", help="computed block and passages only")
        p.add_argument("--model", help="path to a GGUF model")
        p.set_defaults(func=func)
