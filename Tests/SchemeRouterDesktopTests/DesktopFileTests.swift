import PropertyBased
import Testing

@testable import SchemeRouterDesktop

/// The strict desktop-entry reader: every fault of the format is a typed error at its line and
/// column, and a valid file is written back byte for byte.
@Suite struct DesktopFileTests {
    /// A file with everything an app's own entry may have.
    static let rich = """
        # ReadLater's desktop entry
        [Desktop Entry]
        Type=Application
        Version=1.5
        Name=ReadLater
        Name[de]=Später lesen
        Name[sr@latin]=Čitaj kasnije
        Name[de_DE.UTF-8@euro]=Später
        GenericName = Reading list
        Comment=Keep links;\\sread them later\\n(offline)
        Icon=com.acme.readlater
        Categories=Network;Office;
        Keywords=read;later;bookmark\\;s;
        MimeType=text/x-readlater;
        Actions=new-window;
        X-Acme-Build=42

        [Desktop Action new-window]
        Name=New Window
        Exec=/usr/bin/readlater --new-window

        # vendor extension
        [X-Acme Settings]
        Theme=dark
        """ + "\n"

    @Test func readsAndWritesARichFileByteForByte() throws {
        let file = try DesktopFile(text: Self.rich)
        #expect(file.text == Self.rich)
        #expect(file.groups == ["Desktop Entry", "Desktop Action new-window", "X-Acme Settings"])
        #expect(file.value("Name", locale: "de") == "Später lesen")
        #expect(file.value("GenericName") == "Reading list")
        #expect(file.value("Keywords") == #"read;later;bookmark\;s;"#)
        #expect(file.value("Theme", in: "X-Acme Settings") == "dark")
        #expect(file.value("Name", locale: "de_DE.UTF-8@euro") == "Später")
        // The spacing around '=' is kept.
        #expect(file.lines.contains(.entry(.init(key: "GenericName", locale: nil, separator: " = ", value: "Reading list"))))
    }

    @Test func keepsAMissingFinalNewlineAndEmptyValues() throws {
        let text = "[Desktop Entry]\nName=\nType=Application"
        #expect(try DesktopFile(text: text).text == text)
    }

    @Test(arguments: [
        ("[Desktop Entry]\nName=a\u{7}b\n", DesktopFileError.controlCharacter(line: 2, column: 7, byte: 7)),
        ("[Desktop Entry]\r\nName=x\n", .carriageReturn(line: 1, column: 16)),
        ("[Desktop Entry]\n  Name=x\n", .leadingBlank(line: 2)),
        ("[Desktop Entry]\n\t# comment\n", .leadingBlank(line: 2)),
        ("[Desktop Entry]\ngarbage\n", .notAnEntry(line: 2, text: "garbage")),
        ("[Desktop Entry]  \nName=x\n", .notAnEntry(line: 1, text: "[Desktop Entry]  ")),
        ("[Desktop Entry]\n[Foo[x]]\n", .invalidGroupName(line: 2, name: "Foo[x]")),
        ("[Desktop Entry]\n[]\n", .invalidGroupName(line: 2, name: "")),
        ("[Desktop Entry]\n[Grüße]\n", .invalidGroupName(line: 2, name: "Grüße")),
        ("# c\nName=x\n[Desktop Entry]\n", .entryBeforeGroup(line: 2, key: "Name")),
        ("[X-Foo]\nA=b\n[Desktop Entry]\n", .firstGroupNotDesktopEntry(line: 1, group: "X-Foo")),
        ("# only a comment\n", .missingDesktopEntryGroup),
        ("", .missingDesktopEntryGroup),
        ("[Desktop Entry]\nA=1\n[X-A]\n[Desktop Entry]\n", .duplicateGroup(line: 4, group: "Desktop Entry", firstLine: 1)),
        ("[Desktop Entry]\nName=a\nName = b\n", .duplicateKey(line: 3, key: "Name", group: "Desktop Entry", firstLine: 2)),
        ("[Desktop Entry]\nName[de]=a\nName[de]=b\n", .duplicateKey(line: 3, key: "Name[de]", group: "Desktop Entry", firstLine: 2)),
        ("[Desktop Entry]\nX-Foo_bar=1\n", .invalidKey(line: 2, column: 6, key: "X-Foo_bar")),
        ("[Desktop Entry]\nMy Key=1\n", .invalidKey(line: 2, column: 3, key: "My Key")),
        ("[Desktop Entry]\n=x\n", .invalidKey(line: 2, column: 1, key: "")),
        ("[Desktop Entry]\nName[]=x\n", .invalidLocale(line: 2, column: 5, locale: "")),
        ("[Desktop Entry]\nName[de-DE]=x\n", .invalidLocale(line: 2, column: 5, locale: "de-DE")),
        ("[Desktop Entry]\nName[de_]=x\n", .invalidLocale(line: 2, column: 5, locale: "de_")),
        ("[Desktop Entry]\nName[de=x\n", .invalidLocale(line: 2, column: 5, locale: "de")),
        ("[Desktop Entry]\nName=a\\qb\n", .invalidEscape(line: 2, column: 7, sequence: "\\q")),
        ("[Desktop Entry]\nName=ab\\\n", .invalidEscape(line: 2, column: 8, sequence: "\\")),
        ("[Desktop Entry]\nName=a\\üb\n", .invalidEscape(line: 2, column: 7, sequence: "\\ü")),
        ("[Desktop Entry]\nNoDisplay=yes\n", .invalidBoolean(line: 2, key: "NoDisplay", value: "yes")),
        ("[Desktop Entry]\nDBusActivatable=True\n", .invalidBoolean(line: 2, key: "DBusActivatable", value: "True")),
    ])
    func refusesWithTheLineAndColumn(text: String, expected: DesktopFileError) {
        #expect(throws: expected) { try DesktopFile(text: text) }
    }

