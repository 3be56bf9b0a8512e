import PropertyBased
import Testing

@testable import SchemeRouter

/// Properties of the parser over generated input (x-sheep/swift-property-based; a failure prints the
/// seed to replay it with `.fixedSeed(…)`).
///
/// - Any bytes: the parser returns (no trap, no hang), an accepted input re-serialises byte for byte
///   from its layout, and a rejection's offset lies inside the input.
/// - Valid URLs generated from RFC 3986's grammar are accepted with exactly the generated components.
/// - One universally forbidden byte inserted into a valid URL is rejected at exactly its offset.
@Suite struct PropertyTests {
    /// Bytes that are wrong anywhere in a URL: C0 controls, space, DEL, non-ASCII and `"<>\^`{|}`.
    static let universallyForbidden: [UInt8] =
        Array(0x00...0x20) + [0x7F] + Array(0x80...0xFF) + Array(#""<>\^`{|}"#.utf8)

    /// The rejection a universally forbidden `byte` at `offset` gets.
    static func expectedRejection(_ byte: UInt8, at offset: Int) -> URLRejection {
        switch byte {
        case 0x00: .nulByte(offset: offset)
        case 0x01...0x1F, 0x7F: .controlCharacter(offset: offset, byte: byte)
        case 0x20: .space(offset: offset)
        case 0x80...0xFF: .nonASCII(offset: offset, byte: byte)
        default: .disallowedCharacter(offset: offset, byte: byte)
        }
    }

    /// Runs the parser on `bytes` and checks properties (a)–(c). Returns the layout when accepted.
    @discardableResult
    static func checkTotal(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) -> URLLayout? {
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(URLRejection) in try URLParser.validate(buffer) }
        }
        switch result {
        case .success(let layout):
            let rebuilt = reserialise(bytes, layout)
            #expect(rebuilt == bytes, "re-serialised differently", sourceLocation: sourceLocation)
            checkLayoutInvariants(bytes, layout, sourceLocation: sourceLocation)
            // Decoding any component throws or returns; it never traps.
            if let url = try? SchemeURL(bytes: bytes) {
                let parts = [url.userinfo, url.host, url.query, url.fragment, url.path] + url.pathSegments
                for part in parts {
                    _ = try? part?.decoded()
                    _ = try? part?.decoded(.form)
                }
            }
            return layout
        case .failure(let rejection):
            let offset = rejection.offset
            let inside = bytes.isEmpty ? offset == 0 : (0..<bytes.count).contains(offset)
            #expect(inside, "\(rejection) outside \(bytes.count) bytes", sourceLocation: sourceLocation)
            // The string entry point agrees with the byte one (for valid UTF-8).
            if let string = String(validating: bytes, as: UTF8.self) {
                #expect(URLParser.rejection(string) == rejection, sourceLocation: sourceLocation)
            }
            _ = rejection.render(input: bytes)
            return nil
        }
    }

    /// `scheme ":" ["//" [userinfo "@"] host [":" port]] path ["?" query] ["#" fragment]`, from the layout.
    static func reserialise(_ bytes: [UInt8], _ layout: URLLayout) -> [UInt8] {
        var out = Array(bytes[layout.scheme]) + Array(":".utf8)
        if let host = layout.host {
            out += Array("//".utf8)
            if let userinfo = layout.userinfo { out += bytes[userinfo] + Array("@".utf8) }
            out += bytes[host]
            if let port = layout.port { out += Array(":".utf8) + bytes[port] }
        }
        out += bytes[layout.path]
        if let query = layout.query { out += Array("?".utf8) + bytes[query] }
        if let fragment = layout.fragment { out += Array("#".utf8) + bytes[fragment] }
        return out
    }

    static func checkLayoutInvariants(_ bytes: [UInt8], _ layout: URLLayout, sourceLocation: SourceLocation) {
        #expect(bytes.allSatisfy { $0 >= 0x21 && $0 < 0x7F }, "accepted a byte outside printable ASCII", sourceLocation: sourceLocation)
        #expect(!layout.scheme.isEmpty && bytes[layout.scheme.lowerBound].isLetter, sourceLocation: sourceLocation)
        #expect((layout.host == nil) == (layout.hostKind == nil), sourceLocation: sourceLocation)
        #expect(layout.host != nil || (layout.userinfo == nil && layout.port == nil), sourceLocation: sourceLocation)
        if let port = layout.port {
            let digits = bytes[port]
            #expect(digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }, sourceLocation: sourceLocation)
            let value = digits.reduce(0) { min($0 * 10 + Int($1 - 0x30), 1 << 20) }
            #expect(layout.portNumber == (digits.isEmpty ? nil : UInt16(exactly: value)), sourceLocation: sourceLocation)
        } else {
            #expect(layout.portNumber == nil, sourceLocation: sourceLocation)
        }
        // Every '%' in the input opens a valid escape.
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            #expect(index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit, sourceLocation: sourceLocation)
        }
    }

    // MARK: - (a)–(c) over arbitrary bytes

    @Test func uniformBytes() async {
        await propertyCheck(count: 1500, input: URLGen.anyBytes) { bytes in
            Self.checkTotal(bytes)
        }
    }

    @Test func urlAlphabetBytes() async {
        await propertyCheck(count: 1500, input: URLGen.urlishBytes) { bytes in
            Self.checkTotal(bytes)
        }
    }

    @Test func interestingBytes() async {
        await propertyCheck(count: 1500, input: URLGen.interestingBytes) { bytes in
            Self.checkTotal(bytes)
        }
    }

    @Test func mutatedValidURLs() async {
        await propertyCheck(count: 1500, input: URLGen.mutatedURLs) { bytes in
            Self.checkTotal(bytes)
        }
    }

    /// Every input of up to one byte and `s:` followed by one byte; of the two-byte inputs (bare
    /// and after `s:`), those whose first byte is an interesting one or either byte a multiple of 17
    /// (about a fifth of them).
    @Test func shortInputs() {
        Self.checkTotal([])
        for a in UInt8.min...UInt8.max {
            Self.checkTotal([a])
            Self.checkTotal([UInt8(ascii: "s"), UInt8(ascii: ":"), a])
            for b in UInt8.min...UInt8.max where a % 17 == 0 || b % 17 == 0 || URLGen.interesting.contains(a) {
                Self.checkTotal([a, b])
                Self.checkTotal([UInt8(ascii: "s"), UInt8(ascii: ":"), a, b])
            }
        }
    }

    // MARK: - (d) valid URLs from the grammar

    @Test func generatedValidURLsAreAcceptedWithTheirComponents() async {
        await propertyCheck(count: 1500, input: URLGen.validURLs) { url in
            guard let layout = Self.checkTotal(url.text) else {
                Issue.record("rejected a valid URL: \(url)")
                return
            }
            #expect(layout.scheme == url.scheme)
            #expect(layout.userinfo == url.userinfo)
            #expect(layout.host == url.host)
            #expect(layout.hostKind == url.hostKind)
            #expect(layout.port == url.port)
            #expect(layout.portNumber == url.portNumber)
            #expect(layout.path == url.path)
            #expect(layout.query == url.query)
            #expect(layout.fragment == url.fragment)
        }
    }

    // MARK: - (e) one forbidden byte

    @Test func insertedForbiddenByteIsRejectedAtItsOffset() async {
        await propertyCheck(count: 1500, input: URLGen.validURLAndInsertionPoint) { url, offset, byte in
            var bytes = url.text
            bytes.insert(byte, at: offset)
            let result = bytes.withUnsafeBufferPointer { buffer in
                Result { () throws(URLRejection) in try URLParser.validate(buffer) }
            }
            let rejection: URLRejection? = if case .failure(let error) = result { error } else { nil }
            #expect(rejection == Self.expectedRejection(byte, at: offset), "\(url) with 0x\(String(byte, radix: 16)) at \(offset)")
        }
    }

    // MARK: - Long inputs

    /// Inputs of the maximum length in the parser's worst shapes meet properties (a)–(c). How
    /// long they take is measured by `Benchmarks/run` ("worst shapes"), not here.
    @Test func longInputsOfTheWorstShapes() {
        let size = URLParser.defaultMaximumLength
        let inputs: [String] = [
            "s:" + String(repeating: "a", count: size - 2),
            "s://" + String(repeating: "@", count: size - 4),
            "s://[" + String(repeating: ":", count: size - 5),
            "s://h:" + String(repeating: "9", count: size - 6),
            "s:" + String(repeating: "%41", count: (size - 2) / 3),
            String(repeating: "a", count: size),
            String(repeating: "a", count: size - 1) + ";",
        ]
        for input in inputs { Self.checkTotal(Array(input.utf8)) }
    }
}

extension UInt8 {
    fileprivate var isLetter: Bool { (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) }
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
