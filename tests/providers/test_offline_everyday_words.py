"""Telling an everyday word from a name when both are typed in lower case."""

from __future__ import annotations

import pytest

from reverie.providers.offline import everyday_words
from reverie.providers.offline.everyday_words import is_everyday_word
from reverie.tokens import encodings


@pytest.mark.parametrize("word", ["fancy", "proud", "lunch", "garden", "Interview"])
def test_everyday_words(word: str) -> None:
    assert is_everyday_word(word)


@pytest.mark.parametrize("word", ["sana", "tariq", "ollie", "james", "Aaliyah", "kofi"])
def test_names_are_not_everyday_words(word: str) -> None:
    assert not is_everyday_word(word)


def test_without_a_tokenizer_only_the_built_in_words_are_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(everyday_words, "get_token_encoder", lambda _table: None)
    everyday_words.is_everyday_word.cache_clear()
    try:
        assert is_everyday_word("because")  # in the built-in list
        assert not is_everyday_word("fancy")
    finally:
        everyday_words.is_everyday_word.cache_clear()


def test_token_ids_follow_how_common_a_token_is() -> None:
    encode = encodings.get_token_encoder("cl100k_base")
    assert encode is not None
    (word,) = encode(" fancy")
    (name,) = encode(" James")
    assert word < encode(" Fancy")[0]
    assert name < encode(" james")[0]


def test_token_ids_of_text_with_a_lone_surrogate_do_not_raise() -> None:
    encode = encodings.get_token_encoder("cl100k_base")
    assert encode is not None
    assert encode("a\ud800b")  # a broken export's text is encoded, not an error
