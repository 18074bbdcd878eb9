"""PAR reports: the document a regulator files for a game, in HTML and PDF.

A report states the rules profile in force (its name or rules file, the SHA-256 of the
validated rules, every value with the regulation it comes from), the paytable, and for
every bet the exact house edge (fraction and percent), hit frequency, standard deviation
and the payout distribution drawn as a chart. A comparison report puts two profiles side
by side: every rule that differs, and what it does to each bet's edge.

Figures come from the one PAR model of each game (:mod:`crupier.analysis.par`): nothing
here computes an edge of its own.

>>> from crupier.games import load_profile
>>> rep = build_report("sic-bo", load_profile("sic-bo"))
>>> rep.bets[0]["id"], rep.bets[0]["house_edge_exact"], len(rep.profile_sha256)
('small', '1/36', 64)
>>> [c for c in rep.citations if c[0] == "payouts.small"][0][1]
'1:1'
"""

from __future__ import annotations

import hashlib
import html
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from crupier.analysis.convergence import CONVERGENCE_POINTS
from crupier.analysis.distribution import Distribution, payout_distribution
from crupier.analysis.exact import analyse
from crupier.analysis.provenance import _flat, differences, not_offered, rules_provenance
from crupier.core.profile import Profile
from crupier.games.catalogue import game_info, game_module
from crupier.i18n import N_, gettext, language, using
from crupier.i18n.bets import bet_label
from crupier.i18n.sources import cited
from crupier.i18n.tables import shown_method, shown_number, shown_table


def _(text: str) -> str:
    """A text of the report in the language in force (each renderer sets the report's)."""
    return gettext(text)


_LABELS = ("game", "profile", "title", "extends", "sources")


def profile_sha256(profile: Profile) -> str:
    """SHA-256 of the validated rules (canonical JSON, sorted keys): the same rules give
    the same hash whatever file or formatting they came from.

    >>> from crupier.games import load_profile
    >>> profile_sha256(load_profile("craps")) == profile_sha256(load_profile("craps"))
    True
    >>> profile_sha256(load_profile("craps")) == profile_sha256(load_profile("craps", "spain-1979"))
    False
    """
    data = profile.model_dump(mode="json", exclude={"sources"})
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def citations(profile: Profile) -> list[tuple[str, str, str]]:
    """Every rule value of ``profile`` with its source: ``(dotted key, value, source)``."""
    values = _flat(profile.model_dump(mode="json", exclude=set(_LABELS)))
    return [(key, _show(value), _source(profile, key)) for key, value in sorted(values.items())]


def _source(profile: Profile, key: str) -> str:
    """The source of ``key`` or of the table it belongs to (a paytable cites once)."""
    parts = key.split(".")
    for end in range(len(parts), 0, -1):
        found = profile.sources.get(".".join(parts[:end]))
        if found:
            return found
    return ""


def _show(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value)
    return str(value)


