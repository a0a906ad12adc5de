"""From the engine's per-seat view (``Game.view(seat)``, a :class:`~bot.engine.views.TableView`) and
its hand records (:class:`~bot.engine.views.HandRecord`) to the renderer's scenes, and a
``TablePictures`` implementation for the Discord cog (``cogs/table``).

The view never holds another seat's concealed tiles, so a picture made from it cannot show them; the
renderer adds its own guarantee by drawing every hand but the viewer's from its count alone.

Each meld's ``source`` (the giver relative to the caller) turns its called tile towards the giver;
the view's ``red_fives`` (the table's option, e.g. red=0) say which fives are painted red, falling back
on the rule set's default for older views.  Win records carry the winner's ``concealed`` tiles and
``melds`` (and flowers or norths set aside), so a result picture shows the whole hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from bot.engine.descriptor import RenderStyle
from bot.engine.registry import RULE_SETS
from bot.engine.views import FinalPlace, HandRecord, MeldView, ReadyHand, SeatView, TableView
from bot.hand.meld import PREVIOUS_PLAYER, Meld, MeldType
from bot.i18n import t
from bot.present.glossary import glossary_of, say
from bot.present.results import DRAW_REASONS, payment_lines, value_text
from bot.present.table_header import counts_hands, hand_number
from bot.render.fonts import Fonts
from bot.render.hand import render_hand
from bot.render.png import to_png
from bot.render.ranking import render_ranking
from bot.render.result import render_draw, render_result
from bot.render.scene import (
    DrawResultScene,
    HandResultScene,
    HandScene,
    RankingRow,
    RiverTile,
    SeatScene,
    TableScene,
)
from bot.render.table import TableRenderer
from bot.rules.names import line_name

WIND_NAMES = ("East", "South", "West", "North")


def _style(rules: str) -> RenderStyle:
    """The rule set's picture style (its descriptor's); a plain table for an unknown rule set."""
    info = RULE_SETS.get(rules)
    return info.render if info is not None else RenderStyle()


def default_red_ids(rules: str) -> frozenset[int]:
    """The rule set's red fives before any table option."""
    info = RULE_SETS.get(rules)
    return info.tileset.red_ids if info is not None else frozenset()


def _red_ids(view: TableView) -> frozenset[int]:
    if "red_fives" in view:
        return frozenset(view["red_fives"])
    return default_red_ids(view.get("rules", ""))


def meld_of(entry: MeldView) -> Meld:
    meld_type = MeldType(entry["type"])
    called = entry.get("called")
    source = entry.get("source")
    if source is None:
        source = PREVIOUS_PLAYER if meld_type is MeldType.CHI else 0
    return Meld(
        meld_type,
        tuple(sorted(entry["tiles"])),
        called=None if meld_type is MeldType.ANKAN else called,
        source=source,
    )


def _concealed_and_drawn(entry: SeatView) -> tuple[tuple[int, ...] | int, int | None]:
    if "concealed" not in entry:
        return entry.get("concealed_count", 0), None
    tiles = list(entry["concealed"])
    drawn = entry.get("drawn")
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)  # shown apart, as it lies on the table
    else:
        drawn = None
    return tuple(tiles), drawn


def seat_scene(view: TableView, index: int, name: str) -> SeatScene:
    entry = view["seats"][index]
    players = len(view["seats"])
    dealer = view.get("dealer", 0)
    concealed, drawn = _concealed_and_drawn(entry)
    river = tuple(
        RiverTile(int(d[0]), riichi=bool(d[2]), called=bool(d[3])) for d in entry.get("discards", [])
    )
    return SeatScene(
        name=name,
        wind=(index - dealer) % players,
        score=entry.get("points", 0),
        is_dealer=index == dealer,
        river=river,
        melds=tuple(meld_of(m) for m in entry.get("melds", [])),
        concealed=concealed,
        drawn=drawn,
        flowers=tuple(entry.get("flowers", ())),
        kita=tuple(entry.get("kita", ())),
        riichi=entry.get("riichi", False),
        winner=entry.get("won", False),
        win_tile=entry.get("win_tile"),
        void_suit=entry.get("void"),
    )


def round_label(view: TableView, language: str = "en") -> str:
    """The hand's place in the game by the rule set's round names (its glossary's ``round``: 東1局, 東風南,
    or ``decider``: 決勝局), with the honba where the game counts them; a game without round names counts
    its hands."""
    rules = view.get("rules", "")
    if counts_hands(rules):
        return hand_number(view, language)
    winds = t("picture.winds", language).split()
    dealer = view.get("dealer", 0)
    if view.get("decider"):  # no round wind: the view's is kept for display only
        label = say(rules, "decider", language)
    else:
        label = say(
            rules,
            "round",
            language,
            wind=winds[view.get("round_wind", 0) % 4],
            hand=dealer + 1,
            dealer_wind=winds[dealer % 4],
        )
    honba = view.get("honba", 0) if _style(rules).riichi_family else 0
    return t("picture.round_honba", language, round=label, honba=honba) if honba else label


