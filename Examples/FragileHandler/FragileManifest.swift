/// `Examples/FragileHandler/fragile.json`, byte for byte (a test checks), embedded so the app
/// does not depend on the working directory.
let fragileManifestJSON = """
    {
      "CFBundleURLName": "com.example.fragile",
      "CFBundleURLSchemes": ["fragile"],
      "routes": [
        {
          "name": "greet",
          "path": "/greet/{name}",
          "parameters": {
            "name": {"type": "string", "minLength": 1, "maxLength": 40}
          }
        },
        {
          "name": "stats",
          "path": "/stats",
          "query": {"count": "count", "total": "total"},
          "parameters": {
            "count": {"type": "integer", "min": 0, "max": 1000},
            "total": {"type": "integer", "min": 0, "max": 1000000, "optional": true}
          }
        },
        {
          "name": "note",
          "path": "/note/{id}",
          "fragment": "anchor",
          "parameters": {
            "id": {"type": "integer", "min": 1, "max": 9999},
            "anchor": {"type": "string", "maxLength": 100, "optional": true}
          }
        }
      ]
    }

    """
