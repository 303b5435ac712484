"""A JSON Schema subset validator (compatibility: the schema checker).

Supports ``const type enum pattern format minLength maxLength minimum maximum minItems maxItems
items required properties additionalProperties``. A type mismatch stops checks at that node.
Returns finding lines ``E-SCHEMA  <subject><pointer>  <message>``; an empty list means valid.
"""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from .errors import SbError
from .patterns import hot
from .patterns.cache import build
from .resources import data_file

# ASCII digits and \Z: Python's \d also matches other scripts' digits and $ matches before a
# final newline, so "2026-01-01\n" or fullwidth digits would pass as a date.
_DATE = hot(r"^\d{4}-\d{2}-\d{2}\Z", re.ASCII)
_DATETIME = hot(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})\Z", re.ASCII)
_URI = hot(r"^[A-Za-z][A-Za-z0-9+.-]*:")


@cache
def load_schema(name: str) -> dict:
    path = data_file("schemas", f"{name}.schema.json")
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, json.JSONDecodeError) as exc:
        raise SbError("E-SCHEMA", name, f"schema file unreadable: {path}: {exc}") from None


def _type_ok(value: Any, typ: str) -> bool:
    if typ == "object":
        return isinstance(value, dict)
    if typ == "array":
        return isinstance(value, list)
    if typ == "string":
        return isinstance(value, str)
    if typ == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if typ == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if typ == "boolean":
        return isinstance(value, bool)
    if typ == "null":
        return value is None
    return True


