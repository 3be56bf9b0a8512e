/// `Schemes/notes.json`, byte for byte (a test checks), embedded so the installed app does not
/// depend on the working directory.
let notesManifestJSON = """
    {
      "CFBundleURLName": "com.example.notes",
      "CFBundleURLSchemes": ["notes"],
      "routes": [
        {"name": "open", "host": "open", "path": "/{id}",
         "parameters": {"id": {"type": "integer", "min": 1, "max": 999999999}}},
        {"name": "new", "host": "new", "path": "/", "formDecoding": true,
         "query": {"title": "title", "tag": "tags"},
         "parameters": {"title": {"type": "string", "minLength": 1, "maxLength": 200},
                        "tags": {"type": "string", "minLength": 1, "maxLength": 40, "repeated": true, "optional": true}}},
        {"name": "search", "host": "search", "path": "/", "formDecoding": true,
         "query": {"q": "query"},
         "parameters": {"query": {"type": "string", "minLength": 1, "maxLength": 100}}}
      ]
    }
    """
