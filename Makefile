# The project's commands (see README.md). Works as root on a fresh Debian with Python, Node, npm.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
CHROMIUM := /usr/bin/chromium
# The other engines' smoke tests (tests/smoke): Debian package and the file it provides.
ENGINE_PACKAGES := firefox-esr:/usr/bin/firefox-esr webkit2gtk-driver:/usr/bin/WebKitWebDriver \
  libwebkit2gtk-4.1-0:/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser \
  xvfb:/usr/bin/xvfb-run xauth:/usr/bin/xauth
WHEELS := build/wheels
PYTEST_VERSION := $(shell sed -n 's/^ *"pytest==\([^"]*\)".*/\1/p' pyproject.toml)
# Deals of the engine's random simulation under Pyodide (kept small: the interpreter is slower).
PYODIDE_SIM_DEALS ?= 200
# Chromium end-to-end tests run in this many processes (much of a test is waiting on the page).
E2E_WORKERS ?= 2
# The CPython tests run in this many processes, beside the Pyodide suite and the smoke
# tests: alone in one process they took minutes longer than those.
UNIT_WORKERS ?= 2

section = @printf '\n\033[1m==== %s ====\033[0m\n' "$(1)"

.PHONY: help setup engines build play test bench clean

help:
	@echo "make play   - install what is missing, build, serve the app on http://localhost:$(PORT)"
	@echo "make test   - install what is missing, build, run every test"
	@echo "make build  - write the static site into dist/"
	@echo "make bench  - engine and load-time figures"
	@echo "make lighthouse - Lighthouse scores of the served build (median of 3)"
	@echo "make clean  - remove build outputs"

setup: $(VENV)/.dev-installed node_modules/.npm-installed $(CHROMIUM) $(WHEELS)/.downloaded

# Firefox and WebKit for the smoke tests: apt-get only for what is missing.
engines:
	@missing=""; for pair in $(ENGINE_PACKAGES); do \
	  [ -e "$${pair#*:}" ] || missing="$$missing $${pair%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  printf '\n\033[1m==== %s ====\033[0m\n' "setup:$$missing from Debian"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; fi

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

test: build engines
	$(call section,lint: ruff)
	$(PY) -m ruff check engine web tests tools
	$(call section,types: mypy)
	$(PY) -m mypy engine web
	$(call section,tests: engine and web under CPython ($(UNIT_WORKERS) workers; alongside: engine under Pyodide, then Firefox and WebKit smoke tests))
	@mkdir -p build
	@( s=0; BEZIQUE_SIM_DEALS=$(PYODIDE_SIM_DEALS) node tests/pyodide/run.mjs > build/pyodide-tests.log 2>&1 || s=1; \
	    export BEZIQUE_DIST=dist; \
	    node --test tests/smoke/firefox.mjs > build/smoke-firefox.log 2>&1 || s=1; \
	    xvfb-run -a $(PY) -m pytest -p no:cacheprovider -s tests/smoke > build/smoke-webkit.log 2>&1 || s=1; \
	    exit $$s ) & \
	  others=$$!; trap 'kill $$others 2>/dev/null || true' EXIT; \
	  status=0; if [ -n "$(PYTEST_DIRS)" ]; then $(PY) -m pytest -n $(UNIT_WORKERS) -m "not slow" $(PYTEST_DIRS) || status=$$?; \
	  else echo "no tests/engine or tests/web yet"; fi; \
	  wait $$others || status=1; trap - EXIT; \
	  printf '\n\033[1m==== %s ====\033[0m\n' "tests: engine under Pyodide in Node.js"; \
	  cat build/pyodide-tests.log; \
	  printf '\n\033[1m==== %s ====\033[0m\n' "tests: smoke in Firefox (puppeteer-core, WebDriver BiDi)"; \
	  cat build/smoke-firefox.log; \
	  printf '\n\033[1m==== %s ====\033[0m\n' "tests: smoke in WebKitGTK (Selenium, under xvfb-run)"; \
	  cat build/smoke-webkit.log; exit $$status
	$(call section,tests: end to end in Chromium ($(E2E_WORKERS) workers, a test file each at a time))
	@$(PY) -m pytest -n $(E2E_WORKERS) --dist loadfile tests/e2e

bench: setup
	$(call section,bench: engine)
	$(PY) -m engine bench
	$(call section,bench: app load)
	$(PY) tools/bench_load.py

lighthouse: setup
	$(call section,lighthouse: the served build, mobile preset)
	$(PY) tools/lighthouse.py

clean:
	rm -rf dist build .pytest_cache .mypy_cache .ruff_cache artifacts test-results
