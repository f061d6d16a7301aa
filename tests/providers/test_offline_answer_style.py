"""Rules for the answers asked in passing: "shorter answers pls", "in km pls not miles"."""

from __future__ import annotations

import pytest

from offline_facts import facts

_ASKED_AI = (
    ("user", "I have a question about running"),
    ("assistant", "Sure, go ahead."),
    ("user", "its about training"),
    ("assistant", "What would you like to know?"),
)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("ok. also in km pls not miles. always", "User wants the assistant to use km, not miles."),
        ('dont need the "see a doctor" stuff btw.', 'User wants no "see a doctor" advice.'),
        (
            "on nights no caffeine after 3am. my rule.",
            "User's rule: on nights no caffeine after 3am.",
        ),
        ("no phones at dinner. house rule.", "User's rule: no phones at dinner."),
        (
            "done! oh and please don't ever suggest instagram ads to me, I tried them in 2024",
            "User wants the assistant to never suggest instagram ads.",
        ),
        (
            "also pls don't give me docker desktop or snap stuff, i'm on ssh only",
            "User wants the assistant to never suggest docker desktop or snap.",
        ),
        (
            "and use british spelling pls, the last version had 'specialized'",
            "User wants the assistant to use British spelling.",
        ),
        (
            "my English is not so good, so please use simple English and short sentence. Is ok?",
            "User wants the assistant to use simple English and short sentences.",
        ),
        (
            "Would you mind answering me in ordinary paragraphs, like a letter?",
            "User wants the assistant to answer in ordinary paragraphs.",
        ),
    ],
)
def test_units_things_to_leave_out_and_own_rules_are_kept(said: str, kept: str) -> None:
    assert kept in facts(*_ASKED_AI, ("user", said))


@pytest.mark.parametrize(
    "said",
    ["i dont need any more stuff", "what is the rule? my rule.", "please don't suggest that again"],
)
def test_needing_nothing_more_or_a_question_is_no_rule(said: str) -> None:
    assert facts(*_ASKED_AI, ("user", said)) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("shorter answers pls. reading on the bus", "give shorter answers."),
        (
            "reading long stuff is hard so can you keep stuff short and in bullets pls",
            "give short answers, in bullet points.",
        ),
        ("also pls keep answers short, im reading one handed with a baby", "give short answers."),
        ("can you keep it short tho. like bullet points.", "give short answers."),
        ("dont need long answers btw. short is fine", "give short answers."),
        (
            "keep answers short, bullet points if you can",
            "keep answers short, bullet points if the assistant can.",
        ),
    ],
)
def test_how_long_answers_should_be_is_a_rule_however_it_is_asked(said: str, kept: str) -> None:
    assert f"User wants the assistant to {kept}" in facts(*_ASKED_AI, ("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("pls no long paragraphs btw im reading this between lectures", "no long paragraphs."),
        ("I don't need the safety warnings", "no safety warnings."),
    ],
)
def test_a_part_of_answers_to_leave_out_is_a_rule(said: str, kept: str) -> None:
    assert f"User wants {kept}" in facts(*_ASKED_AI, ("user", said))


@pytest.mark.parametrize(
    "said", ["make it shorter", "yes. keep them short, I hate OKRs with 7 key results"]
)
def test_shortening_one_text_is_no_rule_for_all_answers(said: str) -> None:
    assert not any("answers" in line for line in facts(*_ASKED_AI, ("user", said)))


@pytest.mark.parametrize("said", ["I use simple words with the kids", "we use UK spelling at work"])
def test_the_language_one_uses_oneself_is_no_rule_for_answers(said: str) -> None:
    assert not any("the assistant" in line for line in facts(*_ASKED_AI, ("user", said)))


def test_length_asked_with_may_i_ask_you_to() -> None:
    said = "Could I ask you to keep answers shortish and in bullet points? I read on the bus."
    assert "User wants the assistant to give short answers, in bullet points." in facts(
        ("user", said)
    )


def test_a_learners_explain_simple_not_too_long() -> None:
    said = "Please correct me always. But explain simple, not too long, I read on my phone."
    assert "User wants the assistant to give short and simple answers." in facts(("user", said))
