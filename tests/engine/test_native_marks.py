"""bot/engine/native.py: the marks that tell mypyc how to compile the rule set classes need mypy_extensions,
which comes with mypy only; an installation without mypy (the pure package, or a compiled wheel installed
where mypy is not) imports the referee all the same, and the marks leave a class as it is."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WITHOUT_MYPY_EXTENSIONS = """
import sys
sys.modules["mypy_extensions"] = None  # import mypy_extensions now fails, as where mypy is not installed
from bot.engine.native import mypyc_attr
class Plain:
    pass
assert mypyc_attr(native_class=False, allow_interpreted_subclasses=True)(Plain) is Plain
from bot.engine.game import Game
game = Game("mingjiang", seed="marks")  # a rule set subclassing a marked class
game.apply(game.legal_actions(game.waiting_for()[0])[0])
print(type(game.rules).__name__)
"""


def test_without_mypy_extensions_the_referee_imports_and_the_marks_change_nothing() -> None:
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_MYPY_EXTENSIONS], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "MingjiangRules"
