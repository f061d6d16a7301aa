"""Each turn read as it is meant, before the speakers, the clause rules and the frames read it.

Someone else's text pasted in (a job advert between "---" rules, an essay written for a test
task) is dropped; a name said wrong then right ("Karen — sorry, Karin") and a value said wrong
before ("I said £58k — it's actually £61k") are put right; a place or an "I" said once for two
clauses is said for both ("I grew up there, moved to …"); a fact said in passing ("from our
flat in utrecht") is added as a sentence of its own; and a move told in two messages ("the
moving date's been pushed." … "7th feb now") is said whole.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from reverie.providers.offline.in_passing import said_in_passing
from reverie.providers.offline.moves_in_two import moves_in_two
from reverie.providers.offline.pasted import drop_pasted_advert, drop_practice_essay
from reverie.providers.offline.put_right import name_slip, value_put_right
from reverie.providers.offline.said_once import said_once
from reverie.providers.offline.transcript import Turn

__all__ = ["as_meant"]

# An assistant's reply is long and states no fact in passing; a friend's message is short.
_SHORT_REPLY = 400


def as_meant(turns: Iterable[Turn]) -> list[Turn]:
    """The turns, each read as it is meant (see the module docstring)."""
    return moves_in_two([replace(turn, text=_meant(turn)) for turn in turns])


def _meant(turn: Turn) -> str:
    text = drop_practice_essay(drop_pasted_advert(turn.text))
    text = said_once(value_put_right(name_slip(text)))
    return said_in_passing(text) if turn.role == "user" or len(text) < _SHORT_REPLY else text
