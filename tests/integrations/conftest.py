"""Two memory tools on the same files: Anthropic's own, and reverie's over a workspace."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from anthropic.lib.tools import ToolError
from anthropic.tools import BetaLocalFilesystemMemoryTool

from reverie.integrations.anthropic import MemoryTool
from reverie.integrations.memory_paths import RESERVED_NAMES
from reverie.layout import NOTES_DIR
from reverie.workspace import Workspace

SEED: dict[str, str] = {
    "USER.md": "# User\n\n- Name: Dana\n- Likes tea\n- Likes tea with milk\n",
    "SOUL.md": "# Soul\n\nAnswer briefly.\n",
    "MEMORY.md": "# Memory\n\n- The API runs on FastAPI.\n- Deploys: Docker Compose.\n",
    "skills/release/SKILL.md": "Release checklist\n1. Tag\n2. Build\n3. Publish",
    "progress.md": "day 1: set up\nday 2: wrote tests\nday 2: fixed tests\n",
    "project/plan.md": "step one\nstep two\n",
    "project/deep/er/note.md": "three levels down\n",
}
"""Files as ``/memories`` shows them (the first three and skills/ are the workspace's own)."""


def workspace_path(relative: str) -> str:
    """Where a ``/memories``-relative name lives in a workspace."""
    head, _, rest = relative.partition("/")
    mapped = RESERVED_NAMES.get(head)
    if mapped is None:
        return f"{NOTES_DIR}/{relative}"
    return f"{mapped}/{rest}" if rest else mapped


@dataclass
class Pair:
    """The SDK's tool and reverie's, seeded with the same files."""

    sdk: BetaLocalFilesystemMemoryTool
    ours: MemoryTool
    sdk_root: Path
    workspace: Workspace


def outcome(tool: Any, command: Mapping[str, Any]) -> tuple[str, str]:
    """``("ok", text)`` or ``("error", message)`` of one command through the SDK's entry point."""
    try:
        return "ok", tool.call(dict(command))
    except ToolError as exc:
        return "error", str(exc.content)


def seed_pair(tmp: Path, files: Mapping[str, str] = SEED) -> Pair:
    """Build both tools on fresh folders holding ``files``."""
    sdk = BetaLocalFilesystemMemoryTool(str(tmp / "sdk"))
    ws = Workspace.open(tmp / "ws")
    for name in ("USER.md", "SOUL.md", "MEMORY.md"):
        (ws.path / workspace_path(name)).unlink(missing_ok=True)
    for name, text in files.items():
        for target in (sdk.memory_root / name, ws.path / workspace_path(name)):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return Pair(sdk, MemoryTool(ws), sdk.memory_root, ws)


@pytest.fixture
def pair(tmp_path: Path) -> Pair:
    """Both tools on the :data:`SEED` files."""
    return seed_pair(tmp_path)


@pytest.fixture
def make_pair() -> Callable[[Path, Mapping[str, str]], Pair]:
    """``make_pair(folder, files)``: both tools on ``files`` under ``folder``."""
    return seed_pair


@pytest.fixture
def run() -> Callable[[Any, Mapping[str, Any]], tuple[str, str]]:
    """``run(tool, command)``: see :func:`outcome`."""
    return outcome
