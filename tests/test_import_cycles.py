"""No import circles (issue 26, part 4): inside `albion.table`, `albion.server` and every
other package, no module imports — even only for type checking — a module that imports
it back, directly or round a longer loop. The game packages' circles (each game's state
is its data and its facade at once) are being taken apart: until they are gone, they may
only shrink, never grow or gain a module (Diamoniak's and Raiding Stonehenge's
are gone: each game's data is its `record`, on the package's ground floor)."""

from __future__ import annotations

from collections.abc import Iterator

import grimp
import pytest

GRAPH = grimp.build_graph("albion")  # type-only imports included
KEPT_CLEAN = ["albion", "albion.core", "albion.bots", "albion.table", "albion.sim",
              "albion.server", "albion.proving", "albion.cli", "albion.rl"]
"""Packages with no circle inside them (each also checked whole, with its subpackages)."""
STILL_CIRCULAR = {
    "albion.games.super_camelot": {
        "", "action_space", "belongings", "cards", "chests", "combat", "encoding",
        "enemies", "game", "legality", "movement", "notation", "options", "position",
        "position_check", "position_grid", "render", "report", "resolve", "state",
        "strikes", "turns", "view", "wire", "world"},
}
"""The modules of each game still in a circle (relative names, "" the package itself)."""


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


def relative(package: str, modules: set[str]) -> set[str]:
    return {module[len(package) + 1:] if module != package else "" for module in modules}


@pytest.mark.parametrize("package", KEPT_CLEAN)
def test_no_import_circle_inside(package: str) -> None:
    found = circles(package, shallow=package == "albion")
    assert found == [], f"import circles in {package}: {[sorted(c) for c in found]}"


def game_packages() -> Iterator[str]:
    yield from sorted(m for m in GRAPH.modules if m.count(".") == 2
                      and m.startswith("albion.games.") and GRAPH.find_children(m))


@pytest.mark.parametrize("package", list(game_packages()))
def test_a_game_package_s_circles_only_shrink(package: str) -> None:
    allowed = STILL_CIRCULAR.get(package, set())
    for component in circles(package):
        assert relative(package, component) <= allowed, (
            f"{package}: a new module in an import circle: "
            f"{sorted(relative(package, component) - allowed)}")


def test_the_check_finds_a_circle() -> None:
    """The check is not vacuous: a loop of three and a pair are found, a chain is not a
    circle, and Super Camelot's known circle (type-only imports among it) is seen."""
    edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"e"}, "e": {"d"}, "f": {"a"},
             "g": set()}
    assert sorted(map(sorted, components(edges))) == [["a", "b", "c"], ["d", "e"]]
    assert components({"a": {"b"}, "b": {"c"}, "c": set()}) == []
    assert any("state" in relative("albion.games.super_camelot", circle)
               for circle in circles("albion.games.super_camelot"))
