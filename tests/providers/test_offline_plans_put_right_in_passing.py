"""Plans and values put right in passing, and lines that only the talk around them explained.

A student's society trip "got cancelled", a planner's gathering "will now be on"
another Saturday, a learner's budget is "2000 euro. Not 1800.", a developer "was
on vs code for years but actually switched to Zed". Each puts a stored line
right. And some lines never stand alone: "the 10th of jan" names no girlfriend,
"because our Border terrier" names no dog, "telling my landlord, mabli,
everything" is a list, and "The team mocks the consumer." says nothing a month on.
"""

from __future__ import annotations

import pytest

from offline_facts import dreamed, facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.pronouns import resolve_pronouns
from reverie.providers.offline.quality import fit_fact
from reverie.providers.offline.salience import worth_keeping
from reverie.providers.offline.transcript import Turn


def test_a_trip_that_got_cancelled_replaces_the_trip() -> None:
    memory = dreamed(
        "we've got a society trip to kielder observatory on the 10th of jan anyway",
        "kielder is off. the society trip on the 10th got cancelled, theres a storm warning",
    )
    assert "User cancelled the society trip." in memory
    assert "kielder observatory" not in memory


@pytest.mark.parametrize(
    "said",
    [
        "our dinner at the Mooring has been called off",
        "The paddle course was cancelled because of the storm.",
    ],
)
def test_a_plan_cancelled_said_of_the_plan_is_a_correction(said: str) -> None:
    found = extract_facts([Turn("user", said, "2025-10-01")])
    assert [fact.tag for fact in found] == ["correction"]
    assert found[0].text.startswith("User cancelled ")


def test_a_value_put_right_in_a_sentence_of_its_own_mends_the_line() -> None:
    memory = dreamed(
        "My budget is 1800 euro per month, maximum.",
        "So he say we can pay until 2000 euro. Not 1800. Because 2 salary.",
    )
    assert "User's budget is 2000 euro per month, maximum." in memory
    assert "1800 euro per month" not in memory


def test_what_holds_now_after_but_actually_is_kept_apart() -> None:
    said = (
        "I was on vs code with godot-tools for years but actually I switched to Zed in november."
        " the LSP connects but go-to-definition is flaky"
    )
    assert facts(("user", said)) == ["User switched to Zed in November."]


def test_a_date_that_will_now_be_is_where_the_plan_stands() -> None:
    said = (
        "Having spoken to Ros and to Brenda, the gathering will now be on Saturday 27th"
        " September. Everyone has agreed."
    )
    kept = facts(("user", said), date="2025-07-16")
    assert kept == ["The gathering will be on Saturday 27th September (as of 2025-07-16)."]
    # the date of what, only the talk before said
    assert facts(("user", "The date we have settled on is Saturday 20th September.")) == []


def test_a_month_beside_its_day_is_nobody_she_could_be() -> None:
    chat = [
        ("user", "we've got a society trip to kielder observatory on the 10th of jan"),
        ("assistant", "Kielder on 10 Jan for the big scopes and proper dark skies."),
        ("user", "maya's coming too, shes my girlfriend, she does physics"),
    ]
    kept = facts(*chat)
    assert "User's girlfriend is Maya." in kept
    assert not any(line.startswith(("Jan ", "Kielder is")) for line in kept)


def test_the_name_just_said_in_lower_case_is_who_he_is() -> None:
    chat = [
        ("assistant", "course. priya's gonna stay home tho"),
        ("user", "understandable. ollie cant come either, he's on nights all weekend"),
    ]
    assert facts(*chat) == ["Ollie is on nights all weekend."]


def test_a_joining_word_or_a_list_item_is_no_name() -> None:
    said = "It is dog-friendly, which matters, because our Border terrier, Hamish, goes with us."
    assert facts(("user", said)) == ["User has a terrier called Hamish."]
    listed = "work permit, flat, flights, telling bayside, telling my landlord, mabli, everything"
    assert facts(("user", listed)) == []
    assert facts(("user", "my landlord, Mabli, is lovely")) == ["User's landlord is Mabli."]


