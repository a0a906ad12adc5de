"""Files that are not game records, each with the reason the loader must give (replay and league import)."""

from __future__ import annotations

import json

from tests.logs.own_records import record_path

EXCERPT = record_path("excerpts", "confusing_nakis_5.json").read_text(encoding="utf-8")


def _with(old: str, new: str) -> bytes:
    assert EXCERPT.count(old) == 1
    return EXCERPT.replace(old, new).encode()


DEEP = 200_000
MALFORMED: dict[str, tuple[bytes, str]] = {
    "nan": (_with("[37500,31400,16000,15100]", "[37500,NaN,16000,15100]"), "NaN is not a number"),
    "infinity": (
        _with("[37500,31400,16000,15100]", "[37500,Infinity,16000,15100]"),
        "Infinity is not a number",
    ),
    # json reads 1e999 as float infinity (NaN and Infinity were refused, this was not): OverflowError
    # through /league import and replay (issue 35).
    "infinite-exponent": (
        _with("[37500,31400,16000,15100]", "[37500,1e999,16000,15100]"),
        "1e999 is not a number",
    ),
    "negative-infinite-exponent": (
        _with("[37500,31400,16000,15100]", "[37500,-1e999,16000,15100]"),
        "-1e999 is not a number",
    ),
    "scores-at-infinity": (
        (EXCERPT.rstrip()[:-1] + ',"sc":[1e999,0,0,0,0,0,0,0]}').encode(),
        "1e999 is not a number",
    ),
    "too-many-digits": (
        _with("[37500,31400,16000,15100]", "[37500," + "9" * 5000 + ",16000,15100]"),
        "99999999999999999999… is not a number",
    ),
    # A name with half a character: the store's driver raised UnicodeEncodeError when it was remembered.
    "lone-surrogate-name": (_with('"Aさん"', '"A\\ud800"'), "half of a character"),
    "rule-not-an-object": (
        _with('"rule":{"disp":"鳳南喰赤","aka":1}', '"rule":"鳳南喰赤"'),
        "'rule' must be an object",
    ),
    "rule-red-count": (_with('"aka":1', '"aka":"yes"'), "rule.aka must be a count of red fives"),
    "round-as-text": (_with("[[4,0,0],", '[["4",0,0],'), "[round, honba, sticks] must be three small counts"),
    "points-as-floats": (
        _with("[37500,31400,16000,15100]", "[37500.5,31400,16000,15100]"),
        "the points must list",
    ),
    "deal-too-short": (
        _with("[11,15,16,18,22,23,32,33,42,42,43,47,47]", "[11,15]"),
        "deal must be 13 tile codes",
    ),
    "tile-code": (
        _with("[11,15,16,18,22,23,32,33,42,42,43,47,47]", "[11,15,16,18,22,23,32,33,42,42,43,47,48]"),
        "deal must be 13 tile codes",
    ),
    "names-not-strings": (
        _with('"name":["Aさん","Bさん","Cさん","Dさん"]', '"name":[1,2,3,4]'),
        "'name' must be a list of names",
    ),
    "deep-json": (('{"log":' + "[" * DEEP + "]" * DEEP + "}").encode(), "JSON nested more than 32 deep"),
    "not-an-object": (b"[1, 2, 3]", "neither a Tenhou mjlog"),
    "second-value-not-an-object": (EXCERPT.encode() + b"\n[1, 2]", "expected a JSON object, found list"),
    "unknown-result": (_with('"和了",[1500,0,0,-1500]', '"勝ち",[1500,0,0,-1500]'), "unknown result"),
    "game-json-unknown-rules": (
        json.dumps({"rules": "chess", "seed": "x", "decisions": []}).encode(),
        "unknown rule set 'chess'",
    ),
    "game-json-bad-options": (
        json.dumps(
            {"rules": "riichi", "options": {"length": "forever"}, "seed": "x", "decisions": []}
        ).encode(),
        "the riichi options are wrong",
    ),
    "game-json-options-type": (
        json.dumps({"rules": "riichi", "options": [1], "decisions": []}).encode(),
        "'options' must be an object",
    ),
    "deep-xml": (
        ("<mjloggm>" + "<a>" * 20_000 + "</a>" * 20_000 + "</mjloggm>").encode(),
        "XML nested more than 8 deep",
    ),
    "xml-entities": (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b"<mjloggm>&lol2;</mjloggm>",
        "DOCTYPE or entity declarations",
    ),
    "xml-root": (b"<html><body>hello</body></html>", "a Tenhou mjlog's is <mjloggm>"),
    "mjlog-init-without-seed": (
        b'<mjloggm><GO type="169"/><INIT ten="250,250,250,250"/></mjloggm>',
        "<INIT> is not readable",
    ),
    "mahjong-soul": (record_path("majsoul", "confusing_nakis_7.json").read_bytes(), "a Mahjong Soul log"),
    "damaged-gzip": (b"\x1f\x8b\x08\x00not really gzip", "damaged gzip"),
    "neither": (b"hello", "neither a Tenhou mjlog"),
}
