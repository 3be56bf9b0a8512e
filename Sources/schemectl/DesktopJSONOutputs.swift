/// A URL the parser refused: its code, the byte offset of the fault and the message.
struct RejectionJSON: Encodable {
    let code: String
    let offset: Int
    let message: String
}

/// `schemectl open --json`.
struct OpenOutput: JSONOutput {
    struct Handler: Encodable {
        let id: String
        let path: String
    }

    typealias Rejection = RejectionJSON

    let version = 1
    let url: String
    /// `handled`, `declined`, `rejected`, … (the verdict's name).
    let verdict: String
    let message: String
    /// `woken`, `launched`, `portal` or `none`.
    let route: String
    let handler: Handler?
    let rejection: Rejection?
    /// A file's MIME type, by its name (`nil` for a URL, or a file of no known type).
    let mimeType: String?
}

/// `schemectl lifecycle --json`.
struct LifecycleOutput: JSONOutput {
    let version = 1
    let app: String
    let command: String
    let done: Bool
    let state: String?
    let message: String?
    /// The exit status's name: `success`, `notRunning`, `busy`, `unresponsive`, …
    let outcome: String
}

/// The `--json` error of the desktop commands (`register`, `unregister`, `status`, `open`).
struct ErrorOutput: JSONOutput {
    struct Detail: Encodable {
        let code: String
        let message: String
        /// The file, line and key an error in a desktop entry is about.
        var file: String? = nil
        var line: Int? = nil
        var key: String? = nil
    }

    let version = 1
    let error: Detail
}

/// `schemectl register --json` and `unregister --json`.
struct RegistrationJSON: JSONOutput {
    struct File: Encodable {
        let path: String
        /// `created`, `updated`, `unchanged`, `removed`, … (the change's raw value).
        let change: String
    }

    struct MimeApps: Encodable {
        let path: String
        let change: String
        let changedMimeTypes: [String]
    }

    struct Refresh: Encodable {
        /// `refreshed`, `toolMissing`, `failed` or `notNeeded`.
        let status: String
        let tool: String?
        let reason: String?
    }

    struct Claimant: Encodable {
        let id: String
        let path: String
    }

    struct BusServiceFile: Encodable {
        let path: String?
        let change: String
    }

    /// Where the app's entry came from: `file`, `registered`, `installed` or `minimal`.
    struct EntrySource: Encodable {
        let source: String
        let path: String?
    }

    let version = 1
    let name: String
    let desktopFile: File
    /// `register` only.
    let desktopEntry: EntrySource?
    let mimeAppsList: MimeApps
    let databaseRefresh: Refresh
    /// The app's shared-mime-info package (`$XDG_DATA_HOME/mime/packages/<name>.xml`).
    let mimePackage: BusServiceFile
    /// `update-mime-database` over it.
    let mimeDatabaseRefresh: Refresh
    let busServiceFile: BusServiceFile
    let competingClaimants: [Claimant]
}

/// `schemectl flatpak --json`: the files written and what the package asks of Flatpak.
struct FlatpakOutput: JSONOutput {
    let version = 1
    let appID: String
    let builderManifest: String
    let desktopFile: String
    let command: String
    let finishArgs: [String]
    let mimeTypes: [String]
    /// The shared-mime-info package of the types the app defines (`null` when it defines none).
    let mimePackage: String?
}
