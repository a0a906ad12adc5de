"""Every game in its players' own words (issue 42): per rule set and language, words that must never appear
at that table, checked over every message the rule set can produce (its names, its own messages, its
glossary, hand results from played games, a /score reply, the terminal game's lines); and the glossary
complete for every rule set and language."""

from __future__ import annotations

import io
import re
import string
import sys
from functools import cache

import pytest

from bot.cli import main
from bot.cli.play_text import Painter
from bot.cli.play_text import result_lines as terminal_result_lines
from bot.engine.game import Game
from bot.engine.registry import RULE_SETS
from bot.i18n import LANGUAGES, t
from bot.i18n.catalog import MESSAGES
from bot.present.glossary import GENERAL, TERMS, glossary_of, say, term_id
from bot.present.results import result_lines
from bot.render.engine_view import result_scene
from bot.rules.names import names_table
from bot.service.scoring import ScoreInput, ScoreReply, score_hand
from bot.service.table_panel import kind_label

RULES = ("riichi", "sanma", "taiwan", "sichuan", "mingjiang", "pihu")
#: The package whose messages.toml holds a rule set's own messages (sanma's are riichi's).
PACKAGE = {"sanma": "riichi"}

#: Words (regular expressions) no table may show: an id leaking, a limit named by reaching the cap.
EVERYWHERE = (r"\(big\)", r"\(small\)", "小爆棚", "大爆棚")
#: Japanese counts fan as 翻 in every game (番 is a Chinese table's word), robs a kan with 槍槓, says 天和.
JAPANESE = (
    r"[0-9X]\s?番(?!号|目|席)",
    "番型",
    "番種",
    "番数",
    "搶槓",
    "天胡",
    "地胡",
    "罰符",
    "ダブル立直",
    "責任払い",
)
FORBIDDEN: dict[tuple[str, str], tuple[str, ...]] = {
    ("taiwan", "zh-TW"): ("食糊", r"食 .+ 的", "放銃", "役種", "得點", "番", "翻", "出銃", "摸和"),
    ("taiwan", "zh-CN"): ("食糊", "放铳", "役种", "得点", "点和", "番", "翻", "出铳"),
    ("sichuan", "zh-CN"): ("役种", "得点", "放铳", "点和", "食糊", "放枪", "翻", "出铳"),
    ("sichuan", "zh-TW"): ("役種", "得點", "放銃", "食糊", "放槍", "翻", "出銃"),
    ("mingjiang", "zh-TW"): ("放槍", "點炮", "放銃", "番", "台", "役種", "得點"),
    ("mingjiang", "zh-CN"): ("放枪", "点炮", "放铳", "番", "台", "役种", "得点", "点和"),
    ("pihu", "zh-TW"): ("放銃", "食糊", "底分", "放槍", "役種", "得點"),
    ("pihu", "zh-CN"): ("放铳", "食糊", "底分", "放枪", "役种", "得点", "点和"),
    # one counting word in one game: 翻 in zh-TW, 番 in zh-CN (issue 42: "{n} 翻" beside "30符2番")
    ("riichi", "zh-TW"): ("食糊", "放槍", "點炮", "台", "番"),
    ("riichi", "zh-CN"): ("食糊", "放枪", "点炮", "点和", "台", "翻"),
    ("sanma", "zh-TW"): ("食糊", "放槍", "點炮", "台", "番"),
    ("sanma", "zh-CN"): ("食糊", "放枪", "点炮", "点和", "台", "翻"),
}


def forbidden(rules: str, language: str) -> tuple[str, ...]:
    words = EVERYWHERE + FORBIDDEN.get((rules, language), ())
    return words + (JAPANESE if language == "ja" else ())


def found_in(text: str, rules: str, language: str) -> list[str]:
    return [word for word in forbidden(rules, language) if re.search(word, text)]


class Blank(dict[str, object]):
    """Format values for a message's placeholders: a neutral stand-in for each."""

    def __missing__(self, key: str) -> object:
        return "X"


def filled(text: str) -> str:
    return string.Formatter().vformat(text, (), Blank())


