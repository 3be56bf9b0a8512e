internal import SchemeRouter

extension RestorationArchive {
    /// The archive as compact UTF-8 JSON, keys of coders and user info sorted, so equal archives
    /// give equal bytes.
    public func encoded() -> [UInt8] {
        let document = JSONValue.object([
            ("format", .string(Self.formatName)),
            ("version", .int(Self.formatVersion)),
            ("bundle", .string(bundleName)),
            ("app", Self.json(appState)),
            ("scenes", .array(scenes.map(Self.json))),
        ])
        return Array(document.text.utf8)
    }

    private static func json(_ scene: PreservedScene) -> JSONValue {
        .object([
            ("session", .string(scene.session.persistentIdentifier)),
            ("configuration", .string(scene.session.configurationName)),
            ("restorationIdentifier", .string(scene.restorationIdentifier)),
            ("userInfo", .object(scene.session.userInfo.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) })),
            ("state", json(scene.state)),
        ])
    }

    private static func json(_ coder: RestorationCoder) -> JSONValue {
        .object(coder.values.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
    }

    private static func json(_ value: RestorableValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .bool(let flag): .bool(flag)
        case .strings(let texts): .array(texts.map(JSONValue.string))
        }
    }
}
