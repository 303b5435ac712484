"""Engines: pure functions (values in, values out). No workspace, no printing."""
