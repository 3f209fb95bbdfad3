"""The message catalogue (issue 29): gettext `.po` files per language beside this module,
read with Babel, compiled in memory, one `Translator` per language.

English is the source language: a message's key is its English text. A message missing
from a language (or still marked fuzzy) is shown in English; the catalogue tests make sure
none is. The pseudo-locale `qps` shows every message of the catalogue as `⟦Ŵöŕðš⟧`, so a
page or a terminal screen run in it shows at a glance — and a test finds — any text that
never went through the catalogue.
"""

from __future__ import annotations

import gettext
import io
from collections.abc import Callable
from functools import cache
from importlib.resources import files
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from albion.core.words import PLACEHOLDER, Arg, Seat, Words, fill

SOURCE = "en"
LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
"""The languages Albion speaks, each named in itself (for a language menu)."""
PSEUDO = "qps"
"""The pseudo-locale (as Microsoft's qps-ploc): every catalogue message marked."""
DOMAIN = "albion"


def locale_dir() -> Any:
    return files("albion.i18n") / "locale"


@cache
def template() -> Catalog:
    """Every message of the catalogue, without translations (`albion.pot`)."""
    with (locale_dir() / f"{DOMAIN}.pot").open("rb") as source:
        return read_po(source)


@cache
def catalogue(lang: str) -> Catalog:
    """The translations into `lang` as Babel reads them."""
    with (locale_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as source:
        return read_po(source, locale=lang)


def _gettext_for(lang: str) -> gettext.NullTranslations:
    if lang == SOURCE:
        return gettext.NullTranslations()
    if lang == PSEUDO:
        return PseudoTranslations(frozenset(_message_ids(template())))
    buffer = io.BytesIO()
    write_mo(buffer, catalogue(lang))
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def forms(message: Message) -> tuple[str, ...]:
    """A catalogue entry's key: its one text, or its singular and plural."""
    return (message.id,) if isinstance(message.id, str) else tuple(message.id)


def _message_ids(source: Catalog) -> list[str]:
    return [text for message in source if message.id for text in forms(message)]


SeatNamer = Callable[[int], str]


def default_seat_name(seat: int) -> str:
    return str(Seat(seat))


class Translator:
    """Words into one language."""

    def __init__(self, lang: str, translations: gettext.NullTranslations) -> None:
        self.lang = lang
        self.translations = translations

    def text(self, message: str, /, **args: Arg) -> str:
        """A face's own message `message` in this language, `{name}`s filled."""
        return self.words(Words(message, tuple(args.items())))

    def plural(self, singular: str, plural: str, count: int, /, **args: Arg) -> str:
        return self.words(Words(singular, (("count", count), *args.items()), plural, count))

    def words(self, value: Words | str, seat_name: SeatNamer = default_seat_name) -> str:
        """`value` in this language; seats named by `seat_name` (default "P1", "P2"…)."""
        if isinstance(value, str):
            return value
        if not value.message:  # gettext's "" is the catalogue's header, never a message
            return ""
        if value.plural is not None:
            form = self.translations.ngettext(value.message, value.plural, value.count or 0)
        else:
            form = self.translations.gettext(value.message)

        def show(arg: Arg) -> str:
            if isinstance(arg, Words):
                return self.words(arg, seat_name)
            if isinstance(arg, Seat):
                return seat_name(arg.seat)
            return str(arg)

        return fill(form, value.args, show)

    def messages_json(self) -> dict[str, Any]:
        """This language's catalogue for the pages: `{"lang", "messages": {key: text or
        [forms]}}` (English keys; a page falls back to the key)."""
        messages: dict[str, Any] = {}
        for message in template():
            if not message.id:
                continue
            key = forms(message)
            if len(key) > 1:
                singular, plural = key[0], key[1]
                messages[singular] = [self.translations.ngettext(singular, plural, 1),
                                      self.translations.ngettext(singular, plural, 2)]
            else:
                messages[key[0]] = self.translations.gettext(key[0])
        return {"lang": self.lang, "messages": messages}


@cache
def translator(lang: str) -> Translator:
    """The translator into `lang` (one of `LANGUAGES`, or `PSEUDO`)."""
    if lang not in LANGUAGES and lang != PSEUDO:
        raise ValueError(f"no such language: {lang!r}; Albion speaks "
                         f"{', '.join(LANGUAGES)}")
    return Translator(lang, _gettext_for(lang))


ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")


def pseudo(text: str) -> str:
    """`text` marked as translated: letters accented, placeholders kept, ⟦ ⟧ around."""
    parts: list[str] = []
    last = 0
    for match in PLACEHOLDER.finditer(text):
        parts.append(text[last:match.start()].translate(ACCENTS))
        parts.append(match.group(0))
        last = match.end()
    parts.append(text[last:].translate(ACCENTS))
    return f"⟦{''.join(parts)}⟧"


class PseudoTranslations(gettext.NullTranslations):
    """Every message the catalogue knows, marked; any other text left as it is."""

    def __init__(self, known: frozenset[str]) -> None:
        super().__init__()
        self.known = known

    def gettext(self, message: str) -> str:
        return pseudo(message) if message in self.known else message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        chosen = msgid1 if n == 1 else msgid2
        return pseudo(chosen) if msgid1 in self.known else chosen
