"""``mahjong-bot score --rules R "HAND" [flags] [--json] [--batch]``.

The words after ``score`` (other than ``--rules``, ``--json`` and ``--batch``) go to the rule set's
``score_request``, which returns the JSON answer or raises a ValueError whose message is shown.
Hand grammar: see :mod:`bot.hand.notation`.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import sys
from collections.abc import Callable
from typing import Any

from bot.engine.registry import rule_ids, rule_set, score_request_function
from bot.i18n import LANGUAGES, t
from bot.rules.request import MAX_REQUEST_CHARS

HELP = """\
HAND: concealed tiles including the winning tile, then meld tokens, e.g.
  "234m0p44s66z pon:777z chi:1-23s"
Tiles are mpsz (0 = red five, 1z-7z = E S W N White Green Red, 1f-8f flowers).
Melds: chi:123s pon:777z kan:5555p (open) ankan:1111s (closed) kakan:5555p (added);
a mark after one digit names the called tile and its giver: - previous, = opposite, + next.
Flags depend on the rule set: run `mahjong-bot score --rules R --help-rules` to list them.
--batch: one request per line on stdin, one JSON answer per line; lines longer than 2,000 characters
are refused unread; the exit code is 1 when any line failed.
"""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "score", help="score one hand", description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--rules", required=True, choices=sorted(rule_ids()))
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument(
        "--batch", action="store_true", help="read one request per line on stdin, write JSON lines"
    )
    p.add_argument("--help-rules", action="store_true", help="list the flags of this rule set")
    p.add_argument(
        "--lang",
        choices=LANGUAGES,
        default=None,
        help="answer in this language, in the rule set's own words (default: the scorer's plain summary)",
    )
    p.add_argument("words", nargs=argparse.REMAINDER, help="HAND and the rule set's flags")
    p.set_defaults(func=run)


def score_words(rules: str, words: list[str]) -> dict[str, Any]:
    """One request; never raises for bad input."""
    return _answer(score_request_function(rules), words)


def _answer(fn: Callable[[list[str]], dict[str, Any]], words: list[str]) -> dict[str, Any]:
    try:
        return fn(words)
    except ValueError as exc:
        return {"ok": False, "error": str(exc)}


def _split_line(line: str) -> list[str] | str:
    """The words of a request line (quotes as a shell reads them), or why it cannot be read."""
    if len(line) > MAX_REQUEST_CHARS:
        return f"a request line has at most {MAX_REQUEST_CHARS} characters: refused unread"
    if "'" not in line and '"' not in line and "\\" not in line:
        return line.split()  # no quoting: a plain split is what shlex would give, only faster
    import shlex

    try:
        return shlex.split(line)
    except ValueError as exc:
        return f"unreadable line: {exc}"


OUR_FLAGS = {"--json": "json", "--batch": "batch", "--help-rules": "help_rules"}


def _take_our_flags(args: argparse.Namespace) -> None:
    """Our flags may also come after the hand, where REMAINDER swallowed them (``--lang L`` too, which
    the scorer also reads to name its lines)."""
    rest = []
    words = iter(args.words)
    for word in words:
        if word in OUR_FLAGS:
            setattr(args, OUR_FLAGS[word], True)
        elif word == "--lang" or word.startswith("--lang="):
            language = word.partition("=")[2] or next(words, "")
            if language not in LANGUAGES:
                raise SystemExit(f"mahjong-bot score: --lang must be one of {', '.join(LANGUAGES)}")
            args.lang = language
            if reads_language(args.rules):
                rest += ["--lang", language]  # the scorer names its JSON's lines in it too
        else:
            rest.append(word)
    args.words = rest


def run(args: argparse.Namespace) -> int:
    _take_our_flags(args)
    if args.help_rules:
        return _print_rule_help(args.rules, args.lang)
    if args.batch:
        return _batch(args.rules)
    if args.lang is not None and not args.json:
        return _say_score(args.rules, list(args.words), args.lang)
    result = score_words(args.rules, list(args.words))
    if args.json:
        print(json_text_function()(result))
    else:
        print(format_result(result))
    return 0 if result.get("ok") else 1


def reads_language(rules: str) -> bool:
    """Whether the rule set's scorer takes ``--lang`` (to name its JSON answer's lines)."""
    parser = getattr(importlib.import_module(rule_set(rules).score_module), "PARSER", None)
    return parser is not None and any("--lang" in flag.names for flag in parser.flags())


def _say_score(rules: str, words: list[str], language: str) -> int:
    """The answer for a person in ``language``: the scored hand, or why it cannot be scored (the bad token
    named, an example hand shown) as ``/score`` says it."""
    module = importlib.import_module(rule_set(rules).score_module)
    try:  # the answer with its line ids (``lines``), which are named here in ``language``
        result = module.score_typed(module.PARSER.parse_args(words))
    except ValueError as exc:
        from bot.service.scoring import refused  # the words of a refusal: for --lang alone

        print(refused(rules, words, exc, language).message)
        return 1
    print(said_result(rules, words, result, language))
    return 0 if result.get("ok") else 1


def said_result(rules: str, words: list[str], result: dict[str, Any], language: str) -> str:
    """The answer as ``/score`` says it, in ``language`` and the rule set's words (番型, 得分, 点炮者)."""
    # Only ``--lang`` says the answer in words: the catalogue and the reply's modules load for it alone.
    from bot.i18n import t
    from bot.present.glossary import say
    from bot.service.scoring import build_reply

    if not result.get("ok"):
        return t("score.bad_request", language, reason=result.get("error"))
    reply = build_reply(rules, words[0] if words else "", words, result, language)
    lines = [f"{say(rules, 'lines_label', language)}:"]
    lines += [f"  {line.name:<20} {line.value}" for line in reply.lines] or [
        f"  {t('score.no_lines', language)}"
    ]
    lines.append(f"{t('score.total', language)}: {reply.total}")
    lines.append(f"{say(rules, 'points_label', language)}: {reply.points}")
    lines += [f"{note.name}: {note.value}" for note in reply.notes]
    if reply.payments:
        lines.append(f"{t('score.payments', language)}:")
        lines += [f"  {t('score.pays', language, payer=p.payer, amount=p.amount)}" for p in reply.payments]
    return "\n".join(lines)


