#!/usr/bin/env python3
"""Drives `carousel serve` with Debian's headless Chromium through Selenium and chromium-driver.

    webtest.py BIN_DIR                 the browser suite (exit 0 when every check passed)
    webtest.py BIN_DIR --screenshots D  a PNG of every page, light and dark, into folder D
    webtest.py BIN_DIR --load SECONDS   50 clients at once on loopback; nothing lost
    webtest.py BIN_DIR --phone          every page on a 375 and a 430 px touch phone: no sideways
                                        scrolling, 44 px targets, the tab bar reaches every view
    webtest.py BIN_DIR --axe            axe-core on every page, light and dark, phone and desktop
    webtest.py BIN_DIR --nojs           every action with the script turned off
    webtest.py BIN_DIR --typing         typed text, focus and errors survive live updates and failures
    webtest.py BIN_DIR --offline        the manifest, and the service worker opening pages offline
    webtest.py BIN_DIR --thumb          on a touch phone: a swipe commits nothing, two taps one commit,
                                        Undo in the message, an amount habit (thumbtest.py)

Each run makes its own temporary vault from the sample, starts the server on 127.0.0.1 with
port 0, and stops it at the end.
"""
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

TODAY = "2026-11-23"
# The suite's server reminds as if it were this time (CAROUSEL_NOW).
NOW = TODAY + "T09:30"

# Wraps the page's Notification constructor before its script runs, recording what the page asks
# to show (and whether the browser fired `show`); the real constructor is still called.
NOTIFICATION_SPY = """
(function () {
  if (!("Notification" in window)) return;
  const Real = window.Notification;
  window.__notes = [];
  function Spy(title, options) {
    const entry = { title: title, body: options && options.body, tag: options && options.tag, shown: false, error: false };
    window.__notes.push(entry);
    const note = new Real(title, options);
    note.addEventListener("show", () => { entry.shown = true; });
    note.addEventListener("error", () => { entry.error = true; });
    return note;
  }
  Object.defineProperty(Spy, "permission", { get: () => Real.permission });
  Spy.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Spy;
  // And what the server answered to each request for reminders, to explain a failure.
  const realFetch = window.fetch;
  window.__answers = [];
  window.fetch = async (url, init) => {
    const response = await realFetch(url, init);
    if (url === "/reminders") window.__answers.push(response.status + " " + await response.clone().text());
    return response;
  };
})();
"""


