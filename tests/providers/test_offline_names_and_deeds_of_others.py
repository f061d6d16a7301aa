"""Whose name, whose deed, and which value a correction mends.

A friend called "Becs" and "Becca" is one person, by the name in full; a friend's
"Bex that's the one" or a lone "Bex." says the user's name; an option picked from
the question's "A or B" is no name; "I'll bring you snacks" keeps its nouns; someone
else's deed said without a subject is not the user's; "I got the hours wrong — …"
and "go.mod says `go 1.22`, not 1.21" mend the line they correct; a tool ditched takes
its line with it.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

from offline_facts import dreamed, facts
from reverie.providers.offline.speakers import Speakers, identify_speakers
from reverie.providers.offline.transcript import Turn
from reverie.providers.offline.vocatives import vocatives

_CHAT = [
    ("user", "MAGS. you will not believe the day I've had"),
    ("assistant", "go on"),
    ("user", "the boiler died again, landlord says thursday"),
    ("assistant", "Bex that's the third time this year"),
    ("user", "MAGGIE!! I'm freezing"),
    ("assistant", "come to mine, I've got the heating on full"),
    ("user", "omw, bringing wine"),
    ("assistant", "the good stuff please"),
    ("user", "only the best for you Mags"),
    ("assistant", "Bex."),
    ("user", "fine, the second best"),
]


def test_a_short_name_with_its_own_s_is_the_name_in_full() -> None:
    called = vocatives(["BECS. happy new year", "oh Becs 😭", "BECCA", "nurse Becca saving lives"])
    assert "Becs" not in called
    assert called["Becca"] >= 3


def test_a_name_settled_short_is_written_in_full_once_a_later_chunk_says_it() -> None:
    settled = Speakers(True, "Fitz", None, False)
    later = [
        ("user", "FITZY!!! you will never guess"),
        ("assistant", "go on then"),
        ("user", "I got the flat. the one with the garden"),
        ("assistant", "no way, when do you move"),
        ("user", "end of the month, can you help with the van Fitzy"),
    ]
    found = identify_speakers([Turn(role, text, "2026-01-10") for role, text in later], settled)
    assert found.other_name == "Fitzy"


def test_a_friend_names_the_user_by_a_lone_name_or_before_what_is_said_to_them() -> None:
    speakers = identify_speakers([Turn(role, text, "2026-01-10") for role, text in _CHAT])
    assert speakers.other_is_person
    assert speakers.other_name == "Maggie"
    assert speakers.user_name == "Bex"


def test_a_word_said_alone_is_no_name() -> None:
    assert not vocatives(["Sensible.", "Understandable.", "Exactly.", "Noted."])


def test_the_option_picked_from_a_question_is_no_name() -> None:
    found = facts(
        ("assistant", "Welcome! Is it the Academic module or General Training?"),
        ("user", "It is Academic, because I want to study at university here."),
    )
    assert not any("name" in line for line in found)


def test_you_after_a_verb_is_its_object_and_the_noun_after_it_keeps_its_form() -> None:
    from reverie.providers.offline.person import to_third_person

    assert to_third_person("I'll bring you snacks", speaker="Oona", listener="User") == (
        "Oona will bring User snacks"
    )
    assert to_third_person("did you send them", speaker="Oona", listener="User") == (
        "did User send them"
    )
    assert to_third_person("if you want to come", speaker="Oona", listener="User") == (
        "if User wants to come"
    )


def test_a_named_friend_is_no_calendar_day() -> None:
    found = facts(
        ("user", "HAPPY BIRTHDAY IMOGEN"),
        ("assistant", "ta!! yours is next month isn't it"),
        ("user", "yep, you're the 2nd, I'm the 27th. basically twins"),
    )
    assert not any(line.endswith(("is the 27th.", "is the 2nd.")) for line in found)


def test_someone_elses_deed_after_their_name_is_not_the_users() -> None:
    found = facts(
        ("user", "Dominic's taken up golf, by the way. Spent £900 on clubs in a week. Typical.")
    )
    assert not any(line.startswith("User spent") for line in found)
    partner_has = facts(("user", "Kerry's already ordered a tiny Celtic shirt for the baby lol"))
    assert not any(line.startswith(("User ordered", "User bought")) for line in partner_has)


def test_i_got_the_figure_wrong_then_the_right_one_mends_the_line() -> None:
    found = facts(
        ("user", "I'm a school business manager. I currently work 32 hours over 4 days."),
        ("assistant", "Thanks, noted."),
        ("user", "Apologies, I got the hours wrong — it's 30 a week, not 32."),
    )
    assert "User currently works 30 hours over 4 days (not 32)." in found
    assert not any("wrong" in line for line in found)


def test_what_a_file_says_mends_the_version_in_the_stack_line() -> None:
    found = facts(
        ("user", "Stack: Python 3.11, FastAPI, Postgres 15. ```pip freeze```"),
        ("assistant", "Got it."),
        ("user", "Correction from my end: pyproject says `python 3.12`, not 3.11. Any gotchas?"),
    )
    assert any("Python 3.12" in line and "FastAPI" in line for line in found)
    assert not any("Python 3.11," in line for line in found)


def test_wrong_about_a_thing_then_what_it_is_says_the_thing() -> None:
    found = facts(
        ("user", "We run Kafka 3.6 on EC2. ```terraform plan```"),
        ("assistant", "OK."),
        ("user", "Also I was wrong earlier about Kafka — it's MSK Serverless, not self-managed."),
    )
    assert any("Kafka is MSK Serverless" in line for line in found)


def test_a_tool_ditched_takes_its_line_with_it() -> None:
    found = facts(
        ("user", "using gedit from the snap store btw if that matters"),
        ("assistant", "That works."),
        ("user", "ok finally ditched gedit. helix now"),
    )
    assert not any("using gedit" in line for line in found)


def test_a_models_letter_before_already_is_no_with() -> None:
    found = facts(("user", "ok. have a pi w already, from a kit years ago"))
    assert not any(" with already" in line for line in found)


def test_two_places_after_in_are_one_phrase() -> None:
    found = facts(
        ("user", "I believe my experience in Peru and Chile will help me to contribute in class.")
    )
    assert not any(line.startswith("Chile") for line in found)


def test_lines_that_only_introduce_a_paste_or_advise_oneself_are_not_kept() -> None:
    assert not facts(("user", "Practice task. I timed myself and I typed out what I said:"))
    assert not facts(("user", "My landlord wants more rent but I say no, I must be careful."))
    # which one, only the talk said
    assert not facts(("user", "My old one was from a car boot sale and smelled of damp."))


def test_a_move_told_in_two_messages_moves_the_line_of_the_old_date() -> None:
    found = facts(
        ("user", "completion on the 20th. then the flat is all mine"),
        ("assistant", "finally!!"),
        ("user", "solicitor update. the completion date's been pushed. the buyer's bank is slow"),
        ("assistant", "noooo. when then"),
        ("user", "3rd march now. a tuesday"),
    )
    assert any("3rd March" in line for line in found)
    assert not any("the 20th" in line for line in found)


def test_a_value_raised_to_a_figure_is_the_value_now() -> None:
    found = facts(
        ("user", "My budget is £8,000 for the whole kitchen."),
        ("assistant", "That's workable."),
        ("user", "Quick update: I've upped the budget to £9,500 after the quote came in."),
    )
    assert "User's budget is now £9,500." in found
    assert not any("£8,000" in line for line in found)


def test_a_goal_with_when_it_is_due_is_kept() -> None:
    found = facts(("user", "Right, I'm aiming for the grade 5 exam by the end of June 2027."))
    assert len(found) == 1
    assert found[0].startswith("User is aiming for the grade 5 exam by the end of June 2027")


def test_a_town_first_answers_whereabouts_are_you_based() -> None:
    found = facts(
        ("assistant", "Happy to help.\n\nWhereabouts are you based? It changes the options."),
        ("user", "Kendal. There's a pool about ten minutes from my house."),
    )
    assert "User lives in Kendal." in found


def test_wishes_about_every_answer_said_in_passing() -> None:
    assert facts(
        ("user", "One preference going forward: skip long explanations. Diffs are fine.")
    ) == ["User wants the assistant to skip the long explanations."]
    assert "User wants the assistant to give recipes in metric units." in facts(
        ("user", "Thanks. Also please keep recipes in metric, I never know what a cup is.")
    )
    assert "User wants the assistant to skip the 'get it checked' bits." in facts(
        ("user", "Please skip the 'get it checked' bits — I see my GP on Friday anyway.")
    )


def test_what_them_is_when_it_was_named_just_before() -> None:
    assert "User can't stand olives." in facts(
        ("user", "No olives on it please, I can't stand them. Theo loves them though.")
    )


def test_days_off_with_the_month_said_once() -> None:
    found = facts(("user", "I'm off 12–16 Oct, so nothing urgent that week please."))
    assert any(line.startswith("User is off 12–16 Oct") for line in found)


def test_a_terse_floor_then_its_fix_leaves_one_floor() -> None:
    found = facts(
        ("user", "wifi weak in the bedroom? flat is 4th floor, router by the door"),
        ("assistant", "Try a mesh node."),
        ("user", "quick fix - flat is 5th floor not 4th. typo. same problem though"),
    )
    assert any("5th floor" in line for line in found)
    assert not any("4th floor," in line or line.endswith("4th floor.") for line in found)


def test_none_of_a_thing_in_what_the_assistant_writes_is_a_wish() -> None:
    assert "User wants no emojis in the alert text." in facts(
        ("user", "also no emojis in the alert text pls, my partner hates them")
    )


def test_an_age_on_a_weekday_is_a_birthday_with_its_date() -> None:
    # 21 November 2025 is a Friday: the coming Sunday is the 23rd
    found = facts(
        ("user", "31 on sunday, getting myself a new kettle. any good?"), date="2025-11-21"
    )
    assert any(line.startswith("User turns 31 on 23 November 2025") for line in found)


def test_a_terse_flight_and_its_days_moved_out_and_back() -> None:
    found = facts(
        ("user", "Half-term trip sorted. Flying Leeds–Alicante 14th to 21st February."),
        ("assistant", "Lovely."),
        ("user", "Jet2 changed it — we now fly out on the 15th and back on the 22nd."),
    )
    assert "User is flying Leeds–Alicante 15th to 22nd February." in found
    assert not any("14th to 21st" in line for line in found)


def test_out_and_home_days_said_in_a_list_answer_move_together() -> None:
    found = facts(
        ("user", "hi, me and my sister are going to Norway in May. can you help me plan?"),
        (
            "assistant",
            "Of course! To tailor things:\n\n1. What are your dates and rough route?"
            "\n2. Any allergies?",
        ),
        ("user", "1. flying Leeds to Oslo 5th of May, home the 12th. Oslo and Bergen\n2. no"),
        ("assistant", "Great."),
        (
            "user",
            "update, the airline changed it. we're out on the 6th of May now and back the 13th",
        ),
    )
    assert any("6th of May, home the 13th" in line for line in found)
    assert not any("5th of May" in line for line in found)


def test_a_tool_ditched_for_another_replaces_its_line_in_the_memory_files() -> None:
    files = dreamed(
        "writing it in gedit from the snap store btw. I'm using gedit for everything",
        "also ditched gedit. helix with a few plugins now",
    )
    assert "switched from gedit to helix" in files
    assert "using gedit" not in files


def test_how_it_feels_after_the_age_is_not_part_of_it() -> None:
    found = facts(("user", "obviously. I'm 40 in june too don't remind me"))
    assert any(line.startswith("User is 40 in June") for line in found)


def test_who_does_something_for_the_user_named_without_my() -> None:
    found = facts(
        ("user", "First lesson done!! Knackered. Instructor was called Priya, very patient.")
    )
    assert any(line.startswith("User's instructor was called Priya") for line in found)
