"""A broken engine: answers with something that is not JSON mid-game."""

import json
import sys

if __name__ == "__main__":
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "quit":
            break
        if msg["type"] == "event":
            print("<<< not json >>>", flush=True)
            continue
        print(json.dumps({"type": "ready"} if msg["type"] == "new-game" else {
            "type": "view", "toPlay": "N", "legal": [], "last": None, "totals": [0, 0],
            "round": "on", "winner": None}), flush=True)
