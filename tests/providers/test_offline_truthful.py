"""The offline engine stores only what was said, by whom it was said, in lines that read alone.

Cases from issue 13 and the kinds of talk it found: corrections that must not
splice two statements, chit-chat, fragments, questions, subject-less lines, an
assistant's words, and chats between two people.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reverie.consolidation.archive_prompt import build_archive_messages
from reverie.providers.offline import OfflineProvider
from reverie.providers.offline.dream_merge import entry_facts, merge_facts
from reverie.providers.offline.extract import extract_facts
from reverie.providers.offline.quality import reads_alone
from reverie.providers.offline.transcript import Turn

ROOT = Path(__file__).resolve().parents[2]
AS_OF = re.compile(r" \(as of \d{4}-\d{2}-\d{2}\)")


def msg(
    role: str, content: str, stamp: str = "2026-05-04T09:00:00", **extra: Any
) -> dict[str, Any]:
    return {"role": role, "content": content, "timestamp": stamp, **extra}


async def archive(messages: list[dict[str, Any]]) -> str:
    response = await OfflineProvider().chat_with_retry(messages=build_archive_messages(messages))
    assert response.content is not None
    return response.content


async def test_a_correction_is_stored_whole_and_replaces_the_old_fact() -> None:
    answer = await archive(
        [
            msg("user", "I prefer dark roast coffee, black, no sugar."),
            msg("assistant", "Noted: dark roast."),
            msg("user", "Actually, correction: I prefer green tea, not coffee."),
        ]
    )
    assert answer.splitlines() == [
        "[permanent] User prefers dark roast coffee, black, no sugar.",
        "[correction] User prefers green tea, not coffee.",
    ]
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, _ = merge_facts(empty, entry_facts(answer, "2026-05-04"))
    assert merged["USER.md"] == "# User\n\n- User prefers green tea, not coffee.\n"


@pytest.mark.parametrize(
    ("first", "correction", "kept", "gone"),
    [
        ("my flight is on the 3rd", "sorry I meant the 5th", "flight is on the 5th", "3rd"),
        ("the wedding is on Saturday", "no wait, Sunday", "wedding is on Sunday", "Saturday"),
        ("my budget is 500", "make that 650", "budget is 650", "500"),
        ("my budget is 500", "actually let's say 600", "budget is 600", "500"),
        ("the osce is on the 26th", "osce isnt the 26th its the 27th", "on the 27th", "26th"),
        (
            "our pharm exam is on the 12th march",
            "its now the 19th march not the 12th because of a room booking thing",
            "on the 19th March",
            "12th",
        ),
        ("my flight is on Monday", "my flight isn't Monday, it's Tuesday", "Tuesday", "on Monday"),
    ],
)
async def test_a_correction_that_only_gives_the_new_value_mends_the_line_it_follows(
    first: str, correction: str, kept: str, gone: str
) -> None:
    answer = await archive(
        [
            msg("user", "hi, I'm planning a trip"),
            msg("assistant", "Happy to help."),
            msg("user", first),
            msg("assistant", "Noted."),
            msg("user", correction),
        ]
    )
    empty = {"SOUL.md": "", "USER.md": "", "memory/MEMORY.md": ""}
    merged, _ = merge_facts(empty, entry_facts(answer, "2026-05-04"))
    files = merged["USER.md"] + merged["memory/MEMORY.md"]
    assert kept in files, answer
    assert gone not in files, files


async def test_a_bare_value_with_nothing_to_mend_is_not_stored() -> None:
    answer = await archive(
        [
            msg("user", "I love hiking in the Peak District"),
            msg("assistant", "Lovely."),
            msg("user", "sorry I meant the 5th"),
        ]
    )
    assert "5th" not in answer


@pytest.mark.parametrize(
    "said",
    [
        "24h, then revoke the old key in Stripe.",
        "The team is going in November, not October.",
        "how do I keep momentum on weekends when the routine breaks",
        "can you look at the README and tell me what's missing?",
        "I need some career advice.",
        "ugh long day lol",
        "it's VS Code that's slow with the templates",
        "my back is killing me since the bouldering thing",
        "Quick personal thing: hmm.",
    ],
)
async def test_chit_chat_fragments_questions_and_lines_without_a_subject_hold_nothing(
    said: str,
) -> None:
    assert await archive([msg("user", said)]) == "(nothing)"


async def test_a_moment_is_not_kept_but_who_is_named_in_it_is() -> None:
    said = "my cat Miso is yelling at me for dinner so I'm going to log off in a sec"
    assert await archive([msg("user", said)]) == "[permanent] User has a cat called Miso."


async def test_the_assistants_words_never_become_the_users() -> None:
    answer = await archive(
        [
            msg("user", "Can you suggest a 10k plan?"),
            msg("assistant", "I love running plans! I prefer 8 weeks. You live in Oslo, right?"),
            msg("user", "I run 3 times a week."),
        ]
    )
    assert answer == "[permanent] User runs 3 times a week."


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I'm Jo, backend dev at Fernweh", "[permanent] User is Jo, backend dev at Fernweh."),
        ("call me Sam", "[permanent] User wants to be called Sam."),
        (
            "No wait, I switched to VS Code last month",
            "[correction] User switched to VS Code last month.",
        ),
        ("im lactose intolerant lol", "[permanent] User is lactose intolerant."),
        (
            "- married to Sofie, two daughters",
            "[permanent] User is married to Sofie, two daughters.",
        ),
        (
            "we never squash migrations btw, team rule",
            "[durable] The team never squashes migrations, team rule.",
        ),
    ],
)
async def test_varied_phrasings_become_plain_facts(said: str, stored: str) -> None:
    assert await archive([msg("user", said)]) == stored


async def test_a_friend_in_an_imported_chat_is_named_never_the_assistant() -> None:
    answer = await archive(
        [
            msg("user", "kaiii are you alive", name="Ana"),
            msg("assistant", "barely. moving boxes everywhere", name="Kai"),
            msg("assistant", "also I'm vegetarian now, since last month", name="Kai"),
            msg("user", "lol noted. I have my thesis defense on oct 16", name="Ana"),
            msg("assistant", "and I'm learning catalan finally, classes on tuesdays", name="Kai"),
        ]
    )
    lines = answer.splitlines()
    assert "[durable] Kai is vegetarian now, since last month." in lines
    assert "[durable] Kai is learning catalan finally, classes on Tuesdays." in lines
    assert "[ephemeral] User has their thesis defense on Oct 16 (as of 2026-05-04)." in lines
    assert "assistant" not in answer


async def test_without_name_fields_the_friend_is_named_by_how_the_user_greets_them() -> None:
    answer = await archive(
        [
            msg("user", "morning Tomás! did you see the incident?"),
            msg("assistant", "yeah, I restarted the consumer. Mila had a nightmare lol"),
            msg("user", "oh no. how old is she now"),
            msg("assistant", "5 last month! she started kindergarten in January"),
            msg("assistant", "btw I switched my 1:1s to thursdays, tuesdays were packed"),
        ]
    )
    assert "Tomás" in answer
    assert "the assistant" not in answer
    assert "User switched" not in answer  # Tomás said it, not the user


@contextmanager
def quality_bench() -> Iterator[Any]:
    """The quality benchmark script, loaded as a module (it is not part of the package)."""
    path = ROOT / "benchmarks" / "bench_offline_quality.py"
    spec = importlib.util.spec_from_file_location("bench_offline_quality", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up while being built
    try:
        spec.loader.exec_module(bench)
        yield bench
    finally:
        del sys.modules[spec.name]


def test_the_tuned_conversations_meet_the_quality_goal() -> None:
    """The real pipeline over the tuned eval set: precision >= 95 %, recall >= 50 %."""
    with quality_bench() as bench:
        memory, history = bench.Score(), bench.Score()
        golds = sorted((ROOT / "tests" / "data" / "offline_eval" / "tuned").glob("*.gold.toml"))
        assert len(golds) >= 5
        with bench.tempfile.TemporaryDirectory() as scratch:
            for gold in golds:
                stored, logged, _ = bench.evaluate(bench.load_gold(gold), Path(scratch))
                memory.add(stored)
                history.add(logged)
    bad = [f"{v.where}: {v.line} ({v.reason})" for v in memory.verdicts if not v.correct]
    assert memory.precision >= 0.95, bad
    assert memory.recall >= 0.5 and history.recall >= 0.5


_PIECES = [
    '"',
    " ",
    "I ",
    "my ",
    "we ",
    ", ",
    ". ",
    "not ",
    "(",
    ")",
    "lol ",
    "the ",
    "Priya ",
    "is ",
    "a ",
    "I'm ",
    "and I ",
    "- ",
    "\n",
    "|",
    ":",
    "no, ",
    "it's ",
    "word ",
    "x.y/z ",
    "```",
    "Tuesday ",
    "3.11 ",
    "he ",
    "her ",
    "actually ",
    "please ",
    "always ",
    "?",
    "!",
    "my son Elias ",
    "call me ",
    "we're ",
    "switched to ",
    "prefer ",
    "Kai ",
    "Monday, not Tuesday ",
    "them ",
    "need to ",
    "remind me ",
    "😂 ",
]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(_PIECES), min_size=1, max_size=120).map("".join),
    st.sampled_from([None, "Kai"]),
)
def test_any_chat_text_gives_well_formed_facts_or_none(said: str, friend: str | None) -> None:
    turns = [Turn("user", said, "2026-05-04"), Turn("assistant", said, "2026-05-04", friend)]
    facts = extract_facts(turns)
    assert facts == extract_facts(turns)  # deterministic
    for fact in facts:
        text = AS_OF.sub("", fact.text)
        if fact.tag == "correction" and " corrected" in text.split(":")[0]:
            continue  # "User corrected: it's on Tuesday, not Monday." waits for Dream
        assert reads_alone(text, other_is_person=friend is not None), fact


def test_every_eval_set_loads_and_names_its_facts() -> None:
    """A gold file with a broken pattern or a missing conversation fails here, not in a bench."""
    with quality_bench() as bench:
        for name in bench.SETS:
            golds = sorted((ROOT / "tests" / "data" / "offline_eval" / name).glob("*.gold.toml"))
            assert golds, name
            for gold_path in golds:
                gold = bench.load_gold(gold_path)
                assert gold.conversation.is_file()
                assert any(fact.kind == "current" for fact in gold.facts), gold_path.name
                assert all(fact.keys for fact in gold.facts), gold_path.name
