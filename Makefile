# sourcebook developer commands. `make test` is the one test command.
PYTHON ?= python3
VENV   := .venv
VPY    := $(VENV)/bin/python
SB     := $(PYTHON) scripts/sb.py

.PHONY: test check demo demo-tamper bench bench-scale bench-extract bench-snippets test-browser lint-docs clean help

help:
	@echo "make demo          build the demo workspace and artifacts from examples/demo/"
	@echo "make test          run the test suite (installs test tools into .venv if missing)"
	@echo "make check         tests + ruff + mypy"
	@echo "make bench         performance figures on the real-text corpus"
	@echo "make bench-scale   the ten-thousand-sources table (BENCH_SCALE_DIR, REUSE=1 keeps sources)"
	@echo "make bench-extract extraction precision/recall/F1 on the benchmark pages"
	@echo "make bench-snippets extraction precision/recall/F1 on the snippet set (pages of every kind)"
	@echo "make test-browser  headless Chromium checks of templates and demo artifacts"

$(VPY): requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -r requirements-dev.txt
	@touch $(VPY)

# The tests' temporary folders go on a RAM disk when there is one (TEST_TMPDIR= to keep the
# usual one): sb makes every write durable (fsync), and the suite writes some eighteen thousand
# files in workspaces it throws away; on a disk each waits for the disk, on tmpfs none does.
# pytest keeps the folders of its last three runs there, as it would under /tmp.
# Compiled bytecode goes to a folder of its own there (never beside the sources), even where
# PYTHONDONTWRITEBYTECODE is set: every process the tests start (the demo build alone starts
# thirty) and every pytest worker would otherwise compile the package from source again.
TEST_TMPDIR ?= $(shell [ -d /dev/shm ] && [ -w /dev/shm ] && echo /dev/shm)
TEST_ENV := $(if $(TEST_TMPDIR),TMPDIR=$(TEST_TMPDIR)) PYTHONDONTWRITEBYTECODE= \
	PYTHONPYCACHEPREFIX=$(or $(TEST_TMPDIR),/tmp)/sourcebook-pycache

# Two runs at once: the in-process suite spread over every core, and beside it the tests marked
# `slow` (they start processes: smoke tests of the console script, pip install, the demo build)
# in a pytest run of their own, so a hung child can never stall the fast suite and the slow
# tests' waiting on their children fills the cores' idle time. The slow run's report follows
# the fast one's; each prints its slowest tests, so a new slow test is seen the day it lands.
# Tests that share what one process builds once (a module's parsed trees) carry an xdist_group
# mark and run in one worker (--dist loadgroup); every other test goes wherever a worker is free.
test: $(VPY)
	@log=$$(mktemp); \
	( $(TEST_ENV) $(VPY) -m pytest -m "slow and not browser" --durations=5 $(PYTEST_ARGS) >$$log 2>&1; echo $$? >$$log.rc ) & \
	$(TEST_ENV) $(VPY) -m pytest -m "not browser and not slow" -n auto --dist loadgroup --durations=10 $(PYTEST_ARGS); fast=$$?; \
	wait; echo "--- tests that start processes (marked slow) ---"; cat $$log; slow=$$(cat $$log.rc); \
	rm -f $$log $$log.rc; \
	for rc in $$fast $$slow; do [ $$rc -eq 0 ] || [ $$rc -eq 5 ] || exit $$rc; done  # 5: -k chose none here

check: test
	$(VPY) -m ruff check scripts tests
	$(VPY) -m mypy scripts/sourcebook

demo:
	$(PYTHON) examples/demo/build.py

demo-tamper:
	$(PYTHON) examples/demo/build.py --tamper

# Each bench/bench_*.py prints its own table; none of them is part of the test suite.
bench:
	@for f in bench/bench_search.py bench/bench_ledger.py bench/bench_lint.py; do \
	  if [ -f $$f ]; then $(PYTHON) $$f || exit 1; fi; done

# Ten thousand sources (ten variants of each L file): every row of the scale table, timed as
# whole processes with peak memory. Slow (minutes) and not part of `make test`; REUSE=1 keeps
# the added and extracted sources of an earlier run in $(BENCH_SCALE_DIR); BEST_OF=N keeps the
# fastest of N chunk and index runs (a shared machine).
BENCH_SCALE_DIR ?= bench-work/scale
bench-scale:
	$(PYTHON) bench/bench_scale.py --work $(BENCH_SCALE_DIR) $(if $(REUSE),--reuse,) $(if $(BEST_OF),--best-of $(BEST_OF),)

bench-extract:
	$(PYTHON) bench/bench_extract.py
	$(PYTHON) bench/bench_snippets.py

bench-snippets:
	$(PYTHON) bench/bench_snippets.py

test-browser: $(VPY)
	$(VPY) -m pytest -m browser $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) build dist bench-work examples/demo/workspace
