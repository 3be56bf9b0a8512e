import Testing

@testable import SchemeRouterDesktop

@Suite struct DesktopEntryValueTests {
    @Test(arguments: [
        ("plain", "plain"),
        (" leading", #"\sleading"#),
        ("a\\b", #"a\\b"#),
        ("line\nbreak\ttab\rcr", #"line\nbreak\ttab\rcr"#),
    ])
    func escapesAndUnescapes(text: String, escaped: String) {
        #expect(DesktopEntryValue.escape(text) == escaped)
        #expect(DesktopEntryValue.unescape(escaped) == text)
    }

    @Test func keepsUnknownEscapes() {
        #expect(DesktopEntryValue.unescape(#"a\$b\"#) == #"a\$b\"#)
    }

    @Test func splitsLists() {
        #expect(DesktopEntryValue.list("a.desktop;b.desktop;") == ["a.desktop", "b.desktop"])
        #expect(DesktopEntryValue.list(#"a\;b;c\\;;"#) == ["a;b", #"c\"#])
        #expect(DesktopEntryValue.list("") == [])
    }
}
