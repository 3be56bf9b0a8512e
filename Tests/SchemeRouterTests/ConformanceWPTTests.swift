import Foundation
import Testing

@testable import SchemeRouter

/// The WHATWG URL web-platform-tests (`Fixtures/conformance/wpt/urltestdata.json`), read as incoming
/// URLs: only the `base: null` rows apply (an incoming URL is parsed on its own).
///
/// WHATWG and RFC 3986 disagree both ways. The rows both reject (`must_reject` in
/// `absolute-failures-split.json`) must be rejected; every other disagreement is classified by the
/// rules in ``WPTDifferences`` and written to `Docs/ConformanceDifferences.md`, which this suite
/// regenerates with `SCHEMEROUTER_REGENERATE=1` and otherwise compares byte for byte.
@Suite struct ConformanceWPTTests {
    @Test func fixtureCounts() throws {
        let all = try ConformanceFixtures.wptCases()
        #expect(all.count == 891)
        #expect(all.filter { !$0.whatwgAccepts }.count == 267)
        let absolute = all.filter { $0.base == nil }
        #expect(absolute.count == 555)
        let failures = absolute.filter { !$0.whatwgAccepts }.map(\.input)
        #expect(failures.count == 205)

        // The split is a partition of the absolute failures.
        let split = try ConformanceFixtures.wptFailureSplit()
        #expect(split.must_reject.count == 95)
        #expect(split.rfc3986_valid.count == 110)
        #expect((split.must_reject + split.rfc3986_valid).sorted() == failures.sorted())
    }

    /// WHATWG and RFC 3986 both reject these: so must we, at an offset inside the input.
    @Test(arguments: try ConformanceFixtures.wptFailureSplit().must_reject.map(WPTInput.init))
    func mustReject(_ row: WPTInput) throws {
        let rejection = try #require(URLParser.rejection(row.input), "accepted, but WHATWG and RFC 3986 both reject it")
        if row.input.isEmpty {
            #expect(rejection == .empty)
        } else {
            #expect(rejection.offset >= 0 && rejection.offset < row.input.utf8.count)
        }
    }

    /// WHATWG rejects these, RFC 3986 allows them (special-scheme host rules): we follow RFC 3986.
    @Test(arguments: try ConformanceFixtures.wptFailureSplit().rfc3986_valid.map(WPTInput.init))
    func rfc3986Valid(_ row: WPTInput) {
        #expect(URLParser.rejection(row.input) == nil, "\(ConformanceText.verdict(row.input))")
    }

    /// Where both accept, the scheme agrees; where WHATWG changed nothing (`href` is the input), every
    /// component agrees exactly with WHATWG's.
    @Test func componentsAgreeWhereBothAccept() throws {
        var compared = 0
        for row in try ConformanceFixtures.wptAbsoluteCases() where row.whatwgAccepts {
            guard let url = try? SchemeURL(row.input) else { continue }
            #expect(row.protocol == url.scheme + ":", "\(row.input)")
            guard row.href == row.input else { continue }
            compared += 1
            let userinfo = url.userinfo?.raw ?? ""
            let colon = userinfo.firstIndex(of: ":")
            #expect(row.username == String(userinfo[..<(colon ?? userinfo.endIndex)]), "\(row.input)")
            #expect(row.password == colon.map { String(userinfo[userinfo.index(after: $0)...]) } ?? "", "\(row.input)")
            #expect(row.hostname == url.host?.raw.description ?? "", "\(row.input)")
            #expect(row.port == url.rawPort?.raw.description ?? "", "\(row.input)")
            // WHATWG keeps a hostless path that starts with `//` apart from an authority by serialising
            // it behind `/.` (URL Standard §4.5): `non-spec:/.//p` has the pathname `//p`.
            let whatwgPath = url.host == nil && row.pathname?.hasPrefix("//") == true ? "/.\(row.pathname!)" : row.pathname
            #expect(whatwgPath == url.path.raw.description, "\(row.input)")
            #expect(row.search == url.query.map { $0.isEmpty ? "" : "?\($0.raw)" } ?? "", "\(row.input)")
            #expect(row.hash == url.fragment.map { $0.isEmpty ? "" : "#\($0.raw)" } ?? "", "\(row.input)")
        }
        #expect(compared > 100)
    }

