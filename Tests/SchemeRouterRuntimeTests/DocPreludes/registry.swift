// Doc prelude "registry": a registry and a match, as the examples before a block made them.
import SchemeRouter

let registry = try! SchemeRegistry(manifests: [try! Manifest(json: bytes, file: "Schemes/todolist.json")])
let match = try! registry.route(SchemeURL("todolist://www.acme.com?Quarterly%20Report#200806231300"))
