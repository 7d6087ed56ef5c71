"""Plain immutable records, made fast: ``@record`` on a class written like a ``typing.NamedTuple``.

Type checkers see a ``NamedTuple`` subclass; at run time the fields and
their defaults come from the class's annotations and body, and
``collections.namedtuple`` builds the class. ``typing.NamedTuple`` turns
every annotation into a ForwardRef and checks it: about a tenth of a
millisecond a class, paid by every command for the dozen record classes it
imports (start-up is a feature: benchmarks/startup.py). Methods, properties
and dunder methods such as ``__getattr__`` written in the class are kept.
"""

from __future__ import annotations

from collections import namedtuple
from typing import TYPE_CHECKING, Any, TypeVar, cast

if TYPE_CHECKING:
    from typing import NamedTuple as Record
else:
    Record = object

__all__ = ["Record", "record"]

_C = TypeVar("_C", bound=type)

# What a class body holds that is not ours to copy onto the namedtuple.
_SKIP = {"__annotations__", "__dict__", "__weakref__", "__module__", "__qualname__", "__doc__", "__slots__"}


def record(cls: _C) -> _C:
    """The class as a namedtuple with the same fields, defaults, methods and docstring."""
    body = vars(cls)
    fields = list(body.get("__annotations__", {}))
    defaults = [body[name] for name in fields if name in body]
    build: Any = namedtuple  # called with computed arguments, which mypy's namedtuple plugin refuses
    made: Any = build(cls.__name__, fields, defaults=defaults, module=cls.__module__)
    for key, value in body.items():
        if key not in _SKIP and key not in fields:
            setattr(made, key, value)
    made.__doc__ = cls.__doc__
    made.__qualname__ = cls.__qualname__
    return cast(_C, made)
