import ContractKitRuntime
import Foundation

/// One release's decoder probe, built (or found built) in the cache folder of its commit:
/// `<cache>/<commit>/source` holds the release's files (`git archive` of the commit, never a
/// checkout: the working tree and the index are untouched), `<cache>/<commit>/probe` the
/// generated package, and `<cache>/<commit>/probe.built` says which types it was built for.
struct ReleaseBuild {
  /// The ref as given, for messages.
  let ref: String
  let commit: String
  /// The app's package folder relative to the repository's root (`""` at the root).
  let packagePath: String
  /// Contract name → `Module.Type`.
  let types: [(contract: String, type: String)]
  /// The repository (any folder in it).
  let repository: URL
  /// The cache's root, such as `.build/contractkit-compat`.
  let cache: URL
  /// Seconds one `swift build` may take.
  let timeLimit: Double

  /// What a build gave: the probe's executable and the contracts the release does not have.
  struct Built {
    let executable: URL
    let absent: Set<String>
    /// `false` when served from the cache.
    let built: Bool
  }

  private var folder: URL { cache.appendingPathComponent(commit) }
  private var probe: URL { folder.appendingPathComponent("probe") }
  private var stamp: URL { folder.appendingPathComponent("probe.built") }
  private var executable: URL {
    probe.appendingPathComponent(".build/debug/\(DecoderProbe.name)")
  }
  /// What the stamp starts with: the types asked for, one `contract=type` a line.
  private var request: String {
    types.map { "\($0.contract)=\($0.type)\n" }.joined()
  }

  /// The probe, from the cache when it was built for the same commit and types.
  /// - Throws: ``InputError`` (exit 2) naming the ref when its files cannot be read, when its
  ///   code does not build (with the compiler's first error), or when the build outlives
  ///   its time limit.
  func make() throws -> Built {
    if let stamped = try? String(contentsOf: stamp, encoding: .utf8), stamped.hasPrefix(request),
      case let rest = stamped.dropFirst(request.count).split(separator: "\n"),
      rest.allSatisfy({ $0.hasPrefix("absent ") }),
      FileManager.default.isExecutableFile(atPath: executable.path)
    {
      let absent = rest.map { String($0.dropFirst("absent ".count)) }
      return Built(executable: executable, absent: Set(absent), built: false)
    }
    let package = try materialize()
    let generated = DecoderProbe(package: package, types: types)
    try FileManager.default.createDirectory(
      at: probe.appendingPathComponent("Sources"), withIntermediateDirectories: true)
    try Data(generated.manifest.utf8).write(to: probe.appendingPathComponent("Package.swift"))
    // Only a root package's pins count: the release's own make its dependencies the ones
    // it shipped with.
    let pins = package.appendingPathComponent("Package.resolved")
    let probePins = probe.appendingPathComponent("Package.resolved")
    if FileManager.default.fileExists(atPath: pins.path),
      !FileManager.default.fileExists(atPath: probePins.path)
    {
      try FileManager.default.copyItem(at: pins, to: probePins)
    }
    var absent: Set<String> = []
    for attempt in 0..<2 {
      try Data(generated.source(skipping: absent).utf8)
        .write(to: probe.appendingPathComponent("Sources/main.swift"))
      let outcome = try ChildProcess(
        arguments: ["swift", "build", "--package-path", probe.path], directory: probe,
        timeLimit: timeLimit
      ).run()
      if outcome.timedOut {
        throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) did not "
          + "build within \(Int(timeLimit)) seconds (CONTRACTKIT_COMPAT_BUILD_SECONDS)")
      }
      if outcome.status == 0 { break }
      let errors = Self.errors(in: String(decoding: outcome.output, as: UTF8.self) + "\n"
        + outcome.error)
      // A type the release does not have fails only its own line of the probe's source.
      let missing = attempt == 0 ? types.filter { type in
        generated.line(of: type.contract).map { line in
          errors.contains { $0.contains("main.swift:\(line):") }
        } ?? false
      }.map(\.contract) : []
      let others = errors.filter { !$0.contains("Sources/main.swift:") }
      guard !missing.isEmpty, others.isEmpty else {
        throw InputError(file: "git:\(ref)", reason: "(commit \(commit.prefix(12))) does not "
          + "build: " + (others.first ?? errors.first ?? Self.lastLine(outcome)))
      }
      absent = Set(missing)
    }
    try Data((request + absent.sorted().map { "absent \($0)\n" }.joined()).utf8).write(to: stamp)
    return Built(executable: executable, absent: absent, built: true)
  }

  /// The release's files in `<cache>/<commit>/source`, and its package folder there.
  private func materialize() throws -> URL {
    let source = folder.appendingPathComponent("source")
    let done = folder.appendingPathComponent("source.done")
    let package = packagePath.isEmpty ? source : source.appendingPathComponent(packagePath)
    if FileManager.default.fileExists(atPath: done.path) { return package }
    try? FileManager.default.removeItem(at: source)
    try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
    let archive = folder.appendingPathComponent("source.tar")
    let git = try GitCommand(directory: repository)
      .run(["archive", "--format=tar", "-o", archive.path, commit])
    guard git.status == 0 else {
      throw InputError(file: "git:\(ref)", reason: "cannot be archived: \(git.error)")
    }
    let tar = try ChildProcess(arguments: ["tar", "-xf", archive.path, "-C", source.path],
                               directory: folder, timeLimit: 600).run()
    guard tar.status == 0 else {
      throw InputError(file: archive.path, reason: "cannot be unpacked: \(tar.error)")
    }
    try? FileManager.default.removeItem(at: archive)
    _ = FileManager.default.createFile(atPath: done.path, contents: nil)
    return package
  }

  /// The compiler's error lines, in order.
  static func errors(in output: String) -> [String] {
    output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
  }

  private static func lastLine(_ outcome: ChildProcess.Outcome) -> String {
    (outcome.error + String(decoding: outcome.output, as: UTF8.self))
      .split(separator: "\n").last.map(String.init) ?? "swift build exited \(outcome.status)"
  }
}
