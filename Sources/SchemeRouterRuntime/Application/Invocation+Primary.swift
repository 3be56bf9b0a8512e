internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc
internal import SchemeRouter
internal import SchemeRouterLifecycle

extension Invocation {
    /// This invocation holds the lock: detach from the invoking process (which waits for the
    /// verdicts of the URLs the app took and exits with them), bind the socket, and run the primary.
    /// - Parameters:
    ///   - report: The invocation's URLs and the verdicts known so far (`nil` for a launch without URLs).
    ///   - taken: The argument positions of the URLs the app took: the launch URL, then `request.following`.
    func becomePrimary(
        _ lock: InstanceLock, files: InstanceFiles, router: PrimaryRouter, request: LaunchRequest, report: InvocationReport?,
        taken: [Int], factory: AppFactory
    ) -> Never {
        var sink: VerdictSink?
        if settings.detach {
            sink = detach(request, report: report, taken: taken)
        } else {
            // This process stays the primary: the URLs it refused are reported now.
            if let report { printFailures(report) }
            if let descriptor = settings.verdictDescriptor { sink = VerdictSink(descriptor: descriptor) }
        }
        unsetenv("SCHEMEROUTER_VERDICT_FD")
        lock.writeProcessID()
        raiseDescriptorLimit()
        if let host {
            do {
                try host.prepare(bundleName: name)
            } catch {
                let message = "the app's run loop cannot start: \(error)"
                sink?.deliver(.launchFailed(message))
                Log.error(message)
                exit(ExitStatus.launchFailed.rawValue)
            }
        }
        do throws(RuntimeError) {
            let loop: EventLoop
            do throws(UVError) {
                loop = try EventLoop()
            } catch {
                throw .uv(error)
            }
            let listener = try Listener(files: files, loop: loop) { poll, _, _ in
                MainActor.assumeIsolated {
                    guard let poll, let data = poll.pointee.data else { return }
                    Unmanaged<Primary>.fromOpaque(data).takeUnretainedValue().socketDoor.acceptWaiting()
                }
            }
            let primary = Primary(
                app: app, router: router, files: files, lock: lock, settings: settings, loop: loop, listener: listener, launchSink: sink)
            primary.host = host
            listener.poll.pointee.data = Unmanaged.passRetained(primary).toOpaque()
            primary.run(request, factory: factory)
        } catch {
            Log.error(error.description)
            exit(error.exitStatus.rawValue)
        }
    }

    /// Forks: the parent waits for the verdicts of the URLs the app took on a pipe (one frame
    /// each, the launch URL's first) and exits with them; the child (a new session, standard input
    /// from /dev/null, pipes on standard output and error replaced by /dev/null so no reader waits
    /// for the primary) goes on as the primary.
    /// - Returns: The child's end of the pipe.
    private func detach(_ request: LaunchRequest, report: InvocationReport?, taken: [Int]) -> VerdictSink {
        var descriptors: [Int32] = [-1, -1]
        guard schemerouter_pipe2(&descriptors, O_CLOEXEC) == 0 else {
            fail(.system(SystemError(errno: Sys.errno, call: "pipe2")))
        }
        fflush(nil)
        let child = fork()
        if child < 0 { fail(.system(SystemError(errno: Sys.errno, call: "fork"))) }
        if child > 0 {
            Sys.close(descriptors[1])
            guard var report else {
                finish(VerdictPipe.read(descriptors[0], timeout: settings.launchDeadline + settings.replyTimeout))
            }
            let verdicts = VerdictPipe.read(descriptors[0], count: taken.count, timeout: settings.launchDeadline + settings.replyTimeout)
            for (index, verdict) in zip(taken, verdicts) { report.record(verdict, at: index) }
            finish(report)
        }
        Sys.close(descriptors[0])
        if let descriptor = settings.verdictDescriptor { Sys.close(descriptor) }
        _ = setsid()
        Self.detachStandardStreams()
        // As a daemon does: the primary must not keep its launcher's working directory (a
        // mount) busy. A relative trace path still names the file the launcher meant.
        settings.tracePath = settings.tracePath.map(Self.absolute)
        _ = chdir("/")
        return VerdictSink(descriptor: descriptors[1])
    }

    /// `path` made absolute against the working directory.
    private static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return (directory == "/" ? "" : directory) + "/" + path
    }

    /// Standard input from /dev/null; standard output and error kept when they are files or
    /// terminals, otherwise (pipes, sockets) /dev/null.
    private static func detachStandardStreams() {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { return }
        _ = dup2(null, 0)
        for descriptor: Int32 in [1, 2] {
            var status = stat()
            let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
            if kind != S_IFREG && kind != S_IFCHR { _ = dup2(null, descriptor) }
        }
        Sys.close(null)
    }

    /// Raises the soft limit on open descriptors to the hard limit (a primary may hold
    /// thousands of connections).
    private func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < limit.rlim_max else { return }
        limit.rlim_cur = min(limit.rlim_max, 1 << 20)
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
}
