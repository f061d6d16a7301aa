"""Chat as typed: slips of two keys and a word after "I'm" that is no name."""

from __future__ import annotations

import re

import pytest

from offline_facts import facts
from reverie.providers.offline.normalise import normalise_chat


def test_two_swapped_keys_read_as_the_word_meant() -> None:
    assert normalise_chat("i jsut bougth a bike adn teh lock") == (
        "I just bought a bike and the lock"
    )
    assert "User bought a mamachari off a grad student for ¥8000." in facts(
        ("user", "bougth a mamachari off a grad student for ¥8000.")
    )


@pytest.mark.parametrize("said", ["three kids", "form 2b", "bene, grazie", "Teh Tarik"])
def test_a_swapped_spelling_that_is_a_word_stays(said: str) -> None:
    assert normalise_chat(said) == said


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I'm veggie", "User is veggie."),
        ("i'm dyslexic", "User is dyslexic."),
        ("I'm teetotal.", "User is teetotal."),
    ],
)
def test_a_trait_after_im_is_not_taken_for_a_name(said: str, kept: str) -> None:
    stored = facts(("user", said))
    assert kept in stored
    assert not any("name" in line for line in stored)


def test_a_lower_case_name_still_introduces_the_user_when_more_follows() -> None:
    # Who they are stays with the name: "2nd yr psych at sheffield" is not dropped.
    stored = facts(("user", "so im kai, 2nd yr psych at sheffield"))
    assert stored == ["User is Kai, 2nd yr psych at sheffield."]


@pytest.mark.parametrize(
    "said", ["i'm vegan, no dairy", "im knackered, long day", "im sorry, busy"]
)
def test_a_lower_case_trait_or_mood_after_im_is_no_name(said: str) -> None:
    assert not any(re.search(r"User is [A-Z]", line) for line in facts(("user", said)))
