"""When Dream runs next: every ``interval_h`` hours, or on a cron expression.

The maths is pure (:class:`DreamSchedule`); the time of the last run lives in
the workspace (``memory/.dream_state.json``, written atomically), so a restart
neither skips nor doubles a run:

- **interval**: the next run is the last completed run plus ``interval_h``
  hours of real (UTC) time; DST changes do not move it.
- **cron** (takes precedence): the next run is the first time the expression
  fires *after* the last completed run, evaluated on the wall clock of the
  schedule's time zone (the local zone by default). A wall time that does not
  exist on a spring-forward day fires once, moved forward by the jump (02:30
  becomes 03:30); a wall time that happens twice on a fall-back day fires once, the
  first time. A machine that was off at the firing time runs once when it is
  back, not once per missed firing.
- **never run**: due at once.
- **after a failed run** (incomplete or rejected): retried after a delay that
  doubles while the failures go on (``retry_delay``, then about as long as the
  failing streak has lasted) and never exceeds the schedule's own period (the
  interval, or the time to the next cron firing). A passing glitch is retried
  within minutes, while a batch that fails every time (a guard rejecting it, a
  model that loops) costs no more runs than the schedule itself: without the
  cap, a 15-minute retry would try it 96 times a day.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from croniter import CroniterBadDateError, croniter

from reverie._atomic import write_text_atomic
from reverie._jsonline import loads_line
from reverie._logging import OnceWarner, get_logger
from reverie._readfile import read_regular_file
from reverie.errors import ConfigError, StoreError, UserError
from reverie.redact import redact

if TYPE_CHECKING:
    from reverie.config import DreamSettings

__all__ = [
    "DEFAULT_RETRY_DELAY",
    "STATE_NAME",
    "DreamSchedule",
    "DreamState",
    "local_timezone",
    "read_dream_state",
    "record_dream_run",
]

STATE_NAME = ".dream_state.json"
"""Where the last run is recorded, in ``memory/``."""
DEFAULT_RETRY_DELAY = timedelta(minutes=15)
"""How long after the first failed run of a streak the schedule waits before it is due again."""

_log = get_logger("dream.schedule")
_warner = OnceWarner(_log)
_MAX_CRON_STEPS = 10_000
_MAX_INTERVAL_H = 24 * 366 * 10
"""Ten years: a longer interval is a typo, and past it date arithmetic overflows."""


def local_timezone() -> tzinfo:
    """The machine's time zone with its DST rules (``TZ``, else ``/etc/localtime``).

    Falls back to the current fixed UTC offset when no zone database entry is found.
    """
    name = os.environ.get("TZ", "").lstrip(":")
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    try:
        with open("/etc/localtime", "rb") as handle:
            return ZoneInfo.from_file(handle, key="localtime")
    except (OSError, ValueError):
        pass
    fixed = datetime.now().astimezone().tzinfo
    return fixed if fixed is not None else UTC


def _aware(name: str, value: datetime) -> datetime:
    if not isinstance(value, datetime):
        raise UserError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise UserError(f"{name} must be timezone-aware (e.g. datetime.now(UTC)), got {value}")
    return value


@dataclass(frozen=True)
class DreamSchedule:
    """When Dream is due.

    Args:
        interval_h: Hours between runs, counted from the last completed run.
        cron: A 5-field cron expression; when non-empty it wins over ``interval_h``.
        tz: Time zone the cron expression is read in (default: the local zone).
        retry_delay: Shortest wait after a failed run before the next attempt.

    Example:
        >>> from datetime import datetime, UTC
        >>> schedule = DreamSchedule(interval_h=2)
        >>> schedule.next_run(datetime(2026, 4, 3, 9, 0, tzinfo=UTC), datetime.now(UTC))
        datetime.datetime(2026, 4, 3, 11, 0, tzinfo=datetime.timezone.utc)
    """

    interval_h: float = 2.0
    cron: str = ""
    tz: tzinfo | None = None
    retry_delay: timedelta = DEFAULT_RETRY_DELAY

    def __post_init__(self) -> None:
        if isinstance(self.interval_h, bool) or not isinstance(self.interval_h, int | float):
            raise ConfigError(
                f"dream.interval_h must be a number of hours, got {self.interval_h!r}"
            )
        if not 0 < self.interval_h <= _MAX_INTERVAL_H:
            raise ConfigError(
                f"dream.interval_h must be > 0 and at most {_MAX_INTERVAL_H:,} hours (ten years), "
                f"got {self.interval_h}"
            )
        cron = " ".join((self.cron or "").split())
        # croniter also takes 6 and 7 fields (seconds, years); a Dream schedule with a
        # seconds field is a mistake, so only the classic 5 fields or an @alias pass.
        five_fields = len(cron.split()) == 5 or cron.startswith("@")
        if cron and not (five_fields and croniter.is_valid(cron)):
            raise ConfigError(
                f"dream.cron {self.cron!r} is not a valid 5-field cron expression "
                "(for example '0 3 * * *')"
            )
        if cron:
            try:
                croniter(cron, datetime(2000, 1, 1)).get_next(datetime)
            except CroniterBadDateError:
                raise ConfigError(
                    f"dream.cron {self.cron!r} never fires (no such date); "
                    "check its day and month fields"
                ) from None
        object.__setattr__(self, "cron", cron)

    @classmethod
    def from_settings(cls, settings: DreamSettings, *, tz: tzinfo | None = None) -> DreamSchedule:
        """The schedule of a workspace's ``[dream]`` settings."""
        return cls(interval_h=settings.interval_h, cron=settings.cron, tz=tz)

    @property
    def zone(self) -> tzinfo:
        """The zone cron expressions are read in."""
        return self.tz if self.tz is not None else local_timezone()

    def next_run(
        self,
        last_completed: datetime | None,
        now: datetime,
        *,
        last_failed: datetime | None = None,
    ) -> datetime:
        """When the next run is due, in UTC (may be in the past: then it is due now).

        Args:
            last_completed: End of the last completed run (None: never ran).
            now: The current time (timezone-aware).
            last_failed: End of the last failed run, when it came after
                ``last_completed``: the next try waits at least ``retry_delay``,
                longer the longer the runs have been failing (see the module
                docstring).

        Raises:
            UserError: for a naive datetime.
        """
        now = _utc(_aware("now", now))
        last = None if last_completed is None else _utc(_aware("last_completed", last_completed))
        if last is None:
            due = now
        else:
            due = self._after(last) if self.cron else last + timedelta(hours=self.interval_h)
        if last_failed is not None:
            failed = _utc(_aware("last_failed", last_failed))
            if last is None or failed > last:
                due = self._retry_time(failed, due)
        return due

    def _retry_time(self, failed: datetime, regular: datetime) -> datetime:
        """When to try again after a run failed at ``failed``; ``regular`` was its slot."""
        # The streak started about when the run became due: waiting as long as it
        # has lasted doubles the delay after each failure.
        waited = max(timedelta(0), failed - regular)
        period = self._after(failed) - failed if self.cron else timedelta(hours=self.interval_h)
        return failed + max(self.retry_delay, min(waited, period))

    def is_due(
        self,
        last_completed: datetime | None,
        now: datetime,
        *,
        last_failed: datetime | None = None,
    ) -> bool:
        """True when :meth:`next_run` is not after ``now``."""
        return self.next_run(last_completed, now, last_failed=last_failed) <= now

    def _after(self, last: datetime) -> datetime:
        zone = self.zone
        # Step on the naive wall clock, then place each firing in the zone: croniter's
        # own DST handling differs between versions.
        wall = last.astimezone(zone).replace(tzinfo=None)
        steps = croniter(self.cron, wall)
        for _ in range(_MAX_CRON_STEPS):
            try:
                fired = steps.get_next(datetime)
            except CroniterBadDateError:
                break  # a date that never comes, such as February 31
            candidate = _utc(_place(fired, zone))
            # A fall-back day shows some wall times twice; one already behind us is done.
            if candidate > last:
                return candidate
        raise ConfigError(f"dream.cron {self.cron!r} never fires after {last.isoformat()}")


