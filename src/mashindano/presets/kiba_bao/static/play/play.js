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
    var items = root.querySelectorAll("[data-local]");
    for (var i = 0; i < items.length; i++) {
      var when = new Date(items[i].getAttribute("data-local"));
      if (isNaN(when.getTime())) { continue; }
      // sv-SE writes dates as 2026-03-01 14:05, like the server does.
      items[i].textContent = " · " + when.toLocaleString("sv-SE", {
        year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit"
      }) + (zone ? " " + zone : "");
      items[i].hidden = false;
    }
  }
  document.addEventListener("DOMContentLoaded", function () { fill(document); });
  document.addEventListener("htmx:afterSwap", function (event) { fill(event.target); });
})();
