"""A source format is one converter and one row: everything else follows from the registry."""

from __future__ import annotations

import json
import os

from conftest import ROOT, sb

from sourcebook.engines.convert import registry
from sourcebook.engines.formats.plain_extract import Extracted


def test_the_schema_names_exactly_the_registered_tools():
    with open(os.path.join(ROOT, "schemas", "source.schema.json"), encoding="utf-8") as fh:
        schema = json.load(fh)

    def find(node):
        if isinstance(node, dict):
            if "tool" in node and isinstance(node["tool"], dict) and "enum" in node["tool"]:
                return node["tool"]["enum"]
            for v in node.values():
                got = find(v)
                if got:
                    return got
        return None

    enum = find(schema)
    assert sorted(enum) == sorted([f.tool for f in registry.FORMATS] + [registry.AGENT, "none"])


def test_rows_decide_tool_extension_and_sniffing():
    assert registry.tool_for("text/html; charset=utf-8") == "sb.html"
    assert registry.tool_for(None, "notes.rst") == "sb.text"
    assert registry.tool_for("text/csv") == "sb.text"  # any other text
    assert registry.tool_for("image/png", "x.png") is None
    assert registry.stored_extension("text/plain") == ".txt"
    assert registry.stored_extension("application/pdf") == ".pdf"
    assert registry.stored_extension("application/json") == ".json"
    assert registry.stored_extension("image/png") == ".bin"
    assert registry.sniff(b"%PDF-1.7 ...") == "application/pdf"
    assert registry.sniff(b"  <!DOCTYPE html><p>x") == "text/html"
    assert registry.sniff(b"\x89PNG") is None
    assert registry.EXTRACTOR_VERSIONS["agent"] == 1


def _toy(raw: bytes, req: registry.Request) -> tuple[Extracted, str | None]:
    """A toy format: lines of ``key = value``, shown as one sentence each."""
    lines = [ln.split("=", 1) for ln in raw.decode("utf-8").splitlines() if "=" in ln]
    return Extracted("sb.toy", "\n\n".join(f"The {k.strip()} is {v.strip()}." for k, v in lines) + "\n"), "utf-8"


def test_a_new_format_is_one_converter_and_one_row(ws, monkeypatch):
    row = registry.Format("sb.toy", 1, {"application/x-toy": ".toy"}, (".toy",), _toy)
    monkeypatch.setattr(registry, "FORMATS", registry.FORMATS + (row,))
    monkeypatch.setitem(registry.EXTRACTOR_VERSIONS, "sb.toy", 1)
    (ws / "ferry.toy").write_text("fare = 3.40 marks\nroute = W1\n", encoding="utf-8")
    r = sb("add", "ferry.toy", "--tier", "B", "--reason", "a toy format", cwd=ws)
    assert r.rc == 0, r.both
    sid = r.out.split()[1]
    assert sb("extract", cwd=ws).rc == 0
    rec = json.loads((ws / "sources" / sid / "source.json").read_text(encoding="utf-8"))
    assert rec["extraction"]["tool"] == "sb.toy" and rec["extraction"]["version"] == 1
    text = (ws / "sources" / sid / "normalized.md").read_text(encoding="utf-8")
    assert "The fare is 3.40 marks." in text
    r = sb("find", sid, "The route is W1.", cwd=ws)
    assert r.rc == 0, r.both
