"""Facts said on the way to something else, and words that only look like facts.

Each case is worded afresh: the rules are written for the shape of a sentence, not for
one conversation's words.
"""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # where home is, said as a distance from it
        ("it's 20 mins on the tram from our flat in Leith", "User lives in Leith."),
        ("10 min by bike from my house in zwolle. no wifi there", "User lives in Zwolle."),
        # where the speaker grew up, told as a memory
        ("We had one bathroom for six of us growing up in Wigan.", "User grew up in Wigan."),
        # an injury after a comma, its "I" left out
        (
            "sorry for typos, sprained my wrist at netball on sunday",
            "User sprained their wrist at netball on Sunday (as of 2026-03-02).",
        ),
        # what a question asks about is the speaker's own fact
        ("Do I mention I'm a qualified first aider?", "User is a qualified first aider."),
        (
            "Should I say I'm doing the CIPD at Leeds Beckett?",
            "User is doing the CIPD at Leeds Beckett.",
        ),
        # what the speaker's machines run, said tersely
        ("desktop runs arch btw, laptop is windows 11", "User's desktop runs Arch Linux."),
        ("desktop runs arch btw, laptop is windows 11", "User's laptop runs Windows 11."),
        (
            "I self-host gitea on my home server",
            "User runs gitea on their home server, self-hosted.",
        ),
        (
            "already selfhost immich on my nas. works fine",
            "User runs immich on their NAS, self-hosted.",
        ),
        # pay and money kept for something
        ("New contract signed! Salary goes up to £52,000.", "User's new salary is £52,000."),
        (
            "I've set aside £3,000 for the new kitchen.",
            "User's budget for the new kitchen is £3,000.",
        ),
        # days off, named first
        ("Wednesdays and Sundays are my days off", "User's days off are Wednesday and Sunday."),
        ("fridays are my day off now so fridays", "User's day off is Friday."),
        # a qualification by its name, a condition in the part named before, the word asked for
        ("I have the Food Hygiene Certificate.", "User has a Food Hygiene Certificate."),
        (
            "my left knee - I've got arthritis in it, it flares up in winter",
            "User has got arthritis.",
        ),
        (
            "I have hérnia de disco, how do you say, herniated disc? Since 2020.",
            "User has a herniated disc.",
        ),
        (
            "I'm doing the CELTA at International House",
            "User is doing the CELTA at International House.",
        ),
    ],
)
def test_a_fact_said_in_passing_is_kept(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "not_stored"),
    [
        # a home left, or somewhere in town, is no home
        ("we moved out of our house in Derby in May", "User lives in Derby."),
        ("we sold our flat in Bath last year", "User lives in Bath."),
        ("from our flat in town it's a long walk", "User lives in Town."),
        # a rate of pay is no salary
        ("my salary went up to £12 an hour", "User's new salary is £12."),
        # an errand with a relation is no name
        ("Collecting my sister from the station at 6.", "User's sister is Collecting."),
        ("Visiting my partner's parents on Saturday.", "User's partner is Visiting."),
        # a learner's "my daughter teacher" is her teacher, not her name
        ("I need to email my daughter teacher about the trip", "User's daughter is Teacher."),
        # an arrival shouted is no home
        ("TOFFEE IS HOME", "User lives in TOFFEE."),
        # an event by its letters is no course
        ("I'm doing the BBQ on Sunday", "User is doing the BBQ on Sunday."),
    ],
)
def test_words_that_only_look_like_a_fact_are_not_kept(said: str, not_stored: str) -> None:
    assert not_stored not in facts(("user", said))


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("pls give weights in grams, my scale has no ounces", "give weights in grams"),
        (
            "And please give temperatures in Celsius, the oven is in C.",
            "give temperatures in Celsius",
        ),
        ("please use celsius, not fahrenheit.", "use Celsius, not Fahrenheit"),
        ("Could you number the steps from now on?", "number the steps"),
        (
            "Can you give me the SQL as a diff from now on, not the whole file?",
            "give the SQL as a diff",
        ),
        (
            "please, always correct me, as a list at the end of your answer",
            "correct their mistakes in a list at the end of each answer",
        ),
    ],
)
def test_a_wish_about_every_answer_asked_in_passing_is_kept(said: str, stored: str) -> None:
    assert any(
        line.startswith(f"User wants the assistant to {stored}") for line in facts(("user", said))
    )


def test_a_question_with_please_correct_me_if_asks_nothing_of_every_answer() -> None:
    assert not any(
        "correct" in line
        for line in facts(("user", "please correct me if I'm wrong, but isn't it 5?"))
    )


def test_a_trip_for_two_in_a_personal_chat_is_no_team() -> None:
    kept = facts(
        ("user", "Planning Porto for half term, two of us."),
        ("assistant", "Lovely."),
        (
            "user",
            "Budget is about €900 total for the two of us excluding flights. "
            "Hotel already booked in Príncipe Real.",
        ),
    )
    assert kept and not any("the team" in line.lower() or "excludings" in line for line in kept)


def test_a_sign_off_the_user_calls_theirs_names_them_and_their_role() -> None:
    kept = facts(
        (
            "user",
            "Looks good. My sign-off is:\n\nKind regards,\nRowena Achterberg\n"
            "Senior Buyer (Homewares)\nPelham & Lowe",
        )
    )
    assert "User is Rowena Achterberg." in kept
    assert "User's job title is Senior Buyer (Homewares)." in kept


def test_the_name_in_the_users_own_git_config_is_theirs() -> None:
    pasted = (
        "commits show the wrong author\n```\n$ git config --global --list\n"
        "user.name=Idris Kaltenbach\nuser.email=idris@example.org\n```"
    )
    assert "User is Idris Kaltenbach." in facts(("user", pasted))


