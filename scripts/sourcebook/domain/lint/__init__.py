"""The lint room: the design linter, rules registered by family, run over one HTML page.

Modules:
- ``registry``: the rule record and the ``rule`` decorator;
- ``catalogue``: the list of rule families (importing them registers their rules);
- ``a11y``, ``copy_rules``, ``slop``, ``structure``: the rule families (``a11y``, ``copy``, ``slop``,
  ``struct``);
- ``page``, ``runner``: the parsed page and ``lint_html``;
- ``waivers``, ``docs``: waivers from the manifest and the generated rule reference.

May import: ``base``, ``engines`` and the ``workspace`` room.
"""
