import Foundation
internal import Clibgit2

/// What one network operation learns through libgit2's callbacks.
///
/// Passed to C as an unretained pointer that lives for the whole (synchronous) call, so the
/// `@convention(c)` callbacks below capture nothing.
final class TransferState {
    let environment: [String: String]
    /// How many times credentials were asked for; libgit2 asks again after a refusal.
    var credentialAttempts = 0
    /// Server-side refusals per reference, from `push_update_reference`.
    var rejections: [(reference: String, status: String)] = []
    var receivedObjects = 0

    init(environment: [String: String]) {
        self.environment = environment
    }

    /// Points `callbacks` at this state; the caller keeps the state alive until the C call returns
    /// (`withExtendedLifetime`), since the payload is not retained.
    func install(into callbacks: inout git_remote_callbacks) {
        callbacks.payload = Unmanaged.passUnretained(self).toOpaque()
        callbacks.credentials = transferCredentials
        callbacks.push_update_reference = transferPushUpdate
        callbacks.transfer_progress = transferProgress
    }

    static func from(_ payload: UnsafeMutableRawPointer?) -> TransferState? {
        payload.map { Unmanaged<TransferState>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// ssh: the agent first, then `~/.ssh/id_ed25519`. https: a token from `CAROUSEL_GIT_TOKEN`
/// (user `CAROUSEL_GIT_USER`, else the URL's user, else "git") or `GIT_PASSWORD` with `GIT_USERNAME`.
private let transferCredentials: git_credential_acquire_cb = { out, _, userFromURL, allowed, payload in
    guard let out, let state = TransferState.from(payload) else { return GIT_PASSTHROUGH.rawValue }
    state.credentialAttempts += 1
    // Each method gets one try; after that libgit2 would loop forever on a wrong key.
    guard state.credentialAttempts <= 3 else { return GIT_EAUTH.rawValue }
    let env = state.environment
    let user = userFromURL.map { String(cString: $0) }
    if allowed & GIT_CREDENTIAL_SSH_KEY.rawValue != 0 {
        let name = user ?? "git"
        if state.credentialAttempts == 1 { return git_credential_ssh_key_from_agent(out, name) }
        let home = env["HOME"] ?? NSHomeDirectory()
        let key = home + "/.ssh/id_ed25519"
        guard FileManager.default.fileExists(atPath: key) else { return GIT_EAUTH.rawValue }
        let publicKey = FileManager.default.fileExists(atPath: key + ".pub") ? key + ".pub" : nil
        return git_credential_ssh_key_new(out, name, publicKey, key, env["CAROUSEL_SSH_PASSPHRASE"])
    }
    if allowed & GIT_CREDENTIAL_USERPASS_PLAINTEXT.rawValue != 0 {
        guard state.credentialAttempts == 1 else { return GIT_EAUTH.rawValue }
        if let token = env["CAROUSEL_GIT_TOKEN"], !token.isEmpty {
            return git_credential_userpass_plaintext_new(out, env["CAROUSEL_GIT_USER"] ?? user ?? "git", token)
        }
        if let password = env["GIT_PASSWORD"], !password.isEmpty {
            return git_credential_userpass_plaintext_new(out, env["GIT_USERNAME"] ?? user ?? "git", password)
        }
        return GIT_EAUTH.rawValue
    }
    return GIT_PASSTHROUGH.rawValue
}

/// A non-null status is the server's reason for refusing that reference.
private let transferPushUpdate: git_push_update_reference_cb = { reference, status, payload in
    guard let status, let state = TransferState.from(payload) else { return 0 }
    state.rejections.append((reference.map { String(cString: $0) } ?? "?", String(cString: status)))
    return 0
}

private let transferProgress: git_indexer_progress_cb = { stats, payload in
    if let stats, let state = TransferState.from(payload) { state.receivedObjects = Int(stats.pointee.received_objects) }
    return 0
}
