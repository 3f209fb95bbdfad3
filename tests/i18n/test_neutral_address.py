"""Issue 29: French and German speak to the reader (« tu », « du ») without guessing their
gender — "Tu n'es pas encore dans la forêt.", not "Tu n'es pas encore entré…": no past
participle or adjective agreeing with the reader, no "be the first" that is "le premier"
or "als Erster". A scan of every translation for the shapes that do, and the messages that
did."""

from __future__ import annotations

import re

import pytest

from albion.i18n import translator
from albion.i18n.catalogue import catalogue, forms

GENDERED_WORDS = {
    "entré", "arrivé", "prêt", "seul", "bloqué", "évanoui", "assis", "connecté", "déconnecté",
    "premier", "dernier", "perdu", "coincé", "sorti", "parti", "revenu", "resté", "mort",
    "blessé", "éliminé", "venu", "allé", "invité", "certain", "sûr", "content", "désolé",
    "obligé", "tombé", "installé", "placé", "sauvé", "vaincu", "ruiné", "ravi", "fier",
}
"""French words that agree with whom they are said of (feminine and plural forms below)."""
ADVERBS = r"(?:\s+(?:pas|plus|encore|déjà|toujours|jamais|bien|vraiment|maintenant))*"
READER_IS = re.compile(
    r"(?:\b[Tt]u\s+(?:n'|ne\s+)?(?:es|étais|seras|serais|restes|deviens|sembles)"
    r"|(?:^|[:;.!?—]\s*)(?:[Ss]ois|[Rr]este|[Dd]eviens))" + ADVERBS
    + r"\s+(?:le\s+|la\s+)?(\w+)")
"""The reader as subject of être, rester, devenir…, or told to be at a clause's start: the
word after it."""
ALONE_THEN_TOLD = re.compile(r"(?:^|[:;]\s)(\w+)\s[^.;:]*:\s*(?:prends|pioche|joue|choisis)\b")
"""A condition on the reader and what to do then: "seul à une pile : prends un disque"."""
GERMAN = re.compile(r"\b(?:als|der|die)\s+(?:Erste|Erster|Letzte|Letzter|Einzige|Einziger)\b")


def gendered(word: str) -> bool:
    base = re.sub(r"(?:e|s|es)$", "", word.lower())
    return word.lower() in GENDERED_WORDS or base in GENDERED_WORDS or base.endswith("é")


def translations(lang: str) -> list[tuple[str, str]]:
    """(msgid, translation) for every form of every message of `lang`."""
    found: list[tuple[str, str]] = []
    for message in catalogue(lang):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [(forms(message)[0], text) for text in strings if text]
    return found


def test_french_says_no_gendered_word_of_the_reader() -> None:
    found = [(key, text) for key, text in translations("fr")
             if any(gendered(word) for word in READER_IS.findall(text))
             or any(gendered(word) for word in ALONE_THEN_TOLD.findall(text))]
    assert found == []


def test_german_says_no_gendered_first_or_last() -> None:
    found = [(key, text) for key, text in translations("de") if GERMAN.search(text)]
    assert found == []


@pytest.mark.parametrize(("lang", "message", "neutral"), [
    ("fr", "You have not entered the forest yet.", "Tu n'es pas encore dans la forêt."),
    ("fr", "You have passed out.", "Ton personnage est évanoui."),
    ("fr", "alone at a pile: take a disk; contested: the others set one aside",
     "personne d'autre à ta pile : prends un disque ; pile disputée : les autres en mettent "
     "un de côté"),
    ("fr", "push-your-luck card game: be first to build a castle of six cards in your colour",
     "jeu de cartes de stop ou encore : construis avant les autres un château de six cartes "
     "de ta couleur"),
    ("fr", "Disconnected from the server: {state}. Your choices are paused until the page is "
     "connected again; nothing you clicked is lost without a word.",
     "Connexion au serveur perdue : {state}. Tes choix sont en pause jusqu'à ce que la page "
     "soit reconnectée ; rien de ce que tu as cliqué ne se perd sans que tu le saches."),
    ("de", "push-your-luck card game: be first to build a castle of six cards in your colour",
     "Push-your-Luck-Kartenspiel: Baue vor allen anderen eine Burg aus sechs Karten in "
     "deiner Farbe"),
])
def test_the_messages_that_guessed_the_readers_gender_no_longer_do(lang: str, message: str,
                                                                  neutral: str) -> None:
    assert translator(lang).text(message) == neutral


def test_the_scan_finds_what_it_should() -> None:
    for old in ("Tu n'es pas encore entré dans la forêt.", "Tu es évanoui.",
                "jeu de cartes : sois le premier à construire un château",
                "seul à une pile : prends un disque"):
        assert any(gendered(word) for word in READER_IS.findall(old)) or any(
            gendered(word) for word in ALONE_THEN_TOLD.findall(old)), old
    for fine in ("Tu es {name}.", "Tu es {where}.", "(tu y es déjà)",
                 "tu n'es pas en train de te déplacer", "Tu n'es pas encore dans la forêt.",
                 "Reste sur un seul cœur du processeur.",
                 "personne d'autre à ta pile : prends un disque"):
        assert not any(gendered(word) for word in READER_IS.findall(fine)) and not any(
            gendered(word) for word in ALONE_THEN_TOLD.findall(fine)), fine
    assert GERMAN.search("Baue als Erster eine Burg")


FORMAL_FRENCH = re.compile(r"\b(?:[Vv]ous|[Vv]otre|[Vv]os)\b")
FORMAL_GERMAN = re.compile(r"\b(?:Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b|"
                           r"\b(?:Sie)\s+(?:sind|haben|können|müssen|einnehmen)\b|"
                           r"(?:^|[:;.!?]\s+)Sie\b")
"""The formal address ("vous", "Sie", "Ihr Konto") or a "Sie" a reader takes for it (a
clause opening with "Sie", where "sie" (it) would read as "you")."""


def test_french_says_tu_everywhere_never_vous() -> None:
    """One voice across the site: the account pages said "votre compte" beside "À toi de
    jouer" (seen in issue 31's screenshots). "vos", of the reader and someone else
    together, is the only plural "you" (« {name} et toi figurez dans vos listes »)."""
    found = [(key, text) for key, text in translations("fr")
             if FORMAL_FRENCH.search(re.sub(r"et toi \w+ [^.]*\bvos\b", "", text))]
    assert found == []


def test_german_says_du_everywhere_never_sie() -> None:
    found = [(key, text) for key, text in translations("de") if FORMAL_GERMAN.search(text)]
    assert found == []
