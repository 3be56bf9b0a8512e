// Doc prelude "bytes": a manifest's bytes, as an app reads them (Docs/Manifests.md).
let bytes: [UInt8] = Array("""
    {"CFBundleURLName": "com.acme.todolist", "CFBundleURLSchemes": ["todolist"],
     "routes": [{"name": "add", "path": "/", "rawQuery": "task", "fragment": "due",
                 "parameters": {"due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
                                "task": {"type": "string", "minLength": 1, "maxLength": 200}}}]}
    """.utf8)
