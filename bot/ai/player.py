"""The computer player.  Its whole input is ``(legal_actions(seat), view(seat))`` (:meth:`AIPlayer.decide`).

Levels:
* ``easy``: a beginner's game, deliberately and clearly weaker than ``normal``.  It keeps its hand at
  the least shanten but does not count accepted tiles: among the discards that keep the least shanten
  it throws a lone honour or a lone 1/9 first, otherwise any of them (seeded random).  It wins when it
  can, riichis (declares) as soon as it is ready, never folds or reads the others' discards, and calls
  every chi/pon that does not slow its hand down, in rule sets that need no yaku (none where one is
  needed).  Void and exchange choices (sichuan) are the plain ones every level makes.
* ``strong``: ``normal``, with each turn's fastest discards (two steps from ready, taiwan 3) measured two
  draws ahead, every draw enumerated (:mod:`bot.ai.twostep`: the ready hands each draw leads to,
  worth their waits times the rule set's value of each completion) instead of by accepted tiles (in
  taiwan two steps out by the value the tiles show too); in the game's last hand the leader folds a
  hand that is not ready and the last place never folds (:mod:`bot.ai.placement`); some rule sets
  get a strong subclass of their strategy (:mod:`bot.ai.strong_rules`: pihu aims the flush later and
  fears no pons, sichuan picks its void and exchange by the hand they leave, the riichi family calls
  toward speed where a sure yaku is kept, stays dama on a hand with a yaku when riichi adds little,
  counts one-chance tiles while defending, plays for a ready hand at the exhaustive draw in its last
  draws, reads mingjiang's suji by that game's furiten, and in riichi and sanma lets its last place
  pass a win that would end the game with it still last: :mod:`bot.ai.strong_riichi`).  Undeclared hands
  weighed as threats by a :class:`~bot.ai.defence.TenpaiCurve` (pihu) are an option
  (``Tuning.undeclared``), off: without it strong placed better (pihu, 1,000 games in two screens).
* ``normal``: efficiency weighed with value (dora, value honours, the rule set's aims), defence
  (folds on genbutsu/suji/kabe against declared or strong open hands when its own hand is slow),
  calls that speed up a hand that keeps a yaku, riichi or dama by the wait and the value.

Ties are broken by a seeded random generator, so a player is deterministic for a given seed.  A failure
inside the strategy (an action kind or a view shape no hook knows) falls back to a plain legal choice
unless the player is ``strict`` (tests and benchmarks), so a new rule set's flow never crashes a table.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.ai import placement
from bot.ai.defence import Threat
from bot.ai.efficiency import Candidate, HandShape, discard_candidates, shanten_after_call, shanten_of
from bot.ai.rulesets import strategy_for
from bot.ai.seatview import MeldView, SeatView, read_view
from bot.ai.strategy import Strategy
from bot.ai.strong_rules import strong_strategy_for, two_step_reach
from bot.ai.twostep import VALUE_FAR_RULES, TwoStep
from bot.ai.value import value_honour_sets
from bot.engine import actions as A
from bot.engine.actions import Action
from bot.engine.calls import kuikae_kinds

LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Tuning:
    """The numbers behind the ``normal`` judgement (tests/bench/bench_ai.py measures them)."""

    shanten_weight: float = 150.0  # a shanten step outweighs any count of accepted tiles
    push_ready: float = 0.6  # danger weight while pushing a ready hand (accepted-tile units)
    push_one: float = 2.5  # ... a hand one tile from ready
    push_far: float = 4.0  # ... anything slower
    fold_at: float = 0.9  # threat weight (riichi 1.0; open hands less) from which a slow hand folds
    fold_far_from: int = 2  # shanten from which a hand always folds against such a threat
    push_one_value: int = 1  # value (dora + value sets) from which a one-from-ready hand pushes
    push_ready_wait: int = 3  # a ready hand pushes with this many unseen winning tiles ...
    push_ready_value: int = 2  # ... or with this much value
    furiten_share: float = 0.35  # share of a furiten wait's tiles that can still win (by tsumo)
    open_value: int = 2  # value needed to open a closed hand one step from ready without a value set
    # strong: two draws ahead (bot/ai/twostep.py)
    strong_candidates: int = 5  # the fastest discards (by normal's score) measured two draws ahead
    two_step_weight: float = 1.0  # 1: the two-draw measure replaces the accepted-tile count
    # weigh undeclared hands as threats by the rule set's curve (pihu); off: strong without it placed
    # better (pihu, strong without vs with: -0.122 t -1.35 in 400 games, -0.055 t -0.80 in 600)
    undeclared: bool = False
    placement: bool | None = None  # the last hand played for the final place (bot/ai/placement.py)
    # two steps out, weigh by the value the tiles show (None: the rule sets in twostep.VALUE_FAR_RULES)
    two_step_value_far: bool | None = None


DEFAULT_TUNING = Tuning()


class Table(Protocol):
    def legal_actions(self, seat: int) -> list[Action]: ...

    def view(self, seat: int | None) -> Mapping[str, Any]: ...


class AIPlayer:
    def __init__(
        self,
        level: str = "normal",
        seed: int | str | None = None,
        *,
        strict: bool = False,
        tuning: Tuning = DEFAULT_TUNING,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r} (choose from {', '.join(LEVELS)})")
        self.level = level
        self.seed = seed
        self.rng = random.Random(f"ai:{level}:{seed}")
        self.strict = strict
        self.tuning = tuning
        self.fallbacks = 0  # decisions that fell back to a plain legal choice

    def __repr__(self) -> str:
        return f"AIPlayer({self.level!r}, seed={self.seed!r})"

    @property
    def normal(self) -> bool:
        """The normal level's judgement (value, defence, calls, riichi); strong builds on it."""
        return self.level != "easy"

    @property
    def strong(self) -> bool:
        return self.level == "strong"

    def reads_undeclared(self, strat: Strategy) -> bool:
        """Every hand still playing is weighed as a threat by its discards and calls (the rule set's
        :attr:`Strategy.tenpai_curve`): with ``Tuning.undeclared``, or where ``strat`` reads them."""
        return self.normal and (self.tuning.undeclared or strat.read_undeclared)

    @property
    def plays_placement(self) -> bool:
        return self.strong if self.tuning.placement is None else self.tuning.placement

    # ------------------------------------------------------------------ entry points
    def choose(self, table: Table, seat: int) -> Action:
        """Ask ``table`` for exactly this seat's legal actions and view, and decide."""
        return self.decide(table.legal_actions(seat), table.view(seat))

    def decide(self, legal: Sequence[Action], view: Mapping[str, Any]) -> Action:
        """One of ``legal``, chosen from ``view`` (the seat's own view) alone."""
        legal = list(legal)
        if not legal:
            raise ValueError("no decision to make: no legal actions")
        try:
            action = self._decide(legal, view)
            if action not in legal:
                raise ValueError(f"strategy chose {action}, which is not legal")
        except Exception:
            if self.strict:
                raise
            self.fallbacks += 1
            action = fallback(legal)
        return action

    # ------------------------------------------------------------------ the decision
    def strategy_for(self, rules: str) -> Strategy:
        """The rule set's strategy this player decides with (the strong level: its strong subclass).
        tests/bench/ab_ai.py gives its "before" side another one here."""
        return strong_strategy_for(rules) if self.strong else strategy_for(rules)

    def _decide(self, legal: list[Action], view: Mapping[str, Any]) -> Action:
        sv = read_view(view)
        strat = self.strategy_for(sv.rules)
        for a in legal:
            if a.kind in (A.TSUMO, A.RON) and strat.take_win(sv, a):
                return a
        special = strat.special_action(sv, legal)
        if special is not None:
            return special
        kinds = {a.kind for a in legal}
        if A.DISCARD in kinds or kinds & strat.riichi_kinds:
            return self._turn(sv, strat, legal)
        if A.PASS in kinds:
            return self._claim(sv, strat, legal)
        return fallback(legal)

    def _turn(self, sv: SeatView, strat: Strategy, legal: list[Action]) -> Action:
        found = strat.threats(sv, self.reads_undeclared(strat)) if self.normal else []
        shape = strat.hand_shape(sv)
        discards = [a for a in legal if a.kind == A.DISCARD and a.tile is not None and a.tile < 136]
        riichis = {
            a.tile >> 2: a
            for a in legal
            if a.kind in strat.riichi_kinds and a.tile is not None and a.tile < 136
        }
        choices = {a.tile >> 2 for a in discards if a.tile is not None} | set(riichis)
        first = strat.must_discard_first(sv) & choices
        if first:
            choices = set(first)
        if not choices:
            return fallback(legal)
        if not self.normal:
            return self._beginner_turn(sv, strat, legal, discards, riichis, choices, shape)
        cands = discard_candidates(sv.counts, len(sv.melds), sv.is_closed, shape, sv.unseen, choices)
        best_shanten = cands[0].shanten
        value = self._value(sv, strat)
        folding = self._folding(found, best_shanten, value, cands[0], strat)
        if self.plays_placement:
            folding = self._last_hand_folding(sv, found, best_shanten, folding)

        kan = self._turn_kan(sv, strat, legal, shape, best_shanten, folding, found)
        if kan is not None:
            return kan

        danger = strat.danger(sv, found) if found else [0.0] * len(sv.counts)
        tune = self.tuning
        push = tune.push_ready if best_shanten <= 0 else tune.push_one if best_shanten == 1 else tune.push_far
        furiten = {c.kind for c in cands if c.shanten == 0 and strat.furiten(sv, c.kind, c.accepts)}

        def score(c: Candidate) -> float:
            # A furiten wait wins by tsumo only: about a third of its tiles count.
            unseen = c.unseen * tune.furiten_share if c.kind in furiten else c.unseen
            eff = -tune.shanten_weight * c.shanten + unseen
            if self.normal:
                eff += strat.discard_bonus(sv, c.kind)
            if folding:
                return -100.0 * danger[c.kind] + 0.01 * eff
            return eff - push * danger[c.kind]

        ranked = self._rank(cands, score)
        if self.strong and not folding and best_shanten <= two_step_reach(strat.id):
            ranked = self._by_two_steps(sv, strat, cands, ranked, score)
        choice = ranked[0]
        riichi = riichis.get(choice.kind)
        if riichi is not None and choice.shanten == 0 and choice.kind not in furiten:
            wanted = choice.unseen > 0 if not self.normal else strat.want_declare(sv, choice, value)
            if wanted and not folding:
                return riichi
        return discard_of_kind(choice.kind, discards, riichi, legal, sv, strat)

    def _beginner_turn(
        self,
        sv: SeatView,
        strat: Strategy,
        legal: list[Action],
        discards: list[Action],
        riichis: dict[int, Action],
        choices: set[int],
        shape: HandShape,
    ) -> Action:
        """easy: keep the least shanten without counting accepted tiles: a lone honour or terminal goes
        first, otherwise any such discard (seeded); ready means riichi at once."""
        cands = discard_candidates(
            sv.counts, len(sv.melds), sv.is_closed, shape, sv.unseen, choices, slack=-1
        )
        best = [c.kind for c in cands if c.shanten == cands[0].shanten]
        lone = [k for k in best if isolated_edge(sv.counts, k)]
        kan = self._turn_kan(sv, strat, legal, shape, cands[0].shanten, False, ())
        if kan is not None:
            return kan
        kind = self.rng.choice(lone or best)
        riichi = riichis.get(kind)
        if riichi is not None and cands[0].shanten == 0:
            return riichi
        return discard_of_kind(kind, discards, riichi, legal, sv, strat)

    def _by_two_steps(
        self,
        sv: SeatView,
        strat: Strategy,
        cands: list[Candidate],
        ranked: list[Candidate],
        score: Callable[[Candidate], float],
    ) -> list[Candidate]:
        """Among the fastest discards, the accepted-tile count of normal's score is replaced by the
        two-draw measure (:mod:`bot.ai.twostep`: the worth of the ready hands each draw leads to,
        waits x value), scaled to the same units."""
        best = cands[0].shanten
        fastest = [c for c in cands if c.shanten == best][: self.tuning.strong_candidates]
        if len(fastest) < 2:
            return ranked
        far = self.tuning.two_step_value_far
        look = TwoStep(
            melds=len(sv.melds),
            closed=sv.is_closed,
            shape=strat.hand_shape(sv),
            unseen=[sv.unseen(k) for k in range(len(sv.counts))],
            value=lambda counts: strat.hand_value(sv, counts, False),
            value_far=strat.id in VALUE_FAR_RULES if far is None else far,
            reach=two_step_reach(strat.id),
        )
        work = bytearray(sv.counts)
        worth: dict[int, float] = {}
        for c in fastest:
            work[c.kind] -= 1
            worth[c.kind] = look.worth(bytes(work))
            work[c.kind] += 1
        top = max(worth.values())
        if top <= 0:
            return ranked
        most = max(c.unseen for c in fastest)
        weight = self.tuning.two_step_weight

        def strong_score(c: Candidate) -> float:
            if c.kind not in worth:
                return score(c)
            return score(c) + weight * (most * worth[c.kind] / top - c.unseen)

        return self._rank(ranked, strong_score)

    def _rank(self, cands: Sequence[Candidate], score: Callable[[Candidate], float]) -> list[Candidate]:
        """``cands`` best first by ``score``, ties broken by the seeded generator (one draw per candidate,
        in order).  One place for both rankings of a turn; tests/bench/branch_ai.py reads normal's
        top-scoring set through it."""
        return sorted(cands, key=lambda c: (score(c), self.rng.random()), reverse=True)

    @staticmethod
    def _last_hand_folding(sv: SeatView, found: Sequence[Threat], shanten: int, folding: bool) -> bool:
        """The game's last hand (:mod:`bot.ai.placement`): the last place never folds; the leader folds
        a hand that is not ready against a declared threat or a likely one (weight 0.5 or more)."""
        where = placement.stance(sv)
        if where == placement.CHASE:
            return False
        if where == placement.LEAD and shanten >= 1:
            return folding or any(t.declared or t.weight >= 0.5 for t in found)
        return folding

    def _value(self, sv: SeatView, strat: Strategy) -> int:
        return strat.dora_value(sv) + value_honour_sets(sv.counts, sv.melds, strat.value_kinds(sv))

    def _folding(
        self, found: Sequence[Threat], shanten: int, value: int, best: Candidate, strat: Strategy
    ) -> bool:
        """Fold when a strong threat is out and the own hand is slow (or ready on a thin, cheap wait),
        or when the undeclared hands together are likely ready and the own hand is slower than the
        rule set's :attr:`Strategy.fold_risk` allows."""
        tune = self.tuning
        if not found:
            return False
        calm = 1.0
        for t in found:
            calm *= 1.0 - min(0.95, t.weight)
        if shanten >= 0 and 1.0 - calm >= strat.fold_risk[min(shanten, 3)]:
            return True
        strong = self._plain_threats(found, strat)
        if not strong or max(t.weight for t in strong) < tune.fold_at:
            return False
        if shanten >= tune.fold_far_from:
            return True
        if shanten >= 1:
            return value < tune.push_one_value
        return best.unseen < tune.push_ready_wait and value < tune.push_ready_value

    def _plain_threats(self, found: Sequence[Threat], strat: Strategy) -> list[Threat]:
        """The threats the declared-threat rules (fold, pass a call) weigh: all of ``found``, but only
        the declared ones when undeclared hands are read by the curve (a likely ready hand is a reason
        to choose safer tiles, not to give up the hand)."""
        if self.reads_undeclared(strat) and strat.tenpai_curve is not None:
            return [t for t in found if t.declared]
        return list(found)

    def _turn_kan(
        self,
        sv: SeatView,
        strat: Strategy,
        legal: list[Action],
        shape: HandShape,
        shanten: int,
        folding: bool,
        found: Sequence[Threat],
    ) -> Action | None:
        if folding:
            return None
        melds = len(sv.melds)
        for a in legal:
            if a.kind == A.ANKAN and a.using:
                counts = list(sv.counts)
                k = a.using[0] >> 2
                counts[k] -= 4
                if sum(counts) % 3 == 1 and shanten_of(counts, melds + 1, shape) <= shanten:
                    return a
            elif a.kind == A.KAKAN and a.tile is not None and a.tile < 136:
                if self.normal and any(t.weight >= 1.0 for t in found):
                    continue  # a riichi hand may rob it, and a new dora helps them
                counts = list(sv.counts)
                counts[a.tile >> 2] -= 1
                if shanten_of(counts, melds, shape) <= shanten:
                    return a
        return None

    def _claim(self, sv: SeatView, strat: Strategy, legal: list[Action]) -> Action:
        passing = next(a for a in legal if a.kind == A.PASS)
        calls = [a for a in legal if a.kind in (A.CHI, A.PON, A.KAN) and a.tile is not None]
        if not calls:
            return passing
        if not self.normal and not strat.call_freely:
            return passing
        shape = strat.hand_shape(sv)
        melds = len(sv.melds)
        current = shanten_of(sv.counts, melds, shape)
        found = strat.threats(sv, self.reads_undeclared(strat)) if self.normal else []
        plain = self._plain_threats(found, strat)
        if plain and max(t.weight for t in plain) >= self.tuning.fold_at and current >= 1:
            return passing
        if self.normal and strat.want_closed(sv):
            return passing
        value = self._value(sv, strat) if self.normal else 0
        best: tuple[tuple[int, int], Action] | None = None
        for a in calls:
            assert a.tile is not None
            called = a.tile >> 2
            using = [t >> 2 for t in a.using]
            meld = MeldView(a.kind, tuple(sorted(using + [called])), a.tile)
            if a.kind == A.KAN:
                if not strat.want_open_kan(sv):
                    continue
                forbidden: frozenset[int] = frozenset()
            else:
                forbidden = kuikae(meld, called)
            after = shanten_after_call(sv.counts, using, melds, shape, forbidden)
            if after > current:
                continue
            rest = list(sv.counts)
            for k in using:
                rest[k] -= 1
            melds_after = sv.melds + (meld,)
            for_draw = self.normal and current == 1 and after == 0 and strat.plays_for_draw_tenpai(sv)
            keeps = for_draw or strat.call_keeps_value(sv, rest, melds_after)
            if (strat.needs_yaku or self.normal) and not keeps:
                continue
            own = True if for_draw else None
            if own is None and self.normal and a.kind != A.KAN:
                own = strat.open_call(sv, a, current, after, value, rest, melds_after)
            if own is None:
                own = self._shared_call_rule(sv, strat, a, current, after, value)
            if not own:
                continue
            key = (after, 0 if a.kind != A.CHI else 1)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best is not None else passing

    def _shared_call_rule(
        self, sv: SeatView, strat: Strategy, call: Action, current: int, after: int, value: int
    ) -> bool:
        """The call rule unless the strategy judges the call itself (:meth:`Strategy.open_call`):
        normal calls only to get faster (a kan at the same shanten too); a closed hand needing a yaku
        opens only for a value pon, or when it gets ready (or one step away with value)."""
        if after == current and call.kind != A.KAN and self.normal:
            return False
        if strat.needs_yaku and sv.is_closed and call.kind != A.KAN:
            assert call.tile is not None
            valuable = call.tile >> 2 in strat.value_kinds(sv) and call.kind == A.PON
            return valuable or after == 0 or (after == 1 and value >= self.tuning.open_value)
        return True


