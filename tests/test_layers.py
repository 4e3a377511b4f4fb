"""The layers of docs/ARCHITECTURE.md, read from the source: a package imports only the layers under it,
and no private name of another package."""

from __future__ import annotations

import ast
import collections
import importlib
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Each package and what it may import (besides itself). Read top-down: a package is never imported by
# one it may import.
MAY_IMPORT = {
    "common": set(),
    "retrieval": {"common"},
    "agents": {"retrieval", "common"},
    "storage": {"common"},
    "questionnaire": {"common"},
    "services": {"questionnaire", "agents", "retrieval", "storage", "common"},
    "bot": {"services", "questionnaire", "agents", "retrieval", "storage", "common"},
    "cli": {"bot", "services", "questionnaire", "agents", "retrieval", "storage", "common"},
}


def _imports(path: Path) -> list[tuple[str, list[str], int]]:
    """(module imported, names imported from it, line) for every absolute import of a file, at any depth."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name, [], node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, [alias.name for alias in node.names], node.lineno))
    return found


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_every_package_of_the_source_has_its_layer():
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages - {"tests", "bench"} == set(MAY_IMPORT), "a new package needs its place in the layers"


def test_no_package_holds_more_than_fifteen_modules():
    # A room a newcomer can take in at a glance, the tests' packages as much as the source's. (bench/ is
    # a folder of scripts run by name, not a package.)
    packages = {path.parent for path in ROOT.glob("*/**/__init__.py") if ".venv" not in path.parts}
    crowded = {str(p.relative_to(ROOT)): n for p in packages if (n := len(list(p.glob("*.py")))) > 15}
    assert len(packages) > 20 and not crowded, f"packages with more than 15 modules: {crowded}"


def test_no_package_imports_a_layer_it_must_not():
    wrong = []
    for package, allowed in MAY_IMPORT.items():
        for path in _modules(package):
            for module, _, line in _imports(path):
                top = module.split(".")[0]
                if top in MAY_IMPORT and top != package and top not in allowed:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {module}")
    assert not wrong, "imports against the layers (docs/ARCHITECTURE.md):\n" + "\n".join(wrong)


def test_only_the_slack_app_and_the_command_line_import_slack():
    wrong = [f"{path.relative_to(ROOT)}:{line} imports {module}"
             for package in set(MAY_IMPORT) - {"bot", "cli"} for path in _modules(package)
             for module, _, line in _imports(path) if module.split(".")[0] in ("slack_sdk", "slack_bolt")]
    assert not wrong, "Slack outside bot/:\n" + "\n".join(wrong)


def test_no_private_name_is_imported_across_packages():
    wrong = []
    for package in MAY_IMPORT:
        for path in _modules(package):
            for module, names, line in _imports(path):
                top = module.split(".")[0]
                private = [n for n in names if n.startswith("_")] + [p for p in module.split(".") if p.startswith("_")]
                if top in MAY_IMPORT and top != package and private:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {', '.join(private)} from {module}")
    assert not wrong, "private names used across packages:\n" + "\n".join(wrong)


def test_other_packages_are_used_through_what_their_root_exports():
    """`from agents import Pipeline`, not `from agents.pipeline import Pipeline`: a package's `__init__`
    lists what the others may use, so its modules can move without breaking them."""
    wrong = []
    for package in MAY_IMPORT:
        for path in _modules(package):
            for module, names, line in _imports(path):
                top = module.split(".")[0]
                if top not in MAY_IMPORT or top == package:
                    continue
                exported = set(importlib.import_module(top).__all__)
                if module != top or not set(names) <= exported:
                    wrong.append(f"{path.relative_to(ROOT)}:{line} imports {', '.join(names) or module} from {module}")
    assert not wrong, "imports past a package's public names:\n" + "\n".join(wrong)


# How high each package sits: a call from one package into another goes down, to a lower rank.
RANK = {"common": 0, "retrieval": 1, "storage": 1, "questionnaire": 1, "agents": 2, "services": 3, "bot": 4, "cli": 5}
# The callbacks a caller hands down, called back up: the pipeline's progress events (the bot renders them)
# and the queue's wake-up of an in-process worker.
CALLBACKS = {("agents", "bot", "ProgressMessage.on_event"), ("services", "cli", "InProcessWorker.notify")}


async def test_a_question_from_slack_goes_down_the_layers_and_back_up_only_through_its_callbacks(
        slack, kb_index, embedder, tmp_path):
    """Every call between packages while a mention is answered, on every thread (the worker has its
    own): each goes down a layer, or is a callback a higher layer handed down."""
    from agents import Pipeline
    from tests.slack_harness import start_app

    calls: collections.Counter = collections.Counter()

    def record(frame, event, _arg):
        if event != "call" or frame.f_back is None:
            return
        callee = frame.f_globals.get("__name__", "").split(".")[0]
        caller = frame.f_back.f_globals.get("__name__", "").split(".")[0]
        if callee in RANK and caller in RANK and callee != caller:
            calls[(caller, callee, frame.f_code.co_qualname if RANK[callee] > RANK[caller] else "")] += 1

    threading.setprofile(record)  # before the app starts: its worker's thread is profiled from its start
    sys.setprofile(record)
    app = None
    try:
        app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
        await app.sender.mention("Do you support SAML 2.0 single sign-on?", ts="1000.1")
        await app.settle()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
        if app is not None:
            await app.stop()
    down = {(caller, callee) for caller, callee, name in calls if not name}
    up = {key for key in calls if key[2]}
    assert {("bot", "services"), ("services", "agents"), ("agents", "retrieval"), ("services", "storage")} <= down
    assert ("agents", "bot", "ProgressMessage.on_event") in up, "the worker's thread was profiled"
    assert up <= CALLBACKS, f"calls back up a layer that no caller handed down: {up - CALLBACKS}"
    assert any("confidence" in str(m.get("blocks")) for m in slack.thread("C1", "1000.1")), "the answer was posted"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_graph() -> dict[str, set[str]]:
    """Each module of the source and the modules of ours it imports when it is loaded (module level)."""
    modules = {_module_name(path): path for package in MAY_IMPORT for path in _modules(package)}
    graph = {}
    for name, path in modules.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom):
                base = here.split(".")[: len(here.split(".")) - max(node.level - 1, 0)] if node.level else []
                target = ".".join(base + ([node.module] if node.module else []))
                found |= {t for t in [target, *(f"{target}.{a.name}" for a in node.names)] if t in modules}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in modules}
        graph[name] = found - {name}
    return graph


def test_no_module_imports_itself_back():
    graph, state, cycles = _module_graph(), {}, []

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for other in sorted(graph[module]):
            if state.get(other) == "open":
                cycles.append(" → ".join(path[path.index(other):] + [module, other]) if other in path
                              else f"{module} → {other}")
            elif other not in state:
                visit(other, path + [module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])
    assert len(graph) > 150 and not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_check_sees_a_wrong_import(tmp_path):
    """The checker itself: an import of bot from storage is found."""
    module = tmp_path / "bad.py"
    module.write_text("def f():\n    from bot.app import build\n    import agents.contracts\n", encoding="utf-8")
    assert [(m, line) for m, _, line in _imports(module)] == [("bot.app", 2), ("agents.contracts", 3)]