class Server:
    """A temporary sample vault and `carousel serve` on it."""

    def __init__(self, bin_dir, cards=0, now=None):
        self.bin_dir = bin_dir
        self.root = tempfile.mkdtemp(prefix="carousel-web-")
        self.vault = os.path.join(self.root, "vault")
        home = os.path.join(self.root, "home")
        os.makedirs(home)
        self.env = {
            "HOME": home, "XDG_CONFIG_HOME": home, "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "GIT_CONFIG_NOSYSTEM": "1", "NO_COLOR": "1", "LANG": "C.UTF-8",
            "CAROUSEL_AUTHOR_NAME": "Test Person", "CAROUSEL_AUTHOR_EMAIL": "test@example.invalid",
        }
        self.carousel("init", self.vault, "--sample")
        self.carousel("pull", "call-mum", "--vault", self.vault)
        self.carousel("pull", "book-dentist-appointment", "--vault", self.vault)
        server_env = dict(self.env, CAROUSEL_NOW=now) if now else self.env
        self.process = subprocess.Popen(
            [os.path.join(bin_dir, "carousel"), "serve", "--vault", self.vault, "--today", TODAY, "--port", "0"],
            env=server_env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:(\d+))/\?token=([0-9a-f]+)", line)
        if not match:
            self.stop()
            raise SystemExit("carousel serve printed no address: %r %s" % (line, self.process.stderr.read()))
        self.base, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
        self.url = line.split(" at ", 1)[1].strip()

    def form_token(self):
        """The token the page's forms carry (not the access token), read from a page as its script does."""
        _, home = self.request("GET", "/", {"Cookie": "carousel_token=" + self.token})
        return re.search(r'<meta name="csrf" content="([0-9a-f]+)">', home).group(1)

    def carousel(self, *args):
        args = list(args) + ["--today", TODAY]
        done = subprocess.run([os.path.join(self.bin_dir, "carousel")] + args, env=self.env,
                              capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit("carousel %s failed: %s" % (" ".join(args), done.stderr))
        return done.stdout

    def git(self, *args):
        return subprocess.run(["git", "-C", self.vault] + list(args), env=self.env, capture_output=True,
                              text=True, check=True).stdout

    def read(self, relative):
        with open(os.path.join(self.vault, relative), encoding="utf-8") as f:
            return f.read()

    def write(self, relative, text):
        path = os.path.join(self.vault, relative)
        with open(path + ".tmp", "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(path + ".tmp", path)

    def request(self, method, path, headers=None, body=None, host=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        conn.putrequest(method, path, skip_host=True)
        conn.putheader("Host", host or "127.0.0.1:%d" % self.port)
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        data = body.encode() if body is not None else None
        if data is not None:
            conn.putheader("Content-Length", str(len(data)))
        conn.endheaders(data)
        response = conn.getresponse()
        result = (response.status, response.read().decode("utf-8", "replace"))
        conn.close()
        return result

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
        shutil.rmtree(self.root, ignore_errors=True)


def browser(dark=False, javascript=True):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,900",
                "--no-first-run", "--disable-extensions", "--disable-background-networking", "--lang=en-GB"]:
        options.add_argument(arg)
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    # Chromium keeps a folder for its singleton socket in TMPDIR and leaves it behind when it is
    # stopped; give it one of our own and remove that when the browser quits.
    scratch = tempfile.mkdtemp(prefix="carousel-chromium-")
    service = Service(executable_path=driver_path, env=dict(os.environ, TMPDIR=scratch))
    driver = webdriver.Chrome(options=options, service=service)
    quit_browser = driver.quit

    def quit_and_clean():
        try:
            quit_browser()
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    driver.quit = quit_and_clean
    return driver


failures = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what, flush=True)
    if not condition:
        failures.append(what)


def retry(action, times=5):
    """Does `action` again when the page replaced the element under it (a live update)."""
    from selenium.common.exceptions import StaleElementReferenceException
    for attempt in range(times):
        try:
            return action()
        except StaleElementReferenceException:
            if attempt == times - 1:
                raise
            time.sleep(0.2)


def wait_for(predicate, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if predicate():
                return True
        except Exception:
            pass
        time.sleep(0.05)
    return False


def suite(bin_dir):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.action_chains import ActionChains
    server = Server(bin_dir, now=NOW)
    driver = None
    try:
        # Refusals on the live socket.
        status, _ = server.request("GET", "/")
        check(status == 401, "a request without the token gets 401 (got %d)" % status)
        cookie = {"Cookie": "carousel_token=" + server.token}
        status, body = server.request("GET", "/", cookie, host="evil.example:%d" % server.port)
        check(status == 421 and "Call Mum" not in body, "a foreign Host header is refused (got %d)" % status)
        before = server.git("log", "--format=%H")
        status, _ = server.request("POST", "/actions/done", dict(cookie, **{
            "Origin": "http://evil.example", "Content-Type": "application/x-www-form-urlencoded"}),
            "csrf=%s&ref=call-mum" % server.form_token())
        check(status == 403 and server.git("log", "--format=%H") == before, "a POST from a foreign origin changes nothing")

        driver = browser()
        driver.get(server.url)
        check(driver.current_url == server.base + "/", "the token address leads home without the token (%s)" % driver.current_url)
        check(driver.title == "Home · Carousel", "home loads (%s)" % driver.title)
        driver.execute_script("window.__noReload = 1")

        # Done on a card in Today: the commit is there and the card leaves Today's open list.
        button = driver.find_element(By.CSS_SELECTOR, '#today-open [data-ref="call-mum"] form[data-action="done"] button')
        button.click()
        gone = wait_for(lambda: not driver.find_elements(By.CSS_SELECTOR, '#today-open [data-ref="call-mum"]'), 5)
        check(gone, "after clicking done, Call Mum is gone from Today's open list")
        check(server.git("log", "-1", "--format=%s").strip() == "done: Call Mum",
              "the commit is `done: Call Mum` (%s)" % server.git("log", "-1", "--format=%s").strip())
        check(driver.find_elements(By.CSS_SELECTOR, '#today-done [data-ref="call-mum"]') != [], "Call Mum shows as done today")
        check(driver.execute_script("return window.__noReload") == 1, "the page did not reload")
        check(server.git("status", "--porcelain") == "", "the vault is clean after the page's change")

        # Edit a file on disk: the open page shows it within two seconds, without a reload.
        text = server.read("cards/book-dentist-appointment.md")
        server.write("cards/book-dentist-appointment.md",
                     text.replace("title: Book dentist appointment", "title: Book the dentist for March"))
        start = time.monotonic()
        seen = wait_for(lambda: "Book the dentist for March" in driver.find_element(By.ID, "today-open").text, 4)
        took = time.monotonic() - start
        check(seen and took <= 2.0, "an edit on disk shows on the open page in %.2f s" % took)
        check(driver.execute_script("return window.__noReload") == 1, "still no reload")

        # The board: drag a card onto Upcoming; its due date becomes today + 7 days.
        driver.get(server.base + "/board")
        card = driver.find_element(By.CSS_SELECTOR, '[data-column="someday"] [data-ref="research-pottery-classes"] .grip')
        target = driver.find_element(By.CSS_SELECTOR, '[data-column="upcoming"]')
        ActionChains(driver).click_and_hold(card).move_by_offset(10, 10).move_to_element(target).pause(0.2).release().perform()
        moved = wait_for(lambda: "due: 2026-11-30" in server.read("cards/research-pottery-classes.md"), 5)
        check(moved, "after the drag, the card's file says due: 2026-11-30")
        # The file is written just before its commit; wait for the commit rather than race it.
        wait_for(lambda: server.git("log", "-1", "--format=%s").strip() == "move: Research pottery classes to upcoming", 5)
        check(server.git("log", "-1", "--format=%s").strip() == "move: Research pottery classes to upcoming",
              "the commit is the one `carousel move` makes (%s)" % server.git("log", "-1", "--format=%s").strip())
        shown = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '[data-column="upcoming"] [data-ref="research-pottery-classes"]'), 5)
        check(bool(shown), "the card now sits in the Upcoming column")

        # Keyboard: the carousel strip takes arrow keys.
        driver.get(server.base + "/")
        strip = driver.find_element(By.ID, "carousel")
        strip.send_keys("\ue014")  # ArrowRight
        check(wait_for(lambda: driver.execute_script("return document.getElementById('carousel').scrollLeft") > 0, 3),
              "the arrow key moves the carousel")

        # Quick capture from the header.
        box = driver.find_element(By.ID, "capture")
        box.send_keys("Water the plants tomorrow #home ~2\n")
        added = wait_for(lambda: server.git("log", "-1", "--format=%s").strip() == "add: Water the plants", 5)
        check(added, "quick capture commits `add: Water the plants` (%s)" % server.git("log", "-1", "--format=%s").strip())
        reminders(driver, server)

        # Every page loads without a problem.
        for path in ["/calendar", "/calendar?period=week", "/calendar?period=year", "/bubbles", "/habits", "/countdown",
                     "/timeline", "/checkin", "/cards/call-mum"]:
            driver.get(server.base + path)
            check("Something is wrong" not in driver.page_source and driver.find_elements(By.TAG_NAME, "h1"),
                  "%s loads" % path)
        logs = [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]
        check(not logs, "no errors in the browser console %s" % logs)
    finally:
        if driver:
            driver.quit()
        server.stop()
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all browser checks passed")
    return 0


