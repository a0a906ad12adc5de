"""A test mjai bot that always names a tile nobody holds five of: discard a sixth red dragon."""

import json
import sys

for _line in sys.stdin:
    print(json.dumps({"type": "dahai", "actor": 0, "pai": "9z"}), flush=True)
