"""Every kind of refusal a game can give, found in its legality module: each
`Refusal("X-n", "words…")` written there. A game's refusal tests must produce every one
(issue 12: a refusal of each kind is tested, with its ruling)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from albion.core import IllegalActionError, Refusal
from albion.core.game import AnyState
from albion.core.words import as_words


def refusal_kinds(*modules: Path) -> set[tuple[str, str]]:
    """(ruling, the reason's fixed words up to its first variable part) of every
    `Refusal(...)` and `IllegalActionError(...)` call in `modules` (a module's `__file__`:
    its source, or the compiled module beside it, issue 28 item 4)."""
    kinds = set()
    for module in modules:
        source = module.with_name(module.name.split(".", 1)[0] + ".py")
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) in (
                    "Refusal", "IllegalActionError") and len(node.args) == 2:
                ruling, reason = node.args
                if isinstance(ruling, ast.Constant):
                    kinds |= {(ruling.value, words) for words in _fixed_words(reason)}
    return kinds


def _fixed_words(node: ast.expr) -> list[str]:
    """The literal start of each wording a reason may have (an f-string stops at its
    first placeholder; `a if … else b` is two wordings)."""
    if isinstance(node, ast.Constant):
        return [str(node.value)]
    if isinstance(node, ast.JoinedStr):
        text = ""
        for part in node.values:
            if not isinstance(part, ast.Constant):
                break
            text += str(part.value)
        return [text]
    if isinstance(node, ast.IfExp):
        return _fixed_words(node.body) + _fixed_words(node.orelse)
    if isinstance(node, ast.Call) and getattr(node.func, "id", None) in ("say", "say_n"):
        # words (issue 29): each form's literal start, up to its first placeholder
        forms = node.args[:2] if node.func.id == "say_n" else node.args[:1]  # type: ignore[attr-defined]
        return [text.split("{", 1)[0] for form in forms for text in _fixed_words(form)]
    return [""]


def kind_of(refusal: Refusal | IllegalActionError, kinds: set[tuple[str, str]]
            ) -> tuple[str, str]:
    """The kind a produced refusal is: same ruling, reason starting with its fixed words
    (the longest such start)."""
    matching = [kind for kind in kinds if kind[0] == refusal.ruling and
                re.sub(r"\s+", " ", str(refusal.reason)).startswith(kind[1])]
    assert matching, f"{refusal} is of no kind written in the legality module"
    return max(matching, key=lambda kind: len(kind[1]))


def assert_refused(state: AnyState, text: str, ruling: str) -> None:
    """Submitting `text` at `state` is refused with `ruling`, changes nothing, and
    `State.refusal` gives the same ruling and reason (one source for both)."""
    before = state.clone()
    action = state.game.parse_action(state, text)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(action)
    assert refused.value.ruling == ruling, refused.value
    assert state == before
    found = state.refusal(action)
    assert found is not None
    assert (found.ruling, str(found.reason)) == (refused.value.ruling, refused.value.reason)
    assert as_words(found.reason) == refused.value.words  # the same words (issue 29)
