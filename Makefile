# Scorekeeper. `make run` serves the app; `make test` runs every check and test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
HOST ?= 0.0.0.0
TRANSLATIONS := scorekeeper/translations
CHROMIUM ?= /usr/bin/chromium
## The suite runs in parallel (pytest-xdist), each worker with its own databases and servers: the browser
## journeys on a worker of their own, the rest on one worker per core, niced (tests/conftest.py).
## WORKERS=0 runs it in one process; PYTEST_ARGS adds options (e.g. --durations=15).
WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
PYTEST_ARGS ?=
PYTEST = $(BIN)/python -m pytest -q -n $(WORKERS) --dist load $(PYTEST_ARGS)

.PHONY: pyodide run backup bench-live bench-club wrk test lint graph typecheck unit sqlite-test pg-test bench translations compile-translations install install-dev browser-deps clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt $(BIN)/python
	$(BIN)/pip install -q --disable-pip-version-check -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt $(VENV)/.installed
	$(BIN)/pip install -q --disable-pip-version-check -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed compile-translations pyodide

install-dev: $(VENV)/.installed-dev compile-translations pyodide

## The engine in the phone: Pyodide, pinned in package.json and package-lock.json, from the npm registry (npm ci checks
## its integrity); the five files a browser needs copied to static/vendor/pyodide/<version>/, the two large ones with a
## gzip twin. Node's npm comes from Debian's packages when the machine has none.
PYODIDE_VERSION := $(shell sed -n 's/.*"pyodide": *"\([0-9.]*\)".*/\1/p' package.json)
PYODIDE_DIR := static/vendor/pyodide/$(PYODIDE_VERSION)
PYODIDE_FILES := pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json

pyodide: $(PYODIDE_DIR)/.installed $(PYODIDE_DIR)/.compiled

