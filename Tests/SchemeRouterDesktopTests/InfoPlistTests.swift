import FoundationEssentials
import SchemeRouter
import Testing

@testable import SchemeRouterDesktop
import SchemeRouterPlatform

@Suite struct InfoPlistTests {
    static func plist(_ body: String) -> [UInt8] {
        Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>
            """.utf8)
    }

    static let iosApp = plist("""
        <key>CFBundleIdentifier</key><string>com.acme.todolist</string>
        <key>CFBundleDisplayName</key><string>Todo List</string>
        <key>CFBundleURLTypes</key>
        <array>
          <dict>
            <key>CFBundleTypeRole</key><string>Editor</string>
            <key>CFBundleURLIconFile</key><string>Icon</string>
            <key>CFBundleURLName</key><string>com.acme.todolist</string>
            <key>CFBundleURLSchemes</key><array><string>TodoList</string><string>todo</string></array>
          </dict>
          <dict>
            <key>CFBundleURLSchemes</key><array><string>todolist</string><string>todo-x</string></array>
          </dict>
        </array>
        """)

    @Test func importsAnIOSInfoPlist() throws {
        let manifest = try InfoPlist.manifest(fromPlist: Self.iosApp, file: "Info.plist")
        #expect(manifest.name.rawValue == "com.acme.todolist")
        #expect(manifest.schemes.map(\.rawValue) == ["todolist", "todo", "todo-x"])
        #expect(manifest.routes.isEmpty)
        #expect(manifest.jsonText == """
            {
              "CFBundleURLName": "com.acme.todolist",
              "CFBundleURLSchemes": ["todolist", "todo", "todo-x"],
              "routes": []
            }

            """)
    }

    @Test func exportThenImportRoundTrips() throws {
        let bytes = try #require(try RegularFile.readIfExists(#filePath.replacing("Tests/SchemeRouterDesktopTests/InfoPlistTests.swift", with: "Examples/TodoList/Schemes/todolist.json")))
        let manifest = try Manifest(json: bytes, file: "Schemes/todolist.json")
        let xml = InfoPlist.xml(for: manifest)
        #expect(xml.contains("<key>CFBundleURLTypes</key>"))
        #expect(xml.contains("<string>com.acme.todolist</string>"))
        let back = try InfoPlist.manifest(fromPlist: Array(xml.utf8), file: "exported.plist")
        #expect(back.name == manifest.name)
        #expect(back.schemes == manifest.schemes)
        // A binary plist reads the same.
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .binary
        struct Types: Encodable { let CFBundleURLTypes: [[String: [String]]] }
        let binary = try encoder.encode(Types(CFBundleURLTypes: [["CFBundleURLSchemes": ["todolist"]]]))
        #expect(throws: InfoPlistError.missingName(file: "b.plist", keyPath: "CFBundleURLTypes[0]")) {
            try InfoPlist.manifest(fromPlist: Array(binary), file: "b.plist")
        }
    }

    @Test func reportsWhatIsWrongAndWhere() throws {
        #expect(throws: InfoPlistError.noURLTypes(file: "f")) {
            try InfoPlist.manifest(fromPlist: Self.plist("<key>CFBundleIdentifier</key><string>a.b</string>"), file: "f")
        }
        #expect(throws: InfoPlistError.wrongType(file: "f", keyPath: "CFBundleURLTypes[0].CFBundleURLSchemes", expected: "an array of strings")) {
            try InfoPlist.manifest(fromPlist: Self.plist("""
                <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLName</key><string>a.b</string>
                <key>CFBundleURLSchemes</key><string>todolist</string></dict></array>
                """), file: "f")
        }
        let dashed = Self.plist("""
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLName</key><string>com.acme-corp.todo</string>
            <key>CFBundleURLSchemes</key><array><string>todolist</string></array></dict></array>
            """)
        #expect {
            try InfoPlist.manifest(fromPlist: dashed, file: "f")
        } throws: { error in
            guard case .invalidName(_, let keyPath, let nameError) = error as? InfoPlistError else { return false }
            return keyPath == "CFBundleURLTypes[0].CFBundleURLName" && nameError.offset == 8
        }
        let reserved = Self.plist("""
            <key>CFBundleURLTypes</key><array><dict><key>CFBundleURLName</key><string>com.evil.app</string>
            <key>CFBundleURLSchemes</key><array><string>http</string></array></dict></array>
            """)
        #expect {
            try InfoPlist.manifest(fromPlist: reserved, file: "f")
        } throws: { error in
            guard case .manifest(let manifestError) = error as? InfoPlistError else { return false }
            return manifestError.code == "reserved-scheme"
        }
        #expect {
            try InfoPlist.manifest(fromPlist: Array("not a plist <".utf8), file: "f")
        } throws: { error in
            if case .notAPropertyList(let file, _) = error as? InfoPlistError { return file == "f" }
            return false
        }
        let two = Self.plist("""
            <key>CFBundleURLTypes</key><array>
            <dict><key>CFBundleURLName</key><string>a.one</string><key>CFBundleURLSchemes</key><array><string>one</string></array></dict>
            <dict><key>CFBundleURLName</key><string>a.two</string><key>CFBundleURLSchemes</key><array><string>two</string></array></dict>
            </array>
            """)
        #expect(throws: InfoPlistError.severalNames(file: "f", names: ["a.one", "a.two"])) {
            try InfoPlist.manifest(fromPlist: two, file: "f")
        }
        #expect(try InfoPlist.manifest(fromPlist: two, file: "f", name: "a.two").schemes.map(\.rawValue) == ["two"])
    }
}
