"""The ``crupier`` command.

Built on typer (type-hinted commands, generated help) and rich (tables and
colour in the terminal): both well kept, and they keep this module to wiring.
"""

from __future__ import annotations

import functools
import gc
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn, ParamSpec, TypeVar

import typer

from crupier.i18n import (
    LANGUAGES,
    from_environment,
    gettext,
    localised,
    ngettext,
    normalise,
    set_language,
)

if TYPE_CHECKING:
    from fractions import Fraction

    from rich.console import Console

    from crupier.core.profile import Profile
    from crupier.ledger import Ledger


def _early_language(argv: list[str]) -> str | None:
    """The language of the help texts: ``--lang`` on the command line, else the environment's.

    Help is printed while the command line is parsed, before ``--lang`` is read as an option.
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return from_environment()


_HELP_LANG = set_language(_early_language(sys.argv[1:]))


def _h(text: str) -> str:
    """A help text in the language of the command line (no catalogue is read for English)."""
    return gettext(text, _HELP_LANG)


def _(text: str) -> str:
    """A message in the language in force."""
    return gettext(text)


# Imports are made inside the commands: `crupier --help` and each command load only what
# they use (the engines, rich, SQLAlchemy and fpdf are heavy).
app = typer.Typer(
    name="crupier",
    help=_h("Regulated casino table games: rules engines, PAR sheets and a terminal table."),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,  # plain help: rich costs 0.1 s of imports on every `--help`
)
_consoles: dict[bool, Console] = {}
_chosen: dict[str, str | None] = {"lang": None}


@app.callback()
def _main(
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help=_h("Language of the output: ca, es, fr or en (default: the environment's locale, "
                    "then for the books the casino's language)."),
        ),
    ] = None,
) -> None:  # fmt: skip
    # The options of every command: the language (the app's help is the Typer's own).
    if lang is not None:
        if normalise(lang) is None:
            _fail(_("--lang is one of {languages}, not {lang}").format(
                languages=", ".join(LANGUAGES), lang=repr(lang)))  # fmt: skip
        _chosen["lang"] = set_language(lang)
    else:  # the environment's (each command of a process chooses afresh)
        _chosen["lang"] = from_environment()
        set_language(_chosen["lang"])


def _console(stderr: bool = False) -> Console:
    """The rich console (stdout or stderr), made on first use."""
    if stderr not in _consoles:
        from rich.console import Console

        _consoles[stderr] = Console(stderr=stderr)
    return _consoles[stderr]


def _fail(message: str, code: int = 2) -> NoReturn:
    """One line on stderr, then exit ``code`` (2: the command cannot run; 1: the books are broken)."""
    typer.echo(f"crupier: {message}", err=True)  # the message is already in the user's language
    raise typer.Exit(code)


GameArg = Annotated[
    str, typer.Argument(help=_h("Game id, e.g. french-roulette (see `crupier games`)."))
]
ProfileOpt = Annotated[
    str | None,
    typer.Option(
        "--profile", "-p", help=_h("Built-in profile: andorra (the default) or spain-1979.")
    ),
]
RulesOpt = Annotated[
    Path | None,
    typer.Option("--rules", help=_h("A rules profile file (an edited copy of `crupier rules`).")),
]


def _profile(game: str, profile: str | None, rules: Path | None) -> Profile:
    from rich.markup import escape

    from crupier.core.errors import RuleError
    from crupier.games.catalogue import load_profile

    err_console = _console(stderr=True)
    if profile is not None and rules is not None:
        err_console.print(
            "[red]"
            + _("error")
            + "[/red] "
            + escape(
                _(
                    "give --profile or --rules, not both: the rules file {rules} is the profile "
                    '(to start from {profile}, write extends = "{profile}" in it)'
                ).format(rules=rules, profile=profile)
            )
        )
        raise typer.Exit(2)
    try:
        loaded = load_profile(game, profile or "andorra", rules)
        if rules is not None:
            from crupier.analysis.provenance import rules_provenance

            label = rules_provenance(game, loaded, rules)
            if label["inherited"]:
                err_console.print(escape(
                    _("note: {rules} leaves out {sections}: taken from {source}").format(
                        rules=rules, sections=", ".join(label["inherited"]),
                        source=label["inherited_from"],
                    )
                ))  # fmt: skip
        return loaded
    except RuleError as exc:
        _console(stderr=True).print(
            "[red]" + _("error") + f"[/red] {escape(f'[{exc.code}] {localised(exc)}')}"
        )
        raise typer.Exit(2) from None


@app.command()
def games() -> None:
    """List the games crupier runs, with their profiles."""
    from rich.table import Table

    from crupier.games.catalogue import GAMES, profile_names
    from crupier.i18n.names import game_name

    table = Table(_("No."), _("Game id"), _("Game"), _("Profiles"))
    for info in GAMES.values():
        table.add_row(info.number, info.id, game_name(info.id, info.title),
                      ", ".join(profile_names(info.id)))  # fmt: skip
    _console().print(table)


@app.command()
def rules(game: GameArg, profile: ProfileOpt = None, rules: RulesOpt = None) -> None:
    """Print a game's rules profile as TOML, each value with its citation."""
    from crupier.core.profile import dump_profile

    typer.echo(dump_profile(_profile(game, profile, rules)), nl=False)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _gc_paused(command: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``command`` with Python's cyclic garbage collector paused (then as it was).

    An exact PAR makes millions of short-lived, acyclic objects (fractions, tuples): the
    collector's passes over the growing heap found nothing to free and took a fifth of
    the command's time. Reference counting still frees every object as before.

    >>> _gc_paused(gc.isenabled)(), gc.isenabled()
    (False, True)
    """

    @functools.wraps(command)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return command(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return run


@app.command()
@_gc_paused
def par(
    game: GameArg,
    profile: ProfileOpt = None,
    rules: RulesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=_h("Print JSON."))] = False,
) -> None:
    """Print the exact PAR sheet: house edge, hit frequency and deviation of every bet."""
    from rich.markup import escape
    from rich.table import Table

    from crupier.analysis.par import par_figures, par_outcomes, par_sheet
    from crupier.analysis.provenance import not_offered, rules_provenance, warnings
    from crupier.i18n.bets import bet_label
    from crupier.i18n.formats import fixed, percent
    from crupier.i18n.tables import PAR_METHODS, shown_table

    prof = _profile(game, profile, rules)
    console = _console()
    err_console = _console(stderr=True)
    figures = par_figures(game, prof)
    label = rules_provenance(game, prof, rules) if rules is not None else None
    cautions = warnings(prof, figures)
    for caution in cautions:
        err_console.print("[yellow]" + _("warning") + f"[/yellow] {escape(caution)}")
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
    title = _("PAR sheet — {game} ({profile})").format(game=game, profile=prof.profile)
    if label is not None:
        title = _("PAR sheet — {game} (rules file {file}, not a built-in profile)").format(
            game=game, file=label["rules_file"]
        )
    table = Table(title=escape(title))
    columns = ((_("Bet"), "left", False), (_("House edge"), "right", True),
               (_("Exact"), "right", False), (_("Hit frequency"), "right", True),
               (_("Std dev"), "right", True), (_("Method"), "left", False))  # fmt: skip
    for i, (col, justify, numeric) in enumerate(columns):
        table.add_column(col, justify=justify, overflow="fold", no_wrap=numeric,  # type: ignore[arg-type]
                         min_width=10 if i == 1 else None)  # fmt: skip
    absent = not_offered(game, prof)
    for f in figures:
        table.add_row(
            _("{bet} (not offered)").format(bet=bet_label(game, f.bet_id))
            if f.bet_id in absent
            else bet_label(game, f.bet_id),
            percent(float(f.house_edge), digits=4),
            _exact(f.house_edge),
            fixed(float(f.hit_frequency), 6),
            fixed(f.std_dev, 4),
            gettext(PAR_METHODS[f.method]) if f.method in PAR_METHODS else f.method,
        )
    if label is not None:
        console.print(escape(_("Rules file {file}, SHA-256 {sha}").format(
            file=label["rules_file"], sha=label["sha256"])))  # fmt: skip
        differs = label["differs"]
        console.print(escape(
            _("Compared with the built-in {profile}: ").format(profile=label["compared_with"])
            + (", ".join(f"{k} {v[0]} -> {v[1]}" for k, v in differs.items()) or _("no change"))
        ))  # fmt: skip
        if label["inherited"]:
            console.print(escape(
                _("Sections not in the file, taken from {source}: ").format(
                    source=label["inherited_from"]) + ", ".join(label["inherited"])
            ))  # fmt: skip
    for caution in cautions:
        console.print(_("Warning: {text}").format(text=escape(caution)))
    if figures:
        console.print(table)
    for extra in par_outcomes(game, prof):
        shown = shown_table(game, extra)  # translated, its figures in the language's format
        t = Table(title=escape(shown["title"]))
        for col in shown["columns"]:
            t.add_column(escape(col), overflow="fold")
        for row in shown["rows"]:
            t.add_row(*(escape(c) for c in row))
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
    player: Annotated[str, typer.Option(help=_h("Your name at the table."))] = "player",
    buy_in: Annotated[str, typer.Option("--buy-in", help=_h("Chips to buy, e.g. 500."))] = "500",
    seed: Annotated[
        int | None,
        typer.Option(help=_h("Seed the random source (replayable); default: OS CSPRNG.")),
    ] = None,
) -> None:
    """Sit at a terminal table: buy in, bet by name and amount, and play rounds."""
    from crupier.play import terminal_for

    prof = _profile(game, profile, rules)
    table = terminal_for(game)(game, prof, player=player, seed=seed, console=_console())
    raise typer.Exit(table.run(buy_in))


@app.command()
def strategy(game: GameArg, profile: ProfileOpt = None, rules: RulesOpt = None) -> None:
    """Print the basic-strategy chart for the rules in force, with its exceptions and edge."""
    if game not in ("blackjack", "triple-blackjack"):
        _fail(
            _("no strategy chart for {game}: blackjack and triple-blackjack have one").format(
                game=game
            )
        )
    from crupier.analysis.blackjack import BlackjackAnalysis, basic_strategy

    prof = _profile(game, profile, rules)
    analysis = BlackjackAnalysis(prof)  # type: ignore[arg-type]
    chart = basic_strategy(analysis)
    from crupier.i18n.formats import percent

    typer.echo(_("Basic strategy — {game} ({profile})").format(game=game, profile=prof.profile))
    typer.echo(chart.text())
    edge = -float(analysis.expected_value())
    typer.echo(_("House edge of the main bet under this play: {edge}").format(
        edge=percent(edge, digits=4)))  # fmt: skip


# ------------------------------------------------------------------ the books


def _open_books(db: str) -> Ledger:
    """The existing ledger at ``db``, read-only; any bad URL is one line and exit 2."""
    from crupier.ledger.database import DatabaseUnavailable, open_existing

    try:
        return open_existing(db)
    except DatabaseUnavailable as exc:
        _fail(str(exc))


def _check_books(db: str) -> None:
    """Exit 2 with one line unless ``db`` is an existing ledger (nothing is opened for writing)."""
    from crupier.ledger.database import DatabaseUnavailable, check_existing

    try:
        check_existing(db)
    except DatabaseUnavailable as exc:
        _fail(str(exc))


def _passphrase() -> bytes:
    """The private key's passphrase: ``CRUPIER_KEY_PASSPHRASE``, or asked for on the terminal."""
    text = os.environ.get("CRUPIER_KEY_PASSPHRASE")
    if text is None:
        text = typer.prompt(_("Passphrase of the key"), hide_input=True)
    return text.encode()


def _public_keys(paths: list[str]) -> list[Any]:
    from crupier.ledger import LedgerError, load_public_key

    try:
        return [load_public_key(p) for p in paths]
    except LedgerError as exc:
        _fail(str(exc))


@app.command(context_settings={"allow_extra_args": True, "ignore_unknown_options": True})
def verify(ctx: typer.Context) -> None:
    """Verify the books: the chain (every number, hash, link, signature) and every volume.

    \b
    crupier verify --db URL --key casino.pub [--staff-key K.pub] [--head SEQ:HASH] [--json]
                   [--checkpoint FILE [--inspector-key I.pub]]
    crupier verify --export BOOK.json --key casino.pub   (an exported book, offline)
    crupier verify --package DIR [--key casino.pub]      (a certification package)

    --checkpoint FILE also proves that nothing before the inspector's checkpoint
    (`crupier checkpoint`) was removed or changed; --inspector-key requires it signed
    by that key. Exit 0 = OK, 1 = broken, 2 = the command cannot run (bad --db, bad file).
    """
    import argparse

    extra = argparse.ArgumentParser(add_help=False)
    extra.add_argument("--db")
    extra.add_argument("--key", action="append", default=[])
    extra.add_argument("--staff-key", action="append", default=[])
    extra.add_argument("--checkpoint")
    extra.add_argument("--inspector-key", action="append", default=[])
    extra.add_argument("--export")
    extra.add_argument("--package")
    extra.add_argument("--json", action="store_true")
    known, _rest = extra.parse_known_args(ctx.args)
    if known.package is not None:
        raise typer.Exit(_verify_package(Path(known.package), known.key, known.json))
    if known.export is not None:
        raise typer.Exit(_verify_export(Path(known.export), known.key, known.json))
    rest, skip = [], 0
    for i, arg in enumerate(ctx.args):  # the checkpoint options are not verify_main's
        name = arg.split("=", 1)[0]
        if skip:
            skip -= 1
        elif name in ("--checkpoint", "--inspector-key"):
            skip = 0 if "=" in arg else 1
        else:
            rest.append(ctx.args[i])
    if known.db is not None:
        _check_books(known.db)
    from crupier.casino.audit import main as verify_main

    code = verify_main(rest)
    if known.checkpoint is None or code == 2:
        raise typer.Exit(code)
    from crupier.ledger.checkpoint import CheckpointError, check_checkpoint, parse_checkpoint

    try:
        checkpoint = parse_checkpoint(Path(known.checkpoint).read_text())
    except OSError as exc:
        _fail(
            _("{file}: cannot read ({reason})").format(file=known.checkpoint, reason=exc.strerror)
        )
    except CheckpointError as exc:
        _fail(f"{known.checkpoint}: {exc}")
    report = check_checkpoint(
        known.db, checkpoint, _public_keys(known.key),
        inspectors=_public_keys(known.inspector_key), staff_keys=_public_keys(known.staff_key),
    )  # fmt: skip
    if known.json:
        typer.echo(json.dumps({"checkpoint_ok": report.ok, "problems": list(report.problems),
                               "signer": report.signer}, sort_keys=True))  # fmt: skip
    else:
        typer.echo(str(report))
    raise typer.Exit(max(code, 0 if report.ok else 1))


def _verify_export(path: Path, keys: list[str], as_json: bool) -> int:
    from crupier.casino.books import verify_export

    if not keys:
        _fail(_("verify --export needs --key casino.pub (the key the books are signed with)"))
    try:
        doc = json.loads(path.read_text())
    except OSError as exc:
        _fail(_("{file}: cannot read ({reason})").format(file=path, reason=exc.strerror))
    except ValueError:
        _fail(_("{file}: not a JSON book export").format(file=path))
    report = verify_export(doc, _public_keys(keys))
    typer.echo(json.dumps(report.as_json(), sort_keys=True) if as_json else str(report))
    return 0 if report.ok else 1


def _verify_package(folder: Path, keys: list[str], as_json: bool) -> int:
    from crupier.analysis.certify import verify_package

    if not folder.is_dir():
        _fail(_("{folder}: no such folder").format(folder=folder))
    if len(keys) > 1:
        _fail(_("verify --package takes one --key (the casino key the package is signed with)"))
    check = verify_package(folder, _public_keys(keys)[0] if keys else None)
    if as_json:
        typer.echo(json.dumps({"ok": check.ok, "files": check.files, "key_id": check.key_id,
                               "problems": check.problems}, sort_keys=True))  # fmt: skip
    elif check.ok:
        typer.echo(_("OK: {n} files match the manifest signed by key {key}").format(
            n=check.files, key=check.key_id))  # fmt: skip
    else:
        typer.echo(_("BROKEN:") + "\n" + "\n".join(f"  {p}" for p in check.problems))
    return 0 if check.ok else 1


DbOpt = Annotated[
    str,
    typer.Option("--db", help=_h("The books' database URL (sqlite:///... or postgresql://...).")),
]
KeyOpt = Annotated[
    list[str] | None,
    typer.Option("--key", help=_h("Trusted casino public key (PEM) to verify the books against.")),
]


@app.command()
def checkpoint(
    db: DbOpt,
    key: Annotated[
        Path | None,
        typer.Option("--key", help=_h("The inspector's private key (encrypted PEM) to sign with.")),
    ] = None,
    inspector: Annotated[
        str, typer.Option(help=_h("Who signs, as the books name the inspector (e.g. I7)."))
    ] = "",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=_h("Write to this new file (default: stdout).")),
    ] = None,
) -> None:
    """Take the inspector's checkpoint: ledger seq and head hash, every volume's last number and hash.

    Keep it outside the casino; `crupier verify --checkpoint FILE` later proves that
    nothing before it was removed or changed. Signing needs the key's passphrase
    (CRUPIER_KEY_PASSPHRASE, or asked for).
    """
    from crupier.ledger import LedgerError, load_private_key
    from crupier.ledger.checkpoint import make_checkpoint

    if key is not None and not inspector:
        _fail(_("--key needs --inspector NAME: who signs the checkpoint"))
    if output is not None and output.exists():
        _fail(_("{file}: already exists; a checkpoint is never overwritten").format(file=output))
    signing = None
    if key is not None:
        try:
            signing = load_private_key(key, _passphrase())
        except LedgerError as exc:
            _fail(str(exc))
    ledger = _open_books(db)
    try:
        visa = make_checkpoint(ledger)
    finally:
        ledger.close()
    if signing is not None:
        visa = visa.signed(signing, inspector)
    if output is None:
        typer.echo(visa.to_json(), nl=False)
        return
    with output.open("x") as handle:
        handle.write(visa.to_json())
    typer.echo(_("checkpoint at seq {seq} written to {file}").format(seq=visa.seq, file=output),
               err=True)  # fmt: skip