def json_text_function() -> Callable[[Any], str]:
    """What ``json.dumps(answer, ensure_ascii=False)`` writes, for answers built fresh from dicts, lists,
    strings, numbers and None: one C encoder kept (``json.dumps`` builds one per call, with a check
    for circular references that fresh answers cannot have)."""
    import json  # here: only the batch and --json write JSON (a one-shot score's start does without)

    c_make_encoder = getattr(json.encoder, "c_make_encoder", None)
    if c_make_encoder is None:  # a Python without the C accelerator
        return json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
    encoder = json.JSONEncoder(ensure_ascii=False)
    chunks = c_make_encoder(
        None, encoder.default, json.encoder.encode_basestring, None, ": ", ", ", False, False, True
    )
    join = "".join
    return lambda answer: join(chunks(answer, 0))


def _batch(rules: str) -> int:
    """One JSON line per request line; exit code 1 when any line failed (every line is answered)."""
    fn = score_request_function(rules)
    # A rule set may read its common lines in one pass: their JSON answer, or None for ``fn`` to answer.
    make_line_function = rule_set(rules).score_module_part("batch_line_function")
    common: Callable[[list[str]], str | None] = (
        make_line_function() if make_line_function is not None else lambda _words: None
    )
    # What was built before the loop (modules, the scorer's and the notation's tables) lives on, the
    # loop's own objects die young: frozen, the collector no longer walks the former at each of its
    # older generations' passes (5% of a warm batch's instructions).  Unfrozen after, for a caller
    # that goes on (tests, benchmarks calling main() again).
    gc.freeze()
    try:
        failed = _answer_lines(fn, common)
    finally:
        gc.unfreeze()
    sys.stdout.flush()
    return 1 if failed else 0


def _answer_lines(
    fn: Callable[[list[str]], dict[str, Any]], common: Callable[[list[str]], str | None]
) -> bool:
    """Answer each line of stdin (see :func:`_batch`); whether any failed."""
    write = sys.stdout.write
    to_json = json_text_function()
    failed = False
    for line in sys.stdin:
        if len(line) <= MAX_REQUEST_CHARS and "'" not in line and '"' not in line and "\\" not in line:
            words: list[str] | str = line.split()  # most lines: _split_line's plain split, inline
            if not words:
                continue
        elif not line.strip():
            continue
        else:
            words = _split_line(line)
        if isinstance(words, str):
            result: dict[str, Any] = {"ok": False, "error": words}
        else:
            try:
                text = common(words)
                if text is not None:  # a common line's answer: it scored
                    write(text + "\n")
                    continue
                result = fn(words)
            except ValueError as exc:
                result = {"ok": False, "error": str(exc)}
        if not result.get("ok"):
            failed = True
        write(to_json(result) + "\n")
    return failed


def _print_rule_help(rules: str, language: str | None) -> int:
    """The rule set's flags: its FLAGS_HELP, or with ``--lang`` the message ``help.<package>.flags`` of its
    package's messages.toml (sanma's is riichi's), which says the same in the reader's language (the
    flags themselves as the user types them)."""
    ruleset = rule_set(rules)
    flags_help = ruleset.score_module_part("FLAGS_HELP")
    if flags_help is None:
        print("(no flags documented)")
    elif language is None:
        print(flags_help)
    else:
        package = ruleset.score_module.split(".")[2]  # bot.rules.<package>.request...
        values = ruleset.score_module_part("FLAGS_HELP_VALUES") or {}
        # formatted here even without values: the message writes its JSON's braces doubled
        print(t(f"help.{package}.flags", language).format(**values))
    return 0


def format_result(result: dict[str, Any]) -> str:
    if not result.get("ok"):
        return f"error: {result.get('error')}"
    lines = []
    for name, value in result.get("yaku", []):
        lines.append(f"  {name:<28} {value}")
    totals = [
        f"{key} {result[key]}"
        for key in ("han", "fu", "fan", "tai", "multiplier")
        if result.get(key) is not None
    ]
    if result.get("yakuman"):
        totals.append(f"yakuman x{result['yakuman']}")
    lines.append("  " + ", ".join(totals))
    lines.append(f"  points {result.get('points')}")
    for payer, amount in result.get("payments", {}).items():
        lines.append(f"  {payer} pays {amount}")
    return "\n".join(lines)
