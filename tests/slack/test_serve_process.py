"""`rfpbot serve --http` as an operator runs it: a real process, its worker process, the fake Slack."""

from __future__ import annotations

import asyncio
import csv
import json
import os
import sqlite3
import subprocess
import sys

import aiohttp
import pytest

from tests.conftest import KB, ROOT
from tests.fakes.server import free_ports
from tests.fakes.slack_requests import SIGNING_SECRET, SlackSender
from tests.fakes.slack_server import TOKEN
from tests.questionnaires import answered_rows, column_values, security_workbook


def _env(slack_url: str, data_dir) -> dict:
    return {**os.environ, "SLACK_BOT_TOKEN": TOKEN, "SLACK_SIGNING_SECRET": SIGNING_SECRET,
            "SLACK_API_URL": slack_url + "/api/", "RFPBOT_DATA_DIR": str(data_dir), "RFPBOT_ENGINE": "offline"}


def _cli(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cli", *args], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.parametrize("workers", ["1", "0"])
async def test_serve_answers_through_its_worker(slack, tmp_path, workers):
    env = _env(slack.url, tmp_path)
    assert _cli("ingest", str(KB), env=env).returncode == 0
    port = free_ports()[0]
    server = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--http", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", workers], env=env, cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        async with aiohttp.ClientSession() as session:
            for _ in range(200):
                try:
                    async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                        if response.status == 200:
                            break
                except aiohttp.ClientError:
                    await asyncio.sleep(0.1)
            for _ in range(600):  # ready once its worker has loaded (a balancer's readiness probe)
                async with session.get(f"http://127.0.0.1:{port}/readyz") as response:
                    readiness = (response.status, await response.json())
                if readiness[0] == 200:
                    break
                assert readiness[1]["workers"] == 1 and readiness[1]["workers_ready"] == 0
                await asyncio.sleep(0.1)
            assert readiness == (200, {"ready": True, "workers_ready": int(workers), "workers": int(workers)})
            sender = SlackSender(f"http://127.0.0.1:{port}/slack/events", session)
            assert (await sender.mention("Are you ISO 27001 certified?", ts="900.1")).status == 200
            for _ in range(300):
                answers = [m for m in slack.thread("C1", "900.1") if "confidence" in json.dumps(m.get("blocks", []))]
                if answers:
                    break
                await asyncio.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert answers and "ISO/IEC 27001:2022" in json.dumps(answers[0]["blocks"])
    assert server.returncode == 0, "SIGTERM is a clean stop"
    assert not _workers_of(tmp_path), "the worker process stops with the server"


def _workers_of(data_dir) -> list[int]:
    """Pids of `rfpbot worker` processes whose environment names this data dir."""
    pids = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
            with open(f"/proc/{entry}/environ", "rb") as f:
                environ = f.read()
        except OSError:
            continue
        if b"cli\x00worker" in cmdline and f"RFPBOT_DATA_DIR={data_dir}".encode() in environ:
            pids.append(int(entry))
    return pids


def test_serve_without_an_index_says_to_ingest(slack, tmp_path):
    result = _cli("serve", "--http", "--port", str(free_ports()[0]), env=_env(slack.url, tmp_path))
    assert result.returncode == 2 and "rfpbot ingest" in result.stderr


def test_serve_without_a_token_says_which_setting(tmp_path):
    env = {k: v for k, v in _env("http://127.0.0.1:9", tmp_path).items() if k != "SLACK_BOT_TOKEN"}
    result = _cli("serve", "--http", env=env)
    assert result.returncode == 2 and "SLACK_BOT_TOKEN" in result.stderr


async def test_a_killed_server_takes_its_workers_with_it(slack, tmp_path):
    env = _env(slack.url, tmp_path)
    assert _cli("ingest", str(KB), env=env).returncode == 0
    port = free_ports()[0]
    server = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--http", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", "1"], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(300):
            if _workers_of(tmp_path):
                break
            await asyncio.sleep(0.1)
        assert _workers_of(tmp_path), "serve started a worker"
    finally:
        server.kill()  # SIGKILL: no chance to stop its children
        server.wait(timeout=30)
    for _ in range(300):  # an orphan would keep claiming and answering runs
        if not _workers_of(tmp_path):
            break
        await asyncio.sleep(0.1)
    assert not _workers_of(tmp_path), "the orphaned worker stopped"


