"""Narrowing a value to the type a test knows it has, checked (not a cast)."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")


def of_kind(value: object, kind: type[T]) -> T:
    """``value``, which must be a ``kind``."""
    assert isinstance(value, kind), f"{type(value).__name__}, not {kind.__name__}"
    return value