    /// Every disagreement has a reason, and `Docs/ConformanceDifferences.md` is exactly what this
    /// test generates.
    @Test func differenceTable() throws {
        let report = try WPTDifferences.compute()
        for row in report.unclassified {
            Issue.record(
                "no reason for this difference: \(ConformanceText.escaped(row.input)) — WHATWG \(row.whatwg), SchemeRouter \(row.ours); add a rule to WPTDifferences"
            )
        }
        let markdown = report.markdown()
        let url = Self.differencesDocument
        if ProcessInfo.processInfo.environment["SCHEMEROUTER_REGENERATE"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(markdown.utf8).write(to: url)
        } else {
            let committed = try? String(contentsOf: url, encoding: .utf8)
            #expect(
                committed == markdown,
                "Docs/ConformanceDifferences.md is stale: run SCHEMEROUTER_REGENERATE=1 swift test --filter ConformanceWPTTests and commit it"
            )
        }
    }

    /// `Docs/ConformanceDifferences.md`, found from this source file (the doc lives in the source tree).
    static var differencesDocument: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()  // SchemeRouterTests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
            .appendingPathComponent("Docs/ConformanceDifferences.md")
    }
}

/// A WPT input, printed escaped in test names.
struct WPTInput: Sendable, CustomTestStringConvertible {
    var input: String
    var testDescription: String { ConformanceText.escaped(input) }
}

/// Classifies every disagreement between WHATWG and SchemeRouter over the `base: null` WPT rows,
/// by rules (never by hand), and renders the table.
enum WPTDifferences {
    /// Why the two standards disagree. The order is the order of the document.
    enum Reason: String, CaseIterable {
        // WHATWG accepts, SchemeRouter rejects.
        case trimsC0AndSpace
        case removesTabAndNewline
        case rawSpace
        case rawControl
        case rawNonASCII
        case backslash
        case forbiddenASCII
        case malformedPercent
        // WHATWG rejects, SchemeRouter accepts.
        case specialSchemeWithoutSlashes
        case fileCredentialsOrPort
        case specialEmptyHost
        case emptyHostWithCredentialsOrPort
        case specialHostPercentDecoding
        case specialHostEndsInNumber

        var whatwgAccepts: Bool {
            switch self {
            case .trimsC0AndSpace, .removesTabAndNewline, .rawSpace, .rawControl, .rawNonASCII, .backslash,
                .forbiddenASCII, .malformedPercent:
                true
            default:
                false
            }
        }

        var title: String {
            switch self {
            case .trimsC0AndSpace: "Leading or trailing C0 control or space"
            case .removesTabAndNewline: "Tab or newline inside the URL"
            case .rawSpace: "Raw space"
            case .rawControl: "Raw C0 control, NUL or DEL"
            case .rawNonASCII: "Raw non-ASCII (IRI)"
            case .backslash: "Backslash"
            case .forbiddenASCII: #"Raw `"` `<` `>` `^` `` ` `` `{` `|` `}`"#
            case .malformedPercent: "Malformed `%` escape"
            case .specialSchemeWithoutSlashes: "Special scheme without `//`"
            case .fileCredentialsOrPort: "`file:` URL with credentials or a port"
            case .specialEmptyHost: "Empty host in a special-scheme URL"
            case .emptyHostWithCredentialsOrPort: "Credentials or a port with an empty host"
            case .specialHostPercentDecoding: "Percent-encoded special-scheme host"
            case .specialHostEndsInNumber: "Special-scheme host ending in a number"
            }
        }

        var explanation: String {
            switch self {
            case .trimsC0AndSpace:
                "WHATWG strips leading and trailing C0 controls and spaces before parsing. RFC 3986 has no such step: the byte is rejected where it stands."
            case .removesTabAndNewline:
                "WHATWG deletes every tab, LF and CR anywhere in the input. RFC 3986 forbids raw control characters."
            case .rawSpace:
                "WHATWG percent-encodes a raw space (or keeps it inside an opaque path). RFC 3986 has no raw space: percent-encode it as `%20`."
            case .rawControl:
                "WHATWG percent-encodes C0 controls, NUL and DEL. RFC 3986 forbids them raw."
            case .rawNonASCII:
                "WHATWG percent-encodes non-ASCII as UTF-8, or maps a special-scheme host through IDNA. RFC 3986 is ASCII only (an IRI is not a URI): percent-encode the UTF-8 bytes."
            case .backslash:
                #"WHATWG reads `\` as `/` in special-scheme URLs and keeps it raw elsewhere. RFC 3986 never allows it."#
            case .forbiddenASCII:
                "WHATWG percent-encodes these (or keeps them raw, depending on the component). RFC 3986 never allows them raw."
            case .malformedPercent:
                "WHATWG keeps a `%` that does not open a two-hex-digit escape as written. RFC 3986 requires `%` HEXDIG HEXDIG."
            case .specialSchemeWithoutSlashes:
                "For http, https, ws, wss, ftp and file WHATWG parses an authority even without `//` (and then finds no valid host). RFC 3986 reads what follows `scheme:` as a path."
            case .fileCredentialsOrPort:
                "WHATWG `file:` URLs have no credentials and no port. RFC 3986 gives every scheme the same authority syntax."
            case .specialEmptyHost:
                "WHATWG requires a non-empty host for http, https, ws, wss and ftp. RFC 3986's reg-name may be empty."
            case .emptyHostWithCredentialsOrPort:
                "WHATWG rejects userinfo or a port when the host is empty. RFC 3986 allows `//user@:port`."
            case .specialHostPercentDecoding:
                "WHATWG percent-decodes a special-scheme host, then rejects forbidden code points and IDNA failures. RFC 3986 allows `%XX` in a reg-name (decoding is the scheme's business)."
            case .specialHostEndsInNumber:
                "WHATWG parses a special-scheme host whose last label is a number as IPv4 (decimal, octal or hex parts) and fails when that does not work. RFC 3986 reads anything that is not a dotted-decimal IPv4address as a reg-name."
            }
        }
    }

