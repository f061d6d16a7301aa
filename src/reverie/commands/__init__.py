"""The Dream commands the CLI and chat share: ``/dream``, ``/dream-log``, ``/dream-restore``,
``/dream-revert``, ``/dream-prompt``.

Each command returns a :class:`CommandResult`: Markdown text for people and a
``data`` dict for programs. Nothing here prints; the CLI and the chat loop
render the result. :meth:`DreamCommands.handle` parses a typed line and turns a
:class:`~reverie.errors.ReverieError` (an unknown sha, a busy workspace) into a
failed result, so a chat session never dies on a mistyped command::

    commands = DreamCommands(store, dream=Dream(store, provider))
    result = await commands.handle("/dream-log")
    if result is not None:
        render(result.text)

The texts name other commands ("undo it with `/dream-restore <sha>`"). Each
surface spells them its own way: chat keeps the slash forms (:data:`SLASH_NAMES`,
the default), the CLI passes :data:`CLI_NAMES` so its hints read
`reverie dream restore <sha>`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from types import MappingProxyType

from reverie._atomic import write_text_atomic
from reverie.commands.result import CommandResult, commit_row, commit_when
from reverie.commands.versions import VersionCommands
from reverie.dream.commit_message import CURSORS_TRAILER
from reverie.dream.runner import Dream, DreamResult
from reverie.errors import ReverieError, StoreError, UserError
from reverie.store.dream_prompt import WORKSPACE_GUIDE, builtin_dream_guide, read_workspace_guide
from reverie.store.git import parse_trailers
from reverie.store.memory_store import MemoryStore

__all__ = ["CLI_NAMES", "COMMAND_NAMES", "SLASH_NAMES", "CommandResult", "DreamCommands"]

COMMAND_NAMES = ("/dream", "/dream-log", "/dream-restore", "/dream-revert", "/dream-prompt")
"""The commands :meth:`DreamCommands.handle` answers."""

SLASH_NAMES: Mapping[str, str] = MappingProxyType({name: name for name in COMMAND_NAMES})
"""How chat spells the commands: as typed, ``/dream-restore``."""

CLI_NAMES: Mapping[str, str] = MappingProxyType(
    {
        "/dream": "reverie dream run",
        "/dream-log": "reverie dream log",
        "/dream-restore": "reverie dream restore",
        "/dream-revert": "reverie dream revert",
        "/dream-prompt": "reverie dream prompt",
    }
)
"""How the command line spells them: ``reverie dream restore``."""

_LOG_SCAN = 500
_YES = ("--yes", "-y")
"""Confirms a restore that also undoes later changes: ``/dream-restore <sha> --yes``."""


class DreamCommands:
    """The Dream commands of one workspace.

    Args:
        store: The workspace's memory store.
        dream: The Dream that ``/dream`` runs (None: ``/dream`` explains that no
            model is configured; the other commands work without it).
        names: How the surface showing the results spells each command, keyed
            by its slash name (:data:`SLASH_NAMES`, the default, or
            :data:`CLI_NAMES`); a command left out keeps its slash name.

    Raises:
        UserError: ``names`` has a key that is not one of :data:`COMMAND_NAMES`,
            or a value that is not a non-empty string.
    """

    def __init__(
        self,
        store: MemoryStore,
        *,
        dream: Dream | None = None,
        names: Mapping[str, str] = SLASH_NAMES,
    ) -> None:
        for key, value in names.items():
            if key not in COMMAND_NAMES:
                raise UserError(
                    f"names: unknown command {key!r}; expected one of {', '.join(COMMAND_NAMES)}"
                )
            if not isinstance(value, str) or not value.strip():
                raise UserError(f"names[{key!r}] must be a non-empty string, got {value!r}")
        self.store = store
        self.dream_runner = dream
        self.names: Mapping[str, str] = MappingProxyType({**SLASH_NAMES, **names})
        self.versions = VersionCommands(store, self.spell)

    def spell(self, command: str, arguments: str = "") -> str:
        """``command`` (a slash name) as this surface writes it, followed by ``arguments``."""
        name = self.names[command]
        return f"{name} {arguments}" if arguments else name

    @staticmethod
    def handles(line: str) -> bool:
        """True when ``line`` is one of :data:`COMMAND_NAMES` (with arguments)."""
        words = line.strip().split()
        return bool(words) and words[0].lower() in COMMAND_NAMES

    async def handle(self, line: str) -> CommandResult | None:
        """Run the command typed in ``line``; None when it is not a Dream command."""
        words = line.strip().split()
        if not words or words[0].lower() not in COMMAND_NAMES:
            return None
        name, args = words[0].lower(), words[1:]
        confirmed = name == "/dream-restore" and any(arg.lower() in _YES for arg in args)
        if confirmed:
            args = [arg for arg in args if arg.lower() not in _YES]
        try:
            if name == "/dream":
                self._no_args(name, args)
                return await self.dream()
            if name == "/dream-log":
                return self.log(self._one_arg(name, args))
            if name == "/dream-restore":
                return self.restore(self._one_arg(name, args), confirmed=confirmed)
            if name == "/dream-revert":
                sha = self._one_arg(name, args)
                if sha is None:
                    raise UserError(f"{self.spell(name)} needs the sha of the change to undo")
                return self.revert(sha)
            action = self._one_arg(name, args)
            if action not in (None, "init"):
                raise UserError(f"{self.spell(name)} takes no argument or 'init', got {action!r}")
            return self.prompt_init() if action == "init" else self.prompt()
        except ReverieError as exc:
            return CommandResult(
                name, False, f"**{self.spell(name)} failed:** {exc}", {"error": str(exc)}
            )

    def _no_args(self, name: str, args: list[str]) -> None:
        if args:
            raise UserError(f"{self.spell(name)} takes no arguments, got {' '.join(args)!r}")

    def _one_arg(self, name: str, args: list[str]) -> str | None:
        if len(args) > 1:
            raise UserError(
                f"{self.spell(name)} takes at most one argument, got {' '.join(args)!r}"
            )
        return args[0] if args else None

    # -- /dream ------------------------------------------------------------------

    async def dream(self) -> CommandResult:
        """``/dream``: run Dream now."""
        if self.dream_runner is None:
            return CommandResult(
                "/dream", False, "No model is configured for Dream; set a provider first."
            )
        result = await self.dream_runner.run()
        return CommandResult(
            "/dream",
            result.status in ("completed", "nothing_to_do"),
            _describe(result),
            asdict(result),
        )

    # -- /dream-log ----------------------------------------------------------------

    def log(self, sha: str | None = None) -> CommandResult:
        """``/dream-log [sha]``: the latest Dream change, or the given one: message and diff."""
        git = self.store.git
        if sha is None:
            info = next(
                (c for c in git.log(_LOG_SCAN) if CURSORS_TRAILER in parse_trailers(c.message)),
                None,
            )
            if info is None:
                return CommandResult("/dream-log", True, "No Dream has changed memory yet.")
        else:
            self.versions.need_versions(sha)
            diff = git.show(sha)  # raises GitStoreError naming an unknown sha
            info = next((c for c in git.log(_LOG_SCAN) if c.sha.startswith(sha.lower())), None)
            if info is None:
                return CommandResult(
                    "/dream-log",
                    True,
                    f"Commit `{sha}` did not change memory files.\n\n```diff\n{diff}```",
                    {"sha": sha, "diff": diff},
                )
        diff = git.show(info.sha)
        data = {**commit_row(info), "message": info.message, "diff": diff}
        text = (
            f"**{info.short_sha}** · {commit_when(info)}\n\n```\n{info.message}\n```\n\n"
            f"```diff\n{diff or '(no changes to tracked files)'}\n```"
        )
        return CommandResult("/dream-log", True, text, data)

    # -- /dream-restore ------------------------------------------------------------

    def restore(self, sha: str | None = None, *, confirmed: bool = False) -> CommandResult:
        """``/dream-restore``: list versions, or undo a change and all after it (see
        :meth:`VersionCommands.restore`; with later changes it asks for ``confirmed``)."""
        return self.versions.restore(sha, confirmed=confirmed)

    # -- /dream-revert -------------------------------------------------------------

    def revert(self, sha: str) -> CommandResult:
        """``/dream-revert <sha>``: undo only that change (:meth:`VersionCommands.revert`)."""
        return self.versions.revert(sha)

    # -- /dream-prompt -------------------------------------------------------------

    def prompt(self) -> CommandResult:
        """``/dream-prompt``: the Dream guide in force and where it comes from."""
        try:
            own = read_workspace_guide(self.store.workspace, self.store.read_policy)
        except StoreError as exc:
            raise UserError(str(exc)) from exc
        guide = own if own.strip() else builtin_dream_guide()
        source = "workspace" if own.strip() else "built-in"
        where = f"`{WORKSPACE_GUIDE.as_posix()}`" if source == "workspace" else "the built-in guide"
        init = self.spell("/dream-prompt", "init")
        hint = "" if source == "workspace" else f" Customise it with `{init}`."
        text = f"Dream guide in force: {where}.{hint}\n\n{guide}"
        return CommandResult(
            "/dream-prompt",
            True,
            text,
            {"source": source, "path": WORKSPACE_GUIDE.as_posix(), "guide": guide},
        )

    def prompt_init(self) -> CommandResult:
        """``/dream-prompt init``: write the built-in guide to ``prompts/dream.md`` to edit it.

        An existing non-empty file is never overwritten.
        """
        path = self.store.workspace / WORKSPACE_GUIDE
        try:
            existing = path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            existing = ""
        except OSError as exc:
            raise UserError(f"cannot read {path}: {exc.strerror or exc}") from exc
        shown = WORKSPACE_GUIDE.as_posix()
        if existing.strip():
            return CommandResult(
                "/dream-prompt",
                False,
                f"`{shown}` already exists and is not empty; edit it, or empty it to go back "
                "to the built-in guide.",
                {"path": shown, "created": False},
            )
        write_text_atomic(path, builtin_dream_guide())
        return CommandResult(
            "/dream-prompt",
            True,
            f"Wrote the built-in guide to `{shown}`; edit it to change how Dream works.",
            {"path": shown, "created": True},
        )


def _describe(result: DreamResult) -> str:
    span = (
        f"history {result.cursor_from}-{result.cursor_to}"
        if result.cursor_from is not None
        else "no entries"
    )
    if result.status == "completed":
        files = ", ".join(result.changed_files) or "no files"
        commit = f"; commit `{result.commit[:8]}`" if result.commit else ""
        refused = f" ({result.tool_errors} refused)" if result.tool_errors else ""
        return (
            f"Dream completed: processed {span} with {result.tool_calls} tool call(s){refused}, "
            f"changed {files}{commit}."
        )
    if result.status == "nothing_to_do":
        return f"Nothing to dream about: {result.reason}."
    if result.commit:
        # Committed, but the cursor did not move: the next run only moves it.
        return (
            f"Dream committed its edits as `{result.commit[:8]}` ({span}) but did not finish: "
            f"{result.reason}. The next Dream run records the cursor; the entries will not be "
            "dreamed again."
        )
    if result.unrestored:
        files = ", ".join(result.unrestored)
        return (
            f"Dream did not complete ({span}): {result.reason}. Its uncommitted edits to "
            f"{files} could not be undone yet; the next Dream run undoes them first. The "
            "entries will be retried."
        )
    if result.status == "rejected":
        return (
            f"Dream was rejected ({span}): {result.reason}. The memory files were restored and "
            "the entries will be retried."
        )
    return (
        f"Dream did not complete ({span}): {result.reason}. Nothing was changed; the entries "
        "will be retried."
    )
