import ContractKitRuntime
import Foundation

extension ContractsCommandLine {
  /// `review`: lists, decides by selectors, or runs the interactive session in a terminal.
  /// Without a terminal it never waits for input: it lists, and exits 1 when anything is
  /// pending.
  static func review(
    _ invocation: Invocation, catalog: Catalog, program: String,
    environment: [String: String], terminal makeTerminal: () -> (any ReviewTerminal)?,
    stdout: (String) throws -> Void
  ) throws -> Int32 {
    // Accepting records: CI never blesses its own changes.
    let mayAccept = RunEnvironment.allowsRecording(environment)
    if !invocation.accept.isEmpty, !mayAccept {
      throw RecordingOnCI("review --accept", environment: environment)
    }
    let files = catalog.baselineFiles
    var store = PendingStore.beside(files)
    if let from = invocation.from {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: from, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { throw InputError(file: from, reason: "no such folder of pending results") }
      store = PendingStore(root: URL(fileURLWithPath: from))
    }
    let plan = try ReviewPlan(catalog: catalog, store: store, isDownloaded: invocation.from != nil)
    let command = "swift run \(program)"
    if !invocation.accept.isEmpty || !invocation.reject.isEmpty {
      return try decide(invocation, plan: plan, command: command, stdout: stdout)
    }
    if invocation.list || plan.changes.isEmpty {
      try stdout(ReviewText.list(plan, command: command))
      return plan.changes.isEmpty ? ExitStatus.clean : ExitStatus.failing
    }
    guard let terminal = makeTerminal() else {
      try stdout(ReviewText.list(plan, command: command))
      return ExitStatus.failing
    }
    let decisions = ReviewSession(plan: plan, terminal: terminal).run()
    (terminal as? RawTerminal)?.close()
    terminal.write("\u{1B}[H\u{1B}[2J")
    guard let decisions else {
      try stdout("Aborted: nothing was written; every change is still pending.\n")
      return ExitStatus.failing
    }
    if !decisions.accepted.isEmpty, !mayAccept {
      throw RecordingOnCI("accepting in review", environment: environment)
    }
    return try apply(decisions, to: plan, command: command, stdout: stdout)
  }

  /// `--accept` and `--reject`: refuses (exit 1, nothing written) a breaking change without
  /// `--reason`, and a result from `--from` that no longer applies.
  private static func decide(
    _ invocation: Invocation, plan: ReviewPlan, command: String,
    stdout: (String) throws -> Void
  ) throws -> Int32 {
    for (option, selectors) in [("--accept", invocation.accept), ("--reject", invocation.reject)] {
      for selector in selectors
      where plan.changes(selectedBy: [selector]).isEmpty
        && plan.stale(selectedBy: [selector]).isEmpty
      {
        throw UsageError(message: "'\(option) \(selector)' selects no pending change (see "
          + "'\(command) review --list')", command: .review)
      }
    }
    let accepted = plan.changes(selectedBy: invocation.accept)
    let rejected = plan.changes(selectedBy: invocation.reject)
    let both = accepted.filter { change in rejected.contains { $0.exactSelectors == change.exactSelectors } }
    if let change = both.first {
      throw UsageError(message: "'\(plan.selector(of: change))' is both accepted and rejected",
                       command: .review)
    }
    let stale = plan.stale(selectedBy: invocation.accept)
    if plan.isDownloaded, !stale.isEmpty {
      var lines = ["Refused: \(stale.count.counting("pending result")) no longer "
        + "\(stale.count == 1 ? "applies" : "apply"); nothing was written."]
      lines += stale.map { entry in
        "  \(CaseSelector.exact(.file(entry.result.contractCase))?.text ?? ""): \(entry.reason)"
      }
      lines.append("Run the check again (\(command) check) and review what it keeps.")
      try stdout(lines.joined(separator: "\n") + "\n")
      return ExitStatus.failing
    }
    let unexplained = accepted.filter(\.isBreaking)
    if invocation.reason == nil, !unexplained.isEmpty {
      var lines = ["Refused: \(unexplained.count.counting("accepted change")) "
        + "\(unexplained.count == 1 ? "breaks" : "break") clients of released versions; "
        + "nothing was written."]
      lines += unexplained.map { "  \(plan.selector(of: $0))  \(ReviewText.summary($0))" }
      lines.append("If the break is intended, run: \(command) review --accept "
        + unexplained.map { plan.selector(of: $0) }.joined(separator: " ") + " --reason \"…\"")
      try stdout(lines.joined(separator: "\n") + "\n")
      return ExitStatus.failing
    }
    var decisions = ReviewDecisions()
    decisions.accepted = accepted.map { ($0, $0.isBreaking ? invocation.reason : nil) }
    decisions.rejected = rejected
    let code = try apply(decisions, to: plan, command: command, stdout: stdout)
    // Local results that no longer apply, once selected, are dropped: never applied.
    let dropped = plan.stale(selectedBy: invocation.accept + invocation.reject)
    if !plan.isDownloaded, !dropped.isEmpty, code == ExitStatus.clean {
      try plan.store.remove(Set(dropped.map(\.result.contractCase)))
      try stdout(ReviewText.staleLines(plan).joined(separator: "\n") + "\n")
    }
    return code
  }

  /// Applies `decisions` and says what was written.
  private static func apply(
    _ decisions: ReviewDecisions, to plan: ReviewPlan, command: String,
    stdout: (String) throws -> Void
  ) throws -> Int32 {
    guard !decisions.isEmpty else {
      try stdout("Nothing decided: every change is still pending.\n")
      return ExitStatus.clean
    }
    let outcome = try decisions.apply(to: plan)
    var text = ""
    if let record = outcome.record {
      text += RecordReport.text(record, baselines: plan.catalog.baselineFiles.displayRoot,
                                command: command)
    }
    let accepted = decisions.accepted.count
    let rejected = decisions.rejected.count
    let left = plan.changes.count - accepted - rejected
    text += outcome.refused
      ? "Nothing was written; every change is still pending.\n"
      : "Accepted \(accepted.counting("change")), rejected \(rejected); "
        + "\(left.counting("change")) still pending.\n"
    try stdout(text)
    return outcome.refused ? ExitStatus.failing : ExitStatus.clean
  }
}
