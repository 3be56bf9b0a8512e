import CGLib
import Testing

@testable import SchemeRouterGLib

/// A unique GApplication next to SchemeRouter's single instance is refused at start, by name; so
/// is one whose id is not the app's bundle name (its windows would carry another app id).
@Suite struct GApplicationCheckTests {
    @Test(arguments: [(G_APPLICATION_DEFAULT_FLAGS, false), (G_APPLICATION_NON_UNIQUE, true), (G_APPLICATION_HANDLES_OPEN, false)])
    func onlyNonUniqueApplicationsPass(flags: GApplicationFlags, passes: Bool) throws {
        let application = try #require(g_application_new("com.example.check", flags))
        defer { g_object_unref(application) }
        do {
            try GApplicationCheck.requireNonUnique(OpaquePointer(application))
            #expect(passes)
        } catch {
            #expect(!passes)
            #expect(error == .uniqueApplication(id: "com.example.check"))
            #expect(error.description.contains("G_APPLICATION_NON_UNIQUE"))
        }
    }

    @Test(arguments: [("com.example.notes", true), (nil, true), ("com.example.other", false)])
    func theApplicationIDIsTheBundleNameOrNone(id: String?, passes: Bool) throws {
        let application = try #require(g_application_new(id, G_APPLICATION_NON_UNIQUE))
        defer { g_object_unref(application) }
        do {
            try GApplicationCheck.requireID(OpaquePointer(application), matching: "com.example.notes")
            #expect(passes)
        } catch {
            #expect(!passes)
            #expect(error == .applicationIDMismatch(id: "com.example.other", bundleName: "com.example.notes"))
            #expect(error.description.contains("'com.example.notes'"), "\(error)")
        }
    }
}
