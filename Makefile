# The two commands a newcomer needs: `make run` and `make test`.
# Both create or update .venv with an interpreter of at least Python 3.12.

PYTHON_CANDIDATES := python3.13 python3.12 python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Tests run in parallel (pytest-xdist): one worker per core by default; `make test
# TEST_WORKERS=0` runs them in one process. Each worker has its own test database
# (pytest-django adds the worker id to its name) and its own temporary directories; work
# stealing keeps both cores busy while a long test runs.
TEST_WORKERS ?= auto
PYTEST_PARALLEL := -n $(TEST_WORKERS) --dist worksteal

PYTHON := $(shell for p in $(PYTHON_CANDIDATES); do \
	if command -v $$p >/dev/null 2>&1 && $$p -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then \
	echo $$p; break; fi; done)

.PHONY: run test test-slow test-all test-postgres check-postgres lint typecheck bench clean venv messages system-packages

venv: $(STAMP)

# Debian packages the project needs besides Python's: Pango and fonts for WeasyPrint (the
# printed sheets), poppler-utils and zbar-tools for the print tests (text, pages, QR codes).
# Installed with apt-get when missing and we may (root); otherwise named.
SYSTEM_PACKAGES := libpango-1.0-0 libpangoft2-1.0-0 fonts-dejavu-core poppler-utils zbar-tools
system-packages:
	@missing=$$(for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
			echo "installing Debian packages: $$missing"; \
			apt-get update -qq && apt-get install -y -qq $$missing; \
		else \
			echo "warning: Debian packages missing (printing and its tests need them): $$missing" >&2; \
			echo "  install them with: sudo apt-get install $$missing" >&2; \
		fi; \
	fi

$(STAMP): pyproject.toml
	@$(MAKE) --no-print-directory system-packages
	@if [ -z "$(PYTHON)" ]; then echo "error: Python 3.12 or newer is needed (tried: $(PYTHON_CANDIDATES))" >&2; exit 1; fi
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# Builds the demo events (one finished per preset, copied from var/demo-cache/ while the code is
# unchanged, and events in progress as of now, with demo accounts whose password it prints)
# into var/demo.sqlite3, then serves them with granian
# on http://127.0.0.1:8000/ with the task worker beside it (clocks, windows, notifications;
# e-mail as files under var/mail/) until Ctrl-C.
run: $(STAMP)
	MASHINDANO_MAIL_DIR=var/mail $(BIN)/mashindano serve --demo --db var/demo.sqlite3

test: $(STAMP)
	@if [ "$$CI" = true ]; then $(MAKE) --no-print-directory check-postgres; fi
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/pytest $(PYTEST_PARALLEL) -m "not postgres and not slow"
	@$(MAKE) --no-print-directory test-postgres

# The tests marked `slow` (a few seconds to minutes each: every page of the demo through axe-core,
# the browser journeys that build their own sites, PDF layout, the API fuzzing, the largest
# pairing inputs, every README command): run less often than `make test`, before a release and
# whenever their area changes. `make test-all` runs both.
test-slow: $(STAMP)
	$(BIN)/pytest $(PYTEST_PARALLEL) -m "slow and not postgres"

test-all: test test-slow

# The app, store and event CLI tests again with PostgreSQL as the test database, the API's
# input limits (a NUL is refused by PostgreSQL itself), plus the tests marked `postgres`
# (concurrent processes, SIGKILL; tests/serve: `mashindano serve` killed under load, two
# servers on one database and Redis, their counts in the "counts" summary),
# in parallel like the first pass
# (a test database per worker on the same server). Runs when MASHINDANO_TEST_POSTGRES_URL
# is set and the server answers; says why not otherwise. There a `postgres`-marked test that
# skips, or a run in which none passes, fails (MASHINDANO_REQUIRE_POSTGRES, tests/conftest.py).
# In CI (CI=true) the pass is required: a URL that is not set or does not answer fails the build.
PG_CHECK := import os, psycopg; psycopg.connect(os.environ["MASHINDANO_TEST_POSTGRES_URL"], connect_timeout=3).close()
# The same, printing the driver's message (no traceback) when it fails.
PG_WHY := import sys; sys.excepthook = lambda kind, error, tb: print(f"{kind.__name__}: {error}", file=sys.stderr); $(PG_CHECK)

test-postgres: $(STAMP)
	@if [ "$$CI" = true ]; then $(MAKE) --no-print-directory check-postgres || exit 1; fi; \
	if [ -z "$$MASHINDANO_TEST_POSTGRES_URL" ]; then \
		echo "PostgreSQL tests not run: MASHINDANO_TEST_POSTGRES_URL is not set"; \
	elif ! $(BIN)/python -c '$(PG_CHECK)' 2>/dev/null; then \
		echo "PostgreSQL tests not run: $$MASHINDANO_TEST_POSTGRES_URL does not answer"; \
	else \
		echo "== app, store and event CLI tests on PostgreSQL"; \
		MASHINDANO_DATABASE_URL="$$MASHINDANO_TEST_POSTGRES_URL" MASHINDANO_REQUIRE_POSTGRES=1 \
			$(BIN)/pytest $(PYTEST_PARALLEL) tests/app tests/store tests/cli/test_event_e2e*.py tests/api/test_concurrency.py \
			tests/api/test_input_limits.py tests/serve; \
	fi

# Fails, saying why, unless MASHINDANO_TEST_POSTGRES_URL is set and the server answers.
check-postgres: $(STAMP)
	@if [ -z "$$MASHINDANO_TEST_POSTGRES_URL" ]; then \
		echo "error: CI=true requires the PostgreSQL tests, but MASHINDANO_TEST_POSTGRES_URL is not set" >&2; \
		exit 1; \
	fi; \
	if ! why=$$($(BIN)/python -c '$(PG_WHY)' 2>&1); then \
		echo "error: CI=true requires the PostgreSQL tests, but the server at $$MASHINDANO_TEST_POSTGRES_URL does not answer:" >&2; \
		printf '%s\n' "$$why" | sed 's/^[[:space:]]*/  /' >&2; \
		echo "  start it (pg_ctlcluster / service postgresql) or point MASHINDANO_TEST_POSTGRES_URL at a running server" >&2; \
		exit 1; \
	fi; \
	echo "PostgreSQL answers at $$MASHINDANO_TEST_POSTGRES_URL"

# The translation catalogs (issue 17): collects the marked strings of templates and code into
# src/mashindano/locale/<lang>/LC_MESSAGES/django.po for the four languages besides English,
# then compiles them to .mo files.
MESSAGE_LANGUAGES := sw ro fa fi
messages: $(STAMP)
	cd src/mashindano && ../../$(BIN)/django-admin makemessages --settings=mashindano.config.settings \
		$(foreach l,$(MESSAGE_LANGUAGES),-l $(l)) --no-obsolete --add-location=file --no-wrap \
		-e html,txt,py --ignore 'locale/*'
	cd src/mashindano && ../../$(BIN)/django-admin compilemessages --settings=mashindano.config.settings

lint: $(STAMP)
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	@for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
