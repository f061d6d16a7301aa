"""A value checked again, facts listed with one "I", a band, a learner's words, the moment's.

"Sorry, I've just checked — it's 3.4%, not 3.1" and "wrong date before, the viva is the 19th
not 9th" put a line right; "the synth is NOT on channel 3. checked and its channel 5" says
both. "I'm a plumber, live in Hexham" is two facts; "and so is my partner" adds no one;
"I'm terribly short-sighted", "Pudding (our cocker)", a tidied draft signed with a name block,
"mate I'm a welder", a friend's "kenna you …", "we're the night owls, 5 piece ceilidh band, im
fiddle", "ditching the garmin, got a coros pace instead", a learner's "30 hour a week",
"married with Scottish man", "I have stamp 4" and "short sentences ka" are kept. Not kept:
"Tuesday update: … except one:" before a pasted log, "confirmed boots on the new card", "I
need to do this week", "I have to respond to this review", "I just want to go to bed", "I cook
since I am 16" as an age, "I'm a guilty mum this week", "I know a bloke", "it's 9 of us now";
"never wear the orange jersey outside anyway" is a habit, not a rule for the answers.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

from offline_facts import dreamed, facts


def test_a_figure_checked_again_mends_the_line_that_holds_it() -> None:
    files = dreamed(
        "Our mortgage rate is 3.1%, fixed till 2028.",
        "Sorry, I've just checked — it's 3.4%, not 3.1. The 3.1 was the old one.",
    )
    assert "3.4%" in files
    assert "3.1%" not in files


def test_a_wrong_date_owned_up_to_mends_the_day() -> None:
    files = dreamed(
        "My viva is on the 9th of June, in Durham.",
        "wrong date before, the viva is the 19th not 9th. 9th is a sunday lol",
    )
    assert "19th" in files
    assert "on the 9th of June" not in files


def test_a_numbered_setting_denied_then_checked_says_both() -> None:
    kept = facts(("user", "correction, the synth is NOT on channel 3. checked and its channel 5"))
    assert any("channel 5, not channel 3" in line for line in kept)


def test_news_of_a_day_that_opens_a_pasted_log_is_not_kept() -> None:
    kept = facts(
        (
            "user",
            "Tuesday update: since Friday, 9 deploys, all fine except one:\n"
            "```\nError: connect ECONNREFUSED 127.0.0.1:5432\n```\nIt was the 03:00 one.",
        )
    )
    assert kept == []


def test_what_was_checked_without_its_subject_is_not_a_fact() -> None:
    assert facts(("user", "confirmed boots on the new card")) == []
    assert facts(("user", "ugh it's november already. I need to do this week")) == []


def test_the_task_in_hand_and_the_moments_wish_are_not_facts() -> None:
    kept = facts(
        ("user", "Right. I have to respond to this review. Here it is:"),
        ("user", "Then I'm done for today, I just want to go to bed 😴"),
    )
    assert kept == []


def test_since_i_am_is_a_learners_since_i_was_not_an_age() -> None:
    kept = facts(("user", "wow so long. in Lagos I cook since I am 16, every day"))
    assert not any("is 16" in line for line in kept)
    assert facts(("user", "I'm 38 and new to Hull"))[:1] == ["User is 38."]


def test_a_feeling_in_a_part_and_a_bloke_one_knows_are_not_facts() -> None:
    kept = facts(
        ("user", "honestly I'm a guilty mum this week"),
        ("user", "nah but I know a bloke"),
    )
    assert kept == []
    assert facts(("user", "I'm a proud dad of three")) == ["User is a proud dad of three."]


def test_facts_listed_with_one_i_are_each_kept() -> None:
    kept = facts(("user", "I'm a plumber, live in Hexham, play darts on Fridays."))
    assert "User is a plumber." in kept
    assert "User lives in Hexham." in kept
    assert not any(", live in" in line for line in kept)


def test_a_so_is_my_partner_adds_no_one_and_leaves_the_fact() -> None:
    kept = facts(("user", "Menu: I'm vegan and so is my partner, want something easy."))
    assert "User is vegan." in kept
    assert not any("so is" in line for line in kept)


def test_a_like_after_a_comma_is_not_a_taste() -> None:
    kept = facts(("user", "I work nights mostly, like 10 till 6."))
    assert not any(line.startswith("User likes") for line in kept)


def test_how_much_before_a_condition_keeps_the_condition() -> None:
    kept = facts(("user", "Cave tour no way — I'm terribly claustrophobic, I'd panic."))
    assert any("claustrophobic" in line for line in kept)


def test_a_pet_named_with_its_breed_in_brackets() -> None:
    kept = facts(("user", "Yesterday Pudding (our cocker) ate a whole sock, vet says he's fine."))
    assert any("Pudding" in line and "cocker" in line for line in kept)


def test_a_tidied_draft_signed_with_a_name_block_names_the_user() -> None:
    kept = facts(
        (
            "user",
            "Can you tidy this up? Going to the whole warehouse.\n\n---\nHi team,\n\n"
            "From Monday the loading bay closes at 6pm, not 7pm.\n\nThanks all.\n\nRowan\n\n"
            "Rowan Achterberg\nHead of Operations\nKestrel Freight, Tilbury\n---",
        )
    )
    assert "User is Rowan Achterberg." in kept
    assert "User's job title is Head of Operations." in kept


def test_a_head_count_put_right_is_not_said_of_the_user() -> None:
    kept = facts(("user", "Oh wait, it's 9 of us now, not 7, two joined in May."))
    assert not any("of User" in line for line in kept)


def test_a_mate_before_what_the_speaker_is_is_whom_it_is_said_to() -> None:
    assert facts(("user", "mate im a welder. course I own a grinder")) == ["User is a welder."]


def test_a_friend_calling_the_user_by_name_in_lower_case_names_them() -> None:
    chat = [
        ("user", "MALIK"),
        ("user", "guess who passed"),
        ("assistant", "NO WAY"),
        ("assistant", "kenna you legend"),
        ("user", "i know. i cried in the car park"),
        ("assistant", "proud of you. dinner on me friday"),
        ("user", "deal. i'm your favourite cousin kenna and don't forget it"),
        ("assistant", "KENNA I'm so proud"),
        ("user", "stoppp"),
        ("assistant", "ok ok. friday 7, the thai place"),
    ]
    assert "User's name is Kenna." in facts(*chat)


def test_the_band_one_plays_in_and_ones_part_in_it() -> None:
    kept = facts(
        ("user", "gig's on the 3rd. (we're the night owls btw, 5 piece ceilidh band, im fiddle)")
    )
    assert "User plays in a 5-piece ceilidh band called the night owls." in kept
    assert "User plays fiddle." in kept


def test_a_thing_ditched_for_another_is_a_choice() -> None:
    kept = facts(("user", "change of plan. ditching the garmin, got a coros pace instead."))
    assert "User chose coros pace instead of garmin." in kept


def test_never_anyway_is_a_habit_of_ones_own_not_a_rule_for_the_answers() -> None:
    kept = facts(("user", "fine. never wear the orange jersey outside anyway."))
    assert not any("the assistant" in line for line in kept)
    assert facts(("user", "never use emoji please")) == [
        "User wants the assistant to never use emoji."
    ]


def test_a_particle_of_politeness_and_a_how_often_do_not_hide_the_wish() -> None:
    kept = facts(("user", "please answer in short sentences ka, sometimes I use a translator"))
    assert any(line.startswith("User wants the assistant to answer in short") for line in kept)


def test_a_learners_hour_and_married_with() -> None:
    assert facts(("user", "I work 30 hour a week")) == ["User works 30 hours a week."]
    assert facts(("user", "Now I am married with Scottish man.")) == [
        "User is married to a Scottish man."
    ]
    assert facts(("user", "I am married with three kids")) == ["User is married with three kids."]


def test_a_residence_stamp_had_is_kept() -> None:
    assert facts(("user", "I have stamp 4 since last year.")) == [
        "User has stamp 4 since last year."
    ]


def test_a_label_that_names_a_topic_is_not_someone_elses_line() -> None:
    assert facts(("user", "Food: I'm pescatarian.")) == ["User is pescatarian."]


def test_a_job_one_somehow_ended_up_in_is_still_ones_job() -> None:
    kept = facts(("user", "I'm the backend dev who somehow ended up running the on-call rota."))
    assert kept == ["User is the backend dev who ended up running the on-call rota."]


def test_keep_using_in_examples_is_a_standing_wish_after_a_lead_in() -> None:
    kept = facts(("user", "Before we go on — please keep using Kotlin in examples."))
    assert kept == ["User wants the assistant to keep using Kotlin in examples."]
    assert facts(("user", "keep using the same layout please")) == []


def test_an_option_turned_down_with_its_reason_after_a_dash() -> None:
    kept = facts(
        ("assistant", "You could also try canary releases, which would catch this earlier."),
        ("user", "No canary releases for now — we only have one cluster and no budget."),
    )
    assert any(line.lower() == "user decided: no canary releases." for line in kept)


def test_a_learners_is_before_a_value_put_right_is_its() -> None:
    kept = facts(
        ("user", "I need renew my visa. I have stamp 1G. how I do it?"),
        ("assistant", "OK. Are you still a student?"),
        ("user", "oh sorry, is stamp 2A not 1G!! I confuse."),
    )
    assert kept == ["User has stamp 2A (not 1G)."]
    assert facts(("user", "I study after work, 1 hour a day")) == [
        "User studies after work, 1 hour a day."
    ]


def test_a_man_by_name_is_never_a_later_she() -> None:
    kept = facts(
        ("user", "my landlord is a bloke called Desmond who loves rules"),
        ("assistant", "Sounds like a character."),
        ("user", "my flatmate Ines is training for the Leeds half and she wants me to cheer"),
        ("assistant", "What will your sign say?"),
        ("user", '"run like Desmond wants the rent"'),
        ("assistant", "Perfect."),
        ("user", "also she wants to adopt a cat"),
    )
    assert not any("Desmond wants to adopt" in line for line in kept)


def test_someone_elses_friend_is_not_the_relation() -> None:
    kept = facts(("user", "Gavin's my husband's friend, he's lending us the van."))
    assert "User's husband is Gavin." not in kept


def test_praise_for_a_tip_after_but_is_not_part_of_the_fact() -> None:
    kept = facts(("user", "I already use a cork block, but soaking the reed first — genius."))
    assert kept == ["User already uses a cork block."]


def test_ones_own_occasion_said_as_its_day_with_why_it_matters_after() -> None:
    kept = facts(
        ("user", "small confession: it's my 50th on the 9th of March, which is why I want this.")
    )
    assert kept == ["User's 50th is on the 9th of March (as of 2026-03-02)."]


def test_what_one_has_told_someone_is_ones_own_statement() -> None:
    kept = facts(("user", "With the knee, I've told Priya I'm doing 10 laps, not 20."))
    assert kept == ["User is doing 10 laps, not 20."]


def test_a_bio_item_with_i_left_out_is_what_one_is_and_did() -> None:
    kept = facts(
        ("user", "Bits for the bio:\n- self-taught, started pottery in 2017 after a night class")
    )
    assert "User is self-taught." in kept
    assert "User started pottery in 2017 after a night class." in kept


def test_where_a_learner_works_now_said_first() -> None:
    assert facts(("user", "in Canada now I work as a cleaner, 30 hour a week.")) == [
        "User works as a cleaner in Canada, 30 hours a week."
    ]


def test_hours_put_right_after_a_dash_without_a_comma() -> None:
    kept = facts(
        ("user", "I work in a bakery in Tralee, only as cleaner, 16 hour a week."),
        ("assistant", "OK."),
        (
            "user",
            "my job same but my hours change — now I do 22 hour a week not 16, boss give more.",
        ),
    )
    assert kept == ["User works in a bakery in Tralee, only as cleaner, 22 hours a week (not 16)."]


def test_a_qualification_listed_after_a_job_stays_with_it() -> None:
    kept = facts(("user", "I'm a dental nurse, qualified in 2019, now at a practice in Frome."))
    assert kept == ["User is a dental nurse, qualified in 2019, now at a practice in Frome."]


def test_how_badly_before_an_allergy_keeps_the_allergy() -> None:
    assert facts(("user", "I'm very allergic to wasps, EpiPen and all."))[:1] == [
        "User is very allergic to wasps, EpiPen and all."
    ]
    assert facts(("user", "I'm really allergic.")) == []


def test_a_learners_code_for_a_code_without_a_comma() -> None:
    files = dreamed(
        "my daughter start new school, she is in class Y4. what she need?",
        "sorry sorry, is Y5 not Y4!! I confuse.",
    )
    assert "class Y5" in files
    assert "class Y4" not in files.replace("(not Y4)", "")
