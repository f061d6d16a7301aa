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
    stored = facts(("assistant", _ASKS), ("user", said))
    # Paired in order, "178cm" would be the weight and "tall" the height.
    assert not any(line.startswith("User's weight: 178") for line in stored)
    assert "User's height: tall." not in stored


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


def test_who_someone_is_answered_with_a_relation_names_them() -> None:
    chat = [
        ("user", "chilli. gem makes good chilli"),
        ("assistant", "Gem is…?"),
        ("user", "wife"),
    ]
    assert "User's wife is Gem." in facts(*chat)


def test_an_age_asked_in_a_list_of_what_else_to_know_is_kept() -> None:
    chat = [
        ("assistant", "1. Which race?\n2. Anything else I should know — age, work schedule?"),
        ("user", "manchester. 19 april. 41. live in sheffield. 3x a week"),
    ]
    assert "User is 41." in facts(*chat)


def test_a_question_about_what_to_know_for_something_asks_for_the_thing() -> None:
    chat = [
        ("assistant", "Do you have any dietary restrictions I should know about for gels/food?"),
        ("user", "veggie. no meat. 20 yrs"),
    ]
    assert facts(*chat) == ["User's dietary restrictions: veggie, no meat, 20 years."]


def test_a_name_given_late_without_my_is_kept_with_its_capital() -> None:
    chat = [("user", "long run. 11mi"), ("user", "fine"), ("user", "12mi. ok")]
    stored = facts(*chat, ("user", "name's christopher btw. kit. everyone says kit"))
    assert "User's name is Christopher." in stored
    assert facts(("user", "name is important to me")) == []


_NUMBERED = (
    "Happy to help you find your first car! A few questions:\n"
    "1. What's your name and roughly where are you based?\n"
    "2. How long have you had your licence?\n"
    "3. What's your budget?"
)


def test_questions_one_to_a_line_answered_in_fragments_give_name_age_and_town() -> None:
    stored = facts(
        ("user", "need car. first one. help"),
        ("assistant", _NUMBERED),
        ("user", "tariq. 23. sheffield. passed test aug. new job in barnsley from 3 nov"),
    )
    assert {"User's name is Tariq.", "User is 23.", "User lives in Sheffield."} <= set(stored)


def test_a_word_then_an_age_opening_an_early_reply_is_a_self_introduction() -> None:
    asked = "Quick questions: 1. Budget? 2. Roughly where are you in the UK? 3. How old are you?"
    stored = facts(("assistant", asked), ("user", "jay. 22. salford. budget 4k. for work mainly"))
    assert {"User's name is Jay.", "User is 22.", "User lives in Salford."} <= set(stored)


@pytest.mark.parametrize(
    ("asked", "said", "wrong"),
    [
        # The race and its date: no name opens the reply, and the town is not the first word.
        (
            "Which race, when, and where do you live?",
            "manchester. 19 april. 41. live in leeds",
            "User lives in Manchester.",
        ),
        # An everyday word before the age is no name.
        (
            "What's your name and where are you based?",
            "single. 34. leeds",
            "User's name is Single.",
        ),
        # A town was not asked: a word after the age may be anything.
        ("What's your name?", "mo. 30. renting", "User lives in Renting."),
    ],
)
def test_fragments_that_do_not_introduce_the_speaker_are_not_read_as_an_introduction(
    asked: str, said: str, wrong: str
) -> None:
    assert wrong not in facts(("assistant", asked), ("user", said))


def test_the_one_question_of_a_message_is_answered_even_before_an_explanation() -> None:
    asked = "Nice! What's the new job, by the way? Job title affects the insurance premium."
    stored = facts(("assistant", asked), ("user", "junior quantity surveyor. pennine build. 27k"))
    assert "User's job: junior quantity surveyor." in stored


def test_a_weight_and_height_said_as_fragments_are_kept_and_a_later_weight_replaces() -> None:
    stored = facts(
        ("assistant", "Nice numbers. What are you eating now?"),
        ("user", "26. 86kg 178cm. eating like 3200 rn"),
        ("assistant", "Good. Log it weekly."),
        ("user", "weight 84.6 this morn"),
    )
    assert "User's height: 178cm." in stored
    assert "User's weight: 84.6kg." in stored
    assert "User's weight: 86kg." not in stored


@pytest.mark.parametrize(
    "said",
    [
        "dog = bernese. 45kg",  # the dog's weight
        "the box is 20kg",  # a weight in a sentence about something else
        "83.2 today",  # a number without a unit or the word "weight"
    ],
)
def test_a_weight_that_is_not_the_speakers_is_not_kept(said: str) -> None:
    assert not any("weight" in line for line in facts(("user", said)))
