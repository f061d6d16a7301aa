"""Keys never show up in error messages, log records or stored errors."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

import pytest

from reverie import Workspace
from reverie.errors import ConfigError
from reverie.redact import REDACTED, RedactingFilter, redact, register_secret

KEY = "sk-proj-Zq8hV2nLx0P4tR7wB1yK9mC3"


def test_redact_replaces_key_shapes_and_named_values() -> None:
    text = (
        f"Incorrect API key provided: {KEY}. headers: Authorization: Bearer abcdefgh12345678, "
        'x-api-key: "sk-ant-api03-AAAABBBBCCCC", api_key=plainvalue99, '
        "url https://bob:hunter2pw@example.org/v1"
    )
    cleaned = redact(text)
    for secret in (KEY, "abcdefgh12345678", "sk-ant-api03-AAAABBBBCCCC", "plainvalue99"):
        assert secret not in cleaned
    assert "hunter2pw" not in cleaned
    assert "Incorrect API key provided" in cleaned
    assert "Bearer [redacted]" in cleaned
    assert redact("max_tokens=4096") == "max_tokens=4096"


def test_configured_key_values_are_redacted_wherever_they_appear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A key with no telltale shape is still known: it is the configured variable's value.
    monkeypatch.setenv("OPENAI_API_KEY", "plainkey-7f3a9c")
    assert (
        redact("server said: plainkey-7f3a9c is revoked") == f"server said: {REDACTED} is revoked"
    )
    register_secret("direct-secret-4242")
    assert "direct-secret-4242" not in redact("got direct-secret-4242 back")


def test_config_error_does_not_echo_an_api_key(workspace: Path) -> None:
    (workspace / "reverie.toml").write_text(f'provider = "openai"\napi_key = "{KEY}"\n')
    with pytest.raises(ConfigError) as caught:
        Workspace.open(workspace)
    message = str(caught.value)
    assert "api_key" in message and "reverie.toml" in message
    assert KEY not in message
    assert "not shown" in message


def test_config_error_hides_the_value_of_any_secret_named_key(workspace: Path) -> None:
    (workspace / "reverie.toml").write_text(f'[dream]\ntoken = "{KEY}"\n')
    with pytest.raises(ConfigError) as caught:
        Workspace.open(workspace)
    assert KEY not in str(caught.value)


def test_log_records_are_redacted_on_every_reverie_logger(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from reverie._logging import get_logger

    child = get_logger("store.something.deep")
    with caplog.at_level(logging.WARNING, logger="reverie"):
        child.warning("provider said %s", f"bad key {KEY}")
        try:
            raise RuntimeError(f"boom with {KEY}")
        except RuntimeError:
            child.exception("failed")
    text = caplog.text
    assert "bad key" in text and "boom with" in text
    assert KEY not in text


def test_redacting_filter_leaves_plain_records_alone() -> None:
    record = logging.LogRecord("reverie.x", logging.INFO, __file__, 1, "hello %s", ("you",), None)
    assert RedactingFilter().filter(record)
    assert record.getMessage() == "hello you"


async def test_a_401_quoting_the_key_is_stored_nowhere(
    workspace: Path, server: Any, provider_fakes: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    server.script(
        provider_fakes.openai_error(
            401,
            f"Incorrect API key provided: {KEY}. You can find your API key at https://x.",
            "invalid_request_error",
            "invalid_api_key",
        )
    )
    ws = Workspace.open(workspace, provider="openai", model="gpt-test", base_url=f"{server.url}/v1")
    ws.store.append_history("[durable] The user likes tea.", session_key="cli:a")
    result = await ws.dream().run()
    assert result.status == "incomplete"
    assert KEY not in result.reason
    assert "Incorrect API key" in result.reason
    everything = b"".join(path.read_bytes() for path in workspace.rglob("*") if path.is_file())
    assert KEY.encode() not in everything
    state = json.loads((workspace / "memory" / ".dream_state.json").read_text())
    assert REDACTED in state["last_reason"]
    dream_sessions = list((workspace / "sessions").glob("*.jsonl"))
    assert dream_sessions, "the run's conversation is kept as a dream:* session"
