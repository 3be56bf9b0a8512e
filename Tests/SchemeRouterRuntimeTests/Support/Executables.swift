import Glibc

/// The package's built executables, found next to the test bundle (the directory of
/// `/proc/self/exe`): `swift build --build-tests` builds them all into the same directory.
enum Executables {
    /// The build directory.
    static let directory: String = {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        precondition(length > 0, "cannot read /proc/self/exe")
        let path = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return String(path[..<path.lastIndex(of: "/")!])
    }()

    /// The path of a built product; fails the test clearly when it was not built.
    static func path(_ name: String) throws(TestFailure) -> String {
        let path = directory + "/" + name
        guard access(path, X_OK) == 0 else {
            throw TestFailure("\(path) does not exist: build everything first (swift build --build-tests)")
        }
        return path
    }
}
