# The two set-up commands of the README. Both work on a fresh clone.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
DEMO_QUESTION ?= Do you encrypt customer data at rest on AWS?

.PHONY: demo test install clean eval-dev llama
DEV_SET ?= ../shared/eval/sourcegraph

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

test: $(BIN)/.installed
	$(BIN)/pytest

llama: $(BIN)/.installed  # llama-server and a 0.5B model in ~/.cache/rfpbot, for the local-model tests
	$(BIN)/python -m tests.llama_server setup

eval-dev: $(BIN)/.installed  # the real-world development set (offline engine)
	$(BIN)/rfpbot eval --engine offline --corpus $(DEV_SET)/corpus --questions $(DEV_SET)/questions.csv

clean:
	rm -rf $(VENV) .pytest_cache
