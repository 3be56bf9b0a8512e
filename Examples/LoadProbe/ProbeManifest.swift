/// LoadProbe's manifest, embedded so the app does not depend on the working directory.
///
/// | URL | what `open` does |
/// |---|---|
/// | `loadprobe://record/<sender>/<sequence>` | appends `<sender> <sequence>` to the log (one `write(2)`), returns `true` |
/// | `loadprobe://whoami` | appends the source application and annotation `open` got, returns `true` |
/// | `loadprobe://throw` | throws (the sender gets `openFailed`, exit 3) |
/// | `loadprobe://trap` | traps (`fatalError`): the app ends, as on iOS |
/// | `loadprobe://stall` | appends `stall`, then never returns (the hook watchdog's business) |
/// | `loadprobe://token` | appends `token <activation token or ->` (the D-Bus tests) |
/// | `loadprobe://decline` | returns `false` (declined) |
///
/// Actions (D-Bus `ActivateAction`): `note` (a string: appends `action note <text>`), `ping`
/// (appends `action ping`), `refuse` (declines).
let probeManifestJSON = """
    {
      "CFBundleURLName": "org.schemerouter.loadprobe",
      "CFBundleURLSchemes": ["loadprobe"],
      "routes": [
        {
          "name": "record",
          "host": "record",
          "path": "/{sender}/{sequence}",
          "parameters": {
            "sender": {"type": "integer", "min": 0, "max": 99999999},
            "sequence": {"type": "integer", "min": 0, "max": 99999999}
          }
        },
        {"name": "whoami", "host": "whoami", "path": "/"},
        {"name": "throw", "host": "throw", "path": "/"},
        {"name": "trap", "host": "trap", "path": "/"},
        {"name": "stall", "host": "stall", "path": "/"},
        {"name": "token", "host": "token", "path": "/"},
        {"name": "decline", "host": "decline", "path": "/"}
      ],
      "actions": [
        {"name": "note", "title": "Note", "parameter": "string"},
        {"name": "ping", "title": "Ping"},
        {"name": "refuse", "title": "Refuse"}
      ]
    }

    """
