// Bao on the site: remember the viewer's time zone (a cookie the server reads to write
// deadlines in it) and, until then, show each deadline in the browser's own time zone.
(function () {
  "use strict";
  var zone = "";
  try { zone = Intl.DateTimeFormat().resolvedOptions().timeZone || ""; } catch (e) { zone = ""; }
  if (zone && document.cookie.indexOf("tz=" + encodeURIComponent(zone)) === -1) {
    document.cookie = "tz=" + encodeURIComponent(zone) + "; path=/; max-age=31536000; samesite=lax";
  }
  function fill(root) {
    // Each instant is said once: in the browser's zone, with UTC beside it only when the two
    // differ (the server wrote UTC; it writes the zone itself once the cookie is back).
    var items = root.querySelectorAll("[data-local]");
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      var when = new Date(item.getAttribute("data-local"));
      item.removeAttribute("data-local");
      if (isNaN(when.getTime()) || when.getTimezoneOffset() === 0) { continue; }
      var utc = item.textContent;
      // sv-SE writes dates as 2026-03-01 14:05, like the server does.
      item.textContent = when.toLocaleString("sv-SE", {
        year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit"
      }) + (zone ? " " + zone : "");
      var beside = document.createElement("span");
      beside.className = "utc";
      beside.textContent = " (" + utc + ")";
      item.parentNode.insertBefore(beside, item.nextSibling);
    }
  }
  // A refused typed move (issue 29 item 12): the cursor back in the move box, and the reason
  // just above it in sight, where the player looks (not the top of the board).
  function focusRefusal() {
    var box = document.querySelector("#game [autofocus]");
    if (!box) { return; }
    var alert = document.getElementById("move-error");
    box.focus({ preventScroll: true });
    if (alert) { alert.scrollIntoView({ block: "nearest" }); }
    box.scrollIntoView({ block: "nearest" });
  }
  // The board by keyboard (issue 29, accessible pages): one Tab stop on the board (the chosen
  // pit, else the first ringed one, in reading order), the arrow keys move between the pits
  // as drawn, Enter or Space on a ringed pit chooses it as a tap does; then the focus is on
  // the first direction (or nyumba) button, and the arrow keys move between those buttons.
  var STEPS = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [-1, 0], ArrowDown: [1, 0] };
  function board() { return document.querySelector("#game svg.bao-board[role=group]"); }
  function rove() {
    var svg = board();
    if (!svg) { return; }
    var pits = svg.querySelectorAll("[data-pit]");
    var stop = svg.querySelector("a.selected") || svg.querySelector("a.choosable");
    for (var i = 0; i < pits.length; i++) {
      pits[i].setAttribute("tabindex", pits[i] === stop ? "0" : "-1");
    }
  }
  function focusChoice() {
    if (document.querySelector("#game [autofocus]")) { return; }
    var active = document.activeElement;
    if (active && active !== document.body && active.closest(".choices")) { return; }
    var next = document.querySelector("#game .choices [data-house], #game .choices [data-sign]");
    if (next && /[?&]pit=/.test(window.location.search)) { next.focus(); }
  }
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (!target.closest || event.ctrlKey || event.metaKey || event.altKey) { return; }
    var pit = target.closest("svg.bao-board [data-pit]");
    if (pit) {
      if (event.key === "Enter" || event.key === " ") {
        if (event.key === " " || pit.classList.contains("choosable")) { event.preventDefault(); }
        if (pit.classList.contains("choosable")) { window.location.assign(pit.getAttribute("href")); }
        return;
      }
      var step = STEPS[event.key];
      if (!step) { return; }
      event.preventDefault();
      var row = Number(pit.getAttribute("data-row")) + step[0];
      var col = Number(pit.getAttribute("data-col")) + step[1];
      var next = pit.ownerSVGElement.querySelector('[data-row="' + row + '"][data-col="' + col + '"]');
      if (!next) { return; }
      pit.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
      return;
    }
    var choice = target.closest(".choices .buttons [data-sign], .choices .buttons [data-house]");
    if (choice && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      var all = choice.parentNode.querySelectorAll("[data-sign], [data-house]");
      var at = Array.prototype.indexOf.call(all, choice) + (event.key === "ArrowLeft" ? -1 : 1);
      if (at >= 0 && at < all.length) { event.preventDefault(); all[at].focus(); }
    }
  });
  document.addEventListener("DOMContentLoaded", function () {
    fill(document); rove(); focusChoice(); focusRefusal();
  });
  // Going to the page's #game moves the focus to the page itself once it has loaded: the
  // chosen pit's directions take it back then.
  window.addEventListener("load", function () { window.setTimeout(focusChoice, 0); });
  document.addEventListener("htmx:afterSwap", function (event) { fill(event.target); });
  document.addEventListener("htmx:afterSettle", function () { fill(document); rove(); focusRefusal(); });
})();
