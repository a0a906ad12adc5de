"""A test mjai bot: discards every tile it draws, declines everything else."""

import json
import sys

me = None
for line in sys.stdin:
    message = json.loads(line)
    events = message if isinstance(message, list) else [message]
    answer = {"type": "none"}
    for event in events:
        if event["type"] == "start_game":
            me = event["id"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == me:
        answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
    print(json.dumps(answer), flush=True)
