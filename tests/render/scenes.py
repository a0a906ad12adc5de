"""Sample scenes for the golden-image tests and the benchmark: one table per rule set's look."""

from __future__ import annotations

from bot.engine.registry import rule_set
from bot.hand.meld import Meld
from bot.hand.notation import TileAllocator, parse_meld, parse_tiles
from bot.hand.tiles import RED_FIVE_IDS
from bot.render.scene import (
    HandResultScene,
    HandScene,
    LeaderboardRow,
    RankingRow,
    RiverTile,
    SeatScene,
    TableScene,
)


class Tiles:
    """Writes scenes in mpsz while keeping every physical tile distinct, as in a real game."""

    def __init__(self, rules: str = "riichi") -> None:
        self.alloc = TileAllocator(rule_set(rules).tileset)

    def ids(self, text: str) -> tuple[int, ...]:
        return tuple(parse_tiles(text, allocator=self.alloc))

    def one(self, text: str) -> int:
        return self.ids(text)[0]

    def melds(self, *tokens: str) -> tuple[Meld, ...]:
        return tuple(parse_meld(t, allocator=self.alloc) for t in tokens)

    def river(
        self, text: str, riichi_at: int | None = None, called: tuple[int, ...] = ()
    ) -> tuple[RiverTile, ...]:
        return tuple(
            RiverTile(t, riichi=i == riichi_at, called=i in called) for i, t in enumerate(self.ids(text))
        )


def riichi_table(viewer: int | None = 0) -> TableScene:
    t = Tiles("riichi")
    seats = (
        SeatScene(
            "Alice",
            0,
            31000,
            is_dealer=True,
            river=t.river("19m4z7p2s6z5m3p", riichi_at=4),
            concealed=t.ids("234m0p67p55s"),
            melds=(),
            drawn=t.one("8p"),
            riichi=True,
        ),
        SeatScene(
            "山田太郎",
            1,
            24000,
            river=t.river("1z9p8s3z7m", called=(3,)),
            concealed=4,
            melds=t.melds("chi:3-45s", "pon:77=7z", "kakan:222-2p"),
        ),
        SeatScene("Bob 🀄", 2, 19000, river=t.river("9m1p2z6m4s8m2m"), concealed=t.ids("1234567m1236s")),
        SeatScene(
            "Carol",
            3,
            24000,
            river=t.river("5z6s1s4p7s3s", riichi_at=2),
            concealed=10,
            melds=t.melds("ankan:9999s"),
            riichi=True,
        ),
    )
    return TableScene(
        seats,
        viewer=viewer,
        round_label="East 2, 1 honba",
        honba=1,
        riichi_sticks=2,
        dora_indicators=t.ids("3z"),
        dead_wall=5,
        wall_count=52,
        turn=0,
        last_discard=(3, 5),
        red_ids=RED_FIVE_IDS,
    )


def sanma_table() -> TableScene:
    t = Tiles("sanma")
    red = rule_set("sanma").tileset.red_ids
    seats = (
        SeatScene(
            "East",
            0,
            35000,
            is_dealer=True,
            river=t.river("1m9m3z2p"),
            concealed=t.ids("123p456p0s78s11z5z"),
            drawn=t.one("3p"),
            kita=t.ids("4z"),
        ),
        SeatScene(
            "South",
            1,
            38000,
            river=t.river("9p6z8s1s"),
            concealed=10,
            melds=t.melds("pon:111=m"),
            kita=t.ids("4z4z"),
        ),
        SeatScene("West", 2, 32000, river=t.river("7z2s5p"), concealed=13),
    )
    return TableScene(
        seats,
        viewer=0,
        round_label="South 1",
        dora_indicators=t.ids("9m"),
        dead_wall=5,
        wall_count=38,
        turn=0,
        last_discard=(2, 2),
        red_ids=red,
    )


def sichuan_table() -> TableScene:
    t = Tiles("sichuan")
    seats = (
        SeatScene(
            "庄家",
            0,
            120,
            is_dealer=True,
            river=t.river("1p9p2m3m7m"),
            concealed=t.ids("2345678s11m"),
            melds=t.melds("pon:999-s"),
            void_suit=1,
        ),
        SeatScene(
            "Winner",
            1,
            260,
            river=t.river("1s2s9m"),
            concealed=10,
            winner=True,
            win_tile=t.one("5m"),
            void_suit=2,
        ),
        SeatScene(
            "West",
            2,
            60,
            river=t.river("8p4m5s6s1m"),
            concealed=10,
            melds=t.melds("ankan:7777p"),
            void_suit=0,
        ),
        SeatScene("North", 3, 40, river=t.river("3p3s4s2p"), concealed=13, void_suit=1),
    )
    return TableScene(
        seats,
        viewer=0,
        round_label="Hand 3",
        wall_count=40,
        turn=2,
        last_discard=(2, 4),
        red_ids=frozenset(),
        style=rule_set("sichuan").render.meld_style,
    )


