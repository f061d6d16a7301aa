"""Facts said in passing, and hedges that look like facts.

Each case is a line from a realistic chat: a town named while talking about
something else, a town answering the first of several questions, a role in
brackets, a weekly habit, a polite wish about the answers, a dialect "aye"
that is no name, "I'm afraid" that is no fear, "keep it simple" said of the
work rather than of the answers.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "The house here in Shrewsbury is in both our names, so that part is simple.",
            "User lives in Shrewsbury.",
        ),
        (
            "it picks up at the end of my street, perks of living in broughty ferry",
            "User lives in Broughty Ferry.",
        ),
    ],
)
def test_a_home_said_in_passing_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    "said",
    [
        "the hotel here in Lisbon is lovely, day 3 of the holiday",
        "Declan is home in July and we shall all talk it over properly then.",
    ],
)
def test_a_trip_or_a_visit_is_not_a_home(said: str) -> None:
    assert not any("lives in" in line for line in facts(("user", said)))


def test_a_town_first_answers_the_first_of_several_questions() -> None:
    asked = (
        "A few questions:\n1. Where are you based? (Local job market matters.)\n"
        "2. Can you afford to stop working for a while?\n3. What have you learned so far?"
    )
    said = "adelaide. I work 4 days a week at a clinic in Norwood."
    assert "User lives in Adelaide." in facts(("assistant", asked), ("user", said))
    # several fragments at once: which answers which, no rule can say
    listed = facts(("assistant", asked), ("user", "tariq. 23. sheffield."))
    assert not any("lives in Tariq" in line for line in listed)


def test_whereabouts_are_you_is_answered_by_a_town() -> None:
    asked = "The board can be saved. Where about are you? Shipping matters for parts."
    assert "User lives in Tampere." in facts(("assistant", asked), ("user", "tampere. finland"))


def test_im_afraid_is_a_hedge_not_a_fear_or_a_name() -> None:
    said = "A different subject today, I'm afraid, and a more personal one."
    assert facts(("user", said)) == []


def test_keep_it_simple_is_said_of_the_work_keep_it_short_of_the_answers() -> None:
    assert facts(("user", "nah, the pin is enough. keep it simple")) == []
    assert facts(("user", "keep it short pls")) == [
        "User wants the assistant to give short answers."
    ]


def test_options_still_weighed_are_no_arrangement() -> None:
    assert facts(("user", "flights. two options realistically")) == []
    assert facts(("user", "flights. edinburgh to venice. 9 april")) != []


def _chat(user_lines: list[str], other_lines: list[str]) -> list[Turn]:
    turns: list[Turn] = []
    for mine, theirs in zip(user_lines, other_lines, strict=True):
        turns += [Turn("user", mine, "2025-09-08"), Turn("assistant", theirs, "2025-09-08")]
    return turns


def test_aye_is_a_yes_not_the_other_persons_name() -> None:
    chat = _chat(
        ["aye. the cathedral said probably", "aye, best first night back", "aye the coach is fine"],
        ["omg!! that's not a yes", "the hall was freezing lol", "ok venice it is"],
    )
    assert identify_speakers(chat).other_name is None


def test_a_lower_case_writer_names_the_other_person_without_a_capital() -> None:
    mine = [
        "welcome hame inês 😂 the haar rolled in for you",
        "in your dreams, inês",
        "i'm bringing two. night inês",
        "the coach picks up at the end of my street",
        "we've got 3 vegetarians and 1 vegan",
        "the tenors are being tenors again",
        "moira doesn't like sauces. obviously",
        "coach company says the 9th works",
        "flights are booked. finally",
        "rehearsal tuesday as usual",
    ]
    theirs = ["HAMISH. i'm back!!", "lol ok", "night night", "nice", "noted", "as always"]
    theirs += ["of course", "yay", "finally!!", "see you there"]
    assert identify_speakers(_chat(mine, theirs)).other_name == "Inês"


def test_one_greeting_that_ends_a_message_names_the_other_person_in_a_chunk() -> None:
    theirs = ["HAMISH. i'm back!!", "lol ok", "night night"]
    mine = ["rehearsal tuesday as usual", "tenors being tenors", "i'm bringing two. night inês"]
    assert identify_speakers(_chat(mine, theirs)).other_name == "Inês"
    # a greeting word that names a thing ("night safari") names nobody
    mine = ["best 10 days. night safari. botanic gardens.", "rehearsal tuesday", "ok fine"]
    assert identify_speakers(_chat(mine, theirs)).other_name is None


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("sigh. let me talk to sanne (our cto)", "Sanne is the CTO."),
        ("the CFO (pieter) is on holiday the week after", "Pieter is the CFO."),
        ("Asked Marco (our ERP DBA). Backups run at 2.", "Marco is the ERP DBA."),
        ("aiko (our frontend dev) is asking about graphql", "Aiko is the frontend dev."),
    ],
)
def test_a_role_in_the_team_said_in_brackets_names_who_holds_it(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_when_someone_can_be_reached_is_kept_only_as_a_habit() -> None:
    said = "btw i'm offline after 17:30 most days, daycare pickup. if i go quiet thats why"
    assert any(
        line.startswith("User is offline after 17:30 most days") for line in facts(("user", said))
    )
    assert "User is off on Mondays." in facts(("user", "I'm off on Mondays"))
    assert facts(("user", "I'm free on Friday.")) == []


def test_a_weekly_habit_said_as_what_one_is_doing_is_kept() -> None:
    said = "I'm going to a bereavement group at St Chad's on Thursday afternoons now."
    assert facts(("user", said)) == [
        "User goes to a bereavement group at St Chad's on Thursday afternoons."
    ]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "If you could keep things in plain English I would be very grateful.",
            "User wants the assistant to use plain English.",
        ),
        (
            "fyi I like it when you give me the fixed code first and then explain, like you did.",
            "User wants the assistant to give the fixed code first and then explain.",
        ),
    ],
)
def test_a_polite_wish_about_the_answers_is_a_rule(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_a_condition_said_by_how_it_is_today_is_a_condition_one_has() -> None:
    said = "My arthritis is playing up in my hands tonight so I shall stop at page five."
    assert facts(("user", said)) == ["User has arthritis."]


def test_home_said_by_how_far_things_are_and_a_course_under_way() -> None:
    said = (
        "I'm in Levenshulme so honestly Oxford Road is easy, Wythenshawe is a trek but fine."
        " and I'm partway through Deafblind guide/communicator training, finishing in october"
    )
    stored = facts(("user", said))
    assert "User lives in Levenshulme." in stored
    assert (
        "User is partway through Deafblind guide/communicator training, finishing in October."
        in stored
    )
    assert not any("Oxford Road" in line for line in stored)
    assert facts(("user", "I'm halfway through the book.")) == []


@pytest.mark.parametrize(
    "said",
    ["40 years old and still technically small", "the cat? absolutely not, i'm allergic, ugh"],
)
def test_an_age_said_without_whose_or_an_allergy_to_nothing_said_is_no_fact(said: str) -> None:
    assert facts(("user", said)) == []


# A rule for every answer, or a need that shapes every answer, said in passing.
@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "My English is not perfect haha, so please write simple, not difficult words.",
            "User wants the assistant to use simple words.",
        ),
        (
            "please use UK spelling throughout, it's going on NHS jobs",
            "User wants the assistant to use UK spelling.",
        ),
        (
            "Be blunt please, I don't want nice, I want good.",
            "User wants the assistant to be blunt in answers.",
        ),
        (
            "I find long bullet lists hard to follow; I prefer things explained in ordinary"
            " paragraphs, as you would in a letter.",
            "User wants the assistant to answer in ordinary paragraphs.",
        ),
        (
            "Paragraphs please, not bullets!",
            "User wants the assistant to answer in paragraphs, not bullets.",
        ),
        (
            "yes please, compose + dockerfile. full files please, not diffs, I copy-paste them",
            "User wants the assistant to answer in full files, not diffs.",
        ),
        ("bar pls not psi. metric for everything", "User wants the assistant to use bar, not psi."),
        (
            'I would be grateful if you could use Canadian spelling ("colour") in anything you'
            " draft for me.",
            "User wants the assistant to use Canadian spelling.",
        ),
        (
            "My English is not so good for writing, please write simple for me.",
            "User wants the assistant to use simple words.",
        ),
        ("also im colour blind. red green. so dont say 'the red wire'", "User is colour blind."),
        (
            "I should mention that I have carpal tunnel syndrome in my right wrist.",
            "User has carpal tunnel syndrome in their right wrist.",
        ),
        (
            "pls only give me diffs or the changed function, not whole files. i hate scrolling",
            "User wants the assistant to give only diffs or the changed function, not whole files.",
        ),
        (
            "Before you answer: keep it short, and give me YAML rather than UI steps",
            "User wants the assistant to give short answers.",
        ),
        (
            "And please stop using so many bullet points, I'm reading all this on my phone.",
            "User wants the assistant to use fewer bullet points.",
        ),
        (
            "tbh can you do code first, then a line or two of explanation max? I skim",
            "User wants the assistant to give the code first, then a line or two of explanation"
            " max.",
        ),
        ("code first please", "User wants the assistant to give the code first."),
        (
            "I'd like to see the workings please, forty years of teaching has rubbed off on me.",
            "User wants the assistant to show the workings.",
        ),
        (
            "been writing rust ~4 yrs so pls skip the basics.",
            "User wants the assistant to skip the basics.",
        ),
        (
            "Please give me the pronunciation for everything, I'm a beginner.",
            "User wants the assistant to give the pronunciation for everything.",
        ),
        (
            "can you answer in English? I need the practice",
            "User wants the assistant to answer in English.",
        ),
        (
            "another preference: stop giving me three options every time. just recommend one",
            "User wants the assistant to recommend one option, not several.",
        ),
    ],
)
def test_a_rule_or_a_need_for_every_answer_said_in_passing_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))