def isolated_edge(counts: Sequence[int], kind: int) -> bool:
    """A single honour, or a single 1 or 9 with no tile within two of it in its suit."""
    if counts[kind] != 1:
        return False
    if kind >= 27:
        return True
    n = kind % 9
    if n not in (0, 8):
        return False
    near = (kind + 1, kind + 2) if n == 0 else (kind - 1, kind - 2)
    return not any(counts[k] for k in near)


def kuikae(meld: MeldView, called: int) -> frozenset[int]:
    """Kinds that may not be discarded right after the call (the referee's rule, bot/engine/calls.py)."""
    return kuikae_kinds(called, min(meld.kinds), meld.is_sequence)


def discard_of_kind(
    kind: int,
    discards: Sequence[Action],
    riichi: Action | None,
    legal: Sequence[Action],
    sv: SeatView,
    strat: Strategy,
) -> Action:
    """The discard of ``kind`` (:func:`pick_tile` among its copies); the riichi that discards it when no
    plain discard of it is offered, else a plain legal choice."""
    same = [a for a in discards if a.tile is not None and a.tile >> 2 == kind]
    if not same:
        return riichi if riichi is not None else fallback(legal)
    return pick_tile(same, sv, strat)


def pick_tile(actions: Sequence[Action], sv: SeatView, strat: Strategy) -> Action:
    """Among discards of one kind: keep red fives, prefer the tile just drawn, then the highest id."""

    def key(a: Action) -> tuple[int, int, int]:
        tile = a.tile if a.tile is not None else -1
        return (tile not in strat.red_ids, tile == sv.drawn, tile)

    return max(actions, key=key)


def fallback(legal: Sequence[Action]) -> Action:
    """A safe legal choice without any analysis: win, else pass, else the first discard offered."""
    for kinds in ((A.TSUMO, A.RON), (A.PASS,), (A.DISCARD,)):
        for a in legal:
            if a.kind in kinds:
                return a
    return legal[0]
