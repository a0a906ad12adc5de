"""Every refusal of the game record readers carries a message id the catalogue says in four languages,
with the values the code passes: the league import shows it in the uploader's language."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES
from bot.i18n.catalog import MESSAGES, load_messages
from bot.logs.load import read_record
from bot.logs.record import RecordError
from bot.service.refusal import localized_reason

ROOT = Path(__file__).resolve().parents[2]
READERS = [*sorted(ROOT.glob("bot/logs/*.py")), ROOT / "bot/service/league/online_records.py"]
# The functions that make a RecordError: the id is their third (``fail``, a method: second) argument,
# and the helpers about one hand pass its label as ``hand``.
MAKERS = {"RecordError": (2, set()), "_in_hand": (3, {"hand"}), "fail": (1, {"hand"}), "bad": (1, {"hand"})}
OWN_NAMES = {"fail": "tenhou6_hand.py", "bad": "tenhou6.py"}  # replay.py's fail() reports a mismatch


def refusals() -> list[tuple[str, int, str, set[str]]]:
    """(file, line, message id, the values passed) of every RecordError made in the readers."""
    found = []
    for path in READERS:
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            if name not in MAKERS or (name in OWN_NAMES and path.name != OWN_NAMES[name]):
                continue
            position, implied = MAKERS[name]
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            if len(node.args) <= position:
                if name == "bad":  # its default id
                    found.append((where, node.lineno, "record.hand.shape", implied))
                    continue
                raise AssertionError(f"{where}: a RecordError without a message id")
            message_id = node.args[position]
            if not isinstance(message_id, ast.Constant) or not isinstance(message_id.value, str):
                if isinstance(message_id, ast.Name) and message_id.id == "message_id":
                    continue  # a helper passing its caller's id on: the caller is checked
                raise AssertionError(f"{where}: the message id is not written out")
            passed = {k.arg for k in node.keywords if k.arg is not None} | implied
            found.append((where, node.lineno, message_id.value, passed))
    return found


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"{(\w+)", text))


def test_every_record_refusal_has_an_id_in_the_catalogue_with_the_values_it_names() -> None:
    made = refusals()
    assert len(made) >= 50  # every raise site of the readers, not a few
    for where, _, message_id, passed in made:
        texts = MESSAGES.get(f"refusal.{message_id}")
        assert texts is not None, f"{where}: refusal.{message_id} is not in the catalogue"
        assert set(texts) == set(LANGUAGES), message_id
        for language, text in texts.items():
            assert placeholders(text) <= passed, (where, message_id, language)


def test_every_record_message_is_raised_somewhere() -> None:
    written = {key.removeprefix("refusal.") for key in load_messages("record_refusal_messages.toml")}
    assert written == {message_id for _, _, message_id, _ in refusals()}


def test_the_record_readers_stay_pure() -> None:
    """bot/logs is used by the command line and in worker threads: no catalogue, no Discord."""
    for path in ROOT.glob("bot/logs/*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(from|import) (bot\.i18n|bot\.service|discord)", text, re.M), path.name


@pytest.mark.parametrize(
    ("data", "english", "japanese"),
    [
        (b"hello", "neither a Tenhou mjlog (XML), a tenhou.net/6 log nor", "天鳳の mjlog（XML）でも"),
        (b"\x1f\x8b\x08\x00", "a damaged gzip file (it ends too early)", "gzip ファイルが壊れています"),
        (b'{"log": [NaN]}', "NaN is not a number a record may hold", "NaN は牌譜に書ける数値ではありません"),
        (b"<a><b></a>", "not readable as mjlog XML (mismatched tag: line 1, column 8)", "1 行目 8 文字目"),
        (b"<root/>", "the XML root is <root>, a Tenhou mjlog's is <mjloggm>", "XML のルートが <root> です"),
        (
            b'{"rules": "riichi", "options": {"uma": "zz"}}',
            "the riichi options are wrong (uma must be SMALL-BIG",
            "オプションが正しくありません（オプション uma は「小-大」",
        ),
    ],
)
def test_a_record_refusal_reads_in_english_on_the_command_line_and_in_the_readers_language(
    data: bytes, english: str, japanese: str
) -> None:
    with pytest.raises(RecordError) as refused:
        read_record(data, "upload.bin")
    assert str(refused.value).startswith(f"upload.bin: not a game record: {english}")
    said = localized_reason(refused.value, "ja")
    assert said.startswith("upload.bin: ") and japanese in said
    assert english not in said
