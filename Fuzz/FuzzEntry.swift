// libFuzzer entry point over the pure core: parser, then (when the input parses) every component's
// strict decoding, the registry and routes with the printing round trip (FuzzRouting.swift), and
// the oracles the issue names; inputs that start with '{' go to the manifest reader instead. Built
// by Fuzz/run with `swiftc -sanitize=fuzzer,address` together with the core's sources.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if size > 0 && bytes[0] == UInt8(ascii: "{") {
        FuzzRouting.exerciseManifest(bytes)
        return 0
    }
    do {
        let layout = try URLParser.validate(bytes)
        // Oracle: an accepted URL re-serialises byte-identically from its layout.
        let url = try SchemeURL(bytes: bytes)
        precondition(url.layout == layout, "SchemeURL and URLParser disagree")
        precondition(Reserialise.text(of: url) == url.text, "re-serialisation differs")
        precondition(Array(url.text.utf8) == Array(bytes), "text differs from input")
        // Decoding never traps; its errors point inside the input.
        var parts: [URLPart] = url.pathSegments
        for item in url.queryItems {
            parts.append(item.name)
            if let value = item.value { parts.append(value) }
        }
        if let fragment = url.fragment { parts.append(fragment) }
        if let query = url.query { parts.append(query) }
        for part in parts {
            for decoding in [PercentDecoding.text, .form, PercentDecoding(allowsControlCharacters: true)] {
                do { _ = try part.decoded(decoding) } catch {
                    precondition(error.offset >= 0 && error.offset < size, "decode offset outside input")
                }
            }
        }
        FuzzRouting.exercise(url)
    } catch {
        // Oracle: every rejection's offset lies within the input.
        precondition(error.offset >= 0 && (size == 0 ? error.offset == 0 : error.offset < size),
            "rejection offset \(error.offset) outside input of \(size) bytes")
        _ = error.render(input: bytes)
    }
    return 0
}

enum Reserialise {
    static func text(of url: SchemeURL) -> String {
        var out = url.rawScheme.description + ":"
        if let host = url.host {
            out += "//"
            if let userinfo = url.userinfo { out += userinfo.description + "@" }
            out += host.description
            if let port = url.rawPort { out += ":" + port.description }
        }
        out += url.path.description
        if let query = url.query { out += "?" + query.description }
        if let fragment = url.fragment { out += "#" + fragment.description }
        return out
    }
}