def _same(a: Any, b: Any) -> bool:
    """JSON equality for ``const`` and ``enum``: ``true`` is not ``1`` (Python's ``==`` says it is)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def _in(value: Any, enum: list) -> bool:
    return any(_same(value, e) for e in enum)


def _esc(key: object) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def _pointer(path: tuple) -> str:
    return "".join("/" + _esc(k) for k in path)


_PATTERNS: dict[str, re.Pattern] = {}


def _pattern(p: str) -> re.Pattern:
    got = _PATTERNS.get(p)
    if got is None:
        got = _PATTERNS[p] = build(p, 0)  # a schema's patterns are the same every run: kept compiled
    return got


def validate(instance: Any, schema: dict, subject: str = "") -> list[str]:
    out: list[tuple[tuple, str]] = []
    _compiled(schema)(instance, (), out)
    return [f"E-SCHEMA  {subject}{_pointer(path) or '/'}  {msg}" for path, msg in out]


_COMPILED: dict[int, tuple[dict, Any]] = {}


def _compiled(schema: dict):
    """A checker for ``schema``, built once: verify validates a thousand records with the
    same few schemas, so the per-node keyword lookups are done ahead of time."""
    got = _COMPILED.get(id(schema))
    if got is not None and got[0] is schema:
        return got[1]
    fn = _compile(schema)
    _COMPILED[id(schema)] = (schema, fn)
    return fn


_MISSING = object()

_PREDICATES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


def _type_predicate(types: tuple):
    preds = [_PREDICATES.get(t, lambda v: True) for t in types]
    if len(preds) == 1:
        return preds[0]
    if len(preds) == 2:
        a, b = preds
        return lambda v: a(v) or b(v)
    return lambda v: any(p(v) for p in preds)


def _compile(schema: Any):
    """A closure equivalent to ``_walk(value, schema, ...)``, with the keyword lookups and
    pattern compilation done once. ``_walk`` stays the reference: any failed type check is
    handed to it so the wording of findings has one source."""
    if not isinstance(schema, dict):
        return lambda value, path, out: None
    const = schema.get("const", _MISSING)
    typ = schema.get("type")
    types = None if typ is None else ((typ,) if isinstance(typ, str) else tuple(typ))
    type_ok = _type_predicate(types) if types is not None else None
    enum = schema.get("enum")
    pat = _pattern(schema["pattern"]) if isinstance(schema.get("pattern"), str) else None
    min_len, max_len = schema.get("minLength"), schema.get("maxLength")
    fmt = {"date": _DATE, "date-time": _DATETIME, "uri": _URI}.get(schema.get("format") or "")
    minimum, maximum = schema.get("minimum"), schema.get("maximum")
    min_items, max_items = schema.get("minItems"), schema.get("maxItems")
    items = schema.get("items")
    items_fn = _compile(items) if isinstance(items, dict) else None
    props_raw = schema.get("properties", {})
    props = {k: _compile(v) for k, v in props_raw.items()} if isinstance(props_raw, dict) else {}
    required = tuple(schema.get("required", ()))
    extra = schema.get("additionalProperties", True)
    extra_fn = _compile(extra) if isinstance(extra, dict) else None
    simple_str = not (min_len is not None or max_len is not None or pat is not None or fmt is not None)

    def check(value: Any, path: tuple, out: list) -> None:
        if const is not _MISSING and not _same(value, const):
            _walk(value, schema, path, out)
            return
        if type_ok is not None and not type_ok(value):
            _walk(value, schema, path, out)
            return
        if enum is not None and not _in(value, enum):
            out.append((path, f"must be one of {', '.join(json.dumps(v) for v in enum)}"))
        if isinstance(value, str):
            if simple_str:
                return
            if (min_len is not None and len(value) < min_len) or (max_len is not None and len(value) > max_len) \
                    or (pat is not None and not pat.search(value)) or (fmt is not None and not fmt.match(value)):
                _walk(value, {k: v for k, v in schema.items() if k not in ("enum", "const")}, path, out)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
                _walk(value, {k: v for k, v in schema.items() if k not in ("enum", "const")}, path, out)
        elif isinstance(value, list):
            if (min_items is not None and len(value) < min_items) or (max_items is not None and len(value) > max_items):
                out.extend(_list_size(value, min_items, max_items, path))
            if items_fn is not None:
                for i, item in enumerate(value):
                    items_fn(item, path + (i,), out)
        elif isinstance(value, dict):
            for key in required:
                if key not in value:
                    out.append((path, f"missing required property {json.dumps(key)}"))
            for key in sorted(value, key=str):
                sub = props.get(key)
                if sub is not None:
                    sub(value[key], path + (key,), out)
                elif extra is False:
                    out.append((path + (key,), "unexpected property"))
                elif extra_fn is not None:
                    extra_fn(value[key], path + (key,), out)

    return check


def _list_size(value: list, lo: int | None, hi: int | None, path: tuple) -> list[tuple[tuple, str]]:
    out = []
    if lo is not None and len(value) < lo:
        out.append((path, f"fewer than {lo} items"))
    if hi is not None and len(value) > hi:
        out.append((path, f"more than {hi} items"))
    return out


def _walk(value: Any, schema: dict, path: tuple, out: list) -> None:
    # The JSON pointer is kept as a tuple and formatted only for a finding: validating a
    # thousand records must not build a thousand strings per field.
    if not isinstance(schema, dict):
        return
    if "const" in schema and not _same(value, schema["const"]):
        out.append((path, f"must be {json.dumps(schema['const'])}"))
        return
    typ = schema.get("type")
    if typ is not None:
        ok = _type_ok(value, typ) if isinstance(typ, str) else any(_type_ok(value, t) for t in typ)
        if not ok:
            types = [typ] if isinstance(typ, str) else typ
            out.append((path, f"expected {' or '.join(types)}, found {_jtype(value)}"))
            return
    if "enum" in schema and not _in(value, schema["enum"]):
        out.append((path, f"must be one of {', '.join(json.dumps(v) for v in schema['enum'])}"))
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.append((path, f"shorter than {schema['minLength']} characters"))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.append((path, f"longer than {schema['maxLength']} characters"))
        if "pattern" in schema and not _pattern(schema["pattern"]).search(value):
            out.append((path, f"does not match {schema['pattern']}"))
        fmt = schema.get("format")
        if fmt == "date" and not _DATE.match(value):
            out.append((path, "not a date (YYYY-MM-DD)"))
        elif fmt == "date-time" and not _DATETIME.match(value):
            out.append((path, "not a date-time (YYYY-MM-DDThh:mm:ssZ)"))
        elif fmt == "uri" and not _URI.match(value):
            out.append((path, "not a URI (no scheme)"))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append((path, f"less than {schema['minimum']}"))
        if "maximum" in schema and value > schema["maximum"]:
            out.append((path, f"greater than {schema['maximum']}"))
    elif isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append((path, f"fewer than {schema['minItems']} items"))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append((path, f"more than {schema['maxItems']} items"))
        items = schema.get("items")
        if isinstance(items, dict):
            for i, item in enumerate(value):
                _walk(item, items, path + (i,), out)
    elif isinstance(value, dict):
        for key in schema.get("required", ()):
            if key not in value:
                out.append((path, f"missing required property {json.dumps(key)}"))
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key in sorted(value, key=str):
            sub = props.get(key)
            if sub is not None:
                _walk(value[key], sub, path + (key,), out)
            elif extra is False:
                out.append((path + (key,), "unexpected property"))
            elif isinstance(extra, dict):
                _walk(value[key], extra, path + (key,), out)


def _jtype(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def check(instance: Any, schema_name: str, subject: str) -> list[str]:
    """Validate ``instance`` against ``schemas/<schema_name>.schema.json``."""
    return validate(instance, load_schema(schema_name), subject)
