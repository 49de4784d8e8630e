import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `compat` against releases whose own code misbehaves, and against a cache that was
/// tampered with (``MisbehavingReleases``: a package that builds in seconds).
@Suite("compat: releases that print, crash, hang, hide files or do not build", .serialized)
struct CompatReleaseTests {
  static let firstRun = Result { () throws -> Report in
    try MisbehavingReleases.shared.get().compat(["r1"])
  }

  static let findings = [
    "error client-decode-failed Crashing 1.0.0 es default \"\"",
    "error client-decode-failed Hanging 1.0.0 es default \"\"",
    "error client-decode-failed Ignored 1.0.0 en default /legacyCode",
    "error client-decode-failed Ignored 1.0.0 es default /legacyCode",
  ]

  @Test("what the release's own code does: prints, crashes, hangs, and a file export-ignore hides")
  func misbehaving() async throws {
    let report = try await offThePool { try Self.firstRun.get() }
    #expect(briefs(report) == Self.findings)
    let messages = report.findings.map { $0.message.split(separator: ":", maxSplits: 1).last ?? "" }
    #expect(messages.count == 4)
    // A decoder that crashes names the signal; one that never returns, the time limit.
    #expect(messages[0].range(of: #"^ its decoder crashed with signal [0-9]+ \(SIG[A-Z]+\) "#
      + "while decoding it$", options: .regularExpression) != nil, "\(messages[0])")
    #expect(messages[1] == " its decoder did not return within 3 seconds "
      + "(CONTRACTKIT_COMPAT_DECODE_SECONDS), and was stopped")
    #expect(messages[2] == " required key 'legacyCode' is missing")
    let matrix = try #require(report.compat)
    #expect(matrix.rows == [
      ["ref", "contract", "en", "es"],
      ["r1", "Printing", "ok", "ok"],
      ["r1", "Crashing", "ok", "FAILS"],
      ["r1", "Hanging", "ok", "FAILS"],
      ["r1", "Snake", "ok", "ok"],
      ["r1", "Dated", "ok", "ok"],
      ["r1", "Ignored", "FAILS", "FAILS"],
    ])
  }

  @Test("each contract decodes with the decoder declared for it: r1's contract.json first, else today's")
  func decoders() async throws {
    let report = try await offThePool { try Self.firstRun.get() }
    let release = try #require(report.compat?.releases.first)
    #expect(release.notes == [
      "decoders: r1's contract.json for Snake; today's declaration for Printing, Dated, Ignored",
    ])
    let fixture = try MisbehavingReleases.shared.get()
    let recorded = try fixture.git.git("show", "r1:.VersionedTestJSON/Snake/1.0.0/contract.json")
    #expect(recorded.contains(#""decoder" : {"#) && recorded.contains(#""keys" : "snake-case""#))
  }

  @Test("a tampered cache is not trusted: a swapped probe and an edited source are rebuilt from the commit")
  func tamperedCache() async throws {
    _ = try await offThePool { try Self.firstRun.get() }
    let fixture = try MisbehavingReleases.shared.get()
    let commit = try fixture.git.git("rev-parse", "r1").trimmingCharacters(in: .newlines)
    let folder = fixture.git.root.appendingPathComponent(".build/contractkit-compat/\(commit)")
    let executable = folder.appendingPathComponent("source/.build/debug/ContractKitCompatProbe")
    // A probe that says every type decodes everything, to the old protocol and the new one.
    let names = MisbehavingReleases.types.map { "\"\($0.contract)\"" }.joined(separator: ",")
    try FileManager.default.removeItem(at: executable)
    try Data("""
      #!/bin/sh
      echo '[]'
      printf '{"types":[\(names)]}\\n{"done":true}\\n' > "$2"

      """.utf8).write(to: executable)
    chmod(executable.path, 0o755)
    // And a source that accepts what the release's own code rejects.
    try Data("struct Ignored: Decodable {}\n".utf8)
      .write(to: folder.appendingPathComponent("source/Sources/Models/Ignored.swift"))
    let report = try await offThePool { try fixture.compat(["r1"]) }
    #expect(briefs(report) == Self.findings)
    let release = try #require(report.compat?.releases.first)
    #expect(release.built)
    #expect(release.notes.first == "the cached build was not trusted (its probe executable is "
      + "not the one that was built), so it was rebuilt")
    #expect(try String(contentsOf: folder.appendingPathComponent("source/Sources/Models/Ignored.swift"),
                       encoding: .utf8) == "struct Ignored: Decodable { let legacyCode: Int }\n")
  }

  @Test("a cache whose record was edited, or that was built for other types, is not trusted")
  func verification() async throws {
    _ = try await offThePool { try Self.firstRun.get() }
    let fixture = try MisbehavingReleases.shared.get()
    let release = try GitTree.release(ref: "r1", sameTreeAs: fixture.git.baselines)
    let build = ReleaseBuild(
      ref: "r1", release: release, packagePath: "", types: MisbehavingReleases.types,
      cache: fixture.git.root.appendingPathComponent(".build/contractkit-compat"), timeLimit: 60)
    let source = ReleaseSource(
      ref: "r1", commit: release.commit, git: release.git,
      folder: fixture.git.root.appendingPathComponent(".build/contractkit-compat/\(release.commit)/source"))
    let tree = try source.listing().digest
    #expect(build.verify(tree: tree) == .trusted)
    #expect(build.verify(tree: String(tree.reversed())) == .distrusted(
      "its record probe.json names another commit or tree"))
    let fewer = ReleaseBuild(
      ref: "r1", release: release, packagePath: "", types: Array(MisbehavingReleases.types.prefix(2)),
      cache: build.cache, timeLimit: 60)
    #expect(fewer.verify(tree: tree) == .askedOtherwise)
    let stamp = build.cache.appendingPathComponent("\(release.commit)/probe.json")
    let kept = try Data(contentsOf: stamp)
    defer { try? kept.write(to: stamp) }
    try Data("{}".utf8).write(to: stamp)
    #expect(build.verify(tree: tree) == .distrusted("its record probe.json is not one ContractKit wrote"))
    var edited = try JSONParser.parse([UInt8](kept), file: "probe.json")
    if case .object(var members) = edited {
      members["executable"] = .string(String(repeating: "0", count: 64))
      edited = .object(members)
    }
    try Data(CanonicalJSON.encode(edited)).write(to: stamp)
    #expect(build.verify(tree: tree) == .distrusted("its probe executable is not the one that was built"))
  }

  @Test("a ref whose code does not build: exit 2 naming the ref and the compiler's first error")
  func broken() async throws {
    let fixture = try await offThePool { try MisbehavingReleases.shared.get() }
    await #expect {
      try await offThePool { try fixture.compat(["broken"]) }
    } throws: { error in
      let text = "\(error)"
      return text.hasPrefix("git:broken: (commit ") && text.contains("does not build: ")
        && text.contains("Snake.swift:1:")
    }
  }

  @Test("a manifest that never finishes loading is stopped at the time limit, with every process it started")
  func hangingManifest() async throws {
    let fixture = try await offThePool { try MisbehavingReleases.shared.get() }
    let pidFile = fixture.git.root.appendingPathComponent("manifest.pid")
    let started = Date()
    await #expect {
      try await offThePool { try fixture.compat(["hanging-manifest"], buildSeconds: 20) }
    } throws: { error in
      "\(error)".hasSuffix("did not build within 20 seconds (CONTRACTKIT_COMPAT_BUILD_SECONDS): "
        + "its manifest did not finish loading, and was stopped")
    }
    #expect(Date().timeIntervalSince(started) < 60)
    guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = pid_t(text) else {
      Issue.record("the manifest did not start within the limit: nothing to look for")
      return
    }
    // Gone, or at most a zombie its new parent has not reaped yet: never still running.
    let state = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8))?
      .split(separator: ")").last?.split(separator: " ").first
    #expect(state == nil || state == "Z", "the manifest (pid \(pid)) is still \(state ?? "")")
  }
}
