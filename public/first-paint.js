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
  //    Keys: Enter and Space on a button make a click, held as such; another key a button
  //    acts on is named in its data-key (a dropdown toggle's Down) and held as the control's
  //    heldKey, made again instead of its click: pressed after Enter, Down does all Enter did.
  var pending = [];
  // Whether the control's island has yet to run its script.
  function early(control) {
    var island = control.closest("astro-island");
    return island && island.hasAttribute("ssr");
  }
  function hold(control) {
    if (pending.indexOf(control) === -1) pending.push(control);
  }
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
      if (!control || control.type !== "button" || !early(control)) return;
      var fieldId = control.getAttribute("data-copy-field");
      var field = fieldId && document.getElementById(fieldId);
      if (field) copyNow(control, field);
      else hold(control);
    },
    true,
  );
  document.addEventListener(
    "keydown",
    function (event) {
      var control = event.target;
      if (control.getAttribute("data-key") !== event.key || !early(control)) return;
      event.preventDefault(); // Down would scroll the page meanwhile.
      control.heldKey = event.key;
      hold(control);
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
          var key = control.heldKey;
          if (!control.isConnected || control.disabled) return;
          if (!key) control.click();
          // A key goes to the focused element: made again only where focus still is. (Made by
          // script, it has no default action to prevent: React's handler is all it reaches.)
          else if (document.activeElement === control)
            control.dispatchEvent(new window.KeyboardEvent("keydown", { key: key, bubbles: true }));
        });
      });
    },
    true,
  );
})();
