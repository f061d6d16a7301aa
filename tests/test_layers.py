"""Imports follow the layer table in the package docstring of ``reverie``.

A module may import its own unit (package or top-level module) and any unit of
a lower layer; never one of its own layer or above. Imports made only for type
checking count too: a type that points upward is a dependency in disguise.
"""

from __future__ import annotations

import ast
from pathlib import Path

import reverie

SRC = Path(reverie.__file__).parent


def _layers() -> dict[str, int]:
    """``unit -> layer`` read from the ``Layers`` table of the package docstring."""
    doc = reverie.__doc__ or ""
    table = doc.split("Layers (bottom first", 1)[1]
    layers: dict[str, int] = {}
    for line in table.splitlines()[1:]:
        line = line.strip()
        if not line:
            if layers:
                break
            continue
        number, _, units = line.partition(":")
        for unit in units.replace(",", " ").split():
            layers[unit] = int(number)
    return layers


def _unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "reverie"


def _imports(path: Path) -> list[tuple[int, str]]:
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.startswith("reverie"):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, a.name) for a in node.names if a.name.startswith("reverie"))
    return found


def test_every_unit_has_a_layer() -> None:
    layers = _layers()
    units = {
        p.stem if p.is_file() else p.name
        for p in SRC.iterdir()
        if (p.suffix == ".py" and p.stem != "__init__") or (p / "__init__.py").is_file()
    }
    assert units - set(layers) == set(), "add the new unit to the Layers table"


def test_no_import_goes_against_the_layers() -> None:
    layers = _layers()
    wrong: list[str] = []
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC.parent).with_suffix("")
        unit = _unit(".".join(rel.parts))
        if unit in ("reverie", "__init__"):
            continue  # the package itself re-exports everything
        for line, target in _imports(path):
            other = _unit(target)
            if other in (unit, "reverie"):
                continue
            if layers[other] >= layers[unit]:
                wrong.append(
                    f"{rel}.py:{line}: {unit} (layer {layers[unit]}) imports {target} "
                    f"(layer {layers[other]})"
                )
    assert wrong == []
