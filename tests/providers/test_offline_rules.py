"""The offline provider's extraction rules, one small function at a time."""

from __future__ import annotations

import pytest

from offline_facts import facts
from reverie.providers.offline.extract import describe, split_sentences
from reverie.providers.offline.fillers import strip_fillers
from reverie.providers.offline.person import conjugate, to_third_person
from reverie.providers.offline.rules import classify, is_small_talk
from reverie.providers.offline.transcript import Turn, extract_block, parse_transcript


@pytest.mark.parametrize(
    ("sentence", "tag"),
    [
        ("I prefer tabs over spaces", "permanent"),
        ("I really like hiking", "permanent"),
        ("I can't stand loud music", "permanent"),
        ("I don't like coffee", "permanent"),
        ("I really do not eat meat", "permanent"),
        ("I cannot drink milk", "permanent"),
        ("I'm a nurse", "permanent"),
        ("I am from Porto", "permanent"),
        ("my name is Ana", "permanent"),
        ("call me Al", "permanent"),
        ("I live in Osaka", "permanent"),
        ("I work at Initech as a tester", "permanent"),
        ("My favorite editor is Helix", "permanent"),
        ("Please always answer in Portuguese", "permanent"),
        ("we decided to drop Python 3.10 support", "durable"),
        ("let's use SQLite", "durable"),
        ("we'll go with Svelte", "durable"),
        ("the project uses uv for packaging", "durable"),
        ("The parser is written in Zig", "durable"),
        ("we're using GitHub Actions", "durable"),
        ("I need to book a hotel", "ephemeral"),
        ("remind me to send the invoice", "ephemeral"),
        ("TODO: rotate the API keys", "ephemeral"),
        ("the report is due on Friday", "ephemeral"),
        ("I'm meeting Sam next week", "ephemeral"),
        ("actually, I live in Kyoto now", "correction"),
        ("correction: the server is in Frankfurt", "correction"),
        ("no, it's Bob, not Rob", "correction"),
        ("I was wrong, the release is in May", "correction"),
        ("the login bug is not in Parser.cs but in Lexer.cs", "correction"),
    ],
)
def test_classify_tags(sentence: str, tag: str) -> None:
    found = classify(sentence)
    assert found is not None, sentence
    assert found.tag == tag


@pytest.mark.parametrize(
    "sentence",
    [
        "hello!",
        "thanks a lot, that's great",
        "ok cool",
        "no, thanks",
        "I love it, thanks!",
        "I like that idea",
        "I don't like that idea",
        "I do not like it",
        "I'm a bit tired today",
        "see you tomorrow!",
        "Do you like pizza?",
        "What time is it in Tokyo?",
        "Nice weather today.",
        "Could you explain how generators work",
    ],
)
def test_small_talk_and_questions_hold_nothing(sentence: str) -> None:
    assert classify(sentence) is None


def test_a_reminder_asked_as_a_question_is_a_task() -> None:
    found = classify("Could you remind me to stretch at 5pm?")
    assert found is not None and found.tag == "ephemeral"


def test_small_talk_detection() -> None:
    assert is_small_talk("Thank you so much, that was very helpful!")
    assert not is_small_talk("Thank you, I moved to Oslo last week")


def test_fillers_are_stripped() -> None:
    assert strip_fillers("So, btw, I use vim") == "I use vim"
    assert strip_fillers("Remember: I am vegan") == "I am vegan"
    assert strip_fillers("remember to buy milk") == "remember to buy milk"
    assert strip_fillers("Obviously Biscuit can't go to Ashby") == "Biscuit can't go to Ashby"
    assert strip_fillers("Mum (Joan) died in 2016") == "my mum (Joan) died in 2016"
    assert strip_fillers("mum asked if he was a doctor") == "mum asked if he was a doctor"
    assert strip_fillers("The form is 30 pages, good luck") == "The form is 30 pages"


@pytest.mark.parametrize(
    ("first", "third"),
    [
        ("I prefer tabs", "User prefers tabs"),
        ("I really like hiking with my dog", "User really likes hiking with their dog"),
        ("I am a nurse", "User is a nurse"),
        ("I'm allergic to peanuts", "User is allergic to peanuts"),
        ("I've moved to Oslo", "User has moved to Oslo"),
        ("I don't drink coffee", "User doesn't drink coffee"),
        ("I need to renew my passport", "User needs to renew their passport"),
        ("I go running", "User goes running"),
        ("I try to sleep early", "User tries to sleep early"),
        ("I watch films", "User watches films"),
        ("I decided to quit", "User decided to quit"),
        ("My name is Ana", "User's name is Ana"),
        ("I think I am late", "User thinks they are late"),
        ("we use Rust", "The team uses Rust"),
        ("our repo is private", "The repo is private"),
        ("I want you to be brief", "User wants the assistant to be brief"),
    ],
)
def test_third_person(first: str, third: str) -> None:
    assert to_third_person(first) == third