def reminders(driver, server):
    """"Remind me here": off by default; on, with the permission granted, the page shows a due
    reminder once, and `carousel remind` (same record) does not show it again."""
    from selenium.webdriver.common.by import By
    server.write("cards/call-the-dentist.md", "---\ntitle: Call the dentist\ndue: %sT10:00\nremind: 30m\n---\n" % TODAY)
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": server.base, "permissions": ["notifications"]})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NOTIFICATION_SPY})
    driver.get(server.base + "/")
    bell = driver.find_element(By.ID, "remind-here")
    check(bell.is_displayed() and bell.get_attribute("aria-pressed") == "false", "Remind me here shows, and is off by default")
    time.sleep(1.5)
    record = os.path.join(server.vault, ".carousel", "reminders.json")
    check(driver.execute_script("return window.__notes.length") == 0 and not os.path.exists(record),
          "while it is off, the page asks for no reminders")
    bell.send_keys("\ue007")  # Enter: the button works from the keyboard
    shown = wait_for(lambda: driver.execute_script("return window.__notes.length") >= 1, 5)
    notes = driver.execute_script("return window.__notes")
    check(shown and len(notes) == 1 and notes[0]["title"] == "Call the dentist" and notes[0]["body"] == "at 09:30",
          "turned on, the page makes one notification for the dentist's reminder (%s; the server said %s)"
          % (notes, driver.execute_script("return window.__answers")))
    check(wait_for(lambda: driver.find_element(By.ID, "remind-here").get_attribute("aria-pressed") == "true", 2),
          "the button says it is on")
    # The browser fires `show` once it has displayed the notification.
    check(wait_for(lambda: driver.execute_script("return window.__notes[0].shown"), 3),
          "the browser fired the notification's show event (%s)" % driver.execute_script("return window.__notes"))
    driver.get(server.base + "/")
    time.sleep(2.0)
    check(driver.find_element(By.ID, "remind-here").get_attribute("aria-pressed") == "true", "the choice survives a reload")
    check(driver.execute_script("return window.__notes.length") == 0, "after a reload the reminder is not shown again")
    again = subprocess.run([os.path.join(server.bin_dir, "carousel"), "remind", "--json", "--vault", server.vault],
                           env=dict(server.env, CAROUSEL_NOW=NOW), capture_output=True, text=True)
    check(again.returncode == 0 and json.loads(again.stdout)["reminders"] == [],
          "carousel remind shares the page's record and has nothing left to show (%s)" % again.stdout.strip())
    driver.find_element(By.ID, "remind-here").click()
    check(driver.find_element(By.ID, "remind-here").get_attribute("aria-pressed") == "false", "pressed again, it turns off")


PHONES = [(375, 667), (430, 932)]
# Checked, not photographed: the narrowest phone still sold (iPhone SE, first generation).
NARROWEST = (320, 568)
# Every address a person reaches, with the names the screenshots use.
ALL_PAGES = None  # set below PAGES


