"""For the forget tests: a byte search of a whole workspace that trusts nothing in reverie."""

from __future__ import annotations

import json
import os
import zlib
from pathlib import Path

import pytest
from dulwich.object_format import SHA1
from dulwich.pack import PackData


def spellings(needle: str) -> list[bytes]:
    """The needle as raw UTF-8 and as JSON writes it (escaped, with or without ASCII escapes)."""
    forms = {
        needle.encode("utf-8"),
        json.dumps(needle, ensure_ascii=False)[1:-1].encode("utf-8"),
        json.dumps(needle, ensure_ascii=True)[1:-1].encode("ascii"),
    }
    return sorted(forms)


def byte_search(workspace: Path, needle: str) -> list[str]:
    """Every place in ``workspace`` holding ``needle``: raw bytes of every file, then every
    loose git object decompressed, then every packed object (and delta) decompressed."""
    forms = spellings(needle)
    hits: list[str] = []

    def holds(data: bytes) -> bool:
        return any(form in data for form in forms)

    for current, _dirs, files in os.walk(workspace):
        for name in files:
            path = Path(current) / name
            if path.is_symlink():
                continue
            data = path.read_bytes()
            rel = path.relative_to(workspace).as_posix()
            if holds(data):
                hits.append(rel)
            loose = "/objects/" in f"/{rel}" and rel.count("/") == 3 and len(name) == 38
            if loose and holds(zlib.decompress(data)):
                hits.append(f"{rel} (decompressed)")
            if name.endswith(".pack"):
                with PackData(str(path), SHA1) as pack:
                    for unpacked in pack.iter_unpacked():
                        if holds(b"".join(unpacked.decomp_chunks)):
                            hits.append(f"{rel} object at {unpacked.offset} (decompressed)")
    return hits


@pytest.fixture
def search():
    """``search(workspace, needle)``: see :func:`byte_search`."""
    return byte_search
