"""``reverie mcp tokens``: tokens are shown once, stored hashed and private, and checked."""

from __future__ import annotations

import json
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reverie.cli.app import app
from reverie.errors import ConfigError, UserError
from reverie.mcp.tokens import TokenFile, hash_token


def reverie(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner(env={"COLUMNS": "200", "NO_COLOR": "1"}).invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def test_add_prints_the_token_once_and_stores_only_its_hash(tmp_path: Path) -> None:
    file = tmp_path / "tokens.json"
    code, out, err = reverie("mcp", "tokens", "add", "dana", "--tokens", file, "-w", tmp_path / "d")
    assert code == 0, err
    token = out.strip()
    assert token.startswith("rv_") and len(token) > 40
    assert "shown only now" in err
    stored = file.read_text()
    assert token not in stored and hash_token(token) in stored
    assert stat.S_IMODE(file.stat().st_mode) == 0o600
    entry = TokenFile(file).find(token)
    assert entry is not None and entry.name == "dana" and entry.workspace == str(tmp_path / "d")
    assert TokenFile(file).find(token + "x") is None


def test_list_and_remove(tmp_path: Path) -> None:
    file = tmp_path / "tokens.json"
    reverie("mcp", "tokens", "add", "dana", "--tokens", file)
    code, out, _ = reverie("mcp", "tokens", "add", "sam", "--tokens", file, "--json")
    assert code == 0 and json.loads(out)["workspace"] == str(tmp_path / "workspaces" / "sam")
    code, out, _ = reverie("mcp", "tokens", "list", "--tokens", file, "--json")
    assert [row["name"] for row in json.loads(out)] == ["dana", "sam"]
    assert "rv_" not in out
    assert reverie("mcp", "tokens", "remove", "dana", "--tokens", file)[0] == 0
    code, _, err = reverie("mcp", "tokens", "remove", "dana", "--tokens", file)
    assert code == 1 and "no token named 'dana'" in err
    assert [entry.name for entry in TokenFile(file).entries()] == ["sam"]


def test_names_are_checked(tmp_path: Path) -> None:
    tokens = TokenFile(tmp_path / "tokens.json")
    tokens.add("dana")
    with pytest.raises(UserError, match="already has a token named 'dana'"):
        tokens.add("dana")
    for bad in ("", "../x", "a b", "-x", "x" * 65):
        with pytest.raises(UserError, match="token name"):
            tokens.add(bad)


def test_a_damaged_tokens_file_is_named(tmp_path: Path) -> None:
    file = tmp_path / "tokens.json"
    file.write_text('{"tokens": [{"name": "x"}]}')
    with pytest.raises(ConfigError, match=r"tokens\.json: tokens\[0\] needs"):
        TokenFile(file).entries()
    file.write_text("not json")
    with pytest.raises(ConfigError, match=r"tokens\.json is not valid JSON"):
        TokenFile(file).find("rv_x")


def test_http_without_any_token_says_how_to_make_one(tmp_path: Path) -> None:
    code, _, err = reverie("mcp", "--http", "--tokens", tmp_path / "none.json")
    assert code == 1 and "reverie mcp tokens add NAME" in err


def test_a_missing_mcp_package_names_the_pip_command(
    tmp_path: Path, child_env: dict[str, str]
) -> None:
    code = (
        "import sys\n"
        "sys.modules['mcp'] = None  # as if the extra were not installed\n"
        "from reverie.cli.app import app\n"
        f"app(['mcp', '--workspace', {str(tmp_path / 'ws')!r}], prog_name='reverie')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], env=child_env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 1
    assert "pip install 'reverie[mcp]'" in done.stderr
    assert done.stdout == ""
