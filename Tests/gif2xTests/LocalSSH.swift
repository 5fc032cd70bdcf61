import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// sshd instances on 127.0.0.1, one per host name, for recipes that run over ssh: each on a free
/// port with its own host key, config and log under `folder`, accepting one client key (no
/// password), sessions given `path` as their PATH; a client config names them. Stopped by
/// `stop()` (the test's `defer`). A missing sshd or ssh-keygen throws: the test fails.
final class LocalSSH {
  let folder: URL
  /// `ssh -F` this: `Host host1` … with their ports, the key, no host key checks.
  let clientConfig: String
  /// The servers' pid files.
  private var pidFiles: [URL]
  private let logs: [URL]

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  init(folder: URL, hosts: [String], path: String) throws {
    self.folder = folder
    let fm = FileManager.default
    try fm.createDirectory(at: folder, withIntermediateDirectories: true)
    for tool in ["/usr/sbin/sshd", "/usr/bin/ssh-keygen", "/usr/bin/ssh"]
    where !fm.isExecutableFile(atPath: tool) {
      throw Failure(description: "\(tool) is missing: `make deps` installs openssh-server")
    }
    // sshd refuses to start without its privilege separation folder.
    try? fm.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
    let key = folder.appendingPathComponent("id").path
    let hostKey = folder.appendingPathComponent("host_key").path
    for file in [key, hostKey] {
      let r = try CLI.run(
        launcher: ["/bin/sh", "-c", "ssh-keygen -q -t ed25519 -N '' -f \(file)"], [])
      guard r.status == 0 else { throw Failure(description: "ssh-keygen: \(r.stderr)") }
    }
    try fm.copyItem(
      atPath: key + ".pub", toPath: folder.appendingPathComponent("authorized_keys").path)
    let user = ProcessInfo.processInfo.userName
    var client = ""
    var logs: [URL] = []
    var pidFiles: [URL] = []
    for host in hosts {
      let port = try Self.freePort()
      let config = folder.appendingPathComponent("sshd-\(host).conf")
      let log = folder.appendingPathComponent("sshd-\(host).log")
      logs.append(log)
      try """
      Port \(port)
      ListenAddress 127.0.0.1
      HostKey \(hostKey)
      PidFile \(folder.path)/sshd-\(host).pid
      AuthorizedKeysFile \(folder.path)/authorized_keys
      PubkeyAuthentication yes
      PasswordAuthentication no
      KbdInteractiveAuthentication no
      PermitRootLogin prohibit-password
      StrictModes no
      UsePAM no
      SetEnv PATH=\(path)
      LogLevel INFO

      """.write(to: config, atomically: true, encoding: .utf8)
      // Daemonised (no -D): the starting process exits at once and the server lives on, found
      // again by its pid file (a long-lived Process child made Foundation miss later children's
      // exits).
      let started = try CLI.run(
        launcher: ["/bin/sh", "-c", "/usr/sbin/sshd -f \(config.path) -E \(log.path)"], [])
      pidFiles.append(folder.appendingPathComponent("sshd-\(host).pid"))
      guard started.status == 0 else {
        Self.stop(pidFiles)
        throw Failure(description: "sshd for \(host): \(started.stderr)")
      }
      client += """
        Host \(host)
          HostName 127.0.0.1
          Port \(port)

        """
    }
    client += """
      Host *
        User \(user)
        IdentityFile \(key)
        IdentitiesOnly yes
        StrictHostKeyChecking no
        UserKnownHostsFile /dev/null
        BatchMode yes
        LogLevel ERROR

      """
    let clientURL = folder.appendingPathComponent("ssh_config")
    try client.write(to: clientURL, atomically: true, encoding: .utf8)
    clientConfig = clientURL.path
    self.logs = logs
    self.pidFiles = pidFiles
    // Each server answers within 10 s (bounded), or the test fails with its log.
    for (host, log) in zip(hosts, logs) {
      var ready = false
      for _ in 0..<200 where !ready {
        let r = try CLI.run(
          launcher: ["/bin/sh", "-c", "ssh -F \(clientConfig) \(host) true"], [])
        ready = r.status == 0
        if !ready { Thread.sleep(forTimeInterval: 0.05) }
      }
      if !ready {
        stop()
        throw Failure(
          description:
            "sshd for \(host) never answered: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")"
        )
      }
    }
  }

  /// Sessions each server accepted after the readiness check (in host order).
  func sessions() -> [Int] {
    logs.map { log in
      let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
      return text.components(separatedBy: "Accepted publickey").count - 2
    }
  }

  /// Stops every server (SIGTERM) and waits up to 5 s for each to be gone.
  func stop() {
    Self.stop(pidFiles)
    pidFiles = []
  }

  private static func stop(_ pidFiles: [URL]) {
    for file in pidFiles {
      guard let text = try? String(contentsOf: file, encoding: .utf8),
        let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
      else { continue }
      kill(pid, SIGTERM)
      for _ in 0..<100 where kill(pid, 0) == 0 { Thread.sleep(forTimeInterval: 0.05) }
    }
  }

  deinit { stop() }

  /// A TCP port on 127.0.0.1 nothing listens on now.
  static func freePort() throws -> UInt16 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else { throw Failure(description: "bind: \(errno)") }
    return UInt16(bigEndian: address.sin_port)
  }
}
