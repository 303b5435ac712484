"""``sb package`` and ``sb package --verify``.

Modules:
- ``build``: the package itself, built only when the gate passes now;
- ``check``: ``sb package --verify``, what a receiver runs on a package without the workspace;
- ``redact``: what a public package leaves out or says in other words (titles, provenance).

May import: the gate room around it, and what that room may import.
"""
