"""The pre-flight: verify's own gates run on what a command is about to write.

Modules:
- ``draft_page``: the page a draft renders to, judged in memory by every gate of ``sb verify``
  (``sb check-draft`` and ``sb render`` run it), each finding placed at its draft line.

May import: what the gate room imports, and the gate room itself.
"""
