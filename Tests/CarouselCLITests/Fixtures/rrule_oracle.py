"""Prints python-dateutil's dates for each case of a recurrence fixture, as JSON.

Usage: rrule_oracle.py CASES.tsv  -> {"name": ["YYYY-MM-DD", ...], ...}
Each line of CASES.tsv is: name, RRULE text, DTSTART (YYYY-MM-DD), how many dates.
"""
import datetime
import itertools
import json
import sys

from dateutil.rrule import rrulestr

out = {}
with open(sys.argv[1], encoding="utf-8") as cases:
    for line in cases:
        if not line.strip() or line.startswith("#"):
            continue
        name, rule, start, count = line.rstrip("\n").split("\t")
        dtstart = datetime.datetime.combine(datetime.date.fromisoformat(start), datetime.time())
        dates = itertools.islice(rrulestr(rule, dtstart=dtstart), int(count))
        out[name] = [d.date().isoformat() for d in dates]
json.dump(out, sys.stdout, indent=1)
