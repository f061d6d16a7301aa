"""Birthdays by their number, anniversaries, a part in someone's big day, years of a way of life."""

from __future__ import annotations

import pytest

from offline_facts import facts


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        (
            "Mum's 70th is on the 20th of September.",
            "User's mum's 70th birthday is 20th of September.",
        ),
        (
            "mum and dad's 40th anniversary is 16 august.",
            "User's parents' 40th anniversary is 16 August.",
        ),
        ("our anniversary is 12 April", "User's anniversary is 12 April."),
        ("Ada's 5th birthday is March 2nd.", "Ada's 5th birthday is March 2nd."),
        ("she asked me to be a bridesmaid!", "User is a bridesmaid."),
        ("Kasia asked me to be Zofia's godmother", "User is Zofia's godmother."),
        ("ten years vegan and mum still complains", "User has been vegan for ten years."),
    ],
)
def test_an_occasion_or_a_part_in_one_is_kept(said: str, kept: str) -> None:
    stored = facts(("user", "Ada and Kasia and Zofia say hi"), ("user", said))
    assert kept in stored, stored


def test_best_man_to_someone_not_known_by_name_is_not_a_bare_role() -> None:
    # "chris", typed once in lower case, is no name the chat knows: whose best man is unsure.
    chat = [
        ("user", "TARIQ. mate. how are you"),
        ("assistant", "rob!! good ta lol. u?"),
        ("user", "not bad lol"),
        ("assistant", "chris has officially asked me to be best man"),
    ]
    assert not any("best man" in line for line in facts(*chat))


def test_one_birthday_per_person_however_it_is_said() -> None:
    stored = facts(("user", "Ada and Kasia say hi"), ("user", "Ada's 5th birthday is March 2nd."))
    assert [line for line in stored if "birthday" in line] == ["Ada's 5th birthday is March 2nd."]


@pytest.mark.parametrize("said", ["his 2nd is on 4 june", "Tom is 3 March", "the 40th is on 3 may"])
def test_no_occasion_without_a_plain_owner_and_a_word_or_number_for_it(said: str) -> None:
    assert not any("birthday" in line or "anniversary" in line for line in facts(("user", said)))
