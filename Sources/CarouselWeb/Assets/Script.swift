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
  // A success fades after a few seconds; a problem stays, marked as one, until dismissed.
  // `offer` is one button beside the words: { label, name, run }, such as Undo.
  function say(text, problem, offer) {
    clearTimeout(statusTimer);
    status.textContent = "";
    status.classList.toggle("error", problem === true);
    // Losing the computer is not a mistake of the person's: a small calm banner, not the alert box.
    status.classList.toggle("away", problem === true && text.startsWith(stopped));
    status.setAttribute("role", problem ? "alert" : "status");
    const words = document.createElement("span");
    words.textContent = text;
    status.appendChild(words);
    status.classList.add("show");
    if (problem) {
      const close = document.createElement("button");
      close.type = "button";
      close.className = "button quiet dismiss";
      close.textContent = "Dismiss";
      close.addEventListener("click", () => { status.classList.remove("show", "error"); status.textContent = ""; });
      status.appendChild(close);
    } else if (offer) {
      // One tap, for as long as the message shows (longer than a plain one).
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button quiet " + offer.cls;
      button.textContent = offer.label;
      button.setAttribute("aria-label", offer.name);
      button.addEventListener("click", () => { button.disabled = true; offer.run(); }, { once: true });
      status.appendChild(button);
      statusTimer = setTimeout(() => status.classList.remove("show"), 8000);
    } else {
      statusTimer = setTimeout(() => status.classList.remove("show"), 3500);
    }
  }
  // Each action's own id: the server makes one change per id, however often it arrives.
  function nonce() {
    return crypto.randomUUID ? crypto.randomUUID() : String(Date.now()) + Math.random().toString(16).slice(2);
  }
  const kept = " What you typed is still here.";
  const stopped = "Carousel on your computer is not answering right now; it may be asleep or stopped.";
  const expired = "This page's session has ended: this device was signed out, or Carousel started again on your computer. Open its address once more.";
  let lostContact = false;

  // A form whose change was made: its fields are no longer text waiting to be sent, so the
  // fresh page's fields (the saved note, an empty value box) take their place.
  function sent(form) {
    if (!form) return;
    form.querySelectorAll("input, textarea").forEach((f) => { f.defaultValue = f.value; });
    form.querySelectorAll("option").forEach((o) => { o.defaultSelected = o.selected; });
  }

  async function post(action, data, form) {
    const body = new URLSearchParams(data);
    if (!body.has("csrf")) body.set("csrf", token);
    if (!body.has("nonce")) body.set("nonce", nonce());
    let response;
    try {
      response = await fetch("/actions/" + action, {
        method: "POST", body, credentials: "same-origin",
        headers: { "Accept": "application/json", "X-Carousel-Token": token },
      });
    } catch (e) {
      say(stopped + kept, true);
      return false;
    }
    if (response.status === 401) { say(expired + kept, true); return false; }
    let message = "", celebrate = false, undo = null, ask = null;
    try { ({ message, celebrate, undo, ask } = await response.json()); } catch (e) {
      message = response.status === 403 ? "The server refused the change: this page is out of date. Reload it and try again."
        : "The server could not make the change (HTTP " + response.status + "). Reload the page and try again.";
    }
    if (response.ok) {
      say(message, false, undo && { label: "Undo", name: "Undo: " + undo.what, cls: "undo",
        run: () => post("undo", { expect: undo.expect, nonce: "undo-" + undo.expect }) });
      sent(form);
    } else if (ask && form) {
      // A question, not a refusal: the same form again, saying go ahead.
      say(message, false, { label: "Add anyway", name: "Add anyway", cls: "again", run: () => {
        const again = new FormData(form);
        again.set(ask, "1");
        again.set("nonce", nonce());
        post(form.dataset.action, again, form).then((ok) => {
          if (ok && form.dataset.action === "add") { const input = document.getElementById("capture"); input.value = ""; }
        });
      } });
    } else {
      say(message.charAt(0).toUpperCase() + message.slice(1) + (/[.!?]$/.test(message) ? "" : ".") + " Nothing was changed." + kept, true);
    }
    // A day that now counts: one soft glow of the message (none under prefers-reduced-motion, see the CSS).
    status.classList.toggle("celebrate", celebrate === true);
    await refresh();
    return response.ok;
  }

  // A field is known again by its id, or by its card, its form's action and its name.
  function fieldKey(field) {
    if (field.id) return "#" + field.id;
    const item = field.closest("[data-ref]"), form = field.closest("form");
    return item && form && field.name ? [item.dataset.ref, form.dataset.action || "", field.name].join("\n") : null;
  }
  function findField(key) {
    if (key.startsWith("#")) return document.getElementById(key.slice(1));
    const [ref, action, name] = key.split("\n");
    const form = document.querySelector('[data-ref="' + CSS.escape(ref) + '"] form[data-action="' + CSS.escape(action) + '"]');
    return form && form.querySelector('[name="' + CSS.escape(name) + '"]');
  }

  // Replace <main> with a fresh copy of this page. A field being typed in, or holding text not
  // sent yet, is kept as it is (the very element, with its focus and selection); focus otherwise
  // goes back to the same card's button, or the one now in its place, never to <body>.
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
      const active = main.contains(document.activeElement) ? document.activeElement : null;
      const keep = [];
      main.querySelectorAll("input:not([type=hidden]), textarea, select").forEach((field) => {
        const dirty = field.tagName === "SELECT" ? [...field.options].some((o) => o.selected !== o.defaultSelected)
          : field.value !== field.defaultValue;
        const key = fieldKey(field);
        if (key && dirty) keep.push([key, field]);
      });
      const opened = [...main.querySelectorAll("[data-ref] details[open]")].map((d) => d.closest("[data-ref]").dataset.ref);
      const selection = active && "selectionStart" in active ? [active.selectionStart, active.selectionEnd] : null;
      const item = active && active.closest("[data-ref]");
      const list = item && item.parentElement && item.parentElement.id;
      const place = item && list ? [...item.parentElement.children].indexOf(item) : -1;
      const focusKey = item ? [item.dataset.ref, active.closest("form") && active.closest("form").dataset.action] : null;
      const strip = document.getElementById("carousel");
      const scroll = strip ? strip.scrollLeft : 0;
      main.innerHTML = fresh.innerHTML;
      document.body.dataset.version = doc.body.dataset.version;
      for (const [key, field] of keep) {
        const twin = findField(key);
        if (twin && twin !== field) twin.replaceWith(field);
      }
      for (const ref of opened) {
        const again = document.querySelector('[data-ref="' + CSS.escape(ref) + '"] details');
        if (again) again.open = true;
      }
      const newStrip = document.getElementById("carousel");
      if (newStrip) newStrip.scrollLeft = scroll;
      const activeKey = active && active.matches("input, textarea, select") ? fieldKey(active) : null;
      const field = active && (keep.some(([, f]) => f === active) ? active : activeKey && findField(activeKey));
      if (field) {
        field.focus({ preventScroll: true });
        if (selection) { try { field.setSelectionRange(selection[0], selection[1]); } catch (e) { /* not a text field */ } }
      } else if (active) {
        // The same card's same button; else the row now in its place in the same list (the next
        // card after a Done, so the keyboard can go on down the list); else the card wherever it went.
        const ref = focusKey && '[data-ref="' + CSS.escape(focusKey[0]) + '"]';
        const same = focusKey && focusKey[1] ? ' form[data-action="' + focusKey[1] + '"] button' : " button";
        let again = ref && focusKey[1] && document.querySelector(ref + same);
        if (!again && list && document.getElementById(list)) {
          const rows = document.getElementById(list).children;
          const row = rows[Math.min(place, rows.length - 1)];
          again = row && (row.querySelector(same.trim()) || row.querySelector("button, a"));
        }
        if (!again && ref) again = document.querySelector(ref + " button") || document.querySelector(ref + " a");
        (again || main).focus({ preventScroll: true });
      }
      wire();
    } finally {
      refreshing = false;
    }
  }

  // Follow the vault: ask for its version; when it moved, fetch the page again. A hidden tab
  // does not ask; it asks at once when it is shown again.
  let etag = null, pollTimer = null, polling = false;
  async function poll() {
    pollTimer = null;
    polling = true;
    try {
      const headers = etag ? { "If-None-Match": etag } : {};
      const response = await fetch("/changes", { credentials: "same-origin", headers, cache: "no-cache" });
      if (response.status === 401) {
        if (!lostContact) say(expired, true);
        lostContact = true;
      } else {
        if (lostContact) { lostContact = false; say("The server answers again."); }
        if (response.status === 200) {
          etag = response.headers.get("ETag");
          const { version } = await response.json();
          if (String(version) !== document.body.dataset.version) await refresh();
        }
        await remind();
      }
    } catch (e) {
      if (!lostContact) say(stopped + " Changes made here until then are not saved.", true);
      lostContact = true;
    }
    polling = false;
    if (!document.hidden && pollTimer === null) pollTimer = setTimeout(poll, 700);
  }
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) { clearTimeout(pollTimer); pollTimer = null; }
    else if (pollTimer === null && !polling) poll();
  });

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

  let lastTap = null;
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!form.dataset.action) return;
    event.preventDefault();
    // A second tap while the first is on its way does nothing; both would carry the same id anyway.
    if (form.getAttribute("aria-busy") === "true") return;
    // Rows move up after a change; a tap at the same place just after lands on the next row, not by choice.
    const row = form.closest("[data-ref]"), list = row && row.parentElement;
    const place = list && list.id ? [list.id, [...list.children].indexOf(row), form.dataset.action].join(":") : null;
    if (place && lastTap && lastTap.place === place && Date.now() - lastTap.at < 1000) return;
    if (!form.dataset.nonce) form.dataset.nonce = nonce();
    const data = new FormData(form);
    data.set("nonce", form.dataset.nonce);
    // Marked busy, not disabled: a disabled button would lose the keyboard's focus.
    form.setAttribute("aria-busy", "true");
    post(form.dataset.action, data, form).then((ok) => {
      form.removeAttribute("aria-busy");
      if (ok && place) lastTap = { place, at: Date.now() };
      // A form that stays (quick capture) gets a new id for its next action.
      if (ok) delete form.dataset.nonce;
      if (ok && form.dataset.action === "add") { const input = document.getElementById("capture"); input.value = ""; input.focus(); }
    });
  });

"""# + jsDrag + #"""
  function wire() { wireStrip(); wireBoard(); wireNow(); }
  wire();

  // The installable app: a service worker keeps the shell and the last copy of each view.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js").catch(() => { /* not over plain HTTP on a network; the page works without it */ });
  }
  if (document.body.dataset.offline) {
    lostContact = true;
    say("Offline: this is the copy of this page kept on this device, and it may be out of date. "
      + "Changes cannot be made until the server answers again; nothing is queued.", true);
  }
  if (!document.hidden) pollTimer = setTimeout(poll, 700);
})();
"""#
}
