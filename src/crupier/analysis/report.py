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


SIM_COLUMNS = ["Bet", "Rounds", "Simulated edge", "95 % interval", "Exact", "Difference"]


def simulation_rows(report: GameReport) -> list[list[str]]:
    """The cross-check's rows: each bet's simulated edge beside the exact one."""
    if report.simulation is None:
        return []
    from crupier.analysis.simulate import NO_EXACT

    rows = []
    for bet in report.simulation.bets:
        low, high = bet.interval
        if bet.exact_edge is None or bet.difference is None:  # known only by Monte Carlo
            exact, difference = NO_EXACT, "-"
        else:
            exact = f"{float(bet.exact_edge) * 100:.4f} %"
            difference = f"{bet.difference * 100:+.4f} pt"
        rows.append([bet.bet_id, f"{bet.resolved:,}", f"{-bet.mean * 100:.4f} %",
                     f"{low * 100:.4f} ... {high * 100:.4f} %", exact, difference])  # fmt: skip
    return rows


def _simulation_title(report: GameReport) -> str:
    sim = report.simulation
    return (f"Monte Carlo cross-check ({sim.rounds:,} rounds, seed {sim.seed}, "
            f"{sim.batches} batches)")  # fmt: skip


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


def draw_distribution(dist: Distribution, path: Path) -> None:
    """A bar chart of the bet's net results (per unit staked) and their probabilities."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = [_net_label(net) for net, _ in dist.points]
    probs = [p for _, p in dist.points]
    fig, ax = plt.subplots(figsize=(6.0, 2.6), dpi=110)
    ax.bar(range(len(probs)), probs, color=["#b22222" if n < 0 else "#2e7d32" if n > 0 else "#777"
                                            for n, _ in dist.points])  # fmt: skip
    ax.set_xticks(range(len(labels)), labels, rotation=45 if len(labels) > 8 else 0, fontsize=7)
    ax.set_ylabel("probability")
    ax.set_xlabel("net result per unit staked")
    ax.set_title(f"{dist.bet_id}: payout distribution", fontsize=9)
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
    """The bets table: id, edge %, exact edge, hit frequency, std dev, method."""
    return [
        [
            b["id"] + ("" if b["offered"] else " (not offered)"),
            f"{b['house_edge'] * 100:.4f} %",
            b["house_edge_exact"],
            f"{b['hit_frequency']:.6f}",
            f"{b['std_dev']:.4f}",
            b["method"],
        ]
        for b in report.bets
    ]


BET_COLUMNS = ["Bet", "House edge", "Exact", "Hit frequency", "Std dev", "Method"]


def render_html(report: GameReport) -> str:
    """The report as one HTML page (charts referenced from the same folder)."""
    rules = report.rules_file
    meta = [
        ["Game", f"{report.number} — {report.title} ({report.game_id})"],
        ["Profile", report.profile_name],
        ["Rules SHA-256", report.profile_sha256],
    ]
    if rules is not None:
        meta += [
            ["Rules file", f"{rules['rules_file']} (file SHA-256 {rules['sha256']})"],
            ["Differs from", f"{rules['compared_with']}: "
             + (", ".join(f"{k} {v[0]} → {v[1]}" for k, v in rules["differs"].items())
                or "nothing")],
        ]  # fmt: skip
    parts = [
        f"<!doctype html><html lang='en'><meta charset='utf-8'><title>PAR report — "
        f"{html.escape(report.title)}</title><style>{_CSS}</style><body>",
        f"<h1>PAR report — {html.escape(report.title)}</h1>",
        '<table class="meta">'
        + "".join(f"<tr><td>{html.escape(k)}</td><td>{html.escape(v)}</td></tr>" for k, v in meta)
        + "</table>",
        "<h2>Bets</h2>",
        _table(BET_COLUMNS, bet_rows(report), {1, 3, 4}),
    ]
    for table in report.outcomes:
        parts.append(f"<h2>{html.escape(table['title'])}</h2>")
        parts.append(_table(list(table["columns"]), [[str(c) for c in r] for r in table["rows"]]))
    if report.takes is not None:
        parts += _takes_html(report.takes)
    parts.append("<h2>Payout distributions</h2>")
    for dist in report.distributions:
        image = report.images.get(dist.bet_id)
        if image:
            parts.append(
                f'<p><img src="{html.escape(image)}" alt="{html.escape(dist.bet_id)}"></p>'
            )
        if dist.unresolved:
            parts.append(f"<p>{html.escape(dist.bet_id)}: {dist.unresolved:.2e} of the "
                         "probability still undecided when the walk stopped.</p>")  # fmt: skip
    if report.simulation is not None:
        parts.append(f"<h2>{html.escape(_simulation_title(report))}</h2>")
        parts.append(_table(SIM_COLUMNS, simulation_rows(report), {1, 2, 3, 4, 5}))
        for bet_id, image in report.convergence.items():
            parts.append(f'<p><img src="{html.escape(image)}" alt="{html.escape(bet_id)}"></p>')
    parts.append("<h2>Rules in force, with their sources</h2>")
    parts.append(_table(["Rule", "Value", "Source"], [list(c) for c in report.citations]))
    parts.append("</body></html>")
    return "\n".join(parts)


def _takes_html(takes: Any) -> list[str]:
    """The house's take of a circle poker table (:class:`~.take_report.TakeSection`)."""
    return [
        f"<h2>{html.escape(takes.title())}</h2>",
        *(f"<p>{html.escape(note)}</p>" for note in takes.notes()),
        _table(takes.columns(), takes.rows(), takes.numeric),
        *(f'<p><img src="{html.escape(name)}" alt="{html.escape(what)}"></p>'
          for what, name in takes.images),
    ]  # fmt: skip


