"""``contextlib.contextmanager`` without importing contextlib (issue #17).

Every command is a whole process, and contextlib imports functools and collections: together
about 2 ms of each one, for the few ``with`` blocks btcli writes as generators (the game's lock,
``btcli play``'s held game). ``contextmanager`` here does what contextlib's does for those: the
generator runs to its ``yield`` on entry, and on exit it resumes, or receives the exception the
``with`` body raised, which propagates unchanged unless the generator handles it
(tests/test_contexts.py).
"""

from __future__ import annotations


def contextmanager(func):
    """Makes a generator function that yields once into a context manager factory, as contextlib's does."""

    def make(*args, **kwargs):
        return _GeneratorContext(func(*args, **kwargs))

    make.__name__, make.__qualname__, make.__doc__ = func.__name__, func.__qualname__, func.__doc__
    make.__wrapped__ = func
    return make


class _GeneratorContext:
    __slots__ = ("_gen",)

    def __init__(self, gen) -> None:
        self._gen = gen

    def __enter__(self):
        try:
            return next(self._gen)
        except StopIteration:
            raise RuntimeError("generator didn't yield") from None

    def __exit__(self, kind, value, traceback) -> bool:
        if kind is None:
            try:
                next(self._gen)
            except StopIteration:
                return False
            raise RuntimeError("generator didn't stop")
        if value is None:
            value = kind()
        try:
            self._gen.throw(value)
        except StopIteration as stop:
            return stop is not value  # the generator handled it: the with block's exception is suppressed
        except RuntimeError as exc:  # PEP 479: a StopIteration from the body comes back wrapped
            if exc is value or (isinstance(value, StopIteration) and exc.__cause__ is value):
                value.__traceback__ = traceback
                return False
            raise
        except BaseException as exc:
            if exc is not value:
                raise
            exc.__traceback__ = traceback
            return False
        raise RuntimeError("generator didn't stop after throw()")
