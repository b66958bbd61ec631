# `make run` and `make test` each set everything up from scratch (a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean compiled

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,ray,rl,postgres]'
	touch $(STAMP)

# The engine's hot modules compiled with mypyc, in place (the Python source stays the reference).
ENGINE_SOURCES := $(addprefix src/dejarik/,core/rng.py $(addprefix deckbuilding/,defs.py cards.py state.py game.py rules.py effects.py heuristic.py evaluate.py observe.py notation.py invariants.py))
COMPILED := src/dejarik/_compiled.json

$(COMPILED): $(STAMP) $(ENGINE_SOURCES) src/dejarik/_engine.py
	DEJARIK_PURE=1 $(BIN)/python -m dejarik.build_engine

compiled: $(COMPILED)

# A failed compile only costs speed: the game runs on the Python source.
# the game server: open the address it prints (`dejarik play` is the terminal game)
run: $(STAMP)
	-@$(MAKE) --no-print-directory compiled
	$(BIN)/dejarik serve

# The whole suite runs on the compiled engine; the rules, the cards and a cross-check of
# compiled against pure play run again on the pure-Python source (DEJARIK_PURE=1).
test: $(COMPILED)
	$(BIN)/ruff check src tests bench examples tools
	$(BIN)/mypy src
	$(BIN)/pytest -n 2 --dist worksteal --durations=25
	DEJARIK_PURE=1 $(BIN)/pytest -n 2 --dist worksteal -m pure

bench: $(COMPILED)
	$(BIN)/dejarik bench deckbuilding

clean:
	-DEJARIK_PURE=1 $(BIN)/python -m dejarik.build_engine --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
