"""Offline chat answers from memory: what is known about the words asked, and where it is kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from reverie.agent import Agent
from reverie.context import ContextBuilder
from reverie.providers.offline import NO_MODEL_REPLY, OfflineProvider
from reverie.providers.offline.answer import answer_from_memory
from reverie.providers.offline.memory_index import memory_lines, search_lines
from reverie.store.memory_store import MemoryStore


def system_prompt(workspace: Path) -> str:
    """The system prompt a real chat turn sends, over a workspace with memory and history."""
    store = MemoryStore(workspace)
    store.write_user("# User\n\n## Diet\n\n- User prefers green tea, not coffee.\n")
    store.write_memory(
        "# Memory\n\n## Facts\n\n- The team decided on Redpanda as the broker.\n"
        "- The team meets on Thursdays.\n"
    )
    store.append_history("[permanent] User is moving to Porto in May.", session_key="cli:default")
    return ContextBuilder(workspace, store=store).build_system_prompt("cli:default")


def ask(prompt: str, *turns: str) -> str:
    messages: list[dict[str, Any]] = [{"role": "system", "content": prompt}]
    for index, text in enumerate(turns):
        messages.append({"role": "user" if index % 2 == 0 else "assistant", "content": text})
    return answer_from_memory(messages)


def test_lines_keep_the_file_and_section_they_came_from(workspace: Path) -> None:
    lines = memory_lines(system_prompt(workspace))
    sources = {line.text: line.source for line in lines}
    assert sources["User prefers green tea, not coffee."] == "USER.md › Diet"
    assert sources["The team decided on Redpanda as the broker."] == "memory/MEMORY.md › Facts"
    history = [line for line in lines if line.text == "User is moving to Porto in May."]
    assert len(history) == 1 and history[0].source.startswith("history ")
    assert not any("helpful assistant" in line.text for line in lines)  # not the identity


def test_words_match_whole_words_so_tea_does_not_find_team(workspace: Path) -> None:
    lines = memory_lines(system_prompt(workspace))
    assert [line.text for line in search_lines(lines, "what tea do I drink?", 5)] == [
        "User prefers green tea, not coffee."
    ]


def test_a_question_is_answered_with_sources_and_the_hint_comes_once(workspace: Path) -> None:
    prompt = system_prompt(workspace)
    first = ask(prompt, "Which broker did we choose?")
    assert first == (
        "From memory:\n- The team decided on Redpanda as the broker. (memory/MEMORY.md › Facts)"
        "\n\n" + NO_MODEL_REPLY
    )
    second = ask(prompt, "Which broker did we choose?", first, "When am I moving?")
    assert second.startswith("From memory:\n- User is moving to Porto in May. (history ")
    assert NO_MODEL_REPLY not in second


def test_an_unknown_word_is_said_to_be_unknown(workspace: Path) -> None:
    prompt = system_prompt(workspace)
    asked = ask(prompt, "hi", "No model is configured", "What is my dog called?")
    assert asked == 'Nothing in memory mentions "dog" or "called" yet.'


def test_a_statement_shows_memory_only_when_it_clearly_touches_it(workspace: Path) -> None:
    prompt = system_prompt(workspace)
    related = ask(prompt, "hi", "No model is configured", "The team meets on Fridays now.")
    assert related == (
        "Noted; this conversation is saved. Memory already says:\n"
        "- The team meets on Thursdays. (memory/MEMORY.md › Facts)"
    )
    unrelated = ask(prompt, "hi", "No model is configured", "I bought a bike.")
    assert unrelated == (
        "Noted; this conversation is saved and will reach memory when it is consolidated."
    )


async def test_the_agent_gets_a_short_answer_instead_of_a_canned_reply(workspace: Path) -> None:
    provider = OfflineProvider()
    response = await provider.chat_with_retry(
        messages=[
            {"role": "system", "content": system_prompt(workspace)},
            {"role": "user", "content": "Do I drink coffee?"},
        ]
    )
    assert response.content is not None
    assert response.content.startswith("From memory:\n- User prefers green tea, not coffee.")


def test_offline_chat_reaches_history_the_prompt_no_longer_shows(workspace: Path) -> None:
    store = MemoryStore(workspace)
    cursor = store.append_history("[durable] The demo moved to April 29.", session_key="cli:old")
    store.set_last_dream_cursor(cursor)  # Dream has been past it: the prompt leaves it out
    agent = Agent.open(workspace, provider="offline")
    try:
        reply = agent.run_sync("When is the demo?")
    finally:
        agent.workspace.close()
    assert reply.text.startswith(f"From memory:\n- The demo moved to April 29. (history #{cursor}")


def test_what_was_said_earlier_in_the_chat_answers_before_it_reaches_memory(
    workspace: Path,
) -> None:
    prompt = system_prompt(workspace)
    told = "My dog is called Biscuit, he's a Staffie."
    asked = ask(prompt, told, "Noted. No model is configured", "What is my dog called?")
    assert asked == (
        "From memory:\n- My dog is called Biscuit, he's a Staffie. "
        "(said earlier in this conversation)"
    )


def test_a_search_hit_holding_the_question_itself_is_not_an_answer(workspace: Path) -> None:
    prompt = system_prompt(workspace)

    def search(query: str, k: int) -> list[Any]:
        class Hit:
            text = f"[2026-05-01 10:00] user: {query}\n[2026-05-01 10:00] assistant: no idea"

        return [Hit()]

    messages: list[dict[str, Any]] = [
        {"role": "system", "content": prompt},
        {"role": "user", "content": "Where does my sister live?"},
    ]
    answer = answer_from_memory(messages, search=search)
    assert "no idea" not in answer
    assert answer.startswith("Nothing in memory mentions")


def test_the_sentences_a_new_file_opens_with_are_not_memory(workspace: Path) -> None:
    # (a new workspace's USER.md says what it is for: "Stable facts about the user: name, …")
    store = MemoryStore(workspace)
    store.write_user(
        "# User\n\nStable facts about the user: name, preferences, how they like to work.\n"
        "Dream keeps this file up to date from the conversation history; edit it freely.\n"
    )
    prompt = ContextBuilder(workspace, store=store).build_system_prompt("cli:default")
    said = ask(prompt, "hi", "No model is configured", "My name is Ines and I work in Porto.")
    assert said == (
        "Noted; this conversation is saved and will reach memory when it is consolidated."
    )
