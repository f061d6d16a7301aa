"""Short answers to the assistant's questions: where one is moving, yes or no, a name, a height."""

from __future__ import annotations

import pytest

from offline_facts import facts


def answered(question: str, answer: str) -> list[str]:
    return facts(
        ("user", "hi, can you help me plan something"),
        ("assistant", f"Sure! {question}"),
        ("user", answer),
    )


@pytest.mark.parametrize(
    ("question", "answer", "kept"),
    [
        ("Which city are you moving to?", "Lisbon", "User is moving to Lisbon."),
        ("Which city do you live in?", "Porto", "User lives in Porto."),
        ("Are you vegetarian?", "yes", "User is vegetarian."),
        ("Are you vegetarian?", "nope", "User is not vegetarian."),
        ("Are you married?", "yep, 6 years now", "User is married."),
        ("Are you allergic to nuts?", "yes, badly", "User is allergic to nuts."),
        ("What's your partner's name?", "Sam", "User's partner is Sam."),
        ("How tall are you?", "5'11", "User's height: 5'11."),
        ("How tall are you?", "183cm", "User's height: 183cm."),
        (
            "How long have you been running?",
            "about 2 years",
            "User has been running for about 2 years.",
        ),
        ("How long have you been a nurse?", "12 years", "User has been a nurse for 12 years."),
    ],
)
def test_a_short_answer_is_read_with_its_question(question: str, answer: str, kept: str) -> None:
    assert answered(question, answer) == [kept]


@pytest.mark.parametrize(
    ("question", "answer", "about"),
    [
        ("Which city are you moving to?", "not sure yet", "moving"),
        ("Are you single?", "kind of lol", "single"),
        ("Are you vegetarian?", "yes but I eat fish", "vegetarian"),
        ("What's your wife's name?", "yes", "wife"),
        ("How tall are you?", "tall enough lol", "height"),
        ("How long have you been waiting?", "ages", "waiting"),
        ("How long have you been there?", "4 years", "been there"),
    ],
)
def test_an_answer_that_settles_nothing_is_not_kept(question: str, answer: str, about: str) -> None:
    assert not any(about in line for line in answered(question, answer))
