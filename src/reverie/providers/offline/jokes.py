"""A joke taken back, or heard as one: what was said in it is not kept.

"I'm a millionaire btw" … "lol no" (:func:`takes_back_the_last`), "… jk"
(:func:`takes_itself_back`), or the listener's "sure you are" after "im quitting to become
a goat farmer" (:func:`hears_a_joke`).
"""

from __future__ import annotations

import re

__all__ = ["hears_a_joke", "takes_back_the_last", "takes_itself_back"]

_I = re.IGNORECASE

# "I'm a millionaire btw" … "lol no": the speaker's next words take a joke back.
_TAKES_BACK = re.compile(
    r"^\W*(?:(?:lol|lmao|haha\w*|hehe\w*|jaja\w*)\W+(?:no+|nah|nope|jk|kidding|joking)\b"
    r"|(?:jk|j/k|just kidding|kidding|just joking|joking)\b"
    r"|i'?m (?:only |just )?(?:kidding|joking)\b)",
    _I,
)
# "… lol jk": the message takes itself back ("no kidding" and "not joking" do not).
_TAKEN_BACK_AT_END = re.compile(
    r"(?<!\bno )(?<!\bnot )\b(?:jk|j/k|just kidding|kidding|joking)\W*$", _I
)


# "im quitting to become a goat farmer" … "sure you are": the listener hears a joke.
_DISBELIEF = re.compile(
    r"^\W*(?:sure(?:,)? you (?:are|do|will|did|have|can|would)|ye(?:ah|s),? right|in your dreams"
    r"|as if|nice try|sure,? jan|lol,? (?:sure|ok sure))\b(?!\s+\w+\s+\w)",
    _I,
)


def hears_a_joke(message: str) -> bool:
    """True when ``message`` opens by not believing what the other side said last."""
    return _DISBELIEF.match(message) is not None


def takes_back_the_last(message: str) -> bool:
    """True when ``message`` opens by taking back what its writer said last ("lol no")."""
    return _TAKES_BACK.match(message) is not None


def takes_itself_back(message: str) -> bool:
    """True when ``message`` ends by taking itself back ("… lol jk")."""
    return _TAKEN_BACK_AT_END.search(message) is not None
