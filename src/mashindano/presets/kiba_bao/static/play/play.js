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
  document.addEventListener("DOMContentLoaded", function () { fill(document); focusRefusal(); });
  document.addEventListener("htmx:afterSwap", function (event) { fill(event.target); });
  document.addEventListener("htmx:afterSettle", function () { fill(document); focusRefusal(); });
})();
