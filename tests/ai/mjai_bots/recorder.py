"""A test mjai bot that discards what it draws and writes every line it receives to the file named
by its first argument."""

import json
import sys

me = None
with open(sys.argv[1], "a") as record:
    for line in sys.stdin:
        record.write(line)
        record.flush()
        events = json.loads(line)
        for event in events:
            if event["type"] == "start_game":
                me = event["id"]
        last = events[-1] if events else {}
        answer = {"type": "none"}
        if last.get("type") == "tsumo" and last.get("actor") == me:
            answer = {"type": "dahai", "actor": me, "pai": last["pai"], "tsumogiri": True}
        print(json.dumps(answer), flush=True)
