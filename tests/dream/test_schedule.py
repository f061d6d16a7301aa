"""Schedule maths: intervals, cron, restarts and DST changes neither skip nor double a run."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from reverie.config import DreamSettings
from reverie.dream.schedule import DreamSchedule, read_dream_state, record_dream_run
from reverie.errors import ConfigError, UserError

BERLIN = ZoneInfo("Europe/Berlin")


def at(*args: int, fold: int = 0) -> datetime:
    return datetime(*args, tzinfo=BERLIN, fold=fold)  # type: ignore[misc]


def simulate(schedule: DreamSchedule, start: datetime, end: datetime, step: timedelta) -> list:
    """Tick a scheduler (in real time) from ``start``, when a run had just completed, to
    ``end``; each due tick is a run that completes at once."""
    runs = []
    last = now = start.astimezone(UTC)
    while now <= end.astimezone(UTC):
        if schedule.is_due(last, now):
            runs.append(now)
            last = now
        now += step
    return runs


def test_interval_counts_from_the_last_completed_run() -> None:
    schedule = DreamSchedule(interval_h=2)
    last = datetime(2026, 4, 3, 9, 0, tzinfo=UTC)
    assert schedule.next_run(last, last) == datetime(2026, 4, 3, 11, 0, tzinfo=UTC)
    assert not schedule.is_due(last, last + timedelta(hours=1, minutes=59))
    assert schedule.is_due(last, last + timedelta(hours=2))


def test_never_run_is_due_now() -> None:
    now = datetime(2026, 4, 3, 9, 0, tzinfo=UTC)
    assert DreamSchedule(interval_h=6).is_due(None, now)
    assert DreamSchedule(cron="0 3 * * *", tz=BERLIN).is_due(None, now)


def test_interval_is_real_time_across_dst() -> None:
    schedule = DreamSchedule(interval_h=2)
    # 00:00 CET + 2 real hours is 03:00 CEST on the spring-forward night.
    assert schedule.next_run(at(2026, 3, 29, 0, 0), at(2026, 3, 29, 0, 0)) == at(2026, 3, 29, 3, 0)
    # On the fall-back night, 02:00 CEST + 2 h is 03:00 CET.
    last = at(2026, 10, 25, 2, 0)
    assert schedule.next_run(last, last) == at(2026, 10, 25, 3, 0)


def test_cron_takes_precedence_over_the_interval() -> None:
    schedule = DreamSchedule(interval_h=1, cron="0 3 * * *", tz=BERLIN)
    last = at(2026, 4, 3, 3, 0)
    assert schedule.next_run(last, last) == at(2026, 4, 4, 3, 0)


def test_cron_on_the_spring_forward_day_runs_once() -> None:
    schedule = DreamSchedule(cron="30 2 * * *", tz=BERLIN)
    runs = simulate(schedule, at(2026, 3, 27, 12, 0), at(2026, 3, 31, 0, 0), timedelta(minutes=5))
    # Once a day; 02:30 does not exist on the 29th, so that run happens at 03:30 CEST,
    # the moment 02:30 CET would have been.
    assert [r.astimezone(BERLIN).strftime("%d %H:%M") for r in runs] == [
        "28 02:30",
        "29 03:30",
        "30 02:30",
    ]


def test_cron_on_the_fall_back_day_runs_once() -> None:
    schedule = DreamSchedule(cron="30 2 * * *", tz=BERLIN)
    runs = simulate(schedule, at(2026, 10, 24, 12, 0), at(2026, 10, 27, 0, 0), timedelta(minutes=5))
    assert [r.astimezone(BERLIN).strftime("%d %H:%M %Z") for r in runs] == [
        "25 02:30 CEST",  # the first 02:30; the second one (CET) an hour later is not a run
        "26 02:30 CET",
    ]


def test_a_run_finishing_in_the_repeated_hour_is_not_repeated() -> None:
    schedule = DreamSchedule(cron="30 2 * * *", tz=BERLIN)
    finished = at(2026, 10, 25, 2, 10, fold=1)  # 02:10 CET, after 02:30 CEST already passed
    assert schedule.next_run(finished, finished) == at(2026, 10, 26, 2, 30)


def test_hourly_cron_across_the_spring_gap_never_doubles() -> None:
    schedule = DreamSchedule(cron="0 * * * *", tz=BERLIN)
    runs = simulate(schedule, at(2026, 3, 29, 0, 30), at(2026, 3, 29, 5, 0), timedelta(minutes=1))
    instants = [r.astimezone(UTC) for r in runs]
    assert len(instants) == len(set(instants))
    assert [r.astimezone(BERLIN).strftime("%H:%M") for r in runs] == [
        "01:00",
        "03:00",
        "04:00",
        "05:00",
    ]


def test_missed_firings_run_once_when_back() -> None:
    schedule = DreamSchedule(cron="0 3 * * *", tz=BERLIN)
    last = at(2026, 4, 1, 3, 0)
    now = at(2026, 4, 5, 12, 0)  # the machine was off for four days
    assert schedule.is_due(last, now)
    assert schedule.next_run(now, now) == at(2026, 4, 6, 3, 0)


def test_a_failed_run_is_retried_after_the_delay_not_at_every_tick() -> None:
    schedule = DreamSchedule(interval_h=2, retry_delay=timedelta(minutes=15))
    last_ok = datetime(2026, 4, 3, 6, 0, tzinfo=UTC)
    failed = datetime(2026, 4, 3, 8, 1, tzinfo=UTC)
    assert not schedule.is_due(last_ok, failed + timedelta(minutes=10), last_failed=failed)
    assert schedule.is_due(last_ok, failed + timedelta(minutes=15), last_failed=failed)
    # A failure older than the last success does not delay anything.
    assert schedule.is_due(failed, failed + timedelta(hours=2), last_failed=last_ok)


def test_restarts_read_the_last_run_from_the_workspace(workspace: Path) -> None:
    memory = workspace / "memory"
    schedule = DreamSchedule(interval_h=2)
    assert read_dream_state(memory).last_completed is None
    done = datetime(2026, 4, 3, 9, 0, tzinfo=UTC)
    record_dream_run(memory, status="completed", reason="ok", at=done, commit="abc")
    # A new process reads the state back: no skipped run, no doubled run.
    state = read_dream_state(memory)
    assert state.last_completed == done and state.last_commit == "abc"
    assert not schedule.is_due(state.last_completed, done + timedelta(hours=1))
    assert schedule.is_due(state.last_completed, done + timedelta(hours=2))

    failed_at = done + timedelta(hours=2)
    record_dream_run(memory, status="incomplete", reason="provider error", at=failed_at)
    state = read_dream_state(memory)
    assert state.last_completed == done
    assert state.last_failed == failed_at and state.last_commit == "abc"


def test_a_damaged_state_file_reads_as_never_run(workspace: Path) -> None:
    memory = workspace / "memory"
    memory.mkdir()
    (memory / ".dream_state.json").write_text("{not json")
    assert read_dream_state(memory).last_completed is None


def test_bad_arguments_are_named() -> None:
    with pytest.raises(ConfigError, match=r"dream\.cron 'every day'"):
        DreamSchedule(cron="every day")
    with pytest.raises(ConfigError, match=r"dream\.interval_h must be > 0"):
        DreamSchedule(interval_h=0)
    with pytest.raises(UserError, match="now must be timezone-aware"):
        DreamSchedule().next_run(None, datetime(2026, 4, 3, 9, 0))


def test_from_settings() -> None:
    schedule = DreamSchedule.from_settings(DreamSettings(interval_h=3, cron="0 4 * * *"), tz=BERLIN)
    assert (schedule.interval_h, schedule.cron, schedule.tz) == (3, "0 4 * * *", BERLIN)


def test_schedules_that_cannot_work_are_refused_up_front() -> None:
    # Each of these used to be accepted and then crash `reverie status` with an
    # OverflowError or a croniter error, or fire every second.
    with pytest.raises(ConfigError, match=r"dream\.interval_h must be > 0 and at most"):
        DreamSchedule(interval_h=float("inf"))
    with pytest.raises(ConfigError, match=r"dream\.interval_h"):
        DreamSchedule(interval_h=1e12)
    with pytest.raises(ConfigError, match=r"dream\.cron '0 0 31 2 \*' never fires"):
        DreamSchedule(cron="0 0 31 2 *")
    with pytest.raises(ConfigError, match="5-field"):
        DreamSchedule(cron="* * * * * *")
    leap_day = DreamSchedule(cron="0 0 29 2 *", tz=UTC)
    last = datetime(2026, 3, 1, tzinfo=UTC)
    assert leap_day.next_run(last, last) == datetime(2028, 2, 29, tzinfo=UTC)
    assert DreamSchedule(cron="@daily", tz=UTC).next_run(last, last) == last + timedelta(days=1)


def failing_attempts(schedule: DreamSchedule, last_ok: datetime, hours: int) -> list[datetime]:
    """Tick every minute for ``hours``; every attempt fails."""
    attempts: list[datetime] = []
    now = last_ok
    while now <= last_ok + timedelta(hours=hours):
        failed = attempts[-1] if attempts else None
        if schedule.is_due(last_ok, now, last_failed=failed):
            attempts.append(now)
        now += timedelta(minutes=1)
    return attempts


def test_a_batch_that_always_fails_backs_off_to_the_schedule() -> None:
    last_ok = datetime(2026, 4, 3, 6, 0, tzinfo=UTC)
    attempts = failing_attempts(DreamSchedule(interval_h=2), last_ok, hours=24)
    gaps = [(b - a) // timedelta(minutes=1) for a, b in pairwise(attempts)]
    # Quick retries first, then no more often than the schedule itself: a fixed
    # 15-minute retry would have made 89 attempts (each one paid for) in these 22 hours.
    assert gaps[:5] == [15, 15, 30, 60, 120]
    assert all(gap == 120 for gap in gaps[4:])
    assert len(attempts) == 15


def test_a_failing_cron_schedule_never_waits_past_the_next_firing() -> None:
    schedule = DreamSchedule(cron="0 3 * * *", tz=UTC)
    last_ok = datetime(2026, 4, 1, 3, 0, tzinfo=UTC)
    attempts = failing_attempts(schedule, last_ok, hours=72)
    assert attempts[0] == datetime(2026, 4, 2, 3, 0, tzinfo=UTC)
    # After the streak has lasted long enough, each retry waits for the next 03:00.
    assert datetime(2026, 4, 3, 3, 0, tzinfo=UTC) in attempts
    assert datetime(2026, 4, 4, 3, 0, tzinfo=UTC) in attempts
    assert len(attempts) <= 12
