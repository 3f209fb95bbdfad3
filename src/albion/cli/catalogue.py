"""What `albion games` and `albion rules` show: games, player counts, variants, rulings —
in the reader's language (issue 29: the rulings, variant summaries and meanings are in the
catalogue, taken from the games' data by `albion.i18n.extract.game_texts`); `albion bots`
too (the bots' summaries, their options' descriptions, each game's strategy from its
words). Ids, bot and option names, variant keys and values stay as they are typed;
`albion games --json` stays English (data)."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.bots.registry import BOTS, OPTION_WORDS
from albion.core.game import AnyGame
from albion.core.plugin import Strategy
from albion.core.registry import all_games, all_plugins
from albion.core.rulings import Source
from albion.i18n import _, current


def source_name(source: Source) -> str:
    """Where a ruling comes from, in words (RULINGS.md tags it rb, pub, inf, house)."""
    names = {Source.RULEBOOK: _("rulebook"), Source.PUBLISHED: _("published"),
             Source.INFERRED: _("inferred"), Source.HOUSE: _("house rule"),
             Source.PROJECT: _("Albion's choice")}
    return names[source]


def allowed(option: Any) -> str:
    """A variant's allowed values: its choices as typed, or a range of numbers."""
    if option.is_number:
        return _("a whole number from {low} to {high}", low=option.minimum, high=option.maximum)
    return ", ".join(option.choices)


def _players(game: AnyGame) -> str:
    if game.published_players:
        low, high = game.published_players
        return _("{low}–{high} (published {published_low}–{published_high})",
                 low=game.min_players, high=game.max_players, published_low=low,
                 published_high=high)
    return f"{game.min_players}–{game.max_players}"


def games_json() -> list[dict[str, Any]]:
    return [
        {
            "id": game.id,
            "name": game.name,
            "version": game.version,
            "summary": game.summary,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "published_players": list(game.published_players) if game.published_players
            else None,
            "variants": [
                {
                    "key": option.key,
                    "default": option.default,
                    "allowed": list(option.choices) if option.choices else
                    {"min": option.minimum, "max": option.maximum},
                    "ruling": option.ruling,
                    "summary": option.summary,
                }
                for option in game.variant_options
            ],
        }
        for game in all_games()
    ]


def games_table() -> Table:
    table = Table(title=_("Albion games"), show_lines=True)
    table.add_column(_("Game"))
    table.add_column(_("Players"))
    table.add_column(_("Variants (default in bold)"))
    for game in all_games():
        variants = Text()
        for option in game.variant_options:
            variants.append(f"{option.key}: ")
            if option.choices:
                for index, choice in enumerate(option.choices):
                    variants.append(choice, style="bold" if choice == option.default else "dim")
                    if index < len(option.choices) - 1:
                        variants.append(" | ")
            else:
                variants.append(str(option.default), style="bold")
                variants.append(f" ({option.minimum}–{option.maximum})", style="dim")
            variants.append(f"  [{option.ruling}]\n", style="cyan")
        table.add_row(Text.assemble((game.id, "bold"), "\n",
                                    (current().text(game.summary), "dim")),
                      _players(game), variants)
    return table


def rulings_table(game: AnyGame) -> Table:
    say = current().text
    table = Table(title=_("{game} rulings · players {players}", game=game.name,
                          players=_players(game)), show_lines=True)
    table.add_column(_("Id"), style="bold cyan", no_wrap=True)
    table.add_column(_("Ruling"))
    table.add_column(_("Variant"), style="magenta")
    for ruling in game.rulings:
        sources = ", ".join(source_name(source) for source in ruling.sources)
        title = Text.assemble((say(ruling.title), "bold"), f"  [{sources}]")
        if Source.HOUSE in ruling.sources or Source.PROJECT in ruling.sources:
            title.append("  " + _("our own design"), style="yellow")
        if ruling.newcomer:
            title.append("  " + _("taught by albion learn"), style="green")
        table.add_row(ruling.id, Text.assemble(title, "\n", say(ruling.text)),
                      "\n".join(ruling.variant_keys) if ruling.is_variant else "")
    return table


def variants_table(game: AnyGame) -> Table:
    say = current().text
    table = Table(title=_("{game} variants (albion play … --variant key=value)",
                          game=game.name), show_lines=True)
    table.add_column(_("Key"), style="magenta")
    table.add_column(_("Default"), style="bold")
    table.add_column(_("Ruling"), style="cyan")
    table.add_column(_("What it decides; allowed values"))
    for option in game.variant_options:
        decides = Text(say(option.summary))
        meanings = [(str(choice), option.meaning(choice)) for choice in option.choices]
        if meanings and all(meaning for _choice, meaning in meanings):
            for choice, meaning in meanings:
                decides.append("\n")
                decides.append(choice, style="bold")
                decides.append(_(": {meaning}", meaning=say(meaning)), style="dim")
        else:
            decides.append("\n")
            decides.append(allowed(option), style="dim")
        table.add_row(option.key, str(option.default), option.ruling, decides)
    return table


def bots_table() -> Group:
    table = Table(title=_("Albion bots (--players name:key=value,key=value)"),
                  show_lines=True)
    table.add_column(_("Bot"), style="bold")
    table.add_column(_("What it does"))
    table.add_column(_("Options"))
    said = current().words
    for kind in BOTS.values():
        options = "\n".join(_(
            "{option}: {meaning}", option=name,
            meaning=OPTION_WORDS.get(name) or field.description or "")
            for name, field in kind.options.model_fields.items()) or "—"
        summary = Text(said(kind.summary))
        if kind.cheats:
            summary.append("\n" + _("cheats: refused in play without --allow-cheats"),
                           style="red")
        table.add_row(kind.name, summary, options)
    defaults = Table(title=_("Search defaults per game"), show_lines=False)
    columns = ("iterations", "c", "rollout", "cutoff", "bias")
    defaults.add_column(_("Game"))
    for column in columns:  # the options' names, as typed
        defaults.add_column(column)
    for plugin in all_plugins():
        values = plugin.search_defaults
        defaults.add_row(plugin.id, *(str(values.get(k, "—")) for k in columns))
    strategies = Table(title=_("Heuristic strategies"), show_lines=True)
    strategies.add_column(_("Game"), style="bold")
    strategies.add_column(_("Strategy"))
    for plugin in all_plugins():
        strategy = plugin.load_strategy()
        if strategy is not None:
            strategies.add_row(plugin.id, strategy_text(strategy))
    return Group(table, defaults, strategies)


def strategy_text(strategy: Strategy) -> str:
    """How a strategy plays: its words, a point a line (its English summary for a game
    that says none)."""
    if not strategy.words:
        return strategy.summary
    return "\n".join(f"• {current().words(point)}" for point in strategy.words)
