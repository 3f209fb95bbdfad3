"""Issue 28, item 4: a compiled module must never hide edited code. A compiled build
carries the SHA-256 of each compiled module's source (`compiled_sources.json`), and
`albion --version` names every module whose source beside it differs."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from albion.build import MANIFEST, stale_modules


def installed(root: Path, sources: dict[str, str]) -> Path:
    """An installed `albion` package under `root` with `sources` (path → text) and the
    build's manifest of their digests."""
    for path, text in sources.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    package = root / "albion"
    (package / MANIFEST).write_text(json.dumps({
        path: hashlib.sha256(text.encode()).hexdigest() for path, text in sources.items()}))
    return package


def test_a_pure_build_has_no_stale_module(tmp_path: Path) -> None:
    (tmp_path / "albion").mkdir()
    assert stale_modules(tmp_path / "albion") == []
    assert stale_modules() == [], "this checkout runs pure Python: nothing compiled"


def test_a_source_edited_after_the_build_is_named(tmp_path: Path) -> None:
    package = installed(tmp_path, {"albion/core/state.py": "x = 1\n",
                                   "albion/games/diamoniak/state.py": "y = 2\n"})
    assert stale_modules(package) == [], "sources as compiled, whatever their mtimes"
    (tmp_path / "albion/core/state.py").write_text("x = 3\n")
    (tmp_path / "albion/games/diamoniak/state.py").unlink()
    assert stale_modules(package) == ["albion.core.state", "albion.games.diamoniak.state"]
