"""Old value first, news from a friend, and facts said after a frame.

Each case is a line from a realistic chat: "sorry, not 2016, it is 2017" names
the old value before the new; a friend shouts "HAPPY BIRTHDAY" and the age in
the next message; "raj got the promotion!!!" is Raj's news, not the speaker's;
"problem is im a setter" says the job after a frame; and a learner's "I am
quality inspector in factory" keeps its workplace.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


def test_a_correction_that_names_the_old_value_first_replaces_it() -> None:
    moved = facts(
        ("user", "I moved to Leeds in 2016."),
        ("assistant", "Nice."),
        ("user", "sorry, not 2016, it is 2017"),
    )
    assert moved == ["User moved to Leeds in 2017 (not 2016)."]
    booked = facts(
        ("user", "I booked the flat viewing for the 14th."),
        ("assistant", "Great."),
        ("user", "no wait not the 14th but the 15th"),
    )
    assert booked == ["User booked the flat viewing for the 15th (not the 14th)."]


def test_a_visit_on_a_calendar_day_is_a_plan_and_a_word_for_mother_is_no_name() -> None:
    said = facts(("user", "My mother (maminka) comes on 18 December for two weeks."))
    assert said == ["User's mother is coming on 18 December for two weeks (as of 2026-03-02)."]


def test_what_was_passed_is_kept_when_said_after_the_news() -> None:
    assert facts(("user", "I PASSED!!! Life in UK test, 22 from 24")) == [
        "User passed the Life in UK test, 22 from 24."
    ]


def test_yes_to_is_she_your_partner_names_her_and_no_names_nobody() -> None:
    assert facts(("assistant", "Is Tui your partner?"), ("user", "ya my gf")) == [
        "User's girlfriend is Tui."
    ]
    assert facts(("assistant", "Is Tui your partner?"), ("user", "no, ex lol")) == []


def test_a_birthday_this_week_with_the_age_after_it_dates_the_birthday() -> None:
    # 1 June 2025 is a Sunday: "friday" is 6 June
    assert facts(("user", "my bday friday lol. 27."), date="2025-06-01") == [
        "User turns 27 on 6 June 2025."
    ]


def test_a_friend_wishes_happy_birthday_and_shouts_the_age_in_the_next_message() -> None:
    said = facts(
        ("assistant", "oi rob"),
        ("assistant", "u still breathing"),
        ("user", "just. fitted a whole kitchen in gungahlin today, knees are gone"),
        ("assistant", "haha mate ur a machine"),
        ("user", "lol cheers"),
        ("assistant", "HAPPY BIRTHDAY YOU DINOSAUR"),
        ("assistant", "41!!! nearly vintage"),
        ("user", "cheers mate lol. feel about 60 with these knees"),
        date="2025-06-01",
    )
    assert "User turned 41 on 1 June 2025." in said


def test_a_friends_news_named_in_lower_case_is_not_the_speakers_job() -> None:
    turns = [
        Turn("assistant", "lunch update", "2025-09-29", "Nell"),
        Turn("assistant", "raj got the promotion!!! shift manager", "2025-09-29", "Nell"),
        Turn("assistant", "he's been acting cool about it all morning", "2025-09-29", "Nell"),
        Turn("user", "HAHA tell him congrats from me", "2025-09-29", "Pia"),
    ]
    lines = [fact.text for fact in extract_facts(turns)]
    assert not any("shift manager" in line for line in lines)


def test_a_job_said_after_a_frame_is_kept_and_the_fuller_one_said_later_wins() -> None:
    said = facts(
        ("user", "problem is im a setter so like. my job is literally climbing lol"),
        ("assistant", "Ah, that's awkward. Ask your physio for written limits."),
        ("user", "ya full time route setter at crux collective in te aro"),
    )
    assert said == ["User is a full-time route setter at crux collective in te aro."]
    assert facts(("user", "the problem is I'm allergic to penicillin")) == [
        "User is allergic to penicillin."
    ]
    assert facts(("user", "I told that I am a night porter now")) == ["User is a night porter now."]


def test_a_learners_workplace_gets_its_article_back() -> None:
    assert facts(("user", "I am quality inspector in factory in Dyce")) == [
        "User is a quality inspector in a factory in Dyce."
    ]


def test_a_thing_refused_before_a_named_partner_is_not_the_partner() -> None:
    said = facts(
        ("assistant", "Good picks. I'd skip Celery in pots anyway; it sulks without water."),
        ("user", "ha. Definitely NO celery, my husband Omar hates it with a passion."),
    )
    assert said == ["User's husband is Omar."]


def test_a_new_date_is_said_as_the_date_of_what_was_called_off() -> None:
    test = facts(
        (
            "user",
            "Ugh. The centre rang. My examiner is ill, my driving test on 14 November is "
            "cancelled. New date is 28 November, 10:30.",
        ),
        date="2025-11-13",
    )
    assert "User's driving test is now on 28 November, 10:30 (as of 2025-11-13)." in test
    visit = facts(
        ("user", "midwife cancelled. rang at 8. new date is thursday 4th at 11am"),
        date="2025-11-01",
    )
    assert visit == ["User's midwife is now coming on Thursday 4th at 11am (as of 2025-11-01)."]
    # nothing called off before it: no event to give the date to
    assert not any("now on" in line for line in facts(("user", "New date is 3 May.")))


def test_a_quiz_question_about_a_proper_noun_is_not_the_users_thing() -> None:
    quiz = "Try these:\n1. What is the Magna Carta, and when was it signed?\n2. Who wrote Hamlet?"
    said = facts(("assistant", quiz), ("user", "1. a charter of rights, 1215\n2. Shakespeare"))
    assert said == []


def test_who_someone_is_comes_first_so_the_line_about_them_names_them() -> None:
    said = facts(
        ("user", "tui's moving in w us"),
        ("assistant", "Nice, that was quick. Is Tui your partner?"),
        ("user", "ya my gf. shes a conservator at te papa"),
    )
    assert said[-2:] == [
        "User's girlfriend is Tui.",
        "User's girlfriend Tui is a conservator at te papa.",
    ]
    lower = facts(
        ("user", "my partner is Sofie"),
        ("user", "my partner sofie is a midwife at the royal infirmary"),
    )
    assert lower[-1] == "User's partner Sofie is a midwife at the royal infirmary."


def test_a_birthday_said_in_passing_is_no_ones_name() -> None:
    said = [
        ("user", "yeah. she reckons swimming is best for it tho so at least the swim's still on"),
        ("assistant", "silver lining"),
        ("user", "training 3 mornings a week now. cottesloe at 5:30"),
        ("assistant", "5:30 is not a real time"),
        ("user", "it is when u have a 4 year old"),
        ("user", "ok bday. 16th is a thursday so doing the party the saturday after, 18th"),
        ("assistant", "im there. ill drive down from mandurah"),
    ]
    speakers = identify_speakers([Turn(role, text, "2025-09-22") for role, text in said])
    assert speakers.other_is_person
    assert speakers.other_name is None


def test_a_wish_about_the_talk_itself_is_not_kept() -> None:
    assert facts(("user", "I just want to be understood")) == []
    assert facts(("user", "I want to make sure I do everything.")) == []
    assert facts(("user", "I want to make sure the kids are safe")) == [
        "User wants to make sure the kids are safe."
    ]


def test_a_wedding_day_put_right_by_the_spouse_replaces_the_first_one() -> None:
    said = facts(
        (
            "user",
            "My wife, Edith, and I were married on 3 June 1979, so next summer is forty years.",
        ),
        ("assistant", "What a milestone."),
        (
            "user",
            "A correction first. Edith read my last message and informs me that we were "
            "married on 3 June 1978, not 1979.",
        ),
    )
    assert "User got married on 3 June 1978, not 1979." in said
    assert not any("1979." in line and "not" not in line for line in said)


def test_formal_requests_about_every_reply_are_rules() -> None:
    said = facts(
        (
            "user",
            "Two requests regarding your replies. First, I should be grateful if you would "
            "use British spellings and avoid abbreviations. Secondly, please give all prices "
            "in pounds sterling rather than in euros.",
        )
    )
    assert said == [
        "User wants the assistant to use British spellings and avoid abbreviations.",
        "User wants the assistant to give all prices in pounds sterling rather than in euros.",
    ]
    # asked once, about one thing: no rule
    assert facts(("user", "please give me a summary of this")) == []


def test_a_condition_had_since_a_month_gone_by_is_kept_and_a_cold_since_monday_is_not() -> None:
    assert facts(("user", "Problem: I've had plantar fasciitis in my right foot since March.")) == [
        "User has had plantar fasciitis in their right foot since March."
    ]
    assert facts(("user", "I have had migraines for years.")) == [
        "User has had migraines for years."
    ]
    assert facts(("user", "I've had a cold since Monday.")) == []


def test_the_job_got_is_named_by_the_title_after_the_news() -> None:
    # (the first day said after it is the job's too)
    assert facts(("user", "I got the job!!! Quality Engineer. Start 2 February.")) == [
        "User got the job as a Quality Engineer.",
        "User starts the job on 2 February (as of 2026-03-02).",
    ]
    called = "Second news... Harbourline called this morning. I got the job!!! Quality Engineer."
    assert facts(("user", called)) == ["User got the job at Harbourline as a Quality Engineer."]
    # a relative who rang is not the employer
    assert facts(("user", "Mum called. I got the job! Senior Nurse.")) == [
        "User got the job as a Senior Nurse."
    ]
    assert facts(("user", "I got the job! Tom is thrilled.")) == []


def test_a_new_goal_said_without_my_replaces_the_old_one() -> None:
    said = facts(
        ("user", "Goal is sub-2:15. I run 3 days a week."),
        ("assistant", "Sounds doable."),
        ("user", "I'm letting go of sub-2:15. New goal is 2:20, or just finishing."),
    )
    assert "User's new goal is 2:20, or just finishing." in said
    assert "User's goal is sub-2:15." not in said


def test_quitting_a_job_or_quitting_in_a_month_gone_by_is_past() -> None:
    assert facts(("user", "I quit smoking in March!!")) == ["User quit smoking in March."]
    assert facts(("user", "I quit my job.")) == ["User quit their job."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "My brother Rhys just moved to Vancouver for work.",
            "User's brother Rhys just moved to Vancouver for work.",
        ),
        (
            "my mum retired last year after 30 years at the NHS",
            "User's mum retired last year after 30 years at the NHS.",
        ),
        ("my sister passed her driving test!", "User's sister passed her driving test."),
        ("My brother got married in May.", "User's brother got married in May."),
    ],
)
def test_news_of_family_in_the_past_tense_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    "said", ["my dad moved the car", "my mum made lasagne", "my dad got home late"]
)
def test_what_family_did_today_is_not_news(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_new_goal_given_as_a_label_replaces_the_old_one() -> None:
    said = facts(
        ("user", "Race is the Belfast City Marathon, Sunday 4 May. Goal is sub-3:45."),
        ("assistant", "Ambitious but realistic."),
        ("user", "Coach says forget sub-3:45 this year. I agree. So new goal: sub-3:55."),
    )
    assert "User's new goal is sub-3:55." in said
    assert not any("3:45." in line for line in said)


def test_a_course_of_study_is_kept_and_a_roast_on_sunday_is_not() -> None:
    assert facts(("user", "i'm doing a masters in data science at leeds, part time")) == [
        "User is doing a masters in data science at leeds, part time."
    ]
    assert facts(("user", "I'm doing a roast on Sunday.")) == []
