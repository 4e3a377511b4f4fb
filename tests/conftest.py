"""Shared fixtures. No test reaches the internet: see network_guard."""

from __future__ import annotations

import shutil
import zlib
from pathlib import Path

import numpy as np
import pytest

from retrieval import EmbeddedIndex, WordLlamaEmbedder
from tests import network_guard

network_guard.install()

ROOT = Path(__file__).resolve().parent.parent
KB = ROOT / "examples" / "kb"
QUESTIONS = ROOT / "examples" / "questions.csv"


@pytest.fixture(autouse=True)
def _isolated_env(monkeypatch, tmp_path):
    """Commands under test use a throwaway data dir and never a developer's .env or keys."""
    for name in ("OPENAI_API_KEY", "OPENAI_BASE_URL", "RFPBOT_INDEX", "RFPBOT_EMBEDDER", "WEAVIATE_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("RFPBOT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="session")
def embedder() -> WordLlamaEmbedder:
    """The real default embedder, loaded once."""
    return WordLlamaEmbedder()


@pytest.fixture
def kb_copy(tmp_path) -> Path:
    """A private copy of the sample knowledge base that a test may edit."""
    target = tmp_path / "kb"
    shutil.copytree(KB, target)
    return target


@pytest.fixture
async def index(tmp_path, embedder):
    """An empty embedded index in a real file."""
    idx = EmbeddedIndex(tmp_path / "index.sqlite", embedder)
    yield idx
    await idx.close()


