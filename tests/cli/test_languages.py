"""Issue 29: the terminal reads in the chosen language (`albion --lang`, else `LANG`).

French and German are checked against the catalogue's own translations (`albion rules`,
the help screens).
Everything else runs in the pseudo-locale `qps`, where every catalogue message shows as
⟦…⟧ with accented letters: a plain ASCII word left outside ⟦ ⟧ on a screen is a text that
never went through the catalogue, unless it is data (`ALLOWED` says which, and why).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from itertools import combinations
from pathlib import Path

import pytest
import typer.main
from typer._click.core import Command
from typer.core import TyperGroup
from typer.testing import CliRunner

from albion import i18n
from albion.bots.registry import BOTS as BOT_KINDS
from albion.bots.registry import SearchOptions
from albion.cli.app import app
from albion.cli.console import console, err_console
from albion.core.registry import get_game
from albion.games.super_camelot import render
from albion.games.super_camelot.components import RELICS, Character, Special
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
    re.compile(r"human|random|heuristic"),  # the players' names at the table (their specs)
    re.compile(r"Diamoniak|Raiding|Stonehenge|Super|Camelot"),  # the games' names
    re.compile(r"\d{0,2}[WBGYRK]"),  # a Raiding Stonehenge card, number and colour letter
    # (`17R`, RS-1), and the letters alone over the disks' columns: the game's own letters
    # in every language (its intro and the browser's board explain them)
    re.compile(r"r\d+c\d+"),  # a Super Camelot square, as its notation names it
]
"""Data, never translated; the notation of options (`OPTION`) and, in `albion rules`, the
variants' keys and values (typed as they are: `--variant fairy=auto`) come on top."""
GAME_IDS = ("diamoniak", "raiding-stonehenge", "super-camelot")
"""Typed as they are (`albion play super-camelot`)."""


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


def camelot_marks() -> list[str]:
    """Super Camelot's data on screen: the map's marks as its legend explains them (`b` a
    bush, `ggg` the three gems, `1M` P1's character beside a Mimic, `fwa` the relics a
    player holds), and the characters as `pick arthur` names them."""
    marks = [glyph.char for table in (render.THING_GLYPHS, render.STACK_GLYPHS,
                                      render.ENEMY_GLYPHS, render.ITEM_GLYPHS)
             for glyph in table.values()]
    beside = [f"{seat}{enemy.char}" for seat in range(1, 5)
              for enemy in render.ENEMY_GLYPHS.values()]
    held = "".join(render.STACK_GLYPHS[special].char for special in (*RELICS, Special.BIG_KEY))
    relics = ["".join(some) for count in range(2, len(held) + 1)
              for some in combinations(held, count)]
    return [*marks, "ggg", *beside, *relics, *(character.label for character in Character)]


BOTS = [*BOT_KINDS, *SearchOptions.model_fields]
"""The bots and their options, typed as they are (`ismcts:iterations=500`)."""


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


PLAYS = {
    "raiding-stonehenge": (("human,random,random", "1"),
                           ["xyz", "play 12", "help", "hint", "1", "1", "1", "1", "1"]),
    "super-camelot": (("human,random", "1"),
                      ["xyz", "circle north", "help", "hint", "1", "1", "1", "1", "1"]),
}
"""A person at each game: an unreadable line and an action the rules refuse now (RS-6:
a card is played once everyone has picked; SC-34: a character is picked before it enters
on a circle), help, a hint, some moves (the first option each time)."""


