"""How to play (issue 32): every game ships one; every picture's position reads (position
text, or a tutorial step's) and is drawn from a real table's view; every ruling it names
exists, every note is for a ruling marked newcomer; the page's words are translated."""

from __future__ import annotations

import pytest

from albion.core.howto import HowToError, load_howto, parse_howto
from albion.core.registry import all_plugins, get_plugin
from albion.server.howto_routes import howto_page, section_position

GAMES = [plugin.id for plugin in all_plugins() if plugin.tutorial is not None]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_how_to_play_position_parses_and_names_real_rulings(game_id: str) -> None:
    plugin = get_plugin(game_id)
    howto = load_howto(plugin)
    assert howto is not None and howto.game == game_id
    rulings = {ruling.id: ruling for ruling in plugin.game.rulings}
    pictures = 0
    for section in howto.sections:
        assert set(section.rulings) <= set(rulings), section.title
        position = section_position(plugin, howto, section)
        if position is not None:
            plugin.game.from_text(position)  # PositionError if a rules change breaks it
            pictures += 1
    assert pictures >= 2
    for ruling, _ in howto.notes:
        assert rulings[ruling].newcomer, f"{ruling}: a note for a ruling not marked newcomer"
    page = howto_page(game_id, "en")
    drawn = [section["picture"] for section in page["sections"] if section["picture"]]
    assert len(drawn) == pictures
    for picture in drawn:
        assert picture["view"]["game"] == game_id and picture["view"]["viewer"] == picture["seat"]


@pytest.mark.parametrize("game_id", GAMES)
def test_how_to_play_reads_in_french_and_german(game_id: str) -> None:
    english = howto_page(game_id, "en")
    for lang in ("fr", "de"):
        page = howto_page(game_id, lang)
        for ours, theirs in zip(english["sections"], page["sections"], strict=True):
            assert ours["text"] != theirs["text"] and ours["title"] != theirs["title"]
        assert set(page["notes"]) == set(english["notes"])
        assert all(page["notes"][key] != english["notes"][key] for key in page["notes"])


def test_diamoniak_rulebooks_in_english_and_french() -> None:
    assert [book["lang"] for book in howto_page("diamoniak", "en")["rulebooks"]] == ["en", "fr"]


SECTION = "game = 'x'\n[[section]]\n"


@pytest.mark.parametrize("text", ["", "game = 'x'", SECTION + "title = 1\ntext = 'a'",
                                  SECTION + "title = 'a'\ntext = 'b'\nstep = 0",
                                  SECTION + "title = 'a'\ntext = 'b'\n[notes]\nX = 1"])
def test_a_malformed_how_to_play_is_refused(text: str) -> None:
    with pytest.raises(HowToError):
        parse_howto(text)
