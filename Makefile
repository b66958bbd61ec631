# `make run` and `make test` each set everything up from scratch (a virtualenv in .venv).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean compiled

# The checkout runs its source, compiled in place by `make compiled`, not when installed.
$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip 'setuptools>=70.1' wheel
	DEJARIK_PURE_BUILD=1 $(BIN)/pip install --quiet -e '.[dev,ray,rl,postgres]'
	touch $(STAMP)

# The engine's hot modules compiled with mypyc, in place (the Python source stays the reference).
ENGINE_SOURCES := $(addprefix src/dejarik/,$(shell sed -n 's/^    "\(.*\.py\)",$$/\1/p' src/dejarik/_engine.py))
COMPILED := src/dejarik/_compiled.json

$(COMPILED): $(STAMP) $(ENGINE_SOURCES) src/dejarik/_engine.py setup.py
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
	$(BIN)/ruff check src tests bench examples tools setup.py
	$(BIN)/mypy src
	$(BIN)/pytest -n 2 --dist worksteal --durations=25
	DEJARIK_PURE=1 $(BIN)/pytest -n 2 --dist worksteal -m pure

bench: $(COMPILED)
	$(BIN)/dejarik bench deckbuilding

clean:
	-DEJARIK_PURE=1 $(BIN)/python -m dejarik.build_engine --clean
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
