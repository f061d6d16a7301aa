"""Session keys become safe, reversible file names."""

from __future__ import annotations

import base64
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.errors import SessionError
from reverie.sessions.keys import decode_key, encode_key, legacy_stem, session_filename

SAFE_NAME = re.compile(r"[A-Za-z0-9_-]+(~[0-9a-f]+)?")

AWKWARD_KEYS = [
    "cli:alice",
    "telegram:-100123456",
    "a/b/../../etc/passwd",
    "..",
    ".",
    ":",
    " ",
    "\t\n",
    "C:\\Users\\bob",
    "飞书:群聊/项目",
    "emoji:🦊🚀",
    "x" * 150,
    "nul\x00byte",
]


@pytest.mark.parametrize("key", AWKWARD_KEYS)
def test_awkward_keys_round_trip_through_a_flat_safe_name(key: str) -> None:
    stem = encode_key(key)
    assert SAFE_NAME.fullmatch(stem)
    assert "/" not in stem and "." not in stem
    assert decode_key(stem) == key
    assert session_filename(key) == f"{stem}.jsonl"


def test_name_is_nanobots_unpadded_base64url() -> None:
    assert encode_key("cli:alice") == "Y2xpOmFsaWNl"
    padded = base64.urlsafe_b64encode(b"cli:a").decode()
    assert padded.endswith("=")
    assert encode_key("cli:a") == padded.rstrip("=")


def test_distinct_keys_never_share_a_name() -> None:
    keys = ["cli:alice", "cli_alice", "cli/alice", "CLI:alice", "cli:alice "]
    assert len({encode_key(key) for key in keys}) == len(keys)


@pytest.mark.parametrize("bad", ["", None, 42])
def test_empty_or_non_string_key_is_refused(bad: object) -> None:
    with pytest.raises(SessionError, match="session key"):
        encode_key(bad)  # type: ignore[arg-type]


def test_lone_surrogate_key_is_refused_clearly() -> None:
    with pytest.raises(SessionError, match="not valid unicode"):
        encode_key("bad\ud800")


def test_very_long_key_gets_a_bounded_digest_name() -> None:
    long_a = "k" * 1000 + "a"
    long_b = "k" * 1000 + "b"
    name_a, name_b = session_filename(long_a), session_filename(long_b)
    assert name_a != name_b
    assert len((name_a + ".corrupt-20260101T000000Z").encode()) <= 255
    assert SAFE_NAME.fullmatch(encode_key(long_a))
    assert decode_key(encode_key(long_a)) is None  # read from the metadata line instead


@pytest.mark.parametrize("stem", ["", "Y2xpOmFsaWNl=", "not base64!", "Y2xpOmFsaWNl~ab", "A", "_w"])
def test_non_canonical_stems_do_not_decode(stem: str) -> None:
    assert decode_key(stem) is None


def test_legacy_stem_matches_nanobots_old_scheme() -> None:
    assert legacy_stem("cli:alice") == "cli_alice"
    assert legacy_stem('a<b>c"d/e\\f|g?h*i') == "a_b_c_d_e_f_g_h_i"


@settings(max_examples=200)
@given(st.text(min_size=1, max_size=120))
def test_any_text_key_gets_a_safe_bounded_name_that_decodes_when_short(key: str) -> None:
    stem = encode_key(key)
    assert SAFE_NAME.fullmatch(stem)
    assert len(stem) <= 200
    if len(key.encode("utf-8")) <= 150:
        assert decode_key(stem) == key
    else:
        assert decode_key(stem) in (key, None)
