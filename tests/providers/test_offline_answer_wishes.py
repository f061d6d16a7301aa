"""How every answer should look, asked the ways people really ask it.

A retired planner asks formally ("may I ask that you number your answers …"),
a student mid-rant ("pls dont do motivational quotes at me lol"), an engineer
in three words ("less talking, more yaml"). Each is a rule for every answer and
lands in SOUL.md; a request that names no part of an answer stays out.
"""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts, render_answer
from reverie.providers.offline.transcript import Turn


@pytest.mark.parametrize(
    ("said", "line"),
    [
        (
            "Thank you. Plain numbered or lettered lists, please.",
            "User wants the assistant to use plain numbered or lettered lists.",
        ),
        (
            "oh and please put the pronunciation in brackets after each phrase, I can't read"
            " italian spelling yet",
            "User wants the assistant to put the pronunciation in brackets after each phrase.",
        ),
        (
            "and pls dont do motivational quotes at me lol i saw one coming",
            "User wants the assistant not to do motivational quotes.",
        ),
        (
            "ok that's much better. 2 things: less talking, more yaml.",
            "User wants the assistant to answer with less talking, more yaml.",
        ),
        (
            "write it up. british english please, it goes to the ops director",
            "User wants the assistant to use British English.",
        ),
        (
            "Can you please use more easy English? Short sentence.",
            "User wants the assistant to use more easy English.",
        ),
        (
            "One small request: would you kindly stop using those little tick boxes and symbols"
            " in your lists? I print these out for Malcolm.",
            "User wants the assistant to stop using tick boxes and symbols in the lists.",
        ),
    ],
)
def test_a_wish_about_every_answer_is_kept_as_a_rule(said: str, line: str) -> None:
    assert line in facts(("user", said))


def test_two_wishes_asked_formally_become_one_order_in_soul() -> None:
    said = (
        "Before we go further, may I ask that you number your answers to correspond with my"
        " questions, as you have done here, and that you use British spelling throughout."
    )
    files = {"USER.md": "# User\n", "SOUL.md": "# Soul\n", "memory/MEMORY.md": "# Memory\n"}
    found = extract_facts([Turn("user", said, "2025-09-02")])
    files, _ = merge_facts(files, entry_facts(render_answer(found), "2025-09-02"))
    assert (
        "- Number the answers to correspond with their questions, and use British spelling"
        " throughout." in files["SOUL.md"].splitlines()
    )


@pytest.mark.parametrize(
    "said",
    [
        "please put the bins out after each collection",
        "less sugar, more fibre.",
        "Two coffees, please.",
        "may I ask that you call the venue on Monday?",
    ],
)
def test_a_request_that_names_no_part_of_an_answer_is_no_rule(said: str) -> None:
    assert not [line for line in facts(("user", said)) if "assistant" in line]
