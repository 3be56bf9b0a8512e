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
        case .desktopEntryUnreadable: fail(error.description, code: "unreadable", status: ExitStatus.cannotRead.code, json: json)
        case .invalidDesktopEntry(let path, let fault): fail(fault, in: path, json: json)
        case .directories: fail(error.description, code: "no-home", status: ExitStatus.noHome.code, json: json)
        case .exec: fail(error.description, code: "invalid-exec", status: ExitStatus.usage.code, json: json)
        case .executableMissing, .executableNotExecutable:
            fail(error.description, code: "exec-unusable", status: ExitStatus.cannotRead.code, json: json)
        case .foreignDesktopFile, .foreignMimePackage: fail(error.description, code: "conflict", status: ExitStatus.cannotCreate.code, json: json)
        case .fileSystem, .unreadable: fail(error.description, code: "io", status: ExitStatus.cannotWrite.code, json: json)
        }
    }

    /// An app's desktop entry that breaks the format or conflicts with a managed key: exit 65, the
    /// JSON naming the file, the line and the key.
    static func fail(_ fault: DesktopFileError, in path: String, json: Bool) -> ExitCode {
        if json {
            let code = if case .conflictingKey = fault { "desktop-entry-conflict" } else { "invalid-desktop-entry" }
            ErrorOutput(error: .init(code: code, message: fault.located(in: path), file: path, line: fault.line, key: fault.key)).printJSON()
        } else {
            printError("schemectl: \(fault.located(in: path))")
        }
        return ExitStatus.invalidInput.code
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
