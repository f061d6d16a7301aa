"""Values said wrong and said again, whose words a report is, and what "we" stands for.

"Sorry — one thing: I said 9 miles. It's 6." and "I keep saying I'm turning 30. I'm
turning 31." mend the line they correct (and an age put right moves the age now with
it); "its not 15 its the 13in" mends a figure written with its unit; "Typo — it's 3.9%,
not 3.4" and "I said 3.10 — we actually moved to 3.13" are corrections; "yes the 18th"
answering "didn't you say the 18th?" moves a day; "Says my hip is fine but my hamstrings
are 'lazy'" is the physio's word, not a fact; "I teach at Hollins Academy — we have 900
pupils" is the school's size, not the user's; "new rota is Thursday to Sunday" replaces
the old rota; a blank "[Landlord's name]" in a draft is whom "her name is Maud" names.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

from offline_facts import dreamed, facts, remembered


def test_a_lead_in_before_a_colon_leaves_the_correction_whole() -> None:
    kept = facts(
        ("user", "I run to work twice a week, about 9 miles each way."),
        ("assistant", "That's a solid base."),
        ("user", "Ah — one thing: I said 9 miles each way for the run. It's 6."),
    )
    assert kept == ["User runs to work twice a week, about 6 miles each way (not 9)."]


def test_an_age_said_wrong_again_and_again_is_put_right_with_the_age_now() -> None:
    said = dreamed(
        "I'm 29, turning 30 in June. I work nights at the sorting office.",
        "hang on. I keep saying I'm turning 30. I'm turning 31. Born in 1995.",
    )
    assert "User is 30, turning 31 in June." in said
    assert "29" not in said


def test_a_figure_written_with_its_unit_is_mended_by_the_bare_old_figure() -> None:
    kept = facts(
        ("user", "bought a 15in macbook air off ebay. mostly for music"),
        ("assistant", "nice, good for logic"),
        ("user", "sry its not 15 its the 13in. read the box wrong"),
    )
    assert kept == ["User bought a 13in macbook air off ebay (not 15)."]


def test_a_typo_owned_before_a_dash_is_a_correction() -> None:
    kept = facts(
        ("user", "We have £240,000 on the mortgage, fixed at 3.4% until March 2028."),
        ("assistant", "A good rate."),
        ("user", "Typo — it's 3.9%, not 3.4. Should we overpay?"),
    )
    assert kept == ["User has £240,000 on the mortgage, fixed at 3.9% until March 2028 (not 3.4)."]


def test_a_sorry_with_the_old_figure_named_is_read_once() -> None:
    kept = facts(
        ("user", "Our savings rate is 4.1%."),
        ("assistant", "Noted."),
        ("user", "sorry, it's 4.6%, not 4.1."),
    )
    assert all("not 4.1.%" not in line for line in kept)
    assert kept == ["User's savings rate is 4.6% (not 4.1)."]


def test_a_version_said_wrong_then_moved_to_is_put_right() -> None:
    kept = facts(
        ("user", "Our backend runs on Node 18 and MySQL 8."),
        ("assistant", "Got it."),
        ("user", "Quick correction: I said 18 — we actually moved to 20 in the spring."),
    )
    assert kept == ["The backend runs on Node 20 and MySQL 8 (not 18)."]


def test_a_yes_to_the_day_the_other_side_asked_about_moves_the_day() -> None:
    kept = facts(
        ("user", "we're moving on the 11th"),
        ("assistant", "didnt you say the 18th last week? when your dad has the van"),
        ("user", "argh yes 18th. the 11th is when we sign"),
    )
    assert kept == ["User is moving on the 18th (not the 11th)."]


def test_a_bare_yes_with_a_day_no_one_asked_about_moves_nothing() -> None:
    kept = facts(
        ("user", "we're moving on the 11th"),
        ("assistant", "exciting!! need a hand?"),
        ("user", "yes 18th is the party though"),
    )
    assert any(line.startswith("User is moving on the 11th") for line in kept)
    assert not any("18th" in line for line in kept)


def test_what_someone_said_runs_on_into_the_next_clause_about_a_thing() -> None:
    kept = facts(
        (
            "user",
            "Saw the physio about my hip. Says the hip is fine but my hamstrings are 'lazy'.",
        )
    )
    assert not any("hamstrings" in line for line in kept)


def test_what_someone_said_stops_at_a_clause_with_a_subject_of_its_own() -> None:
    kept = facts(("user", "Our Ben says he's too old for it now, he is 14 and acts 30."))
    assert any("14" in line for line in kept)


def test_we_after_the_place_the_speaker_works_is_the_place() -> None:
    kept = facts(("user", "I teach chemistry at Hollins Academy — we have 900 pupils."))
    assert "User teaches chemistry at Hollins Academy." in kept
    assert "Hollins Academy has 900 pupils." in kept
    assert not any(line.startswith(("User has 900", "The team has")) for line in kept)


def test_what_we_make_is_not_said_of_the_place() -> None:
    kept = facts(("user", "I'm a backend dev at Quillon — we build payroll software for vets."))
    assert "User is a backend dev at Quillon." in kept
    assert not any(line.startswith(("Quillon builds", "User builds")) for line in kept)


def test_a_system_switched_to_replaces_the_one_used() -> None:
    said = dreamed(
        "on debian. python from apt",
        "debian upgrade broke my wifi driver. switched to mint 22 yesterday, cba anymore",
    )
    assert "User switched to mint 22" in said
    assert "Debian" not in said and "cba" not in said


def test_a_system_on_one_machine_leaves_the_other_alone() -> None:
    said = dreamed("on ubuntu. node from nvm", "switched to fedora on the work laptop")
    assert "User uses Ubuntu." in said


def test_a_new_rota_said_as_new_replaces_the_old_one() -> None:
    said = dreamed(
        "My shifts are Monday and Tuesday evening and Sunday.",
        "Boss replied: new shifts are Thursday and Friday 4 to 10, and Sunday same as before.",
    )
    assert "User's shifts are now Thursday and Friday 4 to 10, and Sunday." in said
    assert "Monday and Tuesday" not in said


def test_a_name_filling_a_draft_s_blank_names_whom_the_blank_was_for() -> None:
    kept = facts(
        ("user", "My landlady wants to put the rent up and my partner is away, can you help?"),
        ("assistant", "Of course:\n\nDear [Landlady's name],\n\nThank you for your letter."),
        ("user", "Thanks. Her name is Maud. She wants £50 more."),
    )
    assert "User's landlady's name is Maud." in kept
    assert not any("partner" in line and "Maud" in line for line in kept)


def test_a_word_opening_a_sentence_is_no_value_to_swap() -> None:
    said = remembered(
        ("user", "I want to get my CELTA this year."),
        ("assistant", "Great goal."),
        ("user", "Other question, not CELTA. I work three days at a bakery."),
    )
    assert "User wants to get their CELTA this year." in said
    assert not any("Other" in line for line in said)


def test_a_thing_by_its_number_is_no_she() -> None:
    kept = facts(
        ("user", "my son is in Class 3."),
        ("assistant", "ok"),
        ("user", "Sorry, Class 4, not Class 3! He moved up this week."),
    )
    assert not any(line.startswith("Class ") for line in kept)


def test_when_without_what_is_no_fact() -> None:
    kept = facts(("user", "We left Croydon in March, we live in Sutton now. Croydon was before."))
    assert not any(line.startswith("Croydon was") for line in kept)


def test_a_promise_to_report_back_is_no_fact() -> None:
    assert facts(("user", "Sorted, thanks. I'll let you know how it goes after the 9th.")) == []


def test_how_many_on_the_team_is_the_team_s_size() -> None:
    kept = facts(("user", "Priya joined last week, so we're seven on the team now, not six."))
    assert kept == ["User's team is seven people now, not six."]


def test_a_home_left_said_beside_the_move_is_said_by_the_move() -> None:
    kept = facts(
        ("user", "I live in Hove with my partner."),
        ("assistant", "Lovely."),
        ("user", "Small update: we don't live in Hove now, we moved to Lewes in May."),
    )
    assert kept == ["User moved to Lewes in May."]


def test_a_count_put_right_mends_only_a_count_of_the_same_unit() -> None:
    said = remembered(
        ("user", "My exam is on 12 May."),
        ("assistant", "Good luck."),
        ("user", "Actually a correction: it's 11 years, not 12. Anyway."),
    )
    assert any("12 May" in line for line in said)


def test_a_home_not_yet_moved_into_stays_said() -> None:
    kept = facts(("user", "Post it to the hotel, I don't live in Ranelagh yet. I live in Dublin."))
    assert any("Ranelagh yet" in line for line in kept)


def test_answers_a_bit_shorter_and_no_essays_are_one_wish() -> None:
    assert facts(("user", "Could you also make answers a little shorter?")) == [
        "User wants the assistant to give shorter answers."
    ]
    assert facts(("user", "I mark papers all day, I don't want essays from you either.")) == [
        "User wants the assistant to give short answers."
    ]


def test_what_the_speaker_ended_up_doing_is_what_they_did() -> None:
    kept = facts(("user", "The Brompton was sold out, so I ended up buying a Tern Link instead."))
    assert kept == ["User bought a Tern Link instead."]


def test_a_name_given_for_a_signature_is_the_speaker_s_name() -> None:
    kept = facts(("user", "Lovely. Send it under my name as Morwenna Pascoe, the school knows me."))
    assert "User's name is Morwenna Pascoe." in kept


def test_a_clause_left_without_its_subject_still_says_whom_his_is() -> None:
    said = "need a 2nd one for my mum. her 60th is 9 june. she lives in rye so diff bus"
    kept = facts(("user", said))
    assert "User's mum's 60th is 9 June." in kept
    assert "User's mum lives in rye." in kept


def test_a_stack_taken_up_after_one_ditched_is_a_switch() -> None:
    kept = facts(("user", "ok ditching flask. fastapi + uvicorn + sqlmodel"))
    assert kept == ["User switched from flask to fastapi + uvicorn + sqlmodel."]


def test_none_in_one_place_or_anywhere_is_none_anywhere() -> None:
    assert facts(("user", "no emojis in the changelog pls. or anywhere tbh")) == [
        "User wants no emojis anywhere."
    ]


def test_someone_turning_an_age_on_a_day_is_not_that_age_yet() -> None:
    kept = facts(("user", "My daughter Ines is turning 6 on 3 May and she has a nut allergy."))
    assert any(line.startswith("User's daughter Ines turns 6 on 3 May") for line in kept)
    assert "User's daughter Ines has a nut allergy." in kept
    assert "Ines is 6." not in kept


def test_a_rent_said_figure_first_is_the_speaker_s_rent() -> None:
    kept = facts(("user", "keys on friday!! £175 a week desk rent, wifi and coffee included"))
    assert "User's desk rent is £175 a week, wifi and coffee included." in kept


def test_someone_s_due_is_when_she_is_due() -> None:
    kept = facts(("user", "heads up: my wife's due in late April, so I'll be off for a bit."))
    assert [line.split(" (as of")[0] for line in kept] == ["User's wife is due in late April"]


def test_a_name_written_into_a_header_is_the_speaker_s_name() -> None:
    kept = facts(("user", "Add a header to each file with my name and team. Aoife Brennan, Data."))
    assert "User's name is Aoife Brennan." in kept


def test_the_whole_file_when_code_is_given_is_a_wish() -> None:
    kept = facts(("user", "Also: when you send me code, give me the whole file, not diffs."))
    assert kept == [
        "User wants the assistant to give the whole file, not diffs, when the assistant sends "
        "them code."
    ]


def test_how_someone_was_is_left_with_the_line_it_came_with() -> None:
    kept = facts(("user", "my aunt Rosa has diabetes and she is not so good this winter."))
    alone = [line for line in kept if "not so good" in line and "diabetes" not in line]
    assert alone == []


def test_a_quoted_draft_of_the_speaker_s_own_statement_is_their_word() -> None:
    kept = facts(
        (
            "user",
            'Can you check the start of my personal statement?\n\n"I am a qualified nurse with '
            "six years experience on a cardiac ward in Accra. I have a diploma in Nursing from "
            'the University of Ghana."',
        )
    )
    assert "User has a diploma in Nursing from the University of Ghana." in kept


def test_a_quoted_passage_of_someone_else_stays_theirs() -> None:
    kept = facts(
        (
            "user",
            'My manager wrote this: "I have a diploma in Nursing from the University of Ghana and '
            'I love the ward." What does she mean?',
        )
    )
    assert not any("diploma" in line for line in kept)


def test_a_sum_put_right_replaces_the_line_that_held_it() -> None:
    said = "My flat is on the 2nd floor and the rent is £870 a month."
    for mended in ("I meant £910, not £870", "sorry it isn't 870, it's 910"):
        kept = facts(("user", said), ("assistant", "Noted."), ("user", mended))
        assert len(kept) == 1 and "910" in kept[0], kept
        assert "£870 a month" not in kept[0]


def test_a_cry_after_the_fact_is_no_part_of_it() -> None:
    assert facts(("user", "earlies at the bakery again, kill me")) == [
        "User works earlies at the bakery."
    ]
    assert [line.split(" (as of")[0] for line in facts(("user", "turning 50 in May, yikes"))] == [
        "User is turning 50 in May."
    ]
    kept = facts(("user", "I must finish the tax return tonight or my accountant kill me"))
    assert not any(line.endswith("or my accountant.") for line in kept)


def test_a_weekday_put_right_takes_its_old_date_with_it() -> None:
    for mended, now in (
        ("No wait, it's Wednesday", "User's dentist appointment is on Wednesday (not Monday)."),
        ("sorry, Wednesday not Monday", "User's dentist appointment is on Wednesday (not Monday)."),
        ("scrap that, it's the 19th", "User's dentist appointment is on the 19th (not 17th)."),
    ):
        kept = facts(
            ("user", "My dentist appointment is on Monday the 17th."),
            ("assistant", "Noted."),
            ("user", mended),
        )
        assert [line.split(" (as of")[0] for line in kept] == [now], mended


def test_a_weekday_put_right_with_its_own_date_brings_the_date() -> None:
    said = dreamed(
        "they've moved my scan to Monday 9th. same time.",
        "sorry it's Tuesday the 10th, not Monday, wrong line on the letter",
    )
    assert "Tuesday the 10th" in said
    assert "9th" not in said and "Monday" not in said


def test_a_job_quit_takes_the_job_s_line_with_it() -> None:
    start = "I'm a pharmacist at Boots in Hove and I live in Brighton."
    kept = facts(("user", start), ("assistant", "Nice"), ("user", "I quit Boots last week"))
    assert not any("pharmacist at Boots" in line for line in kept)
    assert "User lives in Brighton." in kept
    said = dreamed(start, "I quit Boots yesterday. Locum work for a bit.")
    assert "pharmacist at Boots" not in said
    assert "User quit Boots" in said


def test_a_move_said_then_where_is_a_move() -> None:
    kept = facts(
        ("user", "I live in Hackney."),
        ("assistant", "Nice"),
        ("user", "we've moved!! Walthamstow now, the garden is tiny"),
    )
    assert kept == ["User moved to Walthamstow."]
    moved = facts(("user", "the meeting got moved. Friday now"))
    assert not any(line.startswith("User moved") for line in moved)


def test_a_language_asked_for_from_now_on_is_a_wish() -> None:
    for asked in ("please reply in Catalan from now on", "from now on answer in Welsh"):
        kept = facts(("user", asked))
        wish = "User wants the assistant to answer in "
        assert len(kept) == 1 and kept[0].startswith(wish), asked
    assert facts(("user", "I write in Spanish at work")) == ["User writes in Spanish at work."]


def test_be_blunt_with_me_is_a_wish_about_the_user() -> None:
    assert facts(("user", "be brutally honest with me")) == [
        "User wants the assistant to be brutally honest with them."
    ]


def test_who_is_speaking_said_the_forum_way() -> None:
    assert facts(("user", "retired midwife here")) == ["User is a retired midwife."]
    assert facts(("user", "Hi, paramedic here, quick question about night shifts")) == [
        "User is a paramedic."
    ]
    assert facts(("user", "same here")) == []


def test_work_said_with_a_shrug_or_as_a_verb_of_its_own() -> None:
    assert facts(("user", "work in logistics, nothing glamorous")) == ["User works in logistics."]
    assert facts(("user", "I freelance as a sound editor.")) == [
        "User works freelance as a sound editor."
    ]


def test_a_business_run_by_two() -> None:
    assert facts(("user", "My wife and I run a campsite near Keswick.")) == [
        "User and their wife run a campsite near Keswick."
    ]
