// Runs before the page paints (a small blocking script, so both of its jobs hold from the first
// frame). The site's CSP allows it as a file of the site's own; the build only minifies it.
(function () {
  // 1. Hides the alert when this visitor already dismissed it, so it never flashes. The key
  //    format is dismissalKey() in src/components/alert-banner/dismissal.ts.
  try {
    var script = document.currentScript;
    var id = script && script.getAttribute("data-alert-id");
    if (id && window.localStorage.getItem("alert-dismissed:" + id) === "1") {
      document.documentElement.setAttribute("data-alert-dismissed", "");
    }
  } catch {
    // Storage blocked: the alert shows, and its close button still works on this page.
  }

  // 2. No dead clicks. The header, the alert and the share block are drawn by the server and
  //    work once their island's script has run (hydration). A press on one of their buttons
  //    before that is held here and made again as soon as the island is ready, so it is never
  //    lost (docs/decisions.md). Links and forms work without script and are left alone.
  //    Copy link is not held: a browser lets a page write the clipboard only during the
  //    visitor's own press (WebKit refused the replayed one), so it is copied here and now.
  var pending = [];
  // Selects the field's link, shown, and starts the copy; the share block reports the outcome
  // once hydrated (earlyCopy in src/components/share-block/use-share-actions.ts).
  function copyNow(control, field) {
    var copy;
    field.focus();
    field.setSelectionRange(0, field.value.length);
    try {
      copy = navigator.clipboard.writeText(field.value);
    } catch (error) {
      copy = Promise.reject(error);
    }
    copy.catch(function () {}); // Reported by the share block, not as an unhandled rejection.
    control.earlyCopy = copy;
  }
  document.addEventListener(
    "click",
    function (event) {
      var target = event.target;
      var control = target && target.closest ? target.closest("button") : null;
      if (!control || control.type !== "button") return;
      var island = control.closest("astro-island");
      if (!island || !island.hasAttribute("ssr")) return;
      var fieldId = control.getAttribute("data-copy-field");
      var field = fieldId && document.getElementById(fieldId);
      if (field) copyNow(control, field);
      else if (pending.indexOf(control) === -1) pending.push(control);
    },
    true,
  );
  document.addEventListener(
    "astro:hydrate",
    function (event) {
      var island = event.target;
      var ready = pending.filter(function (control) {
        return island.contains(control);
      });
      pending = pending.filter(function (control) {
        return !island.contains(control);
      });
      // After React's own work of this turn, as if the visitor pressed it now.
      window.setTimeout(function () {
        ready.forEach(function (control) {
          if (control.isConnected && !control.disabled) control.click();
        });
      });
    },
    true,
  );
})();
