#!/usr/bin/env python3
"""The phone in the CalDAV tests: Python's `caldav` client, as a phone's Reminders and Calendar
apps use the account. It lists, ticks, edits, adds and deletes reminders and events in one
collection (chosen by its display name) and prints what it saw as JSON.

    phone.py URL USER PASSWORD COLLECTION list
    phone.py URL USER PASSWORD COLLECTION tick UID
    phone.py URL USER PASSWORD COLLECTION edit UID [--title T] [--due YYYY-MM-DD] [--note N]
    phone.py URL USER PASSWORD COLLECTION add --title T [--due YYYY-MM-DD] [--uid UID]
    phone.py URL USER PASSWORD COLLECTION delete UID
"""
import argparse
import datetime
import json
import sys

import caldav
import icalendar


def collection(client, name):
    for cal in client.principal().calendars():
        if cal.get_display_name() == name:
            return cal
    sys.exit(f"no collection named {name!r}")


def objects(cal):
    out = list(cal.todos(include_completed=True))
    out += list(cal.events())
    return out


def component(obj):
    cal = icalendar.Calendar.from_ical(obj.data)
    for c in cal.walk():
        if c.name in ("VTODO", "VEVENT"):
            return c
    return None


def text(v):
    if v is None:
        return None
    if hasattr(v, "to_ical"):
        return v.to_ical().decode()
    return str(v)


def describe(c):
    def dated(name):
        v = c.get(name)
        if v is None:
            return None
        return {"value": text(v), "tzid": v.params.get("TZID")}
    cats = c.get("CATEGORIES")
    categories = []
    for group in cats if isinstance(cats, list) else ([cats] if cats is not None else []):
        categories += [str(x) for x in group.cats]
    return {
        "kind": c.name, "uid": str(c.get("UID")), "summary": str(c.get("SUMMARY", "")),
        "due": dated("DUE"), "start": dated("DTSTART"), "status": text(c.get("STATUS")),
        "priority": int(c["PRIORITY"]) if "PRIORITY" in c else None, "categories": categories,
        "description": str(c.get("DESCRIPTION")) if "DESCRIPTION" in c else None,
        "rrule": text(c.get("RRULE")),
        "alarms": [text(a.get("TRIGGER")) for a in c.walk("VALARM")],
    }


def find(cal, uid):
    for obj in objects(cal):
        c = component(obj)
        if c is not None and str(c.get("UID")) == uid:
            return obj, c
    sys.exit(f"no item with UID {uid!r}")


def save(obj, c):
    cal = icalendar.Calendar.from_ical(obj.data)
    for i, sub in enumerate(cal.subcomponents):
        if sub.name == c.name:
            cal.subcomponents[i] = c
    obj.data = cal.to_ical()
    obj.save()


def main():
    p = argparse.ArgumentParser()
    p.add_argument("url")
    p.add_argument("user")
    p.add_argument("password")
    p.add_argument("collection")
    p.add_argument("action")
    p.add_argument("uid", nargs="?")
    p.add_argument("--title")
    p.add_argument("--due")
    p.add_argument("--note")
    p.add_argument("--uid", dest="new_uid")
    a = p.parse_args()
    client = caldav.DAVClient(url=a.url, username=a.user, password=a.password)
    cal = collection(client, a.collection)
    if a.action == "list":
        items = [describe(c) for c in map(component, objects(cal)) if c is not None]
        print(json.dumps(sorted(items, key=lambda i: i["uid"]), indent=1))
    elif a.action == "tick":
        obj, c = find(cal, a.uid)
        c["STATUS"] = "COMPLETED"
        c["COMPLETED"] = icalendar.vDatetime(datetime.datetime(2026, 11, 23, 12, 0, tzinfo=datetime.timezone.utc))
        save(obj, c)
    elif a.action == "edit":
        obj, c = find(cal, a.uid)
        if a.title is not None:
            del c["SUMMARY"]
            c.add("SUMMARY", a.title)
        if a.due is not None:
            del c["DUE"]
            c.add("DUE", datetime.date.fromisoformat(a.due))
        if a.note is not None:
            if "DESCRIPTION" in c:
                del c["DESCRIPTION"]
            c.add("DESCRIPTION", a.note)
        save(obj, c)
    elif a.action == "add":
        todo = icalendar.Todo()
        todo.add("UID", a.new_uid or "phone-added-1")
        todo.add("SUMMARY", a.title)
        todo.add("DTSTAMP", datetime.datetime(2026, 11, 23, 12, 0, tzinfo=datetime.timezone.utc))
        if a.due:
            todo.add("DUE", datetime.date.fromisoformat(a.due))
        todo.add("STATUS", "NEEDS-ACTION")
        wrapper = icalendar.Calendar()
        wrapper.add("PRODID", "-//Carousel tests//phone//EN")
        wrapper.add("VERSION", "2.0")
        wrapper.add_component(todo)
        cal.save_todo(wrapper.to_ical().decode())
    elif a.action == "delete":
        obj, _ = find(cal, a.uid)
        obj.delete()
    else:
        sys.exit(f"unknown action {a.action}")


if __name__ == "__main__":
    main()
