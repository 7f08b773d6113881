# The project's commands (see README.md). Works as root on a fresh Debian with Python, Node, npm.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
WHEELS := build/wheels
PYTEST_VERSION := $(shell sed -n 's/^ *"pytest==\([^"]*\)".*/\1/p' pyproject.toml)
# Deals of the engine's random simulation under Pyodide (kept small: the interpreter is slower).
PYODIDE_SIM_DEALS ?= 200

section = @printf '\n\033[1m==== %s ====\033[0m\n' "$(1)"

.PHONY: help setup build play test bench clean

help:
	@echo "make play   - install what is missing, build, serve the app on http://localhost:$(PORT)"
	@echo "make test   - install what is missing, build, run every test"
	@echo "make build  - write the static site into dist/"
	@echo "make bench  - engine and load-time figures"
	@echo "make clean  - remove build outputs"

setup: $(VENV)/.dev-installed node_modules/.npm-installed $(CHROMIUM) $(WHEELS)/.downloaded

$(VENV)/.dev-installed: pyproject.toml
	$(call section,setup: Python virtualenv)
	@if [ ! -x $(PY) ]; then \
	  $(PYTHON) -m venv $(VENV) || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv && \
	    rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }; \
	fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	@touch $@

node_modules/.npm-installed: package.json package-lock.json
	$(call section,setup: npm ci)
	npm ci --no-audit --no-fund
	@touch $@

$(CHROMIUM):
	$(call section,setup: Chromium from Debian)
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

# Pure-Python wheels that the Pyodide test runner unpacks (pytest and its dependencies).
$(WHEELS)/.downloaded: pyproject.toml | $(VENV)/.dev-installed
	$(call section,setup: wheels for the Pyodide test runner)
	@mkdir -p $(WHEELS)
	$(PY) -m pip download --quiet --only-binary=:all: --platform any --python-version 3.14 \
	  --implementation py --abi none -d $(WHEELS) pytest==$(PYTEST_VERSION)
	@touch $@

build: setup
	$(call section,build: dist/)
	$(PY) tools/build.py

play: build
	$(call section,play)
	$(PY) tools/serve.py --port $(PORT)

PYTEST_DIRS = $(wildcard tests/engine tests/web)

test: build
	$(call section,lint: ruff)
	$(PY) -m ruff check engine web tests tools
	$(call section,types: mypy)
	$(PY) -m mypy engine web
	$(call section,tests: engine and web under CPython (engine under Pyodide runs alongside))
	@mkdir -p build
	@BEZIQUE_SIM_DEALS=$(PYODIDE_SIM_DEALS) node tests/pyodide/run.mjs > build/pyodide-tests.log 2>&1 & \
	  pyodide=$$!; trap 'kill $$pyodide 2>/dev/null || true' EXIT; \
	  if [ -n "$(PYTEST_DIRS)" ]; then $(PY) -m pytest -m "not slow" $(PYTEST_DIRS); \
	  else echo "no tests/engine or tests/web yet"; fi; \
	  printf '\n\033[1m==== %s ====\033[0m\n' "tests: engine under Pyodide in Node.js"; \
	  status=0; wait $$pyodide || status=$$?; trap - EXIT; \
	  cat build/pyodide-tests.log; exit $$status
	$(call section,tests: end to end in Chromium)
	$(PY) -m pytest tests/e2e

bench: setup
	$(call section,bench: engine)
	$(PY) -m engine bench
	$(call section,bench: app load)
	$(PY) tools/bench_load.py

clean:
	rm -rf dist build .pytest_cache .mypy_cache .ruff_cache artifacts test-results
