"""One settings object for the whole app (pydantic-settings).

Every field is overridable from the environment with the ``GPU_SIZER_`` prefix and
``__`` for nesting, e.g. ``GPU_SIZER_RETRIEVAL__CHROMA_URL=http://127.0.0.1:8000``.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from assistant.llm.settings import LLMSettings
from knowledge.settings import RetrievalSettings



class AssistantSettings(BaseModel):
    max_input_chars: int = Field(2000, ge=50, description="Longer messages are cut (and the customer told).")
    answer_timeout_s: float = Field(60.0, gt=0, description="Wall-clock limit for one explanation.")
    model_wait_s: float = Field(30.0, ge=0, description=(
        "How long a question waits for a model still loading before it is explained without one; the "
        "computed block is on screen before the wait either way."))
    knowledge_answers: Literal["guide", "model"] = Field("guide", description=(
        "A question with nothing to compute is answered with the guide's own passage (guide) or by the model "
        "from it (model). Measured by `gpu-sizer explain-eval`: the 1.5B model's prose on such questions is "
        "worse than the passage it reads, so the default shows the passage and keeps the model for computed "
        "answers, where it explains the figures."))


class ServerSettings(BaseModel):
    host: str = Field("127.0.0.1", description="Interface `gpu-sizer serve` binds; 0.0.0.0 exposes it to the network.")
    port: int = Field(7860, ge=1, le=65535, description="TCP port of `gpu-sizer serve`.")
    cors_origins: list[str] = Field(
        default_factory=list,
        description="Origins allowed to call the API from a browser (sites embedding the widget); empty = same origin only.",
    )
    max_conversations: int = Field(1000, ge=1, description="Conversations kept in memory; the least recently used go first.")
    conversation_ttl_s: float = Field(6 * 3600, gt=0, description="A conversation idle this long is forgotten.")
    max_body_bytes: int = Field(64 * 1024, ge=1024, description="Larger API request bodies are refused with 413.")
    max_ui_body_bytes: int = Field(512 * 1024, ge=1024, description="Larger request bodies to the Gradio app "
                                                                    "(/gradio_api/..., which carry the chat history) "
                                                                    "are refused with 413.")
    conversations_per_client: int = Field(50, ge=1, description="Conversations one client address may hold; its "
                                                                "own oldest go first, so nobody can push out "
                                                                "another customer's conversation.")
    link_hosts: list[str] = Field(default_factory=list, description="The vendor's own hosts (subdomains included) "
                                                                    "whose links customers may see; every other "
                                                                    "link, image and raw HTML is shown as text.")
    header_timeout_s: float = Field(10.0, gt=0, description="A connection that has not sent a whole request head "
                                                            "within this time is closed (slow-loris).")
    body_timeout_s: float = Field(15.0, gt=0, description="A request body not received whole within this time is "
                                                          "answered 408.")
    max_connections: int = Field(400, ge=10, description="Open connections the server accepts; more get 503 at once.")


class LimitsSettings(BaseModel):
    """Protection of one shared model and one small server against load and abuse (public widget)."""

    queue_size: int = Field(8, ge=0, le=32, description="Answers that may wait for the model; one more is refused at "
                                                        "once (503 / a busy note). Waiters hold a worker thread, so "
                                                        "llm.parallel + queue stay well under the 40-thread pool.")
    queue_wait_s: float = Field(45.0, gt=0, description="Longest wait for the model; then the customer gets the "
                                                        "numbers with a busy note instead of an explanation.")
    typical_answer_s: float = Field(20.0, gt=0, description="Starting guess of one explanation's duration for "
                                                            "Retry-After; replaced by a running average of real ones.")
    chat_per_minute: int = Field(20, ge=1, description="Chat/ask/lead requests one client may make per minute.")
    calc_per_minute: int = Field(120, ge=1, description="Calculator, catalog and FAQ requests one client may make "
                                                        "per minute.")
    trusted_proxies: list[str] = Field(
        default_factory=list, description="Addresses or CIDR networks of reverse proxies whose X-Forwarded-For is "
                                          "believed; from anyone else the header is ignored (it is trivially forged).")
    max_clients: int = Field(20000, ge=100, description="Clients whose rate budgets are remembered; the least "
                                                        "recently seen are forgotten first (bounded memory).")
    ui_per_minute: int = Field(120, ge=1, description="Requests to the Gradio app's API (/gradio_api/...) one "
                                                      "client may make per minute; chat turns there also draw "
                                                      "from chat_per_minute.")
    ui_queue_size: int = Field(32, ge=1, description="Events the Gradio queue holds; one more is refused at once.")
    max_input_tokens: int = Field(768, ge=32, description="Longer messages are cut (with a notice), counted with "
                                                          "the local model's tokenizer when loaded, else chars/3; "
                                                          "keeps prompt + history + answer inside n_ctx.")


class LeadsSettings(BaseModel):
    database_url: str | None = Field(
        None, description="SQLAlchemy URL of the hand-off store, e.g. postgresql+psycopg://...; None = SQLite in the data dir."
    )
    duplicate_window_s: float = Field(3600.0, ge=0, description="The same lead (same name, contacts, message and "
                                                                "conversation) sent again within this time is "
                                                                "acknowledged with the first one's id, not stored "
                                                                "again.")


class FAQSettings(BaseModel):
    extra_questions: list[str] = Field(default_factory=list, description="Questions answered after the guide's four.")
    cache_path: Path | None = Field(None, description="JSON cache of generated answers; None = faq.json in the data dir.")


class ConversationsSettings(BaseModel):
    """Where conversations live between turns (assistant.storage.conversations); how many and how long
    are `server.max_conversations`, `server.conversation_ttl_s` and `server.conversations_per_client`."""

    database_url: str | None = Field(
        None, description="SQLAlchemy URL of the conversation store shared by replicas, e.g. "
                          "postgresql+psycopg://user@127.0.0.1/gpu_sizer; None = SQLite in the data dir.")
    turn_lease_s: float = Field(180.0, gt=0, description="A conversation held by a turn is freed after this long "
                                                         "even if the replica answering it died.")
    connect_timeout_s: float = Field(3.0, gt=0, description="How long a turn waits for the store before answering "
                                                            "without the conversation's context (with a notice).")


class OperatorSettings(BaseModel):
    """The vendor's side: admin page, question log, metrics, catalog reload."""

    admin_token: str | None = Field(None, description="Bearer token of the admin page and the catalog reload "
                                                      "endpoint; None = no admin routes at all.")
    question_log: bool = Field(True, description="Keep each question with what the assistant made of it (no "
                                                 "contact data) for the admin page; False = nothing is kept.")
    question_retention_days: float = Field(30.0, gt=0, description="Logged questions older than this are deleted.")
    database_url: str | None = Field(None, description="SQLAlchemy URL of the question log and FAQ drafts; "
                                                       "None = SQLite in the data dir.")
    metrics: bool = Field(True, description="Serve Prometheus metrics at /metrics.")
    catalog_watch_s: float = Field(5.0, ge=0, description="How often a running server checks the catalog files "
                                                          "for an import (seconds); 0 = only on the reload endpoint.")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="GPU_SIZER_", env_nested_delimiter="__", extra="ignore")

    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings)
    llm: LLMSettings = Field(default_factory=LLMSettings)
    assistant: AssistantSettings = Field(default_factory=AssistantSettings)
    server: ServerSettings = Field(default_factory=ServerSettings)
    limits: LimitsSettings = Field(default_factory=LimitsSettings)
    leads: LeadsSettings = Field(default_factory=LeadsSettings)
    faq: FAQSettings = Field(default_factory=FAQSettings)
    conversations: ConversationsSettings = Field(default_factory=ConversationsSettings)
    operator: OperatorSettings = Field(default_factory=OperatorSettings)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
