import CLibUV
import Glibc
import SchemeRouterRuntime
import SchemeRouterSender

/// Many concurrent wake-protocol clients in one process, on one libuv loop: the load driver of
/// the hardening tests and benchmarks (Docs/Hardening.md).
///
/// Each *sender* sends its URLs `loadprobe://record/<sender>/<0…n-1>` one at a time, waiting
/// for each verdict before the next, either over one connection (`persistent`) or over a new
/// connection per URL (`connect`). A URL's latency runs from its send (persistent) or its
/// connect (connect-per-URL) to its verdict. Optional *idle* clients connect and send nothing;
/// *dribblers* send one byte of a large frame every few milliseconds (slowloris). All are
/// connected before the first URL is sent.
@MainActor
final class LoadDriver {
    let options: LoadDriverOptions
    let loop: UnsafeMutablePointer<uv_loop_t>
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    private(set) var senders: [LoadSender] = []
    private(set) var stragglers: [StragglerClient] = []
    private var latencies: [UInt64] = []
    private(set) var handled = 0
    private(set) var failures = 0
    private(set) var firstFailure: String?
    private var runningSenders = 0
    private var connectingStragglers = 0
    private var openStragglers = 0
    private var started: UInt64 = 0
    private var finished: UInt64 = 0
    private var dribbleTimer: UnsafeMutablePointer<uv_timer_t>?
    private var retryTimer: UnsafeMutablePointer<uv_timer_t>?
    private var retrying: [LoadSender] = []
    private(set) var stragglerEndings: [String: Int] = [:]
    /// Connections the primary answered `busy` (their URL went again on a new connection).
    var shedConnections = 0
    private(set) var timedOut = false

    init(options: LoadDriverOptions) {
        self.options = options
        loop = uv_default_loop()
    }

