"""Words the rules once misread as names or facts: a draft's placeholder, a place, a bill."""

from __future__ import annotations

import pytest

from offline_facts import facts

_DRAFT = (
    "Something like:\n\nHi [Name],\n\nJust following up on invoice INV-0142, due on 28 "
    "September.\n\nMany thanks,\n[Your name]\n\nWould you like a firmer version too?"
)


def test_a_drafts_name_placeholder_is_not_a_question_asking_the_name() -> None:
    stored = facts(("assistant", _DRAFT), ("user", 'shorter. and no "hope youre well"'))
    assert not any("name" in line for line in stored), stored


def test_an_answer_to_a_real_name_question_still_gives_the_name() -> None:
    stored = facts(("assistant", "Happy to help. What's your name?"), ("user", "tariq. 23."))
    assert "User's name is Tariq." in stored


def test_a_place_said_as_a_possessive_is_not_whom_a_friend_addresses() -> None:
    stored = facts(
        ("user", "tunde!! ok been looking. 2 options"),
        ("assistant", "go on"),
        ("user", "1. church hall in woolwich\n2. ayo's kitchen in peckham. private room"),
        ("assistant", "ok ayo's. u book it i'll pay u back half"),
        ("user", "booking tmrw. ayo's can do 9th aug"),
        ("assistant", "ayo's. sorted. ur the best"),
    )
    assert not any("Ayo" in line for line in stored), stored


def test_the_friends_name_mid_sentence_parts_two_sentences() -> None:
    stored = facts(
        ("user", "Tunde!! ok been looking. 2 options"),
        ("assistant", "Kemi!! go on then"),
        ("user", "booking tmrw. they can do 9th aug"),
        ("assistant", "sorted. ur the best"),
        ("user", "i'm 29 tunde i have responsibilities"),
        ("assistant", "lol ok grandma"),
    )
    assert "User is 29." in stored
    assert not any("responsibilities" in line for line in stored), stored


def test_an_everyday_word_before_brackets_is_no_name() -> None:
    stored = facts(
        ("user", "sam is off next week. hes self employed (plumber) so he just decided"),
        ("assistant", "Sure, go ahead."),
        ("user", "rhodri (accountant) sorts the VAT"),
    )
    assert not any("Employed" in line for line in stored), stored
    assert "Rhodri is an accountant." in stored


def test_a_bill_falls_due_and_a_baby_is_due() -> None:
    billed = facts(("user", "1850. 30 days. due 28 sep. sent 1 reminder."))
    assert not any("due" in line for line in billed), billed
    expecting = facts(("user", "due 3rd march now. 20 wks"))
    assert any(line.startswith("User is due 3rd March") for line in expecting), expecting


@pytest.mark.parametrize("said", ["booked first one", "found 2 options", "signed and sent"])
def test_a_deed_on_a_bare_one_or_count_says_nothing_alone(said: str) -> None:
    stored = facts(
        ("user", said), ("assistant", "Sure, go ahead."), ("user", "booked flights to osaka")
    )
    assert stored == ["User booked flights to osaka."]
