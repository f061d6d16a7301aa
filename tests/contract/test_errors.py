"""Contract: one exception tree rooted at ReverieError, messages naming what they are about."""

from __future__ import annotations

from pathlib import Path

import pytest

import reverie
from reverie import (
    ConfigError,
    GitStore,
    GitStoreError,
    MissingAPIKeyError,
    ProviderError,
    ReverieError,
    StoreError,
    resolve_provider,
)


@pytest.mark.parametrize("error", [StoreError, GitStoreError, ConfigError, ProviderError])
def test_every_named_error_is_a_reverie_error(error: type[Exception]) -> None:
    assert issubclass(error, ReverieError)
    assert issubclass(ReverieError, Exception)
    with pytest.raises(ReverieError):
        raise error("x")


def test_git_store_error_is_a_store_error_and_a_missing_key_a_provider_error() -> None:
    assert issubclass(GitStoreError, StoreError)
    assert issubclass(MissingAPIKeyError, ProviderError)


def test_every_exported_error_class_belongs_to_the_tree() -> None:
    exported = [getattr(reverie, name) for name in reverie.__all__ if name.endswith("Error")]
    classes = [value for value in exported if isinstance(value, type)]
    assert classes
    for value in classes:
        if issubclass(value, BaseException):
            assert issubclass(value, ReverieError), value


def test_unknown_provider_spec_is_a_config_error_naming_the_spec() -> None:
    with pytest.raises(ConfigError, match="no-such-vendor"):
        resolve_provider("no-such-vendor:model")


def test_openai_compatible_without_base_url_names_the_field() -> None:
    with pytest.raises(ReverieError, match="base_url"):
        resolve_provider("openai-compatible:llama3")


def test_unknown_sha_is_a_git_store_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "SOUL.md").write_text("soul\n", encoding="utf-8")
    git = GitStore(tmp_path, ["SOUL.md"])
    git.init()
    with pytest.raises(GitStoreError, match="deadbeef"):
        git.show("deadbeef" * 5)
