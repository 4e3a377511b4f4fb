"""`rfpbot ingest` and `rfpbot search` as a user runs them: output and exit codes."""

from __future__ import annotations

import json

from cli.main import main
from tests.conftest import KB


def test_ingest_then_search_share_the_default_index(capsys, tmp_path):
    assert main(["ingest", str(KB)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ingested 27 documents:") and "chunks added" in out
    assert (tmp_path / "data" / "index.sqlite").exists()

    assert main(["search", "Do you support SCIM?", "-k", "2"]) == 0
    out = capsys.readouterr().out
    assert "User provisioning with SCIM" in out and "identity/scim.md" in out

    assert main(["search", "GuardDuty", "--csp", "GCP", "--json", "-k", "4"]) == 0
    hits = json.loads(capsys.readouterr().out)
    assert len(hits) == 4
    assert set(hits[0]) >= {"title", "source_path", "csp", "score", "text"}
    assert {hit["csp"] for hit in hits} <= {"GCP", "General"}


def test_reingest_reports_everything_unchanged(capsys):
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["ingest", str(KB)]) == 0
    assert " 0 chunks added" in capsys.readouterr().out


def test_index_option_and_env_variable_choose_the_location(capsys, tmp_path, monkeypatch):
    assert main(["ingest", str(KB / "overview.md"), "--index", str(tmp_path / "x.sqlite")]) == 0
    monkeypatch.setenv("RFPBOT_INDEX", str(tmp_path / "x.sqlite"))
    capsys.readouterr()
    assert main(["search", "on-premises", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["source_path"] == "overview.md"


def test_missing_path_exits_2_with_a_clear_error(capsys, tmp_path):
    assert main(["ingest", str(tmp_path / "no-such-dir")]) == 2
    err = capsys.readouterr().err
    assert "no such file or directory" in err and "no-such-dir" in err
    assert not (tmp_path / "data" / "index.sqlite").exists()


def test_bad_files_warn_on_stderr_and_the_rest_is_ingested(capsys, tmp_path):
    folder = tmp_path / "docs"
    folder.mkdir()
    (folder / "good.md").write_text("# Good\n\nAll data is encrypted.")
    (folder / "empty.md").write_text("")
    assert main(["ingest", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "warning: skipped" in captured.err and "empty.md" in captured.err
    assert "1 documents" in captured.out and "1 files skipped" in captured.out


def test_empty_query_exits_2(capsys):
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["search", "  "]) == 2
    assert "query is empty" in capsys.readouterr().err


def test_search_before_ingest_says_to_ingest(capsys):
    assert main(["search", "anything"]) == 2
    assert "rfpbot ingest" in capsys.readouterr().err


def test_other_embedder_is_refused_with_the_rebuild_hint(capsys, monkeypatch):
    from tests.fakes.openai_server import FakeOpenAI

    main(["ingest", str(KB)])
    with FakeOpenAI().serve() as server:
        monkeypatch.setenv("RFPBOT_EMBEDDER", "openai")
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        capsys.readouterr()
        assert main(["search", "SCIM"]) == 2
        err = capsys.readouterr().err
        assert "wordllama" in err and "--rebuild" in err
        assert main(["ingest", str(KB), "--rebuild"]) == 0
        assert main(["search", "SCIM", "--json"]) == 0
    assert "identity/scim.md" in capsys.readouterr().out


def test_openai_embedder_without_key_is_a_config_error(capsys, monkeypatch):
    monkeypatch.setenv("RFPBOT_EMBEDDER", "openai")
    assert main(["ingest", str(KB)]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err


def test_a_named_knowledge_base_is_built_and_answered_from_beside_the_default(capsys, tmp_path):
    docs = tmp_path / "widgets"
    docs.mkdir()
    (docs / "vault.md").write_text("# Widget vault\n\nWidget vault secrets are sealed with ChaCha20-Poly1305.\n")
    assert main(["ingest", str(KB)]) == 0
    assert main(["ingest", str(docs), "--kb", "widgets"]) == 0
    capsys.readouterr()
    assert main(["search", "widget vault secrets", "--kb", "widgets", "--json"]) == 0
    assert {h["source_path"] for h in json.loads(capsys.readouterr().out)} == {"vault.md"}
    assert main(["search", "widget vault secrets", "--json"]) == 0
    assert "vault.md" not in {h["source_path"] for h in json.loads(capsys.readouterr().out)}
    assert main(["ask", "How are widget vault secrets sealed?", "--kb", "widgets"]) == 0
    assert "ChaCha20-Poly1305" in capsys.readouterr().out


def test_a_bad_knowledge_base_name_exits_2_saying_what_a_name_may_be(capsys, tmp_path):
    assert main(["ingest", str(KB), "--kb", "../etc"]) == 2
    assert "lower-case letters and digits" in capsys.readouterr().err
    assert main(["ask", "Do you support SSO?", "--kb", "nosuch"]) == 2
    assert "there is no knowledge base 'nosuch'" in capsys.readouterr().err
