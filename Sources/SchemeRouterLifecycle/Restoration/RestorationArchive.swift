/// The preserved state of one app: its high-level state and each preserved scene. A versioned,
/// self-describing JSON document the core encodes to and decodes from bytes (the runtime keeps it
/// on disk):
///
/// ```json
/// {"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes",
///  "app": {"ui": 2},
///  "scenes": [{"session": "scene-1", "configuration": "Default Configuration",
///              "restorationIdentifier": "note", "userInfo": {"note": "42"}, "state": {"scroll": 3}}]}
/// ```
///
/// Values are JSON strings, integers, Booleans and arrays of strings (``RestorableValue``). Scenes
/// are listed least recently active first.
public struct RestorationArchive: Sendable, Hashable {
    /// The value of `"format"`.
    public static let formatName = "schemerouter-state"
    /// The format version this build writes and reads.
    public static let formatVersion = 1
    /// The largest archive read: preserved state is small by design.
    public static let maximumSize = 1 << 20

    /// The app that wrote it; an archive of another bundle is refused.
    public var bundleName: String
    /// What ``StateRestorationDelegate/willEncodeRestorableState(_:)`` wrote.
    public var appState: RestorationCoder
    /// The preserved scenes, least recently active first.
    public var scenes: [PreservedScene]

    /// Creates an archive.
    public init(bundleName: String, appState: RestorationCoder = RestorationCoder(), scenes: [PreservedScene] = []) {
        self.bundleName = bundleName
        self.appState = appState
        self.scenes = scenes
    }
}

/// One preserved scene: its session and the state its delegate encoded.
public struct PreservedScene: Sendable, Hashable {
    /// The session, with its identifier, configuration name and the app's user info.
    public var session: SceneSession
    /// The scene delegate's ``SceneDelegate/restorationIdentifier``.
    public var restorationIdentifier: String
    /// What ``SceneDelegate/encodeRestorableState(_:)`` wrote.
    public var state: RestorationCoder

    /// Creates a preserved scene.
    public init(session: SceneSession, restorationIdentifier: String, state: RestorationCoder = RestorationCoder()) {
        self.session = session
        self.restorationIdentifier = restorationIdentifier
        self.state = state
    }
}
