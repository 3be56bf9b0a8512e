// LoadProbe: a SchemeRouter app for load and fault tests (Docs/Hardening.md). `load-probe URL`
// launches it or wakes it like any app; its `open` records each delivery with one write(2), or
// misbehaves on request. `load-probe --drive …` is the load driver: many concurrent wake-protocol
// clients from one process (see LoadDriver.swift); its own options are ProbeOptions. Its routes are Schemes/probe.json's: ProbeRequest.
import SchemeRouterRuntime
import SchemeRouterSender

if CommandLine.arguments.dropFirst().first == "--drive" {
    LoadDriverCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}
let behaviour = ProbeBehaviour.fromEnvironment()
if behaviour.exitsOnSuspend {
    Application.main(options: ProbeOptions.self, settings: behaviour.settings) { _ in SuspendingProbeDelegate() }
}
Application.main(options: ProbeOptions.self, settings: behaviour.settings) { options in
    ProbeDelegate(behaviour: behaviour, tag: options.tag)
}
