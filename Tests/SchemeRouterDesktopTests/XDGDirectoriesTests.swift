import Testing

@testable import SchemeRouterDesktop

@Suite struct XDGDirectoriesTests {
    @Test func defaultsComeFromHome() throws {
        let dirs = try XDGDirectories(environment: ProcessEnvironment(["HOME": "/home/u/"]))
        #expect(dirs.dataHome == "/home/u/.local/share")
        #expect(dirs.configHome == "/home/u/.config")
        #expect(dirs.dataDirectories == ["/usr/local/share", "/usr/share"])
        #expect(dirs.configDirectories == ["/etc/xdg"])
        #expect(dirs.applicationDirectories == [
            "/home/u/.local/share/applications", "/usr/local/share/applications", "/usr/share/applications",
        ])
    }

    @Test func emptyAndRelativeValuesAreIgnored() throws {
        let dirs = try XDGDirectories(environment: ProcessEnvironment([
            "HOME": "/h", "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": "relative/config",
            "XDG_DATA_DIRS": "relative::/opt/share/", "XDG_CONFIG_DIRS": ":",
        ]))
        #expect(dirs.dataHome == "/h/.local/share")
        #expect(dirs.configHome == "/h/.config")
        #expect(dirs.dataDirectories == ["/opt/share"])
        #expect(dirs.configDirectories == ["/etc/xdg"])
    }

    @Test func explicitValuesWin() throws {
        let dirs = try XDGDirectories(environment: ProcessEnvironment([
            "XDG_DATA_HOME": "/d", "XDG_CONFIG_HOME": "/c", "XDG_DATA_DIRS": "/s1:/s2", "XDG_CONFIG_DIRS": "/e1:/e2",
            "XDG_CURRENT_DESKTOP": "GNOME:Unity",
        ]))
        #expect(dirs.userMimeAppsList == "/c/mimeapps.list")
        #expect(dirs.mimeAppsLists.map(\.path) == [
            "/c/gnome-mimeapps.list", "/c/unity-mimeapps.list", "/c/mimeapps.list",
            "/e1/gnome-mimeapps.list", "/e1/unity-mimeapps.list", "/e1/mimeapps.list",
            "/e2/gnome-mimeapps.list", "/e2/unity-mimeapps.list", "/e2/mimeapps.list",
            "/d/applications/gnome-mimeapps.list", "/d/applications/unity-mimeapps.list", "/d/applications/mimeapps.list",
            "/s1/applications/gnome-mimeapps.list", "/s1/applications/unity-mimeapps.list", "/s1/applications/mimeapps.list",
            "/s2/applications/gnome-mimeapps.list", "/s2/applications/unity-mimeapps.list", "/s2/applications/mimeapps.list",
        ])
    }

    @Test func noHomeIsAnError() {
        #expect(throws: XDGError.noHome(variable: "XDG_DATA_HOME")) {
            try XDGDirectories(environment: ProcessEnvironment(["HOME": "relative"]))
        }
        #expect(throws: XDGError.noHome(variable: "XDG_CONFIG_HOME")) {
            try XDGDirectories(environment: ProcessEnvironment(["XDG_DATA_HOME": "/d"]))
        }
    }
}