$(PYODIDE_DIR)/.installed: package.json package-lock.json
	@command -v npm >/dev/null || { if [ "$$(id -u)" = 0 ]; then apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nodejs npm >/dev/null; \
	  else echo "npm missing: run 'sudo apt-get install nodejs npm'" >&2; exit 1; fi; }
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	rm -rf static/vendor/pyodide/*/ && mkdir -p $(PYODIDE_DIR)
	cd node_modules/pyodide && cp $(PYODIDE_FILES) $(CURDIR)/$(PYODIDE_DIR)/
	cd $(PYODIDE_DIR) && gzip -9 -k -f pyodide.asm.wasm pyodide.asm.mjs
	touch $@

## Python compiled ahead for the phone by Pyodide's own Python (static/vendor/pyodide/compile.mjs): its standard
## library, and the app's modules again whenever one changes (each names its source's hash: never run stale).
$(PYODIDE_DIR)/.compiled: $(PYODIDE_DIR)/.installed static/vendor/pyodide/compile.mjs $(shell find scorekeeper -name '*.py')
	rm -rf $(PYODIDE_DIR)/app
	node static/vendor/pyodide/compile.mjs $(PYODIDE_DIR) scorekeeper 2>&1 | grep -v '^async function' | tail -1
	touch $@

compile-translations: $(VENV)/.installed
	$(BIN)/pybabel -q compile -d $(TRANSLATIONS)

## Serve the app on all interfaces (phones on the local network reach it on port $(PORT)); HOST=127.0.0.1 behind a proxy.
run: install
	$(BIN)/flask --app scorekeeper backup --if-pending
	$(BIN)/flask --app scorekeeper db upgrade
	$(BIN)/flask --app scorekeeper check
	$(BIN)/gunicorn -c python:scorekeeper.gunicorn_conf --bind $(HOST):$(PORT) "scorekeeper:create_app()"

## A safe copy of the SQLite database (while the app runs); for PostgreSQL, the pg_dump line.
backup: install
	$(BIN)/flask --app scorekeeper backup

## Debian's Chromium for the browser tests (Playwright cannot download its own here), zbarimg to read QR codes,
## Caddy and NSS's certutil to serve the app over https with Caddy's own authority (docs/deploy.md).
browser-deps:
	@if ! [ -x $(CHROMIUM) ] || ! command -v zbarimg >/dev/null || ! command -v caddy >/dev/null || ! command -v certutil >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium fonts-noto-color-emoji zbar-tools caddy libnss3-tools >/dev/null; \
	  else echo "Chromium, zbarimg, caddy or certutil missing: run 'sudo apt-get install chromium zbar-tools caddy libnss3-tools'" >&2; exit 1; fi; \
	fi

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

## The import graph the contracts keep (import-linter's drawgraph): the packages of scorekeeper/ and, inside the
## pages, the use cases and the engine, theirs; an arrow is at least one import. DOT files in graphs/, and an SVG
## beside each where Graphviz's dot is installed (apt-get install graphviz).
GRAPHS := scorekeeper scorekeeper.web scorekeeper.services scorekeeper.engine
graph: $(VENV)/.installed-dev
	@mkdir -p graphs
	@for module in $(GRAPHS); do \
	  $(BIN)/import-linter drawgraph --show-cycle-breakers $$module > graphs/$$module.dot || exit 1; \
	  if command -v dot >/dev/null; then dot -Tsvg graphs/$$module.dot -o graphs/$$module.svg; fi; \
	  echo "graphs/$$module.dot$$(command -v dot >/dev/null && echo " graphs/$$module.svg")"; \
	done

unit: install-dev
	$(BIN)/python -m pytest -q

## Every check and every test (the SQLite pass; .ci/run adds the PostgreSQL pass).
test: install-dev browser-deps lint sqlite-test

## The whole suite on SQLite (a fresh file per test), without the checks.
sqlite-test: install-dev browser-deps
	CHROMIUM_PATH=$(CHROMIUM) $(PYTEST)

## The suite against a throwaway PostgreSQL cluster (a database per worker): every test whose outcome can depend on
## the database; those marked same_on_every_database (tests/conftest.py) ran in the SQLite pass.
pg-test: install-dev browser-deps
	CHROMIUM_PATH=$(CHROMIUM) .ci/pg-throwaway.sh $(PYTEST) -m "not same_on_every_database"

## Every benchmark: the engine against a naive scorer, page weights, a shared rate-limit count, rounds' point differences
## for the victory-point scale, the taps a hand takes and the engine in the phone (its start, a tap's score offline) in the
## browser, each address against a bare Flask app (ratios) and 50 phones for a minute, each on SQLite and on
## a throwaway PostgreSQL. Figures only.
bench: install-dev browser-deps wrk
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/pages.py
	$(BIN)/python bench/counts.py
	$(BIN)/python bench/victory.py
	CHROMIUM_PATH=$(CHROMIUM) $(BIN)/python bench/taps.py
	CHROMIUM_PATH=$(CHROMIUM) $(BIN)/python bench/offline.py
	cd bench && ../$(BIN)/python ratios.py
	cd bench && ../.ci/pg-throwaway.sh ../$(BIN)/python ratios.py
	cd bench && ../$(BIN)/python load.py
	cd bench && ../.ci/pg-throwaway.sh ../$(BIN)/python load.py

wrk:
	@command -v wrk >/dev/null || { [ "$$(id -u)" = 0 ] && apt-get install -y -q wrk >/dev/null; }

## What 200 phones following one game live cost (gunicorn, wrk on loopback, 8 s).
bench-live: install wrk
	cd bench && ../$(BIN)/python live.py

## A club night of 30 tables on two app servers sharing a throwaway PostgreSQL (120 phones, 3 TVs, 40 s), then the
## cost of one answer of each kind; CLUB_TABLES=400 a national's (1,600 phones asking every 5 s on average: bench/club.py).
## Its last line: club: servers=2 tables=30 phones=120 boards=3 answers/s=N p50=Nms p99=Nms errors=N standings_equal=yes|no
bench-club: install
	cd bench && ../.ci/pg-throwaway.sh ../$(BIN)/python club.py

## Extract the user-visible strings and update both catalogues; English keeps its msgid.
## Then translate the new empty entries of es/LC_MESSAGES/messages.po (tests/test_catalogues.py checks).
translations: $(VENV)/.installed
	$(BIN)/pybabel -q extract -F babel.cfg -k N_ -k _l -k lazy_gettext --no-location --sort-output -o $(TRANSLATIONS)/messages.pot .
	$(BIN)/pybabel -q update --no-fuzzy-matching -i $(TRANSLATIONS)/messages.pot -d $(TRANSLATIONS)
	$(BIN)/python -c "from babel.messages.pofile import read_po, write_po; \
	path = '$(TRANSLATIONS)/en/LC_MESSAGES/messages.po'; catalog = read_po(open(path, 'rb')); \
	[setattr(m, 'string', m.id) for m in catalog if m.id and not all(m.string if isinstance(m.string, tuple) else [m.string])]; \
	write_po(open(path, 'wb'), catalog)"

clean:
	rm -rf $(VENV) test-results node_modules static/vendor/pyodide/*/
