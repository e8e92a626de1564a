"""A broken engine: exits with code 3 at its first event."""

import json
import sys

if __name__ == "__main__":
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "event":
            sys.stderr.write("engine: cannot go on\n")
            sys.exit(3)
        print(json.dumps({"type": "ready"} if msg["type"] == "new-game" else {
            "type": "view", "toPlay": "N", "legal": [], "last": None, "totals": [0, 0],
            "round": "on", "winner": None}), flush=True)
