"""08 — Baccarat chemin de fer (baccara, ferrocarril): a circle game where players bank.

Spec: ``spec/games/08-baccarat-chemin-de-fer.md``. The package holds the drawing rules
and the profile (:mod:`.rules`), the table's state, actions and events (:mod:`.state`),
the engine (:mod:`.engine`) and the exact outcome tables of the PAR sheet (:mod:`.par`).
The catalogue hooks are :func:`profile_class`, :func:`engine_class`, :func:`par_chains`
and :func:`par_outcomes`.

>>> engine_class("chemin-de-fer").__name__, load_builtin().shoe.decks
('CheminDeFer', 6)
"""

from __future__ import annotations

from crupier.games.chemin_de_fer.engine import WORDS, CheminDeFer
from crupier.games.chemin_de_fer.par import (
    Policy,
    outcome_probabilities,
    par_chains,
    par_outcomes,
    policies,
)
from crupier.games.chemin_de_fer.rules import (
    BANKER_TABLE,
    GAME_ID,
    PUNTO_TABLE,
    Cagnotte,
    Cell,
    CheminDeFerProfile,
    DrawingRules,
    Mode,
    banker_cell,
    banker_must,
    by_the_rules,
    cagnotte_of,
    load_builtin,
    punto_cell,
    punto_word_by_the_rules,
    raw_profile,
)
from crupier.games.chemin_de_fer.state import (
    Absent,
    AddToBank,
    Associate,
    AvecLaTable,
    Banco,
    BankerPlay,
    BarFromCards,
    BidForBank,
    Burn,
    BurnEarly,
    CardOnFloor,
    CardsInCesta,
    CheminDeFerState,
    Claim,
    ClaimCards,
    CloseAuction,
    CloseTable,
    Deal,
    Declare,
    DeclineBank,
    EarlyDraw,
    ExposedHand,
    Garage,
    GiveCard,
    JoinWaitingList,
    LeaveSeat,
    Misdeal,
    NewShoe,
    OfferBank,
    PassHand,
    Phase,
    PlaceStake,
    RequestSeatChange,
    SlowPlay,
    StakeKind,
    Stand,
    StopCardOut,
    TakeBank,
    TakeSeat,
    ThrownAway,
    Tip,
    WithdrawStake,
    WrongAnnouncement,
    WrongHolder,
)


def profile_class(game_id: str) -> type[CheminDeFerProfile]:
    """The profile schema (catalogue hook).

    >>> profile_class("chemin-de-fer").__name__
    'CheminDeFerProfile'
    """
    return CheminDeFerProfile


def engine_class(game_id: str) -> type[CheminDeFer]:
    """The engine class (catalogue hook)."""
    return CheminDeFer


def load_default() -> CheminDeFerProfile:
    """The andorra profile."""
    return load_builtin()


ENGINE = CheminDeFer
PROFILE = CheminDeFerProfile

__all__ = [
    "BANKER_TABLE",
    "ENGINE",
    "GAME_ID",
    "PROFILE",
    "PUNTO_TABLE",
    "WORDS",
    "Absent",
    "AddToBank",
    "Associate",
    "AvecLaTable",
    "Banco",
    "BankerPlay",
    "BarFromCards",
    "BidForBank",
    "Burn",
    "BurnEarly",
    "Cagnotte",
    "CardOnFloor",
    "CardsInCesta",
    "Cell",
    "CheminDeFer",
    "CheminDeFerProfile",
    "CheminDeFerState",
    "Claim",
    "ClaimCards",
    "CloseAuction",
    "CloseTable",
    "Deal",
    "Declare",
    "DeclineBank",
    "DrawingRules",
    "EarlyDraw",
    "ExposedHand",
    "Garage",
    "GiveCard",
    "JoinWaitingList",
    "LeaveSeat",
    "Misdeal",
    "Mode",
    "NewShoe",
    "OfferBank",
    "PassHand",
    "Phase",
    "PlaceStake",
    "Policy",
    "RequestSeatChange",
    "SlowPlay",
    "StakeKind",
    "Stand",
    "StopCardOut",
    "TakeBank",
    "TakeSeat",
    "ThrownAway",
    "Tip",
    "WithdrawStake",
    "WrongAnnouncement",
    "WrongHolder",
    "banker_cell",
    "banker_must",
    "by_the_rules",
    "cagnotte_of",
    "engine_class",
    "load_builtin",
    "load_default",
    "outcome_probabilities",
    "par_chains",
    "par_outcomes",
    "policies",
    "profile_class",
    "punto_cell",
    "punto_word_by_the_rules",
    "raw_profile",
]