def taiwan_table() -> TableScene:
    t = Tiles("taiwan")
    seats = (
        SeatScene(
            "East",
            0,
            1500,
            is_dealer=True,
            river=t.river("1z2z9m"),
            concealed=t.ids("1234567m123456p7p"),
            drawn=t.one("8p"),
            flowers=t.ids("1f5f"),
        ),
        SeatScene(
            "South",
            1,
            1200,
            river=t.river("9p9s"),
            concealed=13,
            melds=t.melds("chi:1-23s"),
            flowers=t.ids("2f3f6f"),
        ),
        SeatScene("West", 2, 900, river=t.river("7z6z"), concealed=16, flowers=t.ids("8f")),
        SeatScene("North", 3, 400, river=t.river("5z"), concealed=16, flowers=t.ids("4f7f")),
    )
    return TableScene(
        seats,
        viewer=0,
        round_label="東風 東局 連1",
        wall_count=70,
        turn=0,
        last_discard=(3, 0),
        red_ids=frozenset(),
    )


def pihu_table() -> TableScene:
    t = Tiles("pihu")
    seats = (
        SeatScene(
            "East",
            0,
            100,
            is_dealer=True,
            river=t.river("1z9m2s"),
            concealed=t.ids("1234m567p99s"),
            melds=t.melds("pon:555-z"),
        ),
        SeatScene(
            "South", 1, 80, river=t.river("4z3p"), concealed=7, melds=t.melds("pon:2=22m", "kan:888+8s")
        ),
        SeatScene("West", 2, 120, river=t.river("6m"), concealed=10, melds=t.melds("pon:11+1p")),
        SeatScene("North", 3, 100, river=t.river("7z"), concealed=13),
    )
    return TableScene(
        seats,
        viewer=0,
        round_label="East 3",
        wall_count=60,
        turn=1,
        red_ids=frozenset(),
        style=rule_set("pihu").render.meld_style,
    )


def mingjiang_table() -> TableScene:
    t = Tiles("mingjiang")
    seats = (
        SeatScene(
            "East",
            0,
            250,
            is_dealer=True,
            river=t.river("1z9m2s4p6s", riichi_at=3),
            concealed=t.ids("123m456p789s1122z"),
            riichi=True,
        ),
        SeatScene("South", 1, 240, river=t.river("4z3p5m"), concealed=10, melds=t.melds("pon:666=z")),
        SeatScene("West", 2, 260, river=t.river("6m7m8m"), concealed=13),
        SeatScene("North", 3, 250, river=t.river("7z1p"), concealed=13),
    )
    return TableScene(
        seats,
        viewer=None,
        round_label="East 1 (decider)",
        riichi_sticks=1,
        dora_indicators=t.ids("3s7z"),
        dead_wall=4,
        wall_count=66,
        turn=2,
        last_discard=(2, 2),
        red_ids=frozenset(),
    )


TABLES = {
    "riichi": riichi_table,
    "sanma": sanma_table,
    "sichuan": sichuan_table,
    "taiwan": taiwan_table,
    "pihu": pihu_table,
    "mingjiang": mingjiang_table,
}


def every_meld_hand() -> HandScene:
    t = Tiles("riichi")
    return HandScene(
        t.ids("23m0p6p"),
        melds=t.melds("chi:3-45s", "pon:77=7z", "kan:0555+m", "ankan:1111p", "kakan:666-6z"),
        drawn=t.one("4m"),
    )


def sample_result() -> HandResultScene:
    t = Tiles("riichi")
    hand = HandScene(t.ids("234m0p67p55s789s"), red_ids=RED_FIVE_IDS)
    return HandResultScene(
        title="Alice wins by tsumo",
        hand=hand,
        win_tile=t.one("8p"),
        lines=(("Riichi", 1), ("Menzen tsumo", 1), ("Pinfu", 1), ("Dora", 1), ("Red five", 1)),
        total="20 fu 5 han  Mangan 12000",
        score_changes=(("Alice", 12300), ("山田太郎", -4100), ("Bob 🀄", -4100), ("Carol", -4100)),
        dora_indicators=t.ids("4s"),
        ura_indicators=t.ids("1z"),
    )


def sample_ranking() -> list[RankingRow]:
    return [
        RankingRow(1, "Alice", 41200, 51.2),
        RankingRow(2, "山田太郎", 28900, 8.9),
        RankingRow(3, "Bob 🀄", 21000, -19.0),
        RankingRow(4, "Carol", 8900, -41.1),
    ]


def sample_leaderboard(rows: int = 12) -> list[LeaderboardRow]:
    names = [
        "Alice",
        "山田太郎",
        "Bob 🀄",
        "Carol",
        "Dmitri",
        "Émile",
        "李小龍",
        "Zoë",
        "Ковальски",
        "O'Neil",
    ]
    return [
        LeaderboardRow(
            i + 1,
            names[i % len(names)] + ("" if i < len(names) else f" {i}"),
            10 + i,
            120.5 - i * 17.25,
            1650 - i * 23.5,
        )
        for i in range(rows)
    ]


def pihu_hand() -> HandScene:
    t = Tiles("pihu")
    return HandScene(
        t.ids("1234m567p9s"),
        melds=t.melds("pon:555-z", "pon:2=22s", "kakan:888+8p"),
        drawn=t.one("9s"),
        style=rule_set("pihu").render.meld_style,
        red_ids=frozenset(),
    )
