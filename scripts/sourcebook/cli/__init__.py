"""The command line: a thin layer over the domain. ``main`` is the one entry point."""

from .app import main

__all__ = ["main"]
