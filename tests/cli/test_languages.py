"""Issue 29: the terminal reads in the chosen language (`albion --lang`, else `LANG`).

French and German are checked against the catalogue's own translations (`albion rules`).
Everything else runs in the pseudo-locale `qps`, where every catalogue message shows as
⟦…⟧ with accented letters: a plain ASCII word left outside ⟦ ⟧ on a screen is a text that
never went through the catalogue, unless it is data (`ALLOWED` says which, and why).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from albion import i18n
from albion.cli.app import app
from albion.cli.console import console, err_console
from albion.core.registry import get_game
from albion.sim.records import load_record

runner = CliRunner()

MARKED = re.compile(r"⟦[^⟦⟧]*⟧")
"""A message said in the pseudo-locale (innermost first: messages nest)."""
WORD = re.compile(r"[A-Za-z0-9_<>|-]*[A-Za-z][A-Za-z0-9_<>|-]*")
"""A plain ASCII word (with the digits, dashes and underscores of ids and notation)."""
OPTION = re.compile(r"^\s*\d+\s\s(?P<notation>\S.*?)(?=\s\s⟦|\s*$)", re.MULTILINE)
"""An option's line: its number, then its notation, typed as it is (the game's notation is
the same in every language, like chess's), then its label (translated)."""
ALLOWED = [
    re.compile(r"P\d+"),  # a seat's name, as the protocol names seats
    re.compile(r"(?:ALL|DI|RS|SC)-\d+"),  # ruling ids
    re.compile(r"human|random"),  # the players' names at the table (their bot specs)
    re.compile(r"Diamoniak"),  # the game's name
]
"""Data, never translated; the notation of options (`OPTION`) and, in `albion rules`, the
variants' keys and values (typed as they are: `--variant fairy=auto`) come on top."""


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """The language is per process: put English back for the tests that follow."""
    yield
    i18n.use(i18n.SOURCE)


@pytest.fixture
def wide() -> Iterator[None]:
    """Screens on one line per row, so a message wrapped by rich keeps its ⟦ ⟧ together
    (and the options never pack into columns)."""
    saved = [(shown, shown._width, shown._height) for shown in (console, err_console)]
    for shown in (console, err_console):
        shown.width, shown.height = 1000, 1000
    yield
    for shown, width, height in saved:
        shown._width, shown._height = width, height


def run(*args: str, stdin: str | None = None, env: dict[str, str | None] | None = None
        ) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args), input=stdin, env=env)
    return result.exit_code, result.stdout, result.stderr


def untranslated(screen: str, *typed: str) -> list[str]:
    """The plain ASCII words of `screen` outside ⟦ ⟧, but for data (`ALLOWED`, the options'
    notation and `typed`: words typed as they are)."""
    screen = OPTION.sub("", screen)
    while True:
        unmarked = MARKED.sub(" ", screen)
        if unmarked == screen:
            break
        screen = unmarked
    return sorted({word for word in WORD.findall(screen)
                   if word not in typed and not any(allowed.fullmatch(word)
                                                    for allowed in ALLOWED)})


def variant_words(game_id: str) -> list[str]:
    """The variants' keys and values, as `--variant key=value` types them."""
    words: list[str] = []
    for option in get_game(game_id).variant_options:
        words += [option.key, str(option.default), *map(str, option.choices)]
    return words


def test_the_pseudo_locale_marks_a_message_and_keeps_data_plain() -> None:
    """The scan itself: an English word outside ⟦ ⟧ is found, data is not."""
    assert untranslated("⟦Ýöûŕ öþţîöñš:⟧\n  1  draw  ⟦Ðŕåŵ⟧ (DI-3)\nP1 > ") == []
    assert untranslated("⟦Ţûŕñ 1 · P1 (human)⟧ Castle ⟦ñö ⟦çåšţļé⟧⟧") == ["Castle"]


