"""Albion in English, French and German (issue 29): one gettext catalogue for every face,
words put into the reader's language only where they are shown (`albion.core.words`).

- `translator(lang)` gives a `Translator` for `en`, `fr`, `de` (and the pseudo-locale
  `qps`, which marks every translated text so a test finds what was not translated).
- `_()` and `_n()` translate a face's own messages in the current language (`use(lang)`
  sets it: `albion --lang`, `LANG`, a page's chosen language); `N_()` only marks a text
  said later (the terminal's help screens), for the catalogue to collect.
- `negotiate(accept_language)` picks a language from a browser's `Accept-Language`.
"""

from albion.i18n.catalogue import (
    LANGUAGES,
    PSEUDO,
    SOURCE,
    Translator,
    translator,
)
from albion.i18n.current import N_, _, _n, current, use
from albion.i18n.negotiate import from_environment, negotiate, supported

__all__ = [
    "LANGUAGES",
    "N_",
    "PSEUDO",
    "SOURCE",
    "Translator",
    "_",
    "_n",
    "current",
    "from_environment",
    "negotiate",
    "supported",
    "translator",
    "use",
]
