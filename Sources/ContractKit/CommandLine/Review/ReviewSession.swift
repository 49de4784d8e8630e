import ContractKitRuntime
import Foundation

/// An interactive review: one change at a time, decided with one key.
///
/// `a` accepts (a breaking change first asks for the reason `Baselines.md` logs), `r`
/// rejects, `s` skips, `d` shows the full diff, `?` the help, `q` quits keeping what was
/// decided. Nothing is written while it runs: ``run()`` returns the decisions, which the
/// caller applies at once. Ctrl-C aborts: `nil`, nothing decided.
struct ReviewSession {
  let plan: ReviewPlan
  let terminal: any ReviewTerminal
  var colored = true

  static let keys = "a accept  r reject  s skip  d full diff  ? help  q quit"

  /// Shows each change and collects the decisions; `nil` when aborted with Ctrl-C.
  func run() -> ReviewDecisions? {
    var decisions = ReviewDecisions()
    var index = 0
    var note = ""
    while index < plan.changes.count {
      let change = plan.changes[index]
      show(ReviewCard(plan: plan, change: change, index: index, colored: colored)
        .lines(size: terminal.size, note: note))
      note = ""
      guard let key = terminal.readByte() else { return decisions }
      switch key {
      case UInt8(ascii: "a"):
        if change.isBreaking {
          switch askReason() {
          case .aborted: return nil
          case .cancelled:
            note = "Not accepted: a breaking change needs a reason."
            continue
          case .given(let reason): decisions.accepted.append((change, reason))
          }
        } else {
          decisions.accepted.append((change, nil))
        }
        index += 1
      case UInt8(ascii: "r"):
        decisions.rejected.append(change)
        index += 1
      case UInt8(ascii: "s"):
        index += 1
      case UInt8(ascii: "d"):
        show(ReviewCard(plan: plan, change: change, index: index, colored: colored).fullDiff()
          + ["", "Press any key to return."])
        guard let next = terminal.readByte() else { return decisions }
        if next == 3 { return nil }
      case UInt8(ascii: "?"):
        show(Self.help + ["", "Press any key to return."])
        guard let next = terminal.readByte() else { return decisions }
        if next == 3 { return nil }
      case UInt8(ascii: "q"):
        return decisions
      case 3:
        return nil
      default:
        note = "Unknown key: press ? for help."
      }
    }
    return decisions
  }

  static let help = [
    "Reviewing pending results: each change once, however many files it spans.",
    "",
    "  a   accept: record it (a breaking change asks why; Baselines.md logs the reason)",
    "  r   reject: forget the pending result; the baseline stays",
    "  s   skip: decide later; the pending result stays",
    "  d   the full diff of the first file",
    "  ?   this help",
    "  q   quit: what was decided is written at once, the rest stays pending",
    "  Ctrl-C  abort: nothing is written",
  ]

  private enum Reason { case given(String), cancelled, aborted }

  /// Reads a reason on the last line: Enter confirms, Esc (or an empty reason) cancels.
  private func askReason() -> Reason {
    terminal.write("\r\n\u{1B}[1mReason for this breaking change\u{1B}[0m (Enter to accept, "
      + "Esc to cancel): ")
    var bytes: [UInt8] = []
    while let byte = terminal.readByte() {
      switch byte {
      case 3: return .aborted
      case 27: return .cancelled
      case 10, 13:
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? .cancelled : .given(text)
      case 8, 127:
        guard !bytes.isEmpty else { continue }
        // One character back: its continuation bytes, then its first byte.
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        bytes.removeLast()
        terminal.write("\u{8} \u{8}")
      case 0..<32:
        continue
      default:
        bytes.append(byte)
        // A character typed as several bytes is echoed once it is whole.
        let last = trailingCharacter(bytes)
        if let text = String(validating: last, as: UTF8.self) { terminal.write(text) }
      }
    }
    return .cancelled
  }

  /// The last whole character's bytes, for echoing a character typed as several bytes.
  private func trailingCharacter(_ bytes: [UInt8]) -> [UInt8] {
    var start = bytes.count - 1
    while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
    return Array(bytes[start...])
  }

  private func show(_ lines: [String]) {
    terminal.write("\u{1B}[H\u{1B}[2J" + lines.joined(separator: "\r\n"))
  }
}
