"""The README's "Research adapters" examples run as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parents[2] / "README.md"


def test_the_research_adapter_examples_in_the_readme_run() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Research adapters", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert len(blocks) == 2, "one example for PettingZoo, one for Gymnasium"
    for block in blocks:
        scope: dict[str, object] = {}
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(block, str(README), "exec"), scope)
        env = scope["env"]
        assert env.table.is_over(), "the example plays a whole game"  # type: ignore[attr-defined]
