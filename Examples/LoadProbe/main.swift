// LoadProbe: a SchemeRouter app for load and fault tests (Docs/Hardening.md). `load-probe URL`
// launches it or wakes it like any app; its `open` records each delivery with one write(2), or
// misbehaves on request. `load-probe --drive …` is the load driver: many concurrent wake-protocol
// clients from one process (see LoadDriver.swift). Its routes are Schemes/probe.json's: ProbeRequest.
import SchemeRouterRuntime
import SchemeRouterSender

if CommandLine.arguments.dropFirst().first == "--drive" {
    LoadDriverCommand.run(Array(CommandLine.arguments.dropFirst(2)))
}
let behaviour = ProbeBehaviour.fromEnvironment()
if behaviour.exitsOnSuspend {
    Application.main(settings: behaviour.settings) { SuspendingProbeDelegate() }
}
Application.main(settings: behaviour.settings) { ProbeDelegate(behaviour: behaviour) }
