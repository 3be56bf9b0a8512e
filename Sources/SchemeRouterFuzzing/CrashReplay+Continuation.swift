package import SchemeRouterPlatform

extension CrashReplay {
    /// Why the continuation could not finish its finding.
    package enum ContinuationError: Error {
        /// The input the watchdog saved could not be read.
        case cannotRead(FileReadError)
        /// The finding file could not be written.
        case cannotWrite(SystemError)
    }

    /// A replay that runs each candidate as `command(candidate)` in a fresh child process, ended
    /// after `deadline`.
    package init(kind: Kind, deadline: Duration, command: @escaping ([UInt8]) -> [String]) {
        self.init(kind: kind) { candidate in
            try? ChildProcess.run(command(candidate).map { Array($0.utf8) }, deadline: deadline)
        }
    }

    /// The continuation's work after a crash or hang: reads the input the watchdog saved at
    /// `pendingPath`, minimises it, writes the finding into `findingsDirectory` (its
    /// `reproduce` line made from the file's path), removes the saved input and returns the finding.
    package func finishPending(
        _ pendingPath: String, iteration: Int, budget: Int, findingsDirectory: String, reproduce: (String) -> String
    ) throws(ContinuationError) -> FuzzFinding {
        let input: [UInt8]
        do { input = try FuzzFiles.read(pendingPath) } catch { throw .cannotRead(error) }
        var finding = finding(for: input, iteration: iteration, budget: budget)
        let file = findingsDirectory + "/" + FindingFile.name(for: finding.failure)
        finding.file = file
        finding.reproduce = reproduce(file)
        do { try FuzzFiles.write(Array(finding.fileText.utf8), to: file) } catch { throw .cannotWrite(error) }
        FuzzFiles.remove(pendingPath)
        return finding
    }
}
