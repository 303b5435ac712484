"""Gates over what ships: pages, the report, the podcast and the files sourcebook derives.

Modules: ``html``, ``surface``, ``prose``, ``derived``, ``licenses``, ``lint``, ``podcast``, ``report``,
``review`` (a plan that requires a person's review ships only sentences marked ok); each registers
one gate family.

May import: the gate room's shared machinery (``registry``, ``context``, ``ledger_view``,
``prose_fixed``), the page readers in ``engines.page``, and the rooms the gate room may import.
"""
