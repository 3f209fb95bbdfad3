"""Issue 29: an error a person reads carries its words — an action that cannot be read, an
unknown game, a variant's unknown key or bad value, a player count, a bad bot spec, a
decision out of turn or too late — so that the terminal and the server's error frames say
it in the reader's language; `str()` stays its English, and a refusal that rests on a
ruling cites it (a variant's, the game's player counts: DI-1, RS-2, SC-4)."""

from __future__ import annotations

import pytest

from albion import i18n
from albion.bots.registry import parse_players
from albion.core.errors import (
    AlbionError,
    InvalidActionError,
    NotYourTurn,
    PlayerCountError,
    StaleVersion,
    UnknownGameError,
    VariantError,
)
from albion.core.registry import get_game
from albion.core.variants import parse_variant_pairs
from albion.core.words import Words

FRENCH = i18n.translator("fr")


def raised(call: object, kind: type[AlbionError] = AlbionError) -> AlbionError:
    assert callable(call)
    with pytest.raises(kind) as caught:
        call()
    return caught.value


def said(error: AlbionError) -> tuple[str, str]:
    """The error's English and French, with its ruling as the terminal shows it."""
    assert isinstance(error.words, Words), error
    english, french = str(error.words), FRENCH.words(error.words)
    if error.ruling:
        english += f" ({error.ruling})"
        french += f" ({error.ruling})"
    return english, french


def unreadable(game_id: str, text: str) -> AlbionError:
    game = get_game(game_id)
    state = game.new_state(game.min_players)
    return raised(lambda: game.parse_action(state, text), InvalidActionError)


@pytest.mark.parametrize(("error", "english", "french"), [
    (lambda: unreadable("diamoniak", "dance"),
     "'dance' is not a Diamoniak action; try: draw, stop",
     "'dance' n'est pas une action de Diamoniak ; essaie : draw, stop"),
    (lambda: unreadable("diamoniak", "buy red from P9"),
     "'p9' is not a seat; seats are P1 to P4", "'p9' n'est pas une place"),
    (lambda: unreadable("raiding-stonehenge", "take line 9"),
     "'9' is not a line; lines are 1 to 5", "'9' n'est pas une ligne ; les lignes vont de 1 à 5"),
    (lambda: unreadable("raiding-stonehenge", "place purple"),
     "'purple' is not a pile; piles: white, blue", "'purple' n'est pas une pile"),
    (lambda: unreadable("super-camelot", "kill r1c1 r1c2"),
     "name one enemy at a time, `kill r<row>c<col>` (Super Camelot 2.0, SC-38)",
     "nomme un ennemi à la fois, `kill r<row>c<col>`"),
    (lambda: unreadable("super-camelot", "step r99c1"),
     "'r99c1' is not a square; squares are r1c1 to r28c28",
     "'r99c1' n'est pas une case ; les cases vont de r1c1 à r28c28"),
    (lambda: raised(lambda: get_game("chess"), UnknownGameError),
     "unknown game 'chess'; known games: diamoniak", "jeu inconnu 'chess' ; jeux connus"),
    (lambda: raised(lambda: get_game("diamoniak").variant({"colour": "red"}), VariantError),
     "unknown variant key 'colour'; known keys: first", "clé de variante inconnue 'colour'"),
    (lambda: raised(lambda: get_game("diamoniak").variant({"fairy": "never"}), VariantError),
     "variant fairy='never' is not allowed; allowed: choose, auto (DI-8)",
     "variante fairy='never' : valeur non permise ; valeurs permises : choose, auto (DI-8)"),
    (lambda: raised(lambda: get_game("super-camelot").variant({"max_turns": "0"}),
                    VariantError),
     "variant max_turns=0 is out of range; allowed: a whole number from 1 to",
     "un nombre entier de 1 à"),
    (lambda: raised(lambda: parse_variant_pairs(["fairy"]), VariantError),
     "variant 'fairy' is not of the form key=value", "n'est pas de la forme clé=valeur"),
    (lambda: raised(lambda: get_game("raiding-stonehenge").check_players(6), PlayerCountError),
     "Raiding Stonehenge takes 2 to 5 players, not 6 (RS-2)",
     "Raiding Stonehenge se joue de 2 à 5 joueurs, pas à 6 (RS-2)"),
    (lambda: raised(lambda: get_game("super-camelot").new_state(1), PlayerCountError),
     "(SC-4)", "(SC-4)"),
    (lambda: raised(lambda: parse_players("human,alphazero")),
     "unknown player 'alphazero'; players: human, random", "joueur inconnu 'alphazero'"),
    (lambda: raised(lambda: parse_players("ismcts:iterations=0")),
     "ismcts:iterations=0: iterations: Input should be greater than or equal to 1 (options "
     "of ismcts: iterations", "La valeur doit être au moins 1 (options de ismcts"),
    (lambda: raised(lambda: parse_players("ismcts:rollout=clever")),
     "Input should be 'random' or 'heuristic'", "La valeur doit être 'random' ou 'heuristic'"),
    (lambda: raised(lambda: parse_players("c=1,random")),
     "option 'c=1' comes before any bot", "l'option 'c=1' vient avant tout bot"),
    (lambda: raised(lambda: parse_players("human", allow_human=False)),
     "'human' cannot play here; bots: random", "'human' ne peut pas jouer ici"),
    (lambda: NotYourTurn(1, (0, 2)), "P2 may not decide now; waiting for P1, P3",
     "P2 ne peut pas décider maintenant ; on attend P1, P3"),
    (lambda: NotYourTurn(None, ()),
     "a spectator may not decide now; waiting for nobody (the game is over)",
     "un spectateur ne peut pas décider maintenant"),
    (lambda: StaleVersion(3, 5),
     "that decision was made at version 3; the table is at version 5",
     "cette décision a été prise à la version 3 ; la table en est à la version 5"),
])
def test_a_refusal_carries_its_words(error: object, english: str, french: str) -> None:
    assert callable(error)
    problem = error()
    assert isinstance(problem, AlbionError)
    in_english, in_french = said(problem)
    assert in_english == str(problem), "str() is the words' English, with the ruling"
    assert english in in_english
    assert french in in_french, in_french


def test_an_error_raised_with_a_text_has_no_words() -> None:
    """A text stays as it is (a face shows it as written)."""
    problem = VariantError("plain")
    assert problem.words is None and problem.ruling is None and str(problem) == "plain"