@pytest.mark.parametrize(("args", "env", "lang"), [
    (("--lang", "fr"), None, "fr"),
    ((), {"LANG": "de_DE.UTF-8", "LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None},
     "de"),
])
@pytest.mark.usefixtures("wide")
def test_rules_read_in_french_and_german(args: tuple[str, ...], env: dict[str, str | None]
                                         | None, lang: str) -> None:
    """`albion --lang fr rules diamoniak` and `LANG=de_DE.UTF-8 albion rules diamoniak`:
    every ruling's title and text, every variant's summary and meaning, in that language
    (the French rulebook's terms, from the catalogue)."""
    code, out, err = run(*args, "rules", "diamoniak", env=env)
    assert code == 0, err
    said = i18n.translator(lang).text
    game = get_game("diamoniak")
    texts = [text for ruling in game.rulings for text in (ruling.title, ruling.text)]
    texts += [text for option in game.variant_options
              for text in (option.summary, *option.meanings)]
    translated = [text for text in texts if said(text) != text]
    assert len(translated) > len(texts) * 0.9, "the catalogue translates the rulings"
    rest = out
    for text in texts:
        assert said(text) in out, text
        rest = rest.replace(said(text), "")
    assert not [text for text in translated if text in rest], "English left on screen"
    assert said("{game} rulings · players {players}", game="Diamoniak",
                players="2–4") in out


@pytest.mark.usefixtures("wide")
def test_rules_in_the_pseudo_locale_leave_no_english() -> None:
    for game in ("diamoniak", "raiding-stonehenge", "super-camelot"):
        code, out, _ = run("--lang", "qps", "rules", game)
        assert code == 0
        name = get_game(game).name.split()
        assert untranslated(out, *variant_words(game), *name) == [], game


@pytest.mark.usefixtures("wide")
def test_play_and_replay_in_the_pseudo_locale_leave_no_english(tmp_path: Path) -> None:
    """A person draws, is refused (DI-3), types too long a line and a wrong number, asks
    for help and a hint, stops, saves; then the record is browsed and shown at an action:
    every word on those screens went through the catalogue, but for data."""
    path = tmp_path / "game.json"
    moves = ["1", "buy red from P2", "x" * 300, "7", "help", "hint", "1", "2", "quit",
             "y", str(path)]
    code, out, err = run("--lang", "qps", "play", "diamoniak", "-p", "human,random",
                         "--seed", "3", stdin="\n".join(moves) + "\n")
    assert code == 0, err
    assert "⟦Ñöţ ñöŵ: ⟦å ţûŕñ îš å ƀûý öŕ å ðŕåŵ, ñéṽéŕ ƀöţĥ⟧ (DI-3)⟧" in out
    assert "⟦Ţĥåţ ļîñé îš 300 çĥåŕåçţéŕš ļöñĝ" in out, "the plural form, pseudo-marked"
    assert untranslated(out.replace(str(path), ""), "x" * 300) == []
    total = len(load_record(path).actions)
    code, out, err = run("--lang", "qps", "replay", str(path),
                         stdin="n\nn\nb\nj 3\nwhat\ns\ns\ne\nq\n")
    assert code == 0, err
    assert untranslated(out) == []
    code, out, err = run("--lang", "qps", "replay", str(path), "--at", str(total))
    assert code == 0 and untranslated(out) == [], err


@pytest.mark.usefixtures("wide")
def test_a_game_to_its_end_in_the_pseudo_locale_leaves_no_english(tmp_path: Path) -> None:
    """Between bots, to the winner (or the cap): every event, the final table."""
    code, out, err = run("--lang", "qps", "play", "diamoniak", "-p", "random,random,random",
                         "--seed", "4", "--save", str(tmp_path / "g.json"))
    assert code == 0, err
    assert untranslated(out.replace(str(tmp_path / "g.json"), "")) == []


@pytest.mark.usefixtures("wide")
def test_the_clis_own_errors_are_translated() -> None:
    code, _, err = run("--lang", "qps", "play", "diamoniak", "-p", "human,cheat-mcts")
    assert code == 2 and err.startswith("⟦éŕŕöŕ: ⟦cheat-mcts šééš ĥîððéñ"), err
    assert untranslated(err, "cheat-mcts", "allow-cheats") == []


def test_a_language_albion_does_not_speak_is_refused() -> None:
    code, out, err = run("--lang", "xx", "rules", "diamoniak")
    assert code == 2 and not out
    assert "'xx' is not a language Albion speaks; choose one of en, fr, de" in \
        " ".join(err.replace("│", " ").split()), err


@pytest.mark.parametrize("lang", ["en", "fr", "de", "qps"])
def test_counted_words_take_the_languages_plural_forms(lang: str) -> None:
    """One game, two games; one cheating bot, two (gettext's forms for the language)."""
    plural = i18n.translator(lang).plural
    for games in (1, 2):
        code, out, err = run("--lang", lang, "simulate", "diamoniak", "-p", "random,random",
                             "-n", str(games), "--seed", "0", "--workers", "1")
        assert code == 0, err
        title = plural("{game}: {count} game, seed {seed}", "{game}: {count} games, seed {seed}",
                       games, game="Diamoniak", seed=0)
        assert title in " ".join(out.split()), (title, out)
    for players, cheats in (("human,cheat-mcts", ["cheat-mcts"]),
                            ("cheat-mcts,cheat-mcts", ["cheat-mcts"] * 2)):
        code, _, err = run("--lang", lang, "play", "diamoniak", "-p", players)
        assert code == 2
        assert plural("{bots} sees hidden information; add --allow-cheats to play against "
                      "it anyway", "{bots} see hidden information; add --allow-cheats to "
                      "play against them anyway", len(cheats), bots=", ".join(cheats)) \
            in " ".join(err.split()), err