def emulate_phone(driver, width, height):
    """A touch phone of this size in CSS pixels, as Chromium's device mode makes one."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})


def emulate_desktop(driver):
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})


def finish(what):
    if failures:
        print("%d check(s) failed" % len(failures))
        return 1
    print("all %s checks passed" % what)
    return 0


# What a finger must be able to hit: every button, field and menu, and every link that is not a
# word inside a sentence (WCAG 2.5.8 lets those be smaller).
SMALL_TARGETS = """
const out = [];
const sel = "button, input:not([type=hidden]), select, textarea, summary, a[href]";
for (const el of document.querySelectorAll(sel)) {
  if (el.closest(".skip, .timeline, p, dd, article.body, li.day > ul li s, svg")) continue;
  const r = el.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;
  const style = getComputedStyle(el);
  if (style.visibility === "hidden" || style.display === "none") continue;
  if (r.width < 43.5 || r.height < 43.5) out.push(el.tagName.toLowerCase() + "." + el.className + " '" +
      (el.textContent || el.value || el.getAttribute("aria-label") || "").trim().slice(0, 30) + "' " + Math.round(r.width) + "x" + Math.round(r.height));
}
return out;
"""


def phone(bin_dir, shots=None):
    """Every page on two phones: nothing scrolls sideways, every target is 44 x 44 CSS pixels
    or more, and the tab bar (with More) reaches every view."""
    from selenium.webdriver.common.by import By
    server = Server(bin_dir)
    add_times(server)
    driver = browser()
    try:
        driver.get(server.url)
        for width, height in PHONES + ([] if shots else [NARROWEST]):
            emulate_phone(driver, width, height)
            for theme in (["light", "dark"] if shots else ["light"]):
                scheme(driver, theme)
                for name, path in ALL_PAGES:
                    driver.get(server.base + path)
                    time.sleep(0.2)
                    inner, scroll = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
                    check(inner == width and scroll <= width,
                          "%d px: %s does not scroll sideways (scrollWidth %d, viewport %d)" % (width, path, scroll, inner))
                    small = driver.execute_script(SMALL_TARGETS)
                    check(not small, "%d px: every target on %s is at least 44 x 44 %s" % (width, path, small[:6]))
                    bar = driver.find_elements(By.CSS_SELECTOR, "nav.tabbar")
                    check(bar and bar[0].is_displayed() and bar[0].rect["y"] + bar[0].rect["height"] <= height + 1,
                          "%d px: the tab bar shows at the bottom of %s" % (width, path))
                    header = driver.find_element(By.TAG_NAME, "header").rect["height"]
                    check(header <= 72, "%d px: the header of %s is compact (%d px)" % (width, path, header))
                    if shots and (width, height) in PHONES:
                        out = os.path.join(shots, "phone-%d-%s-%s.png" % (width, name, theme))
                        driver.save_screenshot(out)
                        print("wrote " + out)
            # The tab bar reaches every view: its tabs, and More's list for the rest.
            reached = set()
            driver.get(server.base + "/")
            for label in ["Today", "Board", "Calendar", "Habits", "More"]:
                driver.find_element(By.XPATH, "//nav[@class='tabbar']//a[span[text()='%s']]" % label).click()
                reached.add(urllib.parse.urlparse(driver.current_url).path)
            for link in [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "ul.more-list a")]:
                driver.get(link)
                reached.add(urllib.parse.urlparse(driver.current_url).path)
            views = {"/", "/calendar", "/board", "/bubbles", "/habits", "/countdown", "/timeline", "/checkin", "/more", "/undo"}
            check(views <= reached, "%d px: the tab bar and More reach every view (missing %s)" % (width, sorted(views - reached)))
            current = driver.execute_script("return document.querySelector('.tabbar a[aria-current=page] span:last-child').textContent")
            check(current == "More", "%d px: More is marked in the tab bar on a view it lists (%s)" % (width, current))
            # Today's rows keep their buttons in one row, inside the card.
            driver.get(server.base + "/")
            rows = driver.execute_script("""return [...document.querySelectorAll('#today-open .item')].map(li => {
                const r = li.getBoundingClientRect(), tops = new Set([...li.querySelectorAll('.actions button')].map(b => Math.round(b.getBoundingClientRect().top)));
                const inside = [...li.querySelectorAll('button')].every(b => b.getBoundingClientRect().right <= r.right + 0.5);
                return [tops.size, inside]; })""")
            check(rows and all(t == 1 and inside for t, inside in rows), "%d px: Today's buttons sit in one row inside their card %s" % (width, rows))
            # The month is a list on a phone, not a grid of cut titles.
            driver.get(server.base + "/calendar")
            check(driver.find_element(By.CSS_SELECTOR, "ol.agenda").is_displayed()
                  and not driver.find_element(By.CSS_SELECTOR, "table.month").is_displayed(),
                  "%d px: the month shows as an agenda list" % width)
            driver.get(server.base + "/bubbles")
            check(driver.find_element(By.CSS_SELECTOR, "ul.bubble-list").is_displayed(), "%d px: the bubbles show as a list" % width)
        emulate_desktop(driver)
        driver.set_window_size(1280, 900)
        driver.get(server.base + "/")
        check(not driver.find_element(By.CSS_SELECTOR, "nav.tabbar").is_displayed()
              and driver.find_element(By.CSS_SELECTOR, "header nav.views").is_displayed(),
              "on a desktop the header keeps its links and there is no tab bar")
    finally:
        driver.quit()
        server.stop()
    return finish("phone")


def axe_checks(bin_dir):
    """axe-core on every page, light and dark, on a desktop and a phone: no serious or
    critical violation."""
    from axe_selenium_python import Axe
    server = Server(bin_dir)
    add_times(server)
    driver = browser()
    try:
        driver.get(server.url)
        for size in ["desktop", "phone"]:
            if size == "phone":
                emulate_phone(driver, 375, 667)
            for theme in ["light", "dark"]:
                scheme(driver, theme)
                for name, path in ALL_PAGES + [("no-route", "/no-such-page")]:
                    driver.get(server.base + path)
                    axe = Axe(driver)
                    axe.inject()
                    results = axe.run()
                    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3]) for v in results["violations"]
                           if v["impact"] in ("serious", "critical")]
                    check(not bad, "axe, %s %s: %s has no serious or critical violation %s" % (size, theme, path, bad))
    finally:
        driver.quit()
        server.stop()
    return finish("axe")


def add_times(server):
    for title, start, length in [("Team stand-up", "09:30", "15m"), ("Lunch with Ana", "12:30", "1h"),
                                 ("Dentist", "16:00", "45m")]:
        server.carousel("add", title, "--literal", "--due", TODAY, "--vault", server.vault)
        slug = title.lower().replace(" ", "-")
        server.carousel("set", slug, "start=%sT%s" % (TODAY, start), "duration=" + length, "--vault", server.vault)


def without_javascript(bin_dir):
    """Every action with the script turned off: a plain form post that makes the commit and
    lands back on the page it came from."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select
    server = Server(bin_dir)
    driver = browser(javascript=False)

    def last():
        return server.git("log", "-1", "--format=%s").strip()

    def submit(path, selector, expected, fill=None):
        driver.get(server.base + path)
        form = driver.find_element(By.CSS_SELECTOR, selector)
        if fill:
            fill(form)
        form.find_element(By.CSS_SELECTOR, "button[type=submit]").click()
        wait_for(lambda: last().startswith(expected), 5)
        # The page it lands on is a new one (the form that was posted is gone), at the same address.
        from selenium.webdriver.support import expected_conditions
        reloaded = wait_for(lambda: expected_conditions.staleness_of(form)(driver), 5)
        wait_for(lambda: driver.execute_script("return document.readyState") == "complete", 5)
        landed = urllib.parse.urlparse(driver.current_url)
        landed = landed.path + ("?" + landed.query if landed.query else "")
        check(last().startswith(expected) and reloaded and landed == path,
              "without the script, %s on %s commits `%s` and returns to %s (commit `%s`, at %s)"
              % (selector, path, expected, path, last(), landed))

    try:
        driver.get(server.url)
        check(driver.find_element(By.ID, "status").text == "", "no script ran")
        submit("/", '#today-open [data-ref="call-mum"] form[data-action="order"]', "order today: Call Mum to 2")
        submit("/", '#today-open [data-ref="call-mum"] form[data-action="done"]', "done: Call Mum")
        submit("/", '#today-done [data-ref="call-mum"] form[data-action="undone"]', "undone: Call Mum")
        submit("/", '#today-open [data-ref="call-mum"] form[data-action="drop"]', "drop from today: Call Mum")
        submit("/", '#carousel [data-ref="call-mum"] form[data-action="pull"]', "pull into today: Call Mum")
        submit("/", "form.capture", "add: Water the plants",
               lambda f: f.find_element(By.ID, "capture").send_keys("Water the plants tomorrow"))
        submit("/cards/call-mum", "form.set", "set: Call Mum (spoons",
               lambda f: (Select(f.find_element(By.ID, "set-field")).select_by_visible_text("spoons"),
                          f.find_element(By.ID, "set-value").send_keys("3")))
        def open_move(f):
            f.find_element(By.XPATH, "..").find_element(By.TAG_NAME, "summary").click()
            Select(f.find_element(By.NAME, "column")).select_by_value("upcoming")
        submit("/board", '[data-ref="research-pottery-classes"] form.move-form', "move: Research pottery classes to upcoming", open_move)
        submit("/habits", '.habit:not(.done) form[data-action="skip"]', "skip: 10,000 steps")
        submit("/habits", '.habit:not(.done) form[data-action="check"]', "check: ")
        submit("/checkin", "form.note", "check-in: note for %s" % TODAY,
               lambda f: f.find_element(By.ID, "note").send_keys("A quiet day."))
        # Undo: the page says what it will undo, and nothing happens until it is confirmed.
        driver.get(server.base + "/board")
        driver.find_element(By.CSS_SELECTOR, "footer a.undo-link").click()
        summary = driver.find_element(By.ID, "undo-summary").text
        what = driver.find_element(By.ID, "undo-what").text
        before = last()
        check(summary == "saved the check-in note for %s" % TODAY and what.startswith("Undo puts 1 "),
              "the undo page says in words what it will undo (%s; %s) before undoing" % (summary, what))
        driver.find_element(By.CSS_SELECTOR, "form.undo-form button[type=submit]").click()
        wait_for(lambda: last() == "undo: " + before, 5)
        check(last() == "undo: " + before and urllib.parse.urlparse(driver.current_url).path == "/board",
              "confirmed, undo commits `undo: %s` and returns to the board (%s)" % (before, driver.current_url))
        # A refused change without the script: a page that says so and leads back.
        driver.get(server.base + "/cards/call-mum")
        Select(driver.find_element(By.ID, "set-field")).select_by_visible_text("spoons")
        driver.find_element(By.ID, "set-value").send_keys("lots")
        driver.find_element(By.CSS_SELECTOR, "form.set button[type=submit]").click()
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "main.problem a.button"), 5)
        back = driver.find_elements(By.CSS_SELECTOR, "main.problem a.button")
        check(driver.find_elements(By.CSS_SELECTOR, ".error-text") and back and back[0].get_attribute("href").endswith("/cards/call-mum"),
              "a refused change shows a page with the reason and a way back to the card")
    finally:
        driver.quit()
        server.stop()
    return finish("no-script")


