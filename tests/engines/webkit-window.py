"""A bare WebKitGTK browser for WebKitWebDriver: one window per page, exactly --size=WxH.

MiniBrowser, the browser WebKitGTK ships for automation, cannot be made narrower than about
447 px (its toolbar), so a 375 px phone window needs a browser of its own. WebKitWebDriver
starts it with --automation; each new page it asks for is a window holding only a web view.
"""

import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

NAME = "engines-webkit"  # The browserName a session must ask for (webkit.ts).

size = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--size=")), "1280x900")
width, height = (int(n) for n in size.split("x"))
# Ephemeral: nothing is kept on disk, so no storage carries over from one session to the next.
context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)
windows = []


def close_window(window):
    windows.remove(window)
    if not windows:
        Gtk.main_quit()


def create_web_view(_session):
    view = WebKit2.WebView(web_context=context, is_controlled_by_automation=True)
    window = Gtk.Window()
    window.set_default_size(width, height)
    window.add(view)
    view.connect("close", lambda _view: window.destroy())
    window.connect("destroy", close_window)
    window.show_all()
    windows.append(window)
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name(NAME)
    info.set_version(1, 0, 0)
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
