"""The scoring service: options -> request words, the localized reply model, errors, quick references."""

from __future__ import annotations

import re
import shlex

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.cli.score import score_words
from bot.engine.registry import RULE_SETS
from bot.i18n import LANGUAGES, t
from bot.present.glossary import say
from bot.service.scoring import (
    EXAMPLES,
    OPTION_NAMES,
    ScoreFailure,
    ScoreInput,
    ScoreReply,
    hand_scene,
    names_table,
    open_at_end,
    options_used_by,
    quick_reference,
    request_words,
    rule_flags,
    score_hand,
)


def scored(request: ScoreInput, language: str = "en") -> ScoreReply:
    outcome = score_hand(request, language)
    assert isinstance(outcome, ScoreReply), getattr(outcome, "message", outcome)
    return outcome


def failed(request: ScoreInput, language: str = "en") -> ScoreFailure:
    outcome = score_hand(request, language)
    assert isinstance(outcome, ScoreFailure), outcome
    return outcome


# ----------------------------------------------------------------------------- request words


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_rule_set_example_hand_is_a_scoring_win(rules: str) -> None:
    result = score_words(rules, EXAMPLES[rules].split())
    assert result["ok"], result


def test_options_become_the_rule_sets_own_flags() -> None:
    riichi = ScoreInput(
        "riichi", "234m456m567p33s678s", tsumo=True, riichi=True, dora="1m", honba=2, sticks=1
    )
    assert request_words(riichi) == [
        "234m456m567p33s678s", "--tsumo", "--riichi", "--dora", "1m", "--honba", "2", "--sticks", "1",
    ]  # fmt: skip
    mingjiang = ScoreInput("mingjiang", "234m567p33s789s555z", sticks=2, streak=1)
    # without `dealer` the winner sits South, not dealing (issue 18)
    assert request_words(mingjiang)[1:] == ["--seat", "S", "--dealer-streak", "1", "--deposits", "2"]
    taiwan = ScoreInput("taiwan", "123m456m789m123p456p11s", flowers="1f", dealer=True, streak=3)
    assert request_words(taiwan)[1:] == ["--flowers", "1f", "--dealer", "--streak", "3"]
    assert request_words(ScoreInput("sichuan", "123456789m22233p", void="s"))[1:] == ["--void", "s"]


def test_dealer_in_riichi_means_the_east_seat() -> None:
    words = request_words(ScoreInput("riichi", "234m456m567p33s678s", dealer=True))
    assert words[1:] == ["--seat", "E"]
    ron = scored(ScoreInput("riichi", "234m456m567p33s678s", dealer=True))
    assert ron.points == score_words("riichi", ["234m456m567p33s678s", "--seat", "E"])["points"] == 2900


@pytest.mark.parametrize("rules", [r for r in sorted(RULE_SETS) if "dealer" in options_used_by(r)])
def test_a_tsumo_without_the_dealer_option_is_a_non_dealers_the_dealer_pays(rules: str) -> None:
    """Issue 18: the winner is the dealer only when ``dealer`` says so; payers are named by seat wind,
    East being the dealer, so a non-dealer's tsumo is paid by East and a dealer's is not."""
    without = scored(ScoreInput(rules, EXAMPLES[rules], tsumo=True))
    assert "E" in without.result["payments"], without.words
    dealing = scored(ScoreInput(rules, EXAMPLES[rules], tsumo=True, dealer=True))
    assert "E" not in dealing.result["payments"], dealing.words


def test_mingjiang_east_pon_is_the_winners_seat_wind_only_when_they_deal() -> None:
    east_pon = "234m567p33s789s111z"  # in the South round, East is a value set only for the dealer
    assert scored(ScoreInput("mingjiang", east_pon, round="S", dealer=True)).result["lines"] == [
        ["value_set", 1]
    ]
    assert failed(ScoreInput("mingjiang", east_pon, round="S")).kind == "not_a_win"


def test_dealer_contradicting_the_seat_is_refused() -> None:
    failure = failed(ScoreInput("riichi", "234m456m567p33s678s", dealer=True, seat="S"))
    assert "`seat`" in failure.message and "S" in failure.message


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_an_option_the_rule_set_does_not_use_is_named_in_the_error(rules: str) -> None:
    unused = [name for name in OPTION_NAMES if name not in options_used_by(rules)]
    values = {"void": "m", "flowers": "1f", "round": "E", "dora": "1m", "ura": "1m", "honba": 1, "sticks": 1}
    values |= {"riichi": True, "dealer": True, "streak": 1}
    for name in unused:
        failure = failed(ScoreInput(rules, EXAMPLES[rules], **{name: values[name]}))
        assert f"`{name}`" in failure.message
        assert EXAMPLES[rules] in failure.message


