"""The ``crupier`` command.

Built on typer (type-hinted commands, generated help) and rich (tables and
colour in the terminal): both well kept, and they keep this module to wiring.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from crupier.analysis.par import par_figures, par_outcomes, par_sheet
from crupier.core.errors import RuleError
from crupier.core.profile import Profile, dump_profile
from crupier.games.catalogue import GAMES, load_profile, profile_names

app = typer.Typer(
    name="crupier",
    help="Regulated casino table games: rules engines, PAR sheets and a terminal table.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()
err_console = Console(stderr=True)

GameArg = Annotated[
    str, typer.Argument(help="Game id, e.g. french-roulette (see `crupier games`).")
]
ProfileOpt = Annotated[
    str, typer.Option("--profile", "-p", help="Built-in profile: andorra or spain-1979.")
]
RulesOpt = Annotated[
    Path | None,
    typer.Option("--rules", help="A rules profile file (an edited copy of `crupier rules`)."),
]


def _profile(game: str, profile: str, rules: Path | None) -> Profile:
    try:
        return load_profile(game, profile, rules)
    except RuleError as exc:
        err_console.print(f"[red]error[/red] {escape(f'[{exc.code}] {exc}')}")
        raise typer.Exit(2) from None


@app.command()
def games() -> None:
    """List the games crupier runs, with their profiles."""
    table = Table("No.", "Game id", "Game", "Profiles")
    for info in GAMES.values():
        table.add_row(info.number, info.id, info.title, ", ".join(profile_names(info.id)))
    console.print(table)


@app.command()
def rules(game: GameArg, profile: ProfileOpt = "andorra", rules: RulesOpt = None) -> None:
    """Print a game's rules profile as TOML, each value with its citation."""
    typer.echo(dump_profile(_profile(game, profile, rules)), nl=False)


@app.command()
def par(
    game: GameArg,
    profile: ProfileOpt = "andorra",
    rules: RulesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print the exact PAR sheet: house edge, hit frequency and deviation of every bet."""
    prof = _profile(game, profile, rules)
    if as_json:
        typer.echo(json.dumps(par_sheet(game, prof), indent=2))
        return
    figures = par_figures(game, prof)
    table = Table(title=f"PAR sheet — {game} ({prof.profile})")
    for col in ("Bet", "House edge", "Exact", "Hit frequency", "Std dev", "Method"):
        table.add_column(
            col,
            justify="left" if col in ("Bet", "Method") else "right",
            overflow="fold",
        )
    for f in figures:
        table.add_row(
            f.bet_id,
            f"{float(f.house_edge) * 100:.4f} %",
            f"{f.house_edge.numerator}/{f.house_edge.denominator}",
            f"{float(f.hit_frequency):.6f}",
            f"{f.std_dev:.4f}",
            f.method,
        )
    if figures:
        console.print(table)
    for extra in par_outcomes(game, prof):
        t = Table(title=extra["title"])
        for col in extra["columns"]:
            t.add_column(col, overflow="fold")
        for row in extra["rows"]:
            t.add_row(*row)
        console.print(t)


@app.command()
def play(
    game: GameArg,
    profile: ProfileOpt = "andorra",
    rules: RulesOpt = None,
    player: Annotated[str, typer.Option(help="Your name at the table.")] = "player",
    buy_in: Annotated[str, typer.Option("--buy-in", help="Chips to buy, e.g. 500.")] = "500",
    seed: Annotated[
        int | None, typer.Option(help="Seed the random source (replayable); default: OS CSPRNG.")
    ] = None,
) -> None:
    """Sit at a terminal table: buy in, bet by name and amount, and play rounds."""
    from crupier.play import terminal_for

    prof = _profile(game, profile, rules)
    table = terminal_for(game)(game, prof, player=player, seed=seed, console=console)
    raise typer.Exit(table.run(buy_in))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def verify(ctx: typer.Context) -> None:
    """Verify a ledger: every number, hash, link and signature; names the first bad entry.

    crupier verify --db URL --key casino.pub [--staff-key K.pub] [--head SEQ:HASH] [--json]
    """
    from crupier.ledger.verify import main as verify_main

    raise typer.Exit(verify_main(ctx.args))


def main() -> None:
    """Entry point of the ``crupier`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
