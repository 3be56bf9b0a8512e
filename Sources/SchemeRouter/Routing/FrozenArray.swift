/// An array's elements copied into memory its owner frees in `deinit`, read through a pointer
/// with no reference counting: for routing's tables, built at registration and never written.
struct FrozenArray<Element>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>

    init(_ array: [Element]) {
        let memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(array.count, 1))
        let (_, count) = memory.initialize(from: array)
        buffer = UnsafeBufferPointer(rebasing: memory[0..<count])
    }

    /// Deinitializes and frees the elements; call once, from the owner's `deinit`.
    func free() {
        let memory = UnsafeMutablePointer(mutating: buffer.baseAddress!)
        memory.deinitialize(count: buffer.count)
        memory.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element { buffer[index] }

    var count: Int { buffer.count }
    var isEmpty: Bool { buffer.isEmpty }
    var indices: Range<Int> { 0..<buffer.count }
}
