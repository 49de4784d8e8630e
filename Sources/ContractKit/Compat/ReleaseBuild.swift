import ContractKitRuntime
import Foundation

/// One release's decoder probe, built inside the release's own package (or found built) in
/// the cache folder of its commit:
///
/// ```
/// <cache>/<commit>/source/       the commit's tree (ReleaseSource), the probe added to its package
/// <cache>/<commit>/probe.json    what was built, from what: content hashes
/// ```
///
/// Cached work is trusted only once verified: `probe.json` names the commit, the SHA-256 of
/// its tree's listing (paths, modes, blob ids, as git lists them now), the SHA-256 of what
/// was asked (the types and the probe's source) and the SHA-256 of the probe's executable,
/// which is hashed again before every use. Anything that does not match is rebuilt: the
/// release's files are brought back to the commit's tree byte for byte, and after a
/// mismatch of what was built (not a new question) the package's build folder is removed,
/// so nothing of the untrusted build is reused.
struct ReleaseBuild {
  /// The ref as given, for messages.
  let ref: String
  let release: GitTree.Release
  /// The app's package folder relative to the repository's root (`""` at the root).
  let packagePath: String
  /// Contract name → `Module.Type`.
  let types: [(contract: String, type: String)]
  /// The cache's root, such as `.build/contractkit-compat`.
  let cache: URL
  /// Seconds reading the manifest, and then the build, may take.
  let timeLimit: Double

  /// What a build gave.
  struct Built {
    let executable: URL
    /// `false` when served from the cache.
    let built: Bool
    /// Why the cache was not trusted, when it held a build that did not verify.
    let distrusted: String?
  }

  private var commit: String { release.commit }
  private var folder: URL { cache.appendingPathComponent(commit) }
  private var source: URL { folder.appendingPathComponent("source") }
  private var package: URL {
    packagePath.isEmpty ? source : source.appendingPathComponent(packagePath)
  }
  private var stampURL: URL { folder.appendingPathComponent("probe.json") }
  var executable: URL {
    package.appendingPathComponent(".build/debug/\(ReleasePackage.probeTarget)")
  }
  private var probe: DecoderProbe { DecoderProbe(types: types) }

  /// What was asked: the types and the probe's whole source (a ContractKit whose probe
  /// changed asks again).
  private var request: String {
    SHA256.hex(Array((types.map { "\($0.contract)=\($0.type)\n" }.joined()
      + probe.source()).utf8))
  }

  /// The record of a build, `probe.json`.
  struct Stamp: Equatable {
    var commit, tree, request, executable: String

    var json: JSONValue {
      .object(["commit": .string(commit), "tree": .string(tree), "request": .string(request),
               "executable": .string(executable)])
    }

    init(commit: String, tree: String, request: String, executable: String) {
      (self.commit, self.tree, self.request, self.executable) = (commit, tree, request, executable)
    }

    init?(json: JSONValue) {
      guard let commit = json["commit"]?.stringValue, let tree = json["tree"]?.stringValue,
        let request = json["request"]?.stringValue,
        let executable = json["executable"]?.stringValue
      else { return nil }
      self.init(commit: commit, tree: tree, request: request, executable: executable)
    }
  }

  /// Whether the cache can be trusted, and if not, whether what it holds was built for
  /// another question (rebuilt in place) or does not match its record (rebuilt clean).
  enum Verdict: Equatable {
    case trusted
    case notBuilt
    case askedOtherwise
    case distrusted(String)
  }

  /// The probe, from the cache when it verifies.
  /// - Throws: ``InputError`` (exit 2) naming the ref when its files cannot be made, when
  ///   its package breaks a rule of ``ReleasePackage``, when its code does not build (with
  ///   the compiler's first error), or when the build outlives its time limit.
  func make() throws(InputError) -> Built {
    try createFolder(folder)
    let lock = try CacheLock(folder.appendingPathComponent(".lock").path)
    defer { lock.release() }
    let sourceFiles = ReleaseSource(ref: ref, commit: commit, git: release.git, folder: source)
    let (entries, tree) = try sourceFiles.listing()
    let verdict = verify(tree: tree)
    if verdict == .trusted {
      return Built(executable: executable, built: false, distrusted: nil)
    }
    unlink(stampURL.path)
    var distrusted: String?
    if case .distrusted(let reason) = verdict {
      distrusted = reason
      try? FileManager.default.removeItem(at: package.appendingPathComponent(".build"))
    }
    try createFolder(source)
    let kept = Set([".build", ".swiftpm", ReleasePackage.probeFolder].map(inPackage))
    let pinned = entries.contains { $0.path == inPackage("Package.resolved") }
    try sourceFiles.sync(entries) { path in
      kept.contains(path) || !pinned && path == inPackage("Package.resolved")
    }
    try build()
    guard let digest = Self.digest(ofFileAt: executable.path) else {
      throw InputError(file: executable.path, reason: "was not made by the build of git:\(ref)")
    }
    let stamp = Stamp(commit: commit, tree: tree, request: request, executable: digest)
    do {
      try AtomicFile.write(CanonicalJSON.encode(stamp.json), to: stampURL, display: stampURL.path)
    } catch {
      throw InputError(file: stampURL.path, reason: "cannot be written: \(error)")
    }
    return Built(executable: executable, built: true, distrusted: distrusted)
  }

