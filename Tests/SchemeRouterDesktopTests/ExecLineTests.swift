import PropertyBased
import Testing

@testable import SchemeRouterDesktop

/// `Exec` quoting (Desktop Entry specification §7) in both directions.
@Suite struct ExecLineTests {
    /// Path → the `Exec=` value as it appears in the file.
    @Test(arguments: [
        ("/usr/bin/todolist", #"/usr/bin/todolist %u"#),
        ("/opt/my apps/todo", #""/opt/my apps/todo" %u"#),
        (#"/opt/say "hi"/todo"#, #""/opt/say \\"hi\\"/todo" %u"#),
        ("/opt/$HOME/todo", #""/opt/\\$HOME/todo" %u"#),
        (#"/opt/back\slash/todo"#, #""/opt/back\\\\slash/todo" %u"#),
        ("/opt/`id`/todo", #""/opt/\\`id\\`/todo" %u"#),
        ("/opt/a;b&c|d/todo", #""/opt/a;b&c|d/todo" %u"#),
        ("/opt/it's/todo", #""/opt/it's/todo" %u"#),
        ("/opt/~user/(x)*?#<>/todo", #""/opt/~user/(x)*?#<>/todo" %u"#),
        ("/opt/ünïcødé/todo", "/opt/ünïcødé/todo %u"),
    ])
    func writesQuotedValue(path: String, expected: String) throws {
        #expect(try ExecLine.value(executable: path) == expected)
        // And reads back as exactly [path, url].
        let url = "todolist://x?a b;$(touch /tmp/no)'\"#frag"
        #expect(try ExecLine.arguments(exec: expected, url: url) == [path, url])
    }

    @Test func refusesWhatNoExecLineCanCarry() {
        #expect(throws: ExecLineError.relativeExecutable(path: "bin/todolist")) {
            try ExecLine.value(executable: "bin/todolist")
        }
        #expect(throws: ExecLineError.unrepresentableExecutable(path: "/a\nb", offset: 2, reason: "control character 0xA")) {
            try ExecLine.value(executable: "/a\nb")
        }
        #expect(throws: ExecLineError.unrepresentableExecutable(
            path: "/a%b", offset: 2,
            reason: "'%' cannot be launched: GLib (gio, GNOME, browsers) looks the program up before turning '%%' back into '%'")) {
            try ExecLine.value(executable: "/a%b")
        }
        #expect(ExecLine.quote("100% sure") == #""100%% sure""#)
        #expect(ExecLine.quote("100%") == "100%%")
        #expect(throws: ExecLineError.unrepresentableExecutable(
            path: "/a=b", offset: 2, reason: "'=' is not allowed in the program of an Exec line")) {
            try ExecLine.value(executable: "/a=b")
        }
    }

    /// Other people's `Exec` lines → argv, field codes expanded, the URL always one element.
    @Test(arguments: [
        ("app %u", ["app", "U"]),
        ("app %U", ["app", "U"]),
        ("app %f", ["app", "U"]),
        ("app --new-window %u --x", ["app", "--new-window", "U", "--x"]),
        ("app", ["app", "U"]),
        ("app --url=%u", ["app", "--url=U"]),
        ("app %i %u", ["app", "--icon", "ICON", "U"]),
        ("app %c %k %u", ["app", "NAME", "/p/x.desktop", "U"]),
        ("app %d %D %n %N %v %m %u", ["app", "U"]),
        ("app 100%% %u", ["app", "100%", "U"]),
        (#"app "a b" 'c' %u"#, ["app", "a b", "'c'", "U"]),
        (#"app "a\\"b" %u"#, ["app", "a\"b", "U"]),
        (#"app "x\\\\y" %u"#, [#"app"#, #"x\y"#, "U"]),
        ("app\\s%u", ["app", "U"]),
        ("  app   %u  ", ["app", "U"]),
    ])
    func expandsFieldCodes(exec: String, expected: [String]) throws {
        let argv = try ExecLine.arguments(
            exec: exec, url: "U", name: "NAME", icon: "ICON", desktopFilePath: "/p/x.desktop")
        #expect(argv == expected)
    }

    @Test func rejectsBrokenExecLines() {
        #expect(throws: ExecLineError.unterminatedQuote(exec: #"app "a %u"#, offset: 4)) {
            try ExecLine.arguments(exec: #"app "a %u"#, url: "U")
        }
        #expect(throws: ExecLineError.unknownFieldCode(exec: "app %x", offset: 4, code: "x")) {
            try ExecLine.arguments(exec: "app %x", url: "U")
        }
        #expect(throws: ExecLineError.unknownFieldCode(exec: "app 100%", offset: 7, code: "")) {
            try ExecLine.arguments(exec: "app 100%", url: "U")
        }
        #expect(throws: ExecLineError.empty) { try ExecLine.arguments(exec: "   ", url: "U") }
    }

    /// Any absolute path without control characters or `=` survives quoting, escaping,
    /// unescaping, splitting and expansion unchanged, and the URL stays one argument.
    @Test func anyPathRoundTrips() async {
        let alphabet = Array(#"abc /\"'`$;&|<>~*?#()!{}[]^,.:@+-_é€"#.unicodeScalars)
        let paths = Gen<Int>.int(in: 0..<alphabet.count).array(of: 0...24).map { indices in
            "/" + String(String.UnicodeScalarView(indices.map { alphabet[$0] }))
        }
        await propertyCheck(count: 800, input: paths) { path in
            let value = try ExecLine.value(executable: path)
            #expect(!value.contains("\n"))
            let url = "todolist://x?%20$(id);'\"%u"
            #expect(try ExecLine.arguments(exec: value, url: url) == [path, url])
        }
    }

    /// Any argument — `%` included — quoted with ``ExecLine/quote(_:)`` and escaped for the file
    /// reads back as exactly itself, and field codes inside it are never expanded.
    @Test func anyArgumentRoundTrips() async {
        let alphabet = Array(#"ab %uUfFic\"'`$;&|<>~*?#()= é"#.unicodeScalars) + ["\n", "\t"]
        let arguments = Gen<Int>.int(in: 0..<alphabet.count).array(of: 0...16).map { indices in
            String(String.UnicodeScalarView(indices.map { alphabet[$0] }))
        }
        await propertyCheck(count: 800, input: arguments) { argument throws in
            let exec = DesktopEntryValue.escape("/bin/app " + ExecLine.quote(argument) + " %u")
            #expect(!exec.contains("\n"))
            #expect(try ExecLine.arguments(exec: exec, url: "todolist:x") == ["/bin/app", argument, "todolist:x"])
        }
    }
}