async def _serving(env: dict, port: int) -> subprocess.Popen:
    server = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--http", "--host", "127.0.0.1",
                               "--port", str(port), "--workers", "1"], env=env, cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    async with aiohttp.ClientSession() as session:
        for _ in range(300):
            try:
                async with session.get(f"http://127.0.0.1:{port}/healthz") as response:
                    # Our process, not another test's server that took the port after an earlier run released it.
                    if response.status == 200 and server.poll() is None:
                        return server
            except aiohttp.ClientError:
                pass
            await asyncio.sleep(0.1)
    raise AssertionError("serve did not start")




async def test_a_questionnaire_job_survives_a_restart_and_resumes(slack, tmp_path):
    # A lease longer than the test: on a loaded machine (the Weaviate and local-model tests beside it) a lease of
    # 60 s ran out while the resumed job was still working, and the job, requeued by the sweep, never finished
    # (see the closing note of this change). The stop on SIGTERM hands the job back itself.
    env = {**_env(slack.url, tmp_path), "RFPBOT_LEASE_SECONDS": "600"}
    assert _cli("ingest", str(KB), env=env).returncode == 0
    with open(ROOT / "examples" / "questions.csv", newline="") as f:
        base = [row["question"] for row in csv.DictReader(f)]
    questions = [f"{q.rstrip('?')} (item {n})?" for n in range(10) for q in base]
    file = slack.add_file("big.xlsx", security_workbook(questions, heading_every=50))
    port = free_ports()[0]
    server = await _serving(env, port)
    try:
        async with aiohttp.ClientSession() as session:
            sender = SlackSender(f"http://127.0.0.1:{port}/slack/events", session)
            assert (await sender.mention("", ts="3000.1", files=[file])).status == 200
        for _ in range(600):
            if answered_rows(tmp_path) >= 20:
                break
            await asyncio.sleep(0.05)
    finally:
        server.terminate()
        server.wait(timeout=60)
    stopped_at = answered_rows(tmp_path)
    assert 20 <= stopped_at < len(questions), "stopped part-way"
    assert not slack.uploaded("C1", "3000.1")

    server = await _serving(env, free_ports()[0])  # a new port: nothing that took the old one is mistaken for it
    try:
        for _ in range(1200):
            if slack.uploaded("C1", "3000.1"):
                break
            await asyncio.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=60)
    assert slack.uploaded("C1", "3000.1"), (f"the resumed job did not finish ({answered_rows(tmp_path)} rows "
                                            f"answered); serve said: {server.stderr.read().decode()[-2000:]}")
    [upload] = slack.uploaded("C1", "3000.1")
    answers = column_values(upload["data"], "Security", "Answer")
    assert sum(1 for v in answers.values() if v) == len(questions)
    with sqlite3.connect(tmp_path / "rfpbot.sqlite") as db:
        distinct = db.execute("SELECT COUNT(*) FROM batch_rows WHERE same_as IS NULL").fetchone()[0]
        assert db.execute("SELECT COUNT(*) FROM runs WHERE batch_id IS NOT NULL").fetchone()[0] == distinct, \
            "no question was answered twice"
    progress = [m for m in slack.thread("C1", "3000.1") if "big.xlsx" in m["text"] and "answered" in m["text"]]
    assert len(progress) == 1 and f"{len(questions)}/{len(questions)} answered" in progress[0]["text"]
    assert slack.downloads.count(file["id"]) == 1, "the file was fetched once; the job kept it"


async def test_readiness_says_503_until_every_worker_has_loaded():
    from aiohttp.test_utils import TestServer

    from bot.app import health_app

    loaded = [0]
    async with TestServer(health_app(lambda: (loaded[0], 2)), host="127.0.0.1") as server:
        async with aiohttp.ClientSession() as session:
            async with session.get(server.make_url("/readyz")) as response:
                assert (response.status, await response.json()) == (503, {"ready": False, "workers_ready": 0,
                                                                          "workers": 2})
            loaded[0] = 2
            async with session.get(server.make_url("/readyz")) as response:
                assert response.status == 200 and (await response.json())["ready"] is True
            async with session.get(server.make_url("/healthz")) as response:
                assert response.status == 200, "alive all along"