    struct Row {
        var caseNumber: Int
        var input: String
        /// WHATWG's `href`, or `failure`.
        var whatwg: String
        /// Our rejection, or `nil` when we accept.
        var rejection: URLRejection?
        var ours: String { rejection.map { "\($0.code) at \($0.offset)" } ?? "accepted" }
        var reason: Reason?
    }

    struct Report {
        var absoluteRows = 0
        var bothAccept = 0
        var bothReject = 0
        var mustReject = 0
        var differences: [Row] = []

        var unclassified: [Row] { differences.filter { $0.reason == nil } }
    }

    static let specialSchemes: Set<String> = ["ftp", "file", "http", "https", "ws", "wss"]

    static func compute() throws -> Report {
        let mustReject = Set(try ConformanceFixtures.wptFailureSplit().must_reject)
        var report = Report()
        for (number, row) in try ConformanceFixtures.wptCases().enumerated() where row.base == nil {
            report.absoluteRows += 1
            let input = row.input
            let bytes = Array(input.utf8)
            switch (row.whatwgAccepts, Result { () throws(URLRejection) in try SchemeURL(input) }) {
            case (true, .success):
                report.bothAccept += 1
            case (false, .failure):
                report.bothReject += 1
                if mustReject.contains(input) { report.mustReject += 1 }
            case (true, .failure(let rejection)):
                report.differences.append(
                    Row(
                        caseNumber: number, input: input, whatwg: row.href ?? "", rejection: rejection,
                        reason: reasonWhatwgAccepts(bytes, rejection)))
            case (false, .success(let url)):
                report.differences.append(
                    Row(
                        caseNumber: number, input: input, whatwg: "failure", rejection: nil,
                        reason: reasonWhatwgRejects(url)))
            }
        }
        return report
    }

    /// Why WHATWG accepts an input we reject: decided by the rejection and the byte it points at.
    static func reasonWhatwgAccepts(_ bytes: [UInt8], _ rejection: URLRejection) -> Reason? {
        let offset = rejection.offset
        guard offset < bytes.count else { return nil }
        let byte = bytes[offset]
        let isC0OrSpace: (UInt8) -> Bool = { $0 <= 0x20 }
        let leading = bytes.prefix(while: isC0OrSpace).count
        let trailing = bytes.reversed().prefix(while: isC0OrSpace).count
        switch rejection {
        case .nulByte, .controlCharacter, .space:
            if offset < leading || offset >= bytes.count - trailing { return .trimsC0AndSpace }
            if byte == 0x09 || byte == 0x0A || byte == 0x0D { return .removesTabAndNewline }
            return byte == 0x20 ? .rawSpace : .rawControl
        case .nonASCII:
            return .rawNonASCII
        case .disallowedCharacter:
            return byte == UInt8(ascii: "\\") ? .backslash : .forbiddenASCII
        case .invalidPercentEncoding:
            return .malformedPercent
        default:
            return nil
        }
    }

    /// Why WHATWG rejects an input we accept: decided by its scheme and authority.
    static func reasonWhatwgRejects(_ url: SchemeURL) -> Reason? {
        let special = specialSchemes.contains(url.scheme)
        let host = url.host?.raw
        let hasCredentialsOrPort = url.userinfo != nil || url.rawPort != nil
        if special && host == nil { return .specialSchemeWithoutSlashes }
        if url.scheme == "file" && hasCredentialsOrPort { return .fileCredentialsOrPort }
        if special && host == "" { return .specialEmptyHost }
        if host == "" && hasCredentialsOrPort { return .emptyHostWithCredentialsOrPort }
        if special, let host, host.contains("%") { return .specialHostPercentDecoding }
        if special, let host, endsInANumber(host) { return .specialHostEndsInNumber }
        return nil
    }

