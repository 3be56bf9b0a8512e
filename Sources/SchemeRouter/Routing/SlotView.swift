/// Reads the ``ValueSlot``s of one bound URL for ``RouteValues``: valid only while the memory the
/// fast path bound into (slots, scratch buffer, path segments, the URL's bytes) is alive.
struct SlotView {
    /// The declaration's matcher (kept alive by the registry) and the route's index in it.
    let matcher: Unmanaged<FastMatcher>
    let route: Int
    /// One slot per parameter (the route's ``FastPlan/names``), then list items.
    let slots: UnsafePointer<ValueSlot>
    let names: UnsafeBufferPointer<RouteParameters.Name>
    let itemEnd: Int
    let words: WordList.View
    let segments: UnsafeBufferPointer<FlatTrie.Segment>

    /// The index of the bound parameter `name`, or `nil` when absent.
    @inline(__always)
    func index(of name: String) -> Int? {
        // The name stored as the route's is (a literal, or a small string) is found by its words.
        let words = RouteParameters.storedWords(of: name)
        if words != .zero {
            for index in names.indices where names[index].words == words {
                return slots[index].kind != .absent ? index : nil
            }
        }
        let key = RouteParameters.key(name)
        for index in names.indices where names[index].key == key && slots[index].kind != .absent && names[index].text == name {
            return index
        }
        return nil
    }

    /// The slot of the bound parameter `name` when it is of `kind`.
    @inline(__always)
    func slot(_ name: String, _ kind: ValueSlot.Kind) -> ValueSlot? {
        guard let index = index(of: name) else { return nil }
        let slot = slots[index]
        return slot.kind == kind ? slot : nil
    }

    /// The text of slot `index`, when it holds a `string` or an enumeration value.
    @inline(__always)
    func text(at index: Int) -> String? {
        let slot = slots[index]
        switch slot.kind {
        case .text: return FastText.string(slot.bytes)
        case .word: return words.strings[Int(slot.a)]
        default: return nil
        }
    }

    /// The texts of slot `index`, when it holds a list of text or a catch-all.
    @inline(__always)
    func strings(at index: Int) -> [String]? {
        let slot = slots[index]
        let count = Int(slot.count)
        switch slot.kind {
        case .remainder:
            var position = Int(slot.a)
            return StringList.make(count: count) {
                defer { position &+= 1 }
                return FastText.string(segments[position].decodedBytes)
            }
        case .list:
            // Items of one list are all text or none is (keywords stand in for integers, UUIDs
            // and dates only: ``RouteCompiler`` checks).
            guard count > 0 else { return [] }
            var item = Int(slot.a)
            guard slots[item].kind == .text || slots[item].kind == .word else { return nil }
            return StringList.make(count: count) {
                while slots[item].owner != index { item &+= 1 }
                defer { item &+= 1 }
                return text(at: item)!
            }
        default:
            return nil
        }
    }

    /// Slot `index` as a ``ParameterValue`` (what ``RouteParameters`` holds for it).
    func value(at index: Int) -> ParameterValue {
        let slot = slots[index]
        switch slot.kind {
        case .absent: preconditionFailure("an absent value is not read")
        case .text, .word: return .string(text(at: index)!)
        case .keyword: return .keyword(words.strings[Int(slot.a)])
        case .integer: return .integer(Int(Int64(bitPattern: slot.a)))
        case .uuid: return .uuid(UUIDValue(high: slot.a, low: slot.b))
        case .boolean: return .boolean(slot.a != 0)
        case .date: return .date(CivilDateTime(packed: slot.a))
        case .remainder: return .list(strings(at: index)!.map(ParameterValue.string))
        case .list:
            var values: [ParameterValue] = []
            for item in Int(slot.a)..<itemEnd where slots[item].owner == index { values.append(value(at: item)) }
            return .list(values)
        }
    }

    /// The values as an owned ``RouteParameters``, bound as ``EagerSink`` binds them.
    func parameters() -> RouteParameters {
        let plan = matcher.takeUnretainedValue().routes[route].plan.fast!
        var parameters = RouteParameters(names: plan.names, capacity: names.count)
        for index in names.indices where slots[index].kind != .absent {
            let offset = Int(slots[index].offset)
            if let strings = strings(at: index) {
                parameters.bindNew(index, strings: strings, offset: offset)
            } else {
                parameters.bindNew(index, value(at: index), offset: offset)
            }
        }
        return parameters
    }
}