@pytest.mark.parametrize(
    ("said", "rule"),
    [
        (
            "Please use easy English and short sentence for me.",
            "User wants the assistant to use easy English and short sentences.",
        ),
        (
            "If you use difficult word, explain in bracket please.",
            "User wants the assistant to explain difficult words in brackets.",
        ),
    ],
)
def test_a_learners_wish_for_plain_answers_is_a_rule(said: str, rule: str) -> None:
    assert rule in facts(("user", said))


@pytest.mark.parametrize(
    "line",
    [
        "The team mocks the consumer.",
        "The team converts in the schema.",
        "The team reads from a replica.",
        "User just likes the pretty colours.",
        "User sometimes cooks together.",
        "User likes the idea of a harpist in principle.",
    ],
)
def test_a_line_only_the_talk_explained_is_not_kept(line: str) -> None:
    assert not worth_keeping(line)


@pytest.mark.parametrize(
    "line",
    [
        "The team uses uv for deps.",
        "The team uses terraform for infra.",
        "The team is moving off datadog.",
        "The team is not doing delivery apps.",
        "User likes the idea of leaving a strip long for the bees.",
        "User and Maya cook together on Sundays.",
    ],
)
def test_a_line_that_names_its_thing_is_kept(line: str) -> None:
    assert worth_keeping(line)


def test_a_when_after_and_starts_a_clause_of_its_own() -> None:
    said = "im vegetarian and during exams i literally live on toast"
    assert facts(("user", said)) == ["User is vegetarian."]


def test_a_housemates_diet_leaves_the_users_alone() -> None:
    memory = dreamed(
        "im vegetarian and during exams i literally live on toast",
        "my housemate jess is vegan so we sometimes cook together",
    )
    assert "User is vegetarian." in memory
    assert "User's housemate jess is vegan." in memory
    # the user's own new diet still replaces the old one
    assert "User is vegetarian." not in dreamed("I'm vegetarian", "actually I'm vegan now")


def test_a_suggestion_turned_down_keeps_what_the_speaker_does_instead() -> None:
    assert facts(("user", "nah i already use anki for flashcards")) == [
        "User already uses anki for flashcards."
    ]
    assert facts(("user", "nope, I just use a paper diary")) == ["User just uses a paper diary."]


def test_a_date_said_instead_of_another_replaces_it() -> None:
    memory = dreamed(
        "start date is 10th november so i have like 2 months",
        "i start the 17th instead of the 10th",
    )
    assert "User starts the 17th instead of the 10th." in memory
    assert "10th November" not in memory


def test_someone_named_after_and_starts_a_clause_of_their_own() -> None:
    said = (
        "also totally unrelated but my 21st is on the 3rd of march and maya is planning something"
    )
    assert facts(("user", said), date="2026-01-11") == [
        "User's 21st is on the 3rd of March (as of 2026-01-11)."
    ]
    assert facts(("user", "I work in Leeds and Tom is a nurse")) == [
        "User works in Leeds.",
        "Tom is a nurse.",
    ]
    # an everyday word or a thing in capitals after "and" is nobody
    said = "I entered the painting of the cow and Calf has been accepted for the show"
    assert not any(line.startswith("Calf") for line in facts(("user", said)))


def test_she_after_a_list_is_not_the_relation_named_in_it() -> None:
    listed = "work permit, flat, flights, telling bayside, telling my landlord, mabli, everything"
    assert resolve_pronouns(["she hates the car"], context=[(listed, "User")]) == [
        "my landlord hates the car"
    ]
    assert resolve_pronouns(["she hates the car"], context=[("my landlord, mabli", "User")]) == [
        "Mabli hates the car"
    ]


def test_here_stays_where_it_says_where_from() -> None:
    assert fit_fact("Peggy Owen was born a mile from here in 1936.") == (
        "Peggy Owen was born a mile from here in 1936."
    )
    assert fit_fact("User lives here in Leeds.") == "User lives in Leeds."
