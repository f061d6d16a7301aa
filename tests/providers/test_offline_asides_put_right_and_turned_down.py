"""Who it really was, the other side, a someday, someone else's email, and a price turned down.

"It wasn't my uncle who built the boat, it was my aunt Moira" puts the person right;
"actually it's the right ankle" says which side it is not; "Maybe later, when the kids are
older, I open a bakery" is a someday; an email pasted to be answered is not the user's; "the
gold one is like £300 lol no" turns it down; "pia ordered the duck" is Pia's deed. Said
sideways and still kept: "my eldest, Cormack, is a welder", "Ilona, our daughter, …",
"I'm one of two midwives at the birth centre", "tinnitus in the left ear, GP says …",
"still live in Perth", "We're in Ely so we'll get the train down to London", "answer with
simple English", "My visa expire in March", "Before in Peru I am nurse", "I don't drink
myself", "had a kindle for like 6 years". Put right too: "it's her SIXTIETH. Not 65.", "We're
us-west-2, not us-east-2"; "im in mon/wed" are office days. Not kept: a hunch ("My feeling is
no"), a guessed value, a quote had, a boast, "can't draw a straight line".

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

from offline_facts import dreamed, facts


def test_who_it_really_was_replaces_the_line_about_the_wrong_person() -> None:
    files = dreamed(
        "My uncle built the boat we sail in, back in the 70s.",
        "It wasn't my uncle who built the boat, it was my aunt Moira. Uncle Ken just painted it.",
    )
    assert "aunt Moira built the boat" in files
    assert "User's uncle built the boat" not in files


def test_the_other_side_put_right_mends_the_line() -> None:
    files = dreamed(
        "Physio says I have tendonitis in the right ankle.",
        "Sorry, actually it's the left ankle. Long week.",
    )
    assert "left ankle" in files
    assert "right ankle" not in files.replace("not the right ankle", "")


def test_a_side_said_with_what_it_is_not_is_not_put_right_twice() -> None:
    kept = facts(("user", "Sorry, it's my left wrist, not right."))
    assert all("not the right" not in line for line in kept)


def test_a_someday_after_a_condition_is_not_a_fact() -> None:
    kept = facts(
        ("user", "Maybe one day, when my son finish school, I study law at the university."),
        ("user", "Maybe later, when the kids are older and if money allows, I open a bakery."),
    )
    assert kept == []


def test_someone_elses_email_pasted_to_be_answered_is_not_the_users() -> None:
    kept = facts(
        (
            "user",
            "Can you help me reply to this? Their email first:\n\n"
            '"Dear Mr Okafor,\nMy cat Tigger is 14 and your clinic overcharged me for his '
            'teeth. I have been a client for 20 years.\nRegards,\nPenny Hale"',
        )
    )
    assert not any("Tigger" in line for line in kept)


def test_a_price_turned_down_is_not_kept() -> None:
    kept = facts(("user", "the gold one is like £300 lol no. silver it is"))
    assert not any("£300" in line for line in kept)


def test_someone_named_who_ordered_something_is_not_the_user() -> None:
    kept = facts(("user", "pia ordered the duck btw"))
    assert not any(line.startswith("User ordered") for line in kept)


def test_a_wish_about_the_piece_in_hand_is_not_kept() -> None:
    kept = facts(
        ("user", "I want to start with the lighthouse."),
        ("user", "I want to be firm but not rude."),
        ("user", "I want to say that we pay on time every month."),
    )
    assert kept == []


def test_kin_and_a_name_set_apart_by_commas_say_who() -> None:
    assert facts(("user", "my eldest, Cormack, is a welder in Leith.")) == [
        "User's eldest Cormack is a welder in Leith."
    ]
    assert facts(("user", "Ilona, our daughter, has offered to drive us.")) == [
        "User's daughter is Ilona."
    ]
    assert facts(("user", "my brother, Ravi, lives in Pune.")) == [
        "User's brother Ravi lives in Pune."
    ]
    assert facts(("user", "my sister, Ines, is flying in on Friday.")) == ["User's sister is Ines."]


def test_kin_named_before_who_is_not_split() -> None:
    kept = facts(("user", "my son, Aurelio, who lives in Turin, rang on Sunday."))
    assert kept == ["User's son is Aurelio."]


def test_one_of_several_in_a_job_is_the_speakers_job() -> None:
    assert facts(("user", "I'm one of two midwives at the Rosie birth centre.")) == [
        "User is a midwife at the Rosie birth centre."
    ]
    assert facts(("user", "I'm one of three kids in my family.")) == []


def test_a_condition_said_with_where_then_more_is_kept() -> None:
    assert facts(("user", "tinnitus in the left ear, GP says it's from the drumming")) == [
        "User has tinnitus in the left ear."
    ]


def test_still_living_somewhere_is_a_home() -> None:
    assert facts(("user", "still live in Perth, drive in most days.")) == [
        "User still lives in Perth, drive in most days."
    ]


def test_a_trip_from_where_one_is_says_the_home() -> None:
    assert facts(("user", "We're in Ely so we'll get the train down to London first.")) == [
        "User lives in Ely."
    ]
    assert facts(("user", "We're in Lisbon so we'll take the tram.")) == ["User is in Lisbon."]


def test_based_in_then_living_elsewhere_keeps_the_home_said_last() -> None:
    files = dreamed(
        "I'm based in Utrecht, so CET for any times.",
        "Small correction: I said Utrecht, that's the office. I actually live in Amersfoort.",
    )
    assert "Amersfoort" in files
    assert "based in Utrecht" not in files


def test_a_learners_wishes_and_documents() -> None:
    assert facts(
        ("user", "Please can you answer with simple English? My English is not good.")
    ) == ["User wants the assistant to use simple English."]
    assert facts(("user", "My visa expire March 2027 so no hurry.")) == [
        "User's visa expires March 2027."
    ]
    assert facts(("user", "Before in Peru I am nurse.")) == ["User was a nurse in Peru."]


def test_a_birthday_put_right_in_words_mends_the_number() -> None:
    files = dreamed(
        "I'm giving the speech at my mum's 65th on Sunday the 9th.",
        "Oh no, it's her SIXTIETH. Not 65. She'd never forgive me.",
    )
    assert "mum's 60th" in files
    assert "65th" not in files


def test_a_pronoun_shortened_with_its_verb_is_nobodys_name() -> None:
    kept = facts(("user", "She'll be livid. She's 60 on the 9th."))
    assert not any("She'll" in line for line in kept)


def test_a_value_put_right_before_a_hyphen_aside_is_a_correction() -> None:
    kept = facts(("user", "So it's 3.12, not 3.10 - I misread the lock file, sorry."))
    assert kept == ["User corrected: It's 3.12, not 3.10."]


def test_days_in_at_work_are_office_days_not_a_home() -> None:
    assert facts(("user", "im in mon/wed, wfh the rest")) == [
        "User is in the office Mondays and Wednesdays, wfh the rest."
    ]
    assert facts(("user", "I'm in Tuesdays and Fridays.")) == [
        "User is in the office Tuesdays and Fridays."
    ]


def test_a_hunch_a_guess_or_a_quote_had_is_not_kept() -> None:
    kept = facts(
        ("user", "My feeling is no, the budget isn't there."),
        ("user", "Migrations: probably two or three."),
        ("user", "I've got a quote already."),
        ("user", "I practise with Dario most evenings."),
    )
    assert kept == []


def test_a_title_of_respect_before_a_name_is_not_the_name() -> None:
    assert facts(("user", "My friend Kak Dewi she help me with the forms.")) == [
        "User's friend is Dewi."
    ]


def test_not_doing_something_myself_as_against_others_is_kept() -> None:
    assert facts(
        (
            "user",
            "Beer maybe. I don't drink myself, haven't for 9 years, but the lads will.",
        )
    ) == ["User doesn't drink and hasn't for 9 years."]


def test_a_small_aside_leads_into_the_fact() -> None:
    assert facts(("user", "Merged. Small aside: my editor is helix in a tmux pane.")) == [
        "User's editor is helix in a tmux pane."
    ]


def test_a_thing_had_for_years_said_without_i() -> None:
    assert facts(("user", "had a kindle for like 6 years")) == [
        "User has had a kindle for 6 years."
    ]


def test_a_region_or_version_put_right_of_oneself_is_swapped_in_its_line() -> None:
    files = dreamed(
        "Setup: my region is us-east-2 and the backend is S3.",
        "Correction on the region. We're us-west-2, not us-east-2. Only backups sit in Ohio.",
    )
    assert "region is us-west-2" in files
    assert "us-east-2" not in files
    assert facts(("user", "I'm 41, not 42.")) == ["User is 41."]


def test_a_hyphen_before_my_starts_a_statement() -> None:
    kept = facts(("user", "Pizza for 10 kids, and no nuts - my eldest, Pim, has a peanut allergy."))
    assert "User's eldest Pim has a peanut allergy." in kept


def test_a_hyphen_before_we_does_not_cut_off_a_fragment() -> None:
    kept = facts(
        ("user", "my portfolio redesigns the booking page at work - we use an awful system")
    )
    assert not any("awful system" in line for line in kept)


def test_a_boast_a_modest_joke_or_a_try_is_not_kept() -> None:
    kept = facts(
        ("user", "I'll be the muddiest, guaranteed."),
        ("user", "I can't draw a straight line to save my life."),
        ("user", "I'll have a go at the Kinder Scout loop on Sunday."),
    )
    assert kept == []


def test_a_firm_named_by_its_people_is_not_the_she_after() -> None:
    kept = facts(
        ("user", "Priya is doing the Leeds half in May and she wants me there."),
        ("assistant", "She'll love that, and every Northwind colleague will cheer too."),
        ("user", "also she wants to get a cat. we're not getting a cat."),
    )
    assert not any(line.startswith("Northwind") for line in kept)
