/// The elements of an array copied into memory that the owning object frees in its `deinit`,
/// read through a pointer: unlike an array property, reading one costs no reference counting.
///
/// Only for the immutable tables of routing (``RoutePlan``, ``RouteTrie``): built
/// once at registration, never written again, and never read after the owner is gone (the
/// owner is kept alive by the registry while a URL is routed).
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