@app.command()
def keygen(
    name: Annotated[
        str, typer.Argument(help=_h("The key's name: NAME.key and NAME.pub are written."))
    ],
    folder: Annotated[Path, typer.Option("--dir", help=_h("The folder to write them in."))] = Path(
        "."
    ),
) -> None:
    """Make an Ed25519 key pair: NAME.key (encrypted, mode 0600) and NAME.pub. Never overwrites.

    The passphrase comes from CRUPIER_KEY_PASSPHRASE, or is asked for.
    """
    from crupier.ledger import LedgerError
    from crupier.ledger.keys import generate_key_files

    folder.mkdir(parents=True, exist_ok=True)
    try:
        key, private, public = generate_key_files(folder, name, _passphrase())
    except LedgerError as exc:
        _fail(str(exc))
    typer.echo(_("{key}: {private} (keep it secret), {public}").format(
        key=key.key_id, private=private, public=public))  # fmt: skip


@app.command()
def recall(
    table: Annotated[str, typer.Argument(help=_h("Table id, e.g. RF-1."))],
    db: DbOpt,
    last: Annotated[int | None, typer.Option(help=_h("Only the last N rounds."))] = None,
    session: Annotated[
        str | None,
        typer.Option("--table-session", help=_h("A table session id (default: latest).")),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=_h("Print JSON."))] = False,
) -> None:
    """Replay the rounds of a table move by move from the journal (game recall)."""
    from dataclasses import asdict

    from crupier.casino.books import readable
    from crupier.casino.recall import recall as recall_rounds

    ledger = _open_books(db)
    try:
        rounds = recall_rounds(ledger, table, last=last, table_session=session)
    except ValueError as exc:
        _fail(str(exc))
    finally:
        ledger.close()
    if as_json:
        typer.echo(json.dumps([asdict(r) for r in rounds], indent=1, ensure_ascii=False))
        return
    if not rounds:
        typer.echo(_("{table}: no rounds recorded").format(table=table))
    for r in rounds:
        flags = (" " + _("VOID") if r.void else "") + (
            " " + _("(last round of the session)") if r.last_of_session else ""
        )
        typer.echo(_("{table} {session} round {number} {time} (ledger {seq})").format(
            table=r.table, session=r.table_session, number=r.number, time=r.local_time,
            seq=r.ledger_seq) + flags)  # fmt: skip
        for move in r.moves:
            args = readable({k: v for k, v in move.action.items() if k not in ("kind", "by")})
            draws = " " + _("draws {draws}").format(draws=move.draws) if move.draws else ""
            typer.echo(f"  {move.action['by']}: {move.action['kind']} {args}{draws}".rstrip())
            for event in move.events:
                typer.echo(
                    f"    -> {event['kind']} {readable({k: v for k, v in event.items() if k != 'kind'})}".rstrip()
                )
        if not r.moves:
            bets = "; ".join(readable(b) for b in r.bets) or _("none")
            typer.echo("  " + _("result {result}; bets: {bets}").format(
                result=readable(r.result), bets=bets))  # fmt: skip


