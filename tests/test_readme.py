"""The README's "Library use" example runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).parents[1] / "README.md"


def test_the_library_example_in_the_readme_runs() -> None:
    text = README.read_text(encoding="utf-8")
    section = text.split("## Library use", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```python\n(.*?)```", section, flags=re.S)
    assert blocks, "the Library use section has a python example"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(blocks[0], str(README), "exec"), {})
    output = printed.getvalue()
    assert "['diamoniak', 'raiding-stonehenge', 'super-camelot']" in output
    assert "diamoniak 2p" in output, "print(state) shows the position text"