def typing(bin_dir):
    """What is typed survives: a live update while typing, a refused change, a stopped server
    and an ended session; focus stays useful after Done; hidden tabs do not poll."""
    from selenium.webdriver.common.by import By
    server = Server(bin_dir)
    driver = browser()
    try:
        driver.get(server.url)
        # Typing in the check-in note while a card file changes on disk.
        driver.get(server.base + "/checkin")
        note = driver.find_element(By.ID, "note")
        note.click()
        note.send_keys("Typed before the change")
        version = driver.execute_script("return document.body.dataset.version")
        text = server.read("cards/call-mum.md")
        server.write("cards/call-mum.md", text.replace("title: Call Mum", "title: Ring Mum"))
        moved = wait_for(lambda: driver.execute_script("return document.body.dataset.version") != version, 5)
        note.send_keys(" and after")
        state = driver.execute_script("return [document.getElementById('note').value, document.activeElement.id]")
        check(moved and state == ["Typed before the change and after", "note"],
              "a live update keeps the note's text and focus (%s, updated: %s)" % (state, moved))
        # A column chosen in a board card's Move menu, not sent yet, stays chosen and open.
        from selenium.webdriver.support.ui import Select
        driver.get(server.base + "/board")
        pottery = '[data-ref="research-pottery-classes"] '
        retry(lambda: driver.find_element(By.CSS_SELECTOR, pottery + "summary").click())
        retry(lambda: Select(driver.find_element(By.CSS_SELECTOR, pottery + "select[name=column]")).select_by_value("this_week"))
        version = driver.execute_script("return document.body.dataset.version")
        text = server.read("cards/call-mum.md")
        server.write("cards/call-mum.md", text.replace("title: Ring Mum", "title: Call Mum"))
        moved = wait_for(lambda: driver.execute_script("return document.body.dataset.version") != version, 5)
        kept = driver.execute_script("""const c = document.querySelector('[data-ref="research-pottery-classes"]');
            return [c.querySelector('details').open, c.querySelector('select[name=column]').value];""")
        check(moved and kept == [True, "this_week"], "a live update keeps a Move menu open with its choice (%s)" % kept)
        # Enter on Done: focus goes to the next sensible button, not <body>.
        driver.get(server.base + "/")
        retry(lambda: driver.find_element(
            By.CSS_SELECTOR, '#today-open [data-ref="book-dentist-appointment"] form[data-action="done"] button').send_keys("\ue007"))
        wait_for(lambda: server.git("log", "-1", "--format=%s").strip() == "done: Book dentist appointment", 5)
        time.sleep(1.0)
        focused = driver.execute_script("""const a = document.activeElement, row = a.closest("[data-ref]");
            return [a.tagName, a.textContent.trim(), row && row.dataset.ref, a.closest("form") && a.closest("form").dataset.action]""")
        check(focused[0] not in ("BODY", "HTML"), "after Enter on Done, focus stays on the page (%s)" % focused)
        check(focused[2] == "call-mum" and focused[3] == "done",
              "it is on the Done of the row now in that place, Call Mum, so the keyboard goes on (%s)" % focused)
        # A refused change: an error that stays, styled apart, and says what to do.
        driver.get(server.base + "/cards/call-mum")
        retry(lambda: Select(driver.find_element(By.ID, "set-field")).select_by_visible_text("spoons"))
        retry(lambda: driver.find_element(By.ID, "set-value").send_keys("lots"))
        retry(lambda: driver.find_element(By.CSS_SELECTOR, "form.set button[type=submit]").click())
        status = lambda: driver.find_element(By.ID, "status")
        check(wait_for(lambda: "error" in status().get_attribute("class"), 5), "a refused change shows as an error")
        time.sleep(4.5)
        check("show" in status().get_attribute("class") and "Nothing was changed" in status().text,
              "the error stays after 4.5 s and says nothing changed (%s)" % status().text)
        check(driver.find_element(By.ID, "set-value").get_attribute("value") == "lots", "the typed value is still there")
        retry(lambda: status().find_element(By.CSS_SELECTOR, "button.dismiss").click())
        check("show" not in status().get_attribute("class"), "Dismiss closes it")
        # A success looks different and fades.
        retry(lambda: driver.find_element(By.ID, "set-value").clear())
        retry(lambda: driver.find_element(By.ID, "set-value").send_keys("2"))
        retry(lambda: driver.find_element(By.CSS_SELECTOR, "form.set button[type=submit]").click())
        check(wait_for(lambda: "show" in status().get_attribute("class") and "error" not in status().get_attribute("class"), 5),
              "a success shows without the error style")
        check(wait_for(lambda: driver.find_element(By.ID, "set-value").get_attribute("value") == "", 5),
              "once the change is made, its value box is empty again for the next one")
        # Hidden tabs do not poll.
        driver.get(server.base + "/")
        driver.execute_script("""window.__polls = 0; const real = window.fetch;
            window.fetch = (url, init) => { if (url === "/changes") window.__polls++; return real(url, init); };
            Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden === true });
            window.__hidden = true; document.dispatchEvent(new Event("visibilitychange"));""")
        time.sleep(1.0)
        driver.execute_script("window.__polls = 0")
        time.sleep(3.0)
        hidden_polls = driver.execute_script("return window.__polls")
        driver.execute_script("window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'))")
        time.sleep(2.0)
        shown_polls = driver.execute_script("return window.__polls")
        check(hidden_polls == 0 and shown_polls >= 2, "a hidden tab does not poll (%d in 3 s), a shown one does (%d)" % (hidden_polls, shown_polls))
        # An ended session (the cookie gone, as after a restart): it says so and keeps the text.
        box = driver.find_element(By.ID, "capture")
        box.send_keys("Buy stamps")
        driver.delete_all_cookies()
        box.send_keys("\ue007")
        check(wait_for(lambda: "session has ended" in status().text and "error" in status().get_attribute("class"), 5),
              "an ended session says so in words (%s)" % status().text)
        check(box.get_attribute("value") == "Buy stamps", "and the typed text is kept")
        # A stopped server: it says so, and the text stays.
        server.process.terminate()
        server.process.wait(10)
        # The page may be saying the server stopped answering just then, which draws the message anew.
        retry(lambda: status().find_element(By.CSS_SELECTOR, "button.dismiss").click())
        box.send_keys("\ue007")
        check(wait_for(lambda: "not answering" in status().text and "error" in status().get_attribute("class"), 5),
              "a stopped server says so in words (%s)" % status().text)
        check(box.get_attribute("value") == "Buy stamps", "the typed text is still there")
    finally:
        driver.quit()
        server.stop()
    return finish("typing")


