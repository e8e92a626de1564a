"""A broken engine: answers, then stops answering mid-game (it hangs)."""

import json
import sys
import time

if __name__ == "__main__":
    for answered, line in enumerate(sys.stdin, 1):
        msg = json.loads(line)
        if msg["type"] == "quit":
            break
        if answered > 4:
            time.sleep(3600)
        reply = {"type": "ready"} if msg["type"] == "new-game" else {
            "type": "view", "toPlay": None, "legal": [], "last": None, "totals": [0, 0],
            "round": "on", "winner": None}
        print(json.dumps(reply), flush=True)
