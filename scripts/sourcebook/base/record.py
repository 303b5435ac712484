"""``record`` and ``TupleRecord``: typed records, as ``@dataclass`` and ``typing.NamedTuple``
make them, for a fraction of the cost.

``sb verify`` imports some forty modules that define records. ``dataclasses`` imports
``inspect`` (and with it ``ast``, ``dis`` and ``tokenize``), and compiles three or four
methods for each class it decorates: about 0.2 ms a class, about 12 ms for one verify before
it reads a page. ``record`` compiles one ``__init__`` per class and shares one ``__eq__`` and
one ``__repr__`` among them all.

It takes the subset of ``dataclass`` the package uses: annotated fields in order, plain
defaults, and ``field(default=..., default_factory=..., repr=..., compare=...)``. Equality
and ``repr`` are by the fields, as a dataclass's are, and a record is unhashable, as a
non-frozen dataclass is. Type checkers read ``record`` as ``dataclass`` itself, so a record is
checked exactly as a dataclass would be. A frozen record, or one read by ``dataclasses.asdict``,
stays a dataclass.

``TupleRecord`` is ``typing.NamedTuple`` without its checks of each field's annotation (under
``from __future__ import annotations`` each one is a string it compiles): the class is the
``collections.namedtuple`` that ``NamedTuple`` would make, with the class body's methods.
"""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Any

__all__ = ["TupleRecord", "as_dict", "field", "record"]

_MISSING: Any = type("_Missing", (), {"__repr__": lambda self: "MISSING"})()


class _Field:
    __slots__ = ("compare", "default", "factory", "repr")

    def __init__(self, default: Any, factory: Any, shown: bool, compare: bool) -> None:
        self.default, self.factory, self.repr, self.compare = default, factory, shown, compare


def _field(*, default: Any = _MISSING, default_factory: Any = _MISSING, repr: bool = True,  # noqa: A002 - dataclass's name
           compare: bool = True) -> Any:
    if default is not _MISSING and default_factory is not _MISSING:
        raise ValueError("cannot specify both default and default_factory")
    return _Field(default, default_factory, repr, compare)


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, n) == getattr(other, n) for n in self.__record_compared__)


def _repr(self: Any) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__record_shown__)
    return f"{self.__class__.__qualname__}({shown})"


def _record(cls: type) -> type:
    names: list[str] = []
    shown: list[str] = []
    compared: list[str] = []
    params: list[str] = []
    body: list[str] = []
    env: dict[str, Any] = {"MISSING": _MISSING}
    for name in cls.__dict__.get("__annotations__", {}):
        given = cls.__dict__.get(name, _MISSING)
        spec = given if isinstance(given, _Field) else _Field(given, _MISSING, True, True)
        names.append(name)
        if spec.repr:
            shown.append(name)
        if spec.compare:
            compared.append(name)
        if spec.factory is not _MISSING:
            env[f"_f_{name}"] = spec.factory
            params.append(f"{name}=MISSING")
            body.append(f"self.{name} = _f_{name}() if {name} is MISSING else {name}")
            if isinstance(given, _Field):
                delattr(cls, name)  # as a dataclass: a factory's field has no class attribute
            continue
        if spec.default is not _MISSING:
            env[f"_d_{name}"] = spec.default
            params.append(f"{name}=_d_{name}")
            setattr(cls, name, spec.default)
        elif params and "=" in params[-1]:
            raise TypeError(f"non-default argument {name!r} follows default argument")
        else:
            params.append(name)
        body.append(f"self.{name} = {name}")
    src = f"def __init__(self, {', '.join(params)}):\n    " + ("\n    ".join(body) or "pass")
    ns: dict[str, Any] = {}
    exec(src, env, ns)  # noqa: S102 - the source is built above from the class's own field names
    init = ns["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    for attr, value in (("__init__", init), ("__eq__", _eq), ("__repr__", _repr), ("__hash__", None),
                        ("__match_args__", tuple(names)), ("__record_fields__", tuple(names)),
                        ("__record_shown__", tuple(shown)), ("__record_compared__", tuple(compared))):
        if attr in ("__eq__", "__repr__", "__hash__") and attr in cls.__dict__:
            continue  # a method the class writes itself stays, as with a dataclass
        setattr(cls, attr, value)
    return cls


def as_dict(obj: Any) -> dict[str, Any]:
    """A record's fields by name, in order (its values as they are: a shallow
    ``dataclasses.asdict``, for records whose values are plain data)."""
    return {n: getattr(obj, n) for n in type(obj).__record_fields__}


# as typing.NamedTuple: what a class body may not set, and what it sets that is not copied
_PROHIBITED = frozenset(("__new__", "__init__", "__slots__", "__getnewargs__", "_fields", "_field_defaults", "_make",
                         "_replace", "_asdict", "_source"))
_SPECIAL = frozenset(("__module__", "__name__", "__annotations__", "__qualname__"))


class _TupleMeta(type):
    """Makes ``class P(TupleRecord): x: int; y: int = 0`` the named tuple ``NamedTuple`` would."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> Any:
        if not bases:  # TupleRecord itself
            return super().__new__(mcls, name, bases, ns)
        annotations = dict(ns.get("__annotations__", {}))
        defaults = []
        for field_name in annotations:
            if field_name in ns:
                defaults.append(ns[field_name])
            elif defaults:
                raise TypeError(f"{name}: non-default field {field_name!r} follows a default field")
        cls = namedtuple(name, list(annotations), defaults=defaults, module=ns.get("__module__"))  # type: ignore[misc]
        cls.__qualname__ = ns.get("__qualname__", name)
        cls.__annotations__ = annotations
        for key, value in ns.items():
            if key in _PROHIBITED:
                raise AttributeError(f"{name}: cannot overwrite the named tuple's {key}")
            if key not in _SPECIAL and key not in annotations:
                setattr(cls, key, value)
        return cls


if TYPE_CHECKING:
    from dataclasses import dataclass as record
    from dataclasses import field
    from typing import NamedTuple as TupleRecord
else:
    record, field = _record, _field
    TupleRecord = _TupleMeta("TupleRecord", (), {"__module__": __name__, "__doc__": "A typed named tuple."})
