"""Selectors: parsing, specificity and matching against the shared HTML tree.

Supported: type, universal, class, id, attribute (all operators, ``i`` flag), the descendant,
child, next-sibling and subsequent-sibling combinators, ``:root``, ``:is() :where() :not()``,
``:has()`` (relative selectors, each combinator), structural pseudo-classes (``:first-child``,
``:nth-child(2n+1)``, ...), ``:link``, ``:checked``, ``:disabled``, ``:empty``. User-action
pseudo-classes (``:hover``, ``:focus``...) and pseudo-elements never match: the page is judged as
it first renders. A selector using anything else (namespaces, ``:nth-child(of S)``, a
pseudo-class this module does not know) is *unsupported*: the caller counts it and it matches
nothing; read ``loose`` (``parse_selector_list(..., loose=True)``) each part it cannot read
counts as matching, and a selector it cannot parse at all matches every element, so a caller
can judge the page as a browser that reads the rule might draw it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ...base.patterns import lazy
from ..html.tree import Element
from .tokens import Token, tokenize

Spec = tuple[int, int, int]

# Pseudo-classes that depend on user interaction or navigation: never true in a first render.
DYNAMIC = frozenset("hover focus focus-visible focus-within active visited target target-within "
                    "current past future playing paused user-invalid user-valid autofill "
                    "-webkit-autofill placeholder-shown open popover-open modal fullscreen "
                    "picture-in-picture indeterminate invalid valid in-range out-of-range "
                    "read-write default defined scope host".split())
PSEUDO_ELEMENTS = frozenset("before after first-line first-letter marker placeholder selection backdrop "
                            "file-selector-button cue grammar-error spelling-error target-text "
                            "-webkit-scrollbar -webkit-scrollbar-thumb -webkit-scrollbar-track "
                            "-webkit-details-marker -moz-selection -webkit-input-placeholder "
                            "-moz-placeholder -ms-input-placeholder view-transition".split())
_ALWAYS = frozenset({"read-only"})
_STRUCTURAL = frozenset("root first-child last-child only-child first-of-type last-of-type only-of-type "
                        "empty link any-link checked disabled enabled required optional".split())


class Unsupported(Exception):
    pass


class Compound:
    __slots__ = ("tag", "ids", "classes", "attrs", "tests", "never")

    def __init__(self) -> None:
        self.tag: str | None = None
        self.ids: list[str] = []
        self.classes: list[str] = []
        self.attrs: list[tuple[str, str, str, bool]] = []
        self.tests: list[Callable[[Element], bool]] = []
        self.never = False


class Complex:
    """A complex selector: compounds from left to right and the combinators between them."""

    __slots__ = ("parts", "combs", "spec", "text")

    def __init__(self, parts: list[Compound], combs: list[str], spec: Spec, text: str):
        self.parts, self.combs, self.spec, self.text = parts, combs, spec, text

    @property
    def key(self) -> tuple[str, str]:
        """The bucket of the rightmost compound: by id, class, tag, or everything."""
        last = self.parts[-1]
        if last.ids:
            return ("id", last.ids[0])
        if last.classes:
            return ("class", last.classes[0])
        if last.tag:
            return ("tag", last.tag)
        return ("*", "")


def _add(a: Spec, b: Spec) -> Spec:
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


_NTH = lazy(r"^\s*(?:(odd)|(even)|([+-]?\d*)n\s*(?:([+-])\s*(\d+))?|([+-]?\d+))\s*$", re.I)


def _nth(arg: str) -> tuple[int, int]:
    m = _NTH.match(arg)
    if not m:
        raise Unsupported(arg)
    if m.group(1):
        return 2, 1
    if m.group(2):
        return 2, 0
    if m.group(6):
        return 0, int(m.group(6))
    a_txt = m.group(3)
    a = 1 if a_txt in ("", "+") else -1 if a_txt == "-" else int(a_txt)
    b = int(m.group(5)) * (-1 if m.group(4) == "-" else 1) if m.group(5) else 0
    return a, b


def _nth_ok(a: int, b: int, pos: int) -> bool:
    if a == 0:
        return pos == b
    n = (pos - b) / a
    return n >= 0 and n == int(n)


def _siblings(el: Element) -> list[Element]:
    p = el.parent
    if p is None:
        return [el]
    return [c for c in p.children if isinstance(c, Element)]


def _structural(name: str) -> Callable[[Element], bool]:
    if name == "root":
        return lambda e: e.parent is not None and e.parent.tag == "#document"
    if name == "first-child":
        return lambda e: _siblings(e)[0] is e
    if name == "last-child":
        return lambda e: _siblings(e)[-1] is e
    if name == "only-child":
        return lambda e: len(_siblings(e)) == 1
    if name in ("first-of-type", "last-of-type", "only-of-type"):
        def of_type(e: Element) -> bool:
            same = [s for s in _siblings(e) if s.tag == e.tag]
            return (same[0] is e if name == "first-of-type" else same[-1] is e if name == "last-of-type"
                    else len(same) == 1)
        return of_type
    if name == "empty":
        return lambda e: not e.children
    if name in ("link", "any-link"):
        return lambda e: e.tag in ("a", "area") and "href" in e.attrs
    if name == "checked":
        return lambda e: "checked" in e.attrs or "selected" in e.attrs
    if name == "disabled":
        return lambda e: "disabled" in e.attrs
    if name == "enabled":
        return lambda e: e.tag in ("button", "input", "select", "textarea") and "disabled" not in e.attrs
    if name == "required":
        return lambda e: "required" in e.attrs
    return lambda e: e.tag in ("input", "select", "textarea") and "required" not in e.attrs


def _attr_test(name: str, op: str, val: str, icase: bool) -> Callable[[Element], bool]:
    def test(e: Element) -> bool:
        got = e.attrs.get(name)
        if got is None:
            return False
        if not op:
            return True
        g, v = (got.lower(), val.lower()) if icase else (got, val)
        if op == "=":
            return g == v
        if op == "~=":
            return v in g.split()
        if op == "|=":
            return g == v or g.startswith(v + "-")
        if op == "^=":
            return bool(v) and g.startswith(v)
        if op == "$=":
            return bool(v) and g.endswith(v)
        return bool(v) and v in g
    return test


class _SelParser:
    def __init__(self, text: str, loose: bool = False):
        self.src = text
        self.toks = tokenize(text)
        self.i = 0
        self.loose = loose  # what it cannot read counts as matching

    def peek(self, k: int = 0) -> Token | None:
        j = self.i + k
        return self.toks[j] if j < len(self.toks) else None

    def arg_text(self) -> str:
        """Source text of a function's arguments (the function token was just consumed)."""
        depth, start = 1, self.i
        while self.i < len(self.toks):
            t = self.toks[self.i]
            if t.kind in ("function", "("):
                depth += 1
            elif t.kind == ")":
                depth -= 1
                if depth == 0:
                    end = t.pos
                    self.i += 1
                    return self.src[self.toks[start].pos:end] if start < len(self.toks) else ""
            self.i += 1
        raise Unsupported("unclosed")

    def selector_list(self) -> list[Complex]:
        out = [self.complex()]
        while self.peek() is not None:
            t = self.peek()
            assert t is not None
            if t.kind != ",":
                raise Unsupported(t.value)
            self.i += 1
            out.append(self.complex())
        return out

    def skip_ws(self) -> bool:
        seen = False
        while (t := self.peek()) is not None and t.kind == "ws":
            self.i += 1
            seen = True
        return seen

    def complex(self) -> Complex:
        start = self.i
        self.skip_ws()
        parts, combs, spec = [], [], (0, 0, 0)
        lead = self.peek()
        if lead is not None and lead.kind == "delim" and lead.value in ">+~":
            raise Unsupported("relative selector")
        while True:
            c, s = self.compound()
            parts.append(c)
            spec = _add(spec, s)
            ws = self.skip_ws()
            t = self.peek()
            if t is None or t.kind == ",":
                break
            if t.kind == "delim" and t.value in ">+~":
                combs.append(t.value)
                self.i += 1
                self.skip_ws()
            elif ws:
                combs.append(" ")
            else:
                raise Unsupported(t.value)
        end = self.toks[self.i - 1].end if self.i > start else 0
        return Complex(parts, combs, spec, self.src[self.toks[start].pos:end].strip() if start < len(self.toks) else "")

    def compound(self) -> tuple[Compound, Spec]:
        c = Compound()
        a = b = d = 0
        first = True
        while (t := self.peek()) is not None:
            if first and t.kind == "ident":
                c.tag = t.value.lower()
                d += 1
                self.i += 1
            elif first and t.kind == "delim" and t.value == "*":
                self.i += 1
            elif t.kind == "delim" and t.value == "|":
                if not self.loose:
                    raise Unsupported("namespace")
                c.tag = None  # "svg|a", "*|a": any namespace, read loosely as any element
                self.i += 1
                n = self.peek()
                if n is not None and (n.kind == "ident" or n.kind == "delim" and n.value == "*"):
                    c.tag = n.value.lower() if n.kind == "ident" else None
                    self.i += 1
            elif t.kind == "hash":
                c.ids.append(t.value)
                a += 1
                self.i += 1
            elif t.kind == "delim" and t.value == "." and (n := self.peek(1)) is not None and n.kind == "ident":
                c.classes.append(n.value)
                b += 1
                self.i += 2
            elif t.kind == "[":
                self.attribute(c)
                b += 1
            elif t.kind == ":":
                sa, sb, sd = self.pseudo(c)
                a, b, d = a + sa, b + sb, d + sd
            else:
                break
            first = False
        if first:
            raise Unsupported(t.value if t else "empty selector")
        return c, (a, b, d)

    def attribute(self, c: Compound) -> None:
        self.i += 1
        self.skip_ws()
        t = self.peek()
        if t is None or t.kind != "ident":
            raise Unsupported("attribute")
        name = t.value.lower()
        self.i += 1
        self.skip_ws()
        op, val, icase = "", "", False
        t = self.peek()
        if t is not None and t.kind == "delim" and t.value in "~|^$*=":
            op = t.value
            self.i += 1
            if op != "=":
                n = self.peek()
                if n is None or n.kind != "delim" or n.value != "=":
                    raise Unsupported("attribute operator")
                op += "="
                self.i += 1
            self.skip_ws()
            v = self.peek()
            if v is None or v.kind not in ("ident", "string", "number", "dimension", "hash"):
                raise Unsupported("attribute value")
            val = v.value if v.kind in ("ident", "string") else self.src[v.pos:v.end]
            self.i += 1
            self.skip_ws()
            f = self.peek()
            if f is not None and f.kind == "ident" and f.value.lower() in ("i", "s"):
                icase = f.value.lower() == "i"
                self.i += 1
                self.skip_ws()
        t = self.peek()
        if t is None or t.kind != "]":
            raise Unsupported("attribute")
        self.i += 1
        c.attrs.append((name, op, val, icase or name in ("type",)))
        c.tests.append(_attr_test(name, op, val, icase or name == "type"))

    def pseudo(self, c: Compound) -> Spec:
        self.i += 1
        element = False
        t = self.peek()
        if t is not None and t.kind == ":":
            element = True
            self.i += 1
            t = self.peek()
        if t is None or t.kind not in ("ident", "function"):
            raise Unsupported("pseudo")
        name = t.value.lower()
        self.i += 1
        if t.kind == "ident":
            if element or name in PSEUDO_ELEMENTS:
                c.never = True
                return (0, 0, 1)
            if name in DYNAMIC:
                c.never = True
                return (0, 1, 0)
            if name in _ALWAYS:
                return (0, 1, 0)
            if name in _STRUCTURAL:
                c.tests.append(_structural(name))
                return (0, 1, 0)
            if self.loose:
                return (0, 1, 0)
            raise Unsupported(f":{name}")
        arg = self.arg_text()
        if element:
            c.never = True
            return (0, 0, 1)
        if name in ("is", "where", "not", "matches", "-webkit-any", "-moz-any"):
            if _NESTING[0] >= MAX_NESTING:
                raise Unsupported("selectors nested too deeply")
            _NESTING[0] += 1
            try:
                # loosely, a :not() of what cannot be read counts as matching, as the rest does
                inner = parse_selector_list(arg, forgiving=name != "not", loose=self.loose and name != "not")
            finally:
                _NESTING[0] -= 1
            if inner is None and name == "not" and self.loose:
                return (0, 1, 0)
            if not inner:
                if name == "not":
                    raise Unsupported(":not()")
                c.never = True
                return (0, 0, 0)
            spec = max(x.spec for x in inner)
            def any_of(e: Element, inner: list[Complex] = inner) -> bool:
                return any(matches(x, e) for x in inner)

            c.tests.append((lambda e: not any_of(e)) if name == "not" else any_of)
            return (0, 0, 0) if name == "where" else spec
        if name == "has":
            return self.has(c, arg)
        if name in ("nth-child", "nth-last-child", "nth-of-type", "nth-last-of-type"):
            if " of " in f" {arg.lower()} ":
                if self.loose:
                    return (0, 1, 0)
                raise Unsupported(":nth-child(of S)")
            a, b = _nth(arg)
            last = "last" in name
            typed = name.endswith("of-type")

            def nth(e: Element, a: int = a, b: int = b, last: bool = last, typed: bool = typed) -> bool:
                sib = [s for s in _siblings(e) if not typed or s.tag == e.tag]
                pos = (len(sib) - sib.index(e)) if last else sib.index(e) + 1
                return _nth_ok(a, b, pos)
            c.tests.append(nth)
            return (0, 1, 0)
        if name == "lang":
            want = arg.strip().strip("\"'").lower()

            def lang(e: Element, want: str = want) -> bool:
                for x in [e, *e.ancestors()]:
                    v = x.attrs.get("lang")
                    if v is not None:
                        v = v.lower()
                        return v == want or v.startswith(want + "-")
                return False
            c.tests.append(lang)
            return (0, 1, 0)
        if name in ("dir", "state", "host", "host-context", "nth-col"):
            c.never = True
            return (0, 1, 0)
        if self.loose:
            return (0, 1, 0)
        raise Unsupported(f":{name}()")

    def has(self, c: Compound, arg: str) -> Spec:
        """``:has(> a, + b, c d)``: the element has an element matching one of the relative
        selectors, related to it by the selector's leading combinator (a descendant when none)."""
        from .parse import split_top

        if _IN_HAS[0]:
            raise Unsupported(":has() inside :has()")  # not valid CSS: a browser drops the rule
        rels: list[tuple[str, Complex]] = []
        _IN_HAS[0] = True
        try:
            for part in split_top(arg):
                lead, body = " ", part.strip()
                if body[:1] in (">", "+", "~"):
                    lead, body = body[0], body[1:].strip()
                if not body:
                    raise Unsupported(":has()")
                rels.extend((lead, cx) for cx in _SelParser(body, self.loose).selector_list())
        finally:
            _IN_HAS[0] = False
        if not rels:
            raise Unsupported(":has()")

        def has(e: Element, rels: list[tuple[str, Complex]] = rels) -> bool:
            return _has(rels, e)
        c.tests.append(has)
        return max(cx.spec for _, cx in rels)