def own_messages(rules: str, language: str) -> list[str]:
    """The rule set's own catalogue messages: its title, sheet, refusals and glossary."""
    package = PACKAGE.get(rules, rules)
    prefixes = (f"rules.{rules}", f"qr.{package}.", f"refusal.{package}.", f"glossary.{package}.")
    return [filled(texts[language]) for key, texts in MESSAGES.items() if key.startswith(prefixes)]


def glossary_said(rules: str, language: str) -> list[str]:
    return [filled(MESSAGES[term_id(rules, term, language)][language]) for term in TERMS]


@cache
def played_hands(rules: str) -> list[Game]:
    """Games played to their end by the last legal choice each time (wins, draws, calls, payments)."""
    games = []
    for seed in ("words-1", "words-2", "words-3"):
        game = Game(rules, seed=seed)
        for _ in range(3000):
            waiting = game.waiting_for()
            if game.final is not None or not waiting:
                break
            legal = game.legal_actions(waiting[0])
            wins = [a for a in legal if a.kind in ("tsumo", "ron")]
            game.apply(wins[0] if wins else legal[-1])
        games.append(game)
    return games


def results_said(rules: str, language: str) -> list[str]:
    names = ["A", "B", "C", "D"][: RULE_SETS[rules].players]
    painter = Painter(frozenset(), True)
    lines: list[str] = []
    for game in played_hands(rules):
        for hand in game.hands:
            lines += result_lines(rules, hand, names, language, frozenset())
            view = {**game.view(None), "dealer": hand["dealer"], "rules": rules}
            lines += [
                scene.title
                for index in range(len(hand["result"]["wins"]))
                if (scene := result_scene(hand, names, rules, index=index, language=language)) is not None
            ]
            lines += terminal_result_lines(hand["result"], view, names, painter, {}, language)  # type: ignore[arg-type]
    return lines


def score_said(rules: str, language: str) -> list[str]:
    reply = score_hand(ScoreInput(rules, RULE_SETS[rules].example_hand), language)
    assert isinstance(reply, ScoreReply), reply
    return [
        reply.title,
        reply.total,
        say(rules, "lines_label", language),
        say(rules, "points_label", language),
        *(f"{line.name} {line.value}" for line in reply.lines),
        *(f"{note.name} {note.value}" for note in reply.notes),
        *(t("score.pays", language, payer=p.payer, amount=p.amount) for p in reply.payments),
    ]


def terminal_said(rules: str, language: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("help\nhint\nbanana\n" + "1\n\n" * 40))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    main(["play", "--rules", rules, "--seed", "words", "--ascii", "--lang", language])
    return out.getvalue().splitlines()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", RULES)