def offline(bin_dir):
    """The installable app: a manifest the browser reads, a service worker that keeps the views,
    so with the server stopped a view seen before opens (saying it is offline), one never seen
    opens the offline page, and a change is refused where the person sees it, not queued."""
    from selenium.webdriver.common.by import By
    server = Server(bin_dir)
    driver = browser()
    try:
        driver.get(server.url)
        ready = wait_for(lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), 10) or \
            (driver.get(server.base + "/") or wait_for(lambda: driver.execute_script("return !!navigator.serviceWorker.controller"), 10))
        check(ready, "the service worker is installed and looks after the page")
        manifest = driver.execute_async_script("""const done = arguments[0];
            fetch(document.querySelector("link[rel=manifest]").href, { credentials: "include" }).then(r => r.json()).then(done, e => done(String(e)));""")
        check(isinstance(manifest, dict) and manifest.get("display") == "standalone" and manifest.get("start_url") == "/",
              "the manifest says standalone, from / (%s)" % manifest)
        app_manifest = driver.execute_cdp_cmd("Page.getAppManifest", {})
        check(not app_manifest.get("errors") and "standalone" in (app_manifest.get("data") or ""),
              "Chromium reads the manifest without errors (%s)" % app_manifest.get("errors"))
        for path in ["/", "/board"]:
            driver.get(server.base + path)
        # The worker keeps a copy once the page has arrived; wait until both are kept.
        kept = wait_for(lambda: driver.execute_async_script("""const done = arguments[0];
            Promise.all(["/", "/board"].map(p => caches.match(p, { cacheName: "carousel-views-1" })))
              .then(hits => done(hits.every(Boolean)), () => done(false));"""), 10)
        check(kept, "the views opened are kept on this device")
        server.process.terminate()
        server.process.wait(10)
        driver.get(server.base + "/board")
        body = driver.find_element(By.TAG_NAME, "body")
        check(body.get_attribute("data-offline") == "1" and driver.find_elements(By.CSS_SELECTOR, ".board"),
              "with the server stopped, the board opens from the copy kept on this device")
        status = driver.find_element(By.ID, "status")
        check(wait_for(lambda: "Offline" in status.text and "error" in status.get_attribute("class"), 5),
              "and says it is offline (%s)" % status.text)
        driver.get(server.base + "/habits")
        check(driver.find_element(By.TAG_NAME, "h1").text == "Offline", "a view never opened shows the offline page (%s)"
              % driver.find_element(By.TAG_NAME, "h1").text)
        driver.get(server.base + "/")
        box = driver.find_element(By.ID, "capture")
        box.send_keys("Buy stamps\ue007")
        check(wait_for(lambda: "not answering" in driver.find_element(By.ID, "status").text, 5)
              and box.get_attribute("value") == "Buy stamps",
              "a change offline is refused in words, not queued, and the text stays")
        queued = driver.execute_async_script("""const done = arguments[0];
            caches.keys().then(keys => Promise.all(keys.map(k => caches.open(k).then(c => c.keys())))).then(all =>
              done(all.flat().map(r => r.method + " " + new URL(r.url).pathname)));""")
        check(all(entry.startswith("GET ") for entry in queued) and not any("/actions/" in q for q in queued),
              "only pages and the shell are kept, no change (%s)" % queued)
    finally:
        driver.quit()
        server.stop()
    return finish("offline")


