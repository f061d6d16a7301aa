"""Where a networked provider sends requests, and with which key."""

from __future__ import annotations

import os
from urllib.parse import urlsplit

from reverie.errors import ConfigError, MissingAPIKeyError
from reverie.redact import register_key_variable, register_secret

__all__ = ["api_key_from", "validated_base_url"]


def validated_base_url(base_url: str, *, example: str) -> str:
    """``base_url`` without trailing slashes, once it is known to be an http(s) URL.

    Raises:
        ConfigError: the URL has another scheme or no host; the message shows ``example``.
    """
    url = base_url.strip().rstrip("/")
    try:
        parts = urlsplit(url)
        host = parts.hostname
    except ValueError:
        host = None
        parts = None
    if parts is None or parts.scheme not in ("http", "https") or not host:
        raise ConfigError(
            f"base_url {base_url!r} is not an http(s) URL with a host; expected e.g. {example}"
        )
    return url


def api_key_from(api_key: str | None, api_key_env: str | None, *, required: bool) -> str | None:
    """The key to send: ``api_key``, else the ``api_key_env`` variable; blank counts as unset.

    Args:
        api_key: A key given directly.
        api_key_env: Name of the environment variable to read otherwise.
        required: Whether a missing key is an error (the vendor's own endpoint).

    Raises:
        MissingAPIKeyError: ``required`` and no key; the message names the
            variable and points to the offline provider.
    """
    if api_key_env:
        register_key_variable(api_key_env)
    key = api_key if api_key is not None else (os.environ.get(api_key_env) if api_key_env else None)
    key = key.strip() if key else None
    register_secret(key)  # a key in an error message or a log record is shown as [redacted]
    if not key and required:
        where = api_key_env or "an API key"
        raise MissingAPIKeyError(
            f"{where} is not set; use the offline provider (--provider offline) "
            f"to run without a key"
        )
    return key or None