_CACHE: dict[tuple[str, bool, bool], list[Complex] | None] = {}
MAX_NESTING = 32  # :is(:is(...)) deeper than this is not supported
_NESTING = [0]
_IN_HAS = [False]


def _anything(text: str) -> list[Complex]:
    """A selector matching every element: what a selector nothing can parse is read as, loosely."""
    return [Complex([Compound()], [], (0, 0, 0), text)]


def parse_selector_list(text: str, forgiving: bool = False, loose: bool = False) -> list[Complex] | None:
    """The complex selectors of a selector list, or None when it uses something unsupported.

    ``forgiving`` (as in ``:is()``) drops the unsupported members instead; ``loose`` reads what
    is unsupported as matching (a selector that cannot be parsed at all matches everything)."""
    key = (text, forgiving, loose)
    if key in _CACHE:
        return _CACHE[key]
    result: list[Complex] | None
    try:
        result = _SelParser(text, loose).selector_list()
    except RecursionError:
        result = _anything(text) if loose else None
    except Unsupported:
        result = _anything(text) if loose and not _IN_HAS[0] and not _NESTING[0] else None
        if forgiving:
            from .parse import split_top

            kept = []
            for part in split_top(text):
                try:
                    kept.extend(_SelParser(part, loose).selector_list())
                except Unsupported:
                    if loose:
                        kept.extend(_anything(part))
                    continue
            result = kept
    if _IN_HAS[0]:
        return result  # read inside a :has(), where a :has() is refused: not the reading elsewhere
    if len(_CACHE) > 4096:
        _CACHE.clear()
    _CACHE[key] = result
    return result


