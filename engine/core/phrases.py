"""Reading a phrase by its first word: the shape every game's phrases share.

A phrase is a verb and the words after it (``move yellow east``, ``place 4w on 2,1``, ``roll``).
Each game lists its :class:`Form` per verb (how it is written, how many words follow, the
function that reads them into a decision); :func:`verb_and_words` finds the form a phrase
uses, or fails in words a player can act on: the verb not known (with the nearest), or the
wrong number of words (with the form). What the words mean is the game's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.core.errors import did_you_mean

P = TypeVar("P")


@dataclass(frozen=True)
class Form(Generic[P]):
    """One accepted phrase form: how it is written, how many words follow the verb (``None``:
    no upper bound), the game's reader of those words, and an example."""

    usage: str
    counts: tuple[int, int | None]
    parse: P
    example: str = ""

    def written(self) -> str:
        """How the form is written, with its example."""
        return f"{self.usage} (e.g. {self.example})" if self.example else self.usage


def words_of(phrase: str) -> list[str]:
    """Lower-case words, with ``[1, 0]`` and ``1, 0`` read as ``1,0``."""
    text = phrase.lower().replace("[", " ").replace("]", " ")
    return re.sub(r"\s*,\s*", ",", text).split()


def accepted_forms(forms: Mapping[str, Form]) -> str:
    """Every form as written, for error messages."""
    return "; ".join(form.usage for form in forms.values())


def word_count(low: int, high: int | None) -> str:
    """How many words a form takes after its verb, in words."""
    if high is None:
        return f"{low} or more words"

    def words(count: int) -> str:
        return f"{count} word{'s' if count != 1 else ''}"

    if low == high:
        return "no words" if low == 0 else words(low)
    return f"at most {words(high)}" if low == 0 else f"{low} to {high} words"


def verb_and_words(
    phrase: str,
    forms: Mapping[str, Form[P]],
    fail: Callable[[str], Exception],
    written: Callable[[Form[P]], str] = Form.written,
) -> tuple[Form[P], list[str]]:
    """The form ``phrase`` uses and the words after its verb; ``fail(problem)`` is raised for
    an empty phrase, an unknown verb (with the nearest verb and the forms) or a wrong number of
    words (with the form, as ``written`` writes it)."""
    words = words_of(phrase)
    if not words:
        raise fail(f"say what to do; accepted forms: {accepted_forms(forms)}")
    verb, args = words[0], words[1:]
    form = forms.get(verb)
    if form is None:
        near = did_you_mean(verb, forms)
        raise fail(f"no action starts with {verb!r}{near}; accepted forms: {accepted_forms(forms)}")
    low, high = form.counts
    if len(args) < low or (high is not None and len(args) > high):
        raise fail(
            f"{verb} takes {word_count(low, high)} after it, not {len(args)}: "
            f"write it as: {written(form)}"
        )
    return form, args
