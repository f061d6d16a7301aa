"""A value taken back, a date moved in other words, and someone named as kin.

"I said Lotte is 6, but she's actually 7" mends the age; "the date's moved, it's 21 June
now" moves the plan talked about last; "The council change my appointment. Not 3 May now,
it is 10 May" is a learner's move; "From 6 April I work Monday to Friday" is the new run
of working days; "Ines is my wife. She teaches …" says who "she" is; "Bumping the budget
to £4,000" is the budget now; "I've done something a bit rash: booked …" is news.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

from offline_facts import dreamed, facts


def test_an_age_said_wrong_before_is_put_right() -> None:
    kept = facts(
        ("user", "My daughter Lotte is 6."),
        ("assistant", "Noted."),
        ("user", "I said Lotte is 6, but she's actually 7."),
    )
    assert kept == ["User's daughter Lotte is 7."]


def test_a_learners_taken_back_age_keeps_whose_it_is() -> None:
    kept = facts(("user", "I must correct — I say Bogdan is 11, but he is 12 already."))
    assert kept == ["User corrected: Bogdan is 12, not 11."]


def test_the_date_moved_moves_the_plan_talked_about() -> None:
    kept = facts(
        ("user", "My cousin's christening is on 14 June and I'm godmother."),
        ("assistant", "Lovely, congratulations."),
        ("user", "I'd like a reading for it, something short."),
        ("assistant", "Here are three."),
        ("user", "quick update: the date's moved, it's 21 June now, the church had a clash."),
    )
    assert kept == ["User's cousin's christening is on 21 June (as of 2026-03-02)."]


def test_the_date_moved_with_no_plan_said_stores_nothing_about_a_date() -> None:
    kept = facts(("user", "the date's moved, it's 21 June now."))
    assert not any("date moved" in line.lower() for line in kept)


def test_a_learners_move_with_the_old_day_given_up() -> None:
    kept = facts(
        ("user", "My appointment at the council is 3 May."),
        ("assistant", "OK."),
        ("user", "The council change my appointment. Not 3 May now, it is 10 May."),
    )
    assert kept == ["User's appointment at the council is 10 May (as of 2026-03-02)."]


def test_a_day_not_any_more_then_the_new_one() -> None:
    kept = facts(
        ("user", "My dental check-up is on the 5th."),
        ("assistant", "OK."),
        ("user", "the dentist moved my check-up. not the 5th any more, its the 12th"),
    )
    assert kept == ["User's dental check-up is on the 12th (as of 2026-03-02)."]


def test_new_working_days_from_a_date_replace_the_old_run() -> None:
    kept = facts(
        ("user", "I work Wednesday until Sunday, 9 to 5."),
        ("assistant", "OK."),
        ("user", "Good news. From 6 April I work Monday to Friday, 8 until 4."),
    )
    assert kept == ["User works Monday to Friday, 8 until 4 from 6 April."]


def test_someone_named_as_kin_is_the_she_after() -> None:
    kept = facts(("user", "Joanna is my sister. She lives in Lyon."))
    assert kept == ["User's sister is Joanna.", "User's sister Joanna lives in Lyon."]


def test_a_name_ending_like_a_plural_is_still_someone() -> None:
    kept = facts(("user", "Ines is my wife. She is a chemistry teacher."))
    assert kept == ["User's wife is Ines.", "User's wife Ines is a chemistry teacher."]


def test_kin_named_then_a_job_said_of_them() -> None:
    kept = facts(("user", "Saga is my girlfriend. She works as a physio."))
    assert "User's girlfriend Saga works as a physio." in kept


def test_a_value_bumped_without_its_subject_is_the_value_now() -> None:
    kept = facts(("user", "Bumping the budget to £4,000."))
    assert kept == ["User's budget is now £4,000."]


def test_a_goal_being_raised_is_the_goal_now() -> None:
    kept = facts(("user", "I'm upping my savings goal to £300 a month."))
    assert kept == ["User's savings goal is now £300 a month."]


def test_news_after_an_announcement_has_its_subject() -> None:
    kept = facts(("user", "I've done something a bit rash: booked a week on Skye for October."))
    assert kept == ["User booked a week on Skye for October."]


def test_an_announcement_of_something_for_the_listener_is_not_news() -> None:
    kept = facts(("user", "I've done something for you: a list of my meds."))
    assert not any("booked" in line or "done" in line for line in kept)


def test_an_event_named_by_its_distance_is_kept() -> None:
    kept = facts(("user", "I've entered the Coniston one-mile swim on 23 August."))
    assert kept == ["User has entered the Coniston one-mile swim on 23 August (as of 2026-03-02)."]


def test_the_date_moved_in_a_later_chunk_leaves_earlier_lines_alone() -> None:
    files = dreamed(
        "My cousin's christening is on 14 June and I'm godmother.",
        "the date's moved, it's 21 June now.",
    )
    assert "14 June" in files
    assert "The date moved" not in files
