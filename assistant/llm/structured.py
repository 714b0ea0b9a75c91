"""Structured explanations: the model fills three fields, the verdict, the main reason and the next
step, and the customer reads them as three sentences.

The free-text 1.5B model often stops after the verdict or forgets the next step; a grammar makes
each field exist (llama.cpp's GBNF locally, the endpoint's JSON response format remotely). The
fields are streamed as prose while they are generated, so the first word still shows at once.
`llm.structured` switches it on; `gpu-sizer explain-eval` measures both ways.
"""
from __future__ import annotations

import json

FIELDS = ("verdict", "reason", "next_step")
SCHEMA = {"type": "object", "properties": {f: {"type": "string"} for f in FIELDS}, "required": list(FIELDS),
          "additionalProperties": False}
# one line of prose per field, no quotes or backslashes inside (nothing to unescape, no JSON in the prose)
GBNF = ('root ::= "{\\"verdict\\": \\"" text "\\", \\"reason\\": \\"" text "\\", \\"next_step\\": \\"" text "\\"}"\n'
        'text ::= [^"\\\\\\n]+\n')
RULE = ("Write a JSON object with three fields, each one plain sentence: verdict (sentence 1), reason "
        "(sentence 2), next_step (sentence 3).")
_END = ".!?…"


def as_json(answer: str, split) -> str:
    """A worked three-sentence answer as the fields the grammar asks for (the few-shot turns)."""
    parts = [p.strip() for p in split(answer) if p.strip()]
    if len(parts) != len(FIELDS):
        raise ValueError(f"a structured example needs {len(FIELDS)} sentences, got {len(parts)}: {answer!r}")
    return json.dumps(dict(zip(FIELDS, parts)), ensure_ascii=False)


class FieldText:
    """Turns the streamed JSON object into prose as it arrives: each string value, ended as a
    sentence, the fields joined by a space. Keys and punctuation of the object are never shown."""

    def __init__(self) -> None:
        self.state, self.escaped, self.fields, self.last = "key", False, 0, ""

    def feed(self, piece: str) -> str:
        out: list[str] = []
        for ch in piece:
            if self.state == "key":
                if ch == ":":
                    self.state = "colon"
            elif self.state == "colon":
                if ch == '"':
                    self.state = "value"
                    if self.fields:
                        out.append(" ")
                    self.fields += 1
            elif self.escaped:
                out.append(" " if ch in "nrt" else ch)
                self.escaped = False
            elif ch == "\\":
                self.escaped = True
            elif ch == '"':
                self.state = "key"
                if self.last and self.last not in _END:
                    out.append(".")  # a field is a sentence: the guard and the grader split on its end
            else:
                out.append(ch)
                if not ch.isspace():
                    self.last = ch
        return "".join(out)
