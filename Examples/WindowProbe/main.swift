// WindowProbe: the smallest GTK app without scenes, for the GLib tests (never shipped: no
// product). One window whose focus, minimising and closing drive the app's lifecycle through
// `GTKWindows`; `WindowProbe` run again brings it back (WindowProbeTests). Its URL only retitles the window.
import SchemeRouter
import SchemeRouterGLib
import SchemeRouterGTK
import SchemeRouterRuntime
import SchemeRouterSender

let runLoop = GLibRunLoop(start: { try GTK.start() })
Application.main(host: runLoop) {
    WindowProbeDelegate(windows: GTKWindows(runLoop: runLoop))
}
