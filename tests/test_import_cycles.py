"""No import circles (issue 26, part 4): inside `albion.table`, `albion.server`, every
game package and every other package, no module imports — even only for type checking —
a module that imports it back, directly or round a longer loop. A game's data is its
`record`, on the package's ground floor: its rules modules import it, and it imports none
of them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

GRAPH = grimp.build_graph("albion")  # type-only imports included
KEPT_CLEAN = ["albion", "albion.core", "albion.bots", "albion.table", "albion.sim",
              "albion.server", "albion.proving", "albion.cli", "albion.rl"]
"""Packages with no circle inside them (each also checked whole, with its subpackages)."""


def circles(package: str, *, shallow: bool = False) -> list[set[str]]:
    """The import circles among `package`'s modules (its direct modules only when
    `shallow`)."""
    modules = {m for m in GRAPH.modules if m == package or m.startswith(package + ".")}
    if shallow:
        modules = {m for m in modules if m.count(".") <= package.count(".") + 1}
    return components({m: GRAPH.find_modules_directly_imported_by(m) & modules
                       for m in modules})


def components(edges: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's strongly connected components of more than one node: the circles."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in edges[module]:
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            component = set()
            while True:
                member = stack.pop()
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                found.append(component)

    for module in sorted(edges):
        if module not in order:
            visit(module)
    return found


@pytest.mark.parametrize("package", KEPT_CLEAN)
def test_no_import_circle_inside(package: str) -> None:
    found = circles(package, shallow=package == "albion")
    assert found == [], f"import circles in {package}: {[sorted(c) for c in found]}"


def game_packages() -> Iterator[str]:
    yield from sorted(m for m in GRAPH.modules if m.count(".") == 2
                      and m.startswith("albion.games.") and GRAPH.find_children(m))


def test_every_game_is_checked() -> None:
    assert {"albion.games.diamoniak", "albion.games.raiding_stonehenge",
            "albion.games.super_camelot"} <= set(game_packages())


@pytest.mark.parametrize("package", list(game_packages()))
def test_no_import_circle_inside_a_game(package: str) -> None:
    found = circles(package)
    assert found == [], f"import circles in {package}: {[sorted(c) for c in found]}"


def test_the_check_finds_a_circle(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check is not vacuous: a loop of three and a pair are found, a chain is not a
    circle, and a package whose state and rules import each other for type checking only
    is seen as a circle."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"},
             "g": set()}
    assert sorted(map(sorted, components(edges))) == [["a", "b", "c"], ["d", "e"]]
    assert components({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    package = tmp_path / "circled"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "state.py").write_text("from circled import rules\n")
    (package / "rules.py").write_text("from typing import TYPE_CHECKING\n"
                                      "if TYPE_CHECKING:\n"
                                      "    from circled.state import State\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("circled", cache_dir=None)
    assert components({m: graph.find_modules_directly_imported_by(m) for m in graph.modules}) \
        == [{"circled.state", "circled.rules"}]
