"""A list of things asked at once, and short answers to habit questions."""

from __future__ import annotations

import pytest

from offline_facts import facts

_ASKS = "Happy to help. A few quick questions: what's your name, age, height and current weight?"


def test_a_list_asked_at_once_pairs_with_as_many_fragments() -> None:
    stored = facts(("assistant", _ASKS), ("user", "tariq. 41. 178cm. 96kg"))
    assert stored == [
        "User's name is Tariq.",
        "User is 41.",
        "User's height: 178cm.",
        "User's weight: 96kg.",
    ]


@pytest.mark.parametrize(
    "said",
    [
        "tariq. 41. 178cm",  # one fragment short: which is which, nobody can say
        "tariq, 41, tall, heavy, why",  # one too many
        "i'm tariq. 41. 178cm. 96kg",  # a clause: the clause rules read it
    ],
)
def test_a_reply_that_does_not_match_the_list_is_not_paired(said: str) -> None:
    assert not any(
        line.startswith("User's height") for line in facts(("assistant", _ASKS), ("user", said))
    )


def test_a_list_of_things_without_a_value_is_not_paired() -> None:
    stored = facts(("assistant", "What are your thoughts and plans?"), ("user", "unsure. later"))
    assert stored == []


@pytest.mark.parametrize(
    ("asked", "said", "kept"),
    [
        ("Do you smoke?", "quit 2022", "User quit smoking in 2022."),
        ("Do you drink alcohol?", "no", "User doesn't drink."),
        (
            "Any injuries or medical conditions I should know about?",
            "left knee. acl op 2016",
            "User's injuries: left knee, acl op 2016.",
        ),
    ],
)
def test_a_short_answer_to_a_health_question_is_kept(asked: str, said: str, kept: str) -> None:
    assert facts(("assistant", asked), ("user", said)) == [kept]
