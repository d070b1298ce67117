# Two entry points: `make run` starts the bot, `make test` runs every check.
# The bot's environment gets the bot's dependencies alone; `make test` adds the test tools.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test local bench catalogs

$(VENV)/.created:
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	touch $@

$(VENV)/.installed: pyproject.toml $(VENV)/.created
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml $(VENV)/.installed
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m bot

local: $(VENV)/.installed
	$(PY) -m bot local

catalogs: $(VENV)/.installed
	$(PY) -m bot catalogs

test: $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m mypy engine render ai bot benchmarks
	$(PY) -m pytest -q --numprocesses=auto
