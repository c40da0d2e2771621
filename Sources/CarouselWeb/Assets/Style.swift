/// The stylesheet: system fonts, large targets, light and dark from the system, no motion when
/// the system asks for less.
extension Assets {
    static let css = #"""
:root { --bg: #fbfaf7; --fg: #2b2b2b; --muted: #5c5c5c; --card: #ffffff; --line: #e3e0d8; --accent: #355f9e;
  --done: #3d7d47; --warn: #8a5700; --planned: #6b8fd6; --free: #d6d3cc; --focus: #1a5fd0;
  --personal: #cfe0ff; --work: #f6cdea; --health: #cdeccf; --creative: #fff0b8; --other: #e8e8e8;
  --errbg: #fdecea; --errfg: #7a1c12; --errline: #c0392b; --column: #fcfbf9; --today: #e4e9ef; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #1c1d1f; --fg: #e6e4df; --muted: #a3a09a; --card: #26282b; --line: #3a3c40; --accent: #8fb3ff;
    --done: #7cc58a; --warn: #f0b44c; --planned: #8fb3ff; --free: #45474b; --focus: #9cc0ff;
    --personal: #2e3d5c; --work: #553049; --health: #2e4a33; --creative: #51482a; --other: #3a3a3a;
    --errbg: #3b1d1a; --errfg: #ffd2cc; --errline: #ff8a7a; --column: #232527; --today: #2a2f3a; }
}
* { box-sizing: border-box; }
html { font-size: 17px; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif; }
a { color: var(--accent); }
a:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, textarea:focus-visible, [tabindex]:focus-visible {
  outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -999px; } .skip:focus { left: 1rem; top: 1rem; background: var(--card); padding: .5rem; z-index: 9; }
.visually-hidden { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
header { display: flex; flex-wrap: wrap; gap: .75rem 1.5rem; align-items: center; padding: .75rem 1.5rem;
  border-bottom: 1px solid var(--line); background: var(--card); }
header nav { display: flex; flex-wrap: wrap; gap: .25rem; }
header nav a { padding: .45rem .7rem; border-radius: .5rem; text-decoration: none; color: var(--fg); }
header nav a[aria-current=page] { background: var(--bg); font-weight: 600; box-shadow: inset 0 -3px 0 var(--accent); }
.capture { display: flex; gap: .5rem; flex: 1 1 14rem; }
.capture input { flex: 1; min-width: 0; width: 8rem; }
.bell { flex: none; font: inherit; font-size: .9rem; min-height: 2.5rem; padding: .35rem .75rem; border-radius: .6rem; cursor: pointer;
  background: transparent; color: var(--muted); border: 1px solid var(--line); }
.bell[aria-pressed=true] { color: var(--fg); border-color: var(--accent); }
input, select, textarea { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: .5rem;
  padding: .5rem .65rem; min-height: 2.5rem; }
main { max-width: 70rem; margin: 0 auto; padding: 1.25rem 1.5rem 3rem; overflow-wrap: anywhere; }
main:focus { outline: none; }
h1 { font-size: 1.6rem; font-weight: 600; margin: .5rem 0 1rem; }
h2 { font-size: 1.1rem; font-weight: 600; margin: 1.5rem 0 .5rem; }
.muted, .meta { color: var(--muted); }
.meta { font-size: .9rem; }
.warn { color: var(--warn); }
form.inline { display: inline; }
.button { font: inherit; min-height: 2.5rem; min-width: 2.5rem; padding: .4rem .9rem; border-radius: .6rem; cursor: pointer;
  border: 1px solid var(--accent); background: var(--accent); color: var(--bg); }
.button.quiet { background: transparent; color: var(--accent); border-color: var(--line); }
.link { background: none; border: none; color: var(--accent); font: inherit; cursor: pointer; text-decoration: underline; padding: .5rem; }
.actions { display: inline-flex; flex-wrap: wrap; gap: .35rem; margin-left: auto; }
ol.today, ul.today { list-style: none; padding: 0; margin: 0 0 .75rem; }
.today .item { display: flex; align-items: center; gap: .75rem; padding: .55rem .75rem; margin: .35rem 0; background: var(--card);
  border: 1px solid var(--line); border-radius: .75rem; }
.today .num { color: var(--muted); min-width: 1.5rem; }
.today.done .item, .today.done .title { color: var(--muted); }
.spoons { letter-spacing: .1em; color: var(--accent); font-size: .9rem; }
.spoonbar { display: flex; align-items: center; gap: 1rem; flex-wrap: wrap; margin: .75rem 0; }
.spoonbar .dots { display: inline-flex; gap: .3rem; }
.dot { width: 1rem; height: 1rem; border-radius: 50%; display: inline-block; background: var(--free); }
.dot.done { background: var(--done); } .dot.planned { background: var(--planned); } .dot.over { background: var(--warn); }
.strip { display: flex; gap: 1rem; overflow-x: auto; scroll-snap-type: x mandatory; padding: .5rem .25rem 1rem;
  scroll-behavior: smooth; cursor: grab; overscroll-behavior-x: contain; }
.strip.dragging { cursor: grabbing; scroll-snap-type: none; scroll-behavior: auto; user-select: none; }
.strip .card { flex: 0 0 15rem; scroll-snap-align: start; display: flex; flex-direction: column; gap: .25rem; padding: 1rem;
  border-radius: 1rem; background: var(--card); border: 1px solid var(--line); min-height: 12rem; }
.strip .card h3 { margin: 0; font-size: 1.05rem; font-weight: 600; }
.strip .card .actions { margin: auto 0 0; }
.card .emoji { font-size: 1.8rem; }
.card.cat-personal { border-top: 6px solid var(--personal); } .card.cat-work { border-top: 6px solid var(--work); }
.card.cat-health { border-top: 6px solid var(--health); } .card.cat-creative { border-top: 6px solid var(--creative); }
.title { text-decoration: none; color: var(--fg); font-weight: 500; }
.title:hover { text-decoration: underline; }
.counts a { margin-right: .1rem; }
.board { display: grid; grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr)); gap: 1rem; align-items: start; }
.column { background: var(--column); border: 1px solid var(--line); border-radius: 1rem;
  padding: .25rem .75rem .75rem; min-height: 10rem; }
