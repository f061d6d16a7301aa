"""What every provider that calls a vendor's HTTP API through its SDK shares.

The vendors differ in wire format; they agree on the rest. A provider is
configured without touching the network or importing the SDK (model and
timeout checked, base URL validated, key looked up, headers kept); each call
opens a fresh SDK client for that one call (see
:mod:`reverie.providers._sdk` for why), turns any exception into an error
response, and decodes the raw body itself so that a bad body is an error
response too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Mapping
from types import ModuleType
from typing import Any, ClassVar
from urllib.parse import urlsplit

from reverie._jsonline import loads_line
from reverie._logging import OnceWarner
from reverie.errors import ConfigError
from reverie.providers._endpoint import api_key_from, validated_base_url
from reverie.providers._errors import error_from_body, error_from_exception
from reverie.providers._sdk import new_http_client
from reverie.providers.base import (
    Clock,
    GenerationSettings,
    LLMError,
    LLMProvider,
    LLMResponse,
    RetryPolicy,
    Sleep,
)

__all__ = ["DEFAULT_TIMEOUT", "HTTPProvider"]

# The SDKs refuse to build a client without a key, and keyless servers (local
# ones, proxies) ignore the credential, so they get a harmless stand-in.
_KEYLESS = "no-key"

DEFAULT_TIMEOUT = 120.0
"""Seconds one try may take before it is abandoned (and retried)."""
_BODY_PREVIEW = 200

SendCall = Callable[[Any], Awaitable[Any]]
"""Given an open SDK client, makes the request and returns the SDK's raw response."""


