// Notes: a GTK 4 app that notes:// URLs open, create and search notes in. The single-instance
// decision runs first (a sender never opens a display); only the primary starts GTK, inside
// whose GLib main loop the runtime then runs (Docs/GLib.md).
import SchemeRouter
import SchemeRouterGLib
import SchemeRouterLifecycle
import SchemeRouterGTK
import SchemeRouterRuntime
import SchemeRouterSender

let runLoop = GLibRunLoop(start: { try GTK.start() })
Application.main(options: NotesOptions.self, host: runLoop) { _ in
    // Closing the last window quits, as GNOME apps do.
    NotesDelegate(store: NoteStore(), windows: GTKWindows(runLoop: runLoop, lastWindowClosed: .terminate))
}
