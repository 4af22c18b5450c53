"""btcli.contexts.contextmanager does what contextlib.contextmanager does for btcli's generator
context managers (issue #17: no contextlib import on a command's path): the yielded value, the code
after the yield on a clean exit, the body's exception thrown into the generator and propagated
unchanged, an exception the generator handles suppressed, and the same errors for a generator that
does not yield or does not stop."""

from __future__ import annotations

import contextlib

import pytest

from btcli import contexts

MAKERS = [contexts.contextmanager, contextlib.contextmanager]


def _recorder(maker, log: list, handle: type | None = None):
    @maker
    def managed(value):
        log.append("enter")
        try:
            yield value
        except BaseException as exc:
            log.append(f"caught {type(exc).__name__}")
            if handle is None or not isinstance(exc, handle):
                raise
        finally:
            log.append("exit")
    return managed


@pytest.mark.parametrize("maker", MAKERS, ids=["btcli", "contextlib"])
def test_a_clean_block_runs_the_code_after_the_yield(maker):
    log: list = []
    with _recorder(maker, log)(7) as got:
        log.append(got)
    assert log == ["enter", 7, "exit"]


@pytest.mark.parametrize("maker", MAKERS, ids=["btcli", "contextlib"])
@pytest.mark.parametrize("error", [ValueError("x"), KeyboardInterrupt(), StopIteration("s")])
def test_the_bodys_exception_reaches_the_generator_and_propagates_unchanged(maker, error):
    log: list = []
    with pytest.raises(type(error)) as raised:
        with _recorder(maker, log)(1):
            raise error
    assert raised.value is error
    assert log[0] == "enter" and log[-1] == "exit"


@pytest.mark.parametrize("maker", MAKERS, ids=["btcli", "contextlib"])
def test_an_exception_the_generator_handles_is_suppressed(maker):
    log: list = []
    with _recorder(maker, log, handle=ValueError)(1):
        raise ValueError("handled")
    assert log == ["enter", "caught ValueError", "exit"]


@pytest.mark.parametrize("maker", MAKERS, ids=["btcli", "contextlib"])
def test_a_generator_that_raises_another_error_replaces_the_bodys(maker):
    @maker
    def failing():
        try:
            yield
        finally:
            raise OSError("cleanup failed")

    with pytest.raises(OSError, match="cleanup failed") as raised:
        with failing():
            raise ValueError("body")
    assert isinstance(raised.value.__context__, ValueError)


@pytest.mark.parametrize("maker", MAKERS, ids=["btcli", "contextlib"])
def test_a_generator_must_yield_once_and_stop(maker):
    @maker
    def never():
        return
        yield

    @maker
    def twice():
        yield
        yield

    with pytest.raises(RuntimeError, match="didn't yield"):
        with never():
            pass
    with pytest.raises(RuntimeError, match="didn't stop"):
        with twice():
            pass
