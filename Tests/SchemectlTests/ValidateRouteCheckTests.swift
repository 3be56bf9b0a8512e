import Foundation
import Testing

/// `schemectl validate`, `route` and `check` as a user runs them: output, `--json`, exit statuses.
@Suite("schemectl validate, route, check")
struct ValidateRouteCheckTests {
    static let seed = "todolist://www.acme.com?Quarterly%20Report#200806231300"

    @Test func validateExplainsAcceptance() throws {
        let output = try Schemectl.run(["validate", Self.seed])
        #expect(output.status == 0)
        #expect(output.stdout == """
            valid: todolist://www.acme.com?Quarterly%20Report#200806231300
              scheme   todolist
              userinfo (none)
              host     "www.acme.com"  (registeredName)
              port     (none)
              path     ""
              query    "Quarterly%20Report"  decoded: "Quarterly Report"
              fragment "200806231300"

            """)
    }

    @Test func validateRejectsWithACaretAndStatus2() throws {
        let output = try Schemectl.run(["validate", "todolist://www.acme.com?Quarterly Report"])
        #expect(output.status == 2)
        #expect(output.stdout == """
            error: raw space: percent-encode it as %20 at byte 33
              todolist://www.acme.com?Quarterly Report
                                               ^

            """)
    }

    @Test func validateJSONIsOneObjectPerLineFromArgumentsAndStandardInput() throws {
        let output = try Schemectl.run(["validate", "--json", "--stdin", "myapp:compose"], stdin: "myapp://?#\nx:a b\n")
        #expect(output.status == 2)
        #expect(output.lines == [
            #"{"version": 1, "input": "myapp:compose", "valid": true, "scheme": "myapp", "userinfo": null, "host": null, "port": null, "path": "compose", "query": null, "fragment": null, "error": null}"#,
            #"{"version": 1, "input": "myapp://?#", "valid": true, "scheme": "myapp", "userinfo": null, "host": "", "port": null, "path": "", "query": "", "fragment": "", "error": null}"#,
            #"{"version": 1, "input": "x:a b", "valid": false, "scheme": null, "userinfo": null, "host": null, "port": null, "path": null, "query": null, "fragment": null, "error": {"code": "space", "offset": 3, "message": "raw space: percent-encode it as %20"}}"#,
        ])
    }

    @Test func validateUsageErrorsExit64() throws {
        #expect(try Schemectl.run(["validate"]).status == 64)
        #expect(try Schemectl.run(["validate", "--maximum-length", "0", "x:y"]).status == 64)
        #expect(try Schemectl.run(["no-such-command"]).status == 64)
    }

    @Test func routeShowsTypedValues() throws {
        let output = try Schemectl.run(["route", Self.seed])
        #expect(output.status == 0)
        #expect(output.stdout.contains("route        add  //*/?{task}#{due?}"))
        #expect(output.stdout.contains(#"task  = "Quarterly Report"  (byte 24)"#))
        #expect(output.stdout.contains("due   = 2008-06-23T13:00:00  (byte 43)"))
    }

    @Test func routeJSON() throws {
        let output = try Schemectl.run(["route", "--json", Self.seed])
        #expect(output.status == 0)
        #expect(output.lines == [
            #"{"version": 1, "input": "todolist://www.acme.com?Quarterly%20Report#200806231300", "matched": true, "declaration": "com.acme.todolist", "file": "Examples/TodoList/Schemes/todolist.json", "route": "add", "template": "//*/?{task}#{due?}", "parameters": {"due": {"kind": "date", "value": "2008-06-23T13:00:00", "offset": 43}, "task": {"kind": "string", "value": "Quarterly Report", "offset": 24}}, "error": null}"#,
        ])
    }

    @Test(arguments: [
        // (arguments, status, the stage and code in --json)
        (["todolist://x?a#200802301300"], Int32(2), "route", "invalid-parameter"),
        (["todolist://x/y?a"], 2, "route", "no-route"),
        (["other://x"], 2, "route", "unknown-scheme"),
        (["todolist://x?a b"], 2, "parse", "space"),
    ])
    func routeFailures(arguments: [String], status: Int32, stage: String, code: String) throws {
        let output = try Schemectl.run(["route", "--json"] + arguments)
        #expect(output.status == status)
        let object = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
        let error = object?["error"] as? [String: Any]
        #expect(object?["matched"] as? Bool == false)
        #expect(error?["stage"] as? String == stage)
        #expect(error?["code"] as? String == code)
    }

    @Test func routeWithAnInvalidOrMissingManifestDirectory() throws {
        let bad = try Schemectl.directory(["a.json": #"{"CFBundleURLName": "com.a.b", "CFBundleURLSchemes": ["http"]}"#])
        defer { try? FileManager.default.removeItem(at: bad) }
        let invalid = try Schemectl.run(["route", "--schemes", bad.path, Self.seed])
        #expect(invalid.status == 65)
        #expect(invalid.stdout.contains("'http' is reserved"))
        #expect(try Schemectl.run(["route", "--schemes", "/nonexistent-\(UUID())", Self.seed]).status == 66)
    }

    /// With no argument, `check` reads the package it runs in: every target's `Schemes/*.json`.
    @Test func checkTheShippedManifests() throws {
        let output = try Schemectl.run(["check"])
        #expect(output.status == 0)
        #expect(output.lines == [
            "ok     Examples/FragileHandler/Schemes/fragile.json: com.example.fragile claims fragile (3 routes)",
            "ok     Examples/LoadProbe/Schemes/probe.json: org.schemerouter.loadprobe claims loadprobe (7 routes, 2 document types)",
            "ok     Examples/LoadProbe/Schemes/suspending-probe.json: org.schemerouter.suspendingprobe claims suspendingprobe (1 route)",
            "ok     Examples/Notes/Schemes/notes.json: com.example.notes claims notes (3 routes, 1 document type)",
            "ok     Examples/TodoList/Schemes/todolist.json: com.acme.todolist claims todolist (1 route)",
            "ok     Examples/WindowProbe/Schemes/window-probe.json: com.example.windowprobe claims windowprobe (1 route)",
            "ok     Tests/SchemeRouterGeneratedTests/Schemes/documents.json: org.schemerouter.documents claims documents (1 route, 2 document types)",
            "ok     Tests/SchemeRouterGeneratedTests/Schemes/everything.json: org.schemerouter.generated claims generated, gen (8 routes)",
        ])
    }

    @Test func checkReportsEveryProblemWithFileAndKeyPath() throws {
        let directory = try Schemectl.directory([
            "a.json": #"{"CFBundleURLName": "com.acme.a", "CFBundleURLSchemes": ["shared"]}"#,
            "b.json": #"{"CFBundleURLName": "com.acme.b", "CFBundleURLSchemes": ["shared"]}"#,
            "c.json": "{\"CFBundleURLName\": \"com.acme.c\",\n \"CFBundleURLSchemes\": [\"c\"],}",
            "notes.txt": "not a manifest",
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = try Schemectl.run(["check", directory.path])
        #expect(output.status == 65)
        let path = directory.path
        #expect(output.lines == [
            "ok     \(path)/a.json: com.acme.a claims shared (0 routes)",
            "error  \(path)/c.json: byte 63 (line 2, column 30): trailing ',' before '}'",
            "error  scheme 'shared' is claimed by two declarations: com.acme.a (\(path)/a.json: CFBundleURLSchemes[0]) and com.acme.b (\(path)/b.json: CFBundleURLSchemes[0])",
        ])
        let json = try Schemectl.run(["check", "--json", directory.path])
        #expect(json.status == 65)
        #expect(json.lines.count == 3)
        #expect(json.lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil })
    }

    @Test func checkAnUnreadableDirectoryExits66() throws {
        #expect(try Schemectl.run(["check", "/nonexistent-\(UUID())"]).status == 66)
    }

    /// A FIFO named `*.json` where a manifest is expected: refused at once with exit status 66,
    /// naming the file, for `check` and `route --schemes`, given as the directory or as the file
    /// (it used to block forever in open(2) waiting for a writer).
    @Test(arguments: [["check"], ["check", "--json"], ["route", "--schemes"], ["route", "--json", "--schemes"]], [false, true])
    func aFIFOWhereAManifestIsExpectedExits66(command: [String], namedDirectly: Bool) throws {
        let directory = try Schemectl.directory([:])
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("todolist.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        var arguments = command + [namedDirectly ? fifo : directory.path]
        if command.first == "route" { arguments.append(Self.seed) }
        let output = try Schemectl.run(arguments, deadline: .seconds(30))
        #expect(!output.timedOut)
        #expect(output.status == 66)
        let text = output.stdout + output.stderr
        #expect(text.contains(fifo) && text.contains("a FIFO, not a regular file"), "\(text)")
    }

    /// Issue 51: a FIFO among the manifests no longer hides the other files' problems: every file
    /// is reported, then the worst status (66 over 65).
    @Test(arguments: [false, true])
    func checkReportsEveryFileAroundAnUnreadableOne(json: Bool) throws {
        let directory = try Schemectl.directory([
            "a.json": #"{"CFBundleURLName": "com.acme.a", "CFBundleURLSchemes": ["a"]}"#,
            "c.json": #"{"CFBundleURLName": "com.acme.c", "CFBundleURLSchemes": ["c"], "x": 1}"#,
        ])
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("b.json").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let output = try Schemectl.run(["check"] + (json ? ["--json"] : []) + [directory.path], deadline: .seconds(30))
        #expect(output.status == 66)
        #expect(output.lines.count == 3, "\(output.lines)")
        let text = output.stdout
        #expect(text.contains("com.acme.a"), "the valid manifest is reported: \(text)")
        #expect(text.contains("\(directory.path)/c.json") && text.contains("x"), "the invalid one is reported: \(text)")
        #expect(text.contains(fifo) && text.contains("a FIFO, not a regular file"), "\(text)")
        if json { #expect(output.lines.allSatisfy { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) != nil }) }
    }

    /// A device where a manifest is expected is refused the same way (it would never end).
    @Test func aDeviceWhereAManifestIsExpectedExits66() throws {
        let output = try Schemectl.run(["check", "/dev/zero"], deadline: .seconds(30))
        #expect(!output.timedOut)
        #expect(output.status == 66)
        #expect((output.stdout + output.stderr).contains("/dev/zero: a character device, not a regular file"))
    }

}
