import Foundation

/// Headless Chromium, for the tests that open the HTML report in a real browser.
///
/// `.ci/run` installs Debian's `chromium` when it is missing, so CI always has it; elsewhere
/// the browser tests skip when none is found (``executable`` is `nil`). `CHROMIUM` names a
/// browser at another path.
enum Chromium {
  /// The browser to run, or `nil` when none is installed.
  static let executable: URL? = {
    let environment = ProcessInfo.processInfo.environment["CHROMIUM"].map { [$0] } ?? []
    let candidates = environment + [
      "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome",
      "/usr/bin/google-chrome-stable", "/snap/bin/chromium",
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
      .map { URL(fileURLWithPath: $0) }
  }()

  /// The DOM of `page` after its scripts ran, serialized (`--dump-dom`).
  static func dumpDOM(of page: URL, in directory: TemporaryDirectory) async throws -> String {
    let output = directory.path("dom-\(UUID().uuidString).html")
    try await run(["--dump-dom", page.absoluteString], stdout: output, in: directory)
    return try String(contentsOf: output, encoding: .utf8)
  }

  /// A PNG screenshot of `page` in a window of `width` x `height`, its bytes; `dark` asks
  /// for the dark colour scheme (`prefers-color-scheme: dark`).
  static func screenshot(of page: URL, width: Int = 1280, height: Int = 800, dark: Bool = false,
                         in directory: TemporaryDirectory) async throws -> Data
  {
    let png = directory.path("shot-\(UUID().uuidString).png")
    let scheme = dark ? ["--blink-settings=preferredColorScheme=0"] : []
    try await run(scheme + ["--screenshot=\(png.path)", "--window-size=\(width),\(height)",
                            "--hide-scrollbars", page.absoluteString],
                  stdout: directory.path("shot.log"), in: directory)
    return try Data(contentsOf: png)
  }

  /// How long one browser run may take before the test gives up on it.
  static let timeout: Duration = .seconds(120)

  /// Runs the browser headless with `arguments`, its standard output into `stdout`, and
  /// waits for it without blocking a thread; throws when it fails or times out.
  private static func run(_ arguments: [String], stdout: URL, in directory: TemporaryDirectory)
    async throws
  {
    guard let executable else { throw BrowserError.notInstalled }
    let process = Process()
    process.executableURL = executable
    // Root (CI containers) needs --no-sandbox; a profile of its own keeps parallel runs apart.
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
      "--disable-extensions", "--user-data-dir=\(directory.path("profile-\(UUID().uuidString)").path)",
    ] + arguments
    _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
    let output = try FileHandle(forWritingTo: stdout)
    defer { try? output.close() }
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let running = RunningProcess(process)
    // A browser that hangs is ended, and the test fails, instead of hanging the suite.
    let watchdog = Task {
      try await Task.sleep(for: timeout)
      running.terminate()
    }
    defer { watchdog.cancel() }
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
      process.terminationHandler = { _ in continuation.resume() }
      do { try process.run() } catch { continuation.resume(throwing: error) }
    }
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      throw BrowserError.failed(process.terminationStatus)
    }
  }

  /// A started process the watchdog may end from another task.
  private final class RunningProcess: @unchecked Sendable {
    // Only `terminate()` is called from elsewhere, which Foundation allows from any thread.
    private let process: Process
    init(_ process: Process) { self.process = process }
    func terminate() { if process.isRunning { process.terminate() } }
  }

  enum BrowserError: Error {
    case notInstalled
    case failed(Int32)
  }
}

/// The width and height a PNG's header declares, or `nil` when `data` is not a PNG.
func pngSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data.prefix(24))
  guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
        bytes[12..<16] == [0x49, 0x48, 0x44, 0x52]
  else { return nil }
  let number = { (start: Int) in bytes[start..<(start + 4)].reduce(0) { $0 << 8 | Int($1) } }
  return (number(16), number(20))
}
