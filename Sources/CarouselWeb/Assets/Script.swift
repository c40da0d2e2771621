/// The page's one script: forms post in the background, the page follows the vault by polling
/// `/changes`, the carousel flicks, board cards drag, and the timeline's now line moves. Every
/// form also works without it.
enum Assets {
    /// Three overlapping circles, like cards going round.
    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="11" cy="12" r="8" fill="#cfe0ff"/>"##
        + ##"<circle cx="21" cy="12" r="8" fill="#f6cdea" fill-opacity=".85"/><circle cx="16" cy="21" r="8" fill="#cdeccf" fill-opacity=".85"/></svg>"##

    static let js = #"""
"use strict";
(function () {
  const token = document.querySelector('meta[name=csrf]').content;
  const status = document.getElementById("status");
  let statusTimer = null;
  function say(text) {
    status.textContent = text;
    status.classList.add("show");
    clearTimeout(statusTimer);
    statusTimer = setTimeout(() => status.classList.remove("show"), 3500);
  }

  async function post(action, data) {
    const body = new URLSearchParams(data);
    if (!body.has("csrf")) body.set("csrf", token);
    const response = await fetch("/actions/" + action, {
      method: "POST", body, credentials: "same-origin",
      headers: { "Accept": "application/json", "X-Carousel-Token": token },
    });
    let message = "", celebrate = false;
    try { ({ message, celebrate } = await response.json()); } catch (e) { message = "The server said " + response.status + "."; }
    say(message);
    // A day that now counts: one soft glow of the message (none under prefers-reduced-motion, see the CSS).
    status.classList.toggle("celebrate", celebrate === true);
    await refresh();
    return response.ok;
  }

  // Replace <main> with a fresh copy of this page, keeping focus and scroll where they were.
  let refreshing = false;
  async function refresh() {
    if (refreshing) return;
    refreshing = true;
    try {
      const response = await fetch(location.href, { credentials: "same-origin", headers: { "Accept": "text/html" } });
      if (!response.ok) return;
      const doc = new DOMParser().parseFromString(await response.text(), "text/html");
      const fresh = doc.querySelector("main");
      const main = document.querySelector("main");
      if (!fresh || !main) return;
      const active = document.activeElement;
      const focusKey = active && active.closest("[data-ref]") ?
        [active.closest("[data-ref]").dataset.ref, active.closest("form") && active.closest("form").dataset.action] : null;
      const strip = document.getElementById("carousel");
      const scroll = strip ? strip.scrollLeft : 0;
      main.innerHTML = fresh.innerHTML;
      document.body.dataset.version = doc.body.dataset.version;
      const newStrip = document.getElementById("carousel");
      if (newStrip) newStrip.scrollLeft = scroll;
      if (focusKey) {
        const again = document.querySelector('[data-ref="' + CSS.escape(focusKey[0]) + '"] form[data-action="' + focusKey[1] + '"] button');
        if (again) again.focus();
      }
      wire();
    } finally {
      refreshing = false;
    }
  }

  // Follow the vault: ask for its version; when it moved, fetch the page again.
  let etag = null;
  async function poll() {
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch("/changes", { credentials: "same-origin", headers, cache: "no-cache" });
      if (response.status === 200) {
        etag = response.headers.get("ETag");
        const { version } = await response.json();
        if (String(version) !== document.body.dataset.version) await refresh();
      }
      await remind();
    } catch (e) { /* the server stopped; keep trying quietly */ }
    setTimeout(poll, 700);
  }

  // Reminders, opt-in: "Remind me here" asks for the browser's permission, is remembered in
  // localStorage, and then the polling asks the server (at most every 20 seconds) what is due.
  // The server answers each reminder once for the whole device, so the terminal, the timer and
  // every open page never show one twice.
  const bell = document.getElementById("remind-here");
  const canNotify = "Notification" in window;
  let lastRemind = 0;
  function reminding() {
    return canNotify && Notification.permission === "granted" && localStorage.getItem("carousel.remind") === "on";
  }
  function showBell() {
    if (!bell || !canNotify) return;
    bell.hidden = false;
    bell.setAttribute("aria-pressed", reminding() ? "true" : "false");
    // A bell keeps the header on one row; its name says what it does.
    bell.textContent = reminding() ? "\u{1F514}" : "\u{1F515}";
    bell.setAttribute("aria-label", reminding() ? "Reminding here" : "Remind me here");
  }
  async function remind() {
    if (!reminding() || Date.now() - lastRemind < 20000) return;
    lastRemind = Date.now();
    const response = await fetch("/reminders", {
      method: "POST", credentials: "same-origin", headers: { "Accept": "application/json", "X-Carousel-Token": token },
    });
    if (!response.ok) return;
    for (const r of (await response.json()).reminders) {
      const note = new Notification(r.notice.title, { body: r.notice.body, tag: r.key, icon: "/assets/icon.svg" });
      note.onclick = () => {
        window.focus();
        if (r.kind === "card") location.href = "/cards/" + encodeURIComponent(r.slug);
        note.close();
      };
    }
  }
  if (bell) bell.addEventListener("click", async () => {
    if (reminding()) {
      localStorage.removeItem("carousel.remind");
      showBell();
      return say("This page will not show reminders.");
    }
    const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (answer !== "granted") {
      showBell();
      return say("The browser did not allow notifications; allow them for this address in its site settings to be reminded here.");
    }
    localStorage.setItem("carousel.remind", "on");
    showBell();
    say("Reminders will show here while this page is open.");
    lastRemind = 0;
    try { await remind(); } catch (e) { /* the next poll tries again */ }
  });
  showBell();

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.dataset.action) return;
    event.preventDefault();
    const data = new FormData(form);
    post(form.dataset.action, data).then((ok) => {
      if (ok && form.dataset.action === "add") { const input = document.getElementById("capture"); input.value = ""; input.focus(); }
    });
  });

  // The carousel: drag with the mouse (touch scrolls natively), arrow keys move one card.
  function wireStrip() {
    const strip = document.getElementById("carousel");
    if (!strip || strip.dataset.wired) return;
    strip.dataset.wired = "1";
    let startX = 0, startScroll = 0, dragging = false, moved = false;
    strip.addEventListener("pointerdown", (e) => {
      if (e.pointerType !== "mouse" || e.target.closest("button, a, input, select")) return;
      dragging = true; moved = false; startX = e.clientX; startScroll = strip.scrollLeft;
      strip.setPointerCapture(e.pointerId);
    });
    strip.addEventListener("pointermove", (e) => {
      if (!dragging) return;
      const dx = e.clientX - startX;
      if (Math.abs(dx) > 4) { moved = true; strip.classList.add("dragging"); }
      strip.scrollLeft = startScroll - dx;
    });
    const end = () => { dragging = false; strip.classList.remove("dragging"); };
    strip.addEventListener("pointerup", end);
    strip.addEventListener("pointercancel", end);
    strip.addEventListener("click", (e) => { if (moved) { e.preventDefault(); moved = false; } }, true);
    strip.addEventListener("keydown", (e) => {
      if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
      const card = strip.querySelector(".card");
      const step = card ? card.getBoundingClientRect().width + 16 : 240;
      strip.scrollBy({ left: e.key === "ArrowRight" ? step : -step });
      e.preventDefault();
    });
  }

  // The board: drag a card (pointer events, so mouse, pen and touch) onto a column to move it.
  function wireBoard() {
    document.querySelectorAll(".board .card[data-ref]").forEach((card) => {
      if (card.dataset.wired) return;
      card.dataset.wired = "1";
      card.addEventListener("pointerdown", (e) => {
        if (e.button !== 0 || e.target.closest("button, a, input, select, summary, details form")) return;
        const rect = card.getBoundingClientRect();
        const offsetX = e.clientX - rect.left, offsetY = e.clientY - rect.top;
        let ghost = null, over = null;
        card.setPointerCapture(e.pointerId);
        const move = (ev) => {
          if (!ghost) {
            if (Math.hypot(ev.clientX - e.clientX, ev.clientY - e.clientY) < 5) return;
            ghost = card.cloneNode(true);
            ghost.classList.add("ghost");
            ghost.style.width = rect.width + "px";
            document.body.appendChild(ghost);
          }
          ghost.style.left = (ev.clientX - offsetX) + "px";
          ghost.style.top = (ev.clientY - offsetY) + "px";
          const under = document.elementFromPoint(ev.clientX, ev.clientY);
          const column = under && under.closest("[data-column]");
          if (over !== column) {
            if (over) over.classList.remove("drop-target");
            over = column;
            if (over) over.classList.add("drop-target");
          }
        };
        const up = () => {
          card.removeEventListener("pointermove", move);
          card.removeEventListener("pointerup", up);
          card.removeEventListener("pointercancel", up);
          if (ghost) ghost.remove();
          if (over) {
            over.classList.remove("drop-target");
            if (!over.contains(card)) post("move", { ref: card.dataset.ref, column: over.dataset.column });
          }
        };
        card.addEventListener("pointermove", move);
        card.addEventListener("pointerup", up);
        card.addEventListener("pointercancel", up);
      });
    });
  }

  // The timeline's line for now, moved every half minute.
  function wireNow() {
    const line = document.getElementById("now");
    const box = line && line.closest(".timeline");
    if (!box || !box.dataset.live) return;
    const place = () => {
      const d = new Date();
      const minutes = d.getHours() * 60 + d.getMinutes();
      const top = (minutes - Number(box.dataset.first)) * Number(box.dataset.perMinute);
      line.hidden = top < 0 || top > box.clientHeight;
      line.style.top = top + "px";
    };
    place();
    if (!box.dataset.timer) box.dataset.timer = String(setInterval(place, 30000));
  }

  function wire() { wireStrip(); wireBoard(); wireNow(); }
  wire();
  setTimeout(poll, 700);
})();
"""#
}
