internal import Clibgit2

extension Repository {
    /// Reads a config value as git would (local, then global, xdg and system); nil when unset.
    public func configString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config(&config, pointer) == 0, let config else { return nil }
        defer { git_config_free(config) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        // get_entry rather than get_string: the latter only works on snapshots.
        guard git_config_get_entry(&entry, config, key) == 0, let entry else { return nil }
        defer { git_config_entry_free(entry) }
        guard let value = entry.pointee.value else { return nil }
        return String(cString: value)
    }

    /// Reads a value from git's global, xdg and system config, as a repository not yet made
    /// would see it; nil when unset.
    public static func defaultConfigString(_ key: String) -> String? {
        guard (try? GitLibrary.ensureInitialized()) != nil else { return nil }
        var config: OpaquePointer?
        guard git_config_open_default(&config) == 0, let config else { return nil }
        defer { git_config_free(config) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        guard git_config_get_entry(&entry, config, key) == 0, let entry else { return nil }
        defer { git_config_entry_free(entry) }
        return entry.pointee.value.map { String(cString: $0) }
    }

    /// Sets a value in the repository's local config (.git/config).
    public func setLocalConfig(_ key: String, _ value: String) throws {
        try withLocalConfig { local in try check(git_config_set_string(local, key, value), "git_config_set_string") }
    }

    /// Removes a key from the repository's local config; a key that is not there is no error.
    public func removeLocalConfig(_ key: String) throws {
        try withLocalConfig { local in
            let code = git_config_delete_entry(local, key)
            if code != GIT_ENOTFOUND.rawValue { try check(code, "git_config_delete_entry") }
        }
    }

    /// Runs `body` with the repository's local config level (.git/config) open.
    private func withLocalConfig(_ body: (OpaquePointer?) throws -> Void) throws {
        var config: OpaquePointer?
        try check(git_repository_config(&config, pointer), "git_repository_config")
        defer { git_config_free(config) }
        var local: OpaquePointer?
        try check(git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL), "git_config_open_level")
        defer { git_config_free(local) }
        try body(local)
    }

    /// The value of `key` in the repository's local config only (.git/config).
    public func localConfigString(_ key: String) -> String? {
        var config: OpaquePointer?
        guard git_repository_config(&config, pointer) == 0, let config else { return nil }
        defer { git_config_free(config) }
        var local: OpaquePointer?
        guard git_config_open_level(&local, config, GIT_CONFIG_LEVEL_LOCAL) == 0, let local else { return nil }
        defer { git_config_free(local) }
        var entry: UnsafeMutablePointer<git_config_entry>?
        guard git_config_get_entry(&entry, local, key) == 0, let entry else { return nil }
        defer { git_config_entry_free(entry) }
        return entry.pointee.value.map { String(cString: $0) }
    }

    /// user.name and user.email from config; nil if either is missing or empty.
    public func configuredSignature() -> Signature? {
        guard let name = configString("user.name"), !name.isEmpty,
              let email = configString("user.email"), !email.isEmpty else { return nil }
        return Signature(name: name, email: email)
    }
}