class HashEmbedder:
    """A deterministic bag-of-words embedder with its own name (for mismatch tests)."""

    def __init__(self, name: str = "test:hash", dim: int = 64) -> None:
        self.name = name
        self.dim = dim

    async def embed(self, texts):
        rows = np.zeros((len(texts), self.dim), dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.lower().split():
                rows[i, zlib.crc32(word.encode()) % self.dim] += 1.0
        norms = np.linalg.norm(rows, axis=1, keepdims=True)
        return rows / np.where(norms == 0, 1, norms)

    async def aclose(self) -> None:
        """Nothing to release."""


class FailingEmbedder(HashEmbedder):
    """Fails after embedding `ok_calls` batches, like a model server going away."""

    def __init__(self, ok_calls: int = 0, **kwargs) -> None:
        super().__init__(**kwargs)
        self.ok_calls = ok_calls

    async def embed(self, texts):
        from retrieval import EmbeddingError

        if self.ok_calls <= 0:
            raise EmbeddingError("embedding service unavailable")
        self.ok_calls -= 1
        return await super().embed(texts)


@pytest.fixture(scope="session")
def kb_index_path(tmp_path_factory) -> Path:
    """The sample knowledge base ingested once per session (tests only read it)."""
    import asyncio

    from retrieval import ingest

    path = tmp_path_factory.mktemp("kb-index") / "index.sqlite"

    async def build():
        idx = EmbeddedIndex(path, WordLlamaEmbedder())
        await ingest([KB], idx)
        await idx.close()

    asyncio.run(build())
    return path


@pytest.fixture
async def kb_index(kb_index_path, embedder):
    """A read-only connection to the ingested sample knowledge base."""
    idx = EmbeddedIndex(kb_index_path, embedder, create=False)
    yield idx
    await idx.close()


@pytest.fixture
async def poisoned_index(kb_copy, tmp_path, embedder):
    """The sample knowledge base plus a planted page (see documents.poisoned_kb)."""
    from retrieval import ingest
    from tests.documents import poisoned_kb

    poisoned_kb(kb_copy)
    idx = EmbeddedIndex(tmp_path / "poisoned.sqlite", embedder)
    await ingest([kb_copy], idx)
    yield idx
    await idx.close()


@pytest.fixture(scope="session")
def postgres_server():
    """A real PostgreSQL cluster started for the session (initdb + pg_ctl); skipped without the
    binaries, failed with RFPBOT_REQUIRE_POSTGRES=1."""
    import os
    import shutil
    import tempfile

    from tests.postgres_server import PostgresServer, PostgresUnavailable

    # Not under pytest's own temporary folder: as root, the cluster's owner must be able to reach it.
    folder = Path(tempfile.mkdtemp(prefix="rfpbot-pg-"))
    try:
        server = PostgresServer.start(folder)
    except PostgresUnavailable as exc:
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get("RFPBOT_REQUIRE_POSTGRES") == "1":
            pytest.fail(f"RFPBOT_REQUIRE_POSTGRES=1 but no PostgreSQL server: {exc}")
        pytest.skip(f"no PostgreSQL server: {exc}")
    yield server
    server.stop()
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def weaviate_server(tmp_path_factory):
    """A real Weaviate: WEAVIATE_URL if set, else a weaviate-server started here (built once if needed)."""
    import os

    from tests.weaviate_server import WeaviateServer, WeaviateUnavailable, find_or_build

    if os.environ.get("WEAVIATE_URL"):
        from urllib.parse import urlparse

        url = os.environ["WEAVIATE_URL"]
        yield WeaviateServer(urlparse(url).port or 8080, int(os.environ.get("WEAVIATE_GRPC_PORT", "50051")))
        return
    try:
        binary, _ = find_or_build()
        server = WeaviateServer.start(tmp_path_factory.mktemp("weaviate"), binary)
    except WeaviateUnavailable as exc:
        if os.environ.get("RFPBOT_REQUIRE_WEAVIATE") == "1":
            pytest.fail(f"RFPBOT_REQUIRE_WEAVIATE=1 but no Weaviate server: {exc}")
        pytest.skip(f"no Weaviate server: {exc}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def llama_url(tmp_path_factory):
    """The base URL (…/v1) of a real local model: LLAMA_URL if set, else a llama-server started here
    from the cache that `make llama` fills. Skipped without one, failed with RFPBOT_REQUIRE_LLAMA=1."""
    import os

    from tests.fakes.server import free_ports
    from tests.llama_server import LlamaServer, LlamaUnavailable, find

    if os.environ.get("LLAMA_URL"):
        yield os.environ["LLAMA_URL"]
        return
    try:
        binary, model = find()
        server = LlamaServer.start(binary, model, tmp_path_factory.mktemp("llama") / "llama.log", free_ports(1)[0])
    except LlamaUnavailable as exc:
        if os.environ.get("RFPBOT_REQUIRE_LLAMA") == "1":
            pytest.fail(f"RFPBOT_REQUIRE_LLAMA=1 but no local model: {exc}")
        pytest.skip(f"no local model: {exc}")
    yield server.url
    server.stop()


@pytest.fixture
def slack():
    """A fresh fake Slack Web API on loopback (with one user group, SREVIEW)."""
    from tests.fakes.slack_server import FakeSlack

    fake = FakeSlack(usergroups={"SREVIEW": ["UGROUPIE"]})
    with fake.serve() as server:
        fake.url = server.url
        yield fake


@pytest.fixture
async def app(slack, kb_index, embedder, tmp_path):
    """The Slack app as `rfpbot serve --http --workers 0` runs it, on the sample index, with reviewer UREV."""
    from agents.pipeline import Pipeline
    from tests.slack_harness import start_app

    running = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, reviewers="UREV")
    yield running
    await running.stop()


@pytest.fixture
async def harness(kb_index):
    """The OpenAI engine against the fake server with a scripted model (see openai_harness)."""
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.scripted_model import ScriptedModel
    from tests.openai_harness import Harness

    model = ScriptedModel()
    fake = FakeOpenAI(chat=model)
    with fake.serve() as server:
        harness = Harness(fake, model, server.url, kb_index)
        yield harness
        for client in harness.clients:
            await client.close()


# What a session or a module builds once (a Weaviate, a llama-server, a development set's
# answers) is built once per xdist worker that needs it: the tests using it share a group, so
# one worker runs them all (`make test` runs `pytest -n 2 --dist loadgroup`).
_FIXTURE_GROUPS = {"weaviate_server": "weaviate", "llama_url": "llama", "postgres_server": "postgres"}
_MODULE_GROUPS = {"test_dev_sets_all.py": "dev-sets", "test_storage_contract.py": "postgres",
                  "test_postgres_replicas.py": "postgres"}


def pytest_collection_modifyitems(items):
    """Put each test that uses a shared server, or a module's shared answers, in its xdist group."""
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        group = next((g for f, g in _FIXTURE_GROUPS.items() if f in fixtures), _MODULE_GROUPS.get(item.path.name))
        if group:
            item.add_marker(pytest.mark.xdist_group(group))