def _utc(value: datetime) -> datetime:
    # Aware datetimes sharing a tzinfo compare and add on the wall clock, ignoring
    # DST; in UTC every comparison and every added hour is real time.
    return value.astimezone(UTC)


def _place(wall: datetime, zone: tzinfo) -> datetime:
    """A naive wall time as an aware instant; a time inside a DST gap moves past the gap."""
    placed = wall.replace(tzinfo=zone, fold=0)
    roundtrip = placed.astimezone(UTC).astimezone(zone).replace(tzinfo=None)
    if roundtrip != wall:
        # The wall time does not exist (spring forward): fire when the clock jumps.
        return placed.astimezone(UTC).astimezone(zone)
    return placed


@dataclass(frozen=True)
class DreamState:
    """What the workspace remembers about past runs (``memory/.dream_state.json``)."""

    last_completed: datetime | None = None
    """End of the last run that completed (or found nothing to do)."""
    last_attempt: datetime | None = None
    """End of the last run, whatever its outcome."""
    last_status: str | None = None
    last_reason: str | None = None
    last_commit: str | None = None

    @property
    def last_failed(self) -> datetime | None:
        """``last_attempt`` when that attempt did not complete, else None."""
        if self.last_status in ("incomplete", "rejected"):
            return self.last_attempt
        return None

    def to_dict(self) -> dict[str, str | None]:
        """The JSON record."""
        return {
            "last_completed": self.last_completed.isoformat() if self.last_completed else None,
            "last_attempt": self.last_attempt.isoformat() if self.last_attempt else None,
            "last_status": self.last_status,
            "last_reason": self.last_reason,
            "last_commit": self.last_commit,
        }


