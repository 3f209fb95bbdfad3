"""Keep the catalogue up to date (issue 29): collect every message from the sources —
`say()`, `say_n()`, `_()`, `_n()` and the marker `N_()` (a text said later: the terminal's
help screens) in Python, `t()`, `tn()` in the pages' scripts — into `albion.pot`, and bring
each language's `.po` in line with it (new messages added empty, gone ones dropped).
`python -m albion.i18n.extract` updates; `--check` only says what is out of date or
untranslated and exits non-zero (the catalogue tests run the same check).
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import read_po, write_po

from albion.core.howto import load_howto
from albion.core.plugin import load_tutorial
from albion.core.registry import all_plugins
from albion.i18n.catalogue import DOMAIN, LANGUAGES, SOURCE, forms

PACKAGE = Path(__file__).resolve().parent.parent
LOCALE = Path(__file__).resolve().parent / "locale"
PYTHON_KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "say": None, "say_n": (1, 2), "_": None, "_n": (1, 2), "N_": None}
SCRIPT_KEYWORDS: dict[str, tuple[int, ...] | None] = {"t": None, "tn": (1, 2)}
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "de": "nplurals=2; plural=(n != 1);"}
"""gettext's classic forms: one and other (French takes the singular for 0 and 1). Babel's
CLDR gives French a third form for large round numbers ("1 million de cartes"), which no
message of a game needs; two forms keep every catalogue and the pages' Intl rule alike."""
HEADER = "Albion's messages: pages, the terminal, the games' words, refusals and reports"


def sources(root: Path = PACKAGE) -> Iterator[tuple[Path, str]]:
    """Each source file that may hold messages, with Babel's extractor for it."""
    for path in sorted(root.rglob("*.py")):
        if "locale" not in path.parts:
            yield path, "python"
    for path in sorted(root.rglob("*.js")):
        yield path, "javascript"


def game_texts() -> Iterator[tuple[str, str]]:
    """The games' texts kept as data rather than said in code: each ruling's title and
    text, each variant's summary and the meaning of each of its values, and every text of
    its tutorial and its how-to-play (issue 32) (with where they come from)."""
    for plugin in all_plugins():
        where = f"{plugin.id} (rulings and variants)"
        yield plugin.game.summary, where
        if plugin.intro:
            yield plugin.intro, where
        for ruling in plugin.game.rulings:
            yield ruling.title, where
            yield ruling.text, where
        for option in plugin.game.variant_options:
            yield option.summary, where
            yield from ((meaning, where) for meaning in option.meanings)
        tutorial = load_tutorial(plugin)
        if tutorial is not None:
            yield from ((text, f"{plugin.id} (tutorial)") for text in tutorial.words())
        howto = load_howto(plugin)
        if howto is not None:
            yield from ((text, f"{plugin.id} (how to play)") for text in howto.words())


def collect(root: Path = PACKAGE) -> Catalog:
    """Every message the sources say, as a template catalogue."""
    found = Catalog(project="albion", msgid_bugs_address="", header_comment=f"# {HEADER}")
    for text, where in game_texts():
        found.add(text, locations=[(where, 0)])
    for path, method in sources(root):
        keywords = PYTHON_KEYWORDS if method == "python" else SCRIPT_KEYWORDS
        with path.open("rb") as source:
            for _line, message, _comments, _context in extract(
                    method, source, keywords=keywords):
                if not message or (isinstance(message, tuple) and not all(message)):
                    continue
                where = path.relative_to(root.parent).as_posix()
                found.add(message, locations=[(where, 0)])
    return found


def rendered(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False,
             omit_header=False, ignore_obsolete=True)
    return out.getvalue()


def _stable(text: bytes) -> bytes:
    """A catalogue without its dates (they change on every write)."""
    return b"\n".join(line for line in text.splitlines()
                      if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))


def updated(template: Catalog, lang: str) -> Catalog:
    path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.exists():
        with path.open("rb") as source:
            catalog = read_po(source, locale=lang)
    else:
        catalog = Catalog(locale=lang, project="albion", header_comment=f"# {HEADER}")
    catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]
    catalog.update(template, no_fuzzy_matching=True)
    catalog.obsolete.clear()
    return catalog


def untranslated(catalog: Catalog) -> list[str]:
    """The messages of `catalog` with no translation yet (or only a fuzzy one)."""
    missing: list[str] = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            missing.append(forms(message)[0])
    return missing


def problems() -> list[str]:
    """What is out of date: the template, a language's messages, missing translations."""
    template = collect()
    found: list[str] = []
    pot = LOCALE / f"{DOMAIN}.pot"
    if not pot.exists() or _stable(pot.read_bytes()) != _stable(rendered(template)):
        found.append(f"{pot.name} is out of date: run python -m albion.i18n.extract")
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        catalog = updated(template, lang)
        if not path.exists() or _stable(path.read_bytes()) != _stable(rendered(catalog)):
            found.append(f"{lang}: {path.name} is out of date: run python -m "
                         "albion.i18n.extract")
        found.extend(f"{lang}: untranslated: {message!r}" for message in untranslated(catalog))
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m albion.i18n.extract",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="change nothing; list what is out of date or untranslated")
    options = parser.parse_args(argv)
    if options.check:
        found = problems()
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "the catalogue is up to date")
        return 1 if found else 0
    template = collect()
    (LOCALE / f"{DOMAIN}.pot").write_bytes(rendered(template))
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        path.parent.mkdir(parents=True, exist_ok=True)
        catalog = updated(template, lang)
        path.write_bytes(rendered(catalog))
        print(f"{lang}: {len(catalog)} messages, {len(untranslated(catalog))} untranslated")
    print(f"template: {len(template)} messages")
    return 0


if __name__ == "__main__":
    sys.exit(main())
