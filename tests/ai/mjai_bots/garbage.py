"""A test mjai bot that answers every message with something that is not JSON."""

import sys

for _line in sys.stdin:
    print("garbage, not json {", flush=True)
