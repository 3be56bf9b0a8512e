import ArgumentParser
import SchemeRouterSender
import Glibc
import SchemeRouter
import SchemeRouterDesktop

/// Prints a desktop command's error for people (stderr) or as JSON (stdout), and picks its exit status.
enum DesktopErrorOutput {
    /// Prints `message` and returns `status` to throw.
    static func fail(_ message: String, code: String, status: ExitCode, json: Bool) -> ExitCode {
        if json {
            ErrorOutput(error: .init(code: code, message: message)).printJSON()
        } else {
            printError("schemectl: \(message)")
        }
        return status
    }

    static func fail(_ error: RegistrationError, json: Bool) -> ExitCode {
        switch error {
        case .directories: fail(error.description, code: "no-home", status: ExitStatus.noHome.code, json: json)
        case .exec: fail(error.description, code: "invalid-exec", status: ExitStatus.usage.code, json: json)
        case .executableMissing, .executableNotExecutable:
            fail(error.description, code: "exec-unusable", status: ExitStatus.cannotRead.code, json: json)
        case .foreignDesktopFile: fail(error.description, code: "conflict", status: ExitStatus.cannotCreate.code, json: json)
        case .fileSystem, .unreadable: fail(error.description, code: "io", status: ExitStatus.cannotWrite.code, json: json)
        }
    }

    /// Prints `schemectl: warning: …` to standard error.
    static func warn(_ message: String) {
        printError("schemectl: warning: \(message)")
    }

    static func printError(_ text: String) {
        var standardError = StandardError()
        print(text, to: &standardError)
    }
}

/// Standard error as a `TextOutputStream`.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
