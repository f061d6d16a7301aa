"""Fixtures shared by the whole suite: a real workspace, a clean environment, no fsync.

The suite runs with ``REVERIE_UNSAFE_NO_FSYNC=1`` (about half of its run time was
fsync). Tests of what survives a crash (a killed process, a torn write, the order of
fsync and rename) are marked ``@pytest.mark.durable`` and run with fsync on, as a
user's reverie does.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from reverie._atomic import UNSAFE_NO_FSYNC_VARIABLE
from suite_tools import ChildProcesses

_KEY_VARS = (
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "ANTHROPIC_API_KEY",
    "ANTHROPIC_BASE_URL",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> Iterator[None]:
    """No test sees the developer's keys or reverie settings; fsync is off unless durable."""
    import os

    for name in list(os.environ):
        if name in _KEY_VARS or name.startswith("REVERIE_"):
            monkeypatch.delenv(name, raising=False)
    if request.node.get_closest_marker("durable") is None:
        monkeypatch.setenv(UNSAFE_NO_FSYNC_VARIABLE, "1")
    yield


@pytest.fixture
def children() -> Iterator[ChildProcesses]:
    """Start processes through this; any still running when the test ends is killed."""
    with ChildProcesses() as started:
        yield started


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """An empty workspace directory (reverie creates what it needs)."""
    path = tmp_path / "workspace"
    path.mkdir()
    return path


@pytest.fixture(autouse=True)
def no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any real provider call that leaves loopback fails loudly."""
    import reverie.providers.network as network

    monkeypatch.setattr(network, "ALLOW_NETWORK", False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 16 MiB tmpfs, for tests that fill the disk; skipped where it cannot be mounted."""
    import os
    import subprocess

    if os.geteuid() != 0:
        pytest.skip("mounting a small tmpfs to fill needs root")
    mount_point = tmp_path / "small-disk"
    mount_point.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=16m", "tmpfs", str(mount_point)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip() or mounted.returncode}")
    try:
        yield mount_point
    finally:
        subprocess.run(["umount", "-l", str(mount_point)], capture_output=True)


class DiskFiller:
    """Fills a filesystem to the last byte with one file, and frees it again."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / ".filler"

    def fill(self, *, leave: int = 0) -> None:
        """Write until the filesystem answers ENOSPC, then give back ``leave`` bytes."""
        import errno
        import os

        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        try:
            for size in (1 << 20, 1 << 12, 1):
                block = b"\0" * size
                while True:
                    try:
                        os.write(fd, block)
                    except OSError as exc:
                        if exc.errno != errno.ENOSPC:
                            raise
                        break
        finally:
            os.close(fd)
        if leave:
            os.truncate(self.path, max(0, self.path.stat().st_size - leave))

    def free(self) -> None:
        """Remove the filler file."""
        self.path.unlink(missing_ok=True)


@pytest.fixture
def disk_filler(small_disk: Path) -> Iterator[DiskFiller]:
    """A :class:`DiskFiller` for :func:`small_disk`; the space is freed after the test."""
    filler = DiskFiller(small_disk)
    try:
        yield filler
    finally:
        filler.free()
