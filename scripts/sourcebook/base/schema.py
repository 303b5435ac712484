"""A JSON Schema subset validator (CONTRACT 3.1).

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
from .resources import data_file

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_DATETIME = re.compile(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$")
_URI = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


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


def _esc(key: str) -> str:
    return str(key).replace("~", "~0").replace("/", "~1")


def validate(instance: Any, schema: dict, subject: str = "") -> list[str]:
    out: list[tuple[str, str]] = []
    _walk(instance, schema, "", out)
    return [f"E-SCHEMA  {subject}{ptr or '/'}  {msg}" for ptr, msg in out]


def _walk(value: Any, schema: dict, ptr: str, out: list) -> None:
    if not isinstance(schema, dict):
        return
    if "const" in schema and value != schema["const"]:
        out.append((ptr, f"must be {json.dumps(schema['const'])}"))
        return
    typ = schema.get("type")
    if typ is not None:
        types = typ if isinstance(typ, list) else [typ]
        if not any(_type_ok(value, t) for t in types):
            out.append((ptr, f"expected {' or '.join(types)}, found {_jtype(value)}"))
            return
    if "enum" in schema and value not in schema["enum"]:
        out.append((ptr, f"must be one of {', '.join(json.dumps(v) for v in schema['enum'])}"))
    if isinstance(value, str):
        if "minLength" in schema and len(value) < schema["minLength"]:
            out.append((ptr, f"shorter than {schema['minLength']} characters"))
        if "maxLength" in schema and len(value) > schema["maxLength"]:
            out.append((ptr, f"longer than {schema['maxLength']} characters"))
        if "pattern" in schema and not re.search(schema["pattern"], value):
            out.append((ptr, f"does not match {schema['pattern']}"))
        fmt = schema.get("format")
        if fmt == "date" and not _DATE.match(value):
            out.append((ptr, "not a date (YYYY-MM-DD)"))
        elif fmt == "date-time" and not _DATETIME.match(value):
            out.append((ptr, "not a date-time (YYYY-MM-DDThh:mm:ssZ)"))
        elif fmt == "uri" and not _URI.match(value):
            out.append((ptr, "not a URI (no scheme)"))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            out.append((ptr, f"less than {schema['minimum']}"))
        if "maximum" in schema and value > schema["maximum"]:
            out.append((ptr, f"greater than {schema['maximum']}"))
    if isinstance(value, list):
        if "minItems" in schema and len(value) < schema["minItems"]:
            out.append((ptr, f"fewer than {schema['minItems']} items"))
        if "maxItems" in schema and len(value) > schema["maxItems"]:
            out.append((ptr, f"more than {schema['maxItems']} items"))
        if isinstance(schema.get("items"), dict):
            for i, item in enumerate(value):
                _walk(item, schema["items"], f"{ptr}/{i}", out)
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                out.append((ptr, f"missing required property {json.dumps(key)}"))
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for key in sorted(value, key=str):
            if key in props:
                _walk(value[key], props[key], f"{ptr}/{_esc(key)}", out)
            elif extra is False:
                out.append((f"{ptr}/{_esc(key)}", "unexpected property"))
            elif isinstance(extra, dict):
                _walk(value[key], extra, f"{ptr}/{_esc(key)}", out)


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
