"""Things settled in passing: a choice in three words, a rule for the answers, a name signed.

Each case is a line from a realistic chat. "going with sumup" after "SumUp or
Zettle?" is a decision; "so no JR pass. individual tickets it is" takes one
option over the other in one breath; "thanks — Lukas" signs a message. And what
is not a fact stays out: "SHHH" is no name, "if I will win lottery" is a dream,
"she's always right" a verdict of the moment. (Values put right and dates are in
``test_offline_values_put_right.py``.)
"""

from __future__ import annotations

import pytest

from offline_facts import facts


def test_an_option_named_after_the_question_that_put_it_is_a_choice() -> None:
    asked = ("user", "next thing. card payments. cash or revolut at the minute. SumUp or Zettle?")
    answered = ("assistant", "Both are solid. SumUp Solo works without your phone.")
    chose = ("user", "yeah the not needing the phone thing sells it. going with sumup")
    # the option is written the way the talk wrote it
    assert facts(asked, answered, chose) == ["User chose SumUp instead of Zettle."]
    # said as what one is doing, it is the same choice, kept once
    assert facts(asked, ("assistant", "Noted."), chose) == ["User chose SumUp instead of Zettle."]
    # with no options put before it, "going with" says nothing of a choice
    assert facts(("user", "going with mum to the market")) == []


def test_an_option_turned_down_and_one_taken_in_one_message_is_a_choice() -> None:
    asked = ("user", "ok next: JR pass. everyone online says get one")
    answered = ("assistant", "It often doesn't pay off now; individual tickets are cheaper.")
    chose = ("user", "so no JR pass. individual tickets it is")
    assert facts(asked, answered, chose) == ["User chose individual tickets instead of JR pass."]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("perfect. that's everything. thanks — Lukas", "User's name is Lukas."),
        ("that's the plan. — Ade", "User's name is Ade."),
        (
            "Thank you. Printed and in my handbag.\n\nKind regards,\nRosalind",
            "User's name is Rosalind.",
        ),
    ],
)
def test_a_message_signed_at_its_end_names_the_user(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


def test_a_list_ending_in_a_dash_item_signs_nothing() -> None:
    assert facts(("user", "the options are:\n- Zettle\n- SumUp")) == []
    assert facts(("user", "ok see you - Monday")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # a trade kept up since a month, its "I've" left out
        (
            "hi. I run a mobile bike repair service in Galway. Been going since March 2024 as a"
            " sole trader.",
            "User has been going since March 2024 as a sole trader.",
        ),
        (
            "I'll switch to whatsapp business and a google calendar. that's enough tech for me",
            "User will switch to whatsapp business and a google calendar.",
        ),
        (
            "also random but whats a cheap dinner thats not meat. im vego and im so sick of pasta",
            "User is vegetarian.",
        ),
        (
            "like a lab internship. i wanna do honours in immunology next year and eventually"
            " work in a research lab",
            "User wants to do honours in immunology next year and eventually work in a research lab"
            " (as of 2026-03-02).",
        ),
        (
            "My own operation has at last been confirmed: a left knee replacement on the 12th of"
            " May at the orthopaedic hospital in Oswestry.",
            "User's left knee replacement is on the 12th of May at the orthopaedic hospital in"
            " Oswestry (as of 2026-03-02).",
        ),
        (
            "Mother has a cat, Marmalade, who is eleven.",
            "User's mother has a cat, Marmalade, who is eleven.",
        ),
    ],
)
def test_a_fact_said_in_passing_is_kept_whole(said: str, kept: str) -> None:
    assert kept in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "also pls keep answers short-ish?? like bullets. i read on the tram and long"
            " paragraphs make me want to die",
            "User wants the assistant to give short answers.",
        ),
        (
            "yes but as a plain list, no emojis, no headings. I paste these straight into Jira",
            "User wants the assistant to use a plain list, with no emojis and no headings.",
        ),
        ("no tables, no bold please", "User wants no tables and no bold."),
        (
            "1. Please do keep answering in the same numbered order as my questions, as you have"
            " just done.",
            "User wants the assistant to keep answering in the same numbered order as their"
            " questions.",
        ),
        (
            '2. British spelling throughout, please, and there is no need to add "you should'
            ' consult a professional" to each answer.',
            "User wants the assistant to use British spelling.",
        ),
        (
            "oh and metric please, I've no idea what a foot is in soil terms",
            "User wants the assistant to use metric units.",
        ),
    ],
)
def test_a_rule_for_the_answers_asked_in_passing_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


def test_an_interjection_never_names_the_user_of_a_chat_between_two_people() -> None:
    chat = [
        ("user", "lol sorry sorry. how's the 8th plan"),
        ("assistant", "SHHH"),
        ("assistant", "she reads my messages sometimes over my shoulder"),
        ("user", "u'll be fine"),
    ]
    assert not any("name" in line for line in facts(*chat))


@pytest.mark.parametrize(
    "said",
    [
        # a dream, however the condition is worded
        "Also, if I will win lottery, I don't need any interview, I open my own clinic and I am"
        " the boss",
        # the time someone has for the task in hand
        "Hello! Saturday, kids are watching cartoon so I have 20 minutes",
        "so i have 4 extra days. huge",
        "so I've got 7 working days instead of 12",
        # a verdict of the moment
        "shreya's right. she's always right.",
        # a mood with a plan inside it
        "I'm nervous and I want to keep training hard to make sure",
    ],
)
def test_what_is_no_fact_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_deed_done_to_someone_reads_has_not_is() -> None:
    sister = ("user", "my sister Shreya is running the marathon")
    kept = facts(sister, ("user", "she's printed me a pace band"))
    assert kept[-1] == "User's sister Shreya has printed User a pace band."
    # a state stays a state
    assert facts(("user", "my sister's worried the flight is too early")) == []


