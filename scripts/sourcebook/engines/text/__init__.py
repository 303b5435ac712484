"""Prose and figures: the sentence, its figures and dates, its quotations and stance.

Modules:
- ``normalize``: normalization v1, the canonical text every citation points into;
- ``citation``: whether a piece of evidence holds against a canonical text;
- ``sentences``: sentences in every script, the unit the prose gate checks;
- ``figures``, ``numbers``: figures and dates normalised for comparison, a claim's first number;
- ``quotations``, ``smartquotes``: words between quotation marks, and typographic quotes;
- ``stance``: negation, hedging and the words before a cut.

May import: ``base``.
"""