.column.drop-target { outline: 3px dashed var(--accent); }
.column h2 { font-size: 1rem; } .column .count { color: var(--muted); font-weight: 400; }
.column ul.cards { list-style: none; margin: 0; padding: 0; }
.column .card { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .55rem .65rem;
  margin: .5rem 0; display: grid; grid-template-columns: auto 1fr; gap: .5rem; align-items: start; cursor: grab; }
.column .card .grip { color: var(--muted); line-height: 1.5; touch-action: none; }
.column .card.lifted { outline: 2px solid var(--accent); }
form[aria-busy=true] button { opacity: .6; cursor: progress; }
form.amount { display: inline-flex; gap: .4rem; align-items: center; } form.amount input[type=number] { width: 6.5rem; }
#status .undo, #status .again { flex: none; color: var(--bg); border-color: var(--bg); }
.column .card .card-body { display: flex; flex-direction: column; gap: .1rem; min-width: 0; }
.column .card details.move summary { color: var(--accent); cursor: pointer; font-size: .85rem; padding: .2rem 0; width: max-content; }
.column .card .move-form { display: flex; flex-wrap: wrap; gap: .35rem; margin-top: .25rem; }
.column .card .move-form select { flex: 1 1 6rem; min-width: 0; }
.ghost { position: fixed; pointer-events: none; opacity: .85; z-index: 10; box-shadow: 0 8px 24px rgba(0,0,0,.2); }
.tabs { display: flex; flex-wrap: wrap; gap: .4rem; margin-bottom: 1rem; }
.tab { padding: .4rem .8rem; border: 1px solid var(--line); border-radius: .5rem; text-decoration: none; }
.tab[aria-current=page] { background: var(--accent); color: var(--bg); }
table.month { width: 100%; border-collapse: collapse; table-layout: fixed; }
table.month caption { font-weight: 600; text-align: left; padding: .25rem 0; }
table.month:not(.small) caption { position: absolute; width: 1px; height: 1px; margin: -1px; overflow: hidden; clip-path: inset(50%); }
table.month th { font-weight: 500; color: var(--muted); font-size: .85rem; }
table.month td { vertical-align: top; border: 1px solid var(--line); height: 6rem; padding: .25rem; font-size: .85rem; overflow: hidden; }
table.month td ul { list-style: none; margin: 0; padding: 0; }
table.month td li { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
table.month td.is-today, li.day.is-today { background: var(--today); }
table.month .date { font-weight: 600; text-decoration: none; }
.year { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: 1.25rem; }
table.month.small td { height: 2rem; text-align: center; padding: 0; }
table.month.small td.busy .date { text-decoration: underline; }
ol.days { list-style: none; padding: 0; } li.day { border-bottom: 1px solid var(--line); padding: .25rem .5rem; }
li.done, .slot.done, li.done .title, .slot.done .title { color: var(--muted); }
svg.bubbles { width: 100%; height: auto; max-height: 80vh; }
svg .bubble circle { transition: opacity .2s; } svg .bubble:hover circle, svg .bubble:focus circle { opacity: .8; stroke-width: 3; }
svg .cluster-label { font-weight: 600; font-size: 14px; }
ul.habits { list-style: none; padding: 0; }
.habit { display: grid; grid-template-columns: 1.5rem minmax(8rem, 1.4fr) 1.4fr 1fr 6rem auto; gap: .75rem; align-items: center;
  padding: .5rem .75rem; margin: .35rem 0; background: var(--card); border: 1px solid var(--line); border-radius: .75rem; }
.habit.done .mark { color: var(--done); } .habit.not-today, .habit.ended { color: var(--muted); }
.heatmap { display: grid; grid-auto-flow: column; grid-template-rows: repeat(7, 1rem); gap: 3px; width: max-content; }
.heatmap .cell { width: 1rem; height: 1rem; border-radius: 3px; background: var(--free); }
.heatmap .l1 { background: color-mix(in srgb, var(--done) 30%, var(--free)); }
.heatmap .l2 { background: color-mix(in srgb, var(--done) 55%, var(--free)); }
.heatmap .l3 { background: color-mix(in srgb, var(--done) 80%, var(--free)); }
.heatmap .l4 { background: var(--done); } .heatmap .l-1 { opacity: .35; }
ul.countdown { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: 1rem; }
.event { background: var(--card); border: 1px solid var(--line); border-radius: 1rem; padding: 1rem; display: flex; flex-direction: column; gap: .25rem; }
.big-emoji { font-size: 3.5rem; line-height: 1.1; } .event .days { font-size: 1.4rem; font-weight: 600; }
.timeline { position: relative; border-left: 2px solid var(--line); margin-left: 3.5rem; }
.timeline .hour { position: absolute; left: -3.5rem; width: calc(100% + 3.5rem); border-top: 1px dashed var(--line);
  color: var(--muted); font-size: .8rem; }
.timeline .slot { position: absolute; width: 45%; background: var(--card); border: 1px solid var(--line); border-left: 5px solid var(--planned);
  border-radius: .5rem; padding: .15rem .5rem; overflow: hidden; font-size: .9rem; display: flex; flex-wrap: wrap; gap: 0 .75rem; }
.timeline .slot.overlap { border-left-color: var(--warn); }
.timeline .now { position: absolute; left: -.5rem; right: 0; height: 0; border-top: 2px solid #d64545; transition: top 1s linear; }
.timeline .now::before { content: "now"; position: absolute; right: 0; top: -1.2rem; color: #d64545; font-size: .8rem; }
.coach { font-size: 1.15rem; }
ol.chart { list-style: none; display: flex; gap: 1rem; align-items: flex-end; padding: 0; height: 12rem; }
ol.chart li { display: flex; flex-direction: column; align-items: center; gap: .2rem; flex: 1; }
ol.chart .bar { position: relative; width: 100%; max-width: 3rem; height: 9rem; background: var(--free); border-radius: .4rem; overflow: hidden; }
ol.chart .planned, ol.chart .done { position: absolute; bottom: 0; left: 0; right: 0; }
ol.chart .planned { background: var(--planned); opacity: .45; } ol.chart .done { background: var(--done); }
form.note { display: flex; flex-direction: column; gap: .5rem; max-width: 36rem; }
form.note .button { align-self: flex-start; }
dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: .3rem 1rem; }
dl.fields dt { color: var(--muted); }
.tag { display: inline-block; padding: 0 .5rem; margin: 0 .35rem .25rem 0; border: 2px solid var(--line); border-radius: 999px; }
.tag-black { border-color: var(--fg); } .tag-red { border-color: #d0453a; } .tag-green { border-color: #3e9a4c; }
.tag-yellow { border-color: #d9a400; } .tag-blue { border-color: #3f6fd0; } .tag-magenta { border-color: #b84aa8; }
.tag-cyan { border-color: #1f9aa8; } .tag-white { border-color: var(--free); }
.body { background: var(--card); border: 1px solid var(--line); border-radius: .75rem; padding: .5rem 1.25rem; margin: 1rem 0; }
ol.history { padding-left: 1.25rem; } ol.history ul.fields { font-size: .85rem; color: var(--muted); }
.set { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: .75rem 0; }
#status { position: fixed; bottom: 1rem; left: 50%; transform: translateX(-50%); background: var(--fg); color: var(--bg);
  padding: .6rem 1rem; border-radius: .75rem; opacity: 0; transition: opacity .3s; pointer-events: none; max-width: min(90vw, 40rem);
  display: flex; gap: .75rem; align-items: center; z-index: 9; }
#status:empty { display: none; }
#status.show { opacity: 1; pointer-events: auto; }
#status.error { background: var(--errbg); color: var(--errfg); border: 2px solid var(--errline); border-left-width: .5rem; }
#status.error::before { content: "⚠"; font-size: 1.2rem; }
#status .dismiss { flex: none; color: var(--errfg); border-color: var(--errline); }
#status.error.away { background: var(--card); color: var(--fg); border: 1px solid var(--line); font-size: .9rem; padding: .4rem .8rem; }
#status.error.away::before { content: "☁"; }
#status.away .dismiss { color: var(--fg); border-color: var(--line); }
.error-text { background: var(--errbg); color: var(--errfg); border: 2px solid var(--errline); border-left-width: .5rem;
  border-radius: .5rem; padding: .6rem .9rem; }
main.problem { max-width: 40rem; padding-top: 3rem; }
a.button { display: inline-flex; align-items: center; text-decoration: none; }
.undo-link { display: inline-flex; align-items: center; min-height: 2.75rem; padding: 0 .5rem; }
.undo-form { display: flex; flex-wrap: wrap; gap: .5rem; margin: 1rem 0; }
ul.undo-files { margin: 0; padding-left: 1.1rem; }
ul.more-list { list-style: none; padding: 0; margin: 0; }
ul.more-list a { display: flex; align-items: center; min-height: 3rem; padding: 0 .75rem; border-bottom: 1px solid var(--line);
  text-decoration: none; font-size: 1.1rem; }
ul.bubble-list { list-style: none; padding: 0; }
ul.bubble-list li { display: flex; flex-wrap: wrap; align-items: center; gap: 0 .75rem; padding: .25rem .75rem; margin: .35rem 0;
  background: var(--card); border: 1px solid var(--line); border-left: 6px solid var(--other); border-radius: .75rem; }
ul.bubble-list li.cat-personal { border-left-color: var(--personal); } ul.bubble-list li.cat-work { border-left-color: var(--work); }
ul.bubble-list li.cat-health { border-left-color: var(--health); } ul.bubble-list li.cat-creative { border-left-color: var(--creative); }
.tabbar, .agenda, .bubble-list { display: none; }
#status.celebrate { animation: glow 1.6s ease-out 1; }
@keyframes glow { 0% { box-shadow: 0 0 0 0 rgba(255, 196, 0, .7); } 100% { box-shadow: 0 0 0 1.2rem rgba(255, 196, 0, 0); } }
img.attachment { display: block; max-width: 100%; height: auto; border-radius: .5rem; margin: .5rem 0; }
footer { text-align: center; color: var(--muted); padding: 1rem; font-size: .9rem; }
pre.error { white-space: pre-wrap; background: var(--card); padding: 1rem; border-radius: .5rem; }
/* A phone (up to about 750 px): a compact header, one view at a time with a tab bar at the
   bottom, 44 px targets, and room for the notch and the home indicator (safe-area insets). */
@media (max-width: 44rem) {
  .column .card .grip { min-width: 2.75rem; min-height: 2.75rem; display: flex; align-items: center; justify-content: center; margin: -.55rem 0 -.55rem -.65rem; }
  html { font-size: 16px; }
  header { position: sticky; top: 0; z-index: 6; gap: .5rem; flex-wrap: nowrap;
    padding: max(.5rem, env(safe-area-inset-top)) max(.75rem, env(safe-area-inset-right)) .5rem max(.75rem, env(safe-area-inset-left)); }
  header nav.views { display: none; }
  .capture { flex: 1 1 auto; min-width: 0; }
  main { padding: 1rem max(.75rem, env(safe-area-inset-right)) 2rem max(.75rem, env(safe-area-inset-left)); }
  h1 { font-size: 1.35rem; margin: .25rem 0 .75rem; }
  footer { padding-bottom: calc(4.5rem + env(safe-area-inset-bottom)); }
  .tabbar { display: flex; position: fixed; left: 0; right: 0; bottom: 0; z-index: 8; background: var(--card);
    border-top: 1px solid var(--line); padding: 0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left); }
  .tabbar a { flex: 1 1 0; min-width: 44px; min-height: 3.25rem; display: flex; flex-direction: column; align-items: center;
    justify-content: center; text-decoration: none; color: var(--muted); font-size: .75rem; line-height: 1.2; }
  .tabbar a[aria-current=page] { color: var(--accent); font-weight: 600; box-shadow: inset 0 3px 0 var(--accent); }
  .tab-icon { font-size: 1.25rem; }
  .button, .bell, input, select, textarea, .tab, summary { min-height: 44px; }
  .button, .bell { min-width: 44px; }
  .tab, .column .card details.move summary { display: inline-flex; align-items: center; }
  a.title, a.date, .counts a, .agenda h2 a { display: inline-flex; align-items: center; min-height: 44px; }
  .today .item { flex-wrap: wrap; gap: .25rem .5rem; padding: .4rem .6rem; }
  .today .item .title { flex: 1 1 8rem; min-width: 0; }
  .today .item .actions { flex: 1 0 100%; justify-content: flex-end; margin-left: 0; }
  .strip .card { flex-basis: min(80vw, 17rem); }
  .habit { grid-template-columns: 1.5rem 1fr; gap: .25rem .5rem; }
  .habit > .meta, .habit > meter, .habit > .actions { grid-column: 2; }
  .habit > .actions { margin-left: 0; }
  table.month:not(.small) { display: none; }
  .agenda { display: block; }
  svg.bubbles { display: none; }
  .bubble-list { display: block; }
  .year { grid-template-columns: 1fr; }
  .column { min-height: 0; }
  .agenda li.day { padding: .25rem 0; } .agenda h2 { margin: .5rem 0 0; font-size: 1rem; } .agenda ul { margin: 0; padding-left: 1.1rem; }
  table.month.small td { height: auto; }
  a.date { justify-content: center; min-width: 44px; }
  table.month caption a { display: inline-flex; align-items: center; min-height: 44px; min-width: 44px; }
  dl.fields { grid-template-columns: 1fr; gap: 0; } dl.fields dd { margin: 0 0 .5rem; }
  .set > * { flex: 1 1 auto; }
  .timeline { margin-left: 3rem; } .timeline .hour { left: -3rem; width: calc(100% + 3rem); }
  .timeline .slot { width: 46%; }
  #status { bottom: calc(4.25rem + env(safe-area-inset-bottom)); width: calc(100vw - 1.5rem); max-width: none; }
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after { transition: none !important; animation: none !important; scroll-behavior: auto !important; }
}
"""#
}
