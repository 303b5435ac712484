"""Oracle: the hand-written JSON Schema subset (``sourcebook.base.schema``) against ``jsonschema``.

The checker must say "valid" exactly when jsonschema does, on generated instances for every
shipped schema (valid records built from the schema, then mutated; and arbitrary JSON) and on
generated schemas written in the supported subset. Where the subset deliberately differs from
JSON Schema, the oracle or the generator is narrowed and the reason is written beside it.
"""

from __future__ import annotations

import copy
import glob
import json
import os
import re

import pytest
from conftest import ROOT

from sourcebook.base import schema as S

jsonschema = pytest.importorskip("jsonschema")
hypothesis = pytest.importorskip("hypothesis")
st = pytest.importorskip("hypothesis.strategies")
given, settings, HealthCheck = hypothesis.given, hypothesis.settings, hypothesis.HealthCheck

SCHEMA_DIR = os.path.join(ROOT, "schemas")
NAMES = sorted(os.path.basename(p)[: -len(".schema.json")] for p in glob.glob(os.path.join(SCHEMA_DIR, "*.schema.json")))
# The keywords the subset implements, plus annotations both sides ignore.
SUBSET = {"const", "type", "enum", "pattern", "format", "minLength", "maxLength", "minimum", "maximum",
          "minItems", "maxItems", "items", "required", "properties", "additionalProperties"}
ANNOTATIONS = {"$schema", "title", "description"}

RECORDS = 10  # generated records per shipped schema ...
PATHS = 3  # ... each with every near miss at this many nodes ...
PER = 4  # ... and this many multi-edit mutants (per generated schema: instances)
# Each generated schema is checked on its own instances and PER mutants of each, so seventy-five
# schemas put every keyword of the subset (fifteen) through both checkers many times.
SCHEMA_CASES = 75  # generated subset schemas
# Deterministic and quick: a fixed seed, no example database, no per-example deadline.
FAST = dict(deadline=None, derandomize=True, database=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


# ---- the oracle -------------------------------------------------------------------------------
# Formats. jsonschema's own "date" needs no extra package, so it is the oracle for dates (it
# also checks the calendar, which the contract does not: the generator only makes calendar-
# valid dates and shape-level near misses). Its "date-time" and "uri" checkers need optional
# packages (rfc3339-validator, rfc3987) and are stricter than the contract, so the contract is
# registered instead: date-time is YYYY-MM-DDThh:mm:ss(.f)?(Z|+hh:mm), a uri has a scheme. Both
# are matched as JSON Schema (ECMA-262) regexes match: ASCII digits, the whole string.
_CONTRACT_DATETIME = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})")
_CONTRACT_URI = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def _format_checker():
    fc = jsonschema.FormatChecker(formats=())
    builtin = jsonschema.FormatChecker()
    if "date" in builtin.checkers:
        fc.checkers["date"] = builtin.checkers["date"]
    else:  # pragma: no cover - jsonschema always ships it; keep the contract as the fallback
        fc.checks("date")(lambda v: not isinstance(v, str) or re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", v) is not None)
    fc.checks("date-time")(lambda v: not isinstance(v, str) or _CONTRACT_DATETIME.fullmatch(v) is not None)
    fc.checks("uri")(lambda v: not isinstance(v, str) or _CONTRACT_URI.match(v) is not None)
    return fc


FORMATS = _format_checker()


def _oracle_class(schema: dict):
    """The validator class of the draft the schema declares (2020-12 when it names none), with
    one deliberate narrowing: JSON Schema counts 1.0 as an integer, the subset does not (an
    offset or a count read back as a float would be a bug elsewhere), so the oracle's
    "integer" is a Python int as well. Integral floats are still generated: they must keep
    passing ``const``/``enum`` (1.0 equals 1 on both sides) and ``number``."""
    base = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
    checker = base.TYPE_CHECKER.redefine("integer", lambda _c, v: isinstance(v, int) and not isinstance(v, bool))
    return jsonschema.validators.extend(base, type_checker=checker)


_CLASSES: dict = {}
_VALIDATORS: dict = {}


def oracle_valid(instance, schema: dict) -> bool:
    key = json.dumps(schema, sort_keys=True)
    validator = _VALIDATORS.get(key)
    if validator is None:
        draft = schema.get("$schema")
        cls = _CLASSES.get(draft) or _CLASSES.setdefault(draft, _oracle_class(schema))
        validator = _VALIDATORS[key] = cls(schema, format_checker=FORMATS)
    return validator.is_valid(instance)


def load(name: str) -> dict:
    with open(os.path.join(SCHEMA_DIR, f"{name}.schema.json"), encoding="utf-8") as fh:
        return json.load(fh)


# ---- generators -------------------------------------------------------------------------------
JSON_SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2**40), max_value=2**40)
                | st.floats(allow_nan=False, allow_infinity=False, width=64)
                | st.sampled_from([0.0, 1.0, -1.0, 2.0, 24000.0, 0.5]) | st.text(max_size=12))
