internal import SchemeRouterSender

/// One invocation's arguments split between the app and the runtime: the app's declared options
/// (``AppOptions/options``) wherever they stand, set on `Options`; every other argument, in
/// order, for the runtime (`InvocationArguments`).
struct AppArguments<Options: AppOptions> {
    /// The app's options as the arguments set them.
    var options = Options()
    /// The arguments that are not the app's, as the exact bytes the kernel passed.
    var runtime: [[UInt8]] = []

    /// Splits `arguments` (after the program name).
    /// - Throws: `RuntimeError` (usage) for an app option without its value, a flag given a
    ///   value, or a value that is not UTF-8.
    init(_ arguments: [[UInt8]]) throws(RuntimeError) {
        let declared = Options.options
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.first == UInt8(ascii: "-"), !declared.isEmpty else {
                runtime.append(argument)
                continue
            }
            // `--name=value`; a short option's value is always the next argument.
            let equals = argument.starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) ? argument.firstIndex(of: UInt8(ascii: "=")) : nil
            let name = String(decoding: argument[..<(equals ?? argument.endIndex)], as: UTF8.self)
            guard let option = declared.first(where: { $0.name == name }) else {
                runtime.append(argument)
                continue
            }
            guard let valueName = option.valueName else {
                if equals != nil { throw .usage("\(name) takes no value") }
                option.apply(&options, nil)
                continue
            }
            let value: ArraySlice<UInt8>
            if let equals {
                value = argument[(equals + 1)...]
            } else {
                guard index < arguments.count else { throw .usage("\(name) needs a value (\(name) \(valueName))") }
                value = arguments[index][...]
                index += 1
            }
            guard let text = String(validating: value, as: UTF8.self) else { throw .usage("the value of \(name) is not UTF-8") }
            option.apply(&options, text)
        }
    }
}
