internal import CSchemeRouterLinux
internal import SchemeRouterPlatform
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import CLibUV
internal import Glibc

/// The door's connection to the session bus: opened with the primary, brought back when it drops,
/// closed at termination; and the launch of a bus-started primary.
extension BusDoor {
    /// Opens the D-Bus door when there is a session bus; without one (or with the name taken)
    /// the socket door serves alone, and a bus-started primary says why and launches anyway.
    /// - Parameters:
    ///   - awaitingLaunch: Started by the bus: launch on the first request (its URL the launch
    ///     URL), or after the launch deadline with none.
    ///   - startLaunch: Runs the launch.
    static func open(for primary: Primary, awaitingLaunch: Bool, startLaunch: @escaping @MainActor () -> Void) -> BusDoor? {
        guard environment("SCHEMEROUTER_DBUS") != "0" else { return nil }
        // Flatpak lets a sandboxed app own its app id (and names below it) and nothing else.
        if let sandbox = FlatpakSandbox.current, sandbox.appID != primary.app.name {
            if awaitingLaunch {
                Log.error("D-Bus activation unavailable: inside Flatpak only \(sandbox.appID) may be owned, not \(primary.app.name)")
            }
            return nil
        }
        let door = BusDoor(primary: primary, names: BusNames(bundleName: primary.app.name))
        do throws(BusError) {
            try door.connect()
        } catch {
            if awaitingLaunch { Log.error("D-Bus activation unavailable: \(error)") }
            return nil
        }
        door.clock = BusCallClock(
            loop: primary.loop, window: BusDoor.callWindow(hookDeadline: primary.settings.hookDeadline),
            descriptor: { [unowned door] in door.connection?.descriptor },
            fence: { [unowned door] done in
                guard let connection = door.connection else { return done() }
                connection.callDaemon("GetId", argument: nil) { _ in done() }
            })
        guard awaitingLaunch else { return door }
        door.awaitingLaunch = true
        let timer = UVHandle.allocate(uv_timer_t.self)
        UV.expect(uv_timer_init(primary.loop.raw, timer), "uv_timer_init")
        timer.pointee.data = door.opaque
        door.launchTimer = timer
        door.startLaunch = startLaunch
        let milliseconds = UInt64(max(1, Sys.milliseconds(primary.settings.launchDeadline)))
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated { BusDoor.from(timer?.pointee.data)?.launchFromBus() }
        }, milliseconds, 0), "uv_timer_start")
        return door
    }

    /// Connects the door to the session bus: its name, its object, its calls.
    private func connect() throws(BusError) {
        connection = try BusConnection(
            loop: primary.loop, name: names.busName, objectPath: names.objectPath,
            handler: { [unowned self] message in self.handleCall(message) })
        connection?.onDisconnect = { [unowned self] reason in self.lost(reason) }
    }

    /// A request arrived while a bus-started primary waits: launch as soon as the current
    /// callback returns (so the request's whole call is queued first).
    func launchRequested() {
        guard awaitingLaunch, let timer = launchTimer else { return }
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated { BusDoor.from(timer?.pointee.data)?.launchFromBus() }
        }, 0, 0), "uv_timer_start")
    }

    private func launchFromBus() {
        guard awaitingLaunch, primary.phase == .collecting else { return }
        awaitingLaunch = false
        if let timer = launchTimer {
            launchTimer = nil
            uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
        }
        let launch = startLaunch
        startLaunch = nil
        launch?()
    }

    /// The bus connection broke: the socket door goes on, and the door connects again (at once,
    /// then after growing pauses up to 10 s while there is no bus). The daemon has answered the
    /// calls still owed a reply (`NoReply`), so their URIs not yet started are not delivered.
    private func lost(_ reason: String) {
        Log.error("lost the session bus (\(reason)); the socket door still serves; connecting again")
        connection = nil
        abandonCalls()
        callerLookups = [:]
        callers = [:]
        if awaitingLaunch { launchFromBus() }
        reconnectDelay = .zero
        scheduleReconnect()
    }

    /// Tries to connect again after ``reconnectDelay``.
    private func scheduleReconnect() {
        let timer = reconnectTimer ?? UVHandle.allocate(uv_timer_t.self)
        if reconnectTimer == nil {
            UV.expect(uv_timer_init(primary.loop.raw, timer), "uv_timer_init")
            timer.pointee.data = opaque
            uv_unref(UVHandle.handle(timer))
            reconnectTimer = timer
        }
        UV.expect(uv_timer_start(timer, { timer in
            MainActor.assumeIsolated { BusDoor.from(timer?.pointee.data)?.reconnect() }
        }, UInt64(Sys.milliseconds(reconnectDelay)), 0), "uv_timer_start")
    }

    private func reconnect() {
        guard connection == nil, primary.phase != .terminating else { return }
        do throws(BusError) {
            try connect()
            Log.error("connected to the session bus again as \(names.busName)")
        } catch {
            reconnectDelay = min(max(reconnectDelay * 2, .milliseconds(100)), .seconds(10))
            scheduleReconnect()
        }
    }

    /// Closes the door at termination: owed calls are answered `Terminated`, then the
    /// connection is flushed and closed.
    func close() {
        for message in callerLookups.values.joined().map(\.message) {
            message.reply(error: names.errorName(for: .terminated), message: "\(primary.app.name) is terminating")
        }
        callerLookups = [:]
        finishWork(.verdict(.terminated))
        for timer in [launchTimer, reconnectTimer].compactMap({ $0 }) {
            uv_close(UVHandle.handle(timer)) { handle in if let handle { UVHandle.free(handle) } }
        }
        launchTimer = nil
        reconnectTimer = nil
        clock?.close()
        clock = nil
        connection?.close()
        connection = nil
    }
}

/// Reads an environment variable.
private func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
}
