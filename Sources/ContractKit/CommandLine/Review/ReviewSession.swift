import ContractKitRuntime
import Foundation

/// An interactive review: one change at a time, decided with one key.
///
/// `a` accepts (a breaking change first asks for the reason `Baselines.md` logs), `r`
/// rejects, `s` skips, `d` pages through every file's diff, `?` the help, `q` quits keeping what was
/// decided. Nothing is written while it runs: ``run()`` returns the decisions, which the
/// caller applies at once. Ctrl-C aborts: `nil`, nothing decided.
struct ReviewSession {
  let plan: ReviewPlan
  let terminal: any ReviewTerminal
  var colored = true

  static let keys = "a accept  r reject  s skip  d diffs  ? help  q quit"

  /// Shows each change and collects the decisions; `nil` when aborted with Ctrl-C.
  ///
  /// A change whose findings and values take more than one screen is shown page by page
  /// (space); `a` accepts only once every page was shown, so nothing is accepted unseen.
  func run() -> ReviewDecisions? {
    var decisions = ReviewDecisions()
    var index = 0
    var note = ""
    var page = 0
    var seen = 0
    while index < plan.changes.count {
      let change = plan.changes[index]
      let card = ReviewCard(plan: plan, change: change, index: index, colored: colored)
      let pages = card.pageCount(size: terminal.size)
      seen = max(seen, page)
      show(card.lines(size: terminal.size, page: page, note: note))
      note = ""
      func next() {
        index += 1
        page = 0
        seen = 0
      }
      guard let key = terminal.readByte() else { return decisions }
      switch key {
      case UInt8(ascii: "a"):
        guard seen == pages - 1 else {
          note = "Not accepted: page \(seen + 2) of \(pages) is not shown yet (space)."
          continue
        }
        if change.isBreaking {
          switch askReason() {
          case .aborted: return nil
          case .cancelled(let why):
            note = why
            continue
          case .given(let reason): decisions.accepted.append((change, reason))
          }
        } else {
          decisions.accepted.append((change, nil))
        }
        next()
      case UInt8(ascii: " "):
        page = (page + 1) % pages
      case UInt8(ascii: "b"):
        page = max(0, page - 1)
      case UInt8(ascii: "r"):
        decisions.rejected.append(change)
        next()
      case UInt8(ascii: "s"):
        next()
      case UInt8(ascii: "d"):
        guard pageThrough(card.diffPages(size: terminal.size)) else { return nil }
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

  /// Shows `pages` one at a time: space (or `n`) the next, `b` the one before, any other
  /// key returns to the card; `false` when Ctrl-C aborts the session.
  private func pageThrough(_ pages: [[String]]) -> Bool {
    guard !pages.isEmpty else { return true }
    var page = 0
    while true {
      let more = page + 1 < pages.count
      show(pages[page] + ["", "\(page + 1)/\(pages.count)  "
        + (more ? "space next  " : "") + (page > 0 ? "b back  " : "") + "other keys: the card"])
      guard let key = terminal.readByte() else { return true }
      switch key {
      case 3: return false
      case UInt8(ascii: " "), UInt8(ascii: "n"):
        guard more else { return true }
        page += 1
      case UInt8(ascii: "b"):
        page = max(0, page - 1)
      default:
        return true
      }
    }
  }

  static let help = [
    "Reviewing pending results: each change once, however many files it spans.",
    "Every distinct value a change has is on its card, with its locale.",
    "",
    "  a      accept: record it (a breaking change asks why; Baselines.md logs the reason)",
    "  r      reject: forget the pending result; the baseline stays",
    "  s      skip: decide later; the pending result stays",
    "  space  the next page of a change too long for one screen (a accepts once all shown)",
    "  d      the diff of every file of the change, page by page (space, b)",
    "  ?      this help",
    "  q      quit: what was decided is written at once, the rest stays pending",
    "  Ctrl-C abort: nothing is written",
  ]

  private enum Reason { case given(String), cancelled(String), aborted }

  /// Reads a reason on the last line: Enter confirms, Esc (or an empty reason) cancels.
  private func askReason() -> Reason {
    terminal.write("\r\n\u{1B}[1mReason for this breaking change\u{1B}[0m (Enter to accept, "
      + "Esc to cancel): ")
    var bytes: [UInt8] = []
    while let byte = terminal.readByte() {
      switch byte {
      case 3: return .aborted
      case 27: return .cancelled("Not accepted: a breaking change needs a reason.")
      case 10, 13:
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        if let problem = BreakReason.problem(in: text) {
          return .cancelled("Not accepted: the reason \(problem).")
        }
        return .given(text)
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
    return .cancelled("Not accepted: a breaking change needs a reason.")
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
