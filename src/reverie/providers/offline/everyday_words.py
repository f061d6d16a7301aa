"""Whether a word is an everyday English word, judged by the tokenizer's own table.

A chat typed in lower case writes names the way it writes words ("proud of you
sana x", "fancy. better than our view of the bins"), so the case of a word no
longer tells a name from a word. The cl100k table that ships with ``bpe_openai``
does: a token's id is its merge rank, so a lower id was seen more often in the
text the table was built from. A word that is one token in lower case, and a
commoner token that way than capitalised (" fancy" before " Fancy"), is an
everyday word; a name is commoner capitalised (" James" before " james") or is
not one token at all ("sana", "tariq"). Names that are also words ("Will",
"Grace") count as words, which only costs a name typed in lower case.

An acronym is told the same way: its capitals are one token (" NHS", " ASAP"),
where a name shouted is several (" FREYA").

Without a tokenizer only the small built-in list of common words is known, and
no word is taken for an acronym.
"""

from __future__ import annotations

import functools

from reverie.providers.offline.vocabulary import COMMON_WORDS
from reverie.tokens.encodings import get_token_encoder

__all__ = ["is_acronym", "is_everyday_word"]

_TABLE = "cl100k_base"


@functools.lru_cache(maxsize=8192)
def is_everyday_word(word: str) -> bool:
    """True when ``word`` is commoner as a lower-case word than as a name."""
    low = word.lower()
    if low in COMMON_WORDS:
        return True
    encode = get_token_encoder(_TABLE)
    if encode is None or not low.isalpha():
        return False
    as_word = encode(" " + low)
    if len(as_word) != 1:
        return False
    as_name = encode(" " + low[:1].upper() + low[1:])
    return len(as_name) != 1 or as_word[0] < as_name[0]


@functools.lru_cache(maxsize=4096)
def is_acronym(word: str) -> bool:
    """True when ``word`` in capitals is a token of its own ("NHS", "BBC", "ASAP")."""
    encode = get_token_encoder(_TABLE)
    return encode is not None and word.isalpha() and len(encode(" " + word.upper())) == 1