_CLASSES: dict[int, frozenset] = {}


def class_set(e: Element) -> frozenset:
    """The classes of an element, split once per matching run (see ``reset``)."""
    got = _CLASSES.get(id(e))
    if got is None:
        got = _CLASSES[id(e)] = frozenset(e.classes)
    return got


_MEMO: dict[tuple[int, int, int], bool] = {}
_HAS: dict[tuple[int, int], tuple[Element, bool]] = {}  # (id(relative selectors), id(element)) -> (element, has)


def reset() -> None:
    """Forget per-element caches (call around matching one document)."""
    _CLASSES.clear()
    _MEMO.clear()
    _HAS.clear()


def ancestor_keys(cx: Complex) -> frozenset:
    """Keys (``t:tag``, ``.class``, ``#id``) every match's ancestors must hold: a quick reject,
    like a browser's ancestor filter."""
    keys: set[str] = set()
    for i in range(len(cx.combs) - 1, -1, -1):
        if cx.combs[i] not in (" ", ">"):
            break
        part = cx.parts[i]
        if part.tag:
            keys.add("t:" + part.tag)
        keys.update("." + c for c in part.classes)
        keys.update("#" + x for x in part.ids)
    return frozenset(keys)


def own_keys(e: Element) -> set[str]:
    keys = {"t:" + e.tag}
    keys.update("." + c for c in class_set(e))
    eid = e.attrs.get("id")
    if eid:
        keys.add("#" + eid)
    return keys