@pytest.mark.parametrize("game", list(PLAYS))
@pytest.mark.usefixtures("wide")
def test_each_games_play_and_replay_leave_no_english(game: str, tmp_path: Path) -> None:
    """Issue 29: Raiding Stonehenge and Super Camelot at the terminal in the pseudo-locale —
    refused once as unreadable and once by a ruling, help, hint, moves, quit and save,
    then the record browsed and shown at its end: every word went through the catalogue,
    but for data (seats, cards, squares, map marks, rulings, notation)."""
    (players, seed), moves = PLAYS[game]
    path = tmp_path / "game.json"
    typed = camelot_marks() if game == "super-camelot" else []
    code, out, err = run("--lang", "qps", "play", game, "-p", players, "--seed", seed,
                         stdin="\n".join([*moves, "quit", "y", str(path)]) + "\n")
    assert code == 0, err
    refusals = [line for line in out.splitlines() if "'xyz'" in line]
    assert refusals and refusals[0].startswith("P1 > ⟦'xyz' îš ñöţ å "), refusals
    assert "⟦Ñöţ ñöŵ: ⟦" in out, "the refusal with its ruling"
    assert untranslated(out.replace(str(path), ""), *typed) == []
    total = len(load_record(path).actions)
    code, out, err = run("--lang", "qps", "replay", str(path),
                         stdin="n\nn\nb\nj 3\nwhat\ne\nq\n")
    assert code == 0, err
    assert untranslated(out, *typed) == []
    code, out, err = run("--lang", "qps", "replay", str(path), "--at", str(total))
    assert code == 0 and untranslated(out, *typed) == [], err


@pytest.mark.parametrize(("game", "players"), [("raiding-stonehenge", "random,random,random"),
                                               ("super-camelot", "heuristic,random")])
@pytest.mark.usefixtures("wide")
def test_each_games_bots_to_the_end_leave_no_english(game: str, players: str,
                                                      tmp_path: Path) -> None:
    """Between bots, to the end: every event, every table drawn, the final one."""
    path = tmp_path / "g.json"
    code, out, err = run("--lang", "qps", "play", game, "-p", players, "--seed", "4",
                         "--save", str(path))
    assert code == 0, err
    assert load_record(path).returns, "played to its end"
    typed = camelot_marks() if game == "super-camelot" else []
    assert untranslated(out.replace(str(path), ""), *typed) == []


@pytest.mark.usefixtures("wide")
def test_a_designers_everyday_commands_leave_no_english() -> None:
    """`albion games`, `bots`, `simulate` and `tournament`: their words, but for the games'
    ids and variants, the bots' names and options, as they are typed."""
    variants = [word for game in GAME_IDS for word in variant_words(game)]
    code, out, err = run("--lang", "qps", "games")
    assert code == 0 and untranslated(out, *GAME_IDS, *variants) == [], err
    code, out, err = run("--lang", "qps", "bots")
    assert code == 0 and untranslated(out, *GAME_IDS, *BOTS) == [], err
    code, out, err = run("--lang", "qps", "simulate", "raiding-stonehenge", "-p",
                         "random,heuristic,random", "-n", "2", "--workers", "1")
    assert code == 0 and untranslated(out) == [], err
    code, out, err = run("--lang", "qps", "tournament", "super-camelot", "-b",
                         "random,heuristic", "-n", "2", "--workers", "1", "--backend",
                         "local")
    assert code == 0 and untranslated(out) == [], err


MISTAKES = [
    (("play", "chess"), "ûñķñöŵñ ĝåɱé 'chess'"),
    (("play", "diamoniak", "-V", "colour=red"), "ûñķñöŵñ ṽåŕîåñţ ķéý 'colour'"),
    (("play", "diamoniak", "-V", "fairy=never"), "ṽåŕîåñţ fairy='never' îš ñöţ åļļöŵéð"),
    (("play", "super-camelot", "-V", "max_turns=0"), "îš öûţ öƒ ŕåñĝé"),
    (("play", "raiding-stonehenge", "-p", "human"), "ţåķéš 2 ţö 5 þļåýéŕš, ñöţ 1"),
    (("play", "diamoniak", "-p", "human,alphazero"), "ûñķñöŵñ þļåýéŕ 'alphazero'"),
    (("play", "diamoniak", "-p", "ismcts:iterations=0,human"), "ĝŕéåţéŕ ţĥåñ öŕ éǫûåļ"),
    (("simulate", "diamoniak", "-p", "human,random"), "⟦'human' çåññöţ þļåý ĥéŕé"),
    (("play", "diamoniak", "-p", "human:x=1,random"), "⟦'human' ţåķéš ñö öþţîöñš"),
    (("play", "diamoniak", "--sed", "3"), "Ñö šûçĥ öþţîöñ: --sed"),
    (("simulate", "diamoniak", "-p", "random,random", "-n", "many"), "Îñṽåļîð ṽåļûé"),
    (("play",), "Ṁîššîñĝ åŕĝûɱéñţ 'GAME'"),
]
"""What a player or a designer gets wrong most: a game, a variant's key, value or number,
a player count, a bot or its option, `human` where only bots play, a flag, a number, the
game left out."""


