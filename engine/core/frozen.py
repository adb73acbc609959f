"""Cheap immutable states: copies that share structure, and a hash computed once.

A game's state is a frozen dataclass of plain data (PRINCIPLES §2). Two costs dominate a search
or a long playout over such states: ``dataclasses.replace``, which rebuilds the whole object
through ``__init__``, and ``hash``, which walks every field again each time a table is probed.

* :func:`evolve` makes the changed copy by copying the instance dictionary and setting the
  changed fields: the unchanged fields are the same objects, shared, not rebuilt. It runs no
  ``__init__`` or ``__post_init__``, so it is for classes whose fields are plain data and need
  no check on the way in.
* :func:`hash_once` makes a frozen dataclass remember its hash after the first call. The value
  lives in the instance's dictionary under :data:`HASH` (never a field: equality, ``repr``,
  ``fields`` and ``replace`` do not see it), :func:`evolve` drops it from the copy, and pickling
  leaves it out (string hashes differ from one process to the next).
* :func:`last_call` keeps the last result of a pure function of such states.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

T = TypeVar("T")

HASH = "_hash_once"
"""Where :func:`hash_once` keeps an instance's hash."""


def evolve(instance: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``instance`` with ``changes`` applied; the other fields
    are shared with ``instance``. Field names are not checked: pass only fields."""
    copy = object.__new__(type(instance))
    fields = copy.__dict__
    fields.update(instance.__dict__)
    fields.pop(HASH, None)
    fields.update(changes)
    return copy


def hash_once(cls: type[T]) -> type[T]:
    """Class decorator, applied above ``@dataclass(frozen=True)``: the dataclass's own hash,
    computed on first use and kept."""
    field_hash: Callable[[Any], int] = cls.__hash__  # type: ignore[assignment]

    def __hash__(self: Any) -> int:
        fields = self.__dict__
        value = fields.get(HASH)
        if value is None:
            value = fields[HASH] = field_hash(self)
        return value

    def __getstate__(self: Any) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop(HASH, None)
        return state

    cls.__hash__ = __hash__  # type: ignore[method-assign,assignment]
    cls.__getstate__ = __getstate__  # type: ignore[attr-defined]
    return cls


def last_call(function: Callable[..., T]) -> Callable[..., T]:
    """Decorator for a pure function of immutable values (a state, the rules, names): the result
    of its last call is kept and returned again while the arguments are the very same objects
    (compared by identity, so nothing is hashed). Rules often ask the same question of one state
    twice in a row: once to list the legal decisions, once to check the decision taken."""
    last: list[tuple[tuple[Any, ...], Any]] = [((), None)]
    """One slot holding (arguments, result), replaced whole so that threads never see a mix."""

    @wraps(function)
    def remembered(*args: Any) -> T:
        before, result = last[0]
        if len(before) == len(args) and all(a is b for a, b in zip(before, args, strict=True)):
            return result
        result = function(*args)
        last[0] = (args, result)
        return result

    return remembered
