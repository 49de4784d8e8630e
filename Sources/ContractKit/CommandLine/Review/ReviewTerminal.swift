import ContractKitRuntime
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal an interactive `review` talks to: keys in, text out.
///
/// Tests drive ``ReviewSession`` with a scripted one; the command line uses ``RawTerminal``.
protocol ReviewTerminal: AnyObject {
  /// Columns and rows (80x24 when unknown).
  var size: (columns: Int, rows: Int) { get }
  /// The next byte typed, `nil` at the end of input.
  func readByte() -> UInt8?
  /// Writes `text` as is (escape sequences included).
  func write(_ text: String)
}

/// The process's own terminal in raw mode: each key arrives as it is pressed, unechoed,
/// and Ctrl-C is a key (the session aborts without writing), not a signal that would leave
/// the terminal raw. Output processing stays on, so `\n` still starts a new line.
///
/// Made only when standard input and output are both terminals (``open()``); the mode in
/// force before is restored by ``close()``.
final class RawTerminal: ReviewTerminal {
  private var saved = termios()
  private var isRaw = false

  /// The terminal, in raw mode; `nil` when standard input or output is not a terminal.
  static func open() -> RawTerminal? {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
    let terminal = RawTerminal()
    guard tcgetattr(STDIN_FILENO, &terminal.saved) == 0 else { return nil }
    var raw = terminal.saved
    raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
    raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &raw.c_cc) { characters in
      characters[Int(VMIN)] = 1
      characters[Int(VTIME)] = 0
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw) == 0 else { return nil }
    terminal.isRaw = true
    return terminal
  }

  /// Restores the mode the terminal had.
  func close() {
    guard isRaw else { return }
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved)
    isRaw = false
  }

  deinit { close() }

  var size: (columns: Int, rows: Int) {
    var window = winsize()
    #if canImport(Darwin)
      // `_IOR('t', 104, struct winsize)`: a function-like macro Swift does not import.
      let request: UInt = 0x4008_7468
    #else
      let request = UInt(TIOCGWINSZ)
    #endif
    guard ioctl(STDOUT_FILENO, request, &window) == 0, window.ws_col > 0, window.ws_row > 0
    else { return (80, 24) }
    return (Int(window.ws_col), Int(window.ws_row))
  }

  func readByte() -> UInt8? {
    var byte: UInt8 = 0
    while true {
      let count = read(STDIN_FILENO, &byte, 1)
      if count == 1 { return byte }
      if count < 0, errno == EINTR { continue }
      return nil
    }
  }

  func write(_ text: String) {
    try? StandardStream.write(text, to: STDOUT_FILENO, named: "standard output")
  }
}
