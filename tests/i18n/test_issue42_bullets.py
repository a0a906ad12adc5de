"""Issue 42's defect bullets that the forbidden-word and glossary tests do not already show gone: each test
names its bullet.  (The others: tests/i18n/test_rule_set_words.py, tests/cli/test_play_languages.py,
tests/cli/test_cli_languages.py and tests/i18n/test_table_words_beyond_play.py.)"""

from __future__ import annotations

import re
import tomllib
from importlib import resources

import pytest

from bot.cli.score import score_words
from bot.engine.registry import score_request_function
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import MESSAGES
from bot.present.glossary import say
from bot.rules.names import names_table
from bot.service.refusal import localized_reason


@pytest.mark.parametrize("language", ["zh-TW", "zh-CN", "ja"])
def test_mingjiang_calls_an_exhaustive_draw_mo_wu(language: str) -> None:
    """明將's seed calls an exhaustive draw 摸和."""
    assert "摸和" in say("mingjiang", "exhaustive_draw", language)


@pytest.mark.parametrize("language", ["zh-TW", "zh-CN"])
def test_pihu_says_dian_pao_and_di_jin(language: str) -> None:
    """pihu's seed says 點炮 and 底金 (not 放銃者, not 底分 beside 底金)."""
    assert "炮" in say("pihu", "discarder", language)
    assert say("pihu", "base", language) == "底金"


@pytest.mark.parametrize("language", LANGUAGES)
def test_mingjiangs_liability_refusal_names_the_hands_not_a_tier(language: str) -> None:
    """refusal.mingjiang.liable named the wrong tier: liability (包牌) covers limit hands of both tiers
    (大三元 and 四連刻 are small limits, 大四喜, 四槓 and 一色四同順 big ones), so it names the hands, and
    the scorer says it when asked for liability on a hand that is none of them."""
    text = t("refusal.mingjiang.liable", language)
    assert not re.search(r"小例|大例|small limit|big limit", text)
    for hand in ("大三元", "大四喜", "四連刻", "一色四同順"):
        assert hand in text.replace("连", "連").replace("顺", "順"), (language, hand)
    with pytest.raises(ValueError) as refused:
        score_request_function("mingjiang")(["234m567p33s789s555z", "--liable"])
    assert localized_reason(refused.value, language) == text
    assert score_words("mingjiang", ["234m567p33s789s555z", "--liable"])["ok"] is False


def test_taiwan_in_japanese_names_its_waits_and_ready_hands_as_its_seed() -> None:
    """ja: Taiwan's 獨聽 (a single wait of any shape: edge, closed, pair) is 独聴, not 単騎待ち; 天聽/地聽
    are 天聴/地聴, never riichi's ダブル立直 or a made-up 早期聴牌 (Taiwan has no riichi)."""
    names = names_table("taiwan")
    assert names["single_wait"]["ja"] == "独聴"
    assert names["tianting"]["ja"] == "天聴" and names["diting"]["ja"] == "地聴"
    said = " ".join(n.get("ja", "") for n in names.values())
    assert not re.search("単騎待ち|ダブル立直|早期聴牌|立直", said)


def test_japanese_says_one_word_for_sichuans_void_suit() -> None:
    """ja: Sichuan's void suit was said four ways; it is 定缺 wherever a Japanese text names it."""
    others = re.compile("欠け色|缺門|缺一門|缺色|ボイド|空き色|抜け色|打缺")
    found = [key for key, texts in MESSAGES.items() if others.search(texts.get("ja", ""))]
    assert found == []
    for key in ("refusal.sichuan.void_tile", "refusal.sichuan.three_suits", "cmd.optname.void"):
        assert "定缺" in MESSAGES[key]["ja"], key


def test_japanese_league_texts_call_a_league_game_taikyoku() -> None:
    """ja league texts called a league game 局 (a hand to a riichi player): it is 対局."""
    hands = {"league.entry.tie_needs_final_east", "cmd.league.opt.final_east.description"}  # the last hand
    for filename in ("league_messages.toml", "night_messages.toml"):
        texts = tomllib.loads(resources.files("bot.i18n").joinpath(filename).read_text("utf-8"))
        for key, said in texts.items():
            if key not in hands:
                assert not re.search(r"(?<![対終])局", said["ja"]), (key, said["ja"])