def render_compare_html(cmp: dict[str, Any]) -> str:
    """A comparison of two profiles as one HTML page."""
    a, b = cmp["first"]["profile"], cmp["second"]["profile"]
    rules = [[r["key"], r["first"], r["second"], r["source"]] for r in cmp["rules"]]
    bets = [
        [
            x["id"],
            "—" if x["first"] is None else f"{x['first_pct']:.4f} % ({x['first']})",
            "—" if x["second"] is None else f"{x['second_pct']:.4f} % ({x['second']})",
            "—" if x["change_pct"] is None else f"{x['change_pct']:+.4f} pt",
        ]
        for x in cmp["bets"]
    ]
    return "\n".join(
        [
            f"<!doctype html><html lang='en'><meta charset='utf-8'><title>{html.escape(cmp['game'])}"
            f": {html.escape(a)} vs {html.escape(b)}</title><style>{_CSS}</style><body>",
            f"<h1>{html.escape(cmp['game'])}: {html.escape(a)} compared with {html.escape(b)}</h1>",
            f"<p>Rules SHA-256: {cmp['first']['sha256']} / {cmp['second']['sha256']}</p>",
            "<h2>Rules that differ</h2>",
            _table(["Rule", a, b, f"Source ({b})"], rules),
            "<h2>House edge of each bet</h2>",
            _table(["Bet", a, b, "Change"], bets, {1, 2, 3}),
            "</body></html>",
        ]
    )


# -- PDF ------------------------------------------------------------------------------------


def _latin(text: str) -> str:
    """The core PDF fonts are Latin-1: other characters become their nearest or '?'."""
    text = text.replace("—", "-").replace("→", "->").replace("€", "EUR").replace("’", "'")
    text = text.replace("…", "...")
    return text.encode("latin-1", "replace").decode("latin-1")


def render_pdf(report: GameReport, folder: Path) -> bytes:
    """The report as a PDF (A4), with the charts written in ``folder``."""
    from fpdf import FPDF

    pdf = FPDF(format="A4")
    pdf.set_auto_page_break(True, margin=14)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 14)
    pdf.cell(0, 8, _latin(f"PAR report - {report.title}"), new_x="LMARGIN", new_y="NEXT")
    pdf.set_font("Helvetica", "", 8)
    lines = [
        f"Game {report.number} ({report.game_id}); profile {report.profile_name}",
        f"Rules SHA-256 {report.profile_sha256}",
    ]
    if report.rules_file is not None:
        lines.append(f"Rules file {report.rules_file['rules_file']} "
                     f"(file SHA-256 {report.rules_file['sha256']})")  # fmt: skip
    for line in lines:
        pdf.multi_cell(0, 4, _latin(line), new_x="LMARGIN", new_y="NEXT")
    _pdf_table(pdf, "Bets", BET_COLUMNS, bet_rows(report), (34, 26, 50, 26, 20, 24))
    for table in report.outcomes:
        cols = list(table["columns"])
        width = 180 / max(1, len(cols))
        _pdf_table(pdf, table["title"], cols, [[str(c) for c in r] for r in table["rows"]],
                   tuple(width for _ in cols))  # fmt: skip
    if report.takes is not None:
        takes = report.takes
        cols = takes.columns()
        _pdf_table(pdf, takes.title(), cols, takes.rows(), tuple(180 / len(cols) for _ in cols))
        for note in takes.notes():
            pdf.multi_cell(0, 4, _latin(note), new_x="LMARGIN", new_y="NEXT")
        for _what, name in takes.images:
            pdf.image(str(folder / name), w=150)
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 11)
    pdf.cell(0, 7, "Payout distributions", new_x="LMARGIN", new_y="NEXT")
    for dist in report.distributions:
        image = report.images.get(dist.bet_id)
        if image:
            pdf.image(str(folder / image), w=150)
    if report.simulation is not None:
        _pdf_table(pdf, _simulation_title(report), SIM_COLUMNS, simulation_rows(report),
                   (40, 22, 26, 44, 24, 24))  # fmt: skip
        for image in report.convergence.values():
            pdf.image(str(folder / image), w=150)
    _pdf_table(pdf, "Rules in force, with their sources", ["Rule", "Value", "Source"],
               [list(c) for c in report.citations], (45, 35, 100))  # fmt: skip
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


def write_report(report: GameReport, folder: Path) -> list[Path]:
    """Write ``<game>.html``, ``<game>.pdf``, ``<game>.json`` and one chart per bet."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for i, dist in enumerate(report.distributions):
        name = f"{report.game_id}-{i:02d}-{_safe(dist.bet_id)}.png"
        draw_distribution(dist, folder / name)
        report.images[dist.bet_id] = name
        written.append(folder / name)
    if report.simulation is not None:
        from crupier.analysis.convergence import draw_convergence, running_edge

        for i, bet in enumerate(report.simulation.bets):
            name = f"{report.game_id}-mc-{i:02d}-{_safe(bet.bet_id)}.png"
            points = running_edge(report.simulation.trace.get(bet.bet_id, ()))
            exact = None if bet.exact_edge is None else float(bet.exact_edge)
            label = "rounds" if bet.samples is None else "deals (each played both ways)"
            draw_convergence(bet.bet_id, points, exact, folder / name, label)
            report.convergence[bet.bet_id] = name
            written.append(folder / name)
    if report.takes is not None:
        written += report.takes.draw(folder)
    page = folder / f"{report.game_id}.html"
    page.write_text(render_html(report), "utf-8")
    pdf = folder / f"{report.game_id}.pdf"
    pdf.write_bytes(render_pdf(report, folder))
    data = folder / f"{report.game_id}.json"
    data.write_text(json.dumps(report.to_dict(), indent=2, ensure_ascii=False) + "\n", "utf-8")
    return [*written, page, pdf, data]


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)
