"""Weaviate unreachable, or going away mid-ingest: clear errors, nothing inconsistent, re-run completes."""

from __future__ import annotations

import asyncio
import json

import pytest

from agents.pipeline import Pipeline
from cli.main import main
from retrieval import RetrievalError, ingest
from retrieval.weaviate_index import WeaviateIndex, WeaviateUnreachable, connect
from services.knowledge import available
from services.settings import Settings
from tests.conftest import KB
from tests.fakes.server import free_ports


def _dead_url() -> str:
    return f"http://127.0.0.1:{free_ports()[0]}"


async def test_unreachable_server_is_named():
    url = _dead_url()
    with pytest.raises(WeaviateUnreachable, match=url.replace(".", r"\.")):
        await connect(url, 1)


def test_cli_exits_2_naming_the_url(capsys, monkeypatch):
    url = _dead_url()
    monkeypatch.setenv("WEAVIATE_URL", url)
    assert main(["ingest", str(KB)]) == 2
    err = capsys.readouterr().err
    assert f"cannot reach Weaviate at {url}" in err and "WEAVIATE_URL" in err
    assert main(["search", "SCIM"]) == 2


def test_cli_works_unchanged_against_weaviate(capsys, monkeypatch, weaviate_server):
    monkeypatch.setenv("WEAVIATE_URL", weaviate_server.url)
    monkeypatch.setenv("WEAVIATE_GRPC_PORT", str(weaviate_server.grpc_port))
    monkeypatch.setenv("RFPBOT_WEAVIATE_PREFIX", "CliTest")
    assert main(["ingest", str(KB), "--rebuild"]) == 0
    assert "27 documents" in capsys.readouterr().out
    assert main(["search", "GuardDuty integration", "--csp", "AWS", "-k", "1"]) == 0
    assert "connectors/aws.md" in capsys.readouterr().out
    assert main(["ask", "Do you support SCIM provisioning?"]) == 0
    assert "Partially Supported" in capsys.readouterr().out


def test_named_knowledge_bases_live_in_their_own_collections(capsys, monkeypatch, weaviate_server, tmp_path):
    monkeypatch.setenv("WEAVIATE_URL", weaviate_server.url)
    monkeypatch.setenv("WEAVIATE_GRPC_PORT", str(weaviate_server.grpc_port))
    monkeypatch.setenv("RFPBOT_WEAVIATE_PREFIX", "KbTest")
    docs = tmp_path / "widgets"
    docs.mkdir()
    (docs / "vault.md").write_text("# Widget vault\n\nWidget vault secrets are sealed with ChaCha20-Poly1305.\n")
    assert main(["ingest", str(docs), "--kb", "widgets", "--rebuild"]) == 0
    assert main(["ingest", str(KB / "overview.md"), "--rebuild"]) == 0
    capsys.readouterr()
    assert main(["search", "widget vault secrets", "--kb", "widgets", "-k", "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["source_path"] == "vault.md"
    assert asyncio.run(available(Settings())) == ["widgets"]


async def test_server_going_away_mid_ingest_then_rerun_completes(tmp_path, embedder, kb_copy):
    from tests.weaviate_server import WeaviateServer, WeaviateUnavailable, find_or_build

    try:
        binary, _ = find_or_build()
    except WeaviateUnavailable as exc:
        pytest.skip(str(exc))
    data = tmp_path / "weaviate-data"
    data.mkdir()
    server = WeaviateServer.start(data, binary)
    try:
        index = await WeaviateIndex.open(await connect(server.url, server.grpc_port), embedder, url=server.url,
                                         prefix="Flaky", embed_batch=20)
        batches = []

        def stop_after_two(done: int, total: int) -> None:
            batches.append(done)
            if len(batches) == 2:
                server.stop()

        with pytest.raises(RetrievalError, match="Weaviate at"):
            await ingest([kb_copy], index, progress=stop_after_two)
        await index.close()

        server = WeaviateServer.start(data, binary, ports=server.ports)
        index = await WeaviateIndex.open(await connect(server.url, server.grpc_port), embedder, url=server.url,
                                         prefix="Flaky", create=False)
        partial = await index.stats()
        assert partial.documents == 0 and 0 < partial.chunks < 108, "chunks imported before the stop are kept"
        summary = await ingest([kb_copy], index)
        assert summary.chunks_unchanged == 0 and summary.documents == 27
        complete = await index.stats()
        assert (complete.documents, complete.chunks) == (27, 108)
        again = await ingest([kb_copy], index)
        assert again.chunks_added == 0
        result = await Pipeline(index).run("Are you ISO 27001 certified?")
        assert result.synthesis.compliance_status == "Fully Supported"
        await index.close()
    finally:
        server.stop()


async def test_objects_weaviate_refuses_are_reported(weaviate_server, embedder, kb_copy):
    from retrieval.weaviate_index import ImportFailed
    from tests.conftest import HashEmbedder

    index = await WeaviateIndex.open(await connect(weaviate_server.url, weaviate_server.grpc_port), embedder,
                                     url=weaviate_server.url, prefix="Refused", rebuild=True)
    await ingest([kb_copy / "overview.md"], index)
    await index.close()
    # Same name, other dimension: only Weaviate can notice, and each refused object is reported.
    impostor = HashEmbedder(name=embedder.name, dim=64)
    index = await WeaviateIndex.open(await connect(weaviate_server.url, weaviate_server.grpc_port), impostor,
                                     url=weaviate_server.url, prefix="Refused")
    with pytest.raises(ImportFailed, match=r"Weaviate refused \d+ of \d+ objects: .*"):
        await ingest([kb_copy / "identity/mfa.md"], index)
    assert (await index.stats()).documents == 1
    await index.drop()
    await index.close()


async def test_index_failure_while_serving_reaches_the_thread(weaviate_server, embedder, kb_copy, tmp_path):
    from tests.fakes.slack_server import FakeSlack
    from tests.slack_harness import start_app

    async def open_index():
        client = await connect(weaviate_server.url, weaviate_server.grpc_port)
        return await WeaviateIndex.open(client, embedder, url=weaviate_server.url, prefix="Vanishing")

    index = await open_index()
    await ingest([kb_copy / "overview.md"], index)
    await index.close()
    opened = []

    async def pipeline():  # built on the worker's loop, as `rfpbot worker` builds it
        opened.append(await open_index())
        await opened[0].drop()  # someone deletes the collections under the running bot
        return Pipeline(opened[0])

    slack = FakeSlack()
    with slack.serve() as server:
        app = await start_app(slack, server.url, tmp_path, pipeline, embedder)
        await app.sender.mention("Do you offer an on-premises deployment?", ts="77.1")
        await app.settle()
        await app.stop()
    last = slack.thread("C1", "77.1")[-1]["text"]
    assert last.startswith(":warning: I couldn't answer this:") and f"Weaviate at {weaviate_server.url}" in last
