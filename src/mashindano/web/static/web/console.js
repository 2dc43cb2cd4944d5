// The console's results grid, keyboard first: in an empty result box, 1, 0, = (or ½), + and -
// type the whole result (1-0, 0-1, 1/2-1/2, +-, -+), those of the preset's results only (the
// grid's data-keys: no draw in Bao); Enter saves it (htmx posts the row's form
// and swaps the row), and the next board without a result gets the focus. A refused result
// keeps the focus on its own box, with the message beside it. No inline script (CSP).
(function () {
  "use strict";
  var KEYS = { "1": "1-0", "0": "0-1", "=": "1/2-1/2", "½": "1/2-1/2", "+": "+-", "-": "-+" };
  var lastRow = null;

  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (!box.classList || !box.classList.contains("result-input")) { return; }
    if (event.ctrlKey || event.metaKey || event.altKey) { return; }
    var grid = box.closest("#grid");
    var allowed = grid ? grid.getAttribute("data-keys") : null;  // the preset's results only
    if (allowed !== null && allowed.indexOf(event.key) < 0) { return; }
    if (box.value === "" && Object.prototype.hasOwnProperty.call(KEYS, event.key)) {
      box.value = KEYS[event.key];
      event.preventDefault();
    }
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var row = event.target.closest ? event.target.closest("tr") : null;
    lastRow = row ? row.id : null;
  });

  function boxes() {
    return Array.prototype.slice.call(document.querySelectorAll("#grid .result-input"));
  }

  document.addEventListener("htmx:afterSettle", function () {
    if (!lastRow) { return; }
    var row = document.getElementById(lastRow);
    lastRow = null;
    if (!row) { return; }
    var own = row.querySelector(".result-input");
    if (own && own.getAttribute("aria-invalid") === "true") { own.focus(); own.select(); return; }
    var all = boxes();
    for (var i = 0; i < all.length; i++) {
      if (row.compareDocumentPosition(all[i]) & Node.DOCUMENT_POSITION_FOLLOWING) {
        all[i].focus();
        return;
      }
    }
    if (all.length) { all[0].focus(); }
  });

  // Arrow keys move between the boards (issue 29, accessible pages): ↑ and ↓ go to the result
  // cell of the row above or below (its box when it has no result yet, the cell itself when
  // it has one); Enter on a saved result's cell opens its correction (or ruling) form.
  function entryOf(target) {
    var cell = target.closest ? target.closest("#grid td.entry") : null;
    return cell && (target === cell || target.classList.contains("result-input")) ? cell : null;
  }
  function focusCell(cell) {
    var box = cell.querySelector(".result-input");
    if (box) { box.focus(); box.select(); return; }
    cell.setAttribute("tabindex", "-1");
    cell.focus();
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey) { return; }
    var cell = entryOf(event.target);
    if (!cell) { return; }
    if (event.key === "Enter" && event.target === cell) {
      var edit = cell.querySelector("a[href]");
      if (edit) { event.preventDefault(); edit.click(); }
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") { return; }
    var row = cell.parentNode;
    do {
      row = event.key === "ArrowDown" ? row.nextElementSibling : row.previousElementSibling;
    } while (row && !row.querySelector("td.entry"));
    if (!row) { return; }
    event.preventDefault();
    focusCell(row.querySelector("td.entry"));
  });

  // The first empty board has the focus when the grid opens.
  document.addEventListener("DOMContentLoaded", function () {
    var all = boxes();
    if (all.length) { all[0].focus(); }
  });
})();
