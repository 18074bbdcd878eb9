"""The roulette family's rule: how a bet fares on a pocket, la partage and en prison.

:func:`resolve_roulette` decides every bet, for the engines and the PAR chains alike.
"""

from __future__ import annotations

from fractions import Fraction

from crupier.core.layout import (
    Spot,
)
from crupier.core.resolution import Lose, Push, Refund, Resolution, Stay, Win
from crupier.games.roulette.bets import (
    is_simple_chance,
)
from crupier.games.roulette.profile import (
    PrisonModel,
    RouletteProfile,
    RouletteRules,
    ZeroChoiceKind,
    ZeroRule,
)

FREE = "free"
"""A bet as placed."""
ZERO = "zero"
"""A simple chance hit by the zero, waiting for the player's choice (partage or prison)."""
PRISON = "prison"
"""A simple chance in prison."""


# -- the rule --------------------------------------------------------------------------------


def withdrawal_fraction(rules: RouletteRules, count: int) -> Fraction:
    """The part of the stake at risk returned by la partage after ``count`` zeros.

    Model A halves the imprisoned stake at each further zero, so the option is always
    half of it; Model B keeps the stake at S0 and returns S0/2^k.

    >>> from crupier.games.french_roulette import load_builtin
    >>> a = load_builtin().rules
    >>> b = a.model_copy(update={"prison_model": PrisonModel.B})
    >>> withdrawal_fraction(a, 3), withdrawal_fraction(b, 3)
    (Fraction(1, 2), Fraction(1, 8))
    """
    if rules.prison_model is PrisonModel.A:
        return Fraction(1, 2)
    return Fraction(1, 2**count)


def resolve_roulette(
    profile: RouletteProfile,
    spot: Spot,
    pocket: int,
    *,
    status: str = FREE,
    count: int = 0,
    last: bool = False,
    choice: ZeroChoiceKind | None = None,
    locked: bool = False,
) -> Resolution:
    """How a bet on ``spot`` fares when the ball stops in ``pocket``.

    For a simple chance, ``status`` is ``free`` or ``prison`` and ``count`` the
    zeros it has suffered; ``last`` marks the last spin of the session (forced
    refund); ``locked`` says the imprisoned stake is below the minimum (it must stay
    in prison). ``choice`` is the option taken at a zero; ``None`` (the engine)
    leaves the bet waiting for the player's choice (status ``zero``).

    >>> from crupier.games.roulette.bets import spot_of
    >>> from crupier.games.french_roulette import load_builtin
    >>> p = load_builtin()
    >>> resolve_roulette(p, spot_of("split 8/11"), 11)
    Win(ratio=Fraction(17, 1))
    >>> resolve_roulette(p, spot_of("red"), 0)
    Stay(status='zero', point=None, scale=Fraction(1, 1), count=1)
    >>> resolve_roulette(p, spot_of("red"), 0, status="prison", count=1, last=True)
    Refund(fraction=Fraction(1, 4))
    >>> resolve_roulette(p, spot_of("red"), 19, status="prison", count=1)
    Push()
    """
    on = pocket in spot.numbers
    if not is_simple_chance(spot):
        return Win(profile.payouts.ratio(spot.bet_type)) if on else Lose()
    rules = profile.rules
    free = status == FREE
    if pocket != 0:
        if free:
            return Win(profile.payouts.even_chance) if on else Lose()
        return Push() if on else Lose()  # freed: the stake comes back, no winnings
    if rules.zero_rule is ZeroRule.PARTAGE:
        return Refund(Fraction(1, 2) if free else withdrawal_fraction(rules, count))
    if free:
        if last or choice is ZeroChoiceKind.PARTAGE:
            return Refund(Fraction(1, 2))
        return Stay(status=PRISON if choice is ZeroChoiceKind.PRISON else ZERO, count=1)
    k = count + 1
    if rules.prison_model is PrisonModel.A:
        scale, refund = Fraction(1, 2), Fraction(1, 4)  # half of the halved stake
    else:
        scale, refund = Fraction(1), Fraction(1, 2**k)
    if last or (choice is ZeroChoiceKind.PARTAGE and not locked):
        return Refund(refund)
    stays_locked = locked or choice is ZeroChoiceKind.PRISON
    return Stay(status=PRISON if stays_locked else ZERO, scale=scale, count=k)


__all__ = ["FREE", "PRISON", "ZERO", "resolve_roulette", "withdrawal_fraction"]
