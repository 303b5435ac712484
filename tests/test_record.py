"""``base.record``: a record behaves as the dataclass it stands for, at a fraction of the cost."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT
from demo_kit import EPOCH, built_demo

from sourcebook.base.record import TupleRecord, as_dict, field, record


@pytest.fixture(scope="module")
def demo_ws(tmp_path_factory):
    yield from built_demo(tmp_path_factory, "record", full=True)


@record
class Point:
    """A record with a plain default, a factory and a field left out of equality and repr."""

    x: int
    y: int = 0
    tags: list[str] = field(default_factory=list)
    _memo: str | None = field(default=None, repr=False, compare=False)


def test_init_takes_fields_in_order_with_their_defaults():
    p = Point(1)
    assert (p.x, p.y, p.tags, p._memo) == (1, 0, [], None)
    assert Point(1, 2, ["a"]).tags == ["a"]
    assert Point(x=3, y=4).y == 4
    with pytest.raises(TypeError):
        Point()  # type: ignore[call-arg]


def test_a_factory_gives_each_record_its_own_value():
    a, b = Point(1), Point(1)
    a.tags.append("t")
    assert b.tags == []
    assert "tags" not in Point.__dict__  # as a dataclass: no shared class attribute


def test_equality_and_repr_are_by_the_compared_and_shown_fields():
    assert Point(1, 2) == Point(1, 2)
    assert Point(1, 2) != Point(1, 3)
    assert Point(1, _memo="a") == Point(1, _memo="b")  # compare=False
    assert Point(1) != (1, 0, [], None)
    assert repr(Point(1, 2)) == "Point(x=1, y=2, tags=[])"
    with pytest.raises(TypeError):
        hash(Point(1))  # unhashable, as a dataclass that is not frozen


def test_a_method_the_class_writes_stays():
    @record
    class Named:
        name: str

        def __repr__(self) -> str:
            return f"<{self.name}>"

    assert repr(Named("a")) == "<a>"


def test_a_field_without_a_default_after_one_with_a_default_is_refused():
    with pytest.raises(TypeError):
        @record
        class Bad:
            a: int = 0
            b: int  # type: ignore[misc]


def test_as_dict_gives_the_fields_in_order():
    assert as_dict(Point(1, 2, ["a"])) == {"x": 1, "y": 2, "tags": ["a"], "_memo": None}


class Span(TupleRecord):
    """A tuple record: a named tuple, as typing.NamedTuple makes one."""

    start: int
    end: int = 0

    def width(self) -> int:
        return self.end - self.start


def test_a_tuple_record_is_the_named_tuple_namedtuple_makes():
    s = Span(2, 5)
    assert s == (2, 5) and isinstance(s, tuple) and s.width() == 3
    assert Span(2) == Span(start=2, end=0)
    assert Span._fields == ("start", "end") and s._replace(end=9) == (2, 9)
    assert repr(s) == "Span(start=2, end=5)" and Span.__doc__.startswith("A tuple record")
    assert Span.__annotations__ == {"start": "int", "end": "int"}
    import pickle

    assert pickle.loads(pickle.dumps(s)) == s


def test_a_tuple_record_refuses_what_namedtuple_refuses():
    with pytest.raises(TypeError):
        class Bad(TupleRecord):
            a: int = 0
            b: int  # type: ignore[misc]
    with pytest.raises(AttributeError):
        class Worse(TupleRecord):
            a: int

            def _replace(self, **kw):  # type: ignore[override]
                return self


def test_verify_never_imports_dataclasses(demo_ws):
    """The records of every module verify loads are made without ``dataclasses`` (and the
    ``inspect`` it imports)."""
    probe = ("import io, sys\nsys.path.insert(0, sys.argv[1])\nfrom sourcebook.cli import main\n"
             "o = io.StringIO()\nrc = main(['verify', '--no-cache'], stdout=o, stderr=o)\n"
             "print(rc, sorted(m for m in sys.modules if m in {'dataclasses', 'inspect'}))\n")
    out = subprocess.run([sys.executable, "-S", "-c", probe, os.path.join(ROOT, "scripts")], cwd=demo_ws,
                         capture_output=True, text=True, timeout=60, env={**os.environ, "SOURCE_DATE_EPOCH": EPOCH})
    assert out.stdout.strip() == "0 []", out.stdout[-2000:] + out.stderr[-2000:]
