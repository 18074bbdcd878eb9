"""The ``crupier`` command.

Built on typer (type-hinted commands, generated help) and rich (tables and
colour in the terminal): both well kept, and they keep this module to wiring.
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction
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
    str | None,
    typer.Option(
        "--profile", "-p", help="Built-in profile: andorra (the default) or spain-1979."
    ),
]
RulesOpt = Annotated[
    Path | None,
    typer.Option("--rules", help="A rules profile file (an edited copy of `crupier rules`)."),
]


def _profile(game: str, profile: str | None, rules: Path | None) -> Profile:
    if profile is not None and rules is not None:
        err_console.print(
            f"[red]error[/red] give --profile or --rules, not both: the rules file {rules} "
            f"is the profile (to start from {profile}, write extends = \"{profile}\" in it)"
        )
        raise typer.Exit(2)
    try:
        loaded = load_profile(game, profile or "andorra", rules)
        if rules is not None:
            from crupier.analysis.provenance import rules_provenance

            label = rules_provenance(game, loaded, rules)
            if label["inherited"]:
                err_console.print(
                    f"note: {rules} leaves out {', '.join(label['inherited'])}: "
                    f"taken from {label['inherited_from']}"
                )
        return loaded
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
def rules(game: GameArg, profile: ProfileOpt = None, rules: RulesOpt = None) -> None:
    """Print a game's rules profile as TOML, each value with its citation."""
    typer.echo(dump_profile(_profile(game, profile, rules)), nl=False)


