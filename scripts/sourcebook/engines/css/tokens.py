"""A CSS tokenizer following CSS Syntax Level 3 (section 4).

Comments are dropped, strings and escapes decoded, numbers typed. Every token keeps its start
and end offsets in the input, so a caller can slice the original text and turn an offset into
a line. It never raises: malformed input becomes ``badstring``/``badurl``/``delim`` tokens,
exactly as a browser recovers.
"""

from __future__ import annotations

from ...base.patterns import lazy

# Token kinds: ident function at hash string badstring url badurl delim number percentage
# dimension ws cdo cdc and the single characters : ; , [ ] ( ) { }
_SINGLE = {":": ":", ";": ";", ",": ",", "[": "[", "]": "]", "(": "(", ")": ")", "{": "{", "}": "}"}
_WS = " \t\n\r\f"
_HEX = lazy(r"[0-9a-fA-F]{1,6}")
_NUM = lazy(r"[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:[eE][+-]?\d+)?")
# [A-Za-z0-9_\-\u0080-\U0010ffff]+ written as what it leaves out, all of it ASCII: the same set, and
# compiled without walking the 65,000 characters of the range
_NAME_RUN = lazy(r"[^\x00-\x2c./:-@\[-^`{-\x7f]+")
_WS_RUN = lazy(r"[ \t\n\r\f]+")


class Token:
    __slots__ = ("kind", "value", "pos", "end", "num", "unit", "flag")

    def __init__(self, kind: str, value: str, pos: int, end: int, num: float = 0.0,
                 unit: str = "", flag: str = ""):
        self.kind = kind
        self.value = value  # decoded text: the name, the string content, the delim character
        self.pos = pos
        self.end = end
        self.num = num
        self.unit = unit  # lower-cased unit of a dimension
        self.flag = flag  # "id" for hash tokens that are valid identifiers; "integer"/"number"

    def __repr__(self) -> str:
        return f"Token({self.kind}, {self.value!r})"


def _is_name_start(c: str) -> bool:
    return c.isalpha() and c.isascii() or c == "_" or ord(c) >= 0x80


def _is_name(c: str) -> bool:
    return _is_name_start(c) or c.isdigit() and c.isascii() or c == "-"


def _valid_escape(s: str, i: int) -> bool:
    return i + 1 < len(s) and s[i] == "\\" and s[i + 1] != "\n"


def _starts_ident(s: str, i: int) -> bool:
    if i >= len(s):
        return False
    c = s[i]
    if c == "-":
        if i + 1 < len(s) and (_is_name_start(s[i + 1]) or s[i + 1] == "-"):
            return True
        return _valid_escape(s, i + 1)
    if _is_name_start(c):
        return True
    return c == "\\" and _valid_escape(s, i)


def _starts_number(s: str, i: int) -> bool:
    return _NUM.match(s, i) is not None


