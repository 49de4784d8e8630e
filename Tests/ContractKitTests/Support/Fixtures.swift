import Foundation
@testable import ContractKit
@testable import ContractKitRuntime

/// A fresh temporary directory, removed with everything in it when the last reference to it
/// goes (at the end of the test that made it, however the test ends): purpose-made breakages
/// live here. The one way tests make temporary folders.
final class TemporaryDirectory: Sendable {
  let url: URL

  init(_ purpose: String = "tests") throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("contractkit-\(purpose)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { remove() }

  func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }

  func write(_ text: String, to relative: String) throws {
    let target = path(relative)
    try FileManager.default.createDirectory(
      at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: target)
  }

  func read(_ relative: String) throws -> String {
    try String(contentsOf: path(relative), encoding: .utf8)
  }

  func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A small localization store for vocabulary tests.
func makeStore(_ yaml: String) throws -> LocalizationStore {
  try LocalizationStore(files: [(name: "test.yml", text: yaml)])
}

/// Encodes `value` for one locale and version and returns canonical text.
func canonical<T: Encodable>(
  _ value: T, locale: String = "en", store: LocalizationStore = .empty,
  version: SystemVersion = SystemVersion(1, 0, 0), baseLocale: String = "en"
) throws -> String {
  let payload = try LocalizingEncoder(
    locale: locale, baseLocale: baseLocale, store: store, version: version
  ).encode(value)
  return CanonicalJSON.string(payload.value)
}

/// Copies the tree at `source` into `directory` as `name` and returns the copy's URL.
func copyTree(_ source: URL, into directory: TemporaryDirectory, as name: String) throws -> URL {
  let target = directory.path(name)
  try FileManager.default.copyItem(at: source, to: target)
  return target
}

/// Runs `body` on a thread of its own while the calling test is suspended: a check or record
/// of a whole catalog takes seconds, for which a test need not hold one of the two threads of
/// Swift Testing's cooperative pool (an async factory's task may be waiting for one).
func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await WorkerPool.value { Result { try body() } }.get()
}
