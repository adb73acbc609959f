"""Rule points: where cards, missions and tasks may change a rule (PRINCIPLES §10).

The module that owns a rule declares, at module level, a :class:`RulePoint` for each place the
rule may be changed, with a *combinator* saying how the contributions of the sources in play
combine: :func:`transform` (fold a value through the handlers), :func:`first` (the first answer
that is not ``None``), :func:`collect` / :func:`distinct` (concatenate what each contributes),
:func:`total`, :func:`any_of`, :func:`every` (ask each, e.g. a check that may refuse),
:func:`update` (fold a state), :func:`chain` (fold an outcome ``(state, events)``),
:func:`first_outcome` (fold the state until one handler answers) and :func:`merge` (mappings,
the first source naming a key keeps it).

A *source* (a card, a mission, a task: any name) registers handlers only for the points it uses,
in its own module: a function with ``@POINT.register(name)``, or the methods of one class marked
``@on(POINT)`` and registered with ``@rule_source(name)``. A handler is called with the game's
rule context first (:class:`RuleContext`: the interpretation switches, catalogs), then the
point's own arguments.

A game's rule context says which sources are in play in a state, in order; the handlers of each
point for that tuple of sources are worked out once per context and cached, so asking a point
costs a dictionary look-up and the handlers' own work. The order is the sources' order, then the
order the source registered its handlers in: it is part of the rules (e.g. which card's answer
comes first).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from functools import partial
from typing import Any, TypeVar

Combine = Callable[..., Any]
"""How a point combines its handlers: ``combine(handlers, *args)``."""

_T = TypeVar("_T")
_generation = 0
"""Bumped by every registration, so contexts drop handler lists worked out before it."""
_sources: dict[str, list[RulePoint]] = {}
"""Every source that registered a handler, with the points it registered for, in order."""


class RulePoint:
    """One place a rule may be changed, declared by the module owning the rule.

    ``name`` is how a player would say it; ``combine`` how contributions combine; ``doc``
    which clause it applies and what its handlers receive and return.
    """

    def __init__(self, name: str, combine: Combine, doc: str = "") -> None:
        self.name = name
        self.combine = combine
        self.__doc__ = doc
        self.handlers: dict[str, list[Callable[..., Any]]] = {}

    def __repr__(self) -> str:
        return f"RulePoint({self.name!r})"

    def register(self, source: str) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
        """Decorator: ``source``'s handler for this point (called as ``handler(context, *args)``)."""

        def add(handler: Callable[..., _T]) -> Callable[..., _T]:
            global _generation
            self.handlers.setdefault(source, []).append(handler)
            _sources.setdefault(source, []).append(self)
            _generation += 1
            return handler

        return add

    def resolve(self, context: Any, sources: Iterable[str]) -> tuple[Callable[..., Any], ...]:
        """The handlers of ``sources`` for this point, in order, bound to ``context``."""
        return tuple(
            partial(handler, context)
            for source in sources
            for handler in self.handlers.get(source, ())
        )


def registered() -> dict[str, tuple[RulePoint, ...]]:
    """Every source that registered handlers, with the points it registered for (in order)."""
    return {source: tuple(points) for source, points in _sources.items()}


def on(point: RulePoint) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
    """Mark a method of a :func:`rule_source` class as its handler for ``point``."""

    def mark(method: Callable[..., _T]) -> Callable[..., _T]:
        method.__dict__.setdefault("_rule_points", []).append(point)
        return method

    return mark


def rule_source(name: str) -> Callable[[type[_T]], type[_T]]:
    """Class decorator: one instance of the class answers for source ``name`` at every point
    one of its methods (or a method it inherits) is marked for with :func:`on`; a subclass's
    override of a marked method answers in its place. Methods register in the order the class
    and its bases define them."""

    def register(cls: type[_T]) -> type[_T]:
        instance = cls()
        seen: list[str] = []
        for klass in reversed(cls.__mro__):
            seen += [attr for attr in vars(klass) if attr not in seen]
        for attr in seen:
            for klass in cls.__mro__:
                method = vars(klass).get(attr)
                if method is not None and getattr(method, "_rule_points", None):
                    for point in method._rule_points:
                        point.register(name)(getattr(instance, attr))
                    break
        cls.instance = instance  # type: ignore[attr-defined]
        return cls

    return register