class _Tokenizer:
    def __init__(self, src: str):
        self.s = src
        self.n = len(src)

    def escape(self, i: int) -> tuple[str, int]:
        """Decode the escape whose backslash is at ``i - 1``; returns (char, next index)."""
        s = self.s
        if i >= self.n:
            return "\ufffd", i
        m = _HEX.match(s, i)
        if m:
            cp = int(m.group(), 16)
            j = m.end()
            if j < self.n and s[j] in _WS:
                j += 2 if s.startswith("\r\n", j) else 1
            if cp == 0 or 0xD800 <= cp <= 0xDFFF or cp > 0x10FFFF:
                return "\ufffd", j
            return chr(cp), j
        return s[i], i + 1

    def name(self, i: int) -> tuple[str, int]:
        s, out = self.s, []  # type: str, list[str]
        while i < self.n:
            m = _NAME_RUN.match(s, i)
            if m:
                out.append(m.group())
                i = m.end()
            elif s[i] == "\\" and _valid_escape(s, i):
                ch, i = self.escape(i + 1)
                out.append(ch)
            else:
                break
        return "".join(out), i

    def number(self, i: int) -> tuple[float, str, int]:
        m = _NUM.match(self.s, i)
        assert m is not None
        text = m.group()
        try:
            val = float(text)
        except (ValueError, OverflowError):
            val = 0.0
        if val != val or val in (float("inf"), float("-inf")):
            val = 0.0
        kind = "number" if any(c in text for c in ".eE") else "integer"
        return val, kind, m.end()

    def string(self, i: int, quote: str) -> tuple[str, str, int]:
        s, out = self.s, []  # type: str, list[str]
        while i < self.n:
            c = s[i]
            if c == quote:
                return "string", "".join(out), i + 1
            if c == "\n":
                return "badstring", "".join(out), i
            if c == "\\":
                if i + 1 >= self.n:
                    i += 1
                    continue
                if s[i + 1] == "\n":
                    i += 2
                    continue
                ch, i = self.escape(i + 1)
                out.append(ch)
                continue
            out.append(c)
            i += 1
        return "string", "".join(out), i

    def url(self, i: int) -> tuple[str, str, int]:
        s, out = self.s, []  # type: str, list[str]
        m = _WS_RUN.match(s, i)
        if m:
            i = m.end()
        while i < self.n:
            c = s[i]
            if c == ")":
                return "url", "".join(out), i + 1
            if c in _WS:
                m = _WS_RUN.match(s, i)
                j = m.end() if m else i + 1
                if j >= self.n:
                    return "url", "".join(out), j
                if s[j] == ")":
                    return "url", "".join(out), j + 1
                return "badurl", "".join(out), self.bad_url_rest(j)
            if c in "\"'(" or ord(c) < 0x20 and c not in _WS or ord(c) == 0x7F:
                return "badurl", "".join(out), self.bad_url_rest(i)
            if c == "\\":
                if _valid_escape(s, i):
                    ch, i = self.escape(i + 1)
                    out.append(ch)
                    continue
                return "badurl", "".join(out), self.bad_url_rest(i)
            out.append(c)
            i += 1
        return "url", "".join(out), i

    def bad_url_rest(self, i: int) -> int:
        s = self.s
        while i < self.n:
            if s[i] == ")":
                return i + 1
            if _valid_escape(s, i):
                _, i = self.escape(i + 1)
                continue
            i += 1
        return i

    def ident_like(self, i: int) -> Token:
        start = i
        name, i = self.name(i)
        if i < self.n and self.s[i] == "(":
            if name.lower() == "url":
                j = i + 1
                m = _WS_RUN.match(self.s, j)
                k = m.end() if m else j
                if k < self.n and self.s[k] in "\"'":
                    return Token("function", name, start, i + 1)
                kind, value, end = self.url(j)
                return Token(kind, value, start, end)
            return Token("function", name, start, i + 1)
        return Token("ident", name, start, i)

    def numeric(self, i: int) -> Token:
        start = i
        val, flag, i = self.number(i)
        if _starts_ident(self.s, i):
            unit, i = self.name(i)
            return Token("dimension", self.s[start:i], start, i, val, unit.lower(), flag)
        if i < self.n and self.s[i] == "%":
            return Token("percentage", self.s[start:i + 1], start, i + 1, val, "%", flag)
        return Token("number", self.s[start:i], start, i, val, "", flag)

    def tokens(self) -> list[Token]:
        s, n, out = self.s, self.n, []
        i = 0
        while i < n:
            c = s[i]
            start = i
            if c == "/" and s.startswith("/*", i):
                j = s.find("*/", i + 2)
                i = n if j < 0 else j + 2
                continue
            if c in _WS:
                m = _WS_RUN.match(s, i)
                i = m.end() if m else i + 1
                out.append(Token("ws", " ", start, i))
            elif c in "\"'":
                kind, value, i = self.string(i + 1, c)
                out.append(Token(kind, value, start, i))
            elif c == "#":
                if i + 1 < n and (_is_name(s[i + 1]) or _valid_escape(s, i + 1)):
                    flag = "id" if _starts_ident(s, i + 1) else ""
                    name, i = self.name(i + 1)
                    out.append(Token("hash", name, start, i, flag=flag))
                else:
                    i += 1
                    out.append(Token("delim", c, start, i))
            elif c in "+." and _starts_number(s, i):
                out.append(self.numeric(i))
                i = out[-1].end
            elif c == "-":
                if _starts_number(s, i):
                    out.append(self.numeric(i))
                    i = out[-1].end
                elif s.startswith("-->", i):
                    i += 3
                    out.append(Token("cdc", "-->", start, i))
                elif _starts_ident(s, i):
                    out.append(self.ident_like(i))
                    i = out[-1].end
                else:
                    i += 1
                    out.append(Token("delim", c, start, i))
            elif c == "<" and s.startswith("<!--", i):
                i += 4
                out.append(Token("cdo", "<!--", start, i))
            elif c == "@":
                if _starts_ident(s, i + 1):
                    name, i = self.name(i + 1)
                    out.append(Token("at", name, start, i))
                else:
                    i += 1
                    out.append(Token("delim", c, start, i))
            elif c == "\\":
                if _valid_escape(s, i):
                    out.append(self.ident_like(i))
                    i = out[-1].end
                else:
                    i += 1
                    out.append(Token("delim", c, start, i))
            elif c in _SINGLE:
                i += 1
                out.append(Token(c, c, start, i))
            elif c.isdigit() and c.isascii():
                out.append(self.numeric(i))
                i = out[-1].end
            elif _is_name_start(c):
                out.append(self.ident_like(i))
                i = out[-1].end
            else:
                i += 1
                out.append(Token("delim", c, start, i))
            if i <= start:  # a guard: every step consumes input
                i = start + 1
        return out


def tokenize(css: str) -> list[Token]:
    """Tokens of ``css`` (comments removed). Never raises."""
    return _Tokenizer(css).tokens()
