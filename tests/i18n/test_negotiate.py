"""Which language a reader gets (issue 29): a browser's Accept-Language with its quality
values, a terminal's LANGUAGE/LC_ALL/LC_MESSAGES/LANG, English otherwise."""

from __future__ import annotations

import pytest

from albion.i18n import from_environment, negotiate, supported


@pytest.mark.parametrize(("header", "expected"), [
    ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
    ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
    ("en-GB,en;q=0.9,fr;q=0.8", "en"),
    ("es-ES,es;q=0.9,de;q=0.5,fr;q=0.4", "de"),  # the best Albion speaks
    ("fr;q=0.2, de;q=0.8", "de"),  # quality decides, not the order
    ("de;q=0, fr", "fr"),  # q=0: not acceptable
    ("ja, zh-CN", "en"),
    ("", "en"),
    (None, "en"),
    ("fr;q=abc, de", "de"),  # a broken quality counts for nothing
    (",,;;q=,", "en"),
])
def test_accept_language_chooses_the_best_language_albion_speaks(
        header: str | None, expected: str) -> None:
    assert negotiate(header) == expected


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "fr_FR.UTF-8"}, "fr"),
    ({"LANG": "de_AT.UTF-8"}, "de"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANGUAGE": "es:de", "LANG": "fr_FR.UTF-8"}, "de"),  # gettext's list comes first
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),
    ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),  # the first one set decides, as in C
    ({"LC_MESSAGES": "fr_BE", "LANG": "de_DE"}, "fr"),
    ({}, "en"),
])
def test_the_terminal_reads_its_language_from_the_environment(
        environ: dict[str, str], expected: str) -> None:
    assert from_environment(environ) == expected


@pytest.mark.parametrize(("tag", "expected"), [
    ("fr", "fr"), ("FR-ca", "fr"), ("de_CH.UTF-8", "de"), ("en", "en"), ("qps", "qps"),
    ("xx", None), ("", None), (None, None)])
def test_a_language_tag_is_read_as_a_language_albion_speaks(
        tag: str | None, expected: str | None) -> None:
    assert supported(tag) == expected
