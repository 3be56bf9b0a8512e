import ArgumentParser
import SchemeRouterFuzzing

/// `schemectl fuzz --target MANIFEST --exec PATH`: a real app, by cold launch and by wake.
struct FuzzOutOfProcess {
    let command: Fuzz

    func run() throws {
        throw ValidationError("out-of-process fuzzing needs the runtime (milestone/runtime-api), which has not landed yet")
    }
}
