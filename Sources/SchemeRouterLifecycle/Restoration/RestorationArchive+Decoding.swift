internal import SchemeRouter

extension RestorationArchive {
    /// Reads an archive, refusing anything this build did not write for `expectedBundle`.
    /// Never traps, whatever the bytes.
    /// - Parameters:
    ///   - bytes: The archive's bytes.
    ///   - expectedBundle: The bundle name of the app reading it.
    /// - Throws: ``ArchiveError`` naming what is wrong and where.
    public init(decoding bytes: [UInt8], expectedBundle: String) throws(ArchiveError) {
        guard bytes.count <= Self.maximumSize else {
            throw .tooLarge(size: bytes.count, limit: Self.maximumSize)
        }
        let root: JSONNode
        do {
            root = try JSONReader.read(bytes)
        } catch {
            throw .notJSON(offset: error.offset, reason: error.reason)
        }
        guard case .object(let members) = root.value,
            let format = members.first(where: { $0.key == "format" }),
            format.value.value == .string(Self.formatName)
        else { throw .notAnArchive }
        let fields = try Self.fields(members, path: "")
        guard case .number(let version)? = fields["version"]?.value, version == String(Self.formatVersion) else {
            throw .unsupportedVersion(found: fields["version"].map(Self.shortText) ?? "none", supported: Self.formatVersion)
        }
        let bundle = try Self.string(fields["bundle"], path: "bundle")
        guard bundle == expectedBundle else { throw .foreignBundle(found: bundle, expected: expectedBundle) }
        let appState = try Self.coder(fields["app"], path: "app")
        guard case .array(let sceneNodes)? = fields["scenes"]?.value else {
            throw .malformed(path: "scenes", reason: Self.expected("an array", fields["scenes"]))
        }
        var scenes: [PreservedScene] = []
        for (index, node) in sceneNodes.enumerated() {
            let scene = try Self.scene(node, path: "scenes[\(index)]")
            guard !scenes.contains(where: { $0.session.persistentIdentifier == scene.session.persistentIdentifier }) else {
                throw .malformed(path: "scenes[\(index)].session", reason: "duplicate session \(scene.session.persistentIdentifier)")
            }
            scenes.append(scene)
        }
        self.init(bundleName: bundle, appState: appState, scenes: scenes)
    }

    private static func scene(_ node: JSONNode, path: String) throws(ArchiveError) -> PreservedScene {
        guard case .object(let members) = node.value else {
            throw .malformed(path: path, reason: expected("an object", node))
        }
        let fields = try fields(members, path: path)
        let identifier = try string(fields["session"], path: path + ".session")
        guard !identifier.isEmpty else { throw .malformed(path: path + ".session", reason: "empty") }
        let configuration = try string(fields["configuration"], path: path + ".configuration")
        let restorationIdentifier = try string(fields["restorationIdentifier"], path: path + ".restorationIdentifier")
        guard case .object(let infoMembers)? = fields["userInfo"]?.value else {
            throw .malformed(path: path + ".userInfo", reason: expected("an object", fields["userInfo"]))
        }
        var userInfo: [String: String] = [:]
        for (key, value) in try Self.fields(infoMembers, path: path + ".userInfo") {
            userInfo[key] = try string(value, path: "\(path).userInfo.\(key)")
        }
        return PreservedScene(
            session: SceneSession(persistentIdentifier: identifier, configurationName: configuration, userInfo: userInfo),
            restorationIdentifier: restorationIdentifier,
            state: try coder(fields["state"], path: path + ".state"))
    }

    private static func coder(_ node: JSONNode?, path: String) throws(ArchiveError) -> RestorationCoder {
        guard case .object(let members)? = node?.value else {
            throw .malformed(path: path, reason: expected("an object", node))
        }
        var values: [String: RestorableValue] = [:]
        for (key, value) in try fields(members, path: path) {
            values[key] = try restorable(value, path: "\(path).\(key)")
        }
        return RestorationCoder(values)
    }

    private static func restorable(_ node: JSONNode, path: String) throws(ArchiveError) -> RestorableValue {
        switch node.value {
        case .string(let text): return .string(text)
        case .bool(let flag): return .bool(flag)
        case .number(let text):
            guard let number = Int(text) else { throw .malformed(path: path, reason: "\(shortText(node)) is not an integer") }
            return .int(number)
        case .array(let items):
            var texts: [String] = []
            for (index, item) in items.enumerated() {
                texts.append(try string(item, path: "\(path)[\(index)]"))
            }
            return .strings(texts)
        case .null, .object:
            throw .malformed(path: path, reason: expected("a string, integer, Boolean or array of strings", node))
        }
    }

    private static func fields(_ members: [JSONNode.Member], path: String) throws(ArchiveError) -> [String: JSONNode] {
        var fields: [String: JSONNode] = [:]
        for member in members {
            guard fields.updateValue(member.value, forKey: member.key) == nil else {
                throw .malformed(path: path.isEmpty ? member.key : "\(path).\(member.key)", reason: "duplicate key")
            }
        }
        return fields
    }

    private static func string(_ node: JSONNode?, path: String) throws(ArchiveError) -> String {
        guard case .string(let text)? = node?.value else { throw .malformed(path: path, reason: expected("a string", node)) }
        return text
    }

    private static func expected(_ what: String, _ node: JSONNode?) -> String {
        "expected \(what), found \(node?.typeName ?? "nothing")"
    }

    /// A node's JSON type, or its text for a number (at most 20 characters).
    private static func shortText(_ node: JSONNode) -> String {
        if case .number(let text) = node.value { return String(text.prefix(20)) }
        return node.typeName
    }
}