PAGES = [("home", "/"), ("calendar", "/calendar"), ("calendar-week", "/calendar?period=week"),
         ("calendar-year", "/calendar?period=year"), ("board", "/board"), ("bubbles", "/bubbles"), ("habits", "/habits"),
         ("countdown", "/countdown"), ("timeline", "/timeline"), ("checkin", "/checkin"),
         ("card", "/cards/finish-the-quarterly-report")]
ALL_PAGES = PAGES + [("board-page-2", "/board?page=2"), ("more", "/more"), ("undo", "/undo"),
                     ("calendar-day", "/calendar?period=day"), ("not-found", "/cards/does-not-exist")]


def screenshots(bin_dir, folder):
    os.makedirs(folder, exist_ok=True)
    server = Server(bin_dir)
    # A day with times in it, so the timeline has something to show.
    for title, start, length in [("Team stand-up", "09:30", "15m"), ("Lunch with Ana", "12:30", "1h"),
                                 ("Dentist", "16:00", "45m")]:
        server.carousel("add", title, "--literal", "--due", TODAY, "--vault", server.vault)
        slug = title.lower().replace(" ", "-")
        server.carousel("set", slug, "start=%sT%s" % (TODAY, start), "duration=" + length, "--vault", server.vault)
    driver = browser()
    try:
        driver.get(server.url)
        for scheme in ["light", "dark"]:
            driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
            for name, path in PAGES:
                driver.get(server.base + path)
                time.sleep(0.3)
                height = driver.execute_script("return Math.min(2400, document.documentElement.scrollHeight)")
                driver.set_window_size(1280, max(900, height))
                out = os.path.join(folder, "web-%s-%s.png" % (name, scheme))
                driver.save_screenshot(out)
                driver.set_window_size(1280, 900)
                print("wrote " + out)
    finally:
        driver.quit()
        server.stop()
    # And each page on the two phones, light and dark (the phone checks run on the way).
    return phone(bin_dir, shots=folder)


