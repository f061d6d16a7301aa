"""Bearer tokens for ``reverie mcp --http``: who may connect, and to which workspace.

The tokens file (``~/.reverie/mcp-tokens.json``, or ``$REVERIE_MCP_TOKENS``)
holds one entry per person::

    {"tokens": [{"name": "dana", "sha256": "9f2c…", "workspace": "/home/dana/.reverie/…",
                 "created": "2026-04-03T10:00:00+00:00"}]}

Only a SHA-256 of each token is stored (a token is 256 random bits, so a plain
hash cannot be reversed or guessed), and the file is written owner-only
(0600). The token itself is shown once, when it is created. A request's token
is compared with every entry in constant time; the first match names the
workspace that request may use, and no other.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reverie._atomic import write_bytes_atomic
from reverie.errors import ConfigError, StoreError, UserError

__all__ = [
    "TOKENS_ENV",
    "TOKEN_PREFIX",
    "TokenEntry",
    "TokenFile",
    "default_tokens_path",
    "hash_token",
    "match_token",
]

TOKENS_ENV = "REVERIE_MCP_TOKENS"
"""Environment variable naming the tokens file."""
TOKEN_PREFIX = "rv_"
"""Every token starts with this, so a leaked one is recognisable (and greppable)."""

_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")
_PRIVATE = 0o600


def default_tokens_path() -> Path:
    """``$REVERIE_MCP_TOKENS``, else ``~/.reverie/mcp-tokens.json``."""
    env = os.environ.get(TOKENS_ENV)
    return Path(env).expanduser() if env else Path.home() / ".reverie" / "mcp-tokens.json"


def hash_token(token: str) -> str:
    """The hex SHA-256 of a token, as the file stores it."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class TokenEntry:
    """One person's access: a name, the token's hash, and their workspace."""

    name: str
    sha256: str
    workspace: str
    created: str


class TokenFile:
    """The tokens file: read, add, remove, and check a presented token.

    Args:
        path: The file (default: :func:`default_tokens_path`).
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path).expanduser().absolute() if path else default_tokens_path()

    def entries(self) -> list[TokenEntry]:
        """Every entry, in the order they were added; ``[]`` when the file does not exist.

        Raises:
            ConfigError: the file is not a valid tokens file (names the file and the entry).
        """
        try:
            raw = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise StoreError(f"cannot read {self.path}: {exc.strerror or exc}") from exc
        try:
            data = json.loads(raw)
        except ValueError as exc:
            raise ConfigError(f"{self.path} is not valid JSON: {exc}") from exc
        items = data.get("tokens") if isinstance(data, dict) else None
        if not isinstance(items, list):
            raise ConfigError(f'{self.path}: expected {{"tokens": [...]}}')
        return [_entry(self.path, index, item) for index, item in enumerate(items)]

    def find(self, token: str) -> TokenEntry | None:
        """The entry ``token`` belongs to, or None."""
        return match_token(self.entries(), token)

    def add(self, name: str, workspace: Path | str | None = None) -> tuple[str, TokenEntry]:
        """Create a token for ``name``; return ``(token, entry)``. The token is not kept.

        Args:
            name: A unique name (letters, digits, ``_ . -``; up to 64 characters).
            workspace: The workspace this token opens (default: ``workspaces/<name>``
                next to the tokens file).

        Raises:
            UserError: the name is malformed or already taken.
        """
        if not _NAME.match(name):
            raise UserError(
                f"token name {name!r} must be 1-64 letters, digits, '_', '.' or '-', "
                "starting with a letter or digit"
            )
        entries = self.entries()
        if any(entry.name == name for entry in entries):
            raise UserError(
                f"{self.path} already has a token named {name!r}; "
                f"remove it first with `reverie mcp tokens remove {name}`"
            )
        folder = (
            Path(workspace).expanduser().absolute()
            if workspace is not None
            else self.path.parent / "workspaces" / name
        )
        token = TOKEN_PREFIX + secrets.token_urlsafe(32)
        entry = TokenEntry(
            name=name,
            sha256=hash_token(token),
            workspace=str(folder),
            created=datetime.now(UTC).isoformat(timespec="seconds"),
        )
        self._write([*entries, entry])
        return token, entry

    def remove(self, name: str) -> bool:
        """Delete the entry named ``name``; True when there was one."""
        entries = self.entries()
        kept = [entry for entry in entries if entry.name != name]
        if len(kept) == len(entries):
            return False
        self._write(kept)
        return True

    def signature(self) -> tuple[int, int, int] | None:
        """Changes whenever the file is rewritten (None when it does not exist)."""
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            return None
        return info.st_ino, info.st_mtime_ns, info.st_size

    def _write(self, entries: list[TokenEntry]) -> None:
        data = json.dumps({"tokens": [asdict(entry) for entry in entries]}, indent=2) + "\n"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        write_bytes_atomic(self.path, data.encode("utf-8"))
        try:
            os.chmod(self.path, _PRIVATE)
        except OSError as exc:
            raise StoreError(f"cannot make {self.path} private: {exc.strerror or exc}") from exc


def match_token(entries: Sequence[TokenEntry], token: str) -> TokenEntry | None:
    """The entry of ``entries`` that ``token`` belongs to, or None."""
    presented = hash_token(token)
    found = None
    for entry in entries:
        # No early exit: every entry costs the same, whichever one matches.
        if hmac.compare_digest(presented, entry.sha256) and found is None:
            found = entry
    return found


def _entry(path: Path, index: int, item: Any) -> TokenEntry:
    fields = ("name", "sha256", "workspace", "created")
    if not isinstance(item, dict) or not all(isinstance(item.get(key), str) for key in fields):
        raise ConfigError(f"{path}: tokens[{index}] needs the strings {', '.join(fields)}")
    if not re.fullmatch(r"[0-9a-f]{64}", item["sha256"]):
        raise ConfigError(f"{path}: tokens[{index}].sha256 is not a SHA-256 hex digest")
    return TokenEntry(**{key: item[key] for key in fields})
