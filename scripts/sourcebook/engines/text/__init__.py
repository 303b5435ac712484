"""Prose and figures: the sentence, its figures and dates, its quotations and stance.

Modules:
- ``normalize``: normalization v1, the canonical text every citation points into;
- ``citation``: whether a piece of evidence holds against a canonical text;
- ``sentences``: sentences in every script, the unit the prose gate checks;
- ``figures``: figures and dates normalised for comparison (the public entry points);
- ``currencies``: the one table of currencies every figure list derives from;
- ``figure_text``: the comparable view (number words, look-alike digits) every reader shares;
- ``figure_dates``, ``figure_units``: date patterns; units, rates and relative dates;
- ``figure_scan``, ``figure_match``: the scanner, and backing by meaning;
- ``figure_frame``: what a figure is told of (what it counts, its qualifiers, a date's event);
- ``numbers``: a claim's first number;
- ``quotations``, ``smartquotes``: words between quotation marks, and typographic quotes;
- ``stance``: negation, hedging and the words before a cut.

May import: ``base``.
"""
