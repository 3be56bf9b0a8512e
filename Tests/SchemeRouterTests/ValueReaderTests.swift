import Testing

@testable import SchemeRouter

/// ``ValueReader`` through ``ParameterSpec/parseScalar(_:)``: each type's edges, and the fault
/// and byte index of each way to miss it.
@Suite("Reading values")
struct ValueReaderTests {
    static let anyInteger = ParameterSpec(.integer(min: Int.min, max: Int.max))

    @Test(arguments: [
        ("0", 0), ("7", 7), ("-1", -1), ("1000000", 1_000_000), ("999999999999999999", 999_999_999_999_999_999),
        ("9223372036854775807", Int.max), ("-9223372036854775808", Int.min), ("-9223372036854775807", -Int.max),
    ])
    func integers(text: String, value: Int) throws {
        #expect(try Self.anyInteger.parseScalar(text) == .integer(value))
    }

    static let outOfRange = ParameterFault.integerOutOfRange(min: Int.min, max: Int.max)

    @Test(arguments: [
        ("", ParameterFault.notAnInteger, 0), ("-", .notAnInteger, 1), ("+1", .notAnInteger, 0), ("12a", .notAnInteger, 2),
        ("0x1", .notAnInteger, 1), ("--1", .notAnInteger, 1), ("1-", .notAnInteger, 1), ("00", .nonCanonicalInteger, 0),
        ("007", .nonCanonicalInteger, 0), ("-0", .nonCanonicalInteger, 1), ("-01", .nonCanonicalInteger, 1),
        ("9223372036854775808", outOfRange, 0), ("-9223372036854775809", outOfRange, 0),
        ("9999999999999999999", outOfRange, 0), ("18446744073709551616", outOfRange, 0),
        ("99999999999999999999", outOfRange, 0), ("-184467440737095516160", outOfRange, 0),
        ("99999999999999999999x", .notAnInteger, 20), ("000000000000000000001", .nonCanonicalInteger, 0),
    ])
    func integerFaults(text: String, fault: ParameterFault, index: Int) {
        #expect(throws: ParameterSpec.ValueFault(fault: fault, index: index)) { try Self.anyInteger.parseScalar(text) }
    }

    @Test func integerRange() throws {
        let spec = ParameterSpec(.integer(min: 1, max: 999_999))
        #expect(try spec.parseScalar("999999") == .integer(999_999))
        for text in ["0", "1000000", "-5"] {
            #expect(throws: ParameterSpec.ValueFault(fault: .integerOutOfRange(min: 1, max: 999_999), index: 0)) {
                try spec.parseScalar(text)
            }
        }
    }

    @Test(arguments: [("true", true), ("1", true), ("false", false), ("0", false)])
    func booleans(text: String, value: Bool) throws {
        #expect(try ParameterSpec(.boolean).parseScalar(text) == .boolean(value))
    }

    @Test(arguments: ["", "True", "TRUE", "yes", "10", "01", "truee", "fals", "2"])
    func notBooleans(text: String) {
        #expect(throws: ParameterSpec.ValueFault(fault: .notABoolean, index: 0)) { try ParameterSpec(.boolean).parseScalar(text) }
    }

    static let uuid = "123e4567-E89B-12d3-a456-426614174000"

    @Test func uuids() throws {
        let uuid = UUIDValue(high: 0x123e_4567_e89b_12d3, low: 0xa456_4266_1417_4000)
        #expect(try ParameterSpec(.uuid).parseScalar(Self.uuid) == .uuid(uuid))
    }

    /// The index is that of the first byte breaking `8-4-4-4-12`, or the end of a prefix of it.
    @Test(arguments: [
        ("", 0), ("123e", 4), ("123e4567", 8), ("123g4567-e89b-12d3-a456-426614174000", 3),
        ("123e4567_e89b-12d3-a456-426614174000", 8), ("123e4567-e89b-12d3-a456-42661417400", 35),
        ("123e4567-e89b-12d3-a456-4266141740000", 36), ("123e4567-e89b-12d3-a456-42661417400-", 35),
        ("123e4567-e89b-12d3-a4-56426614174000", 21), ("123e4567-e89b-12d3-a456-42661417400é", 35),
    ])
    func notUUIDs(text: String, index: Int) {
        #expect(throws: ParameterSpec.ValueFault(fault: .notAUUID, index: index)) { try ParameterSpec(.uuid).parseScalar(text) }
    }

    @Test func dateFaults() throws {
        let format = try DateFormat("yyyyMMddHHmm")
        func fault(_ reason: String, _ index: Int) -> ParameterSpec.ValueFault {
            ParameterSpec.ValueFault(fault: .invalidDate(format: "yyyyMMddHHmm", reason: reason), index: index)
        }
        let cases: [(String, ParameterSpec.ValueFault)] = [
            ("2008062", fault("too short: the format yyyyMMddHHmm has 12 characters", 7)),
            ("2008062313001", fault("too long: the format yyyyMMddHHmm has 12 characters", 12)),
            ("20080x231300", fault("expected a digit of MM (format yyyyMMddHHmm)", 5)),
            ("200802301300", fault("day 30 does not exist in month 2 of 2008 (it has 29 days)", 6)),
            ("200806232400", fault("hour 24 is not 00…23", 8)),
        ]
        for (text, expected) in cases {
            #expect(throws: expected) { try ParameterSpec(.date(format)).parseScalar(text) }
        }
        let date = CivilDateTime(year: 2008, month: 6, day: 23, hour: 13)!
        #expect(try ParameterSpec(.date(format)).parseScalar("200806231300") == .date(date))
    }

    @Test(arguments: [
        (ParameterSpec(.string(minLength: 0, maxLength: nil)), "string"),
        (ParameterSpec(.string(minLength: 1, maxLength: 200)), "string length 1...200"),
        (ParameterSpec(.string(minLength: 0, maxLength: 40), optional: true), "string length 0...40, optional"),
        (ParameterSpec(.string(minLength: 3, maxLength: nil), repeated: true), "string length 3..., repeated"),
        (ParameterSpec(.integer(min: Int.min, max: Int.max)), "integer"),
        (ParameterSpec(.integer(min: 1, max: 9999), optional: true), "integer 1...9999, optional"),
        (ParameterSpec(.integer(min: Int.min, max: 5)), "integer ...5"),
        (ParameterSpec(.integer(min: 0, max: Int.max), keywords: ["latest"]), "integer 0..., keywords latest"),
        (ParameterSpec(.uuid), "uuid"), (ParameterSpec(.boolean), "boolean"), (ParameterSpec(.remainder), "remainder"),
        (ParameterSpec(.enumeration(["recent", "title"])), "enumeration recent|title"),
        (ParameterSpec(.date(try! DateFormat("yyyyMMddHHmm")), optional: true, repeated: true, keywords: ["today", "now"]),
         "date yyyyMMddHHmm, keywords today|now, repeated, optional"),
    ])
    func specDescriptions(spec: ParameterSpec, text: String) {
        #expect(spec.description == text)
    }
}
