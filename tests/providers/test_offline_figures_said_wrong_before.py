"""A figure, a date or a day said wrong before, put right later in the talk.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts


@pytest.mark.parametrize(
    ("before", "later", "stored", "gone"),
    [
        # "I said X — it's actually Y": the figure named again, then the right one
        (
            "I'm a staff nurse on £34k.",
            "Whoops, I said £34k — it's actually £36k since the regrade in April.",
            "User is a staff nurse on £36k (not £34k).",
            "User is a staff nurse on £34k.",
        ),
        # a learner's "Last time I say I am N but I write wrong, I am M"
        (
            "I am 38 years old and I am from Cebu.",
            "Sorry, one correction. Last time I say I am 38 but I write wrong, I am 39.",
            "User is 39 years old (not 38).",
            "User is 38 years old.",
        ),
        # "I said X but we upped it to Y"
        (
            "My rent is £450 a month.",
            "Ah sorry – I said £450 but they upped it to £500 a month in May.",
            "User's rent is £500 a month (not £450).",
            "User's rent is £450 a month.",
        ),
        # the version said before, and the one the team is on now
        (
            "We're on Django 4.1 at work.",
            "About Django — I said 4.1 last week but ops upgraded it, it's Django 5.0 now.",
            "The team is on Django 5.0 at work (not 4.1).",
            "The team is on Django 4.1 at work.",
        ),
    ],
)
def test_a_figure_said_wrong_before_is_put_right(
    before: str, later: str, stored: str, gone: str
) -> None:
    found = facts(("user", before), ("assistant", "Noted."), ("user", later))
    assert stored in found
    assert gone not in found


def test_a_figure_said_twice_alike_is_no_correction() -> None:
    found = facts(("user", "I said 3 times a week and it's 3 times a week, no change."))
    assert not any("corrected" in line or "(not " in line for line in found)


def test_a_job_after_the_age_gets_the_i_am_too() -> None:
    found = facts(("user", "Quick one. I'm 41, senior nurse at the Royal Infirmary."))
    assert "User is 41." in found
    assert "User is a senior nurse at the Royal Infirmary." in found


@pytest.mark.parametrize(
    ("first", "moved", "stored"),
    [
        # a learner's "I change my test. Now is …"
        (
            "My exam is November 8.",
            "Update: I change my exam. Now is November 15, in the city centre, not November 8.",
            "User's exam is November 15",
        ),
        # "the X was <date> but it's been pushed to <date>"
        (
            "We're busy.",
            "The launch with the Bristol office was Monday 3 March but it's been pushed to "
            "Monday 10 March, the printers are late.",
            "The launch moved from Monday 3 March to Monday 10 March",
        ),
    ],
)
def test_a_date_moved_said_loosely(first: str, moved: str, stored: str) -> None:
    found = facts(("user", first), ("assistant", "Ok."), ("user", moved))
    assert any(line.startswith(stored) for line in found), found


def test_a_learners_another_change_opens_a_correction() -> None:
    memory = dreamed(
        "My day off is Monday. I work the rest of the week.",
        "Also change, my day off is now Thursday, not Monday, because of the new rota.",
    )
    assert "day off is now Thursday" in memory
    assert "User's day off is Monday." not in memory


def test_a_grade_said_wrong_before_is_put_right() -> None:
    found = facts(
        ("user", "I passed my grade 5 piano in March, with merit."),
        ("assistant", "Well done."),
        (
            "user",
            "Oh and I think I told you I got a merit — correction, I found the certificate "
            "and it was actually a distinction. Misremembered!",
        ),
    )
    assert "User passed their grade 5 piano in March, with distinction (not merit)." in found


def test_a_colour_put_right_with_its_old_one() -> None:
    found = facts(
        ("user", "I drive a blue Yaris."),
        ("assistant", "Noted."),
        ("user", "Correction: it's red, not blue."),
    )
    assert "User drives a red Yaris (not blue)." in found
