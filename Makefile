# Two entry points: `make run` starts the bot, `make test` runs every check.
# The bot's environment gets the bot's dependencies alone; `make test` adds the test tools.
# The owner's tools run in it too: `make web`, `make backup FILE=...`,
# `make restore FILE=...`, `make copy-database FROM=... TO=...` and
# `make export FILE=... [SERVER=id]`.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test local bench catalogs web backup restore copy-database export

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

web: $(VENV)/.installed
	$(PY) -m bot web

backup: $(VENV)/.installed
	$(if $(FILE),,$(error Name the backup file to write: make backup FILE=backups/games.backup))
	$(PY) -m bot backup '$(FILE)'

restore: $(VENV)/.installed
	$(if $(FILE),,$(error Name the backup file to read: make restore FILE=backups/games.backup))
	$(PY) -m bot restore '$(FILE)'

copy-database: $(VENV)/.installed
	$(if $(and $(FROM),$(TO)),,$(error Name both databases: make copy-database FROM=sqlite:///data/pyramids.sqlite3 TO=postgresql://user:password@host/dbname))
	$(PY) -m bot copy-database '$(FROM)' '$(TO)'

export: $(VENV)/.installed
	$(if $(FILE),,$(error Name the file to write: make export FILE=records.jsonl [SERVER=id]))
	$(PY) -m bot export $(if $(SERVER),--server '$(SERVER)' ,)'$(FILE)'

test: $(VENV)/.installed-test
	$(PY) -m ruff check .
	$(PY) -m mypy engine render ai bot benchmarks
	env -u PYTHONDONTWRITEBYTECODE $(PY) -m pytest -q --numprocesses=auto
