"""The install room: the skill and the slash commands placed where each agent harness looks.

Modules:
- ``harnesses``: the harness layouts, the install and its pre-check.

May import: ``base`` only.
"""
