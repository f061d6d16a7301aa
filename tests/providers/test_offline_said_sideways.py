"""Facts said sideways: dates moved by what was named, steps said with a yes, versions bumped.

Found by reading a set of conversations written by someone who never saw the rules; each
case here is worded afresh, so a rule tuned to one sentence fails it.
"""

from __future__ import annotations

import pytest

from offline_facts import facts, remembered


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I'm on the payments team at Wise, mostly backend.", "User is on the payments team at"),
        ("I'm away 3-9 March, Porto, so no rush.", "User is away 3-9 March"),
        ("im away 4-11 may, porto. back after", "User is away 4-11 May in Porto."),
        # "there": the place the sentence before named
        (
            "We drove over to Harrogate for the day. I worked there for six years before the move.",
            "User worked in Harrogate for six years",
        ),
        # a debt one carries, said of the household
        (
            "We have about £240,000 left on our mortgage, fixed at 3.9%. Should I overpay?",
            "User has about £240,000 left on their mortgage",
        ),
        ("I still owe 9k on the car.", "User still owes 9k on the car."),
        # a switch, said the other way
        ("swapped over to fish last week, bash was annoying me", "User switched to fish"),
        # a goal, said as a wish for the long run
        ("I'd love to run a marathon one day.", "User's long-term goal is to run a marathon."),
        (
            "Long term: I'd like to open a little bookshop.",
            "User's long-term goal is to open a little bookshop.",
        ),
        # the old value of a habit, then the new one
        (
            "Before I work Monday to Friday, now Tuesday to Saturday.",
            "User works Tuesday to Saturday now, not Monday to Friday.",
        ),
        ("I used to live in Leeds, now I live in York.", "User lives in York now, not in Leeds."),
    ],
)
def test_a_fact_said_sideways_is_kept_plainly(said: str, stored: str) -> None:
    assert any(line.startswith(stored) for line in facts(("user", said)))


@pytest.mark.parametrize(
    "said", ["I'd love to see that.", "I'm away for a bit.", "I used to smoke, now I run."]
)
def test_a_wish_or_a_change_of_habit_without_its_words_is_not_restated(said: str) -> None:
    kept = facts(("user", said))
    assert not any("goal" in line or "now, not" in line or "away" in line for line in kept)


def test_a_range_put_right_by_the_day_it_began_moves() -> None:
    kept = facts(
        ("user", "im away 12-19 oct, lisbon. want backups running while im gone"),
        ("assistant", "Sure, a cron job will do."),
        ("user", "wait its 19-26 oct not 12. mixed up the flights"),
    )
    assert "User is away 19-26 Oct in Lisbon." in kept
    assert not any("12-19" in line for line in kept)


@pytest.mark.parametrize(
    ("asked", "answer", "stored"),
    [
        (
            "did you book the leeds 10k yet? you said you would",
            "yes!! booked. 3rd may. so scared",
            "User booked the leeds 10k (3rd may).",
        ),
        ("Have you applied for your visa yet?", "Yep, last week.", "User applied for their visa."),
    ],
)
def test_a_step_confirmed_by_a_yes_is_kept(asked: str, answer: str, stored: str) -> None:
    assert stored in facts(("assistant", asked), ("user", answer))


@pytest.mark.parametrize("answer", ["yeah but only the flights", "not yet", "nearly!"])
def test_a_step_half_taken_or_not_yet_is_not_kept(answer: str) -> None:
    kept = facts(("assistant", "Did you book the trip to Oslo?"), ("user", answer))
    assert not any("booked the trip" in line for line in kept)


def test_a_change_of_shifts_from_a_day_is_kept() -> None:
    kept = facts(("user", "big news, im on earlies from 9th march!! no more 3am"))
    assert "User is on earlies from 9th March." in kept


def test_it_moved_is_the_thing_the_message_named_before() -> None:
    kept = facts(
        ("user", "Our go-live is on 12 June."),
        ("assistant", "Noted."),
        ("user", "Update: go-live was meant to be 12 June, but Priya moved it to the 19th."),
    )
    about = [line for line in kept if "go-live" in line]
    assert len(about) == 1
    assert about[0].startswith("User's go-live is on 19th June")


def test_a_move_told_of_a_thing_not_stored_leaves_no_stale_day() -> None:
    kept = facts(
        ("user", "Quick one: the audit was supposed to be 4 March, but they moved it to the 11th.")
    )
    assert any("moved from 4 March to the 11th" in line for line in kept)
    assert not any("4 March" in line and "moved" not in line for line in kept)


