# The project's interface: `make play` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test test-fast e2e web dist icons test-tools serve lint typecheck bench selfplay clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

venv: $(STAMP)

## play: build the offline site and serve site/ on localhost (8000 or the next free port;
## `make play PORT=8080` chooses one)
play: web
	$(PY) web/serve.py $(if $(PORT),--port $(PORT))

## web: build the site folder site/ (pinned, hash-checked runtime and wheels; what any
## static host publishes, at its root or under a sub-path)
web: $(STAMP)
	$(PY) web/build.py

## dist: site/ as one zip, dist/samarkand-site.zip (same files, same bytes)
dist: web
	$(PY) web/publish.py zip site dist/samarkand-site.zip

## icons: draw the app's PNG icons (web/assets/icons/, committed) from web/assets/logo.svg
icons: $(STAMP) chromium
	$(PY) web/icons.py

## test-tools: test-only tools (axe-core) into build/test-tools/, never into the site
test-tools: $(STAMP)
	$(PY) web/build.py --test-tools

## test: every test (unit, property, end-to-end in Chromium)
test: $(STAMP) lint typecheck web test-tools chromium
	$(PY) -m pytest

test-fast: $(STAMP)
	$(PY) -m pytest -m "not e2e"

lint: $(STAMP)
	$(PY) -m ruff check samarkand_core tests web benchmarks

typecheck: $(STAMP)
	$(PY) -m mypy samarkand_core

chromium:
	@command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || \
	  { (apt-get update -qq && apt-get install -y -qq chromium) || $(PY) -m playwright install chromium; }

## bench: speed figures (CPython, Pyodide in Chromium, page load and clicks) -> benchmarks/results.json
bench: $(STAMP) web chromium
	$(PY) benchmarks/run.py

selfplay: $(STAMP)
	$(PY) -m samarkand_core selfplay --players 4 --games 1000 --seed 1

clean:
	rm -rf $(VENV) web/vendor build dist site *.egg-info
