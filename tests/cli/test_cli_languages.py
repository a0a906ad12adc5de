"""Every command line output in the reader's language (issue 42): each command run with ``--lang`` in
zh-TW, zh-CN and ja prints no English line (the check of the terminal game's test, which lets through what
a player types, tiles and names), and no table's forbidden words reach its outputs (the words of
tests/i18n/test_rule_set_words.py).  What a command names back (a file, a database, a league or player
its user named) is the user's own word, quoted 「」/“” by the messages or taken out here, as are the flags
and rule set ids a user types (``--rules taiwan``); SQLite and PostgreSQL are names."""

from __future__ import annotations

import ast
import asyncio
import contextlib
import io
import json
import re
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine.registry import RULE_SETS
from bot.i18n import t
from tests.cli.test_league_cli import build
from tests.cli.test_play_languages import english_lines
from tests.i18n.test_rule_set_words import RULES, found_in
from tests.logs.test_record_checks import SANMA_JSON, check_changed
from tests.oracle import oracle_path

LANGUAGES = ("zh-TW", "zh-CN", "ja")
#: Flags and file endings a user types, named back in a refusal.
TYPED = ("--out", "--format", "--db", "--players", ".webp", ".gif", ".png", *RULE_SETS)
NAMES = ("SQLite", "PostgreSQL")


def run(*words: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(words))
    return code, out.getvalue(), err.getvalue()


def english(text: str, *own: str) -> list[str]:
    """The English lines of ``text`` once the user's own words (``own``) and product names are out."""
    for word in (*own, *NAMES):
        text = text.replace(word, "")
    return english_lines(text)


def test_the_check_finds_each_commands_old_english_lines() -> None:
    """The check would have caught what these commands printed before they took --lang."""
    old = [
        "1 games, 10 hands (8 wins, 2 draws, 0 aborts), 631 actions in 1.04 s; invariant checks 631",
        "   1  東風會  [riichi]  seasons: 1 (open)",
        "riichi, 14 tiles: tenpai (regular 0, seven pairs 4, thirteen orphans 7)",
        "  3z       tenpai     12z  4 unseen in 2 kinds",
        "note: final points and scores match (rounded to thousands)",
        "「a.webp」: hand 1 of 10, 28 frames, 636412 bytes",
        "「g.sqlite3」: sqlite, schema version 6 (current); 1 games, 608 decisions",
        "Round 1",
        "  Pinfu                1翻",
    ]
    assert all(english(line) for line in old)
    assert len(english("\n".join(old))) == len(old)


