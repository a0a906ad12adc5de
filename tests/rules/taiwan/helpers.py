"""Shared by the taiwan tests: score a written hand."""

from bot.engine.registry import rule_set
from bot.hand.notation import parse_hand, parse_tiles
from bot.rules.taiwan.score import TaiwanScore, score_hand
from bot.rules.taiwan.situation import TaiwanOptions, TaiwanSituation

TILES = rule_set("taiwan").tileset
E, S, W, N = range(4)


def score(
    text: str,
    flowers: str = "",
    options: TaiwanOptions | None = None,
    extras: bool = False,
    **situation: object,
) -> TaiwanScore:
    """Score ``text`` (winning tile last).  Defaults: winner South, dealer East, a ron from West, so
    no dealer tai unless a test asks for them."""
    hand = parse_hand(text, TILES)
    flower_ids = hand.flowers + (parse_tiles(flowers, TILES) if flowers else [])
    fields: dict[str, object] = {"seat": S, "dealer": E}
    if not situation.get("tsumo"):
        fields["discarder"] = W
    fields.update(situation)
    return score_hand(
        hand.concealed,
        hand.melds,
        flower_ids,
        TaiwanSituation(**fields),  # type: ignore[arg-type]
        options or TaiwanOptions(extras=extras),
    )


def lines(result: TaiwanScore) -> dict[str, int]:
    """The hand and flower tai (dealer tai are checked separately)."""
    return dict(result.lines)