    /// Runs the load to its end (or the overall timeout).
    func run() {
        latencies.reserveCapacity(options.senders * options.urlsPerSender)
        let deadline = LoadDriver.allocate(uv_timer_t.self)
        uv_timer_init(loop, deadline)
        deadline.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        uv_timer_start(deadline, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                let driver = Unmanaged<LoadDriver>.fromOpaque(data).takeUnretainedValue()
                driver.timedOut = true
                driver.fail("the load did not finish within \(driver.options.timeoutMilliseconds) ms")
                uv_stop(driver.loop)
            }
        }, UInt64(options.timeoutMilliseconds), 0)
        uv_unref(UnsafeMutableRawPointer(deadline).assumingMemoryBound(to: uv_handle_t.self))
        let retry = LoadDriver.allocate(uv_timer_t.self)
        uv_timer_init(loop, retry)
        retry.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        retryTimer = retry

        for index in 0..<(options.idle + options.dribblers) {
            stragglers.append(StragglerClient(driver: self, dribbles: index >= options.idle))
        }
        connectingStragglers = stragglers.count
        openStragglers = stragglers.count
        for straggler in stragglers { straggler.connect() }
        if stragglers.isEmpty { startSenders() }
        uv_run(loop, UV_RUN_DEFAULT)
    }

    /// Every idle client and dribbler is connected: the load begins.
    func stragglerConnected() {
        connectingStragglers -= 1
        if connectingStragglers == 0 {
            if options.dribblers > 0 { startDribbling() }
            if let path = options.readyFile { close(open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)) }
            startSenders()
        }
    }

    private func startSenders() {
        started = LoadDriver.now()
        runningSenders = options.senders
        for index in 0..<options.senders {
            let sender = LoadSender(driver: self, number: options.firstSender + index)
            senders.append(sender)
        }
        for sender in senders { sender.connect() }
        if options.senders == 0 { loadFinished() }
    }

    private func startDribbling() {
        let timer = LoadDriver.allocate(uv_timer_t.self)
        uv_timer_init(loop, timer)
        timer.pointee.data = Unmanaged.passUnretained(self).toOpaque()
        uv_timer_start(timer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                let driver = Unmanaged<LoadDriver>.fromOpaque(data).takeUnretainedValue()
                for straggler in driver.stragglers where straggler.dribbles { straggler.dribble() }
            }
        }, UInt64(options.dribbleEveryMilliseconds), UInt64(options.dribbleEveryMilliseconds))
        uv_unref(UnsafeMutableRawPointer(timer).assumingMemoryBound(to: uv_handle_t.self))
        dribbleTimer = timer
    }

    // MARK: Bookkeeping

    func record(latency nanoseconds: UInt64) {
        handled += 1
        latencies.append(nanoseconds)
    }

    func fail(_ reason: String) {
        failures += 1
        if firstFailure == nil { firstFailure = reason }
    }

    func senderFinished() {
        runningSenders -= 1
        if runningSenders == 0 { loadFinished() }
    }

    private func loadFinished() {
        finished = LoadDriver.now()
        if !options.awaitStragglerErrors || openStragglers == 0 { uv_stop(loop) }
    }

    func stragglerEnded(_ how: String) {
        stragglerEndings[how, default: 0] += 1
        openStragglers -= 1
        if openStragglers == 0 && runningSenders == 0 && finished != 0 { uv_stop(loop) }
    }

    /// A sender whose connect found the backlog full tries again on the next millisecond tick.
    func retryLater(_ sender: LoadSender) {
        retrying.append(sender)
        guard retrying.count == 1, let retryTimer else { return }
        uv_timer_start(retryTimer, { timer in
            MainActor.assumeIsolated {
                guard let timer, let data = timer.pointee.data else { return }
                let driver = Unmanaged<LoadDriver>.fromOpaque(data).takeUnretainedValue()
                let waiting = driver.retrying
                driver.retrying = []
                for sender in waiting { sender.connect() }
            }
        }, 1, 0)
    }

    /// The frame of `loadprobe://record/<sender>/<sequence>` with request number `sequence + 1`.
    func frame(sender: Int, sequence: Int) -> [UInt8] {
        OpenRequest(request: UInt32(sequence + 1), url: Array("loadprobe://record/\(sender)/\(sequence)".utf8)).frame!.encoded
    }

    // MARK: The report

    /// One line of JSON.
    var report: String {
        let sorted = latencies.sorted()
        func percentile(_ p: Int) -> Double {
            guard !sorted.isEmpty else { return 0 }
            return Double(sorted[min(sorted.count - 1, sorted.count * p / 100)]) / 1000
        }
        let seconds = Double((finished == 0 ? LoadDriver.now() : finished) - started) / 1e9
        let endings = stragglerEndings.keys.sorted().map { "\"\($0)\": \(stragglerEndings[$0]!)" }.joined(separator: ", ")
        var fields = [
            "\"mode\": \"\(options.mode.rawValue)\"", "\"senders\": \(options.senders)",
            "\"urlsPerSender\": \(options.urlsPerSender)", "\"handled\": \(handled)", "\"failures\": \(failures)",
            "\"seconds\": \(seconds)", "\"urlsPerSecond\": \(seconds > 0 ? Double(handled) / seconds : 0)",
            "\"p50Microseconds\": \(percentile(50))", "\"p99Microseconds\": \(percentile(99))",
            "\"maxMicroseconds\": \(sorted.last.map { Double($0) / 1000 } ?? 0)",
            "\"idle\": \(options.idle)", "\"dribblers\": \(options.dribblers)", "\"stragglerEndings\": {\(endings)}",
            "\"shedConnections\": \(shedConnections)",
        ]
        if let firstFailure { fields.append("\"firstFailure\": \"\(firstFailure.filter { $0 != "\"" && $0 != "\\" })\"") }
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// Whether every URL was handled (and every straggler timed out, when that was awaited).
    var succeeded: Bool {
        guard failures == 0, handled == options.senders * options.urlsPerSender else { return false }
        if options.awaitStragglerErrors { return stragglerEndings["idleTimeout"] == stragglers.count }
        return true
    }

    // MARK: Helpers

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func allocate<T>(_ type: T.Type) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        UnsafeMutableRawPointer(pointer).initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<T>.size)
        return pointer
    }

    static func stream(_ pipe: UnsafeMutablePointer<uv_pipe_t>) -> UnsafeMutablePointer<uv_stream_t> {
        UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_stream_t.self)
    }

    static func handle(_ pipe: UnsafeMutablePointer<uv_pipe_t>) -> UnsafeMutablePointer<uv_handle_t> {
        UnsafeMutableRawPointer(pipe).assumingMemoryBound(to: uv_handle_t.self)
    }

    /// Writes `bytes` at once when the socket has room, otherwise queues a copy.
    static func write(_ bytes: [UInt8], to stream: UnsafeMutablePointer<uv_stream_t>) -> Bool {
        let written = bytes.withUnsafeBytes { raw -> Int32 in
            var buffer = uv_buf_init(UnsafeMutableRawPointer(mutating: raw.baseAddress!).assumingMemoryBound(to: CChar.self), UInt32(raw.count))
            return uv_try_write(stream, &buffer, 1)
        }
        if Int(written) == bytes.count { return true }
        if written < 0 && written != UV_EAGAIN.rawValue { return false }
        let rest = bytes[max(0, Int(written))...]
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: rest.count, alignment: 1)
        storage.copyBytes(from: rest)
        let request = UnsafeMutablePointer<uv_write_t>.allocate(capacity: 1)
        request.pointee.data = storage.baseAddress
        var buffer = uv_buf_init(storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(storage.count))
        let result = uv_write(request, stream, &buffer, 1) { request, _ in
            request?.pointee.data?.deallocate()
            request?.deallocate()
        }
        if result < 0 {
            storage.deallocate()
            request.deallocate()
            return false
        }
        return true
    }
}

