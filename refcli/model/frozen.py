"""Plain immutable records, made fast: ``@record`` on a class written like a ``typing.NamedTuple``.

Type checkers see a ``NamedTuple`` subclass; at run time the fields and
their defaults come from the class's annotations and body, and the class is
built as ``collections.namedtuple`` builds one (a tuple subclass with the same
attributes and methods: ``_fields``, ``_field_defaults``, ``_make``,
``_replace``, ``_asdict``, the repr, pickling) except for one thing:
``namedtuple`` compiles a ``__new__`` for each class with ``eval``, about a
tenth of a millisecond a class at start-up, and ``typing.NamedTuple`` adds as
much again, paid by every command for the dozen record classes it imports
(start-up is a feature: benchmarks/startup.py). Here one ``__new__`` written
once serves every record: it takes the fields by position or by name, with
their defaults, and refuses what the compiled one refuses. Methods,
properties and dunder methods such as ``__getattr__`` written in the class
are kept.
"""

from __future__ import annotations

import sys
from collections import _tuplegetter  # type: ignore[attr-defined]  # what namedtuple's fields are made of
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    Record = object

__all__ = ["Record", "record"]

_C = TypeVar("_C", bound=type)

# What a class body holds that is not ours to copy onto the record.
_SKIP = {"__annotations__", "__dict__", "__weakref__", "__module__", "__qualname__", "__doc__", "__slots__"}

_tuple_new = tuple.__new__


def _new(_cls: Any, *args: Any, **kwargs: Any) -> Any:
    """A record from its fields, by position or by name, the missing ones from their defaults."""
    fields: tuple[str, ...] = _cls._fields
    if not kwargs and len(args) == len(fields):
        return _tuple_new(_cls, args)
    if len(args) > len(fields):
        raise TypeError(f"__new__() takes {len(fields) + 1} positional arguments but {len(args) + 1} were given")
    defaults: dict[str, Any] = _cls._field_defaults
    values = list(args)
    for name in fields[len(args) :]:
        if name in kwargs:
            values.append(kwargs.pop(name))
        elif name in defaults:
            values.append(defaults[name])
        else:
            raise TypeError(f"__new__() missing required argument: {name!r}")
    for name in kwargs:
        if name in fields:
            raise TypeError(f"__new__() got multiple values for argument {name!r}")
        raise TypeError(f"__new__() got an unexpected keyword argument {name!r}")
    return _tuple_new(_cls, values)


@classmethod  # type: ignore[misc]
def _make(cls: Any, iterable: Any) -> Any:
    """Make a new record from a sequence or iterable."""
    result = _tuple_new(cls, iterable)
    if len(result) != len(cls._fields):
        raise TypeError(f"Expected {len(cls._fields)} arguments, got {len(result)}")
    return result


def _replace(self: Any, /, **kwds: Any) -> Any:
    """Return a new record replacing specified fields with new values."""
    result = self._make(map(kwds.pop, self._fields, self))
    if kwds:
        raise ValueError(f"Got unexpected field names: {list(kwds)!r}")
    return result


def __repr__(self: Any) -> str:  # noqa: N807 - a method of every record
    """Return a nicely formatted representation string"""
    return f"{self.__class__.__name__}({', '.join(f'{name}={value!r}' for name, value in zip(self._fields, self))})"


def _asdict(self: Any) -> dict[str, Any]:
    """Return a new dict which maps field names to their values."""
    return dict(zip(self._fields, self))


def __getnewargs__(self: Any) -> tuple[Any, ...]:  # noqa: N807 - a method of every record
    """Return self as a plain tuple.  Used by copy and pickle."""
    return tuple(self)


_METHODS = {
    "__new__": _new,
    "_make": _make,
    "_replace": _replace,
    "__repr__": __repr__,
    "_asdict": _asdict,
    "__getnewargs__": __getnewargs__,
}


def record(cls: _C) -> _C:
    """The class as a named tuple with the same fields, defaults, methods and docstring."""
    body = vars(cls)
    fields = tuple(map(sys.intern, body.get("__annotations__", {})))
    defaults = {name: body[name] for name in fields if name in body}
    namespace: dict[str, Any] = {
        "__slots__": (),
        "_fields": fields,
        "_field_defaults": defaults,
        "__match_args__": fields,
        **_METHODS,
    }
    for index, name in enumerate(fields):
        namespace[name] = _tuplegetter(index, f"Alias for field number {index}")
    for key, value in body.items():
        if key not in _SKIP and key not in fields:
            namespace[key] = value
    namespace["__doc__"] = cls.__doc__
    namespace["__module__"] = cls.__module__
    namespace["__qualname__"] = cls.__qualname__
    made: Any = type(cls.__name__, (tuple,), namespace)
    return cast(_C, made)