@app.command()
def books(
    book: Annotated[
        str,
        typer.Argument(
            help="A43 A44 A45 A46-A A46-B A46-C A47 A56 A60 A61 JNL EQR STF PRM"
        ),  # i18n: codes
    ],
    db: DbOpt,
    day: Annotated[str | None, typer.Option(help=_h("One gaming day, YYYY-MM-DD."))] = None,
    start: Annotated[str | None, typer.Option("--from", help=_h("First day, YYYY-MM-DD."))] = None,
    end: Annotated[str | None, typer.Option("--to", help=_h("Last day, YYYY-MM-DD."))] = None,
    fmt: Annotated[str, typer.Option("--format", help=_h("csv, json or pdf."))] = "csv",
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help=_h("Write to this file (default: stdout).")),
    ] = None,
    key: KeyOpt = None,
) -> None:
    """Export a book of the casino (operations spec §7) as CSV, JSON or a printable PDF.

    Every export states the verification of what it prints (against --key, or else
    only against the database's own genesis key). Exit 1 when the books are broken
    (the export is still written, saying so), 2 when the command cannot run.
    """
    from crupier.casino.books import export

    keys = _public_keys(key or [])
    ledger = _open_books(db)
    try:
        exported = export(
            ledger,
            book,
            fmt,
            day=day,
            start=start,
            end=end,
            keys=keys or None,
            lang=_chosen["lang"],
        )  # None: the casino's language, else English
    except ValueError as exc:
        _fail(str(exc))
    finally:
        ledger.close()
    data = exported.data
    if output is not None:
        output.write_bytes(data)
        typer.echo(_("{book}: {size} bytes written to {file}").format(
            book=book, size=len(data), file=output), err=True)  # fmt: skip
    elif fmt == "pdf":
        sys.stdout.buffer.write(data)
    else:
        typer.echo(data.decode(), nl=False)
    if not exported.verification.ok:
        _fail(_("{book}: the books are BROKEN ({report})").format(
            book=book, report=exported.verification.report), 1)  # fmt: skip


