"""How ``reverie forget`` shows its plan and its receipt (never the forgotten text)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.markup import escape
from rich.table import Table

from reverie.cli import render

if TYPE_CHECKING:
    from reverie.forget import ForgetPlan, ForgetReceipt, GitRewrite

__all__ = ["plan_view", "receipt_view"]


def _files_table(title: str, rows: list[tuple[str, str]]) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column("file", style="magenta")
    table.add_column("change")
    for path, change in rows:
        table.add_row(escape(path), escape(change))
    return table


def _git_lines(git: GitRewrite, *, done: bool) -> list[str]:
    verb = "" if done else "will be "
    lines = [
        f"{git.commits_with_text} of {git.commits_seen} commits carry it; "
        f"{git.commits_rewritten} {verb}rewritten (same messages, authors, dates and order; "
        f"the text removed), {git.occurrences} occurrences",
    ]
    if git.refs_moved:
        lines.append(f"refs {verb}moved: {', '.join(git.refs_moved)}")
    if git.index_entries:
        lines.append(f"{git.index_entries} staged file(s) in .git/index {verb}updated")
    if git.objects_deleted:
        lines.append(f"{git.objects_deleted} old object(s) {verb}deleted (loose and packed)")
    if done and git.reflogs_dropped:
        lines.append("reflogs dropped (they named the old commits)")
    elif not done and git.commits_rewritten:
        lines.append("reflogs will be dropped (they name the old commits)")
    if git.alternates:
        lines.append(
            "[yellow]objects borrowed from another repository (alternates) are not searched[/]"
        )
    return lines


def plan_view(plan: ForgetPlan) -> None:
    """What a forget will change, before it asks."""
    console = render.out()
    receipt = plan.receipt
    console.print(f"[bold]Forget[/] {escape(receipt.target)}")
    if plan.resumes:
        console.print("[yellow]This finishes a forget of it that was interrupted.[/]")
    if receipt.files:
        rows = [(change.path, change.change) for change in receipt.files]
        console.print(_files_table("Files that will change", rows))
    if receipt.git is not None:
        console.print("[bold]git history[/]")
        for line in _git_lines(receipt.git, done=False):
            console.print(f"  {line}")
    for key in receipt.dream_sessions_deleted:
        console.print(f"  Dream session {escape(key)} will be deleted (its prompt showed it)")
    for relative in receipt.derived_deleted:
        console.print(f"  {escape(relative)}/ (derived search index) will be deleted and rebuilt")
    for problem in plan.problems:
        render.err().print(f"[red]{escape(problem)}[/]")
    if not plan.changes_anything and not plan.problems:
        console.print("Nothing to forget: it is in no file and no version of this workspace.")


def receipt_view(receipt: ForgetReceipt) -> None:
    """What a forget changed, where."""
    console = render.out()
    if receipt.files:
        rows = [(change.path, change.change) for change in receipt.files]
        console.print(_files_table("Removed", rows))
    if receipt.git is not None:
        console.print("[bold]git history[/]")
        for line in _git_lines(receipt.git, done=True):
            console.print(f"  {line}")
    for key in receipt.dream_sessions_deleted:
        console.print(f"  deleted Dream session {escape(key)}")
    for relative in receipt.derived_deleted:
        console.print(f"  deleted {escape(relative)}/ (rebuilt on next use)")
    if receipt.dream_commits:
        shas = ", ".join(sha[:8] for sha in receipt.dream_commits)
        console.print(
            f"[yellow]Dream commits {shas} processed it:[/] the memory files may still hold "
            "facts drawn from it (see `reverie dream log SHA`; remove one with "
            "`reverie forget TEXT`)"
        )
    if receipt.remaining:
        render.error("still found after the forget in: " + ", ".join(receipt.remaining[:10]))
        return
    checked = " (searched again: no file and no git object holds it)" if receipt.searched else ""
    console.print(
        f"[green]Forgotten[/] {escape(receipt.target)} in {receipt.seconds:.2f}s{checked}."
    )
