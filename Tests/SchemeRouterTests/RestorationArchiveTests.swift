import PropertyBased
import SchemeRouter
import SchemeRouterLifecycle
import Testing

/// Generated archives: keys, values and user info drawn from strings that stress JSON escaping.
enum ArchiveGen {
    typealias RNG = any SeededRandomNumberGenerator

    static let texts = ["", "a", "note/42", "scene-1", "\"", "\\", "\n\t", "é", "🙂", "\u{0}", "\u{1F}", "</script>", "{}", "[1,2]"]

    static func text(_ rng: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...3, using: &rng)).map { _ in texts.randomElement(using: &rng)! }.joined()
    }

    static func value(_ rng: inout some RandomNumberGenerator) -> RestorableValue {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: .string(text(&rng))
        case 1: .int([Int.min, -1, 0, 1, 42, Int.max, Int.random(in: Int.min...Int.max, using: &rng)].randomElement(using: &rng)!)
        case 2: .bool(Bool.random(using: &rng))
        default: .strings((0..<Int.random(in: 0...3, using: &rng)).map { _ in text(&rng) })
        }
    }

    static func coder(_ rng: inout some RandomNumberGenerator) -> RestorationCoder {
        var coder = RestorationCoder()
        for _ in 0..<Int.random(in: 0...4, using: &rng) { coder.encode(value(&rng), forKey: text(&rng)) }
        return coder
    }

    static let archives = Generator { (rng: inout RNG) -> RestorationArchive in
        var scenes: [PreservedScene] = []
        for index in 0..<Int.random(in: 0...3, using: &rng) {
            var userInfo: [String: String] = [:]
            for _ in 0..<Int.random(in: 0...2, using: &rng) { userInfo[text(&rng)] = text(&rng) }
            scenes.append(PreservedScene(
                session: SceneSession(persistentIdentifier: "scene-\(index)" + text(&rng), configurationName: text(&rng), userInfo: userInfo),
                restorationIdentifier: text(&rng), state: coder(&rng)))
        }
        return RestorationArchive(bundleName: "com.example.notes", appState: coder(&rng), scenes: scenes)
    }

    /// An encoded archive with one to three random byte edits.
    static let damagedArchives = Generator { (rng: inout RNG) -> [UInt8] in
        let archive = archives.run(using: &rng)
        var bytes = archive.encoded()
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            let position = Int.random(in: 0...bytes.count, using: &rng)
            let byte = UInt8.random(in: 0...255, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: bytes.insert(byte, at: position)
            case 1: if position < bytes.count { bytes.remove(at: position) }
            default: if position < bytes.count { bytes[position] = byte }
            }
        }
        return bytes
    }
}

@Suite("Restoration: the archive format")
struct RestorationArchiveTests {
    /// Decodes `bytes`; any outcome but a trap is fine, and an accepted archive re-encodes to bytes that decode to it.
    static func checkTotal(_ bytes: [UInt8]) {
        do {
            let archive = try RestorationArchive(decoding: bytes, expectedBundle: "com.example.notes")
            #expect(try RestorationArchive(decoding: archive.encoded(), expectedBundle: "com.example.notes") == archive)
        } catch {
            #expect(!error.description.isEmpty)
        }
    }

    @Test("encoding then decoding gives the same archive")
    func roundTrip() async {
        await propertyCheck(count: 500, input: ArchiveGen.archives) { archive in
            let bytes = archive.encoded()
            #expect((try? RestorationArchive(decoding: bytes, expectedBundle: "com.example.notes")) == archive)
            #expect(archive.encoded() == bytes)
        }
    }

    @Test("any bytes decode or throw ArchiveError; none traps")
    func anyBytes() async {
        await propertyCheck(count: 1000, input: Gen<UInt8>.value(in: 0...255).array(of: 0...300)) { bytes in
            Self.checkTotal(bytes)
        }
    }

    @Test("damaged archives decode or throw ArchiveError; none traps")
    func damaged() async {
        await propertyCheck(count: 1000, input: ArchiveGen.damagedArchives) { bytes in
            Self.checkTotal(bytes)
        }
    }

    @Test("a corrupt or foreign archive is refused with its reason", arguments: [
        (#"{"format": "schemerouter-state""#, "not JSON: "),
        (#"[1, 2]"#, "not a SchemeRouter state archive"),
        (#"{"format": "other", "version": 1}"#, "not a SchemeRouter state archive"),
        (#"{"format": "schemerouter-state", "version": 2, "bundle": "com.example.notes", "app": {}, "scenes": []}"#,
         "format version 2, this build reads 1"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.acme.todolist", "app": {}, "scenes": []}"#,
         "written by com.acme.todolist, not com.example.notes"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {"x": 1.5}, "scenes": []}"#,
         "app.x: 1.5 is not an integer"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {}, "scenes": [{"session": "s"}]}"#,
         "scenes[0].configuration: expected a string, found nothing"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {"a": 1, "a": 2}, "scenes": []}"#,
         "app.a: duplicate key"),
        (#"{"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {}, "scenes": [{"session": "s", "configuration": "c", "restorationIdentifier": "r", "userInfo": {}, "state": {}}, {"session": "s", "configuration": "c", "restorationIdentifier": "r", "userInfo": {}, "state": {}}]}"#,
         "scenes[1].session: duplicate session s"),
    ])
    func refused(text: String, reason: String) {
        #expect(throws: ArchiveError.self) {
            try RestorationArchive(decoding: Array(text.utf8), expectedBundle: "com.example.notes")
        }
        do {
            _ = try RestorationArchive(decoding: Array(text.utf8), expectedBundle: "com.example.notes")
        } catch {
            #expect(error.description.hasPrefix(reason), "\(error)")
        }
    }

    @Test("an archive over the size limit is refused before it is parsed")
    func tooLarge() {
        let bytes = [UInt8](repeating: 0x20, count: RestorationArchive.maximumSize + 1)
        #expect(throws: ArchiveError.tooLarge(size: bytes.count, limit: RestorationArchive.maximumSize)) {
            try RestorationArchive(decoding: bytes, expectedBundle: "com.example.notes")
        }
    }

    @Test("the format is the documented JSON")
    func documented() {
        var app = RestorationCoder()
        app.encode(2, forKey: "ui")
        var state = RestorationCoder()
        state.encode(3, forKey: "scroll")
        let archive = RestorationArchive(bundleName: "com.example.notes", appState: app, scenes: [
            PreservedScene(
                session: SceneSession(persistentIdentifier: "scene-1", userInfo: ["note": "42"]),
                restorationIdentifier: "note", state: state),
        ])
        #expect(String(decoding: archive.encoded(), as: UTF8.self) == """
            {"format": "schemerouter-state", "version": 1, "bundle": "com.example.notes", "app": {"ui": 2}, \
            "scenes": [{"session": "scene-1", "configuration": "Default Configuration", "restorationIdentifier": "note", \
            "userInfo": {"note": "42"}, "state": {"scroll": 3}}]}
            """)
    }
}
