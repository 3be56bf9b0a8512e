/// `Schemes/todolist.json`, byte for byte (a test checks), embedded so the installed app does
/// not depend on the working directory.
let todoListManifestJSON = """
    {
      "CFBundleURLName": "com.acme.todolist",
      "CFBundleURLSchemes": ["todolist"],
      "routes": [
        {
          "name": "add",
          "path": "/",
          "rawQuery": "task",
          "fragment": "due",
          "parameters": {
            "due": {"type": "date", "format": "yyyyMMddHHmm", "optional": true, "keywords": ["today"]},
            "task": {"type": "string", "minLength": 1, "maxLength": 200}
          }
        }
      ]
    }

    """
