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
# Chromium end-to-end tests run in this many processes (much of a test is waiting on the page),
# handed out by work stealing (no test file pins a worker).
E2E_WORKERS ?= 2
# The CPython tests run in this many processes (tools/run_tests.py: by default none besides
# pytest's own for `make test`, beside the other stages; two for `make test-long`).
UNIT_WORKERS ?=

# Independent steps run side by side (no output sync: `make play` prints its address while it
# serves); every step that may call apt-get waits for the one before it (order-only
# prerequisites below), as apt allows one at a time.
MAKEFLAGS += --jobs=2

section = @printf '\n\033[1m==== %s ====\033[0m\n' "$(1)"

.PHONY: help setup dev-env engines build play test test-long bench shots clean

help:
	@echo "make play   - install what is missing, build, serve the app on http://localhost:$(PORT)"
	@echo "make test   - install what is missing, build, run every test (stage times at the end)"
	@echo "make test-long - the long seeded simulations (2,000+ deals per variant), and"
	@echo "                 every guided deal in every language"
	@echo "make build  - write the static site into dist/"
	@echo "make bench  - engine and load-time figures"
	@echo "make shots  - the review pictures in every language and size (artifacts/)"
	@echo "make lighthouse - Lighthouse scores of the served build (median of 3)"
	@echo "make clean  - remove build outputs"

# The virtualenv, npm's packages and the Pyodide runner's wheels: made once per machine in a
# cache shared by every clone, named by the hash of their inputs, and linked here
# (tools/dev_env.py says why); npm beside pip.
setup: dev-env $(CHROMIUM)

dev-env:
	$(call section,setup: the virtualenv and npm packages (tools/dev_env.py))
	$(PYTHON) tools/dev_env.py

# Firefox and WebKit for the smoke tests: apt-get only for what is missing.
engines: | $(CHROMIUM)
	@missing=""; for pair in $(ENGINE_PACKAGES); do \
	  [ -e "$${pair#*:}" ] || missing="$$missing $${pair%%:*}"; done; \
	if [ -n "$$missing" ]; then \
	  printf '\n\033[1m==== %s ====\033[0m\n' "setup:$$missing from Debian"; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; fi

$(CHROMIUM): | dev-env
	$(call section,setup: Chromium from Debian)
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y chromium

build: setup
	$(call section,build: dist/)
	$(PY) tools/build.py

play: build
	$(call section,play)
	$(PY) tools/serve.py --port $(PORT)

# Stages and their times: tools/run_tests.py runs each stage as soon as what it needs has
# ended (it builds dist/ itself) and prints each one's start, length and CPU-seconds at the end.
test: setup engines
	@UNIT_WORKERS=$(UNIT_WORKERS) E2E_WORKERS=$(E2E_WORKERS) $(PY) tools/run_tests.py

# The long seeded simulations (2,000 and more deals per variant), run before resolving any
# engine change, and every variant's guided deal in every language.
test-long: setup engines
	@UNIT_WORKERS=$(UNIT_WORKERS) $(PY) tools/run_tests.py --long

bench: setup
	$(call section,bench: engine)
	$(PY) -m engine bench
	$(call section,bench: app load)
	$(PY) tools/bench_load.py

# `make test` takes no review pictures (tests/e2e/pictures.py); this runs the end-to-end tests
# with every language at every size they visit pictured in artifacts/.
shots: build
	BEZIQUE_SHOTS=all $(PY) -m pytest -p no:cacheprovider -n $(E2E_WORKERS) --dist worksteal \
	  tests/e2e

lighthouse: setup
	$(call section,lighthouse: the served build, mobile preset)
	$(PY) tools/lighthouse.py

clean:
	rm -rf dist build .pytest_cache .mypy_cache .ruff_cache artifacts test-results
