"""A test mjai bot that writes the environment it was started with (JSON) to the file named by its
first argument, then answers ``none`` to every line."""

import json
import os
import sys
from pathlib import Path

Path(sys.argv[1]).write_text(json.dumps(dict(os.environ)))
for _line in sys.stdin:
    print(json.dumps({"type": "none"}), flush=True)
