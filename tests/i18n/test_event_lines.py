"""Issue 29: the public events of one action on one line are parted as the reader's
language parts a sequence of sentences (`core.events.public_words`): "a; b" in English,
"a ; b" in French (a space before the semicolon), "a; b" in German; the English line for
logs (`public_text`) reads as it did."""

from __future__ import annotations

from albion.core.events import Event, public_text, public_words
from albion.core.words import Seat, say
from albion.i18n import translator

EVENTS = [
    Event(words=say("{player} takes {card} from line {line}", player=Seat(0), card="17R",
                    line=2)),
    Event(text="a secret", audience=frozenset({1})),  # one seat's: never on the public line
    Event(words=say("{player} wins", player=Seat(1))),
    Event(text="said in English only"),
]


def test_the_public_line_reads_in_english_as_before() -> None:
    assert public_text(EVENTS) == "P1 takes 17R from line 2; P2 wins; said in English only"
    assert public_text(EVENTS[1:2]) is None and public_words([]) is None


def test_the_public_line_is_parted_the_languages_way() -> None:
    line = public_words(EVENTS)
    assert line is not None
    for lang, between in (("fr", " ; "), ("de", "; ")):
        said = translator(lang)
        parts = [said.words(event.words) for event in (EVENTS[0], EVENTS[2]) if event.words]
        assert said.words(line) == between.join([*parts, "said in English only"])
        assert parts[0] != str(EVENTS[0].words), "the event itself in the language too"
