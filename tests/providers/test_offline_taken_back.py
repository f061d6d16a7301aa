"""A value taken back, a date moved in other words, someone named as kin, and what is no fact.

"I said Lotte is 6, but she's actually 7" mends the age; "the date's moved, it's 21 June
now" moves the plan talked about last; "The council change my appointment. Not 3 May now,
it is 10 May" is a learner's move; "From 6 April I work Monday to Friday" is the new run
of working days; "Ines is my wife. She teaches …" says who "she" is; "Bumping the budget
to £4,000" is the budget now; "I've done something a bit rash: booked …" is news; "Mild
eczema, steroid cream only." is the speaker's condition; the sign-off of a draft the user
asks to polish names them. Not kept: "here in June" as a home, "Distinction is 85" as an
age, "Sea was 11 degrees", "I'd rather eat glass", "I've got to hop into a call"; words in
quotes stay as they were written.

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


def test_here_in_a_month_is_when_not_where() -> None:
    kept = facts(("user", "I need you here in June for the christening."))
    assert not any("lives in" in line for line in kept)


def test_a_word_opening_a_sentence_has_no_age() -> None:
    kept = facts(("user", "In the mock I got 64. Distinction is 85. Gutted."))
    assert not any("Distinction" in line for line in kept)


def test_a_temperature_read_on_the_day_is_not_kept() -> None:
    kept = facts(("user", "First dip of the year. Sea was 11 degrees, felt like knives."))
    assert not any("degrees" in line for line in kept)


def test_a_pronoun_said_short_is_no_pets_name() -> None:
    kept = facts(("user", "Get Biscuit in the photo, she's my spaniel, she'll sulk otherwise."))
    assert kept == ["Biscuit is User's spaniel."]


def test_rather_eat_glass_is_said_for_effect() -> None:
    assert facts(("user", "I'd rather eat glass.")) == []


def test_the_sign_off_of_ones_own_draft_names_the_user() -> None:
    kept = facts(
        (
            "user",
            "Could you polish this email? It's for a client.\n\n---\nHi Marta,\n\nThanks for "
            "sending the drawings over. I've checked the levels and we're fine to pour on "
            "Friday.\n\nKind regards,\nOwen Tremayne\nSite Engineer\nHalden Civils | Truro\n---",
        )
    )
    assert kept == [
        "User is Owen Tremayne.",
        "User's job title is Site Engineer.",
        "User works at Halden Civils, Truro.",
    ]


def test_the_sign_off_of_someone_elses_reply_is_theirs() -> None:
    kept = facts(
        (
            "user",
            "She replied, pasting it here:\n\nHi Owen, great, Friday works.\n\nBest,\n"
            "Marta Lindqvist\nProject Manager",
        )
    )
    assert not any("Marta" in line for line in kept)


def test_a_phrase_never_to_write_keeps_its_words() -> None:
    kept = facts(("user", 'Shorter please, and never "circling back", it makes me cringe.'))
    assert 'User wants the assistant to never write "circling back".' in kept


def test_quoted_words_are_not_put_in_the_third_person() -> None:
    kept = facts(("user", 'Please never start with "I hope you are well".'))
    assert kept == ['User wants the assistant to never start with "I hope you are well".']


def test_a_condition_said_as_a_fragment_is_the_speakers() -> None:
    kept = facts(
        ("assistant", "Anything medical I should know about?"),
        ("user", "Mild eczema, steroid cream only. Otherwise fine."),
    )
    assert kept == ["User has mild eczema, steroid cream only."]


def test_a_condition_with_a_verb_of_its_own_is_no_fragment() -> None:
    assert facts(("user", "Diabetes runs in the family.")) == []


def test_planning_a_week_away_without_its_subject() -> None:
    kept = facts(("user", "Planning a week in Madeira, 3–10 May. Just the two of us."))
    assert kept == ["User is planning a week in Madeira, 3–10 May."]


def test_the_range_it_came_to_in_the_end_moves_the_plan() -> None:
    kept = facts(
        ("user", "Planning a week in Madeira, 3–10 May. Just the two of us."),
        ("assistant", "Lovely, here are some ideas."),
        ("user", "Booked! But it's the 12th to the 19th of May in the end, it was cheaper."),
    )
    assert kept == ["User is planning a week in Madeira, 12–19 May."]


def test_off_to_a_meeting_for_a_moment_is_not_kept() -> None:
    assert facts(("user", "Sorry, I've got to hop into a call. Back in ten.")) == []


def test_a_condition_denied_is_not_had() -> None:
    kept = facts(
        ("assistant", "Steroids can raise blood sugar if you have diabetes, you don't, I assume?"),
        ("user", "No diabetes. I'll keep the diary."),
    )
    assert not any("diabetes" in line for line in kept)


def test_the_speaker_named_in_an_example_is_them() -> None:
    kept = facts(("user", "want `tally add chess jo:1 ned:2` to work. jo is me btw, joanne"))
    assert kept == ["User's name is Joanne."]


def test_that_is_me_names_no_one() -> None:
    assert facts(("user", "That is me.")) == []


def test_the_code_first_then_the_why_is_the_order_of_every_answer() -> None:
    kept = facts(
        (
            "user",
            "Preferences up front: give me the config first, reasoning after — I'll ask if "
            "I need more.",
        )
    )
    assert kept == ["User wants the assistant to give the config first, then the reasoning."]


def test_when_one_goes_somewhere_said_after_a_colon() -> None:
    kept = facts(("user", "When I go to the gym: Tuesday and Thursday morning, 6 until 7."))
    assert kept == ["User goes to the gym Tuesday and Thursday morning, 6 until 7."]


def test_a_running_total_is_not_kept() -> None:
    kept = facts(("user", "The sponsorship page is on £230 so far. Raising the target to £600."))
    assert kept == ["User's target is now £600."]


def test_sore_after_a_session_is_said_for_effect() -> None:
    assert facts(("user", "first spin class ever. my legs are absolutely destroyed")) == []


def test_a_thing_nobody_named_is_not_kept() -> None:
    kept = facts(("user", "sunday. my dad's having a little thing at the golf club"))
    assert not any("thing" in line for line in kept)


def test_a_year_owned_as_wrong_is_put_right() -> None:
    kept = facts(
        ("user", "I've worked at the bakery since 2019."),
        ("assistant", "Noted."),
        ("user", "When I said I've worked at the bakery since 2019, that's wrong, it was 2018."),
    )
    assert kept == ["User has worked at the bakery since 2018 (not 2019)."]