@app.command("demo-day")
def demo_day(
    db: DbOpt,
    seed: Annotated[int, typer.Option(help=_h("Seed of the day's draws and choices."))] = 1,
    keys: Annotated[
        Path,
        typer.Option(
            help=_h("Folder for the casino's public keys, one sub-folder per casino ledger.")
        ),
    ] = Path("crupier-demo-keys"),
) -> None:
    """Play a whole gaming day at a few tables into an empty database, to see the books filled."""
    from crupier.casino.books import money
    from crupier.casino.demo import DemoRefused
    from crupier.casino.demo import demo_day as run_demo

    try:
        report = run_demo(db, seed=seed, key_dir=keys)
    except DemoRefused as exc:
        _fail(str(exc))
    for table, n in report.rounds.items():
        typer.echo(ngettext("{table}: {n} round, result {result}",
                            "{table}: {n} rounds, result {result}", n).format(
            table=table, n=n, result=money(report.results[table])))  # fmt: skip
    typer.echo(_("{n} ledger entries, head {seq}:{hash}").format(
        n=report.entries, seq=report.head[0], hash=report.head[1]))  # fmt: skip
    typer.echo(_("Verify with: {command}").format(
        command=f"crupier verify --db {db} --key {report.public_key}"))  # fmt: skip
    typer.echo(_("Print a book: {command}").format(
        command=f"crupier books A43 --db {db} --key {report.public_key} --format pdf -o a43.pdf"))  # fmt: skip


