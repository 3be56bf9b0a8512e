import Testing
@testable import SchemeRouter

@Suite struct URLParserTests {
    @Test func seedURL() throws {
        let url = try SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300")
        #expect(url.scheme == "todolist")
        #expect(url.host?.raw == "www.acme.com")
        #expect(try url.query?.decoded() == "Quarterly Report")
        #expect(url.fragment?.raw == "200806231300")
    }
}
