"""Facts said in short, in passing or under a heading, and corrections said in few words.

"Work: I teach maths at a sixth-form college" has a heading, not a speaker; "I live in
Whitby so the sea is at the end of my street" is where the speaker lives, and what comes
of it is not kept; "quick q. i use dvorak" ends a sentence at "q."; "workman-p not plain
workman" and "Bristol not Bath" correct what was said, a figure alone never does; "make
it 07:15" sets a time, never a count; "she" twice is never a later "he"; a choice about
how the assistant should write is no choice of the speaker's life.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.pronouns import resolve_pronouns
from reverie.providers.offline.topic_news import label_line


def test_a_heading_before_a_colon_is_no_speaker() -> None:
    kept = facts(("user", "Work: I teach maths at a sixth-form college in Rotherham."))
    assert kept == ["User teaches maths at a sixth-form college in Rotherham."]


def test_what_comes_of_where_one_lives_is_not_kept() -> None:
    kept = facts(
        (
            "user",
            "I live in Whitby so the North Sea is basically at the end of my street, but "
            "people say it's a rough place to learn. Where do I start?",
        )
    )
    assert kept == ["User lives in Whitby."]


def test_a_wish_after_but_is_a_wish_of_its_own() -> None:
    kept = facts(
        ("user", "Thanks, useful, but could you keep answers shorter and in bullet points?")
    )
    assert kept == ["User wants the assistant to give shorter answers, in bullet points."]


def test_a_lone_letter_before_i_ends_a_sentence() -> None:
    assert facts(("user", "quick q. i use dvorak")) == ["User uses dvorak."]
    assert facts(("user", "keyboard q. im on debian")) == ["User is on debian."]


def test_just_give_me_code_is_how_every_answer_should_be() -> None:
    kept = facts(("user", "macro. just give me code pls no lectures"))
    assert kept == ["User wants the assistant to give just the code, no lectures."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("i do captions freelance", "User works freelance doing captions."),
        (
            "I do freelance bookkeeping, mostly for cafes",
            "User works freelance doing bookkeeping, mostly for cafes.",
        ),
    ],
)
def test_work_said_with_do_freelance_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_a_named_variant_corrects_the_bare_thing() -> None:
    kept = facts(
        ("user", "layout q. i use workman"),
        ("assistant", "Noted."),
        ("user", "sorry workman-p not plain workman. the p matters"),
    )
    assert kept == ["User uses workman-p (not plain workman)."]


def test_a_name_for_a_name_without_a_comma_corrects_the_line() -> None:
    kept = facts(
        ("user", "I live in Bath."),
        ("assistant", "Lovely city."),
        ("user", "oops, Bristol not Bath."),
    )
    assert kept == ["User lives in Bristol (not Bath)."]


@pytest.mark.parametrize("said", ["I do not cycle much, I sold the bike in 2020.", "4 not 5"])
def test_a_verb_or_figures_before_not_correct_nothing(said: str) -> None:
    assert not any("corrected" in line or "(not" in line for line in facts(("user", said)))


def test_a_clock_time_mends_a_time_never_a_count() -> None:
    kept = facts(
        ("user", "I'm on call from Tuesday (one week in four for me)."),
        ("assistant", "Should the job run at 05:00 or 07:15?"),
        ("user", "Make it 07:15 then, I'll edit the cron line myself."),
    )
    assert kept == ["User is on call from Tuesday (one week in four for them)."]
    mended = facts(
        ("user", "My alarm is at 5:45 on weekdays."),
        ("assistant", "Early!"),
        ("user", "sorry, it's 6:15, not 5:45"),
    )
    assert mended == ["User's alarm is at 6:15 on weekdays (not 5:45)."]


def test_a_relatives_plan_that_moved_is_still_theirs() -> None:
    kept = facts(
        ("user", "dad's scan got moved. its the 9th march now not the 2nd. staffing thing")
    )
    assert kept == ["User's dad's scan moved from the 2nd to the 9th March."]


def test_a_name_said_she_twice_is_never_a_later_he() -> None:
    before = [("Juno takes up the whole sofa.", "User")]
    assert resolve_pronouns(["he's on nights."], "User", before) == ["Juno is on nights."]
    genders = {"Juno": ["she", "she"]}
    assert resolve_pronouns(["he's on nights."], "User", before, genders=genders) == [
        "he's on nights."
    ]
    once = {"Juno": ["she"]}  # one guess may have been wrong
    assert resolve_pronouns(["he's on nights."], "User", before, genders=once) == [
        "Juno is on nights."
    ]


def test_a_part_at_a_wedding_is_kept_with_its_date() -> None:
    kept = facts(("user", "I'm best man at my cousin Arlo's wedding on 6 June in Tenterden."))
    assert any(
        line.startswith(
            "User is the best man at their cousin Arlo's wedding on 6 June in Tenterden"
        )
        for line in kept
    )


def test_a_trip_moved_by_it_takes_its_new_dates() -> None:
    kept = facts(
        (
            "user",
            "Planning a 5-night trip to Iceland with my sister Lise, 3–8 March. "
            "Flying from Bristol.",
        ),
        ("assistant", "Good time for the northern lights."),
        ("user", "Change of dates. Lise's shifts changed, so we've moved it to 10–15 March."),
    )
    assert "User is planning a 5-night trip to Iceland with their sister Lise, 10–15 March." in kept
    assert not any("3–8 March" in line for line in kept)


def test_how_the_assistant_should_write_is_no_choice_of_the_users() -> None:
    kept = facts(
        (
            "assistant",
            "Dear Ms Hale, I am writing to resign.\n\n---\n\n"
            "Would you like me to mention the new school, or keep it vague?",
        ),
        ("user", "Keep it vague. And British spelling please."),
    )
    assert kept == ["User wants the assistant to use British spelling."]


def test_a_task_set_under_a_heading_is_not_what_was_settled() -> None:
    metrics = frozenset({"metrics"})
    assert label_line("Add StatsD metrics: enqueued, failed, retried, lag.", metrics) is None
    settled = label_line("Alerting metrics: p95 latency and queue lag only.", metrics)
    assert settled is not None
    assert settled.text == "Alerting metrics: p95 latency and queue lag only."


def test_a_budget_capped_instead_of_another_replaces_it() -> None:
    kept = facts(
        ("user", "Budget: about $4,000 for the two of us for everything — hotels, food, trains."),
        ("assistant", "That's workable."),
        (
            "user",
            "Bad news, the boiler died, so let's cap the trip at $3,200 for the two of us "
            "instead of $4,000.",
        ),
    )
    assert kept == ["User's budget is $3,200 for the two of them instead of $4,000."]


def test_a_diet_chosen_from_now_replaces_the_old_one() -> None:
    kept = facts(
        ("user", "diet q. im vegan but cheese is in EVERYTHING here. struggling"),
        ("assistant", "That's hard when travelling."),
        ("user", "ok im probably going to be vegetarian while im here. decided."),
    )
    assert kept == ["User is vegetarian now."]


def test_a_claim_sworn_in_jest_is_not_kept() -> None:
    kept = facts(("user", "typo. the repo is halden-api without the s. i'm a genius i swear"))
    assert not any("genius" in line for line in kept)


def test_a_quote_of_several_lines_is_someone_elses_text() -> None:
    kept = facts(
        (
            "user",
            'Can you help me apply? This is the job:\n\n"Payroll Assistant – Northgate Foods\n'
            'Part-time, Tuesday–Thursday, £13/hr\nRequirements: Sage Payroll; 1+ years."',
        )
    )
    assert not any("Part-time" in line or "Sage" in line for line in kept)


def test_every_time_said_before_the_verb_is_a_wish() -> None:
    kept = facts(("user", "Please every time correct my mistakes like this, it help me a lot."))
    assert kept == ["User wants the assistant to always correct their mistakes."]


def test_a_cancelled_date_and_its_new_date_move_the_plan() -> None:
    kept = facts(
        ("user", "I have exam on 12 March."),
        ("assistant", "Good luck!"),
        (
            "user",
            "Test centre call me, they cancel my exam on 12 March because of the storm. "
            "New date is 26 March.",
        ),
    )
    assert [line.split(" (as of")[0] for line in kept] == ["User has exam on 26 March"]
    alone = facts(
        ("user", "They cancel my exam on 12 March because of the storm. New date is 26 March.")
    )
    assert alone == ["User's exam moved from 12 March to 26 March."]


def test_one_word_shouted_after_its_subject_is_read_as_said() -> None:
    assert facts(("user", "I'm home. I PASSED my theory test! Certificate and all.")) == [
        "User passed their theory test."
    ]
    # (names in capitals stay names)
    assert facts(("user", "We use AWS and GCP.")) == ["The team uses AWS and GCP."]


def test_a_birthday_said_aside_is_kept_with_its_day() -> None:
    kept = facts(
        (
            "user",
            "I'd be away on my birthday otherwise, which is the 21st, and Tomas already has "
            "something planned.",
        )
    )
    assert kept == ["User's birthday is the 21st."]


def test_a_day_confirmed_under_a_heading_is_kept() -> None:
    kept = facts(("user", "book club dinner confirmed: thursday 4th june, the anchor, 8pm. phew"))
    assert kept == ["The book club dinner is confirmed for Thursday 4th June, the anchor, 8pm."]


def test_the_speakers_own_text_quoted_over_lines_is_still_read() -> None:
    kept = facts(
        (
            "user",
            'Here it is, short on purpose.\n\n"Thank you all for coming.\n\n'
            "Arthur Penrose was born two streets from here in 1941. He fixed every clock in "
            'the village."\n\nThat is all.',
        )
    )
    assert "Arthur Penrose was born two streets from here in 1941." in kept


def test_a_record_put_right_without_its_my_is_the_speakers() -> None:
    kept = facts(("user", "Sorry, typo — best time is 24:10, not 26:10. I'd cry at 26."))
    assert kept == ["User's best time is 24:10, not 26:10."]


def test_a_product_named_with_its_acronym_is_no_she() -> None:
    kept = facts(
        (
            "assistant",
            "A SIPP is the usual route. A Junior ISA is another option if she's under 18, "
            "though it locks the money away.",
        ),
        ("user", "She's 44 so no. I'll pass it on."),
    )
    assert not any(line.startswith("Junior") for line in kept)


def test_a_version_someone_bumped_mends_the_stack_line() -> None:
    kept = facts(
        ("user", "We're building a billing export. Stack is Node 20.11, Postgres, Fly.io."),
        ("assistant", "On Node 20.11 you get the built-in test runner."),
        ("user", "Just checked package.json: it's `node 20.15`, Priti bumped it last sprint."),
    )
    assert "The stack is Node 20.15, Postgres, Fly.io (not 20.11)." in kept


def test_a_balance_of_leave_is_not_kept() -> None:
    assert facts(("user", "I've got 4 days holiday left too.")) == []
    kept = facts(("user", "I've got two weeks' leave left which covers most of my notice."))
    assert kept  # what the leave is for stays


def test_the_letter_the_chat_helps_write_is_not_a_fact() -> None:
    kept = facts(
        ("user", "I need to write a polite complaint to my letting agent. I rent in Leith.")
    )
    assert kept == ["User rents in Leith."]
    dated = facts(("user", "I need to write a report for the trustees by Friday."))
    assert dated != []


def test_a_name_listed_as_a_part_is_the_speakers() -> None:
    kept = facts(("user", "Looks right. Add my name as maintainer: Ottilie Brandt. Thanks."))
    assert kept == ["User's name is Ottilie Brandt."]


def test_the_days_at_home_in_a_message_about_working_from_home() -> None:
    kept = facts(("user", "I'm WFH today (Tuesdays and Thursdays I'm at home) so I may go quiet."))
    assert kept == ["User works from home on Tuesdays and Thursdays."]
    assert facts(("user", "Tuesdays and Thursdays I'm at home.")) == []  # home, not work
