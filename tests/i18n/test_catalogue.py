"""The message catalogue (issue 29): every message of the sources is in it, translated into
French and German, none stale; plural forms follow each language; the pseudo-locale marks
every catalogue message; one event reads in each seat's own language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import albion
from albion.core.registry import get_game
from albion.core.words import PLACEHOLDER, Seat, Words, from_json, say, say_n
from albion.i18n import LANGUAGES, PSEUDO, translator
from albion.i18n.catalogue import catalogue, forms, template
from albion.i18n.extract import collect, problems
from albion.table import Table

TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def test_the_catalogue_is_current_and_every_message_is_translated() -> None:
    """`python -m albion.i18n.extract --check`: the template holds exactly what the sources
    say (nothing stale or unused), and French and German translate every message."""
    found = problems()
    assert not found, f"{len(found)} problem(s), first: {found[:10]}"


def test_every_language_has_every_message_of_the_template() -> None:
    keys = {forms(message) for message in template() if message.id}
    assert len(keys) > 500  # pages, terminal, three games' words and rulings
    for lang in TRANSLATED:
        assert {forms(message) for message in catalogue(lang) if message.id} == keys, lang


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_placeholder(lang: str) -> None:
    """A translation fills the same `{names}` as its English (a plural form may leave out
    `{count}`: "une carte" for one)."""
    for message in catalogue(lang):
        if not message.id or not message.string:
            continue
        wanted = {name for text in forms(message) for name in PLACEHOLDER.findall(text)}
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in filter(None, strings):  # (an untranslated one is the test above's)
            got = set(PLACEHOLDER.findall(text))
            assert got <= wanted and wanted - got <= {"count"}, (message.id, text)


def test_sources_say_whole_messages() -> None:
    """Extraction finds literal messages only, each a whole sentence or a name: none is a
    bare placeholder or empty."""
    for message in collect():
        if not message.id:
            continue
        for text in forms(message):
            assert text.strip() and not re.fullmatch(r"\s*\{[a-z_]+\}\s*", text), text


SINGULAR = "the witch takes {count} more card: choose what to lose"
PLURAL = "the witch takes {count} more cards: choose what to lose"


def plural_forms(lang: str) -> tuple[str, str]:
    if lang == "en":
        return SINGULAR, PLURAL
    entry = catalogue(lang)[SINGULAR]
    assert entry is not None and isinstance(entry.string, tuple), lang
    return entry.string[0], entry.string[1]


@pytest.mark.parametrize(("lang", "forms_by_count"), [
    ("en", {0: 1, 1: 0, 2: 1, 11: 1}),
    ("fr", {0: 0, 1: 0, 2: 1, 11: 1}),  # French: 0 and 1 take the singular
    ("de", {0: 1, 1: 0, 2: 1, 11: 1}),
])
def test_plural_forms_follow_each_language(lang: str, forms_by_count: dict[int, int]) -> None:
    said = translator(lang)
    known = plural_forms(lang)
    assert known[0] != known[1]
    for count, form in forms_by_count.items():
        assert said.words(say_n(SINGULAR, PLURAL, count)) == known[form].replace(
            "{count}", str(count)), (lang, count)


def test_the_pseudo_locale_marks_catalogue_messages_and_nothing_else() -> None:
    said = translator(PSEUDO)
    marked = said.words(say("{player} reveals {card}", player=Seat(0), card=say("a red card")))
    assert marked == "⟦P1 ŕéṽéåļš ⟦å ŕéð çåŕð⟧⟧"
    assert said.words(Words("a sentence nobody put in the catalogue")) == (
        "a sentence nobody put in the catalogue")


def test_an_unknown_language_is_refused_with_the_ones_albion_speaks() -> None:
    with pytest.raises(ValueError, match="en, fr, de"):
        translator("xx")


def first_reveal(table: Table) -> dict[str, object] | None:
    for entry in table.events_for(0):
        data = entry.to_json()
        if data["type"] == "chance" and "words" in data and "reveals" in data["text"]:
            return data
    return None


def test_a_french_seat_and_a_german_seat_read_the_same_event_in_their_own_words() -> None:
    """One frame for every seat (the protocol is language-free); each face says it in its
    reader's language, naming the seat as that face names it."""
    table = Table(get_game("diamoniak"), ["human", "human"], seed=3)
    event = first_reveal(table)
    while event is None:
        table.submit(table.to_move()[0], "draw", table.version)
        event = first_reveal(table)
    words = from_json(event["words"])
    assert isinstance(words, Words)
    english = translator("en").words(words)
    assert english == event["text"]
    names = {0: "Anne", 1: "Bernd"}
    french = translator("fr").words(words, names.__getitem__)
    german = translator("de").words(words, names.__getitem__)
    assert len({english.replace("P1", "Anne").replace("P2", "Bernd"), french, german}) == 3
    for text in (french, german):
        assert ("Anne" in text) or ("Bernd" in text)
        assert "{" not in text


def test_every_message_is_said_as_a_literal_the_extractor_can_read() -> None:
    """`say(a if x else b)` was once extracted as a and b glued together, and an f-string
    is skipped: a message given to say/say_n/_/_n is a plain string literal (or a value
    said elsewhere, such as a ruling's text), never an expression holding texts."""
    keywords = {"say": 1, "say_n": 2, "_": 1, "_n": 2}
    found = []
    for path in Path(albion.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr
                for argument in node.args[:keywords.get(name, 0)]:
                    if not isinstance(argument, ast.Constant) and any(
                            isinstance(part, ast.Constant) and isinstance(part.value, str)
                            for part in ast.walk(argument)):  # texts inside an expression
                        found.append(f"{path.name}:{node.lineno}")
    assert not found, found
