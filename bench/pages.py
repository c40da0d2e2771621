#!/usr/bin/env python3
"""Times every page of `carousel serve` on a generated vault: bench/pages.py [CARDS]

For each page: the median and the slowest of RUNS loads over loopback (the server's time; no
process starts), the bytes sent and the HTML elements in it. Then the same home page while other
clients load the heaviest pages without pause, to show that no request waits behind another
page's work. With BENCH_WRITE_DOCS=1 the table replaces the "The page at N cards" section of
docs/performance.md. Needs release builds of `carousel` and `carousel-serve` side by side
(CAROUSEL_BIN, else `swift build -c release --show-bin-path`).
"""
import html.parser
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CARDS = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
RUNS = int(os.environ.get("RUNS", "9"))
BUDGET_MS = 300
ELEMENTS = 2000
PAGES = ["/", "/calendar", "/calendar?period=week", "/calendar?period=day", "/calendar?period=year", "/board",
         "/board?page=2", "/board?all=1", "/bubbles", "/habits", "/countdown", "/timeline", "/checkin", "/more",
         "/undo", "/cards/card-42", "/cards/does-not-exist"]


class Count(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.elements = 0

    def handle_starttag(self, tag, attrs):
        self.elements += 1


def binary():
    path = os.environ.get("CAROUSEL_BIN")
    if not path:
        out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout.strip()
        path = os.path.join(out, "carousel")
    if not os.access(os.path.join(os.path.dirname(path), "carousel-serve"), os.X_OK):
        sys.exit("carousel-serve is not beside %s: swift build -c release --product carousel-serve" % path)
    return path


def main():
    bin_path = binary()
    env = dict(os.environ, CAROUSEL_BIN=bin_path, CAROUSEL_TODAY="2026-11-23", CAROUSEL_NOW="2026-11-23T10:30",
               CAROUSEL_AUTHOR_NAME="bench", CAROUSEL_AUTHOR_EMAIL="bench@carousel.invalid", NO_COLOR="1")
    work = tempfile.mkdtemp(prefix="carousel-pages-")
    server = None
    try:
        vault = os.path.join(work, "v")
        subprocess.run([os.path.join(ROOT, "bench/generate-vault.sh"), str(CARDS), vault], env=env, check=True,
                       stdout=subprocess.DEVNULL)
        subprocess.run([bin_path, "index", "--vault", vault], env=env, check=True, stdout=subprocess.DEVNULL)
        log = open(os.path.join(work, "serve.txt"), "w+")
        server = subprocess.Popen([bin_path, "serve", "--vault", vault, "--port", "0"], env=env, stdout=log,
                                  stderr=subprocess.STDOUT)
        url = None
        for _ in range(600):
            log.seek(0)
            found = re.search(r"http://\S+token=\S+", log.read())
            if found:
                url = found.group(0)
                break
            time.sleep(0.1)
        if not url:
            sys.exit("carousel serve did not start")
        base, token = url.split("/?token=")
        cookie = "carousel_token=" + token

        def get(path):
            request = urllib.request.Request(base + path, headers={"Cookie": cookie})
            start = time.perf_counter()
            try:
                with urllib.request.urlopen(request, timeout=60) as r:
                    body = r.read()
                    status = r.status
            except urllib.error.HTTPError as e:
                body, status = e.read(), e.code
            return (time.perf_counter() - start) * 1000, status, body

        rows = []
        for path in PAGES:
            first = get(path)[0]
            times = []
            for _ in range(RUNS):
                ms, status, body = get(path)
                times.append(ms)
            # After an editor changed one card: the page is built again from the changed vault.
            edited = []
            for i in range(3):
                with open(os.path.join(vault, "cards", "card-%d.md" % (500 + i)), "a") as f:
                    f.write("<!-- edited -->\n")
                time.sleep(0.4)
                edited.append(get(path)[0])
            counter = Count()
            counter.feed(body.decode("utf-8", "replace"))
            rows.append((path, status, first, statistics.median(times), max(times), statistics.median(edited), len(body), counter.elements))

        # Home while four clients load the heaviest pages over and over.
        stop = threading.Event()

        def heavy(path):
            while not stop.is_set():
                get(path)
        others = [threading.Thread(target=heavy, args=(p,)) for p in ["/bubbles", "/board?all=1", "/calendar?period=year", "/board"]]
        for t in others:
            t.start()
        time.sleep(0.5)
        busy = [get("/")[0] for _ in range(RUNS)]
        stop.set()
        for t in others:
            t.join()

        lines = ["| page | status | first load | median | slowest of %d | after an editor's edit | bytes | elements |" % RUNS,
                 "|---|---:|---:|---:|---:|---:|---:|---:|"]
        for path, status, first, median, worst, edited, size, elements in rows:
            lines.append("| `%s` | %d | %.1f ms | %.1f ms | %.1f ms | %.1f ms | %s | %s |"
                         % (path, status, first, median, worst, edited, format(size, ","), format(elements, ",")))
        lines.append("| `/` while four clients load bubbles, every card, the year and the board | 200 | | %.1f ms | %.1f ms | | | |"
                     % (statistics.median(busy), max(busy)))
        over = [r[0] for r in rows if max(r[2], r[3], r[5]) > BUDGET_MS]
        big = [r[0] for r in rows if r[7] > ELEMENTS]
        summary = ("Every page's first load, median and load after an edit are under %d ms" % BUDGET_MS if not over else "Over %d ms: %s" % (BUDGET_MS, ", ".join(over))) + \
                  ("; no page has more than %s elements." % format(ELEMENTS, ",") if not big else "; over %s elements: %s." % (format(ELEMENTS, ","), ", ".join(big)))
        table = "\n".join(lines) + "\n\n" + summary + "\n"
        print(table)
        if os.environ.get("BENCH_WRITE_DOCS") == "1":
            write_docs(table)
        return 0 if not over and not big else 1
    finally:
        if server:
            server.terminate()
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


def write_docs(table):
    path = os.path.join(ROOT, "docs/performance.md")
    text = open(path).read()
    machine = "%d cores, %s" % (os.cpu_count(), time.strftime("%Y-%m-%d", time.gmtime()))
    heading = "## The page at %s cards" % format(CARDS, ",")
    section = heading + "\n\n`bench/pages.py %d` (`make bench` runs it), release build, machine: %s. Each page is\n" \
        "loaded once (the first load, right after the server started and the pages before it), then %d times over loopback, then\nthree times each right after an editor changed a card file (the median). The times are what the\nclient waited, so the server's work and nothing else.\n\n" \
        % (CARDS, machine, RUNS) + table
    found = re.search(r"^## The page at [0-9,]+ cards\n.*?(?=^## |\Z)", text, flags=re.S | re.M)
    text = text[:found.start()] + section + "\n" + text[found.end():] if found else text.rstrip("\n") + "\n\n" + section
    open(path, "w").write(text)


if __name__ == "__main__":
    sys.exit(main())
