internal import SchemeRouterPlatform
public import SchemeRouter

extension DesktopRegistrar {
    /// `$XDG_DATA_HOME/dbus-1/services/<name>.service`.
    public func busServicePath(for name: ReverseDNSName) -> String {
        directories.dataHome + "/dbus-1/services/" + name.rawValue + ".service"
    }

    /// Writes `file` (skipped when it would not change).
    /// - Throws: ``RegistrationError/foreignDesktopFile(path:bundleName:)`` when a service file of
    ///   that name exists that `register` did not write.
    func writeBusService(_ file: BusServiceFile) throws(RegistrationError) -> RegistrationReport.Change {
        let path = busServicePath(for: file.name)
        let existing: [UInt8]?
        do { existing = try RegularFile.readIfExists(path) } catch { throw .unreadable(error) }
        if let existing, !BusServiceFile.parse(existing).ours {
            throw .foreignDesktopFile(path: path, bundleName: nil)
        }
        guard existing != file.bytes else { return .unchanged }
        do {
            try FileSystem.makeDirectories(directories.dataHome + "/dbus-1/services")
            try FileSystem.writeAtomically(file.bytes, to: path)
        } catch { throw .fileSystem(error) }
        return existing == nil ? .created : .updated
    }

    /// Removes the service file `register` wrote for `name`, if any (a file it did not write is left alone).
    func removeBusService(_ name: ReverseDNSName) throws(RegistrationError) -> RegistrationReport.Change {
        let path = busServicePath(for: name)
        let existing: [UInt8]?
        do { existing = try RegularFile.readIfExists(path) } catch { throw .unreadable(error) }
        guard let existing else { return .absent }
        guard BusServiceFile.parse(existing).ours else { return .unchanged }
        do { try FileSystem.remove(path) } catch { throw .fileSystem(error) }
        return .removed
    }
}
