"""The chances and how a stake fares on a coup: free, refait (half back or prison) and
prison, and the insurance fee.

>>> spot_of('red').name
'rouge'
"""

from __future__ import annotations

from fractions import Fraction

from crupier.core.errors import (
    UnknownSpot,
)
from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.games.trente_et_quarante.coup import (
    COULEUR,
    FREE,
    INVERSE,
    NOIR,
    PRISON,
    REFAIT,
    ROUGE,
    Decision,
)
from crupier.games.trente_et_quarante.profile import (
    PrisonModel,
    PrisonOnTie,
    RefaitChoiceKind,
    TrenteEtQuaranteProfile,
    TrenteRules,
)
from crupier.i18n import N_

# -- the chances ---------------------------------------------------------------------------------

_SPOT_ALIASES = {
    **dict.fromkeys(("rouge", "red", "rojo", "roig", "vermell", "r"), ROUGE),
    **dict.fromkeys(("noir", "black", "negro", "negre", "n"), NOIR),
    **dict.fromkeys(("couleur", "colour", "color", "c"), COULEUR),
    **dict.fromkeys(("inverse", "inverso", "invers", "i"), INVERSE),
}

_INSURED_WORDS = frozenset(
    {"insured", "insure", "insurance", "assured", "assurance", "asegurada", "assegurada", "+a"}
)


def spot_of(text: str) -> Spot:
    """Parse a chance (``"Rouge"``, ``"black"``, ``"color"``, ``"inverso"``).

    >>> spot_of("Rouge").name, spot_of("negro").name, spot_of("colour").name
    ('rouge', 'noir', 'couleur')
    """
    key = text.strip().lower() if isinstance(text, str) else ""
    name = _SPOT_ALIASES.get(key)
    if name is None:
        raise UnknownSpot(
            N_(
                "{text!r} is not a chance of trente et quarante (rouge, noir, couleur, inverse)",
                text=text,
            )
        )
    return Spot(name, name)


def split_insured(text: str) -> tuple[str, bool]:
    """Separate an insurance mark from a spot text: ``"rouge insured"`` is insured rouge.

    >>> split_insured("rouge insured"), split_insured("noir")
    (('rouge', True), ('noir', False))
    """
    words = text.split() if isinstance(text, str) else []
    if len(words) >= 2 and words[-1].lower() in _INSURED_WORDS:
        return " ".join(words[:-1]), True
    return text, False


def withdrawal_fraction(rules: TrenteRules, count: int) -> Fraction:
    """The part of a stake at risk that the half-back returns after ``count`` refaits.

    Model A has already halved the imprisoned stake, so the option is always half of
    it; Model B keeps the stake at S and returns S/2^k.

    >>> from crupier.games.trente_et_quarante import load_builtin
    >>> rules = load_builtin().rules
    >>> b = rules.model_copy(update={"prison_model": "B"})
    >>> withdrawal_fraction(rules, 2), withdrawal_fraction(b, 2)
    (Fraction(1, 2), Fraction(1, 4))
    """
    if rules.prison_model is PrisonModel.A:
        return Fraction(1, 2)
    return Fraction(1, 2**count)


def resolve_stake(
    profile: TrenteEtQuaranteProfile,
    chance: str,
    decision: Decision,
    *,
    status: str = FREE,
    count: int = 0,
    insured: bool = False,
    last: bool = False,
    choice: RefaitChoiceKind | None = None,
    locked: bool = False,
) -> Resolution:
    """How a stake on ``chance`` fares on ``decision`` (spec 05, Bets and Decision rules).

    ``status`` is ``free`` or ``prison`` and ``count`` the refaits the stake has suffered;
    ``insured`` marks a stake insured for this coup; ``last`` the session's last coup
    (forced refund); ``locked`` an imprisoned stake that the refait leaves below the
    table minimum (it must stay in prison). ``choice`` is the option taken at a refait;
    ``None`` (the engine) leaves the stake waiting for the player (status ``refait``).
    A stake freed from prison and a stake on a void coup are a :class:`Push`: they keep
    their value (the engine leaves them on the layout as free stakes).

    >>> from crupier.games.trente_et_quarante import load_builtin
    >>> p = load_builtin()
    >>> resolve_stake(p, "couleur", Decision("noir", "couleur"))
    Win(ratio=Fraction(1, 1))
    >>> resolve_stake(p, "noir", Decision(None, None, True))
    Stay(status='refait', point=None, scale=Fraction(1, 1), count=1)
    >>> resolve_stake(p, "noir", Decision(None, None, True), insured=True)
    Push()
    >>> resolve_stake(p, "noir", Decision(None, None, True), status="prison", count=1, last=True)
    Refund(fraction=Fraction(1, 4))
    >>> resolve_stake(p, "rouge", Decision("rouge", "inverse"), status="prison", count=1)
    Push()
    """
    rules = profile.rules
    if decision.winner is not None:
        won = chance in (decision.winner, decision.colour)
        if status == FREE:
            return Win(profile.payouts.chance) if won else Lose()
        return Push() if won else Lose()  # freed without winnings, or lost for good
    if not decision.refait:
        if status == FREE:
            return Push()
        return Stay() if rules.prison_on_tie is PrisonOnTie.STAY else Lose()
    if status == FREE:
        if insured:
            return Push()  # insured against the refait: a tie for this stake
        if last or choice is RefaitChoiceKind.HALF_BACK:
            return Refund(Fraction(1, 2))
        return Stay(status=PRISON if choice is RefaitChoiceKind.PRISON else REFAIT, count=1)
    k = count + 1
    if rules.prison_model is PrisonModel.A:
        scale, refund = Fraction(1, 2), Fraction(1, 4)  # half of the halved stake
    else:
        scale, refund = Fraction(1), Fraction(1, 2**k)
    if last or (choice is RefaitChoiceKind.HALF_BACK and not locked):
        return Refund(refund)
    stays = locked or choice is RefaitChoiceKind.PRISON
    return Stay(status=PRISON if stays else REFAIT, scale=scale, count=k)


# -- actions, events and state -------------------------------------------------------------------
