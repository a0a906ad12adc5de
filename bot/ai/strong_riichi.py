"""The ``strong`` level's riichi family (riichi, sanma, mingjiang): the rule set's strategy with
strong-only choices, each behind a class attribute that tests/bench/ab_ai.py switches to screen it.
Screened and dropped (docs/AI.md, riichi family): pushing one step from ready against a dealer's riichi
only from value 2 (screen A: +0.007 place, t +0.13, 200 groups); dama on a ready hand worth 4 han without
riichi together with waiting to change an early yakuless bad wait (screen C: +0.044 place, s.e. 0.040,
t +1.08, 400 groups; the riichi rate 25.1 % instead of 28.0 %); an open hand counting one value less
toward pushing against a threat (screen D: +0.145 place, s.e. 0.033, t +4.41, 600 groups); a closed
hand's chis and pons toward a (half) flush one step from ready (screen G: +0.069 place, s.e. 0.034,
t +2.05, 600 groups); a cheap ready hand folding against a riichi on fewer than 5 winning tiles (screen
H4 at tables of strong players: +0.076 place, s.e. 0.029, t +2.60, 600 groups); in mingjiang's decider
hands, each threat weighed by whether a typical ron on the own discard would end the game (1.5 times)
or let it go on (0.7), in place of the last-hand stances (screen H31: +0.025 place, s.e. 0.017, t
+1.47, 600 groups; deal-ins 13.2 % against 12.9 %).

Kept (from the fourth attempt on, screened at tables of strong players, ``ab_ai.py --table strong``):

* ``open_pons``: pons toward speed as strong humans make them (they call in 30-35 % of their hands,
  normal in about 21 %): a value-honour pon at the same shanten when the hand is
  :attr:`value_pon_steps` from ready or closer (the yaku and a set), and a closed hand opens with a pon
  for all simples, all triplets or a value pair still to pon whenever the pon makes it faster and leaves
  it one step from ready (two with a dora); the game's last hand's leader pons anything that makes it
  faster.  Off: normal's rule (open a closed hand only for a value pon, or to get ready, or one step
  away with value 2).
* ``value_pon_steps``: 3 (was 2 until the fourth attempt, screen H3).
* ``kuitan_chis``: a closed hand chis when the chi makes it faster and leaves it one step from ready (two
  with a dora or a value set) and the open hand keeps a sure yaku: all simples with at most one
  terminal or honour left to throw, or a value set already made (screen H2).  Off: normal's rule.  A
  wider rule (chis toward speed for any yaku, screen B) lost at tables with beginners.
* ``value_pair_chis``: a closed hand with a value pair whose two other copies are both unseen chis to
  one step from ready (screen H6).
* ``dama_value``: a closed ready hand with a yaku on every wait that is worth :data:`DAMA_FROM` han or
  more without riichi stays dama: riichi adds at most one tier and tells everyone to fold (screen H1).
  Off: riichi.  Not in mingjiang (fifteenth round, screen H34), whose fan table has no tiers to cap what
  a riichi adds.
* ``dama_late_from``: such a hand with any yaku stays dama once its own river holds this many tiles:
  few draws are left for a riichi to add to, and a dama hand can still fold (screen H5 at 12, H7 at 9;
  mingjiang kept 12 from screen H9 until the fifteenth round, none since: screen H34).  Off: None.
* ``dama_chase``: such a hand with any yaku stays dama while another seat's riichi is out (screen H8;
  not in mingjiang: screen H9).
* ``read_undeclared`` (:attr:`Strategy.read_undeclared`): every seat that has not declared is weighed
  as a threat by how likely its hand is ready to win by ron, by its discards and open melds (the
  :attr:`Strategy.tenpai_curve` below, fitted to this level's self-play before the switch, reading the
  true hands offline: ``tests/bench/fit_tenpai_curve.py --rules R --games 80 --seed i37s7-fit``), so a
  slow hand prefers the tiles that are safe against likely dama and open hands; only a declared hand
  makes it fold.  Sanma and mingjiang read closed and open hands (screens H11, H12); riichi reads open
  hands alone (H13: its curve's closed slope is 0; reading closed ones too placed worse in H10).  Off:
  only declared and strongly open hands are read.
* ``draw_tenpai`` (:meth:`Strategy.plays_for_draw_tenpai`): from four draws a seat before the wall
  ends, a hand one step from ready calls a chi or pon that makes it ready even when the call loses its
  yaku (a ready shape is paid at an exhaustive draw: 3,000 points in riichi, 30 in mingjiang, against
  a win's 5,600 and 67), and an open hand's yaku no longer outweighs a step toward ready.  Off: a
  call must keep a yaku, as normal's.
* ``suji_from_river`` (:attr:`Strategy.suji_from_river`), mingjiang: a kind in a seat's river bars a
  ron on that kind alone (riichi's furiten bars every wait), so a 56 wait can still ron 7 with the 4 in
  its river; strong counts suji only from what a declared hand let pass (its own discards after the
  declaration, the others' it did not ron).  Off (normal): suji from the whole river, as in riichi.
* ``dora_by_presence`` (:attr:`MingjiangStrategy.dora_by_presence`), mingjiang: 明將 pays one fan per
  indicator whose kind is anywhere in the winning hand, however many copies; strong values its dora so
  (for pushing, calling and declaring) and lets a second copy of a dora kind go like any tile.  Off
  (normal): by copies, as riichi.
* ``last_place_passes``, riichi and sanma: in the game's last hand the last place passes a win (ron or
  tsumo) that would end the game with it still last even with three han more than its view shows
  when it declared riichi (ura-dora, ippatsu): that win costs it nothing to pass and a later one may
  lift it, as strong humans pass it (見逃し).  The win is scored by the real scorer from the seat's
  view (:mod:`bot.ai.win_payment`).  Off (normal): every win is taken.
* ``dealer_threat_weight`` (:attr:`Strategy.dealer_threat_weight`), mingjiang: 明將's dealer neither
  pays nor receives more, so strong there weighs a dealer's threat as any other's.  Off (normal, and
  riichi, whose dealer's win is worth half as much again): 1.2.
* ``shape_fan`` (:attr:`MingjiangStrategy.shape_fan`), mingjiang: 明將 pays fan for shapes that the
  estimate of a hand's fan left out (五門齊, a hand of every suit with a wind and a dragon, 2 fan;
  三暗刻 2; 清龍 2; 三色同順 2), and on its fan table (4, 8, 16, 30 a base from one to four fan) two fan
  more double a cheap hand twice; strong counts them wherever it counts a hand's fan: the worth of the
  ready hands two draws ahead, and dama (screen H32: +0.000 place, s.e. 0.031).  Off (normal): value
  honours, flushes, 缺一門, all triplets, seven pairs and 門摸斷平 alone.
* ``go_around_safe`` (:attr:`Strategy.go_around_safe`), mingjiang: what a threat let pass since it last
  drew (the view's ``passed``) is safe against it until it draws again, as 明將's furiten of the go-around
  bars those kinds (合わせ打ち; screen H33: +0.025 place, s.e. 0.033, t +0.77, 600 groups: kept by the
  rule).  Off (normal): only genbutsu and what a declared hand let pass two places after declaring.
* ``one_chance`` (:attr:`Strategy.one_chance`): while defending, a two-sided wait on a number tile that
  needs a kind with one unseen copy (three seen, the own hand included) counts half, as strong humans
  rank such tiles between a fresh tile and a wall (kabe).  Off: only suji and walls count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from bot.ai import placement
from bot.ai.defence import TenpaiCurve
from bot.ai.efficiency import Candidate
from bot.ai.hand_value import read_tiles, riichi_han
from bot.ai.riichi import MingjiangStrategy, RiichiStrategy, SanmaStrategy
from bot.ai.seatview import MeldView, SeatView
from bot.ai.value import tanyao_possible, value_honour_sets
from bot.ai.win_payment import RIICHI_HIDDEN_HAN, offered_win
from bot.engine import actions as A
from bot.engine.actions import Action

DAMA_FROM = 4  # han without riichi from which a ready hand with a yaku on every wait stays dama
DRAW_TENPAI_DRAWS = 4  # draws a seat has left (live wall / players) from which it plays for draw tenpai

# Undeclared hands ready to win by ron, by discards and open melds, in strong self-play (80 games each,
# seed i37s7-fit: riichi 9.0 % of 38,034 hands after a discard, closed ones 0-12 %, three open melds
# 70-88 %; the largest miss of a bucket of 100 hands or more 9.5 points, sanma 7.4, mingjiang 13.7).
# riichi reads open hands alone (closed ones: slope 0): reading closed ones too cost strong placement
# (screen H10: +0.042, s.e. 0.037, t +1.13, 600 groups); the fit's closed slope was 0.0089.
RIICHI_UNDECLARED = TenpaiCurve(start=3.9, slope=0.0, per_meld=0.144, cap=0.63, meld_slope=0.0129)
SANMA_UNDECLARED = TenpaiCurve(start=2.8, slope=0.0154, per_meld=0.115, cap=0.44, meld_slope=0.0161)
MINGJIANG_UNDECLARED = TenpaiCurve(start=4.4, slope=0.0053, per_meld=0.134, cap=0.69, meld_slope=0.0161)


class _StrongRiichiFamily(RiichiStrategy):
    open_pons: ClassVar[bool] = True
    one_chance: ClassVar[bool] = True
    dama_value: ClassVar[bool] = True
    kuitan_chis: ClassVar[bool] = True
    value_pon_steps: ClassVar[int] = 3
    dama_late_from: ClassVar[int | None] = 9
    dama_chase: ClassVar[bool] = True
    value_pair_chis: ClassVar[bool] = True
    draw_tenpai: ClassVar[bool] = True
    last_place_passes: ClassVar[bool] = True
    read_undeclared = True
    tenpai_curve = RIICHI_UNDECLARED

    def take_win(self, sv: SeatView, action: Action) -> bool:
        """Every win but one that ends the game with this seat still last, even with the han its view
        cannot show (:attr:`last_place_passes`): passing it costs no place, and a later win may lift it."""
        if not self.last_place_passes or placement.stance(sv) != placement.CHASE:
            return True
        win = offered_win(sv, action)
        if win is None:
            return True
        hoped = RIICHI_HIDDEN_HAN if sv.my_field("riichi") else 0
        return not (
            placement.win_ends_game_in_last_place(sv, win.deltas())
            and placement.win_ends_game_in_last_place(sv, win.deltas(hoped))
        )

    def plays_for_draw_tenpai(self, sv: SeatView) -> bool:
        """From :data:`DRAW_TENPAI_DRAWS` draws a seat before the wall ends (:attr:`draw_tenpai`)."""
        return self.draw_tenpai and sv.live_left <= DRAW_TENPAI_DRAWS * sv.players

    def dama_han(self, sv: SeatView, complete: bytes) -> int:
        """Han of the complete hand ``complete`` won by ron without riichi, dora included; 0 when it
        has no yaku (it cannot win by ron as it stands)."""
        tiles = read_tiles(complete, sv.melds)
        han = riichi_han(tiles, self.value_list(sv), self.dora_count(sv, tiles.kinds), False, riichi=False)
        return int(han + 0.5)

    def want_declare(self, sv: SeatView, choice: Candidate, value: int) -> bool:
        """Riichi unless a ready hand that can win by ron without it stays dama: worth
        :data:`DAMA_FROM` han (:attr:`dama_value`), late (:attr:`dama_late_from`) or against another
        seat's riichi (:attr:`dama_chase`)."""
        if not super().want_declare(sv, choice, value):
            return False
        late = self.dama_late_from is not None and len(sv.my_field("discards", ())) >= self.dama_late_from
        chase = self.dama_chase and any(o.declared for o in sv.others.values())
        if not (self.dama_value or late or chase):
            return True
        least = self.least_han_without_riichi(sv, choice)
        if least == 0:
            return True  # no yaku on some wait (or no wait left): riichi is its way to win
        return not ((self.dama_value and least >= DAMA_FROM) or late or chase)

    def least_han_without_riichi(self, sv: SeatView, choice: Candidate) -> int:
        """The least :meth:`dama_han` over the ready discard ``choice``'s waits with a copy unseen (0
        without any)."""
        waits = [w for w in choice.accepts if sv.unseen(w)]
        work = bytearray(sv.counts)
        work[choice.kind] -= 1
        least = 0 if not waits else 99
        for w in waits:
            work[w] += 1
            least = min(least, self.dama_han(sv, bytes(work)))
            work[w] -= 1
        return least

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
        if call.kind == A.CHI:
            return self._closed_chi(sv, before, after, value, counts, melds)
        if not self.open_pons or call.kind != A.PON or call.tile is None:
            return None
        value_pon = call.tile >> 2 in self.value_kinds(sv)
        if value_pon and sv.is_closed and after == before <= self.value_pon_steps:
            return True
        if after >= before:
            return False
        if not sv.is_closed or after == 0 or value_pon or placement.stance(sv) == placement.LEAD:
            return True
        return after == 1 or value >= 1

    def _closed_chi(
        self,
        sv: SeatView,
        before: int,
        after: int,
        value: int,
        rest: Sequence[int],
        melds: Sequence[MeldView],
    ) -> bool | None:
        """A closed hand's chi toward speed that keeps a sure yaku: all simples with at most one terminal
        or honour left to throw, or a value set already made, leaving the hand one step from ready (two
        with value: :attr:`kuitan_chis`); or a value pair whose two other copies are both unseen, one step
        from ready (:attr:`value_pair_chis`).  ``rest`` and ``melds``: the hand after the chi."""
        if not sv.is_closed or after >= before or after > 2:
            return None
        value_kinds = self.value_kinds(sv)
        sure = tanyao_possible(rest, melds) or value_honour_sets(rest, melds, value_kinds) > 0
        kuitan = self.kuitan_chis and (after == 1 or value >= 1) and sure
        pair_to_pon = any(rest[k] == 2 and sv.unseen(k) == 2 for k in value_kinds)
        pair = self.value_pair_chis and after == 1 and pair_to_pon
        return True if kuitan or pair else None


