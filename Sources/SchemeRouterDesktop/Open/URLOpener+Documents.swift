internal import SchemeRouter
internal import SchemeRouterLifecycle
internal import SchemeRouterSender
internal import Glibc
public import SchemeRouterPlatform

extension URLOpener {
    /// The file at `path` checked as a document and typed: its canonical path, and its MIME type
    /// by name (the shared-mime-info globs, ``MimeDatabase/type(forFileName:)``; `nil` when no
    /// glob matches). The file is never opened, so a FIFO or a device cannot block.
    /// - Throws: `DocumentFileError` for a missing file, a directory, FIFO, device or socket,
    ///   one this user may not read, or a symbolic link loop.
    public func documentType(ofFile path: String) throws(DocumentFileError) -> (path: String, mimeType: String?) {
        let resolved = try DocumentFile.resolve(path)
        // The name the sender used decides, as GLib does for a symbolic link; then the target's.
        let database = MimeDatabase(directories: database.directories)
        let sent = FileSystem.split(path).name
        return (resolved, database.type(forFileName: sent) ?? database.type(forFileName: FileSystem.split(resolved).name))
    }

    /// Whether some application would open the file at `path`: it is a regular file this user
    /// may read, its type is known, and that type (or a parent type) has a launchable default.
    /// Nothing is started and the file is not opened.
    public func canOpenFile(_ path: String) -> Bool {
        guard let (_, mimeType) = try? documentType(ofFile: path), let mimeType else { return false }
        return handler(forDocumentType: mimeType) != nil
    }

    /// Hands the file at `path` to the default application of its type and reports what became
    /// of it, as ``open(_:options:)`` does for a URL: a running SchemeRouter app gets the file's
    /// `file:` URL over its socket and answers with its verdict; otherwise the handler's `Exec`
    /// is started with the file, as its path (as GLib passes a local file for `%f` and `%u`;
    /// its `file:` URL when the entry says `X-GIO-NoFuse=true`).
    ///
    /// Inside a Flatpak sandbox the checked file goes to the OpenURI portal's `OpenFile` as a
    /// descriptor (`O_PATH`), with the activation token (and `ask`), and the verdict is what the
    /// portal can know, as for a URL: `DeliveryVerdict.delivered` (a handler was started) or
    /// `DeliveryVerdict.notOpened(_:)` (also for a file the host cannot see: one only in the
    /// sandbox, not under a `--filesystem` the app was given nor exported by the document portal).
    ///
    /// A file that is not a document (`DocumentFileError`) is `DeliveryVerdict.rejected(code:offset:message:)`
    /// with the error's code, before any app is asked; a file of no known type, or of a type no
    /// application opens, is `DeliveryVerdict.noHandler(scheme:)` (scheme `file`) with
    /// ``OpenResult/mimeType`` saying which.
    public func openFile(_ path: String, options: OpenURLOptions = OpenURLOptions()) -> OpenResult {
        let resolved: String
        let mimeType: String?
        do { (resolved, mimeType) = try documentType(ofFile: path) } catch {
            var result = OpenResult(verdict: .rejected(code: error.code, offset: 0, message: error.description), handler: nil, route: .none)
            result.fileError = error
            return result
        }
        if FlatpakSandbox.current != nil {
            var result = openFileThroughPortal(resolved, options: options)
            result.mimeType = mimeType
            return result
        }
        guard let mimeType, let handler = handler(forDocumentType: mimeType) else {
            var result = OpenResult(verdict: .noHandler(scheme: "file"), handler: nil, route: .none)
            result.mimeType = mimeType
            return result
        }
        let url = FileURL.text(forPath: resolved)
        let source = options.sourceApplication ?? Self.executableName
        var result: OpenResult
        if options.waitForVerdict, sharesRuntimeDirectory, let bundleName = handler.file.entry.bundleName,
            let verdict = PrimaryWake.send(
                url: url, to: bundleName, flatpakApp: handler.file.entry.flatpakAppID, source: source, options: options)
        {
            result = OpenResult(verdict: verdict, handler: handler, route: .woken)
        } else {
            let argument = handler.file.entry.boolean("X-GIO-NoFuse") ? url : resolved
            result = OpenResult(verdict: launch(argument, handler: handler, source: source, options: options), handler: handler, route: .launched)
        }
        result.mimeType = mimeType
        return result
    }

    /// Hands the checked file at the canonical `path` to the portal's `OpenFile` (inside a sandbox,
    /// where the host's handlers are not visible): the portal types it, finds the host's handler
    /// and starts it. Awaited like a URL through the portal, with or without `waitForVerdict`.
    private func openFileThroughPortal(_ path: String, options: OpenURLOptions) -> OpenResult {
        let descriptor: Int32
        do { descriptor = try DocumentFile.pathHandle(path) } catch {
            var result = OpenResult(verdict: .rejected(code: error.code, offset: 0, message: error.description), handler: nil, route: .none)
            result.fileError = error
            return result
        }
        defer { close(descriptor) }
        let verdict = OpenURIPortal.openFile(
            descriptor: descriptor, path: path, activationToken: options.activationToken, ask: options.askForChooser,
            timeout: options.timeout, busAddress: environment["DBUS_SESSION_BUS_ADDRESS"])
        return OpenResult(verdict: verdict, handler: nil, route: .portal)
    }

    /// The default handler of `mimeType`, else of its nearest parent type that has one
    /// (`text/plain` for a type that is a kind of text), as file managers fall back.
    func handler(forDocumentType mimeType: String) -> DefaultHandler? {
        for type in MimeDatabase(directories: database.directories).lineage(of: mimeType) {
            if let handler = database.defaultHandler(for: type) { return handler }
        }
        return nil
    }
}