JSON = st.recursive(JSON_SCALARS, lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
                    max_leaves=8)

DATES = st.dates().map(lambda d: d.isoformat())
DATETIMES = st.builds(
    lambda d, frac, tz: d.strftime("%Y-%m-%dT%H:%M:%S") + frac + tz,
    st.datetimes().filter(lambda d: d.year >= 1000),
    st.sampled_from(["", ".5", ".123456"]),
    st.sampled_from(["Z", "+00:00", "-05:30", "+14:00"]),
)
URIS = st.builds(lambda scheme, rest: f"{scheme}:{rest}", st.from_regex(r"[a-z][a-z0-9+.-]{0,6}", fullmatch=True),
                 st.text(alphabet="abc/.:?=#%-_", max_size=12))
_FULLWIDTH = str.maketrans("0123456789", "０１２３４５６７８９")
_ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def _string(schema: dict):
    fmt, pat = schema.get("format"), schema.get("pattern")
    if fmt == "date":
        return DATES
    if fmt == "date-time":
        return DATETIMES
    if fmt == "uri":
        return URIS
    if isinstance(pat, str):
        return st.from_regex(pat, fullmatch=True)
    lo = schema.get("minLength", 0)
    hi = schema.get("maxLength", lo + 8)
    return st.text(min_size=lo, max_size=max(lo, hi))


_SHAPED: dict[int, tuple] = {}


def shaped(schema) -> st.SearchStrategy:
    """Instances shaped by a subset schema: valid for the shipped schemas, near-valid at worst
    for generated ones (contradictory keywords are not resolved; the oracle decides). Built
    once per schema node (the node is kept alive so its id is not reused)."""
    if not isinstance(schema, dict):
        return JSON
    got = _SHAPED.get(id(schema))
    if got is None or got[0] is not schema:
        got = _SHAPED[id(schema)] = (schema, _shaped(schema))
    return got[1]


def _shaped(schema: dict) -> st.SearchStrategy:
    if "const" in schema:
        return st.just(copy.deepcopy(schema["const"]))
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    typ = schema.get("type")
    types = [typ] if isinstance(typ, str) else list(typ) if typ else []
    if not types:
        return JSON
    return st.one_of([_typed(t, schema) for t in types])


def _typed(t: str, schema: dict) -> st.SearchStrategy:
    if t == "null":
        return st.none()
    if t == "boolean":
        return st.booleans()
    if t == "string":
        return _string(schema)
    if t in ("integer", "number"):
        lo, hi = schema.get("minimum"), schema.get("maximum")
        ilo, ihi = (None if lo is None else int(lo)), (None if hi is None else int(hi))
        if ilo is not None and ihi is not None and (ilo > ihi or lo > hi):  # a generated contradiction
            return st.sampled_from([lo, hi, ilo, ihi])
        ints = st.integers(min_value=ilo, max_value=ihi)
        if t == "integer":
            return ints
        return ints | st.floats(min_value=lo, max_value=hi, allow_nan=False, allow_infinity=False)
    if t == "array":
        lo = schema.get("minItems", 0)
        hi = schema.get("maxItems", lo + 3)
        return st.lists(shaped(schema.get("items")), min_size=lo, max_size=max(lo, min(hi, lo + 3)))
    if t == "object":
        return _object(schema)
    return JSON


@st.composite
def _object(draw, schema: dict):
    props = schema.get("properties", {})
    required = list(schema.get("required", ()))
    out = {}
    for key in required:
        out[key] = draw(shaped(props.get(key, schema.get("additionalProperties"))))
    for key, sub in props.items():
        if key not in out and draw(st.booleans()):
            out[key] = draw(shaped(sub))
    extra = schema.get("additionalProperties", True)
    if extra is not False and draw(st.integers(0, 3)) == 0:
        key = draw(st.text(min_size=1, max_size=6).filter(lambda k: k not in props))
        out[key] = draw(shaped(extra) if isinstance(extra, dict) else JSON)
    return out


def _paths(o, p=()):
    yield p
    if isinstance(o, dict):
        for k, v in o.items():
            yield from _paths(v, p + (k,))
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from _paths(v, p + (i,))


def _get(o, p):
    for k in p:
        o = o[k]
    return o