def test_a_zero_count_for_an_option_the_rule_set_lacks_is_no_error() -> None:
    words = request_words(ScoreInput("sichuan", EXAMPLES["sichuan"], honba=0, streak=0))
    assert words == [EXAMPLES["sichuan"]]
    assert "`honba`" in failed(ScoreInput("sichuan", EXAMPLES["sichuan"], honba=1)).message


def test_extra_flags_are_split_like_a_shell() -> None:
    words = request_words(
        ScoreInput("riichi", "234m456m567p33s678s", riichi=True, extra="--ippatsu  --ura 1m")
    )
    assert words[-3:] == ["--ippatsu", "--ura", "1m"]
    failure = failed(ScoreInput("riichi", "234m456m567p33s678s", extra='--ura "1m'))
    assert "extra" in failure.message


@given(st.text(alphabet="a '\"\\", max_size=12))
def test_what_is_left_open_is_what_shlex_cannot_read(text: str) -> None:
    """shlex (the splitter the extra flags go through) is the judge: it fails on an unclosed quote or a
    lone final backslash exactly when one is found, and everything before the open quote reads."""
    opened, escaping = open_at_end(text)
    try:
        shlex.split(text)
    except ValueError as exc:
        assert str(exc) == ("No escaped character" if escaping else "No closing quotation"), text
        if not escaping:
            assert opened is not None and text[opened] in "'\"", text
            assert isinstance(shlex.split(text[:opened]), list)
    else:
        assert (opened, escaping) == (None, False), text


def test_every_flag_in_the_table_is_known_to_its_rule_sets_parser() -> None:
    """A flag the service sends must be accepted by the rule set (else every use would fail)."""
    for rules in RULE_SETS:
        for name, flag in RULE_SETS[rules].score.flags.items():
            if flag.startswith("--"):
                assert re.search(rf"{re.escape(flag)}\b", _flags_help(rules)), (name, rules, flag)


def _flags_help(rules: str) -> str:
    from importlib import import_module

    return str(import_module(RULE_SETS[rules].score_module).FLAGS_HELP)


def test_extra_suggestions_are_the_rule_sets_other_flags() -> None:
    riichi = rule_flags("riichi")
    assert "--ippatsu" in riichi and "--haitei" in riichi
    assert "--tsumo" not in riichi  # it has its own option
    assert "--lang" not in rule_flags("sichuan")
    assert "--extras" in rule_flags("taiwan")


# ----------------------------------------------------------------------------- the reply


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@pytest.mark.parametrize("tsumo", [False, True])
def test_reply_carries_the_scorers_points_payments_and_every_line(rules: str, tsumo: bool) -> None:
    request = ScoreInput(rules, EXAMPLES[rules], tsumo=tsumo)
    reply = scored(request)
    expected = score_words(rules, request_words(request))
    assert reply.points == expected["points"]
    assert [p.amount for p in reply.payments] == list(expected["payments"].values())
    assert len(reply.lines) == len(expected["yaku"])
    for line, (_, value) in zip(reply.lines, expected["yaku"], strict=True):
        assert str(value) in line.value
    total_key = next(k for k in ("han", "fan", "tai", "multiplier") if expected.get(k) is not None)
    assert str(expected[total_key]) in reply.total


@pytest.mark.parametrize("language", LANGUAGES)
def test_yaku_names_come_from_the_rule_sets_names_table_in_the_readers_language(language: str) -> None:
    reply = scored(ScoreInput("riichi", "234m456m567p33s678s", tsumo=True, riichi=True), language)
    table = names_table("riichi")
    expected = [table[key][language] for key in ("menzen_tsumo", "riichi", "pinfu", "tanyao")]
    assert sorted(line.name for line in reply.lines) == sorted(expected)
    assert reply.total == f"{t('score.unit.han', language, n=4)} {t('score.unit.fu', language, n=20)}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_payers_are_named_in_the_readers_language(language: str) -> None:
    ron = scored(ScoreInput("taiwan", EXAMPLES["taiwan"]), language)
    # the discarder in Taiwan's own word (放槍者), the glossary's (issue 42), not the riichi 放銃者
    assert [p.payer for p in ron.payments] == [say("taiwan", "discarder", language)]
    tsumo = scored(ScoreInput("taiwan", EXAMPLES["taiwan"], tsumo=True, dealer=True), language)
    assert [p.payer for p in tsumo.payments] == [t(f"score.payer.{w}", language) for w in "SWN"]