    /// WHATWG's "ends in a number" (URL Standard §3.5): the last label, ignoring one trailing empty
    /// label, is all digits or `0x` followed by hex digits.
    static func endsInANumber(_ host: Substring) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "" {
            if labels.count == 1 { return false }
            labels.removeLast()
        }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.allSatisfy({ $0.isASCII && $0.isNumber }) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy({ $0.isHexDigit })
    }

}

// MARK: - Markdown

extension WPTDifferences.Report {
    /// The document, deterministic for a given fixture and parser.
    func markdown() -> String {
        typealias Reason = WPTDifferences.Reason
        let whatwgAcceptsCount = differences.filter { $0.whatwg != "failure" }.count
        var lines: [String] = [
            "<!-- Generated by Tests/SchemeRouterTests/ConformanceWPTTests.swift (differenceTable). Do not edit.",
            "     Regenerate: SCHEMEROUTER_REGENERATE=1 swift test --filter ConformanceWPTTests -->",
            "# How SchemeRouter differs from the WHATWG URL Standard",
            "",
            "SchemeRouter reads an incoming URL with RFC 3986's `URI` grammar, strictly (see [ParsePolicy.md](ParsePolicy.md)).",
            "The WHATWG URL Standard is a browser's parser: it repairs what it is given and has extra host rules for",
            "the special schemes (http, https, ws, wss, ftp, file). This document compares the two over every `base: null` row",
            "of the web-platform-tests `urltestdata.json` (copied byte for byte into",
            "`Tests/SchemeRouterTests/Fixtures/conformance/wpt/`): each input is parsed on its own, as an incoming URL is.",
            "",
            "A test generates this file and fails when it is out of date, or when a difference matches none of the",
            "reasons below (the reasons are rules in code, not a hand-kept list). Inputs both standards reject",
            "(`must_reject` in `absolute-failures-split.json`) are asserted rejected by another test and are not listed.",
            "",
            "## Summary",
            "",
            "| rows | count |",
            "|---|---:|",
            "| `base: null` rows | \(absoluteRows) |",
            "| both accept | \(bothAccept) |",
            "| both reject | \(bothReject) (`must_reject`: \(mustReject)) |",
            "| WHATWG accepts, SchemeRouter rejects | \(whatwgAcceptsCount) |",
            "| WHATWG rejects, SchemeRouter accepts | \(differences.count - whatwgAcceptsCount) |",
            "",
            "| reason | WHATWG | SchemeRouter | rows |",
            "|---|---|---|---:|",
        ]
        for reason in Reason.allCases {
            let count = differences.filter { $0.reason == reason }.count
            guard count > 0 else { continue }
            let (whatwg, ours) = reason.whatwgAccepts ? ("accepts", "rejects") : ("rejects", "accepts")
            let title = reason.title.replacingOccurrences(of: "|", with: "\\|")
            lines.append("| \(title) | \(whatwg) | \(ours) | \(count) |")
        }
        for reason in Reason.allCases {
            let rows = differences.filter { $0.reason == reason }
            guard !rows.isEmpty else { continue }
            lines += [
                "",
                "## \(reason.title)",
                "",
                reason.explanation,
                "",
                "| case | input | WHATWG | SchemeRouter |",
                "|---:|---|---|---|",
            ]
            for row in rows {
                let whatwg = row.whatwg == "failure" ? "failure" : Self.code(row.whatwg)
                let ours = row.rejection.map { "`\($0.code)` at \($0.offset)" } ?? "accepted"
                lines.append("| \(row.caseNumber + 1) | \(Self.code(row.input)) | \(whatwg) | \(ours) |")
            }
        }
        lines += [
            "",
            "Case numbers count the test objects of `urltestdata.json` from 1. Characters outside printable ASCII,",
            "and spaces at either end, are written `\\u{…}`.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a Markdown code span that survives a table cell: non-printable and non-ASCII
    /// characters escaped, `|` escaped, a backtick fence longer than any run inside.
    static func code(_ text: String) -> String {
        var scalars = Array(ConformanceText.escaped(text).unicodeScalars)
        guard !scalars.isEmpty else { return "(empty)" }
        // Spaces at either end would vanish: write them as escapes too.
        var prefix = "", suffix = ""
        while scalars.first == " " {
            scalars.removeFirst()
            prefix += "\\u{20}"
        }
        while scalars.last == " " {
            scalars.removeLast()
            suffix = "\\u{20}" + suffix
        }
        var body = prefix
        body.unicodeScalars += scalars
        body += suffix
        body = body.replacingOccurrences(of: "|", with: "\\|")
        var longestRun = 0, run = 0
        for character in body {
            run = character == "`" ? run + 1 : 0
            longestRun = max(longestRun, run)
        }
        let fence = String(repeating: "`", count: longestRun + 1)
        let pad = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }
}
