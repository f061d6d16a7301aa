"""Asides that hold no fact, and answers given in few words.

Each case is a line from a realistic chat. What the speaker says around a fact
stays out: a condition ("as long as im back by the 5th"), a slip owned up to
("I read wrong"), time gained ("I have a week more than I thought"), an idea
put forward that the talk went on to take or leave. What is said in few words
is read whole: "General Employment Permit." answers which permit, "3rd yr
pharmacy at cardiff" is a student's year, "she has 7 years" an age.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.speakers import identify_speakers
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    "said",
    [
        "anyway my news is less exciting.",
        "the kitchen is 1987",
        "ok so I have a week more than I thought",
        "no wait, the 16th not the 14th. we actually booked the 16th",
        "Please do not take this as a plan.",
        "No sorry, €58. I read wrong, my eyes are tired after the kitchen.",
        "But my english is also not perfect.",
        "I would like a summary. I am starting to lose track.",
        "We are buying the port. Alistair has been outvoted.",
        "Alistair has paid. Fiona will transfer hers at the end of March, as agreed.",
        "Senhor Teixeira proposes a menu: caldo verde, then roast kid, then a chocolate cake.",
        "devika owns that file, I'll send her this as a starting point",
        "she says as long as im back by the 5th and i dont eat a full breakfast every day",
    ],
)
def test_an_aside_around_the_talk_is_no_fact(said: str) -> None:
    kept = facts(("user", said))
    assert not [line for line in kept if "corrected" not in line], kept


def test_the_pets_of_others_are_not_the_users_family() -> None:
    said = [
        ("user", "mum'll want me to do nothing but eat so factor that in lol"),
        ("user", "jodie's cat is sitting on my notes rn"),
        ("user", "shes called mochi and she has zero respect for pharmacology"),
    ]
    assert not [line for line in facts(*said) if "Mochi" in line]
    # one's own, named after it, is still the user's
    own = [("user", "Also, Pickles. My cat. He is 14 and very fat.")]
    assert "Pickles is 14 and very fat." in facts(*own)


def test_a_word_drawn_out_is_not_a_name() -> None:
    chat = [
        Turn("user", "I GOT THE INVERNESS JOB 😭😭😭", None),
        Turn("assistant", "WHATTT", None),
        Turn("assistant", "shut upppp", None),
        Turn("user", "yesss senior physio", None),
        Turn("assistant", "TASH", None),
        Turn("assistant", "ITS A GIRL", None),
        Turn("user", "I KNEW IT", None),
        Turn("assistant", "tash can i ask u something", None),
    ]
    assert identify_speakers(chat).user_name == "Tash"
    assert "User's name is What." not in [fact.text for fact in extract_facts(chat)]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "A few points in reply, and it would help me enormously if you could number your "
            "answers to correspond with my questions, as you did above; I print these out.",
            "User wants the assistant to number the answers to correspond with their questions.",
        ),
        (
            "Incidentally, I would find it helpful if, at the end of each of your answers from "
            "now on, you gave me a two-line summary of what has been decided.",
            "User wants the assistant to give a two-line summary of what has been decided at "
            "the end of each answer.",
        ),
        (
            "ground rules: give me diffs, not whole files.",
            "User wants the assistant to give diffs, not whole files.",
        ),
        (
            "Also in the future please always answer me in simple english and short sentences, "
            "because sometimes I use the translator.",
            "User wants the assistant to use simple English and short sentences.",
        ),
    ],
)
def test_a_wish_for_every_answer_said_as_a_condition_is_a_rule(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_wish_about_one_thing_is_no_rule() -> None:
    assert facts(("user", "I'd appreciate it if you could check my CV")) == []


@pytest.mark.parametrize(
    ("turns", "kept"),
    [
        (
            [
                (
                    "assistant",
                    "Do you have a General Employment Permit or a Critical Skills permit?",
                ),
                ("user", "General Employment Permit. Stamp 1. Is the second renewal."),
            ],
            "User has a General Employment Permit.",
        ),
        (
            [("user", "Mateo, my son, he has 3 years. He can go to school also?")],
            "User's son Mateo is 3.",
        ),
        ([("user", "I have 31 years.")], "User is 31."),
        (
            [("user", "We have GP, Dr. Hennessy. She is my doctor also, for my gastritis.")],
            "User has gastritis.",
        ),
        (
            [("user", "3rd yr pharmacy at cardiff")],
            "User is a 3rd year pharmacy student at cardiff.",
        ),
        (
            [("user", "final year law student at Leeds")],
            "User is a final year law student at Leeds.",
        ),
        (
            [("user", "ok so exams are in jan. pharmacology on the 12th and med chem on the 19th")],
            "User's med chem exam is on 19 January.",
        ),
        (
            [("user", "my exams are in May: maths on the 3rd, physics on the 9th")],
            "User's physics exam is on 9 May.",
        ),
        (
            [("user", "flying bristol to bari on 14 may, back on the 21st.")],
            "User is flying bristol to bari on 14 May, back on the 21st (as of 2026-03-02).",
        ),
        (
            [("user", "like properly, i have a brown inhaler and everything")],
            "User has a brown inhaler.",
        ),
    ],
)
def test_an_answer_in_few_words_is_read_whole(turns: list[tuple[str, str]], kept: str) -> None:
    assert kept in facts(*turns)


def test_an_option_named_in_part_is_not_chosen() -> None:
    asked = ("assistant", "Do you have a General Employment Permit or a Critical Skills permit?")
    assert facts(asked, ("user", "general, I think")) == []


def test_a_name_said_in_lower_case_with_its_possessive_counts_as_said() -> None:
    said = [
        ("user", "we eat loads of tomatoes, partner nadia wants herbs."),
        ("user", "nadia's nonna is from lecce originally"),
        ("user", "nadia's warned me about the food"),
    ]
    assert "User's partner is Nadia." in facts(*said)


def test_a_day_put_right_later_replaces_the_exam_written_with_its_month() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    listed = "ok so exams are in jan. pharmacology on the 12th and med chem on the 19th"
    found = extract_facts([Turn("user", listed, "2025-11-20")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-11-20"))
    assert "User's pharmacology exam is on 12 January." in files["USER.md"]
    # a week later, in another chunk of the talk: "the 12th" is the "12 January" stored
    put_right = "no wait pharmacology is the 14th not the 12th. just checked the portal"
    found = extract_facts([Turn("user", put_right, "2025-11-27")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-11-27"))
    everything = "".join(files.values())
    assert "12 January" not in everything
    assert "the 14th" in everything
    assert "User's med chem exam is on 19 January." in files["USER.md"]


def test_an_age_put_right_with_no_sorry_mends_the_age_just_given() -> None:
    said = (
        "My daughter is Valentina, she has 7 years. No sorry, she has 8, she make 8 years in"
        " October, I always forget jaja."
    )
    kept = facts(("user", said))
    assert "User's daughter Valentina is 8." in kept
    assert not [line for line in kept if " 7" in line]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I am practice manager at Balmore Park Surgery in Caversham and the partners like a"
            " long lead time.",
            "User is a practice manager at Balmore Park Surgery in Caversham.",
        ),
        ("I GOT THE INVERNESS JOB 😭😭😭", "User got the Inverness job."),
        ("i can't do dairy without feeling rough", "User can't have dairy without feeling rough."),
        (
            "Yeah not respinning, Tom would murder me (he's our hardware guy), DVT boards are"
            " already ordered.",
            "Tom is the team's hardware guy.",
        ),
    ],
)
def test_a_fact_said_plainly_under_its_chat_dress_is_kept(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_bare_day_answering_when_one_starts_is_when_one_starts() -> None:
    # between two people, asked without a question mark
    chat = [
        Turn("user", "I GOT THE INVERNESS JOB", None),
        Turn("assistant", "WHATTT. proud of u tash", None),
        Turn("assistant", "when do u start", None),
        Turn("user", "5th jan. so like 9 weeks to sort my whole life out. totally fine.", None),
    ]
    assert "User's start date is 5th Jan." in [fact.text for fact in extract_facts(chat)]
    asked = ("assistant", "Great news! When do you start the new job?")
    assert "User starts the new job on 5th Jan." in facts(asked, ("user", "5th jan."))
    # a day that is not the answer's whole is no start date
    assert not [
        line for line in facts(asked, ("user", "not sure, maybe 5th jan")) if "starts" in line
    ]


def test_a_start_date_answered_bare_gives_way_to_the_date_it_moves_to() -> None:
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    asked = Turn("assistant", "Congrats! When do you start?", "2025-11-01")
    found = extract_facts([asked, Turn("user", "5th jan.", "2025-11-01")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-11-01"))
    assert "User's start date is 5th Jan." in files["USER.md"]
    moved = Turn("user", "start date is now the 12th of jan not the 5th", "2025-11-20")
    files, _ = merge_facts(files, entry_facts(render_answer(extract_facts([moved])), "2025-11-20"))
    assert "5th Jan" not in files["USER.md"]
    assert "12th of Jan" in files["USER.md"]


def test_a_named_persons_part_of_the_work_is_kept() -> None:
    said = [
        ("user", "ok let's go FCB for the log. Anjali does the Flutter app, she'll hate me"),
        ("user", "we do MCUboot over BLE from Anjali's Flutter app"),
    ]
    assert "Anjali does the Flutter app." in facts(*said)
