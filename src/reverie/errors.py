"""One exception tree for everything reverie raises.

::

    ReverieError
    ├── UserError                 a usage mistake: the message says what to change
    │   └── ConfigError           a bad reverie.toml value, flag or environment variable
    ├── StoreError                the workspace cannot be read or written (names the path)
    │   └── GitStoreError         the memory repository (names the sha or path)
    ├── ProviderError             a model provider could not be built or reached
    │   └── MissingAPIKeyError    no key for a networked provider; points to ``offline``
    ├── SessionError              a session file or key is unusable
    └── ToolError                 a tool refused or failed; returned to the model, not raised

Catch ``ReverieError`` at the edge (the CLI does) and print its message: every
message names the file, field, key or sha it is about.
"""

from __future__ import annotations

__all__ = [
    "ConfigError",
    "GitStoreError",
    "MissingAPIKeyError",
    "ProviderError",
    "ReverieError",
    "SessionError",
    "StoreError",
    "ToolError",
    "UserError",
]


class ReverieError(Exception):
    """Base class of every error reverie raises on purpose."""


class UserError(ReverieError):
    """A usage mistake by the caller; the message says what to do instead."""


class ConfigError(UserError):
    """A configuration value is invalid; the message names the key and the accepted form."""


class StoreError(ReverieError):
    """The workspace could not be read or written; the message names the path."""


class GitStoreError(StoreError):
    """The memory repository failed; the message names the sha or path."""


class ProviderError(ReverieError):
    """A provider could not be built or configured."""


class MissingAPIKeyError(ProviderError, UserError):
    """A networked provider has no API key."""


class SessionError(ReverieError):
    """A session file or key is unusable."""


class ToolError(ReverieError):
    """A tool refused or failed; the registry turns it into an ``Error:`` result."""