def test_mingjiang_limit_hand_shows_the_limit_not_a_fan_count() -> None:
    reply = scored(ScoreInput("mingjiang", "19m19p19s1234567z1m", tsumo=True), "zh-TW")
    assert reply.total == t("score.limit.big", "zh-TW")
    assert [line.value for line in reply.lines] == [t("score.limit.big", "zh-TW")]
    assert reply.lines[0].name == names_table("mingjiang")["thirteen_orphans_13_wait"]["zh-TW"]


def test_riichi_yakuman_and_limits_are_named() -> None:
    yakuman = scored(ScoreInput("riichi", "19m19p19s1234567z1m"), "ja")
    assert yakuman.total == t("score.limit.yakuman", "ja") and yakuman.points == 32000
    # riichi, tsumo, pinfu, tanyao and one dora (2m): 5 han
    mangan = scored(ScoreInput("riichi", "234m456m567p33s678s", riichi=True, tsumo=True, dora="1m"))
    assert mangan.total.endswith("(Mangan)")


def test_riichi_sticks_and_winner_total_are_listed() -> None:
    reply = scored(ScoreInput("riichi", "234m456m567p33s678s", honba=1, sticks=2))
    notes = {note.name: note.value for note in reply.notes}
    assert notes == {"Riichi sticks": "2000", "Winner gains": str(2000 + 300 + 2000)}


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("rules", "request_", "kind", "named"),
    [
        ("riichi", ScoreInput("riichi", "123x456m789p11s"), "hand", "'x'"),
        ("riichi", ScoreInput("riichi", "11111m234p567s789s"), "hand", "1m"),
        ("riichi", ScoreInput("riichi", "234m456m567p33s"), "request", "14 tiles"),
        ("sichuan", ScoreInput("sichuan", "123m456m789m11m222z"), "hand", "2z"),
        ("sanma", ScoreInput("sanma", "234m456p789p11s222s"), "hand", "2m"),
        ("riichi", ScoreInput("riichi", "123m456p789s234m22s"), "not_a_win", "no yaku"),
        ("riichi", ScoreInput("riichi", "123m456p789s234m23s"), "not_a_win", "not a winning hand"),
        ("riichi", ScoreInput("riichi", "234m456m567p33s678s", seat="Q"), "request", "'Q'"),
        (
            "mingjiang",
            ScoreInput("mingjiang", EXAMPLES["mingjiang"], extra="--dealer-streak x"),
            "request",
            "'x'",
        ),
        ("pihu", ScoreInput("pihu", EXAMPLES["pihu"], extra="--base many"), "request", "'many'"),
        ("taiwan", ScoreInput("taiwan", EXAMPLES["taiwan"], flowers="9f"), "hand", "9f"),
    ],
)
def test_bad_input_is_a_clear_error_naming_the_token_with_an_example(
    rules: str, request_: ScoreInput, kind: str, named: str
) -> None:
    english = failed(request_, "en").reason
    for language in LANGUAGES:
        failure = failed(request_, language)
        assert failure.kind == kind
        assert named in failure.reason and (language != "en" or failure.reason in failure.message)
        assert failure.example == EXAMPLES[rules] and EXAMPLES[rules] in failure.message
        assert "Traceback" not in failure.message
        if language != "en":  # the reason in the reader's language, not the scorer's English (issue 18)
            assert english not in failure.message


def test_unknown_rule_set_is_refused() -> None:
    assert "`chess`" in failed(ScoreInput("chess", "123m")).message


# ----------------------------------------------------------------------------- quick references


def test_riichi_table_matches_the_mahjong_package() -> None:
    """Every han/fu cell against an independent scorer (the `mahjong` package from PyPI)."""
    from mahjong.constants import EAST, SOUTH
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.hand_calculating.scores import ScoresCalculator

    calc = ScoresCalculator()
    table = quick_reference("riichi")
    cells = 0
    for section in table.sections[:8]:
        dealer = section.heading.startswith("Dealer")
        han = int(re.search(r"(\d+) han", section.heading)[1])  # type: ignore[index]
        wind = EAST if dealer else SOUTH
        for row in section.rows:
            fu, ron, tsumo = re.fullmatch(r"(\d+): (\S+) \((.+)\)", row).groups()  # type: ignore[union-attr]
            if ron != "-":
                assert int(ron) == calc.calculate_scores(han, int(fu), HandConfig(player_wind=wind))["total"]
            self_drawn = calc.calculate_scores(han, int(fu), HandConfig(is_tsumo=True, player_wind=wind))
            if dealer:
                assert tsumo == f"{self_drawn['main']} all"
            else:
                assert tsumo == f"{self_drawn['additional']}/{self_drawn['main']}"
            cells += 1
    assert cells == 2 * (9 + 11 * 3)  # 1 han has no 20 or 25 fu


