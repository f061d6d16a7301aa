"""Reference encodings: tiktoken built from the tables bpe_openai ships, fully offline."""

from __future__ import annotations

import base64
import gzip
import importlib.util
from collections.abc import Iterator
from pathlib import Path

import pytest
import tiktoken

from reverie.tokens import clear_caches

# Written here, not taken from either library, so the reference is independent.
CL100K_PATTERN = (
    r"""'(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}++|\p{N}{1,3}+| ?[^\s\p{L}\p{N}]++[\r\n]*+"""
    r"""|\s++$|\s*[\r\n]|\s+(?!\S)|\s"""
)
O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
        r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"""
        r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
SPECIAL_TOKENS = {
    "cl100k_base": {
        "<|endoftext|>": 100257,
        "<|fim_prefix|>": 100258,
        "<|fim_middle|>": 100259,
        "<|fim_suffix|>": 100260,
        "<|endofprompt|>": 100276,
    },
    "o200k_base": {"<|endoftext|>": 199999, "<|endofprompt|>": 200018},
}
PATTERNS = {"cl100k_base": CL100K_PATTERN, "o200k_base": O200K_PATTERN}


def _table_path(name: str) -> Path:
    # find_spec locates the package without importing it (its import is slow).
    spec = importlib.util.find_spec("bpe_openai")
    assert spec is not None and spec.submodule_search_locations
    return Path(next(iter(spec.submodule_search_locations))) / "data" / f"{name}.tiktoken.gz"


def _load_ranks(name: str) -> dict[bytes, int]:
    ranks: dict[bytes, int] = {}
    with gzip.open(_table_path(name), "rt", encoding="ascii") as handle:
        for line in handle:
            if line.strip():
                token, rank = line.split()
                ranks[base64.b64decode(token)] = int(rank)
    return ranks


_built: dict[str, tiktoken.Encoding] = {}


def reference_encoding(name: str) -> tiktoken.Encoding:
    """A tiktoken encoding for ``name``, built once per test session."""
    if name not in _built:
        _built[name] = tiktoken.Encoding(
            name=f"reference-{name}",
            pat_str=PATTERNS[name],
            mergeable_ranks=_load_ranks(name),
            special_tokens=SPECIAL_TOKENS[name],
        )
    return _built[name]


@pytest.fixture(scope="session")
def cl100k() -> tiktoken.Encoding:
    """Reference cl100k_base."""
    return reference_encoding("cl100k_base")


@pytest.fixture(scope="session")
def o200k() -> tiktoken.Encoding:
    """Reference o200k_base."""
    return reference_encoding("o200k_base")


@pytest.fixture(autouse=True)
def fresh_token_caches() -> Iterator[None]:
    """Each test starts with empty count caches, so cache statistics are its own."""
    clear_caches()
    yield
    clear_caches()
