"""The OpenAI engine's test harness: the fake server, its scripted model, pipelines talking to it."""

from __future__ import annotations

from openai import AsyncOpenAI

from agents.config import PipelineConfig
from agents.llm.interface import ReplyLimits
from common import RetryPolicy
from agents.llm.openai_client import OpenAILLM, openai_client
from agents.pipeline import Pipeline
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.scripted_model import ScriptedModel


class Harness:
    """A fake server, its scripted model, and pipelines talking to it."""

    def __init__(self, fake: FakeOpenAI, model: ScriptedModel, url: str, index) -> None:
        self.fake, self.model, self.url, self.index = fake, model, url, index
        self.sleeps: list[float] = []
        self.clients: list[AsyncOpenAI] = []

    async def _sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)

    def pipeline(self, timeout: float = 5.0, limits: ReplyLimits | None = None, **config) -> Pipeline:
        client = openai_client("test-key", self.url + "/v1")
        self.clients.append(client)
        llm = OpenAILLM(client, fast_model="fast-model", strong_model="strong-model", timeout=timeout,
                        retry=RetryPolicy(attempts=4, base_delay=0.0), limits=limits, sleep=self._sleep)
        # The critic loop is what most of these tests script, so the model reviews every
        # question unless a test asks for routing (tests/answers/test_routing.py).
        config.setdefault("route_simple", False)
        return Pipeline(self.index, llm, PipelineConfig(**config))

    def schemas(self) -> list[str]:
        return [name for name, _ in self.model.requests]
