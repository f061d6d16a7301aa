"""Forgetting for real: remove a text, a history entry or a session from the whole workspace.

``Workspace.plan_forget(...)`` says what would change; ``.apply()`` does it and
returns a :class:`ForgetReceipt`. ``Workspace.forget(...)`` does both. See
:mod:`reverie.forget.engine` for the steps and their crash safety.
"""

from reverie.forget.engine import MIN_TEXT_CHARS, ForgetPlan, plan_forget
from reverie.forget.git_history import GitRewrite
from reverie.forget.receipt import FileChange, ForgetReceipt
from reverie.forget.scrub import PLACEHOLDER

__all__ = [
    "MIN_TEXT_CHARS",
    "PLACEHOLDER",
    "FileChange",
    "ForgetPlan",
    "ForgetReceipt",
    "GitRewrite",
    "plan_forget",
]
