/// The process arguments as the exact bytes the kernel passed (Swift's `CommandLine.arguments`
/// repairs invalid UTF-8, which would move byte offsets and hide what was really sent).
enum RawArguments {
    /// The raw bytes of the argument that argument-parser gave back as `argument`.
    static func bytes(of argument: String) -> [UInt8] {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            let raw = Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length))
            if String(decoding: raw, as: UTF8.self) == argument { return raw }
        }
        return Array(argument.utf8)
    }
}
