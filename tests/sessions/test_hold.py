"""A chat keeps its session to itself, and waits out a command that only looks at it."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie.errors import UserError
from reverie.sessions.hold import hold_chat_session


@contextlib.contextmanager
def _held_by_another(workspace: Path) -> Iterator[threading.Event]:
    """Hold ``cli:default`` in another thread until the yielded event is set."""
    release, taken = threading.Event(), threading.Event()

    def hold() -> None:
        with hold_chat_session(workspace, "cli:default"):
            taken.set()
            release.wait(timeout=120)

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert taken.wait(timeout=60)
        yield release
    finally:
        release.set()
        holder.join(timeout=60)


def test_a_session_held_by_another_is_refused_at_once(tmp_path: Path) -> None:
    with (
        _held_by_another(tmp_path),
        pytest.raises(UserError, match="open in another `reverie chat`"),
        hold_chat_session(tmp_path, "cli:default"),
    ):
        pass


def test_a_holder_that_lets_go_soon_is_waited_for(tmp_path: Path) -> None:
    with _held_by_another(tmp_path) as release:
        letting_go = threading.Timer(0.2, release.set)
        letting_go.start()
        with hold_chat_session(tmp_path, "cli:default", wait=60):
            assert release.is_set()  # taken only once the other let go
        letting_go.join(timeout=60)


def test_a_holder_that_keeps_it_is_refused_after_the_wait(tmp_path: Path) -> None:
    with (
        _held_by_another(tmp_path),
        pytest.raises(UserError, match="open in another `reverie chat`"),
        hold_chat_session(tmp_path, "cli:default", wait=0.1),
    ):
        pass
