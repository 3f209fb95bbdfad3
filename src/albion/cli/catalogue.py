"""What `albion games` and `albion rules` show: games, player counts, variants, rulings."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from albion.bots.registry import BOTS
from albion.core.game import AnyGame
from albion.core.registry import all_games, all_plugins
from albion.core.rulings import Source


def _players(game: AnyGame) -> str:
    text = f"{game.min_players}–{game.max_players}"
    if game.published_players:
        low, high = game.published_players
        text += f" (published {low}–{high})"
    return text


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
    table = Table(title="Albion games", show_lines=True)
    table.add_column("Game")
    table.add_column("Players")
    table.add_column("Variants (default in bold)")
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
        table.add_row(Text.assemble((game.id, "bold"), "\n", (game.summary, "dim")),
                      _players(game), variants)
    return table


def rulings_table(game: AnyGame) -> Table:
    table = Table(title=f"{game.name} rulings · players {_players(game)}", show_lines=True)
    table.add_column("Id", style="bold cyan", no_wrap=True)
    table.add_column("Ruling")
    table.add_column("Variant", style="magenta")
    for ruling in game.rulings:
        sources = ", ".join(source.value for source in ruling.sources)
        title = Text.assemble((ruling.title, "bold"), f"  [{sources}]")
        if Source.HOUSE in ruling.sources or Source.PROJECT in ruling.sources:
            title.append("  our own design", style="yellow")
        table.add_row(ruling.id, Text.assemble(title, "\n", ruling.text),
                      "\n".join(ruling.variant_keys) if ruling.is_variant else "")
    return table


def variants_table(game: AnyGame) -> Table:
    table = Table(title=f"{game.name} variants (albion play … --variant key=value)")
    table.add_column("Key", style="magenta")
    table.add_column("Default", style="bold")
    table.add_column("Allowed")
    table.add_column("Ruling", style="cyan")
    table.add_column("What it decides")
    for option in game.variant_options:
        table.add_row(option.key, str(option.default), option.allowed_text(), option.ruling,
                      option.summary)
    return table


def bots_table() -> Group:
    table = Table(title="Albion bots (--players name:key=value,key=value)", show_lines=True)
    table.add_column("Bot", style="bold")
    table.add_column("What it does")
    table.add_column("Options")
    for kind in BOTS.values():
        options = "\n".join(f"{name}: {field.description or ''}"
                            for name, field in kind.options.model_fields.items()) or "—"
        summary = kind.summary + ("\n[red]cheats: refused in play without --allow-cheats[/]"
                                  if kind.cheats else "")
        table.add_row(kind.name, summary, options)
    defaults = Table(title="Search defaults per game", show_lines=False)
    columns = ("iterations", "c", "rollout", "cutoff", "bias")
    for column in ("Game", *columns):
        defaults.add_column(column)
    for plugin in all_plugins():
        values = plugin.search_defaults
        defaults.add_row(plugin.id, *(str(values.get(k, "—")) for k in columns))
    strategies = Table(title="Heuristic strategies", show_lines=True)
    strategies.add_column("Game", style="bold")
    strategies.add_column("Strategy")
    for plugin in all_plugins():
        strategy = plugin.load_strategy()
        if strategy is not None:
            strategies.add_row(plugin.id, strategy.summary)
    return Group(table, defaults, strategies)
