"""Scorers answer with line ids; /score names them only where the text is made, in the reader's
language (no English-name round trip)."""

from __future__ import annotations

import pytest

from bot.engine.registry import BUILT_IN_IDS
from bot.i18n import LANGUAGES
from bot.rules.names import line_name, names_table
from bot.service.scoring import EXAMPLES, ScoreInput, ScoreReply, score_hand


@pytest.mark.parametrize("rules", BUILT_IN_IDS)
@pytest.mark.parametrize("language", LANGUAGES)
def test_reply_lines_are_the_scorers_ids_named_in_the_readers_language(rules: str, language: str) -> None:
    reply = score_hand(ScoreInput(rules, EXAMPLES[rules], tsumo=True), language)
    assert isinstance(reply, ScoreReply)
    ids = [line for line, _ in reply.result["lines"]]
    assert ids and all(line in names_table(rules) for line in ids)
    assert [line.name for line in reply.lines] == [line_name(rules, line, language) for line in ids]