def _near_misses(v) -> list:
    """Values one small step from ``v``: the edges a hand-written validator gets wrong."""
    out: list = [None, True, False, 0, 1, -1, 1.0, 0.5, "", "x", [], {}, [v], {"k": v}]
    if isinstance(v, bool):
        out += [int(v), float(v), not v, str(v).lower()]
    elif isinstance(v, int):
        out += [v + 1, v - 1, float(v), float(v) + 0.5, v == 1, -v, str(v), 2**63]
    elif isinstance(v, float):
        out += [v + 1, -v, int(v), str(v)]
    elif isinstance(v, str):
        out += [v + "\n", "\n" + v, " " + v, v + " ", v[:-1], v[1:], v.upper(), v + v[-1:], v[:1],
                v.translate(_FULLWIDTH), v.translate(_ARABIC_INDIC), v.replace("-", "/"), v.replace("T", "t"),
                v.replace("Z", "z"), v.replace(":", ""), v + "Z", v + "T00:00:00Z", v[:10]]
    elif isinstance(v, list):
        out += [v[:-1], v + v[:1], v[1:], [None] + v, {str(i): x for i, x in enumerate(v)}]
    elif isinstance(v, dict):
        out += [list(v.values()), {**v, "zz_extra": 1}]
    return out


def _with(doc, path, value):
    """``doc`` with the node at ``path`` replaced (copies only the spine of the path)."""
    if not path:
        return value
    head = doc.copy()
    head[path[0]] = _with(doc[path[0]], path[1:], value)
    return head


def _without(doc, path):
    parent = _get(doc, path[:-1]).copy()
    del parent[path[-1]]
    return _with(doc, path[:-1], parent)


@st.composite
def variants(draw, base, paths: int):
    """For a few nodes of ``base``: every near miss of that node, the node dropped, a key added
    (objects), and one arbitrary JSON value in its place. Exhaustive per node, so one generated
    record gives dozens of instances at the cost of one."""
    spots = list(_paths(base))
    out = []
    for path in draw(st.lists(st.sampled_from(spots), min_size=min(paths, len(spots)), max_size=paths, unique=True)):
        node = _get(base, path)
        out += [_with(base, path, v) for v in _near_misses(node)]
        out.append(_with(base, path, draw(JSON)))
        if path:
            out.append(_without(base, path))
        if isinstance(node, dict):
            out += [_with(base, path, {**node, k: draw(JSON)}) for k in ("zz_extra", "")]
    return out


@st.composite
def mutated(draw, base):
    """``base`` with one to three edits: replace a node (near miss or arbitrary JSON), drop a
    key, add a key, or drop a list item."""
    doc = copy.deepcopy(base)
    for _ in range(draw(st.integers(1, 3))):
        spots = list(_paths(doc))
        path = draw(st.sampled_from(spots))
        node = _get(doc, path)
        op = draw(st.sampled_from(["near", "near", "json", "drop", "add"]))
        if op == "drop" and path:
            parent = _get(doc, path[:-1])
            del parent[path[-1]]
            continue
        if op == "add" and isinstance(node, dict):
            node[draw(st.sampled_from(["zz_extra", "id", "start", "notes", ""]))] = draw(JSON)
            continue
        new = draw(st.sampled_from(_near_misses(node))) if op != "json" else draw(JSON)
        if not path:
            doc = copy.deepcopy(new)
        else:
            _get(doc, path[:-1])[path[-1]] = copy.deepcopy(new)
    return doc


# ---- the shipped schemas ------------------------------------------------------------------
def test_the_shipped_schemas_stay_inside_the_subset():
    """The oracle below only proves what the subset implements; a schema growing a keyword the
    checker ignores (oneOf, $ref, ...) must fail here, not pass silently."""
    def keys(node, out):
        if isinstance(node, dict):
            for k, v in node.items():
                out.add(k)
                if k == "properties":
                    for sub in v.values():
                        keys(sub, out)
                elif k in ("items", "additionalProperties"):
                    keys(v, out)
        return out

    for name in NAMES:
        used = keys(load(name), set())
        assert used <= SUBSET | ANNOTATIONS, (name, sorted(used - SUBSET - ANNOTATIONS))
    assert len(NAMES) >= 8


@pytest.mark.parametrize("name", NAMES)
def test_checker_agrees_with_jsonschema_on_mutated_records(name):
    schema = load(name)
    seen = {True: 0, False: 0}

    @settings(max_examples=RECORDS, **FAST)
    @given(st.data())
    def run(data):
        record = data.draw(shaped(schema), label="record")
        # the generator itself is checked: an unmutated record must be valid on both sides
        assert oracle_valid(record, schema), record
        assert S.check(record, name, "x") == [], record
        docs = data.draw(variants(record, PATHS), label="variants")
        docs += data.draw(st.lists(mutated(record) | JSON, min_size=PER, max_size=PER), label="instances")
        for doc in docs:
            ours = S.check(doc, name, "x")
            want = oracle_valid(doc, schema)
            seen[want] += 1
            assert (ours == []) == want, (doc, ours)

    run()
    # Every record above was valid on both sides; most edits make an invalid instance, and
    # the ones that stay valid (an optional field given another fitting value) count too.
    assert seen[False] >= RECORDS * PATHS * 5 and seen[True] >= RECORDS, seen


