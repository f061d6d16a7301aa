"""Turn SDK exceptions and server error bodies into :class:`LLMError`.

The ``openai`` and ``anthropic`` SDKs share one exception layout
(``APIStatusError`` with ``status_code``/``response``/``body``,
``APITimeoutError`` under ``APIConnectionError``), so one mapper serves both;
the caller passes the SDK module it imported.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from reverie.providers.base import LLMError

__all__ = ["error_from_body", "error_from_exception", "is_retryable_status", "retry_after"]

_RETRYABLE_STATUSES = frozenset({408, 409, 425, 429})
# Rate limits are worth waiting for; an exhausted quota or balance is not.
_QUOTA_MARKERS = ("insufficient_quota", "quota_exceeded", "billing_hard_limit_reached")
_MAX_MESSAGE_CHARS = 500


def is_retryable_status(status: int) -> bool:
    """Whether a response with this HTTP status may succeed when sent again."""
    return status in _RETRYABLE_STATUSES or 500 <= status <= 599


def retry_after(headers: Mapping[str, str] | None, *, now: float | None = None) -> float | None:
    """Seconds the server asked us to wait, from ``retry-after-ms`` or ``retry-after``.

    Args:
        headers: Response headers (case-insensitive lookup is done here).
        now: Current Unix time, for ``Retry-After`` given as an HTTP date.

    Returns:
        A non-negative number of seconds, or None when no usable hint was sent.
    """
    if not headers:
        return None
    lowered = {str(k).lower(): str(v) for k, v in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            value = float(millis) / 1000.0
        except ValueError:
            value = -1.0
        if 0 <= value < math.inf:
            return value
    raw = lowered.get("retry-after")
    if raw is None:
        return None
    try:
        seconds = float(raw)
    except ValueError:
        import email.utils  # rare (servers send seconds), and ~5 ms to import

        try:
            when = email.utils.parsedate_to_datetime(raw)
        except (TypeError, ValueError, IndexError):
            return None
        seconds = when.timestamp() - (time.time() if now is None else now)
        return max(0.0, seconds)
    # "inf" and "nan" parse as floats; no server means them.
    return seconds if 0 <= seconds < math.inf else None


def _clip(text: str) -> str:
    text = text.strip()
    if len(text) <= _MAX_MESSAGE_CHARS:
        return text
    return text[: _MAX_MESSAGE_CHARS - 1] + "…"


def _error_fields(body: object) -> tuple[str | None, str | None, str | None]:
    """(message, type, code) from an OpenAI- or Anthropic-shaped error body."""
    if not isinstance(body, Mapping):
        if isinstance(body, str | bytes) and body:
            text = body.decode("utf-8", "replace") if isinstance(body, bytes) else body
            return _clip(text), None, None
        return None, None, None
    inner: Any = body.get("error", body)
    if isinstance(inner, str):
        return _clip(inner), None, None
    if not isinstance(inner, Mapping):
        inner = body
    message = inner.get("message")
    err_type = inner.get("type")
    code = inner.get("code")
    return (
        _clip(message) if isinstance(message, str) and message.strip() else None,
        err_type if isinstance(err_type, str) and err_type else None,
        str(code) if isinstance(code, str | int) and not isinstance(code, bool) else None,
    )


def error_from_body(
    status: int | None,
    body: object,
    *,
    headers: Mapping[str, str] | None = None,
    fallback: str = "request failed",
) -> LLMError:
    """Build the :class:`LLMError` for an HTTP error status and its body.

    Args:
        status: HTTP status, or None for an error reported inside a 200 body.
        body: The decoded JSON body (or raw text when it was not JSON).
        headers: Response headers, read for ``Retry-After``.
        fallback: Message to use when the body carries none.

    Returns:
        The error, marked retryable for 408/409/425/429/5xx except quota exhaustion.
    """
    message, err_type, code = _error_fields(body)
    quota = any(marker in (err_type, code) for marker in _QUOTA_MARKERS)
    retryable = status is not None and is_retryable_status(status) and not quota
    if status is None and code is not None and code.isdigit():
        # Some gateways report an upstream failure inside a 200 body.
        retryable = is_retryable_status(int(code)) and not quota
    return LLMError(
        message or fallback,
        status=status,
        type=err_type or code,
        retryable=retryable,
        retry_after=retry_after(headers) if retryable else None,
    )


def error_from_exception(exc: BaseException, sdk: ModuleType, *, base_url: str) -> LLMError:
    """Map an exception raised by ``sdk`` (``openai`` or ``anthropic``) to an :class:`LLMError`.

    Args:
        exc: The exception the SDK call raised.
        sdk: The SDK module, whose exception classes are checked against.
        base_url: The endpoint, named in connection errors.

    Returns:
        The error; timeouts and connection failures are retryable.
    """
    if isinstance(exc, sdk.APIStatusError):
        response = exc.response
        return error_from_body(
            exc.status_code,
            exc.body,
            headers=dict(response.headers) if response is not None else None,
            fallback=str(exc),
        )
    if isinstance(exc, sdk.APITimeoutError):
        return LLMError(f"request to {base_url} timed out", type="timeout", retryable=True)
    if isinstance(exc, sdk.APIConnectionError):
        cause = exc.__cause__ or exc.__context__
        detail = f": {type(cause).__name__}: {cause}" if cause is not None else ""
        return LLMError(
            f"could not reach {base_url}{detail}", type="connection_error", retryable=True
        )
    return LLMError(f"{type(exc).__name__}: {exc}", type="exception")