def test_a_pasted_log_header_is_no_news() -> None:
    pasted = (
        "we don't do changelogs for that repo, just conventional commits. does this look ok\n\n"
        "```\n$ git log -1\ncommit 8f3c2d1e\nAuthor: Lukas <lukas@example.com>\n"
        "Date:   Mon Nov 10 15:02:44 2025 +0000\n\n    fix serde\n```"
    )
    assert not any(line.startswith("Date") for line in facts(("user", pasted)))


def test_a_day_named_for_a_mother_is_nobodys() -> None:
    assert facts(("user", "Mother's Day is 15th March, that'll be Tash's second week.")) == []


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "I have Hashimoto, the thyroid, and when I am stressed I am very tired.",
            "User has Hashimoto, the thyroid.",
        ),
        (
            "Marek make me soup without the cream because I am lactose intolerant.",
            "User is lactose intolerant.",
        ),
        (
            "will try tomorrow on the ferry, I commute Karşıyaka to Konak and it's the only quiet"
            " 25 minutes of my day",
            "User commutes Karşıyaka to Konak.",
        ),
    ],
)
def test_a_state_said_beside_a_reason_or_a_comment_is_kept(said: str, kept: str) -> None:
    assert facts(("user", said)) == [kept]


@pytest.mark.parametrize(
    "said",
    [
        "the port is massive. like you can't even see the end of it",
        "the boat tour was unreal",
        "Teacher say they always ask about weakness. I never know which one to say.",
        "Thank you, I will write this down.",
    ],
)
def test_a_word_on_a_thing_seen_or_a_deed_on_this_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_wish_shouted_with_a_name_names_the_user_of_a_chat_between_two_people() -> None:
    chat = [
        ("user", "nothing really. dinner with my sister later"),
        ("assistant", "HAPPY BIRTHDAY KOFI 🎂🎉"),
        ("user", "haha thanks man"),
        ("assistant", "how's the new flat"),
    ]
    assert "User's name is Kofi." in facts(*chat)


def test_a_numbered_answer_that_says_only_how_much_keeps_what_follows() -> None:
    asked = (
        "assistant",
        "1. What are your dates?\n2. Any dietary needs or allergies I should cover?",
    )
    answered = (
        "user",
        "1. flying Dublin to Tokyo 3rd of April, home the 17th.\n2. yes big one. I'm allergic to"
        " shellfish myself",
    )
    kept = facts(asked, answered)
    assert "User is allergic to shellfish themselves." in kept
    assert not any("big one" in line for line in kept)


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("I BOUGHT NEW SKATES", ["User bought new skates."]),
        ("I'M PREGNANT!!", ["User is pregnant."]),
        # a place keeps its capital
        ("WE ARE IN DUBLIN. the ferry was fine", ["User is in Dublin."]),
        # an acronym in a sentence is not a shout
        ("we use the NHS API a lot", ["The team uses the NHS API a lot."]),
    ],
)
def test_a_sentence_shouted_is_read_as_said(said: str, kept: list[str]) -> None:
    assert facts(("user", said)) == kept


@pytest.mark.parametrize(
    "said",
    [
        "Hello. I need help with preparing for job interview. My English is not so good, sorry.",
        "Is hard work for the back and always early shift, I start 6:00.",
        "good because i'm allergic to the little orange menace",
    ],
)
def test_an_apology_a_bare_hour_or_a_tease_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_a_life_event_with_when_before_what_is_kept() -> None:
    said = (
        "As for me, I am tired but I'm all right. I retired last July from being head of a primary"
        " school here in York, so at least I have the time"
    )
    kept = facts(("user", said))
    assert "User retired last July from being head of a primary school in York." in kept
    # when, and nothing of what
    assert facts(("user", "I upgraded last week")) == []


@pytest.mark.parametrize(
    "said",
    [
        "swapped my shift so i can study thurs. he's actually a sweetheart",
        "just finished a 6 hr shift",
        "i want to do a bit tomorrow",
    ],
)
def test_a_word_on_someone_or_the_end_of_a_shift_is_not_kept(said: str) -> None:
    assert not any(
        "sweetheart" in line or "shift" in line or "a bit" in line for line in facts(("user", said))
    )


def test_a_name_to_sign_with_and_time_off_are_kept() -> None:
    signed = "ok this is good!! sign it Camila Ferreira Duarte, that's how it is on the contract."
    assert facts(("user", signed)) == ["User's name is Camila."]
    assert facts(("user", "sign it Monday")) == []
    off = (
        "btw im off 22 dec to 5 jan, visiting my parents in groningen. want this all boring by then"
    )
    assert facts(("user", off), date="2025-11-20") == [
        "User is off 22 Dec to 5 Jan, visiting their parents in groningen (as of 2025-11-20)."
    ]


@pytest.mark.parametrize(
    "said",
    [
        "I write in my notebook",
        "sorry, I make a mistake",
        "i've decided to withdraw",
        "i'm a functioning adult again this week",
        "I have two pieces of news.",
        "I'm not new.",
        "I am writing from the armchair with my leg up.",
        "I want to make plan.",
        "I know all about waiting for results.",
    ],
)
def test_a_preface_or_a_decision_without_its_object_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_knowing_all_about_a_thing_is_kept() -> None:
    assert facts(("user", "I know all about blister packs")) == [
        "User knows all about blister packs."
    ]