@pytest.mark.parametrize(
    "said",
    [
        "Nice, pairwise is cleaner.",  # a comparison, not "User is a cleaner"
        "Mum says if I ever move back to Cork, she will come and live with me.",
        "if the promotion comes through, I'll move to Dublin.",
    ],
)
def test_a_comparison_or_what_would_follow_a_condition_is_not_kept(said: str) -> None:
    kept = facts(("user", said))
    assert not any("cleaner" in line or "live with" in line or "Dublin" in line for line in kept), (
        kept
    )


def test_a_story_told_in_the_past_keeps_its_past() -> None:
    kept = facts(("user", "The job was boring so I quit and moved to Lisbon."))
    assert "User quit and moved to Lisbon." in kept


def test_a_version_put_right_mends_the_stack_line() -> None:
    kept = facts(
        ("user", "Morning. I need a cron parser for the deploy repo.\n\nStack: Go 1.21, Postgres."),
        ("assistant", "Got it."),
        (
            "user",
            "All pass in CI. Tiny thing — we're on 1.22 actually, not 1.21. We upgraded in spring.",
        ),
    )
    stack = [line for line in kept if line.startswith("Stack:")]
    assert len(stack) == 1 and "1.22" in stack[0] and "Go 1.21," not in stack[0]
    assert not any("upgraded in spring" in line.lower() for line in kept)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # a learner's "have" for a state, and a laugh in Korean letters ending the thought
        (
            "Small problem, I have gluten intolerant, so bread at work is hard ㅎㅎ Baker who "
            "cannot eat bread, funny",
            "User is gluten intolerant",
        ),
        # a child's fixture each week
        (
            "Leaving early today, my son Ruairi has football at 6 on Tuesdays.",
            "User's son Ruairi has football at 6 on Tuesdays.",
        ),
        ("My daughter has violin lessons every Saturday.", "User's daughter has violin lessons"),
        # a label about answers, then the wishes; a code convention for all the code
        (
            "A note on how I like replies: tests first, then the code. Docstrings everywhere.",
            "User wants the assistant to use docstrings everywhere.",
        ),
    ],
)
def test_said_the_way_people_say_it_and_kept(said: str, stored: str) -> None:
    kept = facts(("user", said))
    assert any(line.startswith(stored) for line in kept), kept
    assert not any("ㅎ" in line or "funny" in line for line in kept)


def test_a_childs_one_off_is_no_weekly_fixture() -> None:
    assert not any("swimming" in line for line in facts(("user", "my son has swimming today")))


@pytest.mark.parametrize(
    "said", ["subscribed on my phone. works", "We upgraded over the summer.", "signed up today!"]
)
def test_a_step_without_what_it_was_taken_on_is_not_kept(said: str) -> None:
    kept = facts(("user", "my repo has a deploy pipeline in CI"), ("user", said))
    assert not any(line.rstrip(".").endswith(("phone", "summer", "today")) for line in kept), kept


def test_a_subject_typed_without_its_apostrophe_is_no_option() -> None:
    kept = facts(
        ("user", "the api is in python, deployed from the repo with CI"),
        ("user", "the backend runs on a pi at home"),
        ("assistant", "You could rewrite it in Go. No need though."),
        ("user", "lol no. im not rewriting. going vps."),
    )
    assert not any(line.startswith("Decision: im") for line in kept), kept


def test_a_version_bumped_in_passing_mends_the_line_that_held_the_old_one() -> None:
    kept = facts(
        ("user", "New service for the billing repo.\n\nStack: Node 20.11, Fastify, Postgres."),
        ("assistant", "Got it."),
        ("user", "tests pass in CI. oh we upgraded to 20.18 last sprint btw"),
    )
    stack = [line for line in kept if line.startswith("Stack:")]
    assert stack == ["Stack: Node 20.18, Fastify, Postgres (not 20.11)."]


def test_an_amount_moved_to_is_no_version() -> None:
    kept = facts(
        ("user", "the team does 2.5 days in the office, per the repo README and CI docs"),
        ("user", "we moved to 3.5 days a week in the office for the deploy freeze"),
    )
    assert not any("not 2.5" in line for line in kept)


def test_moving_to_a_tool_is_no_move_of_home() -> None:
    kept = facts(("user", "I live in Stockport. At work we're moving to Snowflake."))
    assert "User lives in Stockport." in kept
    assert not any(line.endswith("..") for line in kept)


def test_a_version_put_right_in_the_chunk_leaves_the_other_lines_of_the_stack_talk() -> None:
    kept = remembered(
        (
            "user",
            "Morning. New worker for the deploy repo; we already run Redis for everything.\n\n"
            "Stack: Go 1.21, Redis 7, chi, runs on k8s.",
        ),
        ("assistant", "Got it."),
        ("user", "CI is red. oh wait, we bumped to 1.22 last sprint, I forgot."),
    )
    assert "The team already runs Redis for everything." in kept
    assert "Stack: Go 1.22, Redis 7, chi, runs on k8s." in kept
