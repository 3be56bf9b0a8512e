import ArgumentParser
import Glibc
import SchemeRouter
import SchemeRouterLifecycle
import SchemeRouterSender

/// `schemectl lifecycle <bundle name> <command>`: moves a running app between lifecycle states
/// over its control channel (the app's wake socket; same user only).
struct Lifecycle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lifecycle",
        abstract: "Move a running app between lifecycle states.",
        discussion: """
            Sends a control command to the running primary of an app, over its socket in the \
            runtime directory ($XDG_RUNTIME_DIR/schemerouter, or /tmp/schemerouter-<uid>).

            Commands:
              state        print the app's state (notRunning is reported by exit status 8)
              background   active → willResignActive, didEnterBackground; inactive → didEnterBackground
              foreground   background or suspended → willEnterForeground, didBecomeActive
              inactive     active → willResignActive: a temporary interruption, still in the foreground
              active       inactive → didBecomeActive: the interruption ends
              terminate    willTerminate (unless suspended), then the app exits; its state is
                           preserved first. With --discard-state: the user's force-quit, nothing is
                           preserved and the preserved state is deleted

            Examples:
              schemectl lifecycle com.acme.todolist background
              schemectl lifecycle com.acme.todolist state --json

            --json prints {"version": 1, "app", "command", "done": true|false, "state", "message", "outcome"}; \
            outcome is the exit status's name (success, notRunning, refused, noAnswer, hookTimedOut, \
            unresponsive, busy, …).

            Exit status: 0 done; 8 the app is not running; 9 the command is not allowed in the app's \
            state; 7 no answer; 12 a hook overran the hook deadline and the app was ended; 13 the app's \
            primary is unresponsive (stopped or stuck: the command was not carried out); 75 the app's \
            primary was busy (at its connection limit or out of descriptors) on every try within \
            SCHEMEROUTER_BUSY_RETRY_MS (2 s): the command was not carried out; 64 usage \
            error; 71 system error; 76 protocol error; 77 unsafe runtime directory or socket.
            """
    )

    @Argument(help: "The app's bundle name (CFBundleURLName), e.g. com.acme.todolist.")
    var app: String

    @Argument(help: "state, background, foreground, inactive, active or terminate.")
    var command: String

    @Flag(help: "Print one JSON object.")
    var json = false

    @Flag(help: "With terminate: force-quit, deleting the app's preserved state.")
    var discardState = false

    func validate() throws {
        guard let command = ControlCommand(name: command), command != .activate, command != .forceQuit else {
            throw ValidationError(
                "unknown lifecycle command '\(command)': use state, background, foreground, inactive, active or terminate")
        }
        if discardState && command != .terminate {
            throw ValidationError("--discard-state goes with terminate only")
        }
    }

    func run() throws {
        let code = perform(discardState ? .forceQuit : ControlCommand(name: command)!)
        if code.rawValue != 0 { throw code }
    }

    /// Connects, sends the command and reports; returns the exit code.
    private func perform(_ command: ControlCommand) -> ExitCode {
        let client: WakeClient?
        do throws(RuntimeError) {
            client = try WakeClient.connect(to: app)
        } catch {
            return report(done: false, state: nil, message: error.description, status: error.exitStatus)
        }
        guard let client else {
            return report(done: false, state: "notRunning", message: "\(app) is not running", status: .notRunning)
        }
        let reply: ControlReplyMessage
        do throws(RuntimeError) {
            reply = try client.control(command)
        } catch {
            return report(done: false, state: nil, message: error.description, status: error.exitStatus)
        }
        if reply.refused {
            return report(done: false, state: reply.state, message: reply.message, status: .refused)
        }
        return report(done: true, state: reply.state, message: nil, status: .success)
    }

    /// Prints the outcome; returns the exit code to throw.
    private func report(done: Bool, state: String?, message: String?, status: SchemeRouterSender.ExitStatus) -> ExitCode {
        if json {
            LifecycleOutput(app: app, command: command, done: done, state: state, message: message, outcome: status.name)
                .printJSON()
        } else if done {
            print("\(app): \(state ?? "")")
        } else {
            printError("schemectl lifecycle: \(message ?? "failed")")
        }
        return ExitCode(status.rawValue)
    }
}

/// Writes a line to standard error.
private func printError(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
