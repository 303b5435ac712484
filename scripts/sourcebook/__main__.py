"""``python -m sourcebook`` and the ``sb`` console script."""

import sys


def run() -> None:
    import gc

    # One command builds what it reads (pages, their parses and cascades, compiled patterns) and
    # keeps most of it to its end: a collection every 700 new objects walks all of that again
    # and again and frees next to nothing. Every 100,000 the same cycles are freed, later.
    gc.set_threshold(100_000, 10, 10)
    from .cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()
