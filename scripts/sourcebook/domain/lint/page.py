"""One HTML page, parsed once for every rule: the tree, its CSS, the cascade, the scripts.

Style sheets are taken from each ``<style>`` element, keeping the line each CSS rule has in
the HTML file; ``style`` attributes become one-element pseudo rules so the rules judge them
too. Values are resolved here, and every value that cannot be resolved is counted once (by its
declaration site) in ``unresolved`` and given to no rule.
"""

from __future__ import annotations

from functools import cached_property

from ...engines.css import cascade as css_cascade
from ...engines.css.parse import Decl, Sheet, StyleRule, UrlRef, parse_inline, parse_sheet
from ...engines.css.vars import has_var, resolve_customs, substitute
from ...engines.formats.charset import decode_bytes
from ...engines.html.tree import Document, Element, Text, parse

# Quoted words belong to their source, code to the machine: neither is the page's own prose.
_NOT_PROSE = frozenset({"script", "style", "template", "code", "pre", "kbd", "samp", "q", "blockquote"})


def _from_sources(el) -> bool:
    """A ledger entry's source line (``p.ledger-source`` in ``ol.ledger``): the source's own title,
    publisher, byline and quote, which sourcebook writes from the source, never the page's prose."""
    if "ledger-source" not in (el.attrs.get("class") or "").split():
        return False
    return any(a.tag == "ol" and "ledger" in (a.attrs.get("class") or "").split() for a in el.ancestors())


class Page:
    def __init__(self, data: bytes | str, file: str):
        self.file = file
        if isinstance(data, str):
            self.text = data
        else:  # BOM, then <meta charset>, then UTF-8, then UTF-8 with U+FFFD: never raises
            self.text = decode_bytes(data, media_type="text/html").text
        self.doc: Document = parse(self.text)
        self.sheet = Sheet()
        self.inline: dict[int, list[Decl]] = {}
        self.inline_rules: list[StyleRule] = []
        self.inline_urls: list[tuple[UrlRef, Element]] = []
        self.unresolved: dict[str, str] = {}
        self._collect_css()

    def _collect_css(self) -> None:
        for el in self.doc.iter():
            if el.tag == "style" and (el.attrs.get("type") or "text/css").lower() == "text/css" \
                    and not any(a.tag == "template" for a in el.ancestors()):
                media = (el.attrs.get("media") or "").strip()
                for ch in el.children:
                    if hasattr(ch, "data"):
                        sh = parse_sheet(ch.data, ch.line)  # type: ignore[union-attr]
                        if media and media.lower() != "all":
                            for r in sh.rules:
                                r.conditions = (("media", media),) + r.conditions
                        self.sheet.extend(sh)
            if el.tag == "link" and "stylesheet" in (el.attrs.get("rel") or "").lower().split():
                # a linked sheet is not read (a self-contained page has none): its styles are unknown
                href = el.attrs.get("href") or ""
                self.unresolved[f"{el.line}:link:{href}"] = f"linked style sheet not read: {href}"
            style = el.attrs.get("style")
            if style:
                decls, urls = parse_inline(style, el.line)
                if decls:
                    self.inline[id(el)] = decls
                    sel = el.tag if el.tag in ("html", "body", "main") else f"{el.tag}[style]"
                    self.inline_rules.append(StyleRule(sel, decls, el.line))
                self.inline_urls.extend((u, el) for u in urls)
        for k, r in enumerate(self.sheet.rules):
            r.order = k

    # ---- the cascade and values --------------------------------------------------------
    @cached_property
    def computed(self) -> css_cascade.Computed:
        c = css_cascade.cascade(self.doc, self.sheet, self.inline)
        for key, desc in c.unresolved.items():
            self.unresolved.setdefault(key, desc)
        for r in c.unsupported:
            self.unresolved.setdefault(f"{r.line}:selector:{r.selector}", f"selector not supported: {r.selector}")
        return c

    @property
    def rules(self) -> list[StyleRule]:
        """Style rules and ``style`` attributes, in document order of their sources."""
        return self.sheet.rules + self.inline_rules

    @cached_property
    def global_custom(self) -> dict:
        """Custom properties for judging a rule on its own: those of ``body`` (which inherits
        ``:root`` and ``html``), plus any declared elsewhere with a single distinct value."""
        body = self.doc.find("body") or self.doc.find("html")
        st = self.computed.style(body) if body is not None else None
        base = dict(st.custom) if st is not None else {}
        seen: dict[str, set[str]] = {}
        for r in self.rules:
            for d in r.decls:
                if d.prop.startswith("--"):
                    seen.setdefault(d.prop, set()).add(d.value)
        extra = {n: next(iter(v)) for n, v in seen.items() if n not in base and len(v) == 1}
        return resolve_customs(base, extra) if extra else base

    def value(self, decl: Decl | None) -> str | None:
        """A declaration's value with var() substituted; '' when absent; None when unresolved
        (and then counted once)."""
        if decl is None:
            return ""
        if not has_var(decl.value):
            return decl.value
        v = substitute(decl.value, self.global_custom.get)
        if v is None:
            self.unresolved.setdefault(decl.key(), f"{decl.prop}: {decl.value} (var() without a value)")
        return v

    def get(self, rule: StyleRule, prop: str) -> tuple[str | None, Decl | None]:
        d = rule.get(prop)
        return self.value(d), d

    def decls(self, *props: str):
        """(rule, decl, value) for each rule's winning declaration of each of ``props``."""
        for r in self.rules:
            for p in props:
                d = r.get(p)
                if d is not None:
                    v = self.value(d)
                    if v is not None:
                        yield r, d, v

    def count_unresolved(self, key: str, desc: str) -> None:
        self.unresolved.setdefault(key, desc)

    # ---- markup ------------------------------------------------------------------------
    @cached_property
    def script_text(self) -> str:
        return "\n".join(el.text(skip=frozenset()) for el in self.doc.find_all("script")
                         if (el.attrs.get("type") or "").lower() not in ("application/json", "application/ld+json",
                                                                      "text/template", "importmap"))

    @cached_property
    def body(self) -> Element:
        return self.doc.find("body") or self.doc.root

    @cached_property
    def elements(self) -> list[Element]:
        """Every element of the body, in document order."""
        return list(self.body.iter())

    @cached_property
    def own_text(self) -> dict[int, str]:
        """id(element) -> its own (direct) text, stripped; only elements that have some."""
        out = {}
        for el in self.elements:
            t = "".join(c.data for c in el.children if isinstance(c, Text)).strip()
            if t:
                out[id(el)] = t
        return out

    @cached_property
    def prose(self) -> list[Text]:
        """Body text nodes outside code, scripts, quotations and the ledger's source lines, in
        line order (for the copy rules)."""
        out, stack = [], [self.body]
        while stack:
            node = stack.pop()
            for ch in reversed(node.children):
                if isinstance(ch, Text):
                    if ch.data.strip():
                        out.append(ch)
                elif ch.tag not in _NOT_PROSE and not _from_sources(ch):
                    stack.append(ch)
        out.sort(key=lambda n: n.line)
        return out
