import CGLib
import Testing

@testable import SchemeRouterGLib

/// A unique GApplication next to SchemeRouter's single instance is refused at start, by name.
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
}