def table_scene(view: TableView, names: Sequence[str], language: str = "en") -> TableScene:
    seats = tuple(
        seat_scene(view, i, names[i] if i < len(names) else t("picture.seat", language, number=i + 1))
        for i in range(len(view["seats"]))
    )
    offer = view.get("offer")
    last = None
    if offer is not None:
        giver = offer["giver"]
        if seats[giver].river and seats[giver].river[-1].tile == offer["tile"]:
            last = (giver, len(seats[giver].river) - 1)
    style = _style(view.get("rules", ""))
    indicators = tuple(view.get("dora_indicators", ()))
    return TableScene(
        seats,
        viewer=view.get("seat"),
        round_label=round_label(view, language),
        wall_label=t("picture.wall", language, count=view.get("live_left", 0)),
        honba=view.get("honba", 0),
        riichi_sticks=view.get("sticks", 0),
        dora_indicators=indicators,
        dead_wall=len(indicators) if style.dead_wall is None else style.dead_wall,
        wall_count=view.get("live_left", 0),
        turn=view.get("current"),
        last_discard=last,
        red_ids=_red_ids(view),
        style=style.meld_style,
    )


def hand_scene(view: TableView, seat: int) -> HandScene:
    s = seat_scene(view, seat, "")
    concealed = s.concealed if isinstance(s.concealed, tuple) else ()
    return HandScene(
        concealed,
        melds=s.melds,
        drawn=s.drawn,
        flowers=s.flowers,
        kita=s.kita,
        void_suit=s.void_suit,
        red_ids=_red_ids(view),
        style=_style(view.get("rules", "")).meld_style,
    )


def _name(names: Sequence[str], seat: int | None, language: str = "en") -> str:
    if seat is None:
        return "?"
    return names[seat] if 0 <= seat < len(names) else t("picture.seat", language, number=seat + 1)


def result_scene(
    hand_record: HandRecord,
    names: Sequence[str],
    rules: str = "",
    *,
    index: int = 0,
    red_ids: frozenset[int] | None = None,
    language: str = "en",
) -> HandResultScene | None:
    """Win ``index`` (default the first) of a finished hand (``Game.hands[i]``); None for a hand that
    ended without a win (or with fewer wins).

    The win record's ``concealed`` and ``melds`` (added by the engine at settlement) give the hand;
    an older record without them shows the winning tile alone.  ``red_ids``: the table's red fives
    (the view's ``red_fives``), the rule set's default when not given.  The record's line ids are
    shown by their names in ``language`` (an id no table knows is shown as written).
    """
    result = hand_record["result"]
    wins = result.get("wins") or []
    if not 0 <= index < len(wins):
        return None
    win = wins[index]
    seat, giver = win.get("seat"), win.get("from")
    winner = _name(names, seat, language)
    # the rule set's own words: 胡 and 放槍, 食 and 出銃, 胡 and 点炮, ロン
    if giver is None or giver == seat:
        title = say(rules, "wins_tsumo", language, winner=winner)
    else:
        title = say(rules, "wins_ron", language, winner=winner, giver=_name(names, giver, language))
    if len(wins) > 1:
        title += " " + t("picture.win_of", language, number=index + 1, count=len(wins))
    value = value_text(rules, win, language)
    totals = [value] if value else []
    totals.append(t(glossary_of(rules).points, language, points=win.get("points", 0)))
    red = default_red_ids(rules) if red_ids is None else red_ids
    hand = HandScene(
        tuple(win.get("concealed", ())),
        melds=tuple(meld_of(m) for m in win.get("melds", ())),
        flowers=tuple(win.get("flowers", ())),
        kita=tuple(win.get("kita", ())),
        red_ids=red,
        style=_style(rules).meld_style,
    )
    deltas = win.get("deltas") or result.get("deltas") or []
    return HandResultScene(
        title=title,
        hand=hand,
        win_tile=win.get("tile", 0),
        lines=tuple(  # a line worth 0 (平胡) shows no figure
            (line_name(rules, str(line), language), worth if worth else "")
            for line, worth, *_ in win.get("yaku", ())
        ),
        total="  ".join(totals),
        score_changes=tuple((_name(names, i, language), d) for i, d in enumerate(deltas)),
        dora_indicators=tuple(win.get("dora", ())),
        ura_indicators=tuple(win.get("ura", ())),
        dora_label=t("picture.dora", language),
        ura_label=t("picture.ura", language),
    )