@app.command()
def par(
    game: GameArg,
    profile: ProfileOpt = None,
    rules: RulesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Print the exact PAR sheet: house edge, hit frequency and deviation of every bet."""
    from crupier.analysis.provenance import not_offered, rules_provenance, warnings

    prof = _profile(game, profile, rules)
    figures = par_figures(game, prof)
    label = rules_provenance(game, prof, rules) if rules is not None else None
    cautions = warnings(prof, figures)
    for caution in cautions:
        err_console.print(f"[yellow]warning[/yellow] {escape(caution)}")
    if as_json:
        sheet = par_sheet(game, prof)
        absent = not_offered(game, prof)
        for bet in sheet["bets"]:
            bet["offered"] = bet["id"] not in absent
        if label is not None:
            sheet["rules"] = label
        sheet["warnings"] = cautions
        typer.echo(json.dumps(sheet, indent=2))
        return
    title = f"PAR sheet — {game} ({prof.profile})"
    if label is not None:
        title = f"PAR sheet — {game} (rules file {label['rules_file']}, not a built-in profile)"
    table = Table(title=title)
    for col in ("Bet", "House edge", "Exact", "Hit frequency", "Std dev", "Method"):
        numeric = col in ("House edge", "Hit frequency", "Std dev")
        table.add_column(
            col,
            justify="left" if col in ("Bet", "Method") else "right",
            overflow="fold",
            no_wrap=numeric,
            min_width=10 if col == "House edge" else None,
        )
    absent = not_offered(game, prof)
    for f in figures:
        table.add_row(
            f"{f.bet_id} (not offered)" if f.bet_id in absent else f.bet_id,
            f"{float(f.house_edge) * 100:.4f} %",
            _exact(f.house_edge),
            f"{float(f.hit_frequency):.6f}",
            f"{f.std_dev:.4f}",
            f.method,
        )
    if label is not None:
        console.print(f"Rules file {escape(label['rules_file'])}, SHA-256 {label['sha256']}")
        differs = label["differs"]
        console.print(
            f"Compared with the built-in {label['compared_with']}: "
            + (", ".join(f"{k} {v[0]} -> {v[1]}" for k, v in differs.items()) or "no change")
        )
        if label["inherited"]:
            console.print(
                f"Sections not in the file, taken from {label['inherited_from']}: "
                + ", ".join(label["inherited"])
            )
    for caution in cautions:
        console.print(f"Warning: {escape(caution)}")
    if figures:
        console.print(table)
    for extra in par_outcomes(game, prof):
        t = Table(title=extra["title"])
        for col in extra["columns"]:
            t.add_column(col, overflow="fold")
        for row in extra["rows"]:
            t.add_row(*row)
        console.print(t)


def _exact(value: Fraction) -> str:
    """A fraction as ``n/d``, or its first digits when it is too long for a table column."""
    text = f"{value.numerator}/{value.denominator}"
    return text if len(text) <= 24 else f"≈{float(value):.12f}"


@app.command()
def play(
    game: GameArg,
    profile: ProfileOpt = None,
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


DbOpt = Annotated[str, typer.Option("--db", help="The books' database URL (sqlite:///... or postgresql://...).")]


@app.command()
def recall(
    table: Annotated[str, typer.Argument(help="Table id, e.g. RF-1.")],
    db: DbOpt,
    last: Annotated[int | None, typer.Option(help="Only the last N rounds.")] = None,
    session: Annotated[
        str | None, typer.Option("--table-session", help="A table session id (default: latest).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Replay the rounds of a table move by move from the journal (game recall)."""
    from dataclasses import asdict

    from crupier.casino.recall import recall as recall_rounds
    from crupier.ledger import Ledger

    ledger = Ledger(db)
    try:
        rounds = recall_rounds(ledger, table, last=last, table_session=session)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    finally:
        ledger.close()
    if as_json:
        typer.echo(json.dumps([asdict(r) for r in rounds], indent=1, ensure_ascii=False))
        return
    if not rounds:
        console.print(f"{table}: no rounds recorded")
    for r in rounds:
        flags = (" VOID" if r.void else "") + (" (last round of the session)" if r.last_of_session else "")
        console.print(
            f"[bold]{r.table} {r.table_session} round {r.number}[/bold] {r.local_time} "
            f"(ledger {r.ledger_seq}){flags}"
        )
        for move in r.moves:
            args = {k: v for k, v in move.action.items() if k not in ("kind", "by")}
            draws = f" draws {move.draws}" if move.draws else ""
            console.print(f"  {move.action['by']}: {move.action['kind']} {args}{draws}", highlight=False)
            for event in move.events:
                detail = {k: v for k, v in event.items() if k != "kind"}
                console.print(f"    -> {event['kind']} {detail}", highlight=False)
        if not r.moves:
            console.print(f"  result {r.result}; bets {r.bets}", highlight=False)


@app.command()
def books(
    book: Annotated[str, typer.Argument(help="A43 A44 A45 A46-A A46-B A46-C A47 A56 A60 A61 JNL EQR STF PRM")],
    db: DbOpt,
    day: Annotated[str | None, typer.Option(help="One gaming day, YYYY-MM-DD.")] = None,
    start: Annotated[str | None, typer.Option("--from", help="First day, YYYY-MM-DD.")] = None,
    end: Annotated[str | None, typer.Option("--to", help="Last day, YYYY-MM-DD.")] = None,
    fmt: Annotated[str, typer.Option("--format", help="csv, json or pdf.")] = "csv",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file (default: stdout).")
    ] = None,
) -> None:
    """Export a book of the casino (operations spec §7) as CSV, JSON or a printable PDF."""
    from crupier.casino.books import export
    from crupier.ledger import Ledger

    ledger = Ledger(db)
    name = ""
    for entry in ledger.entries():
        if entry.kind == "CAS.CONFIG":
            name = entry.payload["config"]["name"]
            break
    try:
        data = export(ledger, book, fmt, day=day, start=start, end=end, casino=name)
    except ValueError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    finally:
        ledger.close()
    if output is not None:
        output.write_bytes(data)
        console.print(f"{book}: {len(data)} bytes written to {output}")
    elif fmt == "pdf":
        sys.stdout.buffer.write(data)
    else:
        typer.echo(data.decode(), nl=False)


@app.command("demo-day")
def demo_day(
    db: DbOpt,
    seed: Annotated[int, typer.Option(help="Seed of the day's draws and choices.")] = 1,
    keys: Annotated[
        Path, typer.Option(help="Folder for the casino's public key (for crupier verify).")
    ] = Path("crupier-demo-keys"),
) -> None:
    """Play a whole gaming day at a few tables into an empty database, to see the books filled."""
    from crupier.casino.demo import demo_day as run_demo

    report = run_demo(db, seed=seed, key_dir=keys)
    for table, n in report.rounds.items():
        console.print(f"{table}: {n} rounds, result {report.results[table] / 100:,.2f}")
    console.print(f"{report.entries} ledger entries, head {report.head[0]}:{report.head[1]}")
    console.print(f"Verify with: crupier verify --db {db} --key {report.public_key}")
    console.print(f"Print a book: crupier books A43 --db {db} --format pdf -o a43.pdf")


def main() -> None:
    """Entry point of the ``crupier`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
