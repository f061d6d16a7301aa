"""Load a vendor SDK on first use and give it a fresh HTTP client per call.

Why a client per call: an SDK client keeps pooled connections bound to the event
loop that opened them. reverie is driven both from one long-lived loop and from
``asyncio.run`` per command (``run_sync``), so a cached client would sooner or
later reuse a connection from a closed loop, or leak its sockets. A client that
lives for one ``async with`` block has neither problem. What makes building one
slow is loading the CA bundle (~20 ms), so the TLS context is built once per
process and shared.
"""

from __future__ import annotations

import functools
import importlib
import inspect
import ssl
import sys
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from reverie.errors import ProviderError

__all__ = ["accepted_fields", "as_sdk_kwargs", "load_sdk", "new_http_client"]


def load_sdk(name: str) -> ModuleType:
    """Import the ``openai`` or ``anthropic`` package.

    Done lazily because each SDK takes 0.4-0.9 s to import, and ``import reverie``
    (and every offline command) must not pay for a provider it does not use.

    Raises:
        ProviderError: the package is not installed; the message says how to fix it.
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        raise ProviderError(
            f"the {name!r} package is not installed ({exc}); install it with "
            f"`pip install {name}` or use the offline provider (--provider offline)"
        ) from exc


@functools.cache
def _shared_ssl_context(sdk_name: str) -> ssl.SSLContext | None:
    """The TLS context the SDK's HTTP library would build, made once."""
    sdk = sys.modules[sdk_name]
    client_cls = getattr(sdk, "DefaultAsyncHttpxClient", None)
    if client_cls is None:
        return None
    # The SDK subclasses the AsyncClient of its HTTP library (httpx or a fork);
    # that library's own factory applies its trust rules (SSL_CERT_FILE etc.).
    for base in client_cls.__mro__[1:]:
        library = sys.modules.get(base.__module__.split(".")[0])
        factory = getattr(library, "create_ssl_context", None)
        if callable(factory):
            context = factory()
            return context if isinstance(context, ssl.SSLContext) else None
    return None


def new_http_client(sdk: ModuleType) -> Any:
    """A new HTTP client with the SDK's defaults and the shared TLS context.

    Args:
        sdk: The imported SDK module (``openai`` or ``anthropic``).

    Returns:
        An instance of the SDK's ``DefaultAsyncHttpxClient``, or None when the SDK
        has no such class (the SDK then builds its own client).
    """
    client_cls = getattr(sdk, "DefaultAsyncHttpxClient", None)
    if client_cls is None:
        return None
    context = _shared_ssl_context(sdk.__name__)
    return client_cls(verify=context) if context is not None else client_cls()


@functools.cache
def _parameters(function: Any) -> frozenset[str]:
    try:
        return frozenset(inspect.signature(function).parameters) - {"self"}
    except (TypeError, ValueError):
        return frozenset()


def accepted_fields(method: Any) -> frozenset[str]:
    """Keyword names an SDK method accepts (empty when they cannot be read)."""
    return _parameters(getattr(method, "__func__", method))


def as_sdk_kwargs(body: Mapping[str, Any], accepted: frozenset[str]) -> dict[str, Any]:
    """Keyword arguments for an SDK ``create`` that put exactly ``body`` on the wire.

    SDK releases add and drop named parameters; a field the installed SDK has no
    keyword for travels in ``extra_body`` instead of raising ``TypeError``.
    """
    if not accepted:
        return dict(body)
    kwargs = {k: v for k, v in body.items() if k in accepted}
    extra = {k: v for k, v in body.items() if k not in accepted}
    if extra:
        kwargs["extra_body"] = extra
    return kwargs
