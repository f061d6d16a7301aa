"""Lines that read like facts but are not: asked, tried on, handed over, or someone else's.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    "said",
    [
        # a question with a concession after the comma: the whole of it is asked
        "So I should book all three, even I dont need them?",
        "So I must fill every box, even if it's blank?",
        # an idea tried on before it is settled
        "My first instinct is to rebuild the index every night.",
        "My gut feeling is the cheaper van.",
        # the help asked for now
        "Hi. I want to ask help for my driving theory test.",
        # what it is for was said before
        "emails show as root. want my name",
    ],
)
def test_not_a_fact_of_the_user(said: str) -> None:
    assert not [line for line in facts(("user", said)) if line.startswith("User")]


def test_keep_it_short_said_of_the_next_piece_is_no_rule_for_answers() -> None:
    found = facts(
        ("user", "Great, that works. Now the changelog for Priya. Keep it tight, she skims.")
    )
    assert not any("answers" in line for line in found)


def test_keep_it_short_on_its_own_is_still_a_rule() -> None:
    assert "User wants the assistant to give short answers." in facts(
        ("user", "keep it short please, I'm on my phone")
    )


def test_a_cut_off_but_clause_is_not_kept_whole() -> None:
    found = facts(
        ("user", "Awful. I sing fine alone but anything in front of people and I freeze.")
    )
    assert not any(line.endswith("in front of people.") for line in found)


def test_he_is_not_a_plural_acronym() -> None:
    found = facts(
        ("user", "Should Dev open one too?"),
        ("assistant", "If he's eligible, two ISAs double the allowance. Is he under 40?"),
        ("user", "No, he's 44, so that's out."),
    )
    assert not any("ISAs" in line for line in found)


def test_she_is_not_someone_named_only_by_a_thing_of_theirs() -> None:
    found = facts(
        ("user", "Also my sister Nell is moving in with us in March."),
        ("assistant", "Noted. I can add a section quoting Harriet's rota rules if useful."),
        ("user", "Yes please. Also she's a paramedic, so nights are normal for her."),
    )
    assert not any(line.startswith("Harriet is a paramedic") for line in found)


def test_she_is_not_the_place_one_is_going_up_to() -> None:
    found = facts(
        ("user", "dad's hip op is on the 9th, I'm going up to Aberdeen on Sunday"),
        ("assistant", "how's he doing"),
        ("user", "he's been limping for a year and wouldn't see anyone"),
    )
    assert not any(line.startswith("Aberdeen") for line in found)


def test_a_step_said_back_from_a_list_of_steps_is_no_choice() -> None:
    steps = (
        "Try this each time:\n\n"
        "- Read the whole question twice: what is given, what is asked.\n"
        "- Never rush — a slow answer is better than a wrong one.\n"
        "- Check your units at the end."
    )
    found = facts(("assistant", steps), ("user", "Never rush. Ok. My tutor says the same."))
    assert not any(" chose " in line for line in found)


def test_an_option_picked_from_a_list_names_what_it_was_chosen_instead_of() -> None:
    options = "Three good fits:\n\n- **Plausible**\n- **Umami**\n- **Matomo**"
    found = facts(("assistant", options), ("user", "umami. i can host it myself"))
    assert "User chose Umami instead of Plausible or Matomo." in found


def test_an_essay_written_for_a_test_task_is_no_fact_of_the_writer() -> None:
    essay = (
        "For task 2 I choose option B.\n\n"
        "I think the town should build a bigger library. First, many children have no quiet "
        "place to study. I work in a school and I see this every day.\n"
        "Second, old people can read newspapers there. In conclusion, a library is better."
    )
    found = facts(("user", essay))
    assert not any("library" in line or "works in a school" in line for line in found)


def test_a_long_first_message_with_firstly_and_secondly_is_still_read() -> None:
    letter = (
        "Good evening. My name is Bernard Ollis and I am a retired engineer in Truro.\n\n"
        "Firstly, I should like some help with a letter. Secondly, my wife June and I "
        "are planning a trip to Orkney in May."
    )
    assert "User's name is Bernard Ollis." in facts(("user", letter))


def test_a_mind_changed_is_kept_as_what_is_wanted_now() -> None:
    found = facts(
        ("user", "changed my mind about dropbox. too pricey. want to use syncthing instead")
    )
    assert not any("changed their mind" in line for line in found)