def _compound_ok(c: Compound, e: Element) -> bool:
    if c.never:
        return False
    if c.tag is not None and e.tag != c.tag:
        return False
    if c.ids:
        eid = e.attrs.get("id")
        for i in c.ids:
            if eid != i:
                return False
    if c.classes:
        have = class_set(e)
        for k in c.classes:
            if k not in have:
                return False
    for t in c.tests:
        if not t(e):
            return False
    return True


def _prev_siblings(e: Element) -> list[Element]:
    sib = _siblings(e)
    return sib[:sib.index(e)]


def _match_at(cx: Complex, i: int, e: Element, memo: bool = True) -> bool:
    """Whether ``e`` matches part ``i`` of ``cx`` and the parts before it its ancestors and
    siblings. ``memo`` False: no memo (the selectors ``:has()`` builds around one element)."""
    if not _compound_ok(cx.parts[i], e):
        return False
    if i == 0:
        return True
    comb = cx.combs[i - 1]
    if comb == ">":
        p = e.parent
        return p is not None and p.tag != "#document" and _match_at(cx, i - 1, p, memo)
    if comb == " ":
        p = e.parent
        while p is not None and p.tag != "#document":
            if i > 1 and memo:  # memoized, so long descendant chains never backtrack exponentially
                key = (id(cx), i - 1, id(p))
                hit = _MEMO.get(key)
                if hit is None:
                    hit = _MEMO[key] = _match_at(cx, i - 1, p)
            else:
                hit = _match_at(cx, i - 1, p, memo)
            if hit:
                return True
            p = p.parent
        return False
    prev = _prev_siblings(e)
    if comb == "+":
        return bool(prev) and _match_at(cx, i - 1, prev[-1], memo)
    return any(_match_at(cx, i - 1, s, memo) for s in reversed(prev))


def matches(cx: Complex, e: Element) -> bool:
    """Whether element ``e`` matches the complex selector."""
    return _match_at(cx, len(cx.parts) - 1, e)


def _has(rels: list[tuple[str, Complex]], e: Element) -> bool:
    """Whether ``e`` has an element matching one of the relative selectors ``rels``."""
    key = (id(rels), id(e))
    got = _HAS.get(key)
    if got is not None and got[0] is e:
        return got[1]
    anchor = Compound()
    anchor.tests.append(lambda x: x is e)
    result = False
    for lead, cx in rels:
        whole = Complex([anchor, *cx.parts], [lead, *cx.combs], cx.spec, cx.text)
        if lead in (" ", ">"):
            scope: list[Element] = [d for c in e.children if isinstance(c, Element) for d in c.iter()]
        else:
            after = _siblings(e)[_siblings(e).index(e) + 1:]
            scope = after[:1] if lead == "+" else after
            scope = [d for s in scope for d in s.iter()]
        if any(_match_at(whole, len(whole.parts) - 1, d, memo=False) for d in scope):
            result = True
            break
    _HAS[key] = (e, result)
    return result
