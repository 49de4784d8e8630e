import Foundation
import SampleContracts
@testable import ContractKit
@testable import ContractKitRuntime

/// The repository's root, found from this file, whatever the working directory.
let packageRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent()

/// The committed baselines of the sample catalog. Tests never write here.
let committedBaselines = packageRoot.appendingPathComponent(BaselineLayout.directoryName)

/// A private copy of the committed baselines and `Baselines.md`, for purpose-made breakages.
struct SampleCopy {
  let directory: TemporaryDirectory
  /// The copied `.VersionedTestJSON`.
  let baselines: URL
  /// The sample catalog reading and writing the copy.
  let catalog: Catalog

  init() throws {
    directory = try TemporaryDirectory()
    baselines = try copyTree(committedBaselines, into: directory, as: BaselineLayout.directoryName)
    try FileManager.default.copyItem(
      at: packageRoot.appendingPathComponent("Baselines.md"),
      to: directory.path("Baselines.md"))
    catalog = try SampleCatalog.make().withBaselines(at: baselines)
  }

  /// The text of a baseline file in the copy.
  func read(_ relativePath: String) throws -> String {
    try String(contentsOf: baselines.appendingPathComponent(relativePath), encoding: .utf8)
  }

  /// Replaces a baseline file in the copy.
  func write(_ text: String, to relativePath: String) throws {
    try Data(text.utf8).write(to: baselines.appendingPathComponent(relativePath))
  }

  /// Edits the JSON of a baseline file in the copy and writes it back canonically.
  func edit(_ relativePath: String, _ change: (inout JSONValue) -> Void) throws {
    var value = try JSONParser.parse(
      Array(try read(relativePath).utf8), file: relativePath)
    change(&value)
    try write(CanonicalJSON.string(value), to: relativePath)
  }

  /// Removes a file or folder in the copy.
  func remove(_ relativePath: String) throws {
    try FileManager.default.removeItem(at: baselines.appendingPathComponent(relativePath))
  }
}

extension JSONValue {
  /// Sets the value at an RFC 6901 pointer (parents must exist); `nil` removes the key.
  mutating func set(_ pointer: String, to newValue: JSONValue?) {
    var tokens = JSONPointer.tokens(of: pointer)[...]
    set(&tokens, to: newValue)
  }

  private mutating func set(_ tokens: inout ArraySlice<String>, to newValue: JSONValue?) {
    guard let token = tokens.popFirst() else {
      if let newValue { self = newValue }
      return
    }
    switch self {
    case .object(var members):
      if tokens.isEmpty {
        members[token] = newValue
      } else if var child = members[token] {
        child.set(&tokens, to: newValue)
        members[token] = child
      }
      self = .object(members)
    case .array(var elements):
      guard let index = Int(token), elements.indices.contains(index) else { return }
      if tokens.isEmpty {
        if let newValue { elements[index] = newValue } else { elements.remove(at: index) }
      } else {
        elements[index].set(&tokens, to: newValue)
      }
      self = .array(elements)
    default:
      return
    }
  }
}

/// Runs the command line in memory and captures everything it prints.
func runContracts(_ arguments: [String], catalog: @escaping () throws -> Catalog = SampleCatalog.make)
  -> (code: Int32, stdout: String, stderr: String)
{
  var out = ""
  var err = ""
  let code = ContractsCommandLine.run(
    arguments: arguments, catalog: catalog, program: "contracts", colored: false,
    environment: developerEnvironment, terminal: { nil },
    stdout: { out += $0 }, stderr: { err += $0 })
  return (code, out, err)
}

/// The environment of a development machine: the test process's without `CI` (which
/// `.ci/run` sets), so that the commands a test runs may record. Tests of CI name it.
let developerEnvironment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }

/// The `contracts` executable built next to the test bundle.
var contractsExecutable: URL {
  var directory = Bundle.main.bundleURL
  for _ in 0..<4 where !FileManager.default.fileExists(
    atPath: directory.appendingPathComponent("contracts").path)
  {
    directory = directory.deletingLastPathComponent()
  }
  return directory.appendingPathComponent("contracts")
}

/// Runs the built `contracts` binary in `directory` and waits for it.
func runBinary(_ arguments: [String], in directory: URL? = nil,
               environment: [String: String] = [:], executable: URL = contractsExecutable) throws
  -> (code: Int32, stdout: String, stderr: String)
{
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  process.environment = developerEnvironment.merging(environment) { $1 }
  let out = Pipe()
  let err = Pipe()
  process.standardOutput = out
  process.standardError = err
  try process.run()
  let outData = out.fileHandleForReading.readDataToEndOfFile()
  let errData = err.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return (process.terminationStatus, String(decoding: outData, as: UTF8.self),
          String(decoding: errData, as: UTF8.self))
}
