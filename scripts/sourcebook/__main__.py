"""``python -m sourcebook`` and the ``sb`` console script."""

import sys


def run() -> None:
    from .cli import main

    sys.exit(main())


if __name__ == "__main__":
    run()
