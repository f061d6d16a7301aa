"""Facts wrapped in other words: a question after them, a label before them, an aside.

Each case is a line from a realistic chat: "I'm coeliac, how hard is gluten
free going to be there?" states a condition before it asks; "food question - …"
labels what follows; "so this might be quick" and "and hope" close a fact
without adding to it. Older and second-language English says things its own
way ("I should like to know", "I have 31 years"), and a title is not a name.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


def test_a_statement_before_a_question_is_kept_and_the_question_is_not() -> None:
    said = (
        "perfect. food question - I'm coeliac, how hard is gluten free going to be there?"
        " and I don't eat meat, fish is fine"
    )
    assert facts(("user", said)) == ["User is coeliac.", "User doesn't eat meat, fish is fine."]
    assert facts(("user", "I'm a nurse, should I get the flu jab?")) == ["User is a nurse."]
    # half of a condition, or a plan put to the listener, states nothing
    assert facts(("user", "When I'm in Lisbon, where should I eat?")) == []
    assert facts(("user", "I'm thinking of going, what do you think?")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            'small thing - please don\'t put the "consult a doctor" line on everything',
            'User wants the assistant not to put the "consult a doctor" line on everything.',
        ),
        (
            "also pls just give me diffs going forward, not whole files, and skip the"
            " explanations unless i ask.",
            "User wants the assistant to give diffs, not whole files.",
        ),
        (
            "Paragraphs, please, not bullets!",
            "User wants the assistant to answer in paragraphs, not bullets.",
        ),
        (
            "skip the explanations unless i ask.",
            "User wants the assistant to skip the explanations unless they ask.",
        ),
        (
            "Would you be so good as to write to me in ordinary sentences and paragraphs, as one"
            " would in a letter?",
            "User wants the assistant to answer in ordinary sentences and paragraphs.",
        ),
    ],
)
def test_a_rule_for_the_answers_wrapped_in_other_words_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "great. oh and I forgot to tell you I didn't take the veltrix job in the end,"
            " I'm staying on as head nurse from January.",
            "User is staying on as head nurse from January.",
        ),
        (
            "quick one. our editor setup: i'm on zed now, switched from pycharm in september,"
            " and i miss the django run configs.",
            "User is on zed now, switched from pycharm in September.",
        ),
        (
            "cheers. ok off to walk Twig before it's dark, she's a retired greyhound and hates"
            " the rain so this might be quick",
            "Twig is a retired greyhound and hates the rain.",
        ),
        (
            "my asthma's awful with the dust. had to use the blue inhaler twice today",
            "User has asthma.",
        ),
        (
            "Also a letter from my GP, because the mould make my rhinitis very bad, I have allergic"
            " rhinitis since child.",
            "User has allergic rhinitis since child.",
        ),
        (
            "I was a geography master for thirty-one years at the grammar school here.",
            "User was a geography master for thirty-one years at the grammar school.",
        ),
    ],
)
def test_a_fact_with_an_aside_is_kept_without_it(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_an_offer_turned_down_and_a_goal_said_without_my_are_kept() -> None:
    said = (
        "great. oh and I forgot to tell you I didn't take the veltrix job in the end,"
        " I'm staying on as head nurse from January."
    )
    assert "User didn't take the veltrix job in the end." in facts(("user", said))
    assert facts(("user", "I didn't take the bus.")) == []
    assert "User's goal is under 2:10." in facts(("user", "I run 3x a week. goal is under 2:10."))
    said = "yes. also we're on postgres 15 so partial unique index is fine right"
    assert facts(("user", said)) == ["The team is on postgres 15."]


def test_staying_on_is_a_role_only_with_one() -> None:
    assert facts(("user", "I'm staying on for the weekend.")) == []


def test_an_age_said_as_years_one_has_is_an_age() -> None:
    said = "I am Thaís, I am from Belo Horizonte, in Brazil. I have 31 years."
    assert "User is 31." in facts(("user", said))
    assert not any("has 31 years" in line for line in facts(("user", said)))
    assert "User is 20." not in facts(("user", "I have 20 years left on the mortgage"))


@pytest.mark.parametrize(
    "said",
    [
        "I should like to know, in the simplest terms, what the first steps are.",
        "Margaret says she did not spend fifty years getting used to Yorkshire winters, and I"
        " should be lost without the Dales.",
        "Margaret and I talked it over last night, and we have no intention of doing so.",
        "Our neighbour, Mrs Pritchard, who is ninety-one, tells me she is moving into a care"
        " home in Knaresborough in the new year",
    ],
)
def test_an_older_writers_turns_of_phrase_are_no_facts(said: str) -> None:
    assert facts(("user", said)) == []


def test_should_with_a_deed_is_still_a_task() -> None:
    said = "I should call the solicitor on Monday about the deposit."
    assert facts(("user", said)) == [
        "User should call the solicitor on Monday about the deposit (as of 2026-03-02)."
    ]


def test_and_hope_closes_a_habit_without_a_verb_left_bare() -> None:
    stored = facts(("user", "And nutrition - I usually just eat a banana and hope."))
    assert not any("hope" in line for line in stored)


def test_a_terse_writer_gives_a_name_with_btw_anywhere_in_a_message() -> None:
    said = "mostly 2.4m sum 3m back on truck now ta im dez btw"
    assert facts(("user", said)) == ["User's name is Dez."]
    for state in ("ok im knackered btw", "im off btw", "im driving btw"):
        assert facts(("user", state)) == []


def test_a_habit_typed_without_its_i_or_its_stops_is_kept() -> None:
    said = "still see a physio every other wk at the dri ill ask her"
    assert facts(("user", said)) == ["User still sees a physio every other week at the dri."]
    assert facts(("user", "I see a physio tomorrow")) == []


def test_a_word_shouted_is_no_name_and_an_acronym_still_says_something() -> None:
    assert facts(("user", "I'm STILL CRYING")) == []
    assert facts(("user", "I'm MITI.")) == ["User is MITI."]
    assert facts(("user", "I've accepted my fate.")) == []


def test_what_happened_today_told_in_the_present_is_no_habit() -> None:
    for said in ("I read again the email.", "I work since 6 in the morning."):
        assert facts(("user", said)) == []
    assert facts(("user", "I work at Kiln Coffee since 2023.")) == [
        "User works at Kiln Coffee since 2023."
    ]


def test_a_new_thought_after_and_leaves_the_fact_whole() -> None:
    said = "I am living in Dublin since 2022 and this is the first time I have this problem."
    assert facts(("user", said)) == ["User is living in Dublin since 2022."]
    assert facts(("user", "I have a cat and it is called Milo.")) == ["User has a cat called Milo."]


def test_an_errand_said_to_the_other_person_is_not_the_users() -> None:
    chat = [
        Turn("assistant", "mum's side: auntie rana, uncle fadi + kids", "2025-08-20", "Kaz"),
        Turn("user", "don't forget the neighbours. mrs kaur would never forgive us", "2025-08-20"),
    ]
    assert not any("forget" in fact.text for fact in extract_facts(chat))
    said_to_an_assistant = facts(("user", "don't forget the neighbours for the party"))
    assert any("must not forget the neighbours" in line for line in said_to_an_assistant)


def test_the_name_to_sign_a_draft_with_is_the_users() -> None:
    said = "PR description time. sign it as me: Ilse Vermeulen, Team Billing"
    assert facts(("user", said)) == ["User's name is Ilse."]
    assert facts(("user", "sign it as the Billing team")) == []


def test_an_assistants_wish_that_ends_with_a_name_names_the_user() -> None:
    chat = [
        Turn("user", "ok pushing. the keyboard is a ZSA Voyager, typing is slow", "2025-11-12"),
        Turn(
            "assistant", "Splits take a week or two to get used to. Enjoy it, Ilse.", "2025-11-12"
        ),
        Turn("user", "thanks. Ilse Vermeulen, Team Billing goes under the PR", "2025-11-12"),
    ]
    assert identify_speakers(chat).user_name == "Ilse"
    chat[2] = Turn("user", "thanks. next the runbook", "2025-11-12")
    assert identify_speakers(chat).user_name is None  # one wish, a name never typed


def test_a_birthday_said_without_whose_or_through_a_pronoun_is_kept() -> None:
    said = "Flying from Bristol Thursday 20th Nov, back Tuesday 25th. Birthday is the 22nd."
    assert "User's birthday is the 22nd." in facts(("user", said))
    said = (
        "Dad isn't eighty-seven for much longer. His birthday is the 22nd of February and"
        " he'll be eighty-eight."
    )
    assert "User's dad's birthday is the 22nd of February." in facts(("user", said))


def test_a_dated_start_passed_on_from_whoever_set_it_is_kept() -> None:
    chat = [
        ("user", "my daughter Defne is 6."),
        (
            "user",
            "I tell everybody the new date. De Regenboog says Defne starts Monday 17 November now.",
        ),
        ("user", "and Defne arrives on Thursday evening."),
    ]
    stored = facts(*chat)
    assert "User's daughter Defne starts Monday 17 November now." in stored
    assert not any("arrives" in line for line in stored)  # a weekday is no date to keep


def test_allergies_listed_after_a_colon_a_sentence_later_are_one_line() -> None:
    said = "I'm allergic to a few things. the full list: peanuts, sesame, kiwi, and penicillin"
    assert facts(("user", said)) == ["User is allergic to peanuts, sesame, kiwi and penicillin."]
    assert facts(("user", "I'm allergic: nuts, kiwi and latex")) == [
        "User is allergic to nuts, kiwi and latex."
    ]


def test_an_older_writers_long_sentences_still_give_their_facts() -> None:
    said = (
        "My doctor tells me to keep an eye on it, as I have atrial fibrillation and take"
        " apixaban for it, and she says stress is not my friend."
    )
    assert facts(("user", said)) == ["User has atrial fibrillation and takes apixaban."]
    said = (
        "Helen is also, I discover, planning some sort of celebration for my eightieth"
        " birthday, which is on the fourth of March."
    )
    assert "User's birthday is the fourth of March." in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Currently I work as a barista in Kiln Coffee, in Smithfield.",
            "User works as a barista in Kiln Coffee, in Smithfield.",
        ),
        ("These days I work from home.", "User works from home."),
        (
            "Actually I work as a barista in a café, but I am architect in Brazil.",
            "User is an architect in Brazil.",
        ),
        ("I am student.", "User is a student."),
    ],
)
def test_second_language_english_is_read_as_meant(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_plan_cancelled_is_a_correction_of_the_plan() -> None:
    chat = [
        (
            "user",
            "booked a paddle course so i dont drown. paddle start at sprotbrough sat 15th nov",
        ),
        ("user", "cancelled the paddle course rota changed got nites on the 15th cant swap."),
    ]
    found = extract_facts([Turn(role, text, "2025-10-20") for role, text in chat])
    assert [(fact.tag, fact.text) for fact in found][-1] == (
        "correction",
        "User cancelled the paddle course.",
    )
    # a swap says what came instead, and stays whole
    assert facts(("user", "cancelled the ad200, got the ad300 pro instead.")) == [
        "User cancelled the ad200, got the ad300 pro instead."
    ]


def test_dream_replaces_a_booking_the_user_later_cancelled() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    summary: str | None = None
    chunks = [
        "booked a paddle course so i dont drown. paddle start at sprotbrough sat 15th nov",
        "cancelled the paddle course rota changed got nites on the 15th cant swap.",
    ]
    for day, said in enumerate(chunks, start=1):
        date = f"2025-10-{day:02d}"
        found = extract_facts([Turn("user", said, date)], previous_summary=summary)
        summary = render_answer(found)
        files, _ = merge_facts(files, entry_facts(summary, date))
    memory = "\n".join(files.values())
    assert "User cancelled the paddle course." in memory
    assert "booked a paddle course" not in memory


def test_one_named_option_scrapped_for_another_is_a_choice_with_no_talk_before() -> None:
    said = "ok scrap Piran, Cian won, we're doing Plitvice instead. I've accepted my fate."
    assert facts(("user", said)) == ["User chose Plitvice instead of Piran."]
    assert facts(("user", "scrap that, we're going with the blue one")) == []
