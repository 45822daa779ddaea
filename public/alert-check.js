// Runs before the page paints: hides the alert when this visitor already dismissed it, so it
// never flashes. The key format is dismissalKey() in src/components/alert-banner/dismissal.ts.
(function () {
  try {
    var script = document.currentScript;
    var id = script && script.getAttribute("data-alert-id");
    if (id && window.localStorage.getItem("alert-dismissed:" + id) === "1") {
      document.documentElement.setAttribute("data-alert-dismissed", "");
    }
  } catch {
    // Storage blocked: the alert shows, and its close button still works on this page.
  }
})();