class RuleContext:
    """A game's rule context: which sources are in play, and their handlers per point.

    A game derives from it and says, in :meth:`sources`, which sources are in play in a state
    (in order). :meth:`ask` answers a point for a state; the handler lists are worked out once
    per tuple of sources and kept.
    """

    def __init__(self) -> None:
        self._resolved: dict[Hashable, dict[RulePoint, tuple[Callable[..., Any], ...]]] = {}
        self._generation = _generation
        self._last: tuple[Any, Hashable, dict[RulePoint, tuple[Callable[..., Any], ...]]] = (
            None,
            (),
            {},
        )
        """The last state asked about and the handlers of its sources (rules ask many points
        of one state in a row)."""

    def sources(self, state: Any) -> tuple[str, ...]:
        """The sources in play in ``state``, in the order their handlers answer."""
        raise NotImplementedError

    def handlers(self, point: RulePoint, state: Any) -> tuple[Callable[..., Any], ...]:
        """``point``'s handlers for the sources in play in ``state``, bound to this context."""
        if self._generation != _generation:
            self._resolved.clear()
            self._last = (None, (), {})
            self._generation = _generation
        last, key, by_point = self._last
        if last is not state:
            key = self.sources(state)
            by_point = self._resolved.get(key)
            if by_point is None:
                by_point = self._resolved[key] = {}
            self._last = (state, key, by_point)
        found = by_point.get(point)
        if found is None:
            found = by_point[point] = point.resolve(self, key)
        return found

    def ask(self, point: RulePoint, state: Any, *args: Any) -> Any:
        """``point`` answered for ``state``: its combinator over the handlers in play, each
        called with ``state`` and ``args``."""
        last, _, by_point = self._last
        found = by_point.get(point) if last is state else None
        if found is None or self._generation != _generation:
            found = self.handlers(point, state)
        return point.combine(found, state, *args)

    def in_play(self, point: RulePoint, state: Any) -> bool:
        """Whether any source in play in ``state`` has a handler for ``point``."""
        return bool(self.handlers(point, state))


# -- combinators ------------------------------------------------------------------------------
def transform(handlers: tuple[Callable[..., Any], ...], *args: Any) -> Any:
    """The last argument folded through the handlers, each getting the value so far last."""
    if not handlers:
        return args[-1]
    *head, value = args
    for handler in handlers:
        value = handler(*head, value)
    return value


def update(handlers: tuple[Callable[..., Any], ...], state: Any, *args: Any) -> Any:
    """The state (first argument) folded through the handlers, each returning the new state."""
    for handler in handlers:
        state = handler(state, *args)
    return state


def chain(
    handlers: tuple[Callable[..., Any], ...], state: Any, *args: Any
) -> tuple[Any, tuple[Any, ...]]:
    """An outcome ``(state, events)`` chained through the handlers: each gets the state so far
    and returns ``(state, events)``; the events are concatenated in order."""
    events: tuple[Any, ...] = ()
    for handler in handlers:
        state, more = handler(state, *args)
        events += tuple(more)
    return state, events


def first(handlers: tuple[Callable[..., Any], ...], *args: Any) -> Any:
    """The first handler's answer that is not ``None``; ``None`` when none answers."""
    for handler in handlers:
        answer = handler(*args)
        if answer is not None:
            return answer
    return None


def first_outcome(
    handlers: tuple[Callable[..., Any], ...], state: Any, *args: Any
) -> tuple[Any, Any]:
    """``(state, answer)``: each handler gets the state so far and returns ``(state, answer)``;
    the first answer that is not ``None`` ends the round (``None``: no handler answered)."""
    for handler in handlers:
        state, answer = handler(state, *args)
        if answer is not None:
            return state, answer
    return state, None


def collect(handlers: tuple[Callable[..., Any], ...], *args: Any) -> tuple[Any, ...]:
    """Every handler's contributions (an iterable each), concatenated in order."""
    if not handlers:
        return ()
    return tuple(item for handler in handlers for item in handler(*args))


def distinct(handlers: tuple[Callable[..., Any], ...], *args: Any) -> tuple[Any, ...]:
    """Like :func:`collect`, without repeats (the first occurrence kept)."""
    return tuple(dict.fromkeys(collect(handlers, *args)))


def total(handlers: tuple[Callable[..., Any], ...], *args: Any) -> Any:
    """The sum of the handlers' answers (0 with none)."""
    return sum(handler(*args) for handler in handlers)


def any_of(handlers: tuple[Callable[..., Any], ...], *args: Any) -> bool:
    """Whether some handler answers true."""
    return any(handler(*args) for handler in handlers)


def every(handlers: tuple[Callable[..., Any], ...], *args: Any) -> None:
    """Ask every handler in order, for what it does (e.g. raise a refusal); no answer."""
    for handler in handlers:
        handler(*args)


def merge(handlers: tuple[Callable[..., Any], ...], *args: Any) -> dict[Any, Any]:
    """The handlers' mappings merged; the first handler naming a key keeps it."""
    found: dict[Any, Any] = {}
    for handler in handlers:
        for key, value in handler(*args).items():
            found.setdefault(key, value)
    return found
