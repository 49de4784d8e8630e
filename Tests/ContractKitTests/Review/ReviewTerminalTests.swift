import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// `tmux`, where it is installed: a real terminal for the interactive review.
private let tmux: URL? = ProcessInfo.processInfo.environment["PATH"]?
  .split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
  .first { FileManager.default.isExecutableFile(atPath: $0.path) }

@Suite("Review: the interactive review in a real terminal (tmux, 80x24)")
struct ReviewTerminalTests {
  /// A private tmux server running one 80x24 session.
  final class Session {
    let socket = "contractkit-\(UUID().uuidString)"
    let name = "review"

    /// Runs a tmux command and returns what it printed. Spawned and reaped here, its
    /// output through a file: the server `new-session` starts lives on with whatever the
    /// client inherited, so neither a pipe nor `Process`'s own watch of the child would end.
    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
      let outputFile = FileManager.default.temporaryDirectory
        .appendingPathComponent("\(socket)-\(UUID().uuidString).out")
      defer { try? FileManager.default.removeItem(at: outputFile) }
      #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
      #else
        var actions = posix_spawn_file_actions_t()
      #endif
      posix_spawn_file_actions_init(&actions)
      defer { posix_spawn_file_actions_destroy(&actions) }
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      let argv = ([tmuxURL.path, "-L", socket] + arguments).map { strdup($0) } + [nil]
      let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        + [nil]
      defer { (argv + envp).forEach { free($0) } }
      var pid = pid_t()
      guard posix_spawn(&pid, tmuxURL.path, &actions, nil, argv, envp) == 0 else {
        throw CocoaError(.executableLoad)
      }
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0, errno == EINTR {}
      return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }

    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// Waits until the screen shows `text` (60 s at most) and returns the screen.
    @discardableResult
    func wait(for text: String) throws -> String {
      let deadline = Date().addingTimeInterval(60)
      var shown = ""
      while Date() < deadline {
        shown = try screen()
        if shown.contains(text) { return shown }
        usleep(100_000)
      }
      Issue.record("the screen never showed '\(text)':\n\(shown)")
      return shown
    }

    /// Where the review's exit code is written when it ends.
    private(set) var exitFile: URL?
    private var scratch: TemporaryDirectory?

    /// Starts `contracts review` over `copy` in the session's 80x24 terminal, not as CI
    /// (.ci/run sets CI=true): accepting records, which CI never does.
    func startReview(of copy: ReviewCopy) throws {
      let scratch = try TemporaryDirectory("tmux")
      let exitFile = scratch.path("exit-code")
      self.scratch = scratch
      self.exitFile = exitFile
      let command = "env -u CI '\(contractsExecutable.path)' review --baselines "
        + "'\(copy.baselines.path)'; echo $? > '\(exitFile.path)'; sleep 60"
      try tmux(["new-session", "-d", "-s", name, "-x", "80", "-y", "24",
                "-c", copy.directory.url.path, command])
    }

    /// The review's exit code and the last screen, once it ended (60 s at most).
    func ended() throws -> (code: String, screen: String) {
      let deadline = Date().addingTimeInterval(60)
      while let exitFile, !FileManager.default.fileExists(atPath: exitFile.path),
        Date() < deadline
      {
        usleep(100_000)
      }
      let screen = try self.screen()
      return ((exitFile.flatMap { try? String(contentsOf: $0, encoding: .utf8) }) ?? "", screen)
    }

    deinit { _ = try? tmux(["kill-server"]) }
  }

  @Test("three changes: accept the rename (with its reason), accept the text, reject the field",
        .enabled(if: tmux != nil, "tmux is not installed: the terminal test is skipped"))
  func threeChangesInFewKeys() throws {
    let copy = try ReviewCopy()
    #expect(copy.run(["check"]).code == 1)
    let session = Session()
    try session.startReview(of: copy)
    var keys = 0
    func press(_ key: String) throws {
      keys += 1
      try session.tmux(["send-keys", "-t", session.name, key])
    }
    let first = try session.wait(for: "Change 1 of 3: SessionExpiredErrorViewModel")
    #expect(first.contains("error field-removed /signInLabel"))
    #expect(first.contains("Breaks clients of 1.0.0, 1.1.0, 2.0.0"))
    #expect(first.contains("space page 1/2"))
    // Its six texts, removed and added, take two pages: a accepts once both were shown.
    try press("Space")
    try session.wait(for: "space page 2/2")
    try press("a")
    try session.wait(for: "Reason for this breaking change")
    try session.tmux(["send-keys", "-t", session.name, "-l", ReviewCopy.reason])
    try press("Enter")
    let second = try session.wait(for: "Change 2 of 3: WelcomeBannerViewModel")
    #expect(second.contains("info text-changed /greeting"))
    #expect(second.contains("+  \"greeting\" : \"Welcome back, Ana!\","))
    try press("a")
    let third = try session.wait(for: "Change 3 of 3: SignInViewModel")
    #expect(!third.contains("Reason for this breaking change"), "no reason for harmless text")
    #expect(third.contains("info field-added /rememberedEmail"))
    try press("r")
    let (code, summary) = try session.ended()
    #expect(code == "0\n", "\(summary)")
    #expect(summary.contains("Accepted 2 changes, rejected 1; 0 changes still pending."))
    #expect(keys < 10)
    let recorded = try ReviewCopy()
    #expect(recorded.run(["record", "--only", ReviewCopy.renamed, "\(ReviewCopy.reworded)/*/en",
                          "--accept-breaking", "--reason", ReviewCopy.reason]).code == 0)
    #expect(try copy.files() == recorded.files())
    #expect(try PendingStore(root: copy.pending).results().isEmpty)
  }

  @Test("a text changed in two locales: both texts are on screen before a accepts them",
        .enabled(if: tmux != nil, "tmux is not installed: the terminal test is skipped"))
  func twoLocalesOnScreen() throws {
    let copy = try ReviewCopy(rewordedInFrench: true)
    #expect(copy.run(["check"]).code == 1)
    let session = Session()
    try session.startReview(of: copy)
    try session.wait(for: "Change 1 of 3: SessionExpiredErrorViewModel")
    try session.tmux(["send-keys", "-t", session.name, "s"])
    let card = try session.wait(for: "Change 2 of 3: WelcomeBannerViewModel")
    // Both locales' texts, old and new, each with its locale, before any key accepts them.
    #expect(card.contains("8 files"), "\(card)")
    #expect(card.contains(#"en: "Good to see you, Ana!""#), "\(card)")
    #expect(card.contains(#""Welcome back, Ana!""#), "\(card)")
    #expect(card.contains(#"fr: "\#(ReviewCopy.frenchGreeting)""#), "\(card)")
    #expect(card.contains(#""Bon retour parmi nous, Ana"#), "\(card)")
    try session.tmux(["send-keys", "-t", session.name, "a"])
    try session.wait(for: "Change 3 of 3: SignInViewModel")
    try session.tmux(["send-keys", "-t", session.name, "q"])
    let (code, summary) = try session.ended()
    #expect(code == "0\n", "\(summary)")
    let recorded = try ReviewCopy(rewordedInFrench: true)
    #expect(recorded.run(["record", "--only", "\(ReviewCopy.reworded)/*/en",
                          "\(ReviewCopy.reworded)/*/fr"]).code == 0)
    #expect(try copy.files() == recorded.files())
  }
}

/// The tmux that runs the sessions.
private var tmuxURL: URL { tmux ?? URL(fileURLWithPath: "/usr/bin/tmux") }
