"""A fact given as a reason, a wage, a career said with how long, and a friend's shout.

Each case is a line from a realistic chat: "because I'm allergic to sulfa" said on
its own after a drug name; "boss bumped me up to $31 an hour"; "for the past ten
years I have worked as a midwife"; "WHAT. PRIYA." from a friend naming the user;
and a line that used to be spoiled: a correction "not 30" that changed the
minutes of "02:30".
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts
from reverie.providers.offline.corrections import typed_swap
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


def test_a_state_given_as_a_reason_is_kept_when_said_on_its_own() -> None:
    said = facts(("user", "they gave me trimethoprim. cos im allergic to sulfa drugs"))
    assert said == ["User is allergic to sulfa drugs."]
    assert facts(("user", "left early. because im tired of it all")) == []


def test_not_drinking_is_kept_with_how_long_said_after_it() -> None:
    said = facts(("user", "work drinks on friday but i dont drink, 5 months off the booze"))
    assert said == ["User doesn't drink."]


def test_a_career_said_with_how_long_first_is_kept_with_how_long_after() -> None:
    said = facts(("user", "For the past ten years I have worked as a midwife at St Mary's."))
    assert said == ["User has worked as a midwife at St Mary's for the past ten years."]
    aged = facts(("user", "I am sixty-one, and for the last thirty years I have lived in Hexham."))
    assert aged == ["User is 61.", "User has lived in Hexham for the last thirty years."]


def test_a_mended_joint_is_health_news_and_a_repair_man_is_not() -> None:
    assert facts(("user", "I had an ACL reconstruction in 2021.")) == [
        "User had an ACL reconstruction in 2021."
    ]
    assert facts(("user", "I had a boiler repair in 2021.")) == []


def test_money_put_by_each_week_is_a_habit() -> None:
    said = facts(("user", "im saving 300 a month for a house deposit"))
    assert said == ["User is saving 300 a month for a house deposit."]
    assert facts(("user", "I'm saving this for later")) == []


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("boss bumped me up to $31 an hour!!", "User's pay is now $31 an hour."),
        ("Got a raise, now I am 19 pounds per hour.", "User's pay is now 19 pounds per hour."),
        ("my pay went up to £14.20 an hour", "User's pay is now £14.20 an hour."),
        (
            "which helps bc boss bumped me to 24 an hr!! for my tickets",
            "User's pay is now 24 an hr.",
        ),
    ],
)
def test_a_new_wage_is_the_users_pay(said: str, stored: str) -> None:
    assert facts(("user", said)) == [stored]


def test_a_new_budget_after_so_replaces_the_old_one() -> None:
    said = facts(
        ("user", "budget is 10k tops"),
        ("assistant", "Noted, I'll keep to that."),
        ("user", "dad says he'll help out so budget is 15k now not 10"),
    )
    assert said == ["User's budget is 15k now not 10."]


def test_a_new_date_after_so_now_is_kept_without_the_now() -> None:
    said = facts(
        ("user", "The venue rang. They lost the 3 May booking, so now my party is 10 May."),
    )
    assert said == ["User's party is 10 May."]


def test_a_correction_of_a_number_never_changes_the_minutes_of_a_time() -> None:
    corrected = "they want 90 days of history, not 30"
    assert typed_swap("User moved the backup to 02:30.", corrected) is None
    assert typed_swap("User keeps 30 days of history.", corrected) == (
        "User keeps 90 days of history."
    )


def test_what_someone_does_is_kept_when_a_pointing_tail_follows() -> None:
    said = facts(
        ("user", "My husband, Tom, is not coming; he runs a workshop in Kendal and can't leave it.")
    )
    assert "User's husband Tom runs a workshop in Kendal." in said


def _chat(*lines: tuple[str, str]) -> list[Turn]:
    return [Turn(role, text, "2026-03-02") for role, text in lines]


_FRIENDS = (
    ("assistant", "oi stranger"),
    ("user", "hiya!! been mad busy, new job starts monday"),
    ("assistant", "omg tell me everything"),
    ("user", "its the bakery on high st, head baker!!"),
    ("assistant", "WHAT. PRIYA. that's huge"),
    ("user", "lol i know. terrified"),
    ("assistant", "you'll smash it"),
)


def test_a_name_a_friend_shouts_mid_message_names_the_user() -> None:
    found = identify_speakers(
        _chat(*_FRIENDS, ("user", "dog ate my shoe"), ("assistant", "oh priya 😭"))
    )
    assert found.other_is_person
    assert found.user_name == "Priya"


def test_an_acronym_shouted_mid_message_names_no_one() -> None:
    found = identify_speakers(
        _chat(
            ("assistant", "oi stranger"),
            ("user", "hiya!! been mad busy, new job starts monday"),
            ("assistant", "omg tell me everything"),
            ("user", "its at the hospital, admin team"),
            ("assistant", "WOW. NHS. fancy"),
            ("user", "lol hardly"),
        )
    )
    assert found.user_name is None


def test_where_one_lives_said_with_the_home_is_kept_and_a_trip_is_not() -> None:
    said = facts(("user", "We're in Roath in Cardiff, tiny terrace with a yard of maybe 4m x 5m."))
    assert said == ["User lives in Roath in Cardiff, tiny terrace with a yard of maybe 4m x 5m."]
    assert not any(
        "live" in line for line in facts(("user", "We're in Porto, Portugal. Any tips?"))
    )


def test_a_habit_given_up_since_a_day_is_kept_with_or_without_i_have() -> None:
    assert facts(("user", "oh and. been vape free since the 3rd")) == [
        "User has been vape free since the 3rd."
    ]
    assert facts(("user", "I've been alcohol-free for 4 months now")) == [
        "User has been alcohol-free for 4 months now."
    ]


def test_taking_on_an_apprentice_is_a_plan_of_ones_trade() -> None:
    assert facts(("user", "big news: I'm taking on a trainee in March")) == [
        "User is taking on a trainee in March."
    ]


def test_you_try_being_says_what_the_speaker_is() -> None:
    said = facts(("user", "you try being coeliac in a house that lives on toast"))
    assert said == ["User is coeliac in a house that lives on toast."]


def test_a_wish_to_change_without_the_new_value_is_not_kept() -> None:
    assert facts(("user", "ok so I want to change the target. not sure yet")) == []
    assert facts(("user", "I want to change careers.")) == ["User wants to change careers."]


def test_what_a_coach_wants_is_apart_from_what_the_speaker_is() -> None:
    said = facts(
        (
            "user",
            "im a goal shooter for the Harbour Hawks (netball haha) and coach wants us in 3x",
        )
    )
    assert said == ["User is a goal shooter for the Harbour Hawks (netball)."]


def test_a_test_failed_is_kept_and_failing_to_do_something_is_not() -> None:
    assert facts(("user", "ugh. I failed my theory test")) == ["User failed their theory test."]
    assert facts(("user", "I failed to renew the parking permit")) == []


def test_a_long_abstinence_may_take_a_few_words_to_say() -> None:
    said = facts(("user", "I have not set foot in a casino since 2004."))
    assert said == ["User has not set foot in a casino since 2004."]


def test_it_in_capitals_is_the_trade_not_a_pointer() -> None:
    said = facts(
        ("user", "- i'm the only IT person at Kestrel & Finch Surveyors in Truro, ~25 staff")
    )
    assert said == ["User is the only IT person at Kestrel & Finch Surveyors in Truro, ~25 staff."]
    assert facts(("user", "my boss loves it")) == []


def test_how_one_likes_answers_given_as_a_heading_is_a_preference() -> None:
    said = facts(("user", "how i like answers: code first, reasons after, no waffle."))
    assert said == ["User likes their answers: code first, reasons after, no waffle."]


def test_an_answer_to_a_quiz_question_is_not_the_users_job() -> None:
    said = facts(
        ("assistant", "Good. Q4: a patient collapses in the waiting room. What do you do?"),
        ("user", "check response, shout for help, start CPR"),
    )
    assert said == []


def test_a_formal_request_about_how_everything_is_written_is_a_rule() -> None:
    said = facts(
        ("user", "Two requests. I would be obliged if you would reply in complete sentences.")
    )
    assert said == ["User wants the assistant to reply in complete sentences."]


def test_an_aside_between_commas_does_not_hide_the_fact() -> None:
    said = facts(("user", "My rent, all told, is nine hundred pounds a month."))
    assert said == ["User's rent is nine hundred pounds a month."]


def test_a_value_changed_then_said_alone_is_the_new_value() -> None:
    goal = facts(
        ("user", "my goal is to run the 10k under 55 minutes"),
        ("assistant", "Good target."),
        ("user", "ok so I want to change the goal. under 50 minutes. too much?"),
    )
    assert goal[-1] == "User's goal is now under 50 minutes."
    fee = facts(("user", "also I put my hourly rate up. £45 to £50. nobody blinked"))
    assert fee == ["User's hourly rate is now £50, not £45."]


def test_a_job_said_to_someone_in_jest_is_not_the_speakers() -> None:
    said = facts(
        ("assistant", "and do the physio exercises properly"),
        ("user", "yes doctor"),
        ("assistant", "physiotherapist actually"),
        ("user", "ok physiotherapist"),
    )
    assert said == []


def test_a_partner_named_in_lower_case_before_a_deed_is_named() -> None:
    said = facts(
        ("user", "my bf rangi made me dinner lol. he works at the marae in ōtaki so it was huge")
    )
    assert said[0] == "User's boyfriend is Rangi."
    assert "User's boyfriend Rangi works at the marae in ōtaki." in said


def test_a_line_that_opens_with_a_pronoun_is_never_stored() -> None:
    said = facts(("user", "yes, miso the cat. she runs on a schedule: 5am breakfast, 5:05 yelling"))
    assert not any(line.startswith(("She ", "He ", "It ")) for line in said)


def test_a_feeling_to_come_is_not_kept() -> None:
    assert facts(("user", "my flatmate Aroha will be stoked")) == ["User's flatmate is Aroha."]


def test_a_role_changed_by_the_director_corrects_the_old_one() -> None:
    said = facts(
        ("user", "im an alto in the Harbour Singers"),
        ("assistant", "Lovely."),
        ("user", "the director moved me from alto to soprano at rehearsal tonight!!"),
    )
    assert said[-1] == "User is a soprano, not an alto."


def test_a_new_role_replaces_the_stored_one_in_a_later_dream() -> None:
    memory = dreamed(
        "im an alto in the Harbour Singers, rehearsals on tuesdays",
        "the director moved me from alto to soprano at rehearsal tonight!!",
    )
    assert "User is a soprano, not an alto." in memory
    assert "User is an alto" not in memory


def test_a_fear_of_becoming_something_is_not_kept_and_a_leaning_is() -> None:
    assert facts(("user", "I don't want to be the annoying neighbour")) == []
    assert facts(("user", "I would rather take the train than fly to Glasgow")) == [
        "User would rather take the train than fly to Glasgow."
    ]


def test_a_visit_told_in_the_present_with_its_day_is_a_plan() -> None:
    said = facts(("user", "my father-in-law Stavros comes from Patras on 4 March."))
    assert said == [
        "User's father-in-law Stavros is coming from Patras on 4 March (as of 2026-03-02)."
    ]
    learner = facts(
        (
            "user",
            "Also my mother-in-law, kyria Eleni, she come from Crete 10 December until 20 January.",
        )
    )
    assert learner == [
        "Eleni is coming from Crete on 10 December until 20 January (as of 2026-03-02)."
    ]
    assert facts(("user", "I come from Crete")) == ["User is from Crete."]
