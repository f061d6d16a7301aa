"""File names that are safe for any session key.

A session key (``channel:chat_id``) may hold slashes, colons, spaces or any
unicode, none of which belong in a file name. Like nanobot, a session lives in
``<base64url(utf-8 key) without padding>.jsonl``: the name is reversible, uses
only ``A-Z a-z 0-9 - _`` and differs for every key.

Most file systems cap a name at 255 bytes; base64 grows a key by a third, so a
key longer than about 150 bytes would not fit. Such keys keep a readable
prefix of their encoding plus ``~`` and a SHA-256 digest of the whole key
(``~`` is not in the base64url alphabet, so the two forms never collide). Those
names cannot be decoded; the key is read from the file's metadata line instead.

nanobot's earlier scheme (``cli_alice.jsonl``: ``:`` and unsafe characters
replaced by ``_``) lost information, but its files still exist, so
:func:`legacy_stem` names them for import.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re

from reverie.errors import SessionError

__all__ = ["decode_key", "encode_key", "legacy_stem", "session_filename"]

_MAX_STEM = 200
"""Longest stem used verbatim; leaves room for ``.jsonl.corrupt-<time>`` under 255 bytes."""

_DIGEST_CHARS = 32
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_LEGACY_UNSAFE = re.compile(r'[<>:"/\\|?*]')


def _check_key(key: object) -> str:
    if not isinstance(key, str):
        raise SessionError(f"session key must be a string, got {type(key).__name__}")
    if not key:
        raise SessionError("session key must not be empty")
    return key


def encode_key(key: str) -> str:
    """Return the file stem for ``key``: unpadded base64url of its UTF-8 bytes.

    Raises:
        SessionError: when ``key`` is not a non-empty string or cannot be encoded
            as UTF-8 (a lone surrogate).
    """
    try:
        raw = _check_key(key).encode("utf-8")
    except UnicodeEncodeError as exc:
        raise SessionError(f"session key {key!r} is not valid unicode: {exc.reason}") from exc
    stem = base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")
    if len(stem) <= _MAX_STEM:
        return stem
    digest = hashlib.sha256(raw).hexdigest()[:_DIGEST_CHARS]
    return f"{stem[: _MAX_STEM - _DIGEST_CHARS - 1]}~{digest}"


def decode_key(stem: str) -> str | None:
    """Return the key whose stem is ``stem``, or None when ``stem`` is not one.

    Only canonical stems decode (``encode_key(decode_key(s)) == s``), so a file
    someone renamed by hand is not mistaken for another session. Digest stems of
    long keys return None: their key lives in the file's metadata line.
    """
    if not stem or not _B64URL.fullmatch(stem) or len(stem) % 4 == 1:
        return None
    try:
        key = base64.urlsafe_b64decode(stem + "=" * (-len(stem) % 4)).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError, ValueError):
        return None
    try:
        return key if encode_key(key) == stem else None
    except SessionError:
        return None


def session_filename(key: str) -> str:
    """The session file's name for ``key`` (``<stem>.jsonl``)."""
    return f"{encode_key(key)}.jsonl"


def legacy_stem(key: str) -> str:
    """The stem nanobot used before base64 names (``cli:alice`` → ``cli_alice``).

    Several keys share one legacy stem, so a file found under it is only taken
    for ``key`` when its metadata does not name another key.
    """
    return _LEGACY_UNSAFE.sub("_", _check_key(key).replace(":", "_")).strip()
