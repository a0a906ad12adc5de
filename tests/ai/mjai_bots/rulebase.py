"""mjai's own ``RulebaseBot`` as a subprocess bot (run with a Python that has the ``mjai`` package).

The seat is the first argument (as mjai.app passes it), else ``start_game``'s ``id``; one JSON line in
(a list of events), one answer out, as mjai.app's bots speak.  Its one known defect (a last-resort
discard that ignores kuikae) is mended as on the arena: ``tests/ai/mjai_arena.py``'s ``RulebasePlayer``.
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from mjai_arena import RulebasePlayer  # noqa: E402

player = RulebasePlayer(int(sys.argv[1])) if len(sys.argv) > 1 else None
for line in sys.stdin:
    if player is None:
        events = json.loads(line)
        starts = [
            e for e in (events if isinstance(events, list) else [events]) if e.get("type") == "start_game"
        ]
        player = RulebasePlayer(int(starts[0].get("id", 0)) if starts else 0)
    print(player.react(line.strip()), flush=True)