@dataclass
class GameReport:
    """Everything a game's PAR report shows (see the module docstring)."""

    game_id: str
    number: str
    title: str
    profile_name: str
    profile_sha256: str
    rules_file: dict[str, Any] | None
    bets: list[dict[str, Any]]
    distributions: list[Distribution]
    outcomes: list[dict[str, Any]]
    citations: list[tuple[str, str, str]]
    images: dict[str, str] = field(default_factory=dict)
    simulation: Any = None
    """The Monte Carlo cross-check (:class:`crupier.analysis.simulate.Simulation`), if run."""
    convergence: dict[str, str] = field(default_factory=dict)
    takes: Any = None
    """At a circle poker table, the house's take per table size
    (:class:`crupier.analysis.take_report.TakeSection`), if asked."""

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON (the certification package keeps it beside the HTML/PDF)."""
        return {
            "game": self.game_id,
            "number": self.number,
            "title": self.title,
            "profile": self.profile_name,
            "profile_sha256": self.profile_sha256,
            "rules_file": self.rules_file,
            "bets": self.bets,
            "distributions": [d.to_dict() for d in self.distributions],
            "outcomes": self.outcomes,
            "citations": [list(c) for c in self.citations],
            "simulation": None if self.simulation is None else self.simulation.to_dict(),
            "takes": None if self.takes is None else self.takes.to_dict(),
        }


SIMULATED_ROUNDS = 1_000_000
"""Rounds of the Monte Carlo cross-check a report runs by itself for a game whose PAR
figures are not all exact (blackjack's splits are approximated)."""

REPORT_SEED = 0
"""The root seed of a report's simulations (stated in the report: the run can be replayed)."""


def build_report(
    game_id: str, profile: Profile, rules: Path | None = None, simulate: int | None = None
) -> GameReport:
    """The report of ``game_id`` under ``profile`` (read from ``rules`` if given).

    ``simulate``: rounds of a Monte Carlo cross-check of every bet (its figures, interval
    and convergence plot in the report); ``None`` runs :data:`SIMULATED_ROUNDS` for a game
    whose PAR is not all exact and none for the others, 0 none. At a circle poker table:
    deals per table size of the house's take (:mod:`crupier.analysis.take_report`; ``None``:
    :data:`~crupier.analysis.circle_takes.DEFAULT_DEALS`).
    """
    from crupier.analysis.take_report import take_section

    module = game_module(game_id)
    info = game_info(game_id)
    absent = not_offered(game_id, profile)
    bets: list[dict[str, Any]] = []
    dists: list[Distribution] = []
    for chain in module.par(profile):
        figures = analyse(chain, getattr(chain, "method", "exact"))
        row = figures.to_dict()
        row["offered"] = figures.bet_id not in absent
        bets.append(row)
        dists.append(payout_distribution(chain))
    takes = take_section(game_id, profile, rules, simulate, REPORT_SEED)
    if simulate is None:
        inexact = any(row["method"] != "exact" for row in bets)
        simulate = SIMULATED_ROUNDS if inexact else 0
    return GameReport(
        game_id=game_id,
        number=info.number,
        title=info.title,
        profile_name=profile.profile,
        profile_sha256=profile_sha256(profile),
        rules_file=None if rules is None else rules_provenance(game_id, profile, rules),
        bets=bets,
        distributions=dists,
        outcomes=module.outcomes(profile),
        citations=citations(profile),
        simulation=_cross_check(game_id, profile, rules, simulate) if simulate else None,
        takes=takes,
    )


def _cross_check(game_id: str, profile: Profile, rules: Path | None, rounds: int) -> Any:
    """The Monte Carlo of every bet (:mod:`crupier.analysis.simulate`), in batches that
    give the convergence plot its points; None for a game with no bet against the house."""
    from crupier.analysis.simulate import simulate
    from crupier.games.circle_poker.profile import CirclePokerProfile

    if isinstance(profile, CirclePokerProfile):
        return None  # the poker room: its take is the PAR sheet's table, not a bet's edge
    own = game_module(game_id).cross_check
    if own is not None:  # a game simulated through its engine (the triple games)
        return own(profile, rounds, CONVERGENCE_POINTS)
    batch = max(1, -(-rounds // CONVERGENCE_POINTS))
    try:
        return simulate(
            game_id, rounds, seed=REPORT_SEED, profile_name=profile.profile,
            rules=None if rules is None else str(rules), batch=batch,
        )  # fmt: skip
    except ValueError:  # the poker room: no bet against the house
        return None


SIM_COLUMNS = [N_("Bet"), N_("Rounds"), N_("Simulated edge"), N_("95 % interval"), N_("Exact"),
               N_("Difference")]  # fmt: skip


def simulation_rows(report: GameReport) -> list[list[str]]:
    """The cross-check's rows: each bet's simulated edge beside the exact one (in the
    language in force: the bets' labels, the figures in its format)."""
    if report.simulation is None:
        return []
    from crupier.analysis.simulate import NO_EXACT

    rows = []
    for bet in report.simulation.bets:
        low, high = bet.interval
        if bet.exact_edge is None or bet.difference is None:  # known only by Monte Carlo
            exact, difference = _(NO_EXACT), "-"
        else:
            exact = f"{float(bet.exact_edge) * 100:.4f} %"
            difference = f"{bet.difference * 100:+.4f} pt"
        rows.append([bet_label(report.game_id, bet.bet_id), f"{bet.resolved:,}",
                     f"{-bet.mean * 100:.4f} %", f"{low * 100:.4f} ... {high * 100:.4f} %",
                     exact, difference])  # fmt: skip
    rows = [[shown_number(c) for c in row] for row in rows]
    return rows


def _simulation_title(report: GameReport) -> str:
    sim = report.simulation
    return shown_number(_("Monte Carlo cross-check ({rounds} rounds, seed {seed}, "
                          "{batches} batches)").format(
        rounds=f"{sim.rounds:,}", seed=sim.seed, batches=sim.batches))  # fmt: skip


def compare_profiles(game_id: str, first: Profile, second: Profile) -> dict[str, Any]:
    """Two profiles of one game side by side: every rule that differs (with the second's
    source) and each bet's exact edge under both.

    >>> from crupier.games import load_profile
    >>> cmp = compare_profiles("craps", load_profile("craps"), load_profile("craps", "spain-1979"))
    >>> len(cmp["rules"]) > 0, cmp["bets"][0]["id"]
    (True, 'win')
    """
    edges = [
        {f.bet_id: f for f in (analyse(c, getattr(c, "method", "exact"))
                               for c in game_module(game_id).par(p))}
        for p in (first, second)
    ]  # fmt: skip
    bets = []
    for bet_id in dict.fromkeys([*edges[0], *edges[1]]):
        a, b = edges[0].get(bet_id), edges[1].get(bet_id)
        bets.append(
            {
                "id": bet_id,
                "first": None if a is None else _exact(a.house_edge),
                "second": None if b is None else _exact(b.house_edge),
                "first_pct": None if a is None else float(a.house_edge) * 100,
                "second_pct": None if b is None else float(b.house_edge) * 100,
                "change_pct": None
                if a is None or b is None
                else float(b.house_edge - a.house_edge) * 100,
            }
        )
    rules = [
        {
            "key": key,
            "first": _show(old),
            "second": _show(new),
            "source": second.sources.get(key, ""),
        }
        for key, (old, new) in differences(first, second).items()
    ]
    return {
        "game": game_id,
        "first": {"profile": first.profile, "sha256": profile_sha256(first)},
        "second": {"profile": second.profile, "sha256": profile_sha256(second)},
        "rules": rules,
        "bets": bets,
    }


def _exact(value: Any) -> str:
    return f"{value.numerator}/{value.denominator}"


# -- charts ---------------------------------------------------------------------------------


def draw_distribution(dist: Distribution, path: Path, game: str = "") -> None:
    """A bar chart of the bet's net results (per unit staked) and their probabilities, its
    words in the language in force (``game``: whose bet, for its label)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [_net_label(net) for net, _ in dist.points]
    probs = [p for _, p in dist.points]
    fig, ax = plt.subplots(figsize=(6.0, 2.6), dpi=110)
    ax.bar(range(len(probs)), probs, color=["#b22222" if n < 0 else "#2e7d32" if n > 0 else "#777"
                                            for n, _ in dist.points])  # fmt: skip
    ax.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0, fontsize=7)
    ax.set_ylabel(_("probability"))
    ax.set_xlabel(_("net result per unit staked"))
    ax.set_title(_("{bet}: payout distribution").format(bet=bet_label(game, dist.bet_id)),
                 fontsize=9)  # fmt: skip
    if probs and min(probs) > 0 and max(probs) / min(probs) > 1e3:
        ax.set_yscale("log")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def _net_label(net: Any) -> str:
    if net.denominator == 1:
        return f"{net.numerator:+d}"
    return f"{float(net):+.3g}"


# -- HTML -----------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:60em;color:#222}
h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;margin:.6em 0;font-size:.9em}
td,th{border:1px solid #ccc;padding:.25em .5em;vertical-align:top}
th{background:#f2f2f2;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
.meta td:first-child{font-weight:600}.src{color:#555;font-size:.85em}img{max-width:100%}
"""


def _table(columns: list[str], rows: list[list[str]], numeric: set[int] | None = None) -> str:
    numeric = numeric or set()
    head = "".join(f"<th>{html.escape(c)}</th>" for c in columns)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{html.escape(v)}</td>' if i in numeric else f"<td>{html.escape(v)}</td>"
            for i, v in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def bet_rows(report: GameReport) -> list[list[str]]:
    """The bets table: bet, edge %, exact edge, hit frequency, std dev, method (in the
    language in force: the bets' labels, the figures in its format)."""
    game = report.game_id
    return [
        [
            bet_label(game, b["id"]) if b["offered"]
            else _("{bet} (not offered)").format(bet=bet_label(game, b["id"])),
            shown_number(f"{b['house_edge'] * 100:.4f} %"),
            b["house_edge_exact"],
            shown_number(f"{b['hit_frequency']:.6f}"),
            shown_number(f"{b['std_dev']:.4f}"),
            shown_method(b["method"]),
        ]
        for b in report.bets
    ]  # fmt: skip


BET_COLUMNS = [N_("Bet"), N_("House edge"), N_("Exact"), N_("Hit frequency"), N_("Std dev"),
               N_("Method")]  # fmt: skip
"""The bets table's columns (marked; each renderer shows them in the report's language)."""


def _outcomes(report: GameReport) -> list[dict[str, Any]]:
    """The game's extra tables in the language in force (:func:`shown_table`)."""
    return [shown_table(report.game_id, t) for t in report.outcomes]


def render_html(report: GameReport, lang: str | None = None) -> str:
    """The report as one HTML page (charts referenced from the same folder), in ``lang``
    (default: the language in force).

    >>> from crupier.games import load_profile
    >>> page = render_html(build_report("sic-bo", load_profile("sic-bo")), "ca")
    >>> "<html lang='ca'>" in page, "Avantatge de la casa" in page
    (True, True)
    """
    with using(lang or language()) as code:
        return _render_html(report, code)


def _render_html(report: GameReport, code: str) -> str:
    rules = report.rules_file
    title = _title(report)
    meta = [
        [_("Game"), f"{report.number} — {title} ({report.game_id})"],
        [_("Profile"), report.profile_name],
        [_("Rules SHA-256"), report.profile_sha256],
    ]
    if rules is not None:
        meta += [
            [_("Rules file"), _("{file} (file SHA-256 {sha})").format(
                file=rules["rules_file"], sha=rules["sha256"])],
            [_("Differs from"), f"{rules['compared_with']}: "
             + (", ".join(f"{k} {v[0]} → {v[1]}" for k, v in rules["differs"].items())
                or _("nothing"))],
        ]  # fmt: skip
    heading = _("PAR report — {title}").format(title=title)
    parts = [
        f"<!doctype html><html lang='{code}'><meta charset='utf-8'><title>"
        f"{html.escape(heading)}</title><style>{_CSS}</style><body>",
        f"<h1>{html.escape(heading)}</h1>",
        '<table class="meta">'
        + "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in meta)
        + "</table>",
    ]
    if report.bets:  # the poker room has no bet against the house: its take follows
        parts.append(f"<h2>{html.escape(_('Bets'))}</h2>")
        parts.append(_table([_(c) for c in BET_COLUMNS], bet_rows(report), {1, 3, 4}))
    for table in _outcomes(report):
        parts.append(f"<h2>{html.escape(table['title'])}</h2>")
        parts.append(_table(table["columns"], table["rows"]))
    if report.takes is not None:
        parts += _takes_html(report.takes)
    if report.distributions:
        parts.append(f"<h2>{html.escape(_('Payout distributions'))}</h2>")
    for dist in report.distributions:
        image = report.images.get(dist.bet_id)
        if image:
            parts.append(
                f'<p><img src="{html.escape(image)}" alt="{html.escape(dist.bet_id)}"></p>'
            )
        if dist.unresolved:
            said = _(
                "{bet}: {share} of the probability still undecided when the walk stopped."
            ).format(
                bet=bet_label(report.game_id, dist.bet_id),
                share=shown_number(f"{dist.unresolved:.2e}"),
            )
            parts.append(f"<p>{html.escape(said)}</p>")  # fmt: skip
    if report.simulation is not None:
        parts.append(f"<h2>{html.escape(_simulation_title(report))}</h2>")
        parts.append(_table([_(c) for c in SIM_COLUMNS], simulation_rows(report), {1, 2, 3, 4, 5}))
        for bet_id, image in report.convergence.items():
            parts.append(f'<p><img src="{html.escape(image)}" alt="{html.escape(bet_id)}"></p>')
    parts.append(f"<h2>{html.escape(_('Rules in force, with their sources'))}</h2>")
    parts.append(_table(_rule_columns(), _cited_rows(report)))
    parts.append("</body></html>")
    return "\n".join(parts)


def _takes_html(takes: Any) -> list[str]:
    """The house's take of a circle poker table (:class:`~.take_report.TakeSection`)."""
    return [
        f"<h2>{html.escape(takes.title())}</h2>",
        *(f"<p>{html.escape(note)}</p>" for note in takes.notes()),
        _table(takes.columns(), _shown_rows(takes.rows()), takes.numeric),
        *(f'<p><img src="{html.escape(name)}" alt="{html.escape(what)}"></p>'
          for what, name in takes.images),
    ]  # fmt: skip


def _shown_rows(rows: list[list[str]]) -> list[list[str]]:
    """A table's figures in the language in force (``0.39`` is ``0,39`` in Catalan)."""
    return [[shown_number(c) for c in row] for row in rows]


def render_compare_html(cmp: dict[str, Any], lang: str | None = None) -> str:
    """A comparison of two profiles as one HTML page, in ``lang`` (default: the language
    in force)."""
    with using(lang or language()) as code:
        return _render_compare_html(cmp, code)


def _render_compare_html(cmp: dict[str, Any], code: str) -> str:
    a, b = cmp["first"]["profile"], cmp["second"]["profile"]
    game = cmp["game"]
    rules = [[r["key"], r["first"], r["second"], cited(r["source"])] for r in cmp["rules"]]
    bets = [
        [
            bet_label(game, x["id"]),
            "—" if x["first"] is None
            else shown_number(f"{x['first_pct']:.4f} %") + f" ({x['first']})",
            "—" if x["second"] is None
            else shown_number(f"{x['second_pct']:.4f} %") + f" ({x['second']})",
            "—" if x["change_pct"] is None
            else _("{change} pt").format(change=shown_number(f"{x['change_pct']:+.4f}")),
        ]
        for x in cmp["bets"]
    ]  # fmt: skip
    title = _("{game}: {first} compared with {second}").format(game=game, first=a, second=b)
    return "\n".join(
        [
            f"<!doctype html><html lang='{code}'><meta charset='utf-8'><title>"
            f"{html.escape(title)}</title><style>{_CSS}</style><body>",
            f"<h1>{html.escape(title)}</h1>",
            "<p>" + html.escape(_("Rules SHA-256: {first} / {second}").format(
                first=cmp["first"]["sha256"], second=cmp["second"]["sha256"])) + "</p>",
            f"<h2>{html.escape(_('Rules that differ'))}</h2>",
            _table([_("Rule"), a, b, _("Source ({profile})").format(profile=b)], rules),
            f"<h2>{html.escape(_('House edge of each bet'))}</h2>",
            _table([_("Bet"), a, b, _("Change")], bets, {1, 2, 3}),
            "</body></html>",
        ]
    )  # fmt: skip


def _title(report: GameReport) -> str:
    """The game's name in the language in force (the catalogue's, the seeds' names)."""
    return _(report.title)


def _cited_rows(report: GameReport) -> list[list[str]]:
    """The rules in force, each source in the reader's language (the JSON keeps the profile's
    own text; :mod:`crupier.i18n.sources`)."""
    return [[key, value, cited(source)] for key, value, source in report.citations]


def _rule_columns() -> list[str]:
    return [_("Rule"), _("Value"), _("Source")]


# -- PDF ------------------------------------------------------------------------------------


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1: other characters become their nearest or '?'."""
    text = text.replace("—", "-").replace("→", "->").replace("€", "EUR").replace("’", "'")
    text = text.replace("…", "...")
    return text.encode("latin-1", "replace").decode("latin-1")


def render_pdf(report: GameReport, folder: Path, lang: str | None = None) -> bytes:
    """The report as a PDF (A4), with the charts written in ``folder``, in ``lang``
    (default: the language in force)."""
    with using(lang or language()) as code:
        return _render_pdf(report, folder, code)


def _render_pdf(report: GameReport, folder: Path, code: str) -> bytes:
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_lang(code)
    pdf.set_auto_page_break(True, margin=14)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    heading = _("PAR report — {title}").format(title=_title(report))
    pdf.cell(0, 8, _latin(heading), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 8)
    lines = [
        _("Game {number} ({game}); profile {profile}").format(
            number=report.number, game=report.game_id, profile=report.profile_name),
        _("Rules SHA-256 {sha}").format(sha=report.profile_sha256),
    ]  # fmt: skip
    if report.rules_file is not None:
        lines.append(_("Rules file {file} (file SHA-256 {sha})").format(
            file=report.rules_file["rules_file"], sha=report.rules_file["sha256"]))  # fmt: skip
    for line in lines:
        pdf.multi_cell(0, 4, _latin(line), new_x="LMARGIN", new_y="NEXT")
    if report.bets:
        _pdf_table(pdf, _("Bets"), [_(c) for c in BET_COLUMNS], bet_rows(report),
                   (34, 26, 50, 26, 20, 24))  # fmt: skip
    for table in _outcomes(report):
        cols = table["columns"]
        width = 180 / max(1, len(cols))
        _pdf_table(pdf, table["title"], cols, table["rows"], tuple(width for _c in cols))
    if report.takes is not None:
        takes = report.takes
        cols = takes.columns()
        _pdf_table(pdf, takes.title(), cols, _shown_rows(takes.rows()),
                   tuple(180 / len(cols) for _c in cols))  # fmt: skip
        for note in takes.notes():
            pdf.multi_cell(0, 4, _latin(note), new_x="LMARGIN", new_y="NEXT")
        for _what, name in takes.images:
            pdf.image(str(folder / name), w=150)
    if report.distributions:
        pdf.add_page()
        pdf.set_font("Helvetica", "B", 11)
        pdf.cell(0, 7, _latin(_("Payout distributions")), new_x="LMARGIN", new_y="NEXT")
    for dist in report.distributions:
        image = report.images.get(dist.bet_id)
        if image:
            pdf.image(str(folder / image), w=150)
    if report.simulation is not None:
        _pdf_table(pdf, _simulation_title(report), [_(c) for c in SIM_COLUMNS],
                   simulation_rows(report), (40, 22, 26, 44, 24, 24))  # fmt: skip
        for image in report.convergence.values():
            pdf.image(str(folder / image), w=150)
    _pdf_table(pdf, _("Rules in force, with their sources"), _rule_columns(),
               _cited_rows(report), (45, 35, 100))  # fmt: skip
    return bytes(pdf.output())


def _pdf_table(
    pdf: Any, title: str, columns: list[str], rows: list[list[str]], widths: tuple[float, ...]
) -> None:
    pdf.ln(2)
    pdf.set_font("Helvetica", "B", 10)
    pdf.multi_cell(0, 6, _latin(title), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 7)
    with pdf.table(col_widths=widths, text_align="LEFT", line_height=3.6) as table:
        head = table.row()
        for c in columns:
            head.cell(_latin(c))
        for r in rows:
            row = table.row()
            for v in r:
                row.cell(_latin(v))


# -- writing --------------------------------------------------------------------------------


def write_report(report: GameReport, folder: Path, lang: str | None = None) -> list[Path]:
    """Write ``<game>.html``, ``<game>.pdf``, ``<game>.json`` and one chart per bet, their
    words in ``lang`` (default: the language in force; the JSON is the same in every one)."""
    with using(lang or language()) as code:
        return _write_report(report, folder, code)


def _write_report(report: GameReport, folder: Path, code: str) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, dist in enumerate(report.distributions):
        name = f"{report.game_id}-{i:02d}-{_safe(dist.bet_id)}.png"
        draw_distribution(dist, folder / name, report.game_id)
        report.images[dist.bet_id] = name
        written.append(folder / name)
    if report.simulation is not None:
        from crupier.analysis.convergence import draw_convergence, running_edge

        for i, bet in enumerate(report.simulation.bets):
            name = f"{report.game_id}-mc-{i:02d}-{_safe(bet.bet_id)}.png"
            points = running_edge(report.simulation.trace.get(bet.bet_id, ()))
            exact = None if bet.exact_edge is None else float(bet.exact_edge)
            label = _("rounds") if bet.samples is None else _("deals (each played both ways)")
            shown = bet_label(report.game_id, bet.bet_id)
            draw_convergence(shown, points, exact, folder / name, label)
            report.convergence[bet.bet_id] = name
            written.append(folder / name)
    if report.takes is not None:
        written += report.takes.draw(folder)
    page = folder / f"{report.game_id}.html"
    page.write_text(render_html(report, code), "utf-8")
    pdf = folder / f"{report.game_id}.pdf"
    pdf.write_bytes(render_pdf(report, folder, code))
    data = folder / f"{report.game_id}.json"
    data.write_text(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n", "utf-8")
    return [*written, page, pdf, data]


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)
