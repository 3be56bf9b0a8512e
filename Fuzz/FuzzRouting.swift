// Routing under the fuzzer: filled in once the registry exists.
enum FuzzRouting {
    static func exercise(_ url: SchemeURL) {}
}
