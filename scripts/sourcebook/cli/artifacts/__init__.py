"""Artifact commands: template, render, inject, check-draft, lint, licenses, tts-plan.

Modules: ``cmd_template``, ``cmd_render``, ``cmd_inject``, ``cmd_check_draft``, ``cmd_lint``,
``cmd_licenses``, ``cmd_tts_plan``.

May import: the domain and ``cli``'s shared modules (context, listing, progress). One thin handler
per command, named in ``cli.table``.
"""
