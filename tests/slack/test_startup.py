"""What a command loads: `--help` nothing heavy, an offline `ask` no model client, no
Weaviate client, no Slack, no workbook library and no database library."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

HEAVY_FOR_ASK = ("openai", "weaviate", "slack_bolt", "slack_sdk", "openpyxl", "sqlite_utils", "aiohttp", "wordllama",
                 "requests")
HEAVY_FOR_HELP = HEAVY_FOR_ASK + ("numpy", "pydantic", "agents.pipeline")


def _imported(*args: str) -> tuple[subprocess.CompletedProcess, set[str]]:
    """Run `python -X importtime -m cli ARGS`; the process and every module it imported."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-m", "cli", *args], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ}, timeout=120)
    modules = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    return done, modules


def _heavy(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_help_lists_the_commands_and_loads_nothing_heavy():
    done, modules = _imported("--help")
    assert done.returncode == 0
    assert all(name in done.stdout for name in ("ingest", "ask", "batch", "serve", "review-log"))
    assert "argparse" in modules  # the parse did happen under -X importtime
    assert _heavy(modules, HEAVY_FOR_HELP) == []


def test_a_mistyped_command_fails_fast_with_usage():
    done, modules = _imported("aks", "a question")
    assert done.returncode == 2
    assert "invalid choice: 'aks'" in done.stderr
    assert _heavy(modules, HEAVY_FOR_HELP) == []


def test_an_offline_ask_answers_without_loading_clients_it_does_not_use(kb_index_path):
    done, modules = _imported("ask", "Do you encrypt customer data at rest on AWS?", "--index", str(kb_index_path),
                              "--engine", "offline")
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Supported" in done.stdout
    assert "agents.pipeline" in modules
    assert _heavy(modules, HEAVY_FOR_ASK) == []


@pytest.mark.parametrize("package", ["retrieval", "storage", "questionnaire", "agents", "services", "bot"])
def test_every_public_name_of_a_lazy_package_resolves(package):
    module = importlib.import_module(package)
    for name in module.__all__:
        assert getattr(module, name) is not None, f"{package}.{name}"
    with pytest.raises(AttributeError):
        getattr(module, "NoSuchName")


_WARM_THEN_ASK = """
import asyncio, sys
from pathlib import Path
from agents.pipeline import Pipeline
from retrieval import EmbeddedIndex, WordLlamaEmbedder

async def main():
    index = EmbeddedIndex(Path(sys.argv[1]), WordLlamaEmbedder())
    pipeline = Pipeline(index)
    await pipeline.warm_up()
    print("-- warmed --", file=sys.stderr, flush=True)
    result = await pipeline.run("Are you ISO 27001 certified, and is TLS 1.2 enforced?")
    print(result.synthesis.compliance_status)
    await index.close()

asyncio.run(main())
"""


def test_a_warmed_pipeline_loads_nothing_more_for_a_question_with_numbers(kb_index_path):
    # A served question pays no one-off load: the phone-number metadata the redaction reads
    # comes with the warm-up, not with the first question that has a number in it.
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", _WARM_THEN_ASK, str(kb_index_path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Supported" in done.stdout
    before, after = done.stderr.split("-- warmed --")
    assert "phonenumbers" in before
    assert [line for line in after.splitlines() if line.startswith("import time:")] == []