class StrongRiichiStrategy(_StrongRiichiFamily):
    pass


class StrongSanmaStrategy(_StrongRiichiFamily, SanmaStrategy):
    tenpai_curve = SANMA_UNDECLARED


class StrongMingjiangStrategy(_StrongRiichiFamily, MingjiangStrategy):
    # Riichi's mangan caps what a riichi adds to a 4-han hand; 明將's fan table climbs by 10 a base from
    # 4 fan (30, 40, 50 ...): strong declares every ready hand that normal declares (a branch check of
    # its dama, docs/AI.md fifteenth round: declaring instead gained 8 points a hand, t +2.9).  Dama late
    # from the 9th discard and against a riichi had cost strong here (screen H9: +0.056 place, t +1.85).
    dama_value = False
    dama_late_from = None
    dama_chase = False
    suji_from_river = False
    dora_by_presence = True
    last_place_passes = False  # a decider hand ends only with its winner first: no win leaves it last
    dealer_threat_weight = 1.0  # 明將's dealer neither pays nor receives more
    tenpai_curve = MINGJIANG_UNDECLARED
    shape_fan = True
    go_around_safe = True

    def dama_han(self, sv: SeatView, complete: bytes) -> int:
        """Fan without riichi (0 below the one-fan minimum), dora fan included."""
        return self.fan_of(sv, complete, False, riichi=False)