# ------------------------------------------------------------------ randomness


@app.command("rng-test")
def rng_test(
    bits: Annotated[
        int, typer.Option(help=_h("Bits of the source put through the NIST SP 800-22 tests."))
    ] = 10_000_000,
    source: Annotated[
        str, typer.Option(help=_h("system (the OS CSPRNG, production) or seeded (needs --seed)."))
    ] = "system",
    seed: Annotated[int | None, typer.Option(help=_h("Seed of the seeded source."))] = None,
    json_file: Annotated[
        Path | None, typer.Option("--json", help=_h("Write the report as JSON to this file."))
    ] = None,
    doc: Annotated[
        Path | None,
        typer.Option(help=_h("Put the report's table in this Markdown file, between its "
                             "<!-- rng-report:start --> and <!-- rng-report:end --> lines.")),
    ] = None,
) -> None:  # fmt: skip
    """Test the random source: NIST SP 800-22 tests and the games' draw uniformity.

    Prints each test's statistic, p-value and result at 99 % confidence (alpha 0.01); exits
    0 when every test passes, 1 when one fails.
    """
    from datetime import UTC, datetime

    from rich.table import Table

    from crupier.analysis import rng_tests
    from crupier.core.rng import RandomSource, SeededSource, SystemSource

    if source not in ("system", "seeded"):
        _fail(_("--source is system or seeded, not {source}").format(source=repr(source)))
    if (source == "seeded") != (seed is not None):
        _fail(_("--seed goes with --source seeded (and the seeded source needs one)"))
    if bits < 1_000:
        _fail(_("--bits must be at least 1000 (the tests' least lengths), not {bits}").format(
            bits=bits))  # fmt: skip
    if doc is not None:
        if not doc.is_file():
            _fail(_("{file}: no such file").format(file=doc))
        if rng_tests.DOC_START not in doc.read_text("utf-8"):
            _fail(_("{file}: no {start} ... {end} section").format(
                file=doc, start=rng_tests.DOC_START, end=rng_tests.DOC_END))  # fmt: skip
    rng: RandomSource = SystemSource() if seed is None else SeededSource(seed)
    date = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    results = rng_tests.run_battery(rng, bits)
    data = rng_tests.report(results, source=rng.name, bits=bits, seed=seed, date=date)
    from crupier.i18n.formats import number

    table = Table(title=_("RNG test: {source} source, {bits} bits, {date}").format(
        source=rng.name, bits=number(bits), date=date))  # fmt: skip
    headings = (_("Test (α={alpha})").format(alpha=data["alpha"]), _("Result"), _("p-value"),
                _("Statistic"), _("Parameters"))  # fmt: skip
    for i, heading in enumerate(headings):
        table.add_column(heading, no_wrap=i != 4)
    for test, params, stat, p, result in rng_tests.report_rows(data):
        shown = _("pass") if result == "pass" else "[red]" + _("FAIL") + "[/red]"
        table.add_row(test, shown, p.replace(" / ", "\n"), stat.replace(" / ", "\n"), params)
    _console().print(table)
    typer.echo(_("PASS: every test passed") if data["passed"] else _("FAIL: a test failed"))
    if json_file is not None:
        json_file.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", "utf-8")
    if doc is not None:
        try:
            doc.write_text(rng_tests.update_doc(doc.read_text("utf-8"), data), "utf-8")
        except ValueError as exc:
            _fail(f"{doc}: {exc}")
    raise typer.Exit(0 if data["passed"] else 1)


