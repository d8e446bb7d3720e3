# The project's interface: `make play` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-prepared test-fast test-quick e2e web dist icons test-tools serve lint typecheck bench selfplay clean lock

# The dev tools and the package's dependencies at the versions of requirements-dev.lock,
# every file checked against its hashes; then our package itself, editable, adding nothing.
$(STAMP): pyproject.toml requirements-dev.lock
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --require-hashes -r requirements-dev.lock
	$(PY) -m pip install --quiet --no-deps -e .
	touch $(STAMP)

venv: $(STAMP)

# What building the site needs, and no more (`make web`, `make play`, `make dist`): a venv
# of its own with requirements-build.lock (Babel, hash-checked; the same pins as the dev
# lock); our code is read from the source tree. Node and npm install the runtime.
BUILD_VENV := build/venv
BUILD_PY := $(BUILD_VENV)/bin/python
BUILD_STAMP := $(BUILD_VENV)/.installed
$(BUILD_STAMP): requirements-build.lock
	$(PYTHON) -m venv $(BUILD_VENV)
	$(BUILD_PY) -m pip install --quiet --require-hashes -r requirements-build.lock
	touch $(BUILD_STAMP)

## lock: rewrite requirements-dev.lock from pyproject.toml's dev extra, resolved on PyPI by
## uv in a venv of its own (build/lock/) (the page ships no wheel: nothing to pin it to).
## Kept pins stay; `make lock UPGRADE=1` takes the newest.
LOCK_DIR := build/lock
UV_VERSION := 0.13.9
lock:
	rm -rf $(LOCK_DIR)
	$(PYTHON) -m venv $(LOCK_DIR)/venv
	$(LOCK_DIR)/venv/bin/python -m pip install --quiet uv==$(UV_VERSION)
	$(LOCK_DIR)/venv/bin/uv pip compile pyproject.toml --extra dev --universal \
	  --python-version 3.11 --generate-hashes \
	  --no-config --quiet --custom-compile-command 'make lock' $(if $(UPGRADE),--upgrade) \
	  --output-file requirements-dev.lock

## play: build the offline site and serve site/ on localhost (8000 or the next free port;
## `make play PORT=8080` chooses one)
play: web
	$(BUILD_PY) web/tools/serve.py $(if $(PORT),--port $(PORT))

## web: build the site folder site/ (pinned, hash-checked runtime and wheels; what any
## static host publishes, at its root or under a sub-path); needs only the build venv
web: $(BUILD_STAMP)
	PYTHONPATH=$(CURDIR) $(BUILD_PY) web/tools/build.py

## dist: site/ as one zip, dist/samarkand-site.zip (same files, same bytes), unpacking into
## one folder, samarkand-site/
dist: web
	$(BUILD_PY) web/tools/publish.py zip site dist/samarkand-site.zip

## icons: draw the app's PNG icons (web/assets/icons/, committed) from web/assets/logo.svg
icons: $(STAMP) chromium
	$(PY) web/tools/icons.py

## test-tools: test-only tools (axe-core) into build/test-tools/, never into the site
test-tools: $(BUILD_STAMP)
	PYTHONPATH=$(CURDIR) $(BUILD_PY) web/tools/build.py --test-tools

## test: every test (unit, property, end-to-end in Chromium), on every core (pytest-xdist;
## `make test JOBS=0` runs them in one process, `JOBS=2` on two). --dist worksteal: tests
## are shared out in halves and an idle worker takes over half of another's queue, so one
## long test does not leave a core idle at the end (measured: docs/speed.md, "The test suite")
## Before pytest, the two venvs, then lint, typecheck and the site's build run side by side
## (a make of their own, -j3, each one's output kept together): one after the other they
## were most of the minute a fresh clone spends before its first test (docs/speed.md).
## The test tools come after the build (both run web/tools/build.py).
JOBS ?= auto
XDIST := -n $(JOBS) --dist worksteal
test:
	@$(MAKE) --no-print-directory -j3 --output-sync=target test-prepared
	@$(MAKE) --no-print-directory test-tools chromium
	$(PY) -m pytest $(XDIST)

test-prepared: lint typecheck web

## test-fast: every test but the end-to-end ones in Chromium; test-quick: and not the slow
## ones either (marker `slow`), for a maintainer's minute
test-fast: $(STAMP)
	$(PY) -m pytest $(XDIST) -m "not e2e"

test-quick: $(STAMP)
	$(PY) -m pytest $(XDIST) -m "not e2e and not slow"

lint: $(STAMP)
	$(PY) -m ruff check samarkand_core merv_core savepack tests web benchmarks
	PYTHONPATH=web $(VENV)/bin/lint-imports --no-cache  # the layers: pyproject's [tool.importlinter]

# typecheck: mypy --strict over the core, the build (web/tools/; it reads web/boot.py, the
# code bundle's format, hence web/ on its path), and the page (its whole package and
# web/main.py, the worker's entry: it imports neither PyScript nor pyodide); then the
# tests, a little less strictly (pyproject's tests.* section), but for the few e2e
# modules named in pyproject.
typecheck: $(STAMP)
	MYPYPATH=web $(PY) -m mypy samarkand_core merv_core savepack web/tools/sitebuild web/tools/build.py \
	  web/tools/publish.py
	MYPYPATH=web $(PY) -m mypy web/main.py web/samarkand_web
	MYPYPATH=web:web/tools $(PY) -m mypy tests/core tests/tools tests/support tests/merv \
	  tests/page tests/e2e

chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
	  { (apt-get update -qq && apt-get install -y -qq chromium) || $(PY) -m playwright install chromium; }

## bench: speed figures (CPython, Pyodide in Chromium, page load and clicks) -> benchmarks/results.json
bench: $(STAMP) web chromium
	$(PY) benchmarks/run.py

selfplay: $(STAMP)
	$(PY) -m samarkand_core selfplay --players 4 --games 1000 --seed 1

clean:
	rm -rf $(VENV) web/vendor build dist site node_modules *.egg-info
