"""CSS engine: tokens, values, colours, cascade. Pure.

Modules: ``tokens`` and ``parse`` (style sheets into rules), ``select`` (selectors matched against
the shared HTML tree), ``conditions`` (``@media``, ``@supports``), ``vars`` (custom properties),
``values`` (lengths), ``cascade`` (the computed style of every element), ``colors``,
``colorspace`` and ``namedcolors`` (colour parsing and conversion), ``paint`` (the colour a text
run shows and the ground behind it).

May import: ``base``, the ``html`` engine.
"""