# ------------------------------------------------------------------------------------ fixtures
@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A database with one riichi game played by the computer, and that game exported to a file with its
    players named as people name themselves."""
    folder = tmp_path_factory.mktemp("cli-languages")
    database = folder / "games.sqlite3"
    assert (
        run("simulate", "--rules", "riichi", "--games", "1", "--seed", "lang", "--db", str(database))[0] == 0
    )
    code, out, _ = run("export", "1", "--db", str(database))
    assert code == 0
    record = json.loads(out)
    record["players"] = ["阿明", "阿華", "小美", "小玉"]
    exported = folder / "game.json"
    exported.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    return database, exported


GAMES = [  # a Taiwan league counts the points won and lost
    (["阿明", "阿華", "小美", "小玉"], [300, -50, -100, -150]),
    (["阿華", "小美", "小玉", "大雄"], [-200, 250, 50, -100]),
]


@pytest.fixture(scope="module")
def league_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cli-languages-league") / "league.sqlite3"
    players = ("阿明", "阿華", "小美", "小玉", "大雄")
    asyncio.run(build(path, ("管理", "東風會", "空"), "taiwan", players, GAMES))
    return path


# ------------------------------------------------------------------------------------ the commands
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", ["riichi", "taiwan", "sichuan"])
def test_simulate_says_its_summary_in_the_language(rules: str, language: str) -> None:
    code, out, _ = run("simulate", "--rules", rules, "--games", "1", "--seed", "2", "--lang", language)
    assert code == 0 and out.strip()
    assert english(out) == []
    assert found_in(out, rules, language) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_league_commands_speak_the_language(league_db: Path, language: str) -> None:
    db = ["--db", str(league_db), "--lang", language]
    outputs = [
        run("league", "list", *db),
        run("league", "standings", "東風會", *db),
        run("league", "standings", "空", *db),  # no season: the league's refusal
        run("league", "standings", "無此聯賽", *db),  # no such league
        run("league", "draw", "--players", "阿明,阿華,小美,小玉,大雄", "--rounds", "2", "--lang", language),
        run("league", "draw", "--players", "0", "--rounds", "2", "--lang", language),
        run("league", "list", "--db", str(league_db.parent / "none.sqlite3"), "--lang", language),
    ]
    assert [code for code, _, _ in outputs] == [0, 0, 2, 2, 0, 2, 2]
    for _, out, err in outputs:
        assert (out + err).strip()
        said = out + err.removeprefix("mahjong-bot league: ").removeprefix("mahjong-bot league draw: ")
        assert english(said, *TYPED) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_analyze_answers_in_the_language(language: str) -> None:
    hands = [
        ("riichi", "123m456p789s1122z3z"),  # a discard table
        ("taiwan", "123m456m789m123p456p1s"),  # waits
        ("sichuan", "13m456m789m123p45p"),  # tiles accepted
        ("riichi", "123m"),  # too few tiles
        ("sichuan", "123m456m789m123p4x"),  # a bad suit letter
    ]
    for rules, hand in hands:
        code, out, err = run("analyze", "--rules", rules, hand, "--lang", language)
        assert code in (0, 1) and (out + err).strip()
        assert english(out + err, *TYPED) == [], (rules, hand)
        assert found_in(out + err, rules, language) == [], (rules, hand)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", RULES)
def test_score_says_every_rule_set_in_the_language_and_its_own_words(rules: str, language: str) -> None:
    hand = RULE_SETS[rules].example_hand
    for words in ([hand], [hand, "--tsumo"], [hand + "x"], [hand[2:]]):
        code, out, _ = run("score", "--rules", rules, *words, "--lang", language)
        assert code in (0, 1) and out.strip()
        assert english(out) == [], (rules, words)
        assert found_in(out, rules, language) == [], (rules, words)


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_says_its_notes_summary_and_standings_in_the_language(
    stored: tuple[Path, Path], language: str
) -> None:
    _, exported = stored
    mjlog = oracle_path("tenhou", "dnovikoff", "pao.xml")
    for words in ([str(mjlog)], [str(mjlog), "--check"], [str(exported)], [str(exported), "--check"]):
        code, out, _ = run("replay", *words, "--lang", language)
        assert code == 0 and out.strip()
        assert english(out) == [], words
        assert found_in(out, "riichi", language) == [], words
    missing = str(exported.parent / "none.json")
    code, _, err = run("replay", missing, "--lang", language)
    assert code == 2 and english(err.removeprefix("mahjong-bot replay: "), missing) == []


#: What ``score --help-rules`` names as the user types or reads it: flags, JSON keys and strings.
LITERALS = r'--[a-z][a-z-]*|"[a-z_ ]*"|\b(?:pon|kan|ankan|kakan):'


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", RULES)
def test_score_help_rules_lists_the_flags_in_the_language(rules: str, language: str) -> None:
    code, out, _ = run("score", "--rules", rules, "--help-rules", "--lang", language)
    assert code == 0 and out.count("\n") > 10
    assert english(re.sub(LITERALS, "", out)) == [], out
    assert found_in(out, rules, language) == [], out
    flags = set(re.findall(r"--[a-z][a-z-]*", out))
    _, english_out, _ = run("score", "--rules", rules, "--help-rules")
    assert flags == set(re.findall(r"--[a-z][a-z-]*", english_out))  # every flag named, as typed


@pytest.mark.parametrize("rules", RULES)
def test_score_help_rules_in_english_is_as_before(rules: str) -> None:
    flags_help = RULE_SETS[rules].score_module_part("FLAGS_HELP")
    assert run("score", "--rules", rules, "--help-rules") == (0, flags_help + "\n", "")
    assert run("score", "--rules", rules, "--help-rules", "--lang", "en") == (0, flags_help + "\n", "")


#: Records changed in one checked field (the cases of tests/logs/test_record_checks.py): a draw's payments,
#: the final points (the game's end), a yaku's han (the record's yaku ids, data), and an action the
#: referee refuses (whose reason is the engine's own text).
CHANGED_RECORDS = [
    (SANMA_JSON, "[-2600,3900,-1300,0]", "[-2600,4000,-1400,0]", "score changes"),
    (SANMA_JSON, '"sc":[59800,54.8,33000,-7,12200,-47.8', '"sc":[33000,54.8,59800,-7,12200,-47.8', "final"),
    (SANMA_JSON, '"40符3飜1300-2600点"', '"50符3飜1300-2600点"', "fu"),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("parts", "old", "new", "field"), CHANGED_RECORDS)
def test_replay_check_says_the_first_difference_in_the_language(
    tmp_path: Path, parts: tuple[str, str], old: str, new: str, field: str, language: str
) -> None:
    changed = check_changed(tmp_path, parts, old, new)
    code, english_out, _ = run("replay", changed, "--check")
    assert code == 1 and f"{field}" in english_out  # the English report is as before
    code, out, _ = run("replay", changed, "--check", "--lang", language)
    assert code == 1 and out.strip()
    assert english(out, changed) == [], out
    assert found_in(out, "sanma", language) == [], out


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("part", ["hands", "final", "ended"])
def test_replay_check_of_an_own_record_says_the_difference_in_the_language(
    stored: tuple[Path, Path], tmp_path: Path, part: str, language: str
) -> None:
    _, exported = stored
    record = json.loads(exported.read_text(encoding="utf-8"))
    if part == "hands":
        record["results"]["hands"][0]["deltas"][0] += 1000
    elif part == "final":
        record["results"]["final"][0]["rank"] += 1
    else:
        record["results"]["final"] = None
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    code, english_out, _ = run("replay", str(changed), "--check")
    assert code == 1 and english_out.startswith(f"MISMATCH {changed}: ")  # as before
    code, out, _ = run("replay", str(changed), "--check", "--lang", language)
    assert code == 1 and out.strip()
    assert english(out, str(changed)) == [], out
    assert found_in(out, "riichi", language) == [], out


def test_every_replay_mismatch_word_has_its_message() -> None:
    """Each what/value a replay mismatch names (``what_of`` and ``Note`` in bot/logs) is in the catalogue,
    with the English text the JSON report keeps."""
    found = 0
    for path in sorted(Path("bot/logs").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            maker = getattr(node.func, "id", "") if isinstance(node, ast.Call) else ""
            if maker not in ("what_of", "Note"):
                continue
            assert isinstance(node, ast.Call)
            text, key = node.args[0], node.args[1]
            if not isinstance(key, ast.Constant):
                continue
            key_id = key.value if maker == "Note" else f"cli.replay.what.{key.value}"
            assert all(t(key_id, language) for language in ("en", *LANGUAGES)), key_id
            if isinstance(text, ast.Constant):
                assert t(key_id, "en") == text.value, key_id
            found += 1
    assert found > 30


@pytest.mark.parametrize("language", LANGUAGES)
def test_review_animate_db_and_export_speak_the_language(
    stored: tuple[Path, Path], tmp_path: Path, language: str
) -> None:
    database, exported = stored
    lang = ["--lang", language]
    picture = tmp_path / "hand.webp"
    outputs = {
        "review": run("review", str(exported), "--seat", "0", "--hand", "1", "--jobs", "1", *lang),
        "review refused": run("review", "x", "--seat", "0", *lang),
        "animate": run("animate", "1", "--db", str(database), "--out", str(picture), *lang),
        "animate refused": run(
            "animate", "1", "--db", str(database), "--out", str(tmp_path / "a.png"), *lang
        ),
        "db check": run("db", "check", "--db", str(database), *lang),
        "db migrate": run("db", "migrate", "--db", str(database), *lang),
        "db missing": run("db", "check", "--db", str(tmp_path / "none.sqlite3"), *lang),
        "export missing": run("export", "1", "--db", str(tmp_path / "none.sqlite3"), *lang),
    }
    assert picture.stat().st_size > 0
    for what, (_, out, err) in outputs.items():
        said = out + err.split(": ", 1)[-1]  # after the command's name
        assert said.strip(), what
        assert english(said, str(database), str(tmp_path), *TYPED) == [], what


# ------------------------------------------------------------------------- the rule set's own words
@pytest.mark.parametrize(
    ("language", "title"), [("zh-TW", "台灣16張"), ("zh-CN", "台湾16张"), ("ja", "台湾16枚麻雀")]
)
def test_league_lines_name_the_rule_set_by_its_title_in_the_language(
    league_db: Path, language: str, title: str
) -> None:
    """A league's rule set by its name in the reader's language, not by the id typed after --rules."""
    db = ["--db", str(league_db), "--lang", language]
    listed = run("league", "list", *db)[1]
    standings = run("league", "standings", "東風會", *db)[1]
    for out in (listed, standings):
        assert title in out and "taiwan" not in out


def test_league_lines_keep_the_rule_set_id_in_english(league_db: Path) -> None:
    assert "[taiwan]" in run("league", "list", "--db", str(league_db))[1]


@pytest.mark.parametrize(
    ("rules", "language", "words"),
    [
        ("taiwan", "zh-TW", ["台灣16張", "：胡"]),  # a complete hand: the table's win word
        ("sichuan", "zh-CN", ["四川血战", "：胡"]),
        ("riichi", "ja", ["リーチ麻雀", "：和了"]),
    ],
)
def test_analyze_says_the_rule_set_its_win_and_ready_in_its_words(
    rules: str, language: str, words: list[str]
) -> None:
    complete = RULE_SETS[rules].example_hand
    out = run("analyze", "--rules", rules, complete, "--lang", language)[1]
    assert all(word in out for word in words), out
    assert "完成" not in out and rules not in out


def test_analyze_says_ready_as_the_table_does_in_english() -> None:
    """Tenpai is riichi's word; a Taiwan table is ready."""
    taiwan = run("analyze", "--rules", "taiwan", "123m456m789m123p456p1s")[1]
    riichi = run("analyze", "--rules", "riichi", "123m456p789s1122z3z")[1]
    assert taiwan.startswith("taiwan, 16 tiles: ready") and riichi.startswith("riichi, 14 tiles: tenpai")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("rules", ["sichuan", "pihu"])
