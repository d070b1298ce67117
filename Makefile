# Two entry points: `make run` starts the bot, `make test` runs every check.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test local bench

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m bot

local: $(VENV)/.installed
	$(PY) -m bot local

test: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy engine render ai bot
	$(PY) -m pytest -q
