"""The suite's own ground rules: fsync off except in durable tests, children always ended."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from reverie._atomic import UNSAFE_NO_FSYNC_VARIABLE, fsync_enabled
from suite_tools import ChildProcesses, child_env, wait_until


def test_tests_run_without_fsync_and_so_do_their_children() -> None:
    assert not fsync_enabled()
    assert child_env()[UNSAFE_NO_FSYNC_VARIABLE] == "1"


@pytest.mark.durable
def test_durable_tests_and_their_children_fsync() -> None:
    assert fsync_enabled()
    assert UNSAFE_NO_FSYNC_VARIABLE not in child_env()


def test_children_get_no_settings_or_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REVERIE_MODEL", "gpt-4.1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-secret")
    env = child_env(COLUMNS="120")
    assert "REVERIE_MODEL" not in env and "OPENAI_API_KEY" not in env
    assert env["COLUMNS"] == "120" and env["PATH"] == os.environ["PATH"]


def test_wait_until_returns_the_condition_or_names_what_never_came() -> None:
    assert wait_until(lambda: [1], "a list") == [1]
    with pytest.raises(AssertionError, match="waiting for the moon"):
        wait_until(lambda: None, "the moon", timeout=0)


def test_a_child_still_running_when_the_block_ends_is_killed_and_reaped() -> None:
    with pytest.raises(RuntimeError, match="the test failed"), ChildProcesses() as children:
        stuck = children.popen(
            [sys.executable, "-c", "import sys; sys.stdin.read()"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
        )
        raise RuntimeError("the test failed")
    assert stuck.returncode is not None and stuck.returncode < 0
    assert stuck.stdin is not None and stuck.stdin.closed
    assert len(children) == 0
