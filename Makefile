# `make run` and `make test` each set everything up from scratch (a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/dejarik play deckbuilding

test: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy src
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/dejarik bench deckbuilding

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
