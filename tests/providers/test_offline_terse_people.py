"""Terse replies that still say who someone is: "partner marcus has work truck", "icu nurse"."""

from __future__ import annotations

import pytest

from offline_facts import facts

_ASKED = "Do you drive most of the time, or is the car shared?"


def test_a_relation_without_my_then_a_deed_names_them() -> None:
    stored = facts(("assistant", _ASKED), ("user", "mostly me. partner marcus has work truck"))
    assert "User's partner is Marcus." in stored


@pytest.mark.parametrize(
    "said", ["friend group is tiny", "alone. brother visits sometimes", "mum hasn't a clue"]
)
def test_a_relation_word_before_a_common_word_names_no_one(said: str) -> None:
    assert not any(
        " is " in line and "'s " in line for line in facts(("assistant", _ASKED), ("user", said))
    )


def test_a_job_with_its_kind_is_the_users_job() -> None:
    stored = facts(
        ("assistant", "Is this your only car, and what hours do you drive?"),
        ("user", "only car. 12h shifts incl nights. icu nurse"),
    )
    assert "User is an icu nurse." in stored


@pytest.mark.parametrize("said", ["a paramedic!!! useful.", "great teacher tbh", "free physio"])
def test_a_bare_or_judged_job_is_not_the_users(said: str) -> None:
    assert not any(line.startswith("User is a") for line in facts(("user", said)))


def test_the_speakers_own_thing_keeps_the_next_fragment_theirs() -> None:
    said = "my news is boring in comparison. got the head of PE job! starts september"
    assert "User got the head of PE job." in facts(("user", said))


def test_someone_elses_news_keeps_the_next_fragment_theirs() -> None:
    assert facts(("user", "my sister moved. bought a flat")) == []


def test_an_injury_said_tersely_is_kept_in_the_past_tense() -> None:
    stored = facts(("user", "ugh. update. tore my calf at 5-a-side on thursday"))
    assert stored == ["User tore their calf at 5-a-side on Thursday (as of 2026-03-02)."]