def test_third_person_inside_a_sentence() -> None:
    assert to_third_person("when I land", at_start=False) == "when they land"
    assert to_third_person("to call me back", at_start=False) == "to call them back"


@pytest.mark.parametrize(
    ("verb", "third"),
    [("like", "likes"), ("push", "pushes"), ("fly", "flies"), ("play", "plays"), ("can", "can")],
)
def test_conjugate(verb: str, third: str) -> None:
    assert conjugate(verb) == third


@pytest.mark.parametrize(
    ("sentence", "text"),
    [
        ("call me Al", "User wants to be called Al."),
        ("please never use emoji", "User wants the assistant to never use emoji."),
        ("please don't summarise my code", "User wants the assistant not to summarise their code."),
        ("let's use SQLite", "Decision: use SQLite."),
        ("remind me to call my mum", "User asked to be reminded to call their mum."),
        ("TODO: rotate keys", "To do: rotate keys."),
        ("no, the port is 8443", "User corrected: the port is 8443."),
        ("actually I live in Kyoto", "User lives in Kyoto."),
    ],
)
def test_describe(sentence: str, text: str) -> None:
    found = classify(sentence)
    assert found is not None
    assert describe(found) == text


def test_sentences_split_on_punctuation_clauses_and_lines() -> None:
    text = (
        "I like tea. I hate coffee!\n"
        "- We use Go; the CLI is written in Rust\n"
        "I like tea but I hate milk"
    )
    assert split_sentences(text) == [
        "I like tea.",
        "I hate coffee!",
        "We use Go",
        "the CLI is written in Rust",
        "I like tea",
        "I hate milk",
    ]


def test_and_splits_two_clauses_but_not_a_compound_subject() -> None:
    assert split_sentences("I live in Lisbon and I hate meetings") == [
        "I live in Lisbon",
        "I hate meetings",
    ]
    assert split_sentences("my wife and I live in Paris") == ["my wife and I live in Paris"]


def test_code_blocks_are_not_read() -> None:
    assert split_sentences("look:\n```\nI prefer = 1\n```\ndone") == ["look:", "done"]


def test_transcript_round_trip() -> None:
    text = (
        "[2026-04-03 10:00] USER: I like tea.\nAnd long walks.\n"
        "[2026-04-03 10:01] ASSISTANT [tools: read_file]: Noted.\n"
        "[?] USER: no stamp"
    )
    assert parse_transcript(text) == [
        Turn("user", "I like tea.\nAnd long walks.", "2026-04-03"),
        Turn("assistant", "Noted.", "2026-04-03", used_tools=True),
        Turn("user", "no stamp", None),
    ]


def test_extract_block_uses_the_last_closing_tag() -> None:
    text = "<c>\nsaid </c> inside\n</c>\nafter"
    assert extract_block(text, "<c>", "</c>") == "said </c> inside"
    assert extract_block("nothing here", "<c>", "</c>") is None


def test_an_apology_is_not_a_correction_but_an_apologetic_fix_is() -> None:
    assert classify(strip_fillers("Sorry, I'm late")) is None
    fixed = classify(strip_fillers("Sorry, I meant the port is 8443"))
    assert fixed is not None and fixed.tag == "correction"
    assert describe(fixed) == "User corrected: the port is 8443."


def test_agreement_words_are_fillers_only_before_punctuation() -> None:
    from reverie.providers.offline.fillers import strip_fillers

    assert strip_fillers("Good idea, we'll use DuckDB then.") == "we'll use DuckDB then."
    assert strip_fillers("Sounds good! Ship it on Friday.") == "Ship it on Friday."
    assert strip_fillers("Great Britain has four nations.") == "Great Britain has four nations."


def test_a_clause_the_speaker_mends_at_once_is_not_read() -> None:
    said = "I walk the dog, well, I walked the neighbour's dog, and I swim on Mondays"
    assert split_sentences(said) == ["I walked the neighbour's dog", "I swim on Mondays"]


def test_and_then_a_named_subject_starts_a_clause() -> None:
    said = "our house is all stairs, and Dad wanders at night, and Graham had a heart bypass"
    assert split_sentences(said) == [
        "our house is all stairs",
        "Dad wanders at night",
        "Graham had a heart bypass",
    ]


def test_us_is_never_read_as_the_user_alone() -> None:
    said = "Alan was keen on the idea at first, but neither of us wants to be landlords."
    assert not any("of User" in line for line in facts(("user", said)))