/// How the driver is told what to do.
struct LoadDriverOptions: Sendable {
    enum Mode: String, Sendable {
        case persistent
        case connect
    }

    var socket = ""
    var senders = 1000
    var urlsPerSender = 10
    var mode = Mode.persistent
    var firstSender = 0
    var idle = 0
    var dribblers = 0
    var dribbleEveryMilliseconds = 20
    var awaitStragglerErrors = false
    var timeoutMilliseconds = 120_000
    /// Created once every idle client and dribbler is connected.
    var readyFile: String?
}

/// `load-probe --drive SOCKET [--senders N] [--urls N] [--mode persistent|connect]
/// [--first-sender N] [--idle N] [--dribblers N] [--dribble-every-ms N] [--await-straggler-errors]
/// [--timeout-ms N] [--ready-file PATH]`: prints one JSON line and exits 0 when every URL was handled, 1 otherwise,
/// 64 on a usage error.
enum LoadDriverCommand {
    @MainActor
    static func run(_ arguments: [String]) -> Never {
        signal(SIGPIPE, SIG_IGN)
        var limit = rlimit()
        if getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 {
            limit.rlim_cur = limit.rlim_max
            _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
        }
        guard let options = parse(arguments) else {
            let usage = "usage: load-probe --drive SOCKET [--senders N] [--urls N] [--mode persistent|connect] [--first-sender N] "
                + "[--idle N] [--dribblers N] [--dribble-every-ms N] [--await-straggler-errors] [--timeout-ms N] [--ready-file PATH]\n"
            _ = Array(usage.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            exit(ExitStatus.usage.rawValue)
        }
        let driver = LoadDriver(options: options)
        driver.run()
        print(driver.report)
        exit(driver.succeeded ? 0 : 1)
    }

    static func parse(_ arguments: [String]) -> LoadDriverOptions? {
        var options = LoadDriverOptions()
        var rest = arguments[...]
        guard let socket = rest.popFirst(), !socket.hasPrefix("--") else { return nil }
        options.socket = socket
        while let flag = rest.popFirst() {
            if flag == "--await-straggler-errors" {
                options.awaitStragglerErrors = true
                continue
            }
            guard let value = rest.popFirst() else { return nil }
            if flag == "--ready-file" {
                options.readyFile = value
                continue
            }
            if flag == "--mode" {
                guard let mode = LoadDriverOptions.Mode(rawValue: value) else { return nil }
                options.mode = mode
                continue
            }
            guard let number = Int(value), number >= 0 else { return nil }
            switch flag {
            case "--senders": options.senders = number
            case "--urls": options.urlsPerSender = max(1, number)
            case "--first-sender": options.firstSender = number
            case "--idle": options.idle = number
            case "--dribblers": options.dribblers = number
            case "--dribble-every-ms": options.dribbleEveryMilliseconds = max(1, number)
            case "--timeout-ms": options.timeoutMilliseconds = max(1, number)
            default: return nil
            }
        }
        return options
    }
}
