"""`@value`: frozen dataclasses that are cheap to make, for events and actions on hot paths.

A frozen dataclass's generated `__init__` goes through `object.__setattr__` for every field,
which makes it about twice as slow as needed; the engine makes one or two events on every
step. `value` keeps the class frozen and its fields, equality, hash and repr as dataclasses
made them, and swaps in an `__init__` that sets the slots directly.
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, TypeVar

T = TypeVar("T")


def value(cls: type[T]) -> type[T]:
    """Apply under `@dataclass(frozen=True, slots=True)`."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {}
    params = []
    for i, f in enumerate(fields(cls)):  # type: ignore[arg-type]
        namespace[f"_set{i}"] = cls.__dict__[f.name].__set__
        if f.default is not MISSING:
            namespace[f"_default{i}"] = f.default
            params.append(f"{f.name}=_default{i}")
        else:
            params.append(f.name)
    body = "".join(f"\n    _set{i}(self, {name})" for i, name in enumerate(names)) or "\n    pass"
    exec(f"def __init__(self, {', '.join(params)}):{body}", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls
