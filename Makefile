# Aisle — two commands: `make demo` (set up, sync the demo catalogue, run it) and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
DEMO_FEED := .aisle/demo.xml
export HF_HUB_OFFLINE := 1

.PHONY: setup demo test test-fast bench eval lint clean browser serve watch

setup: $(STAMP)

# Reinstalls only when pyproject.toml changes. uv is ~20x faster than pip here. It writes no
# bytecode unless asked: without it every process (and the tests start hundreds) compiles
# chromadb, langchain and the rest from source again, about 4 s an import of the graph.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/uv pip install --python $(BIN)/python --quiet --compile-bytecode -e '.[dev,multilingual]'
	touch $(STAMP)

demo: setup
	$(BIN)/python -m sync demo $(DEMO_FEED)
	@# exit 3: refused, e.g. an index built with another embedding model: the demo rebuilds it
	$(BIN)/python -m sync run $(DEMO_FEED) || { test $$? -eq 3 && $(BIN)/python -m sync run $(DEMO_FEED) --rebuild; }
	$(BIN)/python -m sync status
	@echo "Aisle chat page: http://127.0.0.1:8501  (Ctrl-C to stop)"
	$(BIN)/streamlit run ui/app.py --server.port 8501

# The self-refreshing sync of the demo catalogue: a tick every minute, POST /sync on :8765.
# Run it next to `make demo` (or `make serve`): both answer from each new sync at once.
watch: setup
	test -f $(DEMO_FEED) || $(BIN)/python -m sync demo $(DEMO_FEED)
	$(BIN)/python -m sync watch $(DEMO_FEED) --every 1m --listen 127.0.0.1:8765

# The tests start many interpreters: let them cache the project's compiled modules even where
# the environment turns bytecode off (PYTHONDONTWRITEBYTECODE; __pycache__ is git-ignored).
PYTEST := env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -q -n auto --dist worksteal

test: setup browser
	$(PYTEST)

# Chromium for the one real-browser test (tests/test_ui_browser.py skips without it).
browser:
	-@command -v chromium >/dev/null || (apt-get update -qq && apt-get install -y -qq chromium)

test-fast: setup
	$(PYTEST) -m "not slow"

bench: setup
	$(BIN)/python bench/sync_table.py
	$(BIN)/python bench/parse_memory.py
	$(BIN)/python bench/graph_latency.py
	$(BIN)/python bench/freshness.py

# Relevance on the dev set (bench/relevance/README.md): indexes cached in .aisle/eval/;
# the first run builds them (a 10,000-product demo for latency: minutes), later runs reuse them;
# then "not carried" (bench/not_carried.py) over the same indexes; then the shopper-task suite
# (bench/shoppers/README.md) over them, every understanding mode (LLM ones n/a without an LLM),
# and its held-out sets (bench/shoppers/heldout*/, each written blind by another author).
eval: setup
	$(BIN)/python bench/relevance/evaluate.py --latency-size 10000
	$(BIN)/python bench/not_carried.py
	$(BIN)/python bench/shoppers/run.py
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout2
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout3
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout4
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout5
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout6
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout7
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout8
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout9
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout10
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout11
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout12
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout13
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout14
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout15
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout16
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout17
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout18
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout19
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout20
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout21
	$(BIN)/python bench/shoppers/run.py --tasks-dir bench/shoppers/heldout22
	$(BIN)/python bench/understanding/score.py

lint: setup
	$(BIN)/ruff check sync graph ui tests bench
	$(BIN)/ruff format --check sync graph ui tests bench
	$(BIN)/mypy

# The LangGraph dev server (API + Studio) on 127.0.0.1:$(PORT); graph id `shop`.
PORT ?= 2025
serve: setup
	LANGGRAPH_CLI_NO_ANALYTICS=1 LANGGRAPH_NO_VERSION_CHECK=true \
		$(BIN)/langgraph dev --host 127.0.0.1 --port $(PORT) --no-browser

clean:
	rm -rf $(VENV) .aisle .pytest_cache .ruff_cache .mypy_cache
