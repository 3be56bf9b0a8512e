/// A hostile or patient D-Bus caller for the door's tests: a short GDBus program (python3-gi)
/// that sends one `org.freedesktop.Application.Open` with what `gdbus call` cannot send (a
/// thousand 16 KB URIs, a megabyte token, a short timeout after which it stays connected) and
/// prints what came back. Not a product: the test writes it into its sandbox and runs it.
enum DBusCaller {
    /// `python3 CALLER DEST PATH [--uri U]… [--generate COUNT TEMPLATE PADLEN] [--token-length N]
    /// [--timeout-ms T] [--stay]`: `TEMPLATE`'s `{i}` becomes the URI's number and `{pad}`
    /// `PADLEN` letters. Prints `sent`, then `ok`, `timeout` or `error NAME` followed by the
    /// error's message; with `--stay` it then keeps its connection until it is killed.
    static let script = #"""
        import sys
        import gi
        gi.require_version("Gio", "2.0")
        from gi.repository import Gio, GLib

        dest, path = sys.argv[1], sys.argv[2]
        uris, token, timeout, stay = [], None, -1, False
        args = sys.argv[3:]
        while args:
            option = args.pop(0)
            if option == "--uri":
                uris.append(args.pop(0))
            elif option == "--generate":
                count, template, padding = int(args.pop(0)), args.pop(0), int(args.pop(0))
                uris += [template.replace("{i}", str(i)).replace("{pad}", "p" * padding) for i in range(count)]
            elif option == "--token-length":
                token = "t" * int(args.pop(0))
            elif option == "--timeout-ms":
                timeout = int(args.pop(0))
            elif option == "--stay":
                stay = True
        bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        platform = {"activation-token": GLib.Variant("s", token)} if token is not None else {}
        print("sent", flush=True)
        try:
            bus.call_sync(dest, path, "org.freedesktop.Application", "Open",
                          GLib.Variant("(asa{sv})", (uris, platform)), None, Gio.DBusCallFlags.NONE, timeout, None)
            print("ok", flush=True)
        except GLib.Error as error:
            if error.matches(Gio.io_error_quark(), Gio.IOErrorEnum.TIMED_OUT):
                print("timeout", flush=True)
            else:
                name = Gio.DBusError.get_remote_error(error) or "-"
                prefix = "GDBus.Error:" + name + ": "
                text = error.message[len(prefix):] if error.message.startswith(prefix) else error.message
                print("error", name, flush=True)
                print(text, flush=True)
        if stay:
            GLib.MainLoop().run()
        """#

    /// Writes the program into `directory` and returns its path.
    static func install(in directory: String) -> String {
        let path = directory + "/dbus-caller.py"
        TestFiles.write(path, script)
        return path
    }
}
