extension ManifestDecoder {
    static let actionKeys = ["name", "title", "parameter"]

    /// The optional `actions` array.
    func actions(_ node: JSONNode?) throws(ManifestError) -> [ManifestAction] {
        guard let node else { return [] }
        let path = ManifestKeyPath.root.appending("actions")
        var actions: [ManifestAction] = []
        for (index, element) in try array(node, at: path).enumerated() {
            let elementPath = path.appending(index: index)
            let members = try object(element, at: elementPath, allowed: Self.actionKeys)
            let namePath = elementPath.appending("name")
            let name = try string(try required(members, "name", at: elementPath), at: namePath)
            guard ManifestAction.isValidName(name) else {
                throw invalid(namePath, "an action name is 1 to 64 of a-z, 0-9 and '-', starting with a letter")
            }
            if actions.contains(where: { $0.name == name }) {
                throw invalid(namePath, "the action '\(name)' is declared twice")
            }
            let title = try string(try required(members, "title", at: elementPath), at: elementPath.appending("title"))
            var parameter: ManifestAction.ParameterType?
            if let typeNode = members["parameter"] {
                let typePath = elementPath.appending("parameter")
                let text = try string(typeNode, at: typePath)
                guard let type = ManifestAction.ParameterType(rawValue: text) else {
                    throw invalid(typePath, "'\(text)' is not an action parameter type (string, integer, boolean)")
                }
                parameter = type
            }
            actions.append(ManifestAction(name: name, title: title, parameter: parameter))
        }
        return actions
    }
}