@pytest.mark.parametrize(("args", "said"), MISTAKES, ids=lambda value: " ".join(value)
                         if isinstance(value, tuple) else None)
@pytest.mark.usefixtures("wide")
def test_mistakes_on_the_command_line_are_told_in_words(args: tuple[str, ...],
                                                        said: str) -> None:
    """Issue 29: the refusal of each, its sentence from the catalogue (what was typed in
    it as typed), on one `error:` line, exit 2."""
    code, out, err = run("--lang", "qps", *args)
    assert code == 2 and not out, out
    assert err.startswith("⟦éŕŕöŕ: ⟦") and said in err, err
    typed = [*GAME_IDS, *BOTS, *args, "albion", "-h", "GAME"]
    assert untranslated(err, *typed) == [], err


TERMINAL = {"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None,
            "COLUMNS": "1000"}
"""A terminal that names no language (English), one line per row: typer prints help
through a console of its own, which `wide` does not reach but COLUMNS does."""
TYPES = re.compile(r"<[a-z]+(?: range)?>(?: \[[-0-9.<=>x]+\])?")
"""A value's type and range on a help screen (`<int range> [1<=x<=64]`): notation."""


def tree() -> TyperGroup:
    """The command tree as click builds it from the app (English, as the code says)."""
    group = typer.main.get_command(app)
    assert isinstance(group, TyperGroup)
    return group


def flat(screen: str) -> str:
    """A screen's words on one line: the panels' sides and the line breaks gone."""
    return " ".join(screen.replace("│", " ").split())


def help_texts(command: Command) -> list[str]:
    """The help texts a command's `--help` shows of its own (English, from the code): the
    command's, its arguments' and options', and for the root its commands' too."""
    texts = [command.help or "", *(getattr(param, "help", None) or ""
                                   for param in command.params)]
    if isinstance(command, TyperGroup):
        texts += [sub.help or "" for sub in command.commands.values()]
    return [text for text in texts if text]


def typed_on_help() -> list[str]:
    """What help screens show as it is typed: `albion`, the commands' names, the flags,
    the metavars, and click's placeholders on the usage line (`[OPTIONS] COMMAND
    [ARGS]...`)."""
    root = tree()
    words = ["albion", "OPTIONS", "COMMAND", "ARGS", "-h", "--help"]
    for command in [root, *root.commands.values()]:
        words.append(command.name or "")
        for param in command.params:
            words += [*param.opts, *param.secondary_opts, *WORD.findall(param.metavar or "")]
    return words


def test_the_english_help_is_the_codes_and_comes_back_after_another_language() -> None:
    """`albion play --help` in English: the code's texts and typer's own words as typer
    says them; a help text is plain text (the bench's `[rl]` is no markup); the same
    screen again, to the letter, after a French one in the same process."""
    code, english, err = run("play", "--help", env=TERMINAL)
    assert code == 0, err
    shown = flat(english)
    for text in help_texts(tree().commands["play"]):
        assert flat(text) in shown, text
    for words in ("Usage: albion play [OPTIONS] {GAME}", "╭─ Arguments ─", "╭─ Options ─",
                  "[required]", "[default: human,ismcts]", "Show this message and exit."):
        assert words in shown, words
    code, out, err = run("bench", "--help", env=TERMINAL)
    assert code == 0 and "(needs the [rl] extra)" in flat(out), err
    code, out, err = run("--lang", "fr", "play", "--help", env=TERMINAL)
    assert code == 0 and "Utilisation : albion play" in out, err
    assert run("play", "--help", env=TERMINAL) == (0, english, "")


