/// An app's manifest compiled into its executable: its exact JSON, its `CFBundleURLName` and the
/// file it came from. ``AppRequest/manifest`` holds it, so no copy of the JSON exists beside the
/// file, and an installed app does not depend on the working directory.
///
/// A sender reads only ``bundleName`` (it names the app's socket); the primary compiles the JSON
/// once (``AppRouter/init(for:)``).
public struct EmbeddedManifest: Sendable {
    /// The manifest's `CFBundleURLName`.
    public let bundleName: String
    /// The manifest's path in the source tree (`Schemes/notes.json`), for messages.
    public let file: String
    /// The manifest's JSON, byte for byte.
    public let json: StaticString

    /// Embeds a manifest.
    /// - Precondition (checked when it is compiled): `bundleName` is the JSON's `CFBundleURLName`.
    public init(bundleName: String, file: String, json: StaticString) {
        self.bundleName = bundleName
        self.file = file
        self.json = json
    }

    /// The JSON's bytes.
    public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: json.utf8Start, count: json.utf8CodeUnitCount)
    }

    /// Reads the JSON and compiles its routes.
    /// - Throws: ``ManifestError`` (never for a manifest the generator embedded: it refused the
    ///   build instead).
    public func declaration() throws(ManifestError) -> SchemeDeclaration {
        try SchemeDeclaration(Manifest(json: bytes, file: file))
    }
}