def test_riichi_limits_row_matches_a_scored_haneman() -> None:
    limits = quick_reference("riichi").sections[-1]
    # riichi, tsumo, pinfu, tanyao and two dora (2m, 8s): 6 han
    haneman = scored(ScoreInput("riichi", "234m456m567p33s678s", riichi=True, tsumo=True, dora="1m7s"))
    assert haneman.result["limit"] == "haneman"
    row = next(r for r in limits.rows if "Haneman" in r)
    assert f"non-dealer {haneman.result['total']}" in row


@pytest.mark.parametrize(
    ("rules", "request_", "row_pattern"),
    [
        ("mingjiang", ScoreInput("mingjiang", EXAMPLES["mingjiang"]), r"^1 fan: .* ron {points},"),
        ("sichuan", ScoreInput("sichuan", EXAMPLES["sichuan"]), r"^1 fan: ×{points} "),
        # the winner deals: without `dealer` a /score taiwan hand is a non-dealer's (issue 18)
        ("taiwan", ScoreInput("taiwan", EXAMPLES["taiwan"], dealer=True), r"^3 tai: {points}$"),
        (
            "pihu",
            ScoreInput("pihu", EXAMPLES["pihu"], seat="S", extra="--discarder W"),
            r"^×4: ron {points} ",
        ),
    ],
)
def test_table_row_agrees_with_a_scored_hand(rules: str, request_: ScoreInput, row_pattern: str) -> None:
    reply = scored(request_)
    rows = [row for section in quick_reference(rules).sections for row in section.rows]
    pattern = row_pattern.format(points=reply.points)
    assert any(re.search(pattern, row) for row in rows), (pattern, rows)


@pytest.mark.parametrize("rules", sorted(RULE_SETS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_tables_fit_discord_embed_fields(rules: str, language: str) -> None:
    table = quick_reference(rules, language)
    assert table.title and table.sections
    total = len(table.title) + len(table.note)
    for section in table.sections:
        body = "```\n" + "\n".join(section.rows) + "\n```"
        assert len(body) <= 1024 and len(section.heading) <= 256
        total += len(body) + len(section.heading)
    assert len(table.sections) <= 25 and total <= 6000


# ----------------------------------------------------------------------------- the picture


def test_picture_scene_sets_the_named_winning_tile_apart() -> None:
    from bot.hand.notation import tile_name

    reply = scored(ScoreInput("riichi", "234m456m567p33s678s", win="4m"))
    scene = hand_scene(reply)
    assert scene.drawn is not None and tile_name(scene.drawn) == "4m"
    assert sorted(tile_name(t) for t in scene.concealed) == sorted(
        ["2m", "3m", "4m", "5m", "6m", "5p", "6p", "7p", "3s", "3s", "6s", "7s", "8s"]
    )


def test_picture_scene_keeps_melds_flowers_red_fives_and_the_void_suit() -> None:
    from bot.hand.notation import tile_name

    taiwan = hand_scene(scored(ScoreInput("taiwan", "123m456m789m123p11s 2f pon:555p", tsumo=True)))
    assert [tile_name(t) for t in taiwan.flowers] == ["2f"] and len(taiwan.melds) == 1
    both = hand_scene(scored(ScoreInput("taiwan", "123m456m789m123p11s 2f pon:555p", flowers="5f")))
    assert sorted(tile_name(t) for t in both.flowers) == ["2f", "5f"]
    assert taiwan.drawn is not None and tile_name(taiwan.drawn) == "1s"
    sichuan = hand_scene(scored(ScoreInput("sichuan", EXAMPLES["sichuan"], void="s")))
    assert sichuan.void_suit == 2 and sichuan.style == RULE_SETS["sichuan"].render.meld_style
    red = hand_scene(scored(ScoreInput("riichi", "234m406m567p33s678s", win="0m")))
    assert red.drawn is not None and tile_name(red.drawn, red.red_ids) == "0m"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_an_option_the_rule_set_does_not_use_is_named_as_the_readers_command_shows_it(language: str) -> None:
    failure = failed(ScoreInput("sichuan", "123456789m22233p", void="s", dealer=True), language)
    assert f"`{t('cmd.optname.dealer', language)}`" in failure.message
    if language != "en":
        assert "`dealer`" not in failure.message
