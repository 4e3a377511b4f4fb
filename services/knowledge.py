"""Knowledge bases: the default index, and named ones a channel may answer from instead.

A named knowledge base is built like the default one, `rfpbot ingest DIR --kb NAME`,
and lives beside it: `DATA_DIR/kb/NAME.sqlite`, or the Weaviate collections
`<prefix>Kb<Name>Chunk/Document`. Only the operator creates them (a Slack user picks
one of those that exist in `/rfp config`, never a path on the server). Every
knowledge base is answered with the same model and settings.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

from agents import Pipeline
from retrieval import Index

from .errors import ConfigError, ServiceError
from .settings import Settings

if TYPE_CHECKING:
    from storage import ChannelSettingsStore, LibraryEntry

NAME = re.compile(r"^[a-z][a-z0-9]{0,30}$")
Opener = Callable[[str], Awaitable[Index]]


class KnowledgeBaseMissing(ServiceError):
    """A channel's knowledge base is no longer there."""


def check_name(name: str) -> str:
    """The name as given, or ConfigError saying what a name may be."""
    if not NAME.match(name) or name == "default":
        raise ConfigError(f"{name!r} is not a knowledge base name: use lower-case letters and digits, starting "
                          "with a letter (at most 31, not 'default'), e.g. --kb security")
    return name


def weaviate_prefix(settings: Settings, name: str) -> str:
    """The Weaviate collection prefix of a named knowledge base."""
    return f"{settings.weaviate_prefix}Kb{name.capitalize()}"


async def available(settings: Settings) -> list[str]:
    """The named knowledge bases that have been built, sorted."""
    if settings.weaviate_url:
        from retrieval import connect

        client = await connect(settings.weaviate_url, settings.weaviate_grpc_port, settings.weaviate_api_key)
        try:
            found = re.compile(rf"^{re.escape(settings.weaviate_prefix)}Kb([A-Z][a-z0-9]*)Chunk$")
            names = [m.group(1).lower() for c in await client.collections.list_all(simple=True)
                     if (m := found.match(c))]
        finally:
            await client.close()
    else:
        folder = settings.knowledge_base_dir()
        names = [p.stem for p in folder.glob("*.sqlite")] if folder.is_dir() else []
    return sorted(n for n in names if NAME.match(n) and n != "default")


class KnowledgeBases:
    """The default pipeline, and a pipeline per named knowledge base, opened on first use.

    Named ones share the default pipeline's model and settings; only the index differs.
    """

    def __init__(self, default: Pipeline, opener: Opener | None = None) -> None:
        self.default = default
        self._opener = opener
        self._open: dict[str, Pipeline] = {}
        self._opening = asyncio.Lock()  # two runs asking for the same one open it once

    async def pipeline(self, name: str | None) -> Pipeline:
        """The pipeline answering from `name` (None: the default)."""
        if not name:
            return self.default
        async with self._opening:
            if name not in self._open:
                self._open[name] = Pipeline(await self._index(name), self.default.llm, self.default.config)
        return self._open[name]

    async def _index(self, name: str) -> Index:
        if self._opener is None:
            raise KnowledgeBaseMissing(f"the knowledge base {name!r} cannot be opened here")
        try:
            return await self._opener(name)
        except Exception as exc:  # missing, unreadable, or the server refused: all say the same to the asker
            raise KnowledgeBaseMissing(f"the knowledge base {name!r} could not be opened: {exc}") from exc

    async def aclose(self) -> None:
        """Close the named knowledge bases' indexes (the default one belongs to the caller)."""
        for pipeline in self._open.values():
            await pipeline.index.close()
        self._open.clear()


class ChannelSources:
    """Which knowledge base answers in a channel (`/rfp config`), and which approved answers
    may be reused there: only those approved where the same knowledge base answers."""

    def __init__(self, knowledge: KnowledgeBases, channels: ChannelSettingsStore) -> None:
        self.knowledge = knowledge
        self._channels = channels

    async def pipeline(self, channel: str | None) -> Pipeline:
        """The pipeline over the channel's knowledge base; KnowledgeBaseMissing if it is gone."""
        settings = await self._channels.get(channel)
        return await self.knowledge.pipeline(settings.knowledge_base if settings else None)

    async def reusable(self, channel: str | None) -> Callable[[LibraryEntry], bool]:
        """Whether an approved answer may be reused in `channel`."""
        named = await self._channels.knowledge_bases()
        mine = named.get(channel or "")
        return lambda entry: named.get(entry.channel or "") == mine
