#!/usr/bin/env bash
# Imports a generated vault's cards into a fresh Taskwarrior data folder, for a side-by-side
# `task next`: bench/taskwarrior.sh VAULT TWDIR. Prints the TASKRC path. Title, due date and
# tags are carried over; every card is a pending task.
set -euo pipefail
vault=${1:?vault}; tw=${2:?taskwarrior folder}
mkdir -p "$tw"
printf 'data.location=%s\nconfirmation=off\nverbose=nothing\nhooks=off\nnews.version=2.6.2\n' "$tw" > "$tw/rc"
python3 - "$vault" > "$tw/import.json" <<'PY'
import json, os, sys, uuid
out = []
for root, _, files in os.walk(os.path.join(sys.argv[1], "cards")):
    for name in files:
        if not name.endswith(".md"):
            continue
        task = {"status": "pending", "entry": "20261101T090000Z"}
        with open(os.path.join(root, name), encoding="utf-8") as f:
            for line in f.read().split("\n---\n", 1)[0].splitlines():
                key, _, value = line.partition(": ")
                if key == "title": task["description"] = value
                elif key == "due": task["due"] = value.replace("-", "") + "T000000Z"
                elif key == "tags": task["tags"] = [t.strip() for t in value.strip("[]").split(",") if t.strip()]
        task["uuid"] = str(uuid.uuid5(uuid.NAMESPACE_URL, name))
        out.append(task)
json.dump(out, sys.stdout)
PY
TASKRC="$tw/rc" task import "$tw/import.json" >/dev/null 2>&1
echo "$tw/rc"
