"""Render engines: ledger forms, injection, templates. Pure."""
