"""Keep API keys out of error messages, logs and stored errors.

A provider that rejects a key often quotes it back (``Incorrect API key
provided: sk-proj-abc…``), and a settings file with a stray ``api_key = "…"``
line used to be echoed in the error about it. Everything reverie says about a
failure (error messages, log records, the reason stored in
``memory/.dream_state.json`` and in a Dream session) passes through
:func:`redact` first, which replaces:

* the value of every key reverie knows about: the variables providers read
  (``OPENAI_API_KEY``, ``ANTHROPIC_API_KEY`` and any ``api_key_env`` in use,
  see :func:`register_key_variable`) and keys handed over directly
  (:func:`register_secret`);
* text shaped like a key: ``sk-…`` / ``sk-ant-…`` tokens, ``Bearer …``
  credentials, ``user:password@`` in a URL, and the value after ``api_key=``, ``"x-api-key": …``,
  ``Authorization: …``, ``token=``, ``secret=``, ``password=``.

The user's own words (messages, memory files) are never redacted: only
reverie's reports about failures are.
"""

from __future__ import annotations

import logging
import os
import re
import threading

__all__ = [
    "REDACTED",
    "RedactingFilter",
    "looks_secret_name",
    "redact",
    "register_key_variable",
    "register_secret",
]

REDACTED = "[redacted]"
"""What a secret is replaced with."""

_MIN_SECRET_CHARS = 6
"""Shorter values are not redacted: blanking every "test" in a message helps no one."""

_KEY_VARIABLES: set[str] = {"OPENAI_API_KEY", "ANTHROPIC_API_KEY"}
_SECRETS: set[str] = set()
_lock = threading.Lock()

_TOKEN_SHAPES = re.compile(
    r"\bsk-(?:ant-)?[A-Za-z0-9_\-]{8,}"  # OpenAI and Anthropic keys
    r"|\b(?:Bearer|Basic)\s+[A-Za-z0-9._~+/=\-]{8,}",  # credentials in a header
    re.IGNORECASE,
)
_NAMED_VALUE = re.compile(
    r"""(?P<name>["']?\b(?:x-)?(?:api[_-]?key|access[_-]?token|auth[_-]?token|token|secret"""
    r"""|password|passwd|authorization)["']?\s*[:=]\s*["']?)"""
    r"""(?P<value>(?:Bearer\s+|Basic\s+)?[^\s"',;&}]{6,})""",
    re.IGNORECASE,
)
_URL_CREDENTIALS = re.compile(r"(?P<scheme>\b[a-z][a-z0-9+.\-]*://)[^/\s:@]+:[^/\s@]+@", re.I)
_SECRET_NAME = re.compile(r"(?:api[_-]?key|token|secret|password|passwd|credential)", re.I)


def register_key_variable(name: str) -> None:
    """Redact the value of environment variable ``name`` from now on (read at each call)."""
    if name:
        with _lock:
            _KEY_VARIABLES.add(name)


def register_secret(value: str | None) -> None:
    """Redact ``value`` (a key given directly, not through a variable) from now on."""
    if value and len(value) >= _MIN_SECRET_CHARS:
        with _lock:
            _SECRETS.add(value)


def looks_secret_name(name: str) -> bool:
    """True for a setting or field name that holds a credential (``api_key``, ``token`` …)."""
    return bool(_SECRET_NAME.search(name))


def _known_secrets() -> list[str]:
    with _lock:
        values = set(_SECRETS)
        names = list(_KEY_VARIABLES)
    for name in names:
        value = os.environ.get(name, "").strip()
        if len(value) >= _MIN_SECRET_CHARS:
            values.add(value)
    # Longest first, so a key that contains another is replaced whole.
    return sorted(values, key=len, reverse=True)


def redact(text: str) -> str:
    """``text`` with every known key and key-shaped token replaced by ``[redacted]``."""
    if not text:
        return text
    for secret in _known_secrets():
        if secret in text:
            text = text.replace(secret, REDACTED)
    text = _TOKEN_SHAPES.sub(_keep_scheme, text)
    text = _URL_CREDENTIALS.sub(rf"\g<scheme>{REDACTED}@", text)
    return _NAMED_VALUE.sub(_keep_name, text)


def _keep_scheme(match: re.Match[str]) -> str:
    token = match.group(0)
    scheme, space, _ = token.partition(" ")
    if space and scheme.lower() in ("bearer", "basic"):
        return f"{scheme} {REDACTED}"
    return REDACTED


def _keep_name(match: re.Match[str]) -> str:
    value = match.group("value")
    if value == REDACTED or value.endswith(REDACTED):
        return match.group(0)
    scheme = (
        value.split(None, 1)[0] + " " if value.lower().startswith(("bearer ", "basic ")) else ""
    )
    return f"{match.group('name')}{scheme}{REDACTED}"


class RedactingFilter(logging.Filter):
    """A logging filter that redacts the message (and traceback) of every record it sees.

    It never drops a record. :func:`reverie._logging.get_logger` puts it on each
    ``reverie.*`` logger: a filter on a parent logger does not see the records
    its children propagate.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite ``record`` in place with its secrets replaced; always keep it."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError):
            return True  # a malformed record is logging's to report, not ours
        cleaned = redact(message)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        if record.exc_info and not record.exc_text:
            record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True