@app.command()
def report(
    games: Annotated[
        list[str] | None,
        typer.Argument(help=_h("Game ids (every game with a PAR model if none).")),
    ] = None,
    out: Annotated[
        Path, typer.Option("--out", help=_h("The folder the reports are written in."))
    ] = Path("par-reports"),
    profile: ProfileOpt = None,
    rules: RulesOpt = None,
    compare: Annotated[
        tuple[str, str] | None,
        typer.Option(
            help=_h("Two profiles (built-in names or rules files) side by side, one game.")
        ),
    ] = None,
    simulate: Annotated[
        int | None,
        typer.Option(
            help=_h(
                "Rounds of a Monte Carlo cross-check of every bet, with convergence "
                "plots (by default only for games whose PAR is not all exact; 0: none); "
                "at a poker table, deals per table size of the house's take (1,000)."
            )
        ),
    ] = None,
) -> None:
    """Write the PAR report of each game (HTML, PDF, JSON, a chart per bet), or compare two
    profiles of one game (--compare andorra spain-1979)."""
    from crupier.analysis.report import (
        build_report,
        compare_profiles,
        render_compare_html,
        write_report,
    )
    from crupier.games.catalogue import GAMES

    chosen = list(games or [])
    for game in chosen:
        if game not in GAMES:
            _fail(_("unknown game {game}: see `crupier games`").format(game=repr(game)))
    if compare is not None:
        if len(chosen) != 1 or profile is not None or rules is not None:
            _fail(_("--compare takes exactly one game and no --profile/--rules"))
        game = chosen[0]
        pair = []
        for name in compare:
            path = Path(name)
            pair.append(
                _profile(game, None, path) if path.is_file() else _profile(game, name, None)
            )
        cmp = compare_profiles(game, pair[0], pair[1])
        out.mkdir(parents=True, exist_ok=True)
        stem = f"{game}-{compare[0]}-vs-{compare[1]}".replace("/", "_")
        html = out / f"{stem}.html"
        html.write_text(render_compare_html(cmp), "utf-8")
        (out / f"{stem}.json").write_text(json.dumps(cmp, indent=2, ensure_ascii=False), "utf-8")
        typer.echo(_("{file}: {n} rules differ").format(
            file=html, n=len(cmp["rules"])))  # fmt: skip
        for bet in cmp["bets"]:
            if bet["change_pct"]:
                typer.echo(f"  {bet['id']}: {bet['first_pct']:.4f} % -> {bet['second_pct']:.4f} %")
        return
    if not chosen:
        chosen = list(GAMES)
    if simulate is not None and simulate < 0:
        _fail(_("--simulate must be 0 or more rounds"))
    if len(chosen) > 1 and (profile is not None or rules is not None):
        _fail(_("--profile and --rules go with one game"))
    for game in chosen:
        prof = _profile(game, profile, rules)
        written = write_report(build_report(game, prof, rules, simulate), out)
        typer.echo(_("{game}: {n} files in {folder}").format(
            game=game, n=len(written), folder=out))  # fmt: skip


