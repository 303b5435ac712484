"""Typographic quotes, dashes and ellipses, as Sphinx prints reStructuredText.

A reStructuredText page on the web (a PEP, the Python documentation) is rendered by Sphinx
with its ``smartquotes`` transform (action ``qDe``: quotes, ``---`` em and ``--`` en dashes,
``...`` ellipses), so a reader who copies a sentence from it gets ``“...”``, ``don’t`` and
``–``. Canonical text v2 of a reStructuredText source does the same, so such a paste is an
exact quote. The rules are the SmartyPants ones as docutils applies them to English: text
comes in pieces; code pieces are left alone but count as context for the next piece.
"""

from __future__ import annotations

from ...base.patterns import hot

OPEN_D, CLOSE_D, OPEN_S, CLOSE_S = "\u201c", "\u201d", "\u2018", "\u2019"

_PUNCT = frozenset("-!\"#$%'()*+,./:;<=>?@[\\]^_`{|}~")
_OPEN = frozenset("([{")
_DASH = frozenset("-\u2013\u2014")
_QUOTE = hot("['\"]")
_DECADE = hot(r"\d\d(?:s)")
_ELLIPSIS = hot(r"\.\.\.|\. \. \.")
# The commonest quotes, curled by one substitution each before the loop below looks at the
# rest: an apostrophe after a letter or digit (``don't``) that no double quote or digit
# follows, a double quote after a letter or digit that no single quote follows, and one after a
# space that a Latin letter follows. Each gets what the loop would give it, and none of them
# is a neighbour the loop looks at differently once curled (a curled quote counts as
# punctuation there, as the straight one does, except right before or after a quote of the
# other kind, which these patterns leave out). They open with the quote and look behind it, so
# a search jumps from one quote to the next; at the start of the text, where the character
# before is the previous piece's, the look-behind fails and the loop decides.
_APOSTROPHE = hot(r"'(?<=[^\W_]')(?![\"\d])")
_CLOSE_D_WORD = hot(r"\"(?<=[^\W_]\")(?!')")
_OPEN_D_WORD = hot(r"\"(?<=\s\")(?=[A-Za-z])")


def _word(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _special_open(before: str, text: str, i: int) -> bool:
    """An opening bracket or a dash, the quote, an optional punctuation mark, then a space."""
    if not (before in _OPEN or before in _DASH):
        return False
    nxt = text[i + 1:i + 2]
    if nxt == " ":
        return True
    return nxt in _PUNCT and text[i + 2:i + 3] == " " and nxt != ""


def educate_quotes(text: str, prev: str = " ") -> str:
    """Curl the straight quotes of one plain piece that follows the character ``prev``.

    Each quote is decided by the characters around it, in the order of docutils' rules:
    adjacent pairs, an opening bracket or dash before a lone quote, decades ('80s), an opening
    quote after a space, bracket or dash, a closing quote after anything else."""
    if "'" in text:
        text = _APOSTROPHE.sub(CLOSE_S, text)
    if '"' in text:
        text = _OPEN_D_WORD.sub(OPEN_D, _CLOSE_D_WORD.sub(CLOSE_D, text))
    if "'" not in text and '"' not in text:
        return text
    out: list[str] = []  # the text between quotes, and each quote curled
    add = out.append
    pos = 0
    n = len(text)
    for m in _QUOTE.finditer(text):
        i = m.start()
        q = text[i]
        if i > pos:
            add(text[pos:i])
        pos = i + 1
        before = text[i - 1] if i else (";" if prev in "'\"" else prev)
        after = text[i + 1] if i + 1 < n else ""
        # the commonest cases first, each what the rules below decide for it: an apostrophe
        # inside a word (no decade after it), a quote opening a word after a space, a double
        # quote closing after a letter or digit
        if before.isalnum():
            if q == "'":
                if after != '"' and not after.isdecimal():
                    add(CLOSE_S)
                    continue
            elif after != "'":
                add(CLOSE_D)
                continue
        elif before.isspace() and after.isalpha():
            add(OPEN_S if q == "'" else OPEN_D)
            continue
        after2 = text[i + 2] if i + 2 < n else ""
        if q == "'":
            if (before == '"' and _word(after)) or (after == '"' and _word(after2)):
                add(OPEN_S)
            elif _special_open(before, text, i):
                add(CLOSE_S)
            elif _DECADE.match(text, i + 1) and text[i + 3:i + 4] == "s":
                add(CLOSE_S)
            elif (before.isspace() or before in "\u200b\u200c" or before in _OPEN or before in _DASH) and \
                    (_word(after) or after in _PUNCT) and after:
                add(OPEN_S)
            elif not before.isspace():
                add(CLOSE_S)
            else:
                add(OPEN_S)
        else:
            if (after == "'" and _word(after2)) or (before == "'" and _word(after)):
                add(OPEN_D)
            elif _special_open(before, text, i):
                add(CLOSE_D)
            elif (before.isspace() or before in "\u200b\u200c" or before in _OPEN or before in _DASH) and \
                    after and (_word(after) or after in _PUNCT):
                add(OPEN_D)
            elif not before.isspace() or after.isspace():
                add(CLOSE_D)
            else:
                add(OPEN_D)
    if pos < n:
        add(text[pos:])
    return "".join(out)


def educate_pieces(pieces: list[tuple[bool | None, str]]) -> str:
    """Join ``(plain, text)`` pieces. A plain piece gets dashes, ellipses and quotes, its quotes
    judged with the previous piece's last character as context; a code piece (False) is kept
    and is context; a markup piece (None) is kept and is not context."""
    if len(pieces) == 1 and pieces[0][0]:
        return educate(pieces[0][1], " ")
    out: list[str] = []
    prev = " "
    for plain, text in pieces:
        if not text:
            continue
        if plain is None:
            out.append(text)
            continue
        out.append(educate(text, prev) if plain else text)
        prev = text[-1]
    return "".join(out)


def educate(text: str, prev: str = " ") -> str:
    """Dashes, ellipses and quotes in one plain piece that follows the character ``prev``."""
    # (a search for one character is several times faster than one for two or three, and most
    # pieces hold no hyphen; an ellipsis is searched for by its pattern, which opens with a dot)
    if "-" in text and "--" in text:
        text = text.replace("---", "\u2014").replace("--", "\u2013")
    if "." in text and _ELLIPSIS.search(text):
        text = _ELLIPSIS.sub("\u2026", text)
    if "'" not in text and '"' not in text:
        return text
    return educate_quotes(text, prev)
