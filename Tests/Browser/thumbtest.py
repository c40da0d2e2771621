"""`webtest.py BIN_DIR --thumb`: the page under a thumb, on a 375x667 touch phone (Chromium's
device mode, touches sent through the DevTools protocol as a finger's would be):

- a swipe up over the board's cards scrolls and commits nothing;
- two quick taps on Done make one commit;
- Undo in the message restores the card, and the message says what it undid;
- an amount habit ("10,000 steps") is logged by its amount, not as 1.
"""
import time

from webtest import Server, browser, check, emulate_phone, finish, wait_for


def touch(driver, kind, x, y):
    points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})


def tap(driver, element):
    """A finger's tap at the middle of `element`, as it is on the screen now."""
    x, y = driver.execute_script("arguments[0].scrollIntoView({block: 'center'}); "
        "const r = arguments[0].getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];", element)
    time.sleep(0.2)
    touch(driver, "touchStart", x, y)
    touch(driver, "touchEnd", x, y)
    return x, y


def tap_at(driver, x, y):
    touch(driver, "touchStart", x, y)
    touch(driver, "touchEnd", x, y)


def swipe(driver, x, y, dy, steps=12):
    touch(driver, "touchStart", x, y)
    for i in range(1, steps + 1):
        touch(driver, "touchMove", x, y + dy * i / steps)
        time.sleep(0.016)
    touch(driver, "touchEnd", x, y + dy)


def centre(driver, selector):
    return driver.execute_script("""const e = document.querySelector(arguments[0]); if (!e) return null;
        e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2];""",
                                 selector)


def row_title(server, slug):
    return [line[7:] for line in server.read("cards/%s.md" % slug).splitlines() if line.startswith("title: ")][0]


def thumb(bin_dir):
    from selenium.webdriver.common.by import By
    server = Server(bin_dir)
    server.carousel("habit", "add", "Steps", "--target", "10000", "--unit", "steps", "--vault", server.vault)
    driver = browser()

    def commits():
        return int(server.git("rev-list", "--count", "HEAD").strip())

    def last():
        return server.git("log", "-1", "--format=%s").strip()

    try:
        driver.get(server.url)
        emulate_phone(driver, 375, 667)

        # A swipe up over a card in a lower column: the page scrolls, nothing moves.
        driver.get(server.base + "/board")
        time.sleep(0.3)
        before, files = commits(), server.git("ls-files", "-s")
        point = centre(driver, '[data-column="someday"] .card[data-ref] .card-body .meta') \
            or centre(driver, '[data-column="upcoming"] .card[data-ref] .card-body .meta')
        check(point is not None, "the board has a card in a lower column to swipe over")
        scrolled = driver.execute_script("return window.scrollY")
        swipe(driver, point[0], point[1], -300)
        time.sleep(1.0)
        check(commits() == before and server.git("ls-files", "-s") == files,
              "a swipe over the board commits nothing (%d commits, was %d: %s)" % (commits(), before, last()))
        check(driver.execute_script("return window.scrollY") != scrolled, "the swipe scrolled the board")
        # Two quick taps on Done, 0.3 s apart, at the same place: one commit.
        driver.get(server.base + "/")
        time.sleep(0.3)
        before = commits()
        button = driver.find_element(By.CSS_SELECTOR, '#today-open [data-ref] form[data-action="done"] button')
        x, y = tap(driver, button)
        time.sleep(0.3)
        tap_at(driver, x, y)
        wait_for(lambda: commits() > before, 5)
        time.sleep(1.5)
        check(commits() == before + 1, "two quick taps on Done make one commit (%d new: %s)" % (commits() - before, last()))

        # Undo from the message: the card comes back, and the message says what it undid.
        driver.get(server.base + "/")
        time.sleep(0.3)
        row = driver.find_element(By.CSS_SELECTOR, '#today-open [data-ref]')
        slug = row.get_attribute("data-ref")
        text = server.read("cards/%s.md" % slug)
        before = commits()
        tap(driver, row.find_element(By.CSS_SELECTOR, 'form[data-action="done"] button'))
        check(wait_for(lambda: commits() == before + 1, 5) and last() == "done: " + row_title(server, slug),
              "Done made its commit (%s)" % last())
        wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, "#status button.undo"), 3)
        undo = driver.find_elements(By.CSS_SELECTOR, "#status button.undo")
        check(undo and undo[0].is_displayed(), "the message carries an Undo")
        if undo:
            tap(driver, undo[0])
            check(wait_for(lambda: last().startswith("undo: done: "), 5), "Undo from the message makes the undo commit (%s)" % last())
            check(server.read("cards/%s.md" % slug) == text, "the card is as it was before Done")
            said = driver.find_element(By.ID, "status").text
            check(said.startswith("Undone: finished "), "the message says what it undid (%r)" % said)
            check(wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, '#today-open [data-ref="%s"]' % slug), 5),
                  "the card is back in Today's list")

        # An amount habit: one tap logs what is left of 10,000 steps.
        driver.get(server.base + "/habits")
        time.sleep(0.3)
        field = driver.find_element(By.CSS_SELECTOR, '[data-ref="steps"] input[name="amount"]')
        check(field.get_attribute("value") == "10000", "the steps field holds what is left (%s)" % field.get_attribute("value"))
        tap(driver, driver.find_element(By.CSS_SELECTOR, '[data-ref="steps"] form[data-action="check"] button'))
        check(wait_for(lambda: last().startswith("check: Steps"), 5) and "10,000/10,000" in last(),
              "an amount is logged by its amount (%s)" % last())
    finally:
        driver.quit()
        server.stop()
    return finish("thumb")