@pytest.mark.parametrize(("args", "env", "lang"), [
    (("--lang", "fr", "--help"), TERMINAL, "fr"),
    (("--help", "--lang", "fr"), TERMINAL, "fr"),
    (("--lang", "de", "play", "--help"), TERMINAL, "de"),
    (("play", "--help"), {**TERMINAL, "LANG": "de_DE.UTF-8"}, "de"),
    ((), {**TERMINAL, "LANG": "fr_FR.UTF-8"}, "fr"),
], ids=["--lang fr --help", "--help --lang fr", "--lang de play --help",
        "LANG=de play --help", "LANG=fr albion alone"])
def test_help_reads_in_french_and_german(args: tuple[str, ...], env: dict[str, str | None],
                                         lang: str) -> None:
    """Issue 29: `albion --lang fr --help` (or `--help` first, or `albion` alone with
    LANG=fr), `albion --lang de play --help` (or LANG=de): every help text of the screen,
    and typer's words around them, from the catalogue; no English one left. What is typed
    stays as typed (`[Standard: human,ismcts]`)."""
    code, out, err = run(*args, env=env)
    assert code == (2 if not args else 0), err  # `albion` alone: the help, as a usage error
    said = i18n.translator(lang).text
    command: Command = tree().commands["play"] if "play" in args else tree()
    texts = help_texts(command)
    shown = flat(out)
    assert len(texts) >= 6
    for text in texts:
        assert said(text) != text, f"not translated: {text!r}"
        assert flat(said(text)) in shown, text
        assert flat(text) not in shown, f"English left: {text!r}"
    words = [said("Usage:"), said("Options"), said("Show this message and exit.")]
    if "play" in args:
        words += [said("Arguments"), said("[required]"),
                  said("[default: {value}]", value="human,ismcts")]
    else:
        words += [said("Commands"), said("Show the version and exit.")]
    for word in words:
        assert word in shown, word
    assert "Show this message" not in shown and "Usage:" not in shown


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_the_commands_list_breaks_no_sentence_where_the_code_wraps_it(lang: str) -> None:
    """`albion --help` lists each command with its help on the rows typer wraps it to: a
    line break of the code's (or the catalogue's) text is a space, as on the command's
    own screen, not a break mid-sentence ("… `hint` for the ISMCTS" / "bot's advice");
    one line per row here, so each command's whole help is on its row."""
    code, out, err = run("--lang", lang, "--help", env=TERMINAL)
    assert code == 0, err
    said = i18n.translator(lang).text
    rows = {row.split()[1]: flat(row) for row in out.splitlines()
            if row.startswith("│ ") and len(row.split()) > 2}
    wrapped = [name for name, command in tree().commands.items()
               if command.help and "\n" in command.help]
    assert len(wrapped) >= 5
    for name in wrapped:
        assert flat(said(tree().commands[name].help or "")) in rows[name], name


HELP_SCREENS = [(), *((name,) for name in tree().commands)]
"""`albion --help` and each command's."""


@pytest.mark.parametrize("command", HELP_SCREENS, ids=lambda command: " ".join(
    ("albion", *command)))
def test_every_help_screen_in_the_pseudo_locale_leaves_no_english(
        command: tuple[str, ...]) -> None:
    """Issue 29: the help of the root and of every command in the pseudo-locale: every
    word went through the catalogue but what is typed as it is (commands, flags,
    metavars, types and ranges, defaults); a help text added without a translation fails
    here."""
    code, out, err = run("--lang", "qps", *command, "--help", env=TERMINAL)
    assert code == 0, err
    assert "⟦Ûšåĝé:⟧ albion" in out and "⟦Šĥöŵ ţĥîš ɱéššåĝé åñð éẋîţ.⟧" in out
    assert untranslated(TYPES.sub(" ", out), *typed_on_help()) == [], out
    if not command:  # `albion` alone shows the root's help
        code, out, err = run(env={**TERMINAL, "LANG": "qps"})
        assert code == 2 and untranslated(TYPES.sub(" ", out), *typed_on_help()) == [], err
