"""The README's first Quick start command runs examples/quickstart.sh: run it as a user would."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

QUICKSTART = Path(__file__).resolve().parents[2] / "examples" / "quickstart.sh"


def test_quickstart_script_builds_memory_from_the_example(tmp_path: Path) -> None:
    # The script finds `reverie` through $REVERIE; point it at this interpreter's package.
    shim = tmp_path / "reverie"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m reverie "$@"\n', encoding="utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    env = {k: v for k, v in os.environ.items() if not k.startswith("REVERIE_")}
    env.update({"REVERIE": str(shim), "COLUMNS": "120", "NO_COLOR": "1"})
    work = tmp_path / "fresh"
    work.mkdir()
    done = subprocess.run(
        ["sh", str(QUICKSTART)],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    workspace = work / "quickstart-workspace"
    memory = (workspace / "memory" / "MEMORY.md").read_text(encoding="utf-8")
    user = (workspace / "USER.md").read_text(encoding="utf-8")
    out = done.stdout
    assert "Ingest summary" in out
    assert memory.strip() in out and user.strip() in out  # memory show printed the files
    assert "Redpanda" in memory
    assert "April 29" in memory  # the later correction won over "April 15"
    assert "Dream-Cursors:" in out  # dream log
    assert "No model is configured" in done.stderr
