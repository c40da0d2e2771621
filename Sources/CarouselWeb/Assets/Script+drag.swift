extension Assets {
    /// The page's dragging, inside the script's one function (`js`): the carousel flicks, board
    /// cards move to a column, and the timeline's line for now moves.
    static let jsDrag = #"""
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
        // A finger or a pen scrolls over a card; only the grip (⠿) lifts it. A mouse drags it from anywhere.
        if (e.pointerType !== "mouse" && !e.target.closest(".grip")) return;
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

"""#
}