@app.command()
def simulate(
    game: GameArg,
    rounds: Annotated[
        int | None,
        typer.Option(
            help=_h(
                "Outcomes drawn (spins, throws, coups; 10,000,000), or deals per table size "
                "at a poker table (1,000)."
            )
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option(help=_h("The root seed: the same seed, the same figures."))
    ] = 0,
    workers: Annotated[int, typer.Option(help=_h("Local worker processes."))] = 1,
    cluster: Annotated[
        str | None, typer.Option(help=_h("A Dask scheduler address (tcp://host:8786)."))
    ] = None,
    batch: Annotated[
        int | None,
        typer.Option(
            help=_h(
                "Outcomes per batch (one seed each; 4,000,000), or deals at a poker table "
                "(the deals split into 25 batches, 250 deals at most)."
            )
        ),
    ] = None,
    profile: ProfileOpt = None,
    rules: RulesOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help=_h("Print JSON."))] = False,
) -> None:
    """Monte Carlo of every bet of the game's PAR model, beside its exact figure: per bet the
    simulated edge with its 95 % interval, hit frequency, deviation and payouts."""
    from rich.progress import Progress

    from crupier.analysis.circle_takes import DEFAULT_DEALS, is_circle_game
    from crupier.analysis.simulate import simulate as run
    from crupier.i18n.formats import number

    _profile(game, profile, rules)  # a clear error before any worker starts
    circle = is_circle_game(game, profile or "andorra", None if rules is None else str(rules))
    if rounds is None:
        rounds = DEFAULT_DEALS if circle else 10_000_000
    if rounds < 1 or (batch is not None and batch < 1) or workers < 1:
        _fail(_("--rounds, --batch and --workers must be at least 1"))
    with Progress(console=_console(stderr=True), transient=True) as bar:
        task = bar.add_task(
            _("{game}: {rounds} rounds").format(game=game, rounds=number(rounds)), total=None
        )

        def step(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            result = run(
                game, rounds, seed, profile_name=profile or "andorra",
                rules=None if rules is None else str(rules), batch=batch, workers=workers,
                cluster=cluster, progress=step,
            )  # fmt: skip
        except ValueError as exc:  # a game with no bet against the house
            _fail(str(exc))
        except OSError as exc:
            _fail(_("cluster {cluster}: {reason}").format(cluster=cluster, reason=exc))
    if as_json:
        typer.echo(json.dumps(result.to_dict(), indent=2))
        return
    from rich.table import Table

    if result.takes:
        _print_takes(result)
        return

    table = Table(title=_("Simulation — {game}, {rounds} rounds, seed {seed}").format(
        game=game, rounds=number(rounds), seed=seed))  # fmt: skip
    headings = (_("Bet"), _("Resolved"), _("House edge"), _("95 % interval"), _("Exact"),
                _("Difference"))  # fmt: skip
    for i, heading in enumerate(headings):
        table.add_column(heading, justify="left" if i == 0 else "right", no_wrap=True)
    for bet in result.bets:
        low, high = bet.interval
        if bet.exact_edge is None or bet.difference is None:  # known only by Monte Carlo
            exact, difference = _("none (Monte Carlo only)"), "—"
        else:
            exact = f"{float(bet.exact_edge) * 100:.4f} %"
            difference = (
                _("{difference} pt") if bet.exact_in_interval else _("{difference} pt (outside)")
            ).format(difference=f"{bet.difference * 100:+.4f}")
        table.add_row(
            bet.bet_id, f"{bet.resolved:,}", f"{-bet.mean * 100:.4f} %",
            f"{low * 100:.4f} … {high * 100:.4f} %", exact, difference,
        )  # fmt: skip
    _console().print(table)
    for bet in result.bets:
        if bet.strategy is not None:
            _console().print(_("{bet}: strategy: {strategy}").format(
                bet=bet.bet_id, strategy=bet.strategy))  # fmt: skip


def _print_takes(result: Any) -> None:
    """The house's take per deal at each table size of a circle poker game."""
    from rich.table import Table

    from crupier.analysis.take_report import take_columns, take_row
    from crupier.i18n.formats import number

    table = Table(
        title=_("House take — {game}, {deals} deals per table size, seed {seed}").format(
            game=result.game_id, deals=number(result.rounds), seed=result.seed
        )
    )
    for heading in [*take_columns(), _("Exact")]:
        table.add_column(heading, justify="right", no_wrap=True)
    for take in result.takes:
        table.add_row(*take_row(take), _("none (Monte Carlo only)"))
    _console().print(table)
    _console().print(
        _("Takes in currency units per deal; {n} deals an hour.").format(
            n=result.takes[0].deals_per_hour
        )
    )


@app.command()
def certify(
    out: Annotated[Path, typer.Option("--out", help=_h("A new folder for the package."))],
    key: Annotated[
        Path,
        typer.Option("--key", help=_h("The casino's private key (PEM) that signs the manifest.")),
    ],
    games: Annotated[
        list[str] | None,
        typer.Option("--game", help=_h("Only these games (repeat the option).")),
    ] = None,
    rng_bits: Annotated[
        int, typer.Option(help=_h("Bits of the system source put through the RNG tests."))
    ] = 10_000_000,
) -> None:
    """Write the certification package: every PAR report, the RNG test report, every rules
    profile, the source tree's hash, the dependency versions, and a manifest signed with the
    casino key (check it with `crupier verify --package DIR`)."""
    from crupier.analysis.certify import write_package
    from crupier.games.catalogue import GAMES
    from crupier.ledger import LedgerError
    from crupier.ledger.keys import load_private_key

    chosen = list(games or GAMES)
    for game in chosen:
        if game not in GAMES:
            _fail(_("unknown game {game}: see `crupier games`").format(game=repr(game)))
    if rng_bits < 1_000:
        _fail(_("--rng-bits must be at least 1000, not {bits}").format(bits=rng_bits))
    try:
        signing = load_private_key(key, _passphrase())
    except LedgerError as exc:
        _fail(str(exc))
    try:
        manifest = write_package(out, signing, chosen, rng_bits, progress=typer.echo)
    except FileExistsError as exc:
        _fail(str(exc))
    typer.echo(_("{folder}: {n} files, manifest signed by key {key}").format(
        folder=out, n=len(manifest["files"]), key=manifest["key_id"]))  # fmt: skip


# ------------------------------------------------------------------ the live casino


@app.command()
def serve(
    db: Annotated[
        str | None,
        typer.Option(
            help=_h(
                "Database URL (sqlite:///... or postgresql://...); "
                "default: the data folder's SQLite."
            )
        ),
    ] = None,
    host: Annotated[str, typer.Option(help=_h("Address to listen on."))] = "127.0.0.1",
    port: Annotated[int, typer.Option(help=_h("Port to listen on."))] = 8000,
    data_dir: Annotated[
        Path, typer.Option(help=_h("Folder of the signing keys (and of the embedded database)."))
    ] = Path("crupier-data"),
) -> None:
    """Serve the live casino: tables, consoles and books in a browser (a demo casino on first start)."""
    from crupier.server.main import serve as run_server

    run_server(db, host=host, port=port, data_dir=data_dir, echo=typer.echo)


def main() -> None:
    """Entry point of the ``crupier`` console script."""
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
