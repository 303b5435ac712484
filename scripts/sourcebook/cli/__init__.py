"""The command line: a thin layer over the domain. ``main`` is the one entry point.

Modules: ``app`` (the entry point and the exit-code ladder), ``parser``, ``quickargs`` (the usual
call read without argparse), ``table`` (the command table), ``context``, ``listing``,
``progress``; the handlers sit in one room per command group
(``workspace``, ``sources``, ``search``, ``ledger``, ``artifacts``, ``agents``)."""

from .app import main

__all__ = ["main"]
