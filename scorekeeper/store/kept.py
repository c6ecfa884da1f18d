"""Values derived from stored data, kept in this process: least recently used first out, bounded.

Whatever is kept here can be dropped at any moment (``clear``) and is made again from the
database on the next request; its key names everything it depends on (a game's version, the
engine's revision), so a kept value never disagrees with what is stored.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

V = TypeVar("V")


class Kept(Generic[V]):
    """A bounded, thread-safe store of derived values by key."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._values: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        """The value kept under ``key``, if any (it becomes the most recently used)."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def keep(self, key: Hashable, value: V) -> V:
        """Keep ``value`` under ``key``, dropping the least recently used past the limit."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.limit:
                self._values.popitem(last=False)
        return value

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The value kept under ``key``, or ``make()`` kept there (made outside the lock)."""
        value = self.get(key)
        return value if value is not None else self.keep(key, make())

    def drop(self, key: Hashable) -> None:
        """Forget what is kept under ``key``, if anything."""
        with self._lock:
            self._values.pop(key, None)

    def drop_where(self, chosen: Callable[[Hashable], bool]) -> None:
        """Forget what is kept under every key ``chosen`` says yes to."""
        with self._lock:
            for key in [key for key in self._values if chosen(key)]:
                del self._values[key]

    def __iter__(self) -> Iterator[Hashable]:
        """Every key kept now."""
        with self._lock:
            return iter(list(self._values))

    def clear(self) -> None:
        """Drop everything kept (it is made again when next asked for)."""
        with self._lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
