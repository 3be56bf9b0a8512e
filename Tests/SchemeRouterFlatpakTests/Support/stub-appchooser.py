#!/usr/bin/python3
"""The tests' AppChooser backend for xdg-desktop-portal: no window, no display.

xdg-desktop-portal exports org.freedesktop.portal.OpenURI only when an AppChooser backend starts,
and the GTK one needs a display. This one owns org.schemerouter.TestAppChooser (listed in the
.portal file PortalSession.swift writes), answers ChooseApplication with $STUB_CHOICE, else the
first choice (response 1, cancelled, when there is none), and appends one line per request to
$STUB_LOG, so a test can tell whether the portal asked the user and what it offered."""
import os
from gi.repository import Gio, GLib

INTERFACE = """<node><interface name="org.freedesktop.impl.portal.AppChooser">
 <method name="ChooseApplication">
  <arg type="o" name="handle" direction="in"/><arg type="s" name="app_id" direction="in"/>
  <arg type="s" name="parent_window" direction="in"/><arg type="as" name="choices" direction="in"/>
  <arg type="a{sv}" name="options" direction="in"/>
  <arg type="u" name="response" direction="out"/><arg type="a{sv}" name="results" direction="out"/>
 </method>
 <method name="UpdateChoices">
  <arg type="o" name="handle" direction="in"/><arg type="as" name="choices" direction="in"/>
 </method>
</interface></node>"""

log = open(os.environ["STUB_LOG"], "a", buffering=1)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    arguments = parameters.unpack()
    if method == "ChooseApplication":
        choices = arguments[3]
        log.write(f"ChooseApplication app={arguments[1]} choices={','.join(choices)}\n")
        choice = os.environ.get("STUB_CHOICE") or (choices[0] if choices else "")
        invocation.return_value(GLib.Variant("(ua{sv})", (0 if choice else 1, {"choice": GLib.Variant("s", choice)})))
    else:
        log.write(f"{method}\n")
        invocation.return_value(None)


def on_bus(connection, name):
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    connection.register_object("/org/freedesktop/portal/desktop", node.interfaces[0], on_call, None, None)


loop = GLib.MainLoop()
Gio.bus_own_name(Gio.BusType.SESSION, "org.schemerouter.TestAppChooser", 0, on_bus, None, lambda *unused: loop.quit())
loop.run()