class HTTPProvider(LLMProvider, ABC):
    """Base class of the providers that reach a vendor's API over HTTP.

    A subclass names its vendor in class attributes, builds the request body,
    and decodes the answer in :meth:`parse_response`; :meth:`_post` makes the call.
    """

    _client_class: ClassVar[str]
    """Name of the SDK's async client class (``AsyncOpenAI``, ``AsyncAnthropic``)."""
    _base_url_env: ClassVar[str]
    """Environment variable that may hold the base URL."""
    _default_base_url: ClassVar[str]
    """The vendor's own endpoint, used when no base URL is given."""
    _official_host: ClassVar[str]
    """Host of the vendor's own endpoint, the one for which a key is mandatory."""
    _model_example: ClassVar[str]
    """Shown when the model name is empty, e.g. ``openai:gpt-4o-mini``."""
    _url_example: ClassVar[str]
    """Shown when the base URL is not an http(s) URL."""
    _malformed_hint: ClassVar[str] = ""
    """Added to the error for a body that is not JSON (what to check)."""
    _logger: ClassVar[logging.Logger]
    """Where this vendor's rate-limited warnings go."""
    _key_env: ClassVar[str]
    """The environment variable the key is read from by default."""
    _compatible_name: ClassVar[str | None] = None
    """The provider's ``name`` when it talks to a server other than the vendor's."""

    def __init__(
        self,
        model: str,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        api_key_env: str | None = "",
        timeout: float = DEFAULT_TIMEOUT,
        extra_headers: Mapping[str, str] | None = None,
        generation: GenerationSettings | None = None,
        retry: RetryPolicy | None = None,
        sleep: Sleep | None = None,
        clock: Clock | None = None,
        seed: int | None = None,
    ) -> None:
        """Configure the provider; no network call and no SDK import happen here.

        The network switch (``ALLOW_NETWORK``) is checked at each call, not here.

        Args:
            model: Default model name sent when a call names none.
            api_key: The key; takes precedence over ``api_key_env``.
            base_url: API root; defaults to the vendor's base-URL environment
                variable (``OPENAI_BASE_URL``, ``ANTHROPIC_BASE_URL``), else the
                vendor's own endpoint.
            api_key_env: Environment variable holding the key; ``""`` (the default)
                means the vendor's usual one, None means read none.
            timeout: Seconds per try before it is abandoned (and retried).
            extra_headers: Headers added to every request (e.g. OpenRouter's
                referer, ``anthropic-beta``).
            generation: Defaults for ``max_tokens``, ``temperature``, ``reasoning_effort``.
            retry: Backoff policy of :meth:`chat_with_retry`.
            sleep: Awaitable sleep used between retries (tests pass a recorder).
            clock: Monotonic clock used for the retry deadline.
            seed: Seed of the jitter generator.

        Raises:
            ConfigError: empty model, bad ``base_url`` or non-positive timeout.
            MissingAPIKeyError: the vendor's own endpoint and no key.
        """
        if api_key_env == "":
            api_key_env = self._key_env
        if not model or not model.strip():
            raise ConfigError(f"model must be a non-empty name, e.g. {self._model_example}")
        if not timeout > 0:
            raise ConfigError(f"timeout must be a positive number of seconds, got {timeout!r}")
        super().__init__(
            default_model=model.strip(),
            generation=generation,
            retry=retry,
            sleep=sleep,
            clock=clock,
            seed=seed,
        )
        self.base_url = validated_base_url(
            base_url or os.environ.get(self._base_url_env) or self._default_base_url,
            example=self._url_example,
        )
        self.official = urlsplit(self.base_url).hostname == self._official_host
        self.timeout = float(timeout)
        self._extra_headers = dict(extra_headers or {})
        self._api_key = api_key_from(api_key, api_key_env, required=self.official)
        self._warner = OnceWarner(self._logger)
        if not self.official and self._compatible_name:
            self.name = self._compatible_name

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.default_model!r}, base_url={self.base_url!r})"

    async def _post(self, sdk: ModuleType, call: SendCall) -> LLMResponse:
        """Open a client for this one call, make it, and decode the answer.

        Any exception from the SDK (timeouts, HTTP errors, dropped connections)
        becomes an error response whose :class:`LLMError` says whether a retry helps.
        """
        try:
            async with getattr(sdk, self._client_class)(
                api_key=self._api_key or _KEYLESS,
                base_url=self.base_url,
                timeout=self.timeout,
                max_retries=0,  # chat_with_retry owns retries and their waits
                default_headers=self._extra_headers or None,
                http_client=new_http_client(sdk),
            ) as client:
                raw = await call(client)
                text: str = raw.http_response.text
        except asyncio.CancelledError:
            raise
        except Exception as exc:
            error = error_from_exception(exc, sdk, base_url=self.base_url)
            if error.status == 404 and error.type is None:
                # A bare "404 page not found" is a web server, not the API, answering:
                # usually a base_url without its /v1.
                error = dataclasses.replace(
                    error,
                    message=f"{error.message}: no API endpoint under {self.base_url}; "
                    f"is base_url the API root (e.g. {self._url_example})?",
                )
            return LLMResponse.failure(error)
        return self.parse_response(text)

    @abstractmethod
    def parse_response(self, text: str) -> LLMResponse:
        """Decode a response body; anything unusable becomes an error response."""

    def _decode_body(self, text: str) -> dict[str, Any] | LLMResponse:
        """The body as a JSON object, or the error response saying why it is not one."""
        try:
            body = loads_line(text)
        except ValueError:
            return LLMResponse.failure(
                LLMError(
                    f"{self.base_url} answered with malformed JSON{self._malformed_hint}: "
                    f"{text[:_BODY_PREVIEW]!r}",
                    status=200,
                    type="invalid_response",
                )
            )
        if not isinstance(body, dict):
            return LLMResponse.failure(
                LLMError(
                    f"{self.base_url} answered with a non-object body", type="invalid_response"
                )
            )
        return body

    def _missing(self, body: Mapping[str, Any], what: str) -> LLMResponse:
        """The error response for a body without ``what``: the server's error if it sent one."""
        if body.get("error"):
            return LLMResponse.failure(error_from_body(None, body))
        return LLMResponse.failure(
            LLMError(f"{self.base_url} answered without {what}", type="invalid_response")
        )