    @Test func refusesInvalidUTF8AtItsByte() {
        let bytes = Array("[Desktop Entry]\nComment=ä".utf8) + [0xFF] + Array("\n".utf8)
        #expect(throws: DesktopFileError.invalidUTF8(line: 2, column: 11)) { try DesktopFile(bytes) }
        // Overlong and surrogate forms are not UTF-8 either.
        #expect(throws: DesktopFileError.invalidUTF8(line: 2, column: 6)) { try DesktopFile(Array("[Desktop Entry]\nName=".utf8) + [0xC0, 0x80]) }
        #expect(throws: DesktopFileError.invalidUTF8(line: 2, column: 6)) { try DesktopFile(Array("[Desktop Entry]\nName=".utf8) + [0xED, 0xA0, 0x80]) }
    }

    @Test func describesTheFaultWhereCompilersDo() {
        let fault = DesktopFileError.invalidKey(line: 4, column: 6, key: "X-Foo_bar")
        #expect(fault.located(in: "app.desktop") == "app.desktop:4:6: key 'X-Foo_bar': key names use only A-Z, a-z, 0-9 and '-'")
        #expect(DesktopFileError.missingDesktopEntryGroup.located(in: "a.desktop") == "a.desktop: no [Desktop Entry] group")
        #expect(DesktopFileError.leadingBlank(line: 2).description.hasPrefix("line 2, column 1: "))
    }

    // MARK: - Properties

    /// Valid lines: keys with and without locales, values with every escape, odd spacing, comments,
    /// blank lines; groups are added in order with unique names.
    static let keys = ["Name", "Comment", "Icon", "X-Acme-Thing", "Keywords", "Exec", "A1-b2"]
    static let locales = [nil, "de", "de_DE", "sr@latin", "pt_BR.UTF-8", "ca_ES@valencia"]
    static let values = [
        "", "plain", "with spaces", "ünïcødé ✓", #"a\sb\nc\td\re\\f"#, #"one;two\;three;"#, "x=y=z", "#not a comment", "[not a group]",
        "trailing blanks  ", "tab\tinside",
    ]
    static let separators = ["=", " = ", "\t=", "= "]

    /// A random valid file as its lines.
    static func validFile(_ rng: inout any SeededRandomNumberGenerator) -> [DesktopFile.Line] {
        var lines: [DesktopFile.Line] = [.group(DesktopEntry.group)]
        var groups = 1
        var keysInGroup: Set<String> = []
        for _ in 0..<Int.random(in: 0...24, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0:
                if Bool.random(using: &rng) { lines.append(Bool.random(using: &rng) ? .blank : .comment("# group \(groups)")) }
                lines.append(.group("X-Group \(groups)"))
                groups += 1
                keysInGroup = []
            case 1: lines.append(.blank)
            case 2: lines.append(.comment("#" + values.randomElement(using: &rng)!))
            default:
                let entry = DesktopFile.Entry(
                    key: keys.randomElement(using: &rng)!, locale: locales.randomElement(using: &rng)!,
                    separator: separators.randomElement(using: &rng)!, value: values.randomElement(using: &rng)!)
                if keysInGroup.insert(entry.name).inserted { lines.append(.entry(entry)) }
            }
        }
        return lines
    }

    static let validFiles = Generator { (rng: inout any SeededRandomNumberGenerator) in validFile(&rng) }

    /// A valid file with one damaged line inserted after its first: the lines, and the damage's line number.
    static let damagedFiles = Generator { (rng: inout any SeededRandomNumberGenerator) -> (text: String, line: Int) in
        let damages = ["  Name=x", "Bad Key=1", "Name[x-y]=1", #"Name=a\qb"#, "Name=\u{1}", "no equals", "[Bad[Group]]", "Name=\r"]
        var text = validFile(&rng).map(\.text)
        let index = Int.random(in: 1...text.count, using: &rng)
        text.insert(damages.randomElement(using: &rng)!, at: index)
        return (text.joined(separator: "\n") + "\n", index + 1)
    }

    @Test func writingThenReadingGivesTheSameLines() async {
        await propertyCheck(count: 500, input: Self.validFiles) { lines in
            let written = DesktopFile(lines: lines).text
            let read = try DesktopFile(text: written)
            #expect(read.lines == lines)
            #expect(read.text == written)
        }
    }

    /// A damaged line in a valid file is refused at that line.
    @Test func aDamagedLineIsNamed() async {
        await propertyCheck(count: 300, input: Self.damagedFiles) { damaged in
            do throws(DesktopFileError) {
                _ = try DesktopFile(text: damaged.text)
                Issue.record("a damaged line \(damaged.line) was accepted: \(damaged.text)")
            } catch {
                #expect(error.line == damaged.line, "\(error)")
            }
        }
    }
}
