"""A test mjai bot: discards every tile it draws, declines everything else.  Its seat is its first
argument when given (as mjai.app passes it), else start_game's id."""

import json
import sys

# (endless.py runs this file with its own arguments: only a number is a seat)
given = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1].isdigit() else None
me = given
for line in sys.stdin:
    message = json.loads(line)
    events = message if isinstance(message, list) else [message]
    answer = {"type": "none"}
    for event in events:
        if event["type"] == "start_game" and given is None:
            me = event["id"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