def test_no_table_hears_another_games_words(
    rules: str, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = {
        "names": [names[language] for names in names_table(rules).values() if language in names],
        "own messages": own_messages(rules, language),
        "glossary": glossary_said(rules, language),
        "results": results_said(rules, language),
        "/score": score_said(rules, language),
        "buttons": [kind_label(kind, language, rules) for kind in RULE_SETS[rules].actions],
        "terminal": terminal_said(rules, language, monkeypatch),
    }
    found = {
        (where, word, text)
        for where, said in texts.items()
        for text in said
        for word in found_in(text, rules, language)
    }
    assert sorted(found) == []


def test_the_forbidden_words_are_found_where_they_were() -> None:
    """The check reads what it should: the words issue 42 found are caught in the old texts."""
    old = {"taiwan": "CPU 2 (南) 食 CPU 1 的 3p", "mingjiang": "13番 (big)", "sichuan": "役种: 碰碰和 — 1 番"}
    assert found_in(old["taiwan"], "taiwan", "zh-TW")
    assert found_in(old["mingjiang"], "mingjiang", "zh-TW")
    assert found_in(old["sichuan"], "sichuan", "zh-CN")
    assert found_in("13翻 (big)", "mingjiang", "ja") and found_in("1 番", "sichuan", "ja")
    assert not found_in("番号を入力", "riichi", "ja")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", sorted(RULE_SETS))
def test_every_glossary_term_exists_for_every_rule_set_and_language(rules: str, language: str) -> None:
    for term in TERMS:
        key = term_id(rules, term, language)
        assert key in MESSAGES and MESSAGES[key].get(language), (rules, term, language)
        values = {"n": 3, "points": 8, "honba": 1, "streak": 1, "wind": "E", "hand": 1, "dealer_wind": "S"}
        values |= {"win": "25%", "deal_in": "12%"}  # a league player's rates
        said = say(rules, term, language, **values, tile="5m", giver="B", winner="A")
        assert said.strip(), (rules, term, language)
        general = getattr(GENERAL, term)
        fields = {name for _, name, _, _ in string.Formatter().parse(MESSAGES[general]["en"]) if name}
        own = {name for _, name, _, _ in string.Formatter().parse(MESSAGES[key][language]) if name}
        assert own <= fields | {"dealer_wind", "hand", "wind", "streak", "honba", "winner"}, (
            rules,
            term,
            own,
        )


@pytest.mark.parametrize("rules", RULES)
def test_each_rule_set_names_every_term_its_players_say_their_own_way(rules: str) -> None:
    """Every built-in game has its own win, discarder, ready, draw and call words (not the general ones)."""
    glossary = glossary_of(rules)
    for term in ("win", "ron", "discarder", "ready", "exhaustive_draw", "chi", "pon", "kan", "how_ron"):
        assert getattr(glossary, term).startswith("glossary."), (rules, term)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_mingjiang_limit_is_said_by_its_seeds_name_never_its_id(language: str) -> None:
    from bot.present.results import value_text

    big = value_text("mingjiang", {"seat": 0, "fan": 13, "limit": "big"}, language)  # type: ignore[typeddict-item]
    small = value_text("mingjiang", {"seat": 0, "fan": 10, "limit": "small"}, language)  # type: ignore[typeddict-item]
    assert "big" not in big and "small" not in small.replace("Small", "")
    assert "大例" in big and "小例" in small
    assert say("mingjiang", "value", language, n=13) in big  # 翻, the seed's count, in every Chinese
    if language.startswith("zh"):
        assert "翻" in big and "番" not in big


def test_a_tables_buttons_and_result_pictures_say_its_own_calls() -> None:
    """Taiwan's chi button is 吃 (上 is Hong Kong's), a Sichuan ron is 胡 (点和 is no mainland word)."""
    assert kind_label("chi", "zh-TW", "taiwan") == "吃" and kind_label("chi", "zh-TW", "mingjiang") == "上"
    assert kind_label("ron", "zh-CN", "sichuan") == "胡" and kind_label("ron", "zh-TW", "mingjiang") == "食糊"
    assert kind_label("ron", "ja", "riichi") == "ロン"
    assert say("mingjiang", "wins_ron", "zh-TW", winner="A", giver="B") == "A 食 B 出銃"
    assert say("taiwan", "wins_ron", "zh-TW", winner="A", giver="B") == "A 胡 B 放槍"


def test_league_texts_call_a_league_game_a_game_not_a_hand() -> None:
    """A league game is 場/對局 (局 is a hand to riichi players), and oka is said in Chinese."""
    import tomllib
    from importlib import resources

    league = tomllib.loads(resources.files("bot.i18n").joinpath("league_messages.toml").read_text("utf-8"))
    hands = {"league.entry.tie_needs_final_east", "cmd.league.opt.final_east.description"}  # the last hand
    for key, texts in league.items():
        for language in ("zh-TW", "zh-CN"):
            if key not in hands:
                assert not re.search(r"(?<![對对终終])局", texts[language]), (key, texts[language])
            assert "oka" not in texts[language], (key, texts[language])


def test_every_glossary_message_of_a_rule_set_names_a_term() -> None:
    """A rule set's words are found by their message ids (``glossary.<rules>.<term>``): one whose term is
    misspelt would never be said, so none may be."""
    for key in MESSAGES:
        if key.startswith("glossary.") and key.count(".") == 2:
            assert key.split(".")[2] in TERMS, key


@pytest.mark.parametrize("rules", RULES)
def test_a_rule_sets_own_words_are_those_its_messages_say(rules: str) -> None:
    """The terms a table says its own way are read from its messages.toml, not listed in its descriptor."""
    package = PACKAGE.get(rules, rules)
    written = {key.split(".")[2] for key in MESSAGES if key.startswith(f"glossary.{package}.")}
    own = {term for term, key in glossary_of(rules).terms().items() if key.startswith(f"glossary.{package}.")}
    assert own == written and written
