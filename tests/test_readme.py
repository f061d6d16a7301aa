"""The README's Python examples run as written (in a temporary folder)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"


def python_blocks() -> list[str]:
    text = README.read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_readme_has_python_examples() -> None:
    assert len(python_blocks()) >= 2


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_readme_python_example_runs(
    index: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code = python_blocks()[index]
    exec(compile(code, f"README.md python block {index + 1}", "exec"), {"__name__": "__readme__"})
    assert (tmp_path / "ws" / "sessions").is_dir()
    assert capsys.readouterr().out.strip()