def test_a_name_in_a_config_file_about_git_hooks_is_not_read_without_git_config() -> None:
    pasted = "here's the yaml:\n```\nuser.name=Service Account\n```"
    assert "User is Service Account." not in facts(("user", pasted))


def test_the_manager_named_between_commas_is_kept() -> None:
    said = "The manager, Colette, she say I must do the training first."
    assert "Colette is the manager." in facts(("user", said))


def test_a_job_said_as_an_aside_after_where_one_works_is_kept() -> None:
    said = (
        "Evenings are tight. I'm on the late shift at the Royal Infirmary — porter, 2 till 10 "
        "most days — so weekends it is."
    )
    kept = facts(("user", said))
    assert any(line.startswith("User is a porter at the Royal Infirmary") for line in kept)


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("debian. old dell. mounts at /media/usb0", "User uses Debian."),
        ("fedora 40 yes. why", "User uses Fedora 40."),
    ],
)
def test_a_system_named_as_a_bare_answer_is_the_users(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_a_system_in_passing_is_not_a_bare_answer() -> None:
    assert not any(
        "Linux Mint" in line for line in facts(("user", "mint is fine for that, or ubuntu"))
    )


def test_the_days_a_shared_task_is_the_users_are_kept() -> None:
    said = "Need to log off at 3 — nursery pickup, Mondays and Fridays are mine."
    assert "User does the nursery pickup on Mondays and Fridays." in facts(("user", said))


def test_how_often_said_of_a_condition_just_named_is_kept() -> None:
    said = "bit foggy today, headache again. i get them every other week, annoyingly"
    assert "User gets headaches every other week." in facts(("user", said))


def test_pets_counted_and_named_after_the_animal_are_kept_whole() -> None:
    kept = facts(("user", "my rabbit. i have 3, biscuit, mochi and taro"))
    assert "User has 3 rabbits, Biscuit, Mochi and Taro." in kept
    assert not any(line.startswith("User has 3,") for line in kept)


def test_a_no_ending_a_sentence_is_no_abbreviation() -> None:
    kept = facts(("user", "Mum says no. I've joined the climbing wall on Mill Road."))
    assert "User has joined the climbing wall on Mill Road." in kept
    assert "User lives at no. 14 Acacia Avenue." in facts(
        ("user", "We live at no. 14 Acacia Avenue.")
    )


def test_an_answer_practised_for_an_interview_is_not_how_the_user_lives() -> None:
    kept = facts(
        ("user", "ok ask me the next one"),
        ("assistant", "Question 4: How would you handle a customer who shouts at you?"),
        ("user", "I stay calm and I listen, then I call the manager. I never shout back."),
    )
    assert kept == []


def test_the_time_left_that_day_is_not_kept() -> None:
    assert facts(("user", "Quick one, I have 2 hours before I sleep.")) == []


def test_a_condition_in_the_part_just_named_and_an_office_day_are_kept() -> None:
    said = "sorry, slow today, my knee is bad. arthritis in the left one, cold weather"
    assert "User has arthritis in their left knee." in facts(("user", said))
    office = facts(("user", "office day at brightwell hq in leeds (i'm in on mondays). anyway"))
    assert "User works at Brightwell in Leeds." in office


@pytest.mark.parametrize(
    "said",
    [
        "I'm going to be the girl holding the clipboard lol",
        "she'll be the size of a bus by then",
    ],
)
def test_a_picture_of_oneself_in_banter_is_not_kept(said: str) -> None:
    assert facts(("user", said)) == []


def test_family_news_said_as_what_one_will_be_is_kept() -> None:
    assert "User is going to be a grandad." in facts(("user", "I'm going to be a grandad!!"))


def test_a_family_trip_in_a_work_chat_is_the_users_not_the_teams() -> None:
    kept = facts(
        ("user", "deploy failed again, the api pod OOMs on start"),
        ("assistant", "```yaml\nresources:\n  limits:\n    memory: 512Mi\n```"),
        ("user", "we're away 3-10 apr, skye with jo and the kids. need prod stable before that"),
    )
    assert "User is away 3-10 Apr in Skye with jo and the kids." in kept


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        (
            "Hello! Odd one, but I need help converting my loft into a sewing room.",
            "User is converting their loft into a sewing room.",
        ),
        (
            "I'd like help restoring an old Raleigh road bike",
            "User is restoring an old Raleigh road bike.",
        ),
    ],
)
def test_a_project_asked_help_with_is_kept(said: str, stored: str) -> None:
    assert stored in facts(("user", said))


def test_help_with_a_one_off_text_is_no_project() -> None:
    assert facts(("user", "I need help writing a cover letter for a bakery job.")) == []


def test_a_job_advert_pasted_between_rules_is_the_employers_not_the_users() -> None:
    said = (
        "Help me with a cover letter? Pasting the job ad below. I'm currently a sous chef.\n\n"
        "---\nTHE GREEN ROOM, YORK\nHead Chef – start March\nWe are a busy bistro.\n"
        "Closing date: 14 February 2026\nSalary: £38,000\n---"
    )
    kept = facts(("user", said))
    assert "User is currently a sous chef." in kept
    assert not any("Closing date" in line or "38,000" in line for line in kept)


def test_a_dislike_said_as_a_picture_is_not_a_preference() -> None:
    assert facts(("user", "I'd rather die than do karaoke at the work party.")) == []
    assert "User would rather take the train than fly." in facts(
        ("user", "I'd rather take the train than fly.")
    )