# ---- generated schemas in the subset ----------------------------------------------------------
# Patterns valid and equal in Python re and ECMA-262 for the strings generated (both sides run
# Python's re.search, so "$" before a final newline behaves the same in the checker and oracle).
PATTERNS = ["^[a-z]+$", "^clm_[0-9a-f]{4}$", "[0-9]", "^a", "b$", "^(x|yz)*$", "^$"]
TYPES = ["object", "array", "string", "integer", "number", "boolean", "null"]
SCALAR_VALUES = st.none() | st.booleans() | st.integers(-3, 3) | st.sampled_from([0.0, 1.0, 2.5]) | st.sampled_from(["", "a", "b"])
KEYS = st.sampled_from(["a", "b", "c", "d"])


def _schemas():
    leaf = st.fixed_dictionaries({}, optional={
        "type": st.sampled_from(TYPES) | st.lists(st.sampled_from(TYPES), min_size=1, max_size=2, unique=True),
        "enum": st.lists(SCALAR_VALUES | st.lists(SCALAR_VALUES, max_size=2), min_size=1, max_size=3),
        "const": SCALAR_VALUES | st.lists(SCALAR_VALUES, max_size=2) | st.dictionaries(KEYS, SCALAR_VALUES, max_size=2),
        "pattern": st.sampled_from(PATTERNS),
        "format": st.sampled_from(["date", "date-time", "uri"]),
        "minLength": st.integers(0, 3), "maxLength": st.integers(0, 4),
        "minimum": st.integers(-2, 2) | st.sampled_from([0.5, -1.5]),
        "maximum": st.integers(-2, 3) | st.sampled_from([2.5, 0.0]),
        "minItems": st.integers(0, 2), "maxItems": st.integers(0, 3),
    })

    def nest(kids):
        # Sub-schemas are always objects: boolean sub-schemas ("items": false) are outside the
        # subset, which ignores them; only additionalProperties takes true/false.
        return st.builds(
            lambda base, extra: {**base, **extra}, leaf,
            st.fixed_dictionaries({}, optional={
                "items": kids,
                "properties": st.dictionaries(KEYS, kids, max_size=3),
                "required": st.lists(KEYS, max_size=3, unique=True),
                "additionalProperties": st.booleans() | kids,
            }))

    return st.recursive(leaf, nest, max_leaves=6)


SCHEMAS = _schemas()


@st.composite
def schema_and_instances(draw):
    schema = draw(SCHEMAS)
    base = draw(shaped(schema))
    docs = draw(st.lists(st.one_of(st.just(base), mutated(base), JSON), min_size=PER, max_size=PER))
    return schema, docs


def test_checker_agrees_with_jsonschema_on_generated_schemas():
    seen = {True: 0, False: 0}

    @settings(max_examples=SCHEMA_CASES, **FAST)
    @given(schema_and_instances())
    def run(case):
        schema, docs = case
        for doc in docs:
            ours = S.validate(doc, schema, "x")
            want = oracle_valid(doc, schema)
            seen[want] += 1
            assert (ours == []) == want, (schema, doc, ours)
            # the reference walker (which words the findings) must reach the same verdict
            ref: list = []
            S._walk(doc, schema, (), ref)
            assert (ref == []) == want, (schema, doc, ref)

    run()
    assert min(seen.values()) >= SCHEMA_CASES * PER // 5, seen


# ---- pinned cases: the disagreements this oracle found ----------------------------------------
@pytest.mark.parametrize("instance, schema", [
    (True, {"const": 1}),                       # JSON true is not 1
    (False, {"enum": [0, 180, 320, 600]}),      # nor false 0
    ([True], {"const": [1]}),
    ({"a": False}, {"const": {"a": 0}}),
    ("2026-01-01\n", {"type": "string", "format": "date"}),           # $ before a final newline
    ("２０２６-０１-０１", {"type": "string", "format": "date"}),      # \d matching other scripts' digits
    ("2026-01-01T00:00:00Z\n", {"type": "string", "format": "date-time"}),
    ("٢٠٢٦-01-01T00:00:00Z", {"type": "string", "format": "date-time"}),
])
def test_pinned_disagreements_now_agree(instance, schema):
    assert not oracle_valid(instance, schema)
    assert S.validate(instance, schema, "x") != []


@pytest.mark.parametrize("instance, schema", [
    (1.0, {"const": 1}), (24000.0, {"enum": [0, 24000]}), ([1.0], {"const": [1]}),
    ("2026-01-01", {"format": "date"}), ("2026-01-01T00:00:00.5+05:30", {"format": "date-time"}),
])
def test_pinned_agreements(instance, schema):
    assert oracle_valid(instance, schema)
    assert S.validate(instance, schema, "x") == []
