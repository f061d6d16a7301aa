"""Changes told loosely and choices made in a few words.

A version put right with its tool named, a move told without the usual words, a figure put
right without its comma, an entry deferred, a weekly day moved, a tool picked from those asked
about or named after one was ditched, a new job got, working days moved by work. Each case is
worded afresh.
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts


@pytest.mark.parametrize(
    "said",
    [
        "Oh and I've just noticed we're on Node 20.11, not 18.19. CI is green.",
        "we're on Node 20.11, not 18.19 – the new CI base image went out last week.",
    ],
)
def test_a_version_put_right_with_its_tool_named_mends_the_stack_line(said: str) -> None:
    kept = facts(
        ("user", "Morning. Quick one about the deploy repo.\n\nStack: Node 18.19, Express, Mongo."),
        ("assistant", "Sure."),
        ("user", said),
    )
    stack = [line for line in kept if line.startswith("Stack:")]
    assert len(stack) == 1 and "Node 20.11," in stack[0]
    assert not any(line.startswith("The team is on Node") for line in kept)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "the viva was meant to be this week but it's moved to tomorrow, Thursday 3pm.",
            "The viva moved to Thursday.",
        ),
        (
            "News: the exam is changed, they tell me, now is Friday 6 March.",
            "The exam moved to Friday 6 March.",
        ),
    ],
)
def test_a_move_told_loosely_says_the_new_day_and_nothing_bare(said: str, stored: str) -> None:
    kept = facts(("user", said))
    assert stored in kept
    assert not any(line.rstrip(".").endswith(("is changed", "is moved")) for line in kept)


def test_a_figure_put_right_without_a_comma_mends_the_line() -> None:
    kept = facts(
        ("user", "Need a note for school. Maja is 9, in Year 4."),
        ("assistant", "Sure."),
        ("user", "oops, Maja is 10 not 9!! Her birthday was last week."),
    )
    assert not any(line.startswith("Maja is 9") for line in kept)
    assert any(line.startswith("Maja is 10") for line in kept)


def test_an_entry_deferred_takes_back_the_plan_and_the_new_one_is_kept() -> None:
    kept = facts(
        ("user", "I'm training for the Chester Marathon in October."),
        ("assistant", "Great."),
        (
            "user",
            "Bad news, stress fracture. I've deferred my Chester place to next year and "
            "entered the Conwy half in March instead.",
        ),
    )
    assert not any("Chester Marathon" in line for line in kept)
    assert "User has entered the Conwy half in March instead." in kept


def test_two_steps_with_one_ive_are_both_read() -> None:
    kept = facts(("user", "I've cancelled the gym and joined the climbing wall on Mill Road."))
    assert "User has joined the climbing wall on Mill Road." in kept


def test_a_move_said_with_a_date_stamp_leaves_no_bare_is_changed_line() -> None:
    kept = facts(
        ("user", "News: the audition is changed, they write me, now is Friday 6 March."),
        date="2026-02-10T09:00:00",
    )
    assert any("6 March" in line for line in kept)
    assert not any("is changed" in line for line in kept)


def test_an_entry_deferred_in_a_later_chunk_replaces_the_plan_in_memory() -> None:
    files = dreamed(
        "I'm training for the York Marathon in October.",
        "Bad news from the physio. I've deferred my York place to next year and entered a 10k "
        "instead.",
    )
    assert "training for the York Marathon" not in files
    assert "User has deferred their York place to next year." in files


def test_a_weekly_day_moved_later_replaces_the_day_in_memory() -> None:
    files = dreamed(
        "Logging off early — school pickup, Thursdays are mine.",
        "From next week my school pickup day moves from Thursdays to Fridays.",
    )
    assert "school pickup on Thursdays." not in files
    assert "from Thursdays to Fridays" in files


def test_a_tool_picked_from_three_asked_about_is_a_choice() -> None:
    kept = facts(
        ("user", "want to log my bike rides from a garmin export. where do i start"),
        ("assistant", "Sure. Which OS, and are you using Jupyter, VS Code or plain vim?"),
        ("user", "ubuntu. vs code. no notebooks pls"),
    )
    assert "User chose VS Code instead of Jupyter or plain vim." in kept


def test_both_is_no_option_picked() -> None:
    kept = facts(
        ("assistant", "Do you want to push back on the rent, the roof, or both?"),
        ("user", "both. obviously"),
    )
    assert not any(" chose " in line for line in kept)


def test_one_option_ditched_and_the_next_named_is_a_choice() -> None:
    kept = facts(
        ("assistant", "You could keep jobs in Redis, or in Postgres with SKIP LOCKED."),
        ("user", "ok. drop redis. postgres. one less thing to run"),
    )
    assert "User chose Postgres instead of Redis." in kept


def test_a_new_job_got_replaces_the_old_workplace() -> None:
    memory = dreamed(
        "I teach geography. I work at Millbrook High.",
        "Big news: I got the Head of Humanities job at Castle Park and started on Monday!",
    )
    assert "User works at Millbrook High." not in memory
    assert "Head of Humanities job at Castle Park" in memory


def test_working_days_moved_by_work_replace_the_old_run() -> None:
    memory = dreamed(
        "new rota. I'm on Mon to Fri now, finally normal hours",
        "ugh they've moved me to Wed to Sun. so Mondays and Tuesdays off",
    )
    assert "User is on Wed to Sun now." in memory
    assert "Mon to Fri" not in memory
