"""Per-rule-set strategy hooks.  :class:`Strategy` is the plain game (any complete hand wins, no yaku
needed); the rule sets override what differs: hand shapes, dora, which calls keep a hand winnable,
riichi or ready declarations, and the actions only they have (kita, void suit, exchange, flowers).

Action kinds a rule set's flow may use that the shared engine does not define yet are recognised by
the names below; an action kind nobody recognises is left to the player's fallback (efficiency for a
turn, pass for an offer), so a new flow never makes a computer player crash.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai.defence import TenpaiCurve, Threat, danger_table, threats
from bot.ai.efficiency import Candidate, HandShape, shanten_of
from bot.ai.seatview import MeldView, SeatView
from bot.ai.value import dora_held, riichi_value_kinds
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.hand.shanten import RIICHI_SHAPES
from bot.hand.tiles import NUM_KINDS, kind_of

# Names a rule set's flow may give its own actions (see the module notes).
FLOWER_KINDS = frozenset({"flower", "replace_flower", "buhua"})
VOID_KINDS = frozenset({"void", "declare_void", "dingque"})
EXCHANGE_KINDS = frozenset({"exchange", "exchange_three", "swap"})
READY_KINDS = frozenset({"ready", "declare_ready", "tianting", "migi", "diting"})


class Strategy:
    id: ClassVar[str] = "base"
    shape: ClassVar[HandShape] = HandShape(RIICHI_SHAPES, 4, frozenset(range(NUM_KINDS)))
    needs_yaku: ClassVar[bool] = False  # an open hand must keep a yaku to win
    red_ids: ClassVar[frozenset[int]] = frozenset()
    riichi_kinds: ClassVar[frozenset[str]] = frozenset({A.RIICHI})  # declare-and-discard actions
    open_threat_factor: ClassVar[float] = 1.0
    call_freely: ClassVar[bool] = True  # calls that speed the hand up are worth it (no closed bonus)
    river_furiten: ClassVar[bool] = False  # a kind in a seat's own river can never ron it
    # ... and its suji are safer (riichi's furiten: a wait in the river bars every ron).  Where a river
    # kind bars only itself (mingjiang), suji hold only from what a declared hand let pass.
    suji_from_river: ClassVar[bool] = True
    # ... and without it, the share of a two-sided wait that a suji from the rest of the river still closes
    river_suji: ClassVar[float] = 0.0
    # The kinds a seat let pass since it last drew are safe against it until it draws again (合わせ打ち:
    # 明將's furiten bars a kind discarded since the seat's last discard, riichi's a passed win).
    go_around_safe: ClassVar[bool] = False
    # How much more a dealer's threat weighs than another's (its win costs half as much again in riichi)
    dealer_threat_weight: ClassVar[float] = 1.2
    # Undeclared hands weighed as threats by their discards and calls (None: only declared and open ones).
    tenpai_curve: ClassVar[TenpaiCurve | None] = None
    # Read undeclared hands by that curve at the normal level and above (else only with Tuning.undeclared).
    read_undeclared: ClassVar[bool] = False
    # Combined risk (1 - product of (1 - threat weight)) from which a hand folds, by its shanten
    # (0, 1, 2, 3 and more); above 1 never.  A rule set where folding costs nothing at a draw folds early.
    fold_risk: ClassVar[tuple[float, float, float, float]] = (9.0, 9.0, 9.0, 9.0)
    # A two-sided wait on a kind whose neighbour has one unseen copy counts half (bot/ai/defence.py).
    one_chance: ClassVar[bool] = False

    # --- facts ---------------------------------------------------------------------------------
    def dora(self, sv: SeatView) -> tuple[int, ...]:
        """Dora kinds, one entry per indicator."""
        return ()

    def value_kinds(self, sv: SeatView) -> frozenset[int]:
        return riichi_value_kinds(sv)

    def dora_value(self, sv: SeatView) -> int:
        """What the seat's dora add to its hand now, in han (fan): each copy held, per indicator."""
        return dora_held(sv, self.dora(sv), self.red_ids)

    def threats(self, sv: SeatView, undeclared: bool = True) -> list[Threat]:
        """Declared and open threats; with ``undeclared``, every hand by :attr:`tenpai_curve` too."""
        curve = self.tenpai_curve if undeclared else None
        return threats(
            sv,
            self.value_kinds(sv),
            self.open_threat_factor,
            curve,
            self.river_furiten,
            self.suji_from_river,
            self.river_suji,
            self.dealer_threat_weight,
            self.go_around_safe,
        )

    def danger(self, sv: SeatView, found: list[Threat]) -> list[float]:
        """Deal-in weight per kind against ``found`` (:func:`bot.ai.defence.danger_table`), as this
        strategy reads the tiles (dora, :attr:`one_chance`)."""
        return danger_table(sv, found, frozenset(self.dora(sv)), self.one_chance)

    def usable_kinds(self, sv: SeatView) -> frozenset[int]:
        """Kinds this seat may keep building with (all but a void suit)."""
        return self.shape.kinds

    def hand_shape(self, sv: SeatView) -> HandShape:
        """The shapes and kinds to count efficiency with for this seat now."""
        return HandShape(self.shape.shapes, self.shape.sets, self.usable_kinds(sv))

    # --- discards ------------------------------------------------------------------------------
    def discard_bonus(self, sv: SeatView, kind: int) -> float:
        """Value gained (+) or lost (-) by discarding ``kind``, in accepted-tile units."""
        bonus = 0.0
        dora = self.dora(sv)
        if kind in dora:
            bonus -= 2.5 * dora.count(kind)
        if kind >= 27:
            value = kind in self.value_kinds(sv)
            if sv.counts[kind] >= 2 and value:
                bonus -= 3.0  # a value pair is a yaku waiting for a pon
            elif sv.counts[kind] == 1:
                bonus += 0.3 if not value else 0.0  # lone guest honours go first
        return bonus

    def must_discard_first(self, sv: SeatView) -> frozenset[int]:
        """Kinds that should leave before anything else (sichuan's void suit)."""
        return frozenset()

    def furiten(self, sv: SeatView, discard: int, waits: Sequence[int]) -> bool:
        """Whether a ready hand left by discarding ``discard`` could not win by ron on its waits.
        The plain game has no lasting furiten (passing a win only bars the next go-around)."""
        return False

    # --- calls ---------------------------------------------------------------------------------
    def call_keeps_value(self, sv: SeatView, counts: Sequence[int], melds: Sequence[MeldView]) -> bool:
        """Whether the hand after a call (``counts`` concealed, ``melds`` including the new one) can
        still win something worth having."""
        return True

    def plays_for_draw_tenpai(self, sv: SeatView) -> bool:
        """Late in the hand, where being ready at an exhaustive draw is paid by shape (no yaku needed),
        a call that makes the hand ready is worth making even if it loses the yaku, and an open hand's
        yaku no longer outweighs a step toward ready.  Off here."""
        return False

    def want_closed(self, sv: SeatView) -> bool:
        """A closed aim (seven pairs, a concealed limit) that no call should break."""
        return False

    def want_open_kan(self, sv: SeatView) -> bool:
        """An open kan from a discard: worth it when kans pay or the hand is open anyway."""
        return not sv.is_closed

    def open_call(
        self,
        sv: SeatView,
        call: Action,
        before: int,
        after: int,
        value: int,
        counts: Sequence[int],
        melds: Sequence[MeldView],
    ) -> bool | None:
        """A strategy's own judgement of a chi or pon that keeps the hand winnable, from shanten
        ``before`` to ``after`` (``value``: dora and value sets; ``counts`` the concealed tiles and
        ``melds`` the melds after the call, as :meth:`call_keeps_value` reads them): True to call, False
        to pass, None for the shared rule (bot/ai/player.py ``_shared_call_rule``)."""
        return None

    # --- declarations --------------------------------------------------------------------------
    def want_riichi(self, sv: SeatView, wait_unseen: int, value: int) -> bool:
        return wait_unseen > 0

    def want_declare(self, sv: SeatView, choice: Candidate, value: int) -> bool:
        """Whether to declare with the ready discard ``choice`` (its kind, waits and unseen winning
        tiles): :meth:`want_riichi` unless a strategy weighs the waits themselves."""
        return self.want_riichi(sv, choice.unseen, value)

    def take_win(self, sv: SeatView, action: Action) -> bool:
        return True

    # --- actions only some rule sets have ------------------------------------------------------
    def special_action(self, sv: SeatView, legal: Sequence[Action]) -> Action | None:
        """A decision about an action kind the shared logic does not handle, or None."""
        for a in legal:
            if a.kind in FLOWER_KINDS or (a.kind not in A.ALL_KINDS and a.tile is not None and a.tile >= 136):
                return a  # set a flower aside: never worse than keeping it
        for a in legal:
            if a.kind == A.KITA:
                return a
        return None

    # --- value (the strong level) ---------------------------------------------------------------
    def hand_value(self, sv: SeatView, counts: bytes, tsumo: bool) -> float:
        """Points a completed hand of these concealed ``counts`` (and the seat's melds) would collect."""
        return 1.0

    # --- helpers shared by the rule sets -------------------------------------------------------
    def shanten(self, sv: SeatView, counts: Sequence[int] | None = None) -> int:
        return shanten_of(counts if counts is not None else sv.counts, len(sv.melds), self.shape)


def suit_of_action(action: Action) -> int | None:
    """The suit an action names: the suit of its ``using`` tiles, or ``tile`` read as a suit index
    (0 man, 1 pin, 2 sou) when it is that small and there is nothing else to read."""
    if action.using:
        return kind_of(action.using[0]) // 9
    if action.tile is not None and 0 <= action.tile <= 2:
        return action.tile
    return None