def load(bin_dir, seconds, clients=50):
    """`clients` threads for `seconds`: each reads home and adds cards; every answer must be a
    success and every add must leave its file and its commit."""
    server = Server(bin_dir)
    cookie = "carousel_token=" + server.token
    form_token = server.form_token()
    errors, added, reads = [], [], [0]
    lock = threading.Lock()
    deadline = time.monotonic() + seconds

    def client(n):
        i = 0
        while time.monotonic() < deadline:
            try:
                status, body = server.request("GET", "/", {"Cookie": cookie})
                if status != 200 or "Call Mum" not in body:
                    raise RuntimeError("home answered %d" % status)
                with lock:
                    reads[0] += 1
                if i % 3 == 0:
                    title = "Load %d %d" % (n, i)
                    status, body = server.request("POST", "/actions/add", {
                        "Cookie": cookie, "Origin": server.base, "Accept": "application/json",
                        "Content-Type": "application/x-www-form-urlencoded"},
                        urllib.parse.urlencode({"csrf": form_token, "text": title}))
                    if status != 200 or not json.loads(body)["ok"]:
                        raise RuntimeError("add answered %d %s" % (status, body))
                    with lock:
                        added.append(title)
            except Exception as e:  # noqa: BLE001 - every failure is counted and reported
                with lock:
                    errors.append("client %d: %s" % (n, e))
                return
            i += 1

    threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.monotonic() - start
    try:
        subjects = set(server.git("log", "--format=%s").splitlines())
        missing = [t for t in added if "add: " + t not in subjects]
        titles = "".join(server.read("cards/" + f) for f in os.listdir(os.path.join(server.vault, "cards")))
        lost = [t for t in added if "title: " + t + "\n" not in titles]
        clean = server.git("status", "--porcelain") == ""
    finally:
        server.stop()
    for e in errors[:5]:
        print("  " + e)
    print("%d clients, %.1f s: %d home pages, %d cards added, %d errors, %d commits missing, %d files missing"
          % (clients, took, reads[0], len(added), len(errors), len(missing), len(lost)))
    return 0 if not errors and not missing and not lost and clean and added else 1


if __name__ == "__main__":
    bin_dir = sys.argv[1]
    modes = {"--phone": phone, "--axe": axe_checks, "--nojs": without_javascript, "--typing": typing, "--offline": offline}
    if len(sys.argv) > 2 and sys.argv[2] == "--thumb":
        from thumbtest import thumb
        sys.exit(thumb(bin_dir))
    if len(sys.argv) > 2 and sys.argv[2] in modes:
        sys.exit(modes[sys.argv[2]](bin_dir))
    if len(sys.argv) > 3 and sys.argv[2] == "--screenshots":
        sys.exit(screenshots(bin_dir, sys.argv[3]))
    if len(sys.argv) > 3 and sys.argv[2] == "--load":
        sys.exit(load(bin_dir, float(sys.argv[3])))
    sys.exit(suite(bin_dir))