def test_a_game_without_round_names_counts_its_hands_in_the_terminal_header(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], rules: str, language: str
) -> None:
    """Sichuan and pihu have no 東1局: the header counts the hand (第1局) as their pictures do."""
    from bot.render.engine_view import round_label

    monkeypatch.setattr("sys.stdin", io.StringIO("1\n"))
    main(["play", "--ascii", "--rules", rules, "--seed", "h", "--lang", language])
    out = capsys.readouterr().out
    pictured = round_label({"rules": rules, "hand_index": 0}, language)  # type: ignore[typeddict-item]
    assert pictured == "第1局" and f"--- {pictured} |" in out
    assert not any(f"--- {wind} 1 " in out for wind in "東东")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("zh-TW", "搶槓是食別人的牌，不是自摸；只有立直後食糊的人才翻開裏寶牌指示牌"),
        ("zh-CN", "抢杠是食别人的牌，不是自摸；只有立直后食糊的人才翻开里宝牌指示牌"),
        ("ja", "槍槓はロン和了で、ツモではありません；裏ドラ表示牌をめくるのはリーチした和了者だけです"),
    ],
)
def test_mingjiang_names_every_contradiction_of_its_flags_in_the_language(language: str, said: str) -> None:
    words = [RULE_SETS["mingjiang"].example_hand, "--tsumo", "--chankan", "--ura", "1m"]
    code, out, _ = run("score", "--rules", "mingjiang", *words, "--lang", language)
    assert code == 1 and said in out
    assert english(out) == [] and found_in(out, "mingjiang", language) == []
    english_said = run("score", "--rules", "mingjiang", *words)[1]
    assert (
        "robbing a kan is a ron, not a self-draw; only a riichi winner turns the ura indicator"
        in english_said
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [("zh-TW", "沒有編號 99 的對局"), ("zh-CN", "没有编号 99 的对局"), ("ja", "番号 99 の対局はありません")],
)
def test_a_missing_stored_game_is_named_in_the_language(
    stored: tuple[Path, Path], language: str, said: str
) -> None:
    """The store's refusal (no game with id 99) in the reader's language."""
    database, _ = stored
    code, _, err = run("export", "99", "--db", str(database), "--lang", language)
    assert code == 2 and said in err
    assert english(err.split(": ", 1)[-1], str(database)) == []
