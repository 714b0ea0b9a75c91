"""Any OpenAI-compatible chat endpoint (vLLM, llama-server, Ollama) through langchain-openai."""
from __future__ import annotations

from collections.abc import Generator

from assistant.llm import READY, ModelStatus, Tokenizer
from assistant.llm.settings import LLMSettings


class OpenAICompatible:
    name = "openai"
    can_call_tools = True

    def __init__(self, settings: LLMSettings):
        if not settings.base_url:
            raise ValueError("llm.mode=openai needs llm.base_url (e.g. http://127.0.0.1:8000/v1)")
        from langchain_openai import ChatOpenAI

        self.settings = settings
        self.client = ChatOpenAI(base_url=settings.base_url, api_key=settings.api_key, model=settings.model_name,
                                 temperature=settings.temperature, timeout=60, max_retries=1)

    def status(self) -> ModelStatus:
        return READY  # a down server shows as a failed stream, answered with the computed block alone

    def tokenizer(self) -> Tokenizer | None:
        return None

    def stream(self, messages: list[dict], max_tokens: int) -> Generator[str, None, None]:
        client = self.client
        if self.settings.structured:  # llama-cpp-python's server and vLLM take a JSON object with a schema
            from assistant.llm.structured import SCHEMA

            client = client.bind(response_format={"type": "json_object", "schema": SCHEMA})  # type: ignore[assignment]
        for chunk in client.stream(messages, max_tokens=max_tokens):
            content = chunk.content
            if isinstance(content, list):  # content blocks (not sent by OpenAI-compatible text servers): their text
                content = "".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)
            if content:
                yield content

    def tool_call(self, messages: list[dict], tools: list) -> list[tuple[str, dict]]:
        """The model's tool calls (name, args) for the question, if any."""
        msg = self.client.bind_tools(tools).invoke(messages)
        return [(c["name"], c["args"]) for c in getattr(msg, "tool_calls", [])]
