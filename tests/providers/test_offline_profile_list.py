"""A self-description given as a list: each fragment one line, or none at all."""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "things about me: 34, nurse, live in Cardiff, vegetarian",
            ["User is 34.", "User is a nurse.", "User lives in Cardiff.", "User is vegetarian."],
        ),
        (
            "ok so: name Jo, age 29, from Porto",
            ["User's name is Jo.", "User is 29.", "User is from Porto."],
        ),
        (
            "me: software engineer, 29, based in Berlin",
            ["User is a software engineer.", "User is 29.", "User lives in Berlin."],
        ),
    ],
)
def test_each_fragment_of_a_self_description_is_a_line(said: str, kept: list[str]) -> None:
    stored = facts(("user", said))
    assert all(line in stored for line in kept), stored


@pytest.mark.parametrize(
    "said", ["so: milk, eggs, call mum", "about me: 34, likes cats", "context: 3 kids, busy"]
)
def test_a_list_with_a_fragment_that_is_not_read_keeps_nothing(said: str) -> None:
    assert not any(line.startswith("User is") for line in facts(("user", said)))
