"""Random winning riichi hands (for the differential test and the benchmark)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.hand.meld import NEXT_PLAYER, OPPOSITE, PREVIOUS_PLAYER, Meld, MeldType
from bot.hand.tiles import EAST, NORTH
from bot.rules.riichi.scoring import WinSituation


@dataclass
class GeneratedHand:
    concealed: list[int]
    melds: list[Meld]
    situation: WinSituation


def _take(free: dict[int, list[int]], kind: int, rng: random.Random) -> int:
    ids = free[kind]
    return ids.pop(rng.randrange(len(ids)))


def random_winning_hand(rng: random.Random) -> GeneratedHand:
    """Four sets and a pair (sometimes seven pairs), some sets called, random flags and indicators."""
    free = {k: list(range(4 * k, 4 * k + 4)) for k in range(34)}
    concealed: list[int] = []
    melds: list[Meld] = []
    if rng.random() < 0.06:
        for kind in rng.sample(range(34), 7):
            concealed += [_take(free, kind, rng), _take(free, kind, rng)]
    else:
        # Bias towards fewer kinds so that flushes, triplets and yakuman shapes occur.
        pool = rng.sample(range(34), rng.choice((6, 10, 34)))
        sets = 0
        attempts = 0
        while sets < 4 and attempts < 200:
            attempts += 1
            first = rng.choice(pool)
            sequence = first < 27 and first % 9 <= 6 and rng.random() < 0.6
            kinds = [first, first + 1, first + 2] if sequence else [first] * 3
            if any(len(free[k]) < kinds.count(k) for k in kinds):
                continue
            style = rng.random()
            if not sequence and style < 0.12 and len(free[first]) == 4:
                ids = tuple(sorted(_take(free, first, rng) for _ in range(4)))
                kan_type = rng.choice((MeldType.KAN, MeldType.ANKAN, MeldType.KAKAN))
                if kan_type is MeldType.ANKAN:
                    melds.append(Meld(kan_type, ids))
                else:
                    source = rng.choice((NEXT_PLAYER, OPPOSITE, PREVIOUS_PLAYER))
                    added = ids[-1] if kan_type is MeldType.KAKAN else None
                    melds.append(Meld(kan_type, ids, ids[0], source, added))
            elif style < 0.35:
                ids = tuple(sorted(_take(free, k, rng) for k in kinds))
                if sequence:
                    melds.append(Meld(MeldType.CHI, ids, ids[0], PREVIOUS_PLAYER))
                else:
                    melds.append(Meld(MeldType.PON, ids, ids[0], rng.choice((1, 2, 3))))
            else:
                concealed += [_take(free, k, rng) for k in kinds]
            sets += 1
        pair_kinds = [k for k in pool if len(free[k]) >= 2] or [k for k in range(34) if len(free[k]) >= 2]
        if sets < 4:
            return random_winning_hand(rng)
        pair = rng.choice(pair_kinds)
        concealed += [_take(free, pair, rng), _take(free, pair, rng)]
    closed = all(m.type is MeldType.ANKAN for m in melds)
    tsumo = rng.random() < 0.45
    riichi = closed and rng.random() < 0.5
    double = riichi and rng.random() < 0.05
    last = rng.random() < 0.04
    has_kan = any(m.is_kan for m in melds)
    indicators = [_take(free, k, rng) for k in rng.sample([k for k in range(34) if free[k]], 2)]
    situation = WinSituation(
        win_tile=rng.choice(concealed),
        tsumo=tsumo,
        seat_wind=rng.randint(EAST, NORTH),
        round_wind=rng.randint(EAST, EAST + 1),
        riichi=riichi and not double,
        double_riichi=double,
        ippatsu=riichi and rng.random() < 0.2,
        rinshan=tsumo and has_kan and rng.random() < 0.2,
        haitei=tsumo and last and not has_kan,
        houtei=not tsumo and last,
        dora_indicators=tuple(indicators[: rng.randint(1, 2)]),
        ura_indicators=tuple(indicators[1:]) if riichi else (),
    )
    return GeneratedHand(concealed, melds, situation)
