"""One customer turn as a pipeline of explicit stages, each a small module with typed input and output:

intake (clean, cap) -> reading (assistant.reading) -> framing (scenario, assumptions, questions)
-> facts (calculators) -> block (the computed text, streamed first) -> retrieval -> explanation
(the model, sentence by sentence through the checks) -> answer.

`pipeline.run_turn` wires them and records each stage's time; `assistant.service.Assistant` owns the
long-lived parts (backend, retriever, settings) and hands them in.
"""
