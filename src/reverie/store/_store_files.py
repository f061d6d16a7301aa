"""The three memory files a MemoryStore reads and writes: SOUL.md, USER.md, memory/MEMORY.md."""

from __future__ import annotations

from reverie.errors import UserError
from reverie.layout import MEMORY_FILE, SOUL_FILE, USER_FILE
from reverie.store._store_layout import StoreLayout
from reverie.store._text_files import read_text_file, write_text_file
from reverie.tools.paths import PathPolicy

__all__ = ["StoreFiles"]


class StoreFiles(StoreLayout):
    """MemoryStore's reads and writes of the memory files (atomic writes, contained reads)."""

    @property
    def read_policy(self) -> PathPolicy:
        """The rule every read of a memory file obeys: Dream's ``read_file`` rule.

        A memory file that resolves (symlinks followed) outside the workspace
        reads as ``""``, with one warning naming it.
        """
        if self._read_policy is None:
            self._read_policy = PathPolicy(self._workspace)  # resolves the path: not in __init__
        return self._read_policy

    def read_memory(self) -> str:
        """``memory/MEMORY.md``, or ``""`` when missing."""
        return read_text_file(self.memory_file, self._warner, self.read_policy)

    def write_memory(self, content: str) -> None:
        """Replace ``memory/MEMORY.md`` atomically."""
        write_text_file(self.memory_file, content)

    def read_soul(self) -> str:
        """``SOUL.md``, or ``""`` when missing."""
        return read_text_file(self.soul_file, self._warner, self.read_policy)

    def write_soul(self, content: str) -> None:
        """Replace ``SOUL.md`` atomically."""
        write_text_file(self.soul_file, content)

    def read_user(self) -> str:
        """``USER.md``, or ``""`` when missing."""
        return read_text_file(self.user_file, self._warner, self.read_policy)

    def write_user(self, content: str) -> None:
        """Replace ``USER.md`` atomically."""
        write_text_file(self.user_file, content)

    def read_file(self, name: str) -> str:
        """One memory file by its workspace-relative name (``USER.md``, ``memory/MEMORY.md``).

        Raises:
            UserError: ``name`` is not one of SOUL.md, USER.md, memory/MEMORY.md.
        """
        readers = {
            SOUL_FILE: self.read_soul,
            USER_FILE: self.read_user,
            MEMORY_FILE: self.read_memory,
        }
        reader = readers.get(name)
        if reader is None:
            raise UserError(f"{name!r} is not a memory file; expected one of {', '.join(readers)}")
        return reader()

    def get_memory_context(self) -> str:
        """``"## Long-term Memory\\n" + MEMORY.md``, or ``""`` when it is empty."""
        content = self.read_memory()
        return f"## Long-term Memory\n{content}" if content.strip() else ""