def _state_path(memory_dir: Path) -> Path:
    return memory_dir / STATE_NAME


def _parse_time(value: object) -> datetime | None:
    if not isinstance(value, str):
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=UTC)


def read_dream_state(memory_dir: Path) -> DreamState:
    """Read ``memory/.dream_state.json``; a missing or damaged file reads as "never ran".

    A damaged file is reported once; treating it as "never ran" makes Dream run
    now, which finds nothing to do when nothing is new.
    """
    path = _state_path(memory_dir)
    try:
        raw = read_regular_file(path, limit=1 << 20, limit_name="the Dream state size limit")
    except FileNotFoundError:
        return DreamState()
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from exc
    try:
        record = loads_line(raw)
        if not isinstance(record, dict):
            raise ValueError("not a JSON object")
        return DreamState(
            last_completed=_parse_time(record.get("last_completed")),
            last_attempt=_parse_time(record.get("last_attempt")),
            last_status=_str_or_none(record.get("last_status")),
            last_reason=_str_or_none(record.get("last_reason")),
            last_commit=_str_or_none(record.get("last_commit")),
        )
    except ValueError as exc:
        _warner.warn(f"state:{path}", "%s is damaged (%s); treating Dream as never run", path, exc)
        return DreamState()


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


def record_dream_run(
    memory_dir: Path,
    *,
    status: str,
    reason: str,
    at: datetime,
    commit: str | None = None,
) -> DreamState:
    """Record a finished run (atomic write) and return the new state.

    ``completed`` and ``nothing_to_do`` move ``last_completed``; every outcome
    moves ``last_attempt``.
    """
    at = _aware("at", at)
    previous = read_dream_state(memory_dir)
    done = status in ("completed", "nothing_to_do")
    state = DreamState(
        last_completed=at if done else previous.last_completed,
        last_attempt=at,
        last_status=status,
        last_reason=redact(reason),  # a provider's 401 body may quote the key
        last_commit=commit if commit is not None else previous.last_commit,
    )
    write_text_atomic(_state_path(memory_dir), json.dumps(state.to_dict(), indent=2) + "\n")
    return state
