import string

import pytest

from bot.i18n import LANGUAGES, MissingMessage, catalog, resolve_language, t
from bot.i18n.catalog import MESSAGES

# One test per check over the whole catalogue (not one per message key, which inflated the count): each
# lists every failing key at once.


def test_every_message_has_all_four_languages():
    missing = {key: [lang for lang in LANGUAGES if not entry.get(lang)] for key, entry in MESSAGES.items()}
    assert {key: langs for key, langs in missing.items() if langs} == {}, "messages lacking languages"
    unknown = {key: sorted(set(entry) - set(LANGUAGES)) for key, entry in MESSAGES.items()}
    assert {key: langs for key, langs in unknown.items() if langs} == {}, "messages with unknown languages"


def test_every_translation_uses_the_same_placeholders():
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    differing = [
        (key, lang)
        for key in sorted(MESSAGES)
        for lang in LANGUAGES
        if fields(MESSAGES[key].get(lang, "")) != fields(MESSAGES[key].get("en", ""))
    ]
    assert differing == [], "translations whose placeholders differ from English"


def test_user_locale_wins_over_the_server_default():
    assert resolve_language("ja", "zh-TW") == "ja"
    assert resolve_language("fr", "zh-TW") == "zh-TW"
    assert resolve_language(None, None) == "en"
    assert resolve_language("en-GB", "ja") == "en"


def test_unknown_key_is_an_error_not_a_blank():
    with pytest.raises(MissingMessage):
        t("no.such.key", "en")


def test_formatting_fills_placeholders():
    assert "Alice" in t("table.dm_closed", "zh-CN", player="Alice")


def test_every_message_file_beside_the_catalogue_is_read():
    """A translator's new file that the catalogue does not list would be silently ignored."""
    from pathlib import Path

    from bot.i18n.catalog import MESSAGE_FILES

    beside = {path.name for path in Path(catalog.__file__).parent.glob("*.toml")}
    assert beside == set(MESSAGE_FILES)


def test_a_message_key_in_two_files_is_refused_naming_both(monkeypatch):
    """Merging would let one file silently win over the other."""
    files = {"a.toml": {"table.join": {"en": "Join"}}, "b.toml": {"table.join": {"en": "Sit"}}}
    monkeypatch.setattr(catalog, "load_messages", files.__getitem__)
    with pytest.raises(ValueError, match=r"'table.join' is in both a.toml and b.toml"):
        catalog.load_catalogue(("a.toml", "b.toml"))


def test_each_rule_set_speaks_from_its_own_package():
    """A rule set's title, /score table sheet and refusals are in bot/rules/<id>/messages.toml, and only
    there (a key in two files is refused); every built-in rule set has its title in four languages."""
    from bot.engine.registry import BUILT_IN, BUILT_IN_IDS
    from bot.i18n.catalog import rule_set_message_files

    packages = {module.split(".")[2] for module in BUILT_IN.values()}
    assert set(rule_set_message_files()) == {f"bot/rules/{p}/messages.toml" for p in packages}
    assert all(set(MESSAGES[f"rules.{rules}"]) == set(LANGUAGES) for rules in BUILT_IN_IDS)
    in_i18n = {key for name in catalog.MESSAGE_FILES for key in catalog.load_messages(name)}
    assert not {key for key in in_i18n if key.split(".")[:2] in [["rules", r] for r in BUILT_IN_IDS]}
