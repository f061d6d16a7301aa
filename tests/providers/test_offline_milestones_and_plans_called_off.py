"""Milestones told in the passive, slips put right mid-sentence, and plans given up.

Each case is a line a person really types: "I was made redundant in August", "my husband
and I were approved to adopt", "tonsils out tmrw", "my landlord is Keith — sorry,
Kevin"; a plan said one day and withdrawn another, which must leave memory saying
what is true now; and a friend's chat whose replies are short texts, not paragraphs.
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts
from reverie.providers.offline.corrections import typed_swap
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I was made redundant in August.", "User was made redundant in August."),
        ("I qualified as a paramedic in 2014.", "User qualified as a paramedic in 2014."),
        ("I got promoted to ward sister!", "User got promoted to ward sister."),
        (
            "I was accepted onto the PGCE at Bath Spa.",
            "User was accepted onto the PGCE at Bath Spa.",
        ),
        (
            "I'm having my gallbladder out on 3 March.",
            "User is having their gallbladder out on 3 March (as of 2026-03-02).",
        ),
    ],
)
def test_a_milestone_told_in_the_passive_is_kept(said: str, stored: str) -> None:
    assert facts(("user", said)) == [stored]


def test_an_offer_or_a_stay_in_hospital_is_not_a_milestone() -> None:
    # (an offer is often turned down: it is no step until taken)
    assert facts(("user", "I was offered the job at Deloitte.")) == []
    assert facts(("user", "I was admitted to hospital overnight.")) == []
    assert facts(("user", "I was offered a lift home.")) == []


def test_a_pair_that_opens_the_sentence_keeps_the_rest_of_it() -> None:
    said = facts(
        ("user", "My husband and I were approved to adopt last spring and we've told nobody yet.")
    )
    assert said == ["User and their husband were approved to adopt last spring."]


def test_terse_news_of_an_age_an_operation_and_years_in_a_place() -> None:
    assert facts(("user", "turning 40 on 2 may. no fuss pls"))[0] == (
        "User is turning 40 on 2 May (as of 2026-03-02)."
    )
    assert facts(("user", "ok. tonsils out tmrw. dreading it")) == [
        "User is having their tonsils out on 3 March 2026 (as of 2026-03-02)."
    ]
    assert facts(("user", "been in glasgow 11 yrs. still lost")) == [
        "User has been in glasgow 11 years."
    ]
    assert facts(("user", "I've lived here 9 years.")) == []  # where "here" is, nobody knows
    assert facts(("user", "dan and i played a best of 5 and i won 3-2!!")) == []


def test_a_name_or_a_number_said_wrong_then_right_keeps_only_the_right_one() -> None:
    assert facts(("user", "My landlord is Keith — sorry, Kevin, I always mix them up.")) == [
        "User's landlord is Kevin."
    ]
    said = facts(("user", "Our childminder is Jane, I mean Jayne, with a y, she's brilliant."))
    assert said[0] == "User's childminder is Jayne."


def test_her_as_the_object_before_a_day_is_the_person_not_their_possession() -> None:
    said = facts(
        ("user", "My accountant is Marta, she's Polish."), ("user", "I'll ring her tomorrow.")
    )
    assert "User will ring Marta on 3 March 2026 (as of 2026-03-02)." in said


def test_a_dislike_given_as_the_reason_for_a_request_is_kept() -> None:
    assert facts(("user", "I can't stand olives so none of those please")) == [
        "User can't stand olives."
    ]


def test_a_relative_arriving_on_a_day_is_kept_and_she_is_the_relative() -> None:
    assert facts(("user", "My brother flies home on 3 May.")) == [
        "User's brother flies home on 3 May (as of 2026-03-02)."
    ]
    said = facts(
        ("user", "My aunt is coming over from Manila, she lands 10 June and stays a month.")
    )
    assert "User's aunt lands 10 June and stays a month." in said


def test_an_application_withdrawn_replaces_the_line_that_said_it_was_made() -> None:
    files = dreamed(
        "I'm applying for a senior nurse post at Leeds General.",
        "Update: I withdrew my application for the nurse post, staying where I am.",
    )
    assert "User withdrew their application for the nurse post." in files
    assert "applying" not in files


def test_a_trip_cancelled_replaces_the_trip_and_other_plans_stay() -> None:
    files = dreamed(
        "We're going to Cornwall for Easter.",
        "I'm going to Glastonbury in June.",
        "We've cancelled the Cornwall trip, money's too tight.",
    )
    assert "User cancelled the Cornwall trip." in files
    assert "User is going to Cornwall" not in files
    assert "User is going to Glastonbury in June." in files


def test_a_sum_with_a_thousands_comma_is_corrected_whole() -> None:
    files = dreamed("I pay €1,400 a month for the flat.", "Sorry, the rent is €1,450, not 1,400.")
    assert "The rent is €1,450." in files
    assert "€1,450,400" not in files


def test_a_day_put_right_never_changes_a_count_of_minutes() -> None:
    line = "User lives in Leith, 5 minutes from the shore."
    assert typed_swap(line, "so now she lands 12 March, not 5") is None
    assert typed_swap("User's mum lands 5 March.", "so now she lands 12 March, not 5") == (
        "User's mum lands 12 March."
    )


def test_which_floor_one_lives_on_does_not_replace_the_town() -> None:
    files = dreamed("We live in Harrogate.", "We live on the second floor, no lift.")
    assert "User lives in Harrogate." in files


def test_praise_for_someone_the_user_named_does_not_name_the_user() -> None:
    # (a later chunk, where no line says who Ravi is, would store "User's name is Ravi.")
    turns = [
        Turn("user", "Can you help my son Ravi with his personal statement?", "2026-01-01"),
        Turn("assistant", "Of course. Well done, Ravi! Here is an outline: …", "2026-01-01"),
        Turn("user", "He finished it last night, can you check the end?", "2026-01-01"),
        Turn("assistant", "It reads well. Well done, Ravi!", "2026-01-01"),
    ]
    assert identify_speakers(turns).user_name is None
    turns[0] = Turn("user", "Can you help me with my personal statement? I'm Ravi.", "2026-01-01")
    assert identify_speakers(turns).user_name == "Ravi"


def _chat(*lines: str) -> list[Turn]:
    return [
        Turn("assistant" if line.startswith(">") else "user", line.lstrip("> "), "2025-10-01")
        for line in lines
    ]


def test_a_friend_texting_short_excited_lines_is_a_person() -> None:
    turns = _chat(
        "> JESS. Are you free",
        "yes what",
        "> I PASSED MY TEST",
        "> First time!! Examiner was terrifying!!",
        "no way!!! that's amazing",
        "> 12. Twelve minors. But a pass",
        "how many lessons did it take in the end",
        "> Mum's letting me borrow the Fiesta",
        "> Anyway how's the new job",
        "good, tiring. I'm on earlies all week",
        "> Proud of you",
        "> Drinks Friday?",
        "> Thanks for listening Jess. Night x",
    )
    found = identify_speakers(turns)
    assert found.other_is_person
    assert found.user_name == "Jess"


def test_someone_and_the_speaker_after_a_but_are_the_subject_together() -> None:
    said = facts(("user", "Long story but Marcus and I split up last week."))
    assert said == ["User and Marcus split up last week."]


def test_when_a_group_of_ones_own_meets_is_a_habit() -> None:
    said = facts(
        ("user", "Off to my book club — we meet every first Thursday, tonight it's Ishiguro.")
    )
    assert said == ["User's book club meets every first Thursday."]
    assert facts(("user", "we meet every first Thursday")) == []  # who "we" are, unsaid


def test_a_kind_of_colour_blindness_and_news_after_a_heads_up() -> None:
    assert facts(("user", "I'm red-green colourblind, so those charts are hard.")) == [
        "User is red-green colourblind."
    ]
    said = facts(
        ("user", "Also — heads-up for the next few weeks, our first baby is due 14 March.")
    )
    assert said == ["User's first baby is due 14 March (as of 2026-03-02)."]


def test_a_pup_from_a_litter_is_not_its_owner() -> None:
    said = facts(
        ("user", "My neighbour's spaniel had a litter and there was one left."),
        ("user", "Her name is Pepper and she's mine now!"),
    )
    assert not any("neighbour's name" in line for line in said)


def test_a_choice_to_keep_things_as_they_are_is_kept() -> None:
    assert facts(("user", "so I said no thank you. Staying freelance.")) == [
        "User is staying freelance."
    ]
    assert facts(("user", "I'm staying put at the hospice, the commute is fine.")) == [
        "User is staying put at the hospice."
    ]
    assert facts(("user", "I'm staying at the Premier Inn tonight.")) == []


def test_something_done_each_week_is_a_habit_and_a_plan_for_every_evening_is_not() -> None:
    said = facts(
        ("user", "I'm cycling in to Didcot now three days a week, and my knees are complaining.")
    )
    assert said == ["User is cycling in to Didcot now three days a week."]
    assert facts(("user", "I'm going to be in the shed every evening.")) == []
    assert facts(("user", "I'm thinking about it every day.")) == []


def test_asking_to_have_things_explained_simply_is_how_to_answer_but_one_question_is_not() -> None:
    said = facts(("user", "Please explain in simple words, the council letters confuse me."))
    assert said == ["User wants the assistant to use simple words."]
    assert facts(("user", "Can you explain in simple terms how a tracker mortgage works?")) == []


def test_a_dose_changed_corrects_the_dose_in_memory() -> None:
    files = dreamed(
        "I'm on sertraline 50mg every morning.",
        "Saw the GP. Changes:\n- sertraline up from 50mg to 100mg\n- review in six weeks",
    )
    assert "User is on sertraline 100mg now, not 50mg." in files
    assert "sertraline 50mg every morning" not in files
    said = facts(("user", "Dr Ahmed upped my lamotrigine to 200mg last week."))
    assert said == ["User is on lamotrigine 200mg now."]


def test_notice_handed_in_replaces_the_job_it_ends() -> None:
    files = dreamed(
        "I work Saturdays at a garden centre in Hove.",
        "I work at the university as a TA, six hours a week.",
        "Also I handed in my notice at the garden centre. Last Saturday is the 28th.",
    )
    assert "User handed in their notice at the garden centre." in files
    assert "User works Saturdays at a garden centre" not in files
    assert "university" in files


def test_a_trip_one_was_meant_to_take_then_cancelled_is_the_cancellation() -> None:
    said = facts(
        (
            "user",
            "We were meant to be going to my brother's in Galway for New Year but we've "
            "cancelled, the baby's due.",
        )
    )
    assert said[0] == "User cancelled going to their brother's in Galway for New Year."


def test_just_the_code_is_how_to_answer() -> None:
    assert facts(("user", "ye. just code pls no essays")) == [
        "User wants the assistant to give just the code, no essays."
    ]
    assert facts(("user", "I just code in Go these days.")) != [
        "User wants the assistant to give just the code."
    ]


def test_job_news_then_the_employer_and_the_title_in_bursts() -> None:
    assert facts(("user", "I GOT THE JOB! Arup!! Graduate engineer!!")) == [
        "User got the job at Arup as a graduate engineer."
    ]
    said = facts(("user", "I GOT THE JOB"), ("user", "Channel 4!! Junior designer!! Leeds!!"))
    assert said == ["User got the job at Channel 4 as a junior designer."]


def test_a_friend_called_by_a_short_name_is_named_in_full_when_shouted() -> None:
    turns = _chat(
        "> guess who got the flat",
        "oh tull. no way!! the one with the bay window?",
        "> yes!! moving in march",
        "thanks tull, for the photos",
        "> lol ok",
        "> also got promoted at work",
        "TULLY!!!! 🎉🎉",
        "> haha cheers",
    )
    assert identify_speakers(turns).other_name == "Tully"


def test_a_place_said_alone_after_news_names_no_one() -> None:
    turns = _chat(
        "> Found a flat!!! Morningside. Two bed. £950. Allows cats",
        "no way!! that's the posh bit right?",
        "> lol yes. tiny kitchen tho",
        "who cares, you've got a garden",
        "> haha ikr",
        "so jealous haha",
        "> omg and the landlord seems nice",
    )
    assert identify_speakers(turns).user_name is None


def test_a_budget_said_tersely_then_settled_on_is_corrected() -> None:
    said = facts(
        ("user", "Plan a week in Skye for us two. Budget about £2,000 all in."),
        ("assistant", "Here is a plan: …"),
        ("user", "And the budget — let's say £2,400, not £2,000."),
    )
    assert said == ["User's budget is £2,400, not £2,000."]


def test_a_condition_with_how_bad_it_is_is_kept() -> None:
    said = facts(("user", "I have early arthritis in my left hip, it's partly why I cycle."))
    assert said == ["User has early arthritis in their left hip."]


def test_a_habit_kept_up_named_by_its_days() -> None:
    said = facts(
        ("user", "I'm off work next week. Going to keep my Monday and Thursday runs though, 6am.")
    )
    assert said == ["User runs on Mondays and Thursdays, 6am."]