def draw_scene(
    hand_record: HandRecord,
    names: Sequence[str],
    rules: str = "",
    *,
    red_ids: frozenset[int] | None = None,
    language: str = "en",
) -> DrawResultScene | None:
    """A hand that ended without a win: why, the ready seats' hands (``ready_hands`` of the record),
    who was not ready and the payments; None for a hand that had a win."""
    result = hand_record["result"]
    if result.get("wins"):
        return None
    red = default_red_ids(rules) if red_ids is None else red_ids
    style = _style(rules).meld_style
    shown = {entry["seat"]: entry for entry in result.get("ready_hands", ())}

    def laid_open(entry: ReadyHand) -> HandScene:
        return HandScene(
            tuple(entry.get("concealed", ())),
            melds=tuple(meld_of(m) for m in entry.get("melds", ())),
            flowers=tuple(entry.get("flowers", ())),
            red_ids=red,
            style=style,
        )

    tenpai = result.get("tenpai", [])
    ready = tuple((_name(names, seat, language), laid_open(shown.get(seat, {}))) for seat in tenpai)
    deltas = result.get("deltas") or []
    reason = result.get("reason") or "exhaustive"
    reason_text = t(f"result.reason.{reason}", language) if reason in DRAW_REASONS else reason
    return DrawResultScene(
        title=t("picture.draw_title", language, reason=reason_text),
        ready=ready,
        not_ready=tuple(_name(names, s, language) for s in range(len(deltas)) if s not in tenpai),
        score_changes=tuple((_name(names, i, language), d) for i, d in enumerate(deltas)),
        ready_label=t("picture.ready", language),
        not_ready_label=t("picture.not_ready", language),
        payments_label=t("picture.payments", language),
        notes=tuple(payment_lines(result, names, language)),
    )


def ranking_rows(final: Sequence[FinalPlace], names: Sequence[str]) -> list[RankingRow]:
    rows = [RankingRow(f["rank"], _name(names, f["seat"]), f["points"], float(f["score"])) for f in final]
    return sorted(rows, key=lambda r: r.rank)


class TableDrawing(Protocol):
    """What the table's front end draws with (:class:`TablePictures`, or a test's fake); the bot's
    ``table_pictures`` is None to show tables as text only.  Called in a worker thread.

    ``table`` draws a view: the spectators' (``game.view(None)``, for the channel: every hand face down)
    or a seat's (``game.view(seat)``, for that player's DM panel: the same table from their seat, their
    own hand large at the bottom)."""

    def table(self, view: TableView, names: list[str], *, language: str = "en") -> bytes | None: ...

    # Optional (the front end looks them up by kind): ``result(hand_record, names, rules, *, red_ids,
    # language)`` for the picture posted after each hand, ``draw(...)`` the same for a hand without a win,
    # ``ranking(final, names, *, language)`` for the one at the game's end.


class TablePictures:
    """PNG bytes for the Discord cog; one instance per bot (it keeps the renderer's caches)."""

    def __init__(self, fonts: Fonts | None = None) -> None:
        self.renderer = TableRenderer(fonts)

    def table(self, view: TableView, names: list[str], *, language: str = "en") -> bytes | None:
        """The table from ``view``'s seat (its hand large at the bottom) or the spectators' (seat None)."""
        return self.renderer.png(table_scene(view, names, language))

    def hand(self, view: TableView, seat: int) -> bytes | None:
        return to_png(render_hand(hand_scene(view, seat)))

    def result(
        self,
        hand_record: HandRecord,
        names: list[str],
        rules: str = "",
        *,
        index: int = 0,
        red_ids: frozenset[int] | None = None,
        language: str = "en",
    ) -> bytes | None:
        scene = result_scene(hand_record, names, rules, index=index, red_ids=red_ids, language=language)
        return None if scene is None else to_png(render_result(scene, self.renderer.fonts))

    def draw(
        self,
        hand_record: HandRecord,
        names: list[str],
        rules: str = "",
        *,
        red_ids: frozenset[int] | None = None,
        language: str = "en",
    ) -> bytes | None:
        """A hand without a win: who was ready and their hands, the payments."""
        scene = draw_scene(hand_record, names, rules, red_ids=red_ids, language=language)
        return None if scene is None else to_png(render_draw(scene, self.renderer.fonts))

    def ranking(self, final: Sequence[FinalPlace], names: list[str], *, language: str = "en") -> bytes | None:
        """The game's final ranking, its title and headers in ``language``."""
        rows = ranking_rows(final, names)
        return to_png(render_ranking(rows, fonts=self.renderer.fonts, language=language))
