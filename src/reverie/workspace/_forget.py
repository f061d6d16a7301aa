"""Forgetting across a workspace: plan what would change, then apply it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from reverie.workspace._parts import WorkspaceParts

if TYPE_CHECKING:
    from reverie.forget import ForgetPlan, ForgetReceipt

__all__ = ["WorkspaceForget"]


class WorkspaceForget(WorkspaceParts):
    """Forget a text, a history entry or a session everywhere the workspace keeps it."""

    def plan_forget(
        self, text: str | None = None, *, cursor: int | None = None, session: str | None = None
    ) -> ForgetPlan:
        """What forgetting ``text`` (or history entry ``cursor``, or ``session``) would change.

        Nothing is changed; ``plan.apply()`` makes the changes. Exactly one target:

        - ``text``: every occurrence (exact, case-sensitive, at least 4 characters)
          in every file of the workspace and every version in its git history;
        - ``cursor``: that history entry and the messages it was written from;
        - ``session``: the whole conversation, its transcript and its history entries.

        Raises:
            UserError: no target or several, a too-short text, an unknown cursor
                or session.
        """
        from reverie.forget import plan_forget

        return plan_forget(
            self.store,
            self.sessions,
            text,
            cursor=cursor,
            session=session,
            # A forget deletes the recall index: close it; the next recall builds a new one.
            before_apply=self.close,
        )

    def forget(
        self, text: str | None = None, *, cursor: int | None = None, session: str | None = None
    ) -> ForgetReceipt:
        """Forget ``text`` (or ``cursor``, or ``session``) now; see :meth:`plan_forget`.

        Returns:
            The receipt: what was removed where (never the text itself), and
            ``remaining``, where a final search of the workspace still found it
            (empty when the forget is complete).

        Raises:
            UserError: as :meth:`plan_forget`, or when the forget cannot be done
                cleanly (a session open in a chat, a Dream running, the text in a
                file name or a session key): nothing is changed then.
        """
        return self.plan_forget(text, cursor=cursor, session=session).apply()