  /// Checks the cache against its record and the record against what is asked now.
  func verify(tree: String) -> Verdict {
    guard let bytes = FileManager.default.contents(atPath: stampURL.path) else { return .notBuilt }
    guard let json = try? JSONParser.parse([UInt8](bytes), file: stampURL.path),
      let stamp = Stamp(json: json)
    else { return .distrusted("its record probe.json is not one ContractKit wrote") }
    guard stamp.commit == commit, stamp.tree == tree else {
      return .distrusted("its record probe.json names another commit or tree")
    }
    guard stamp.request == request else { return .askedOtherwise }
    guard let digest = Self.digest(ofFileAt: executable.path) else {
      return .distrusted("its probe executable is gone")
    }
    guard digest == stamp.executable else {
      return .distrusted("its probe executable is not the one that was built")
    }
    return .trusted
  }

  /// The SHA-256 of the file at `path`, read a megabyte at a time; `nil` when it cannot be
  /// read.
  static func digest(ofFileAt path: String) -> String? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    var hasher = SHA256.Hasher()
    while true {
      let piece: Data?
      do {
        piece = try handle.read(upToCount: 1 << 20)
      } catch {
        return nil
      }
      // `nil` or empty: the end of the file.
      guard let piece, !piece.isEmpty else { break }
      hasher.update(piece)
    }
    return hasher.hex()
  }

  /// A path of the package folder, relative to the release's files.
  private func inPackage(_ name: String) -> String {
    packagePath.isEmpty ? name : packagePath + "/" + name
  }

  /// Adds the probe to the release's package and builds it; a type the release does not
  /// have fails only its own line of the probe's source, which is then left out.
  private func build() throws(InputError) {
    let releasePackage = ReleasePackage(ref: ref, commit: commit, folder: package,
                                        timeLimit: timeLimit)
    let manifests = try releasePackage.manifests()
    let description = try releasePackage.describe()
    let targets = try releasePackage.targets(for: probe.modules, in: description)
    try releasePackage.add(
      releasePackage.manifestAddition(dependingOn: targets, in: description), to: manifests)
    let probeFolder = package.appendingPathComponent(ReleasePackage.probeFolder)
    try? FileManager.default.removeItem(at: probeFolder)
    try createFolder(probeFolder)
    var absent: Set<String> = []
    for attempt in 0..<2 {
      let main = probeFolder.appendingPathComponent("main.swift")
      do {
        try Data(probe.source(skipping: absent).utf8).write(to: main)
      } catch {
        throw InputError(file: main.path, reason: "cannot be written: \(error.localizedDescription)")
      }
      let outcome = try ChildProcess(
        ["swift", "build", "--package-path", package.path, "--product", ReleasePackage.probeTarget],
        in: package, timeLimit: timeLimit
      ).run()
      if outcome.ending == .timedOut {
        throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) did not "
          + "build within \(Int(timeLimit)) seconds (CONTRACTKIT_COMPAT_BUILD_SECONDS), and "
          + "the build was stopped")
      }
      if outcome.succeeded { return }
      let errors = Self.errors(in: String(decoding: outcome.output, as: UTF8.self) + "\n"
        + outcome.error)
      let probeErrors = "\(ReleasePackage.probeFolder)/main.swift:"
      // A type the release does not have fails only its own line of the probe's source.
      let missing = attempt == 0 ? types.filter { type in
        probe.line(of: type.contract).map { line in
          errors.contains { $0.contains("\(probeErrors)\(line):") }
        } ?? false
      }.map(\.contract) : []
      let others = errors.filter { !$0.contains(probeErrors) }
      guard !missing.isEmpty, others.isEmpty else {
        throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) does not "
          + "build: " + (others.first ?? errors.first ?? Self.lastLine(outcome)))
      }
      absent = Set(missing)
    }
    throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) does not build")
  }

  private func createFolder(_ url: URL) throws(InputError) {
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw InputError(file: url.path, reason: "cannot be created: \(error.localizedDescription)")
    }
  }

  /// The compiler's error lines (`file:line:column: error: …`) in order; SwiftPM's own
  /// (`error: …`) when there are none.
  static func errors(in output: String) -> [String] {
    let lines = output.split(separator: "\n").map(String.init)
    let located = lines.filter { $0.contains(": error: ") }
    return located.isEmpty ? lines.filter { $0.hasPrefix("error: ") } : located
  }

  private static func lastLine(_ outcome: ChildProcess.Outcome) -> String {
    (outcome.error + String(decoding: outcome.output, as: UTF8.self))
      .split(separator: "\n").last.map(String.init) ?? "swift build ended with \(outcome.ending)"
  }
}

/// An exclusive lock on one commit's cache folder (`flock`), so that two `compat` runs never
/// build in the same folder at once: the second waits for the first.
private struct CacheLock {
  let descriptor: Int32

  init(_ path: String) throws(InputError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw InputError(file: path, reason: "cannot be opened: \(Platform.errorText)")
    }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
  }

  func release() {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
