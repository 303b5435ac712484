"""copy.*: wording that reads as generated filler."""

from __future__ import annotations

import re

from ...base.patterns import hot, lazy
from .registry import WARN, Hit, rule, short

_BUZZ = ("streamline empower supercharge leverage unleash seamless world-class enterprise-grade "
         "next-generation cutting-edge game-changer mission-critical unlock").split() + ["deep dive"]
_BUZZ_RE = hot(r"(?<![\w-])(" + "|".join(re.escape(w) for w in _BUZZ) + r")(?![\w-])", re.I)
_META = [lazy(p, re.I) for p in (r"\b[a-z]+ theater\b", r"\bnot just\b[^.]{0,60}\bit'?s\b",
                                       r"\b(it'?s|that'?s|this is) actually\b")]


def _around(text: str, start: int, end: int) -> str:
    return short(text[max(0, start - 25):end + 25], 60)


@rule("copy.em-dash", WARN, "body text contains an em dash (\u2014) or a spaced double hyphen",
      "Em dashes everywhere are a strong tell of generated prose; use a full stop, comma or colon.")
def em_dash(page):
    for t in page.prose:
        m = re.search(r"\u2014| -- ", t.data)
        if m:
            line = t.line + t.data.count("\n", 0, m.start())
            around = _around(t.data, m.start(), m.end())
            yield Hit(line, around, f"em dash in body text: \"{around}\"")
            return


@rule("copy.buzzword", WARN, "a marketing buzzword (streamline, empower, leverage, seamless, cutting-edge, "
      "deep dive, unlock, ...)",
      "Buzzwords claim without saying anything; replace each with the specific fact.")
def buzzword(page):
    seen: set[str] = set()
    for t in page.prose:
        for m in _BUZZ_RE.finditer(t.data):
            word = m.group(1).lower()
            if word in seen:
                continue
            seen.add(word)
            line = t.line + t.data.count("\n", 0, m.start())
            yield Hit(line, _around(t.data, m.start(), m.end()), f"buzzword '{word}'")


@rule("copy.meta-phrase", WARN, "a stock rhetorical move: '... theater', 'not just X, it's Y', 'it's actually'",
      "These phrases perform insight instead of delivering it; state the point directly.")
def meta_phrase(page):
    for t in page.prose:
        for pat in _META:
            m = pat.search(t.data)
            if m:
                line = t.line + t.data.count("\n", 0, m.start())
                yield Hit(line, _around(t.data, m.start(), m.end()), f"stock phrase '{m.group(0)}'")
