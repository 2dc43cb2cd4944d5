// The live view: shows one panel at a time (pairings, then each standings table), and asks
// for the panels again every second with the ETag it holds. The server answers 304 until the
// event changes, so a new result appears within about a second and a half, without a reload.
(function () {
  "use strict";
  var root = document.getElementById("live");
  if (!root) { return; }
  var url = root.getAttribute("data-panels-url");
  var pollMs = parseInt(root.getAttribute("data-poll-ms"), 10) || 1000;
  var rotateMs = (parseInt(root.getAttribute("data-rotate-seconds"), 10) || 15) * 1000;
  var etag = null;
  var shown = 0;
  var clock = document.getElementById("live-clock");
  var checkedWord = (clock && clock.getAttribute("data-checked")) || "checked";
  var lostWord = (clock && clock.getAttribute("data-lost")) || "connection lost, retrying";

  function panels() { return root.querySelectorAll(".panel"); }

  function show(index) {
    var all = panels();
    if (!all.length) { return; }
    shown = ((index % all.length) + all.length) % all.length;
    for (var i = 0; i < all.length; i++) { all[i].hidden = i !== shown; }
  }

  function stamp(text) {
    if (clock) { clock.textContent = text; }
  }

  function poll() {
    var headers = {};
    if (etag) { headers["If-None-Match"] = etag; }
    fetch(url, { headers: headers, cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 304) { return null; }
        if (!response.ok) { throw new Error("status " + response.status); }
        etag = response.headers.get("ETag");
        return response.text();
      })
      .then(function (html) {
        if (html !== null && html !== undefined) {
          root.innerHTML = html;
          show(shown);
        }
        stamp(checkedWord + " " + new Date().toLocaleTimeString());
      })
      .catch(function () { stamp(lostWord); })
      .then(function () { window.setTimeout(poll, pollMs); });
  }

  show(0);
  window.setInterval(function () { show(shown + 1); }, rotateMs);
  poll();
})();
