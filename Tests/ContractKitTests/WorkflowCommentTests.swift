import Foundation
import Testing
@testable import ContractKit
@testable import ContractKitRuntime

/// Node, for running the example workflow's `actions/github-script` step.
enum Node {
  /// The `node` executable, or `nil` when none is installed (`.ci/run` installs Debian's
  /// `nodejs`). `NODE` names one at another path.
  static let executable: URL? = {
    let environment = ProcessInfo.processInfo.environment["NODE"].map { [$0] } ?? []
    return (environment + ["/usr/bin/node", "/usr/local/bin/node", "/usr/bin/nodejs"])
      .first { FileManager.default.isExecutableFile(atPath: $0) }.map { URL(fileURLWithPath: $0) }
  }()
}

/// The example workflow's pull-request comment step (`Examples/CI/contracts.yml`), run under
/// Node with a stand-in for GitHub's API: it updates only a comment its own bot wrote
/// (issue 34.14), whoever else wrote the marker.
@Suite("The example workflow's comment step", .enabled(
  if: Node.executable != nil, "no node found (install Debian's nodejs, or set NODE); .ci/run installs it"))
struct WorkflowCommentTests {
  static let workflow = packageRoot.appendingPathComponent("Examples/CI/contracts.yml")
  static let marker = "<!-- contractkit-report -->"

  /// The step's `script: |` block and its `COMMENT_AUTHOR`, as the workflow spells them.
  static func step() throws -> (script: String, author: String) {
    let lines = try String(contentsOf: workflow, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "script: |" })
    let indent = lines[start].prefix { $0 == " " }.count
    let body = lines[(start + 1)...].prefix { line in
      line.trimmingCharacters(in: .whitespaces).isEmpty || line.prefix { $0 == " " }.count > indent
    }
    let author = try #require(lines.first { $0.contains("COMMENT_AUTHOR:") })
      .split(separator: ":", maxSplits: 1)[1].trimmingCharacters(in: .whitespaces)
    return (body.map { String($0.dropFirst(min($0.count, indent + 2))) }.joined(separator: "\n"),
            author)
  }

  /// Runs the step on a pull request with `comments` (id, author login and type, body); the
  /// API calls it made, as `update <id>` or `create`.
  static func run(comments: [(id: Int, login: String, type: String, body: String)]) throws
    -> [String]
  {
    let (script, author) = try step()
    let directory = try TemporaryDirectory()
    try "## ContractKit report: PASS\n".write(
      to: directory.path("contracts.md"), atomically: true, encoding: .utf8)
    let listed = comments.map { comment -> String in
      let value = JSONValue.object([
        "id": .number(JSONNumber(comment.id)), "body": .string(comment.body),
        "user": .object(["login": .string(comment.login), "type": .string(comment.type)]),
      ])
      return String(decoding: CanonicalJSON.encode(value), as: UTF8.self)
    }.joined(separator: ", ")
    let harness = """
      const calls = [];
      const github = {
        paginate: async (method, params) => [\(listed)],
        rest: { issues: {
          listComments: 'listComments',
          updateComment: async (request) => { calls.push(`update ${request.comment_id}`); },
          createComment: async (request) => { calls.push('create'); },
        } },
      };
      const context = { repo: { owner: 'o', repo: 'r' }, issue: { number: 7 } };
      (async () => {
      \(script)
      })().then(() => console.log(calls.join('\\n')),
                (error) => { console.error(error); process.exit(1); });
      """
    let file = directory.path("step.js")
    try harness.write(to: file, atomically: true, encoding: .utf8)
    let process = Process()
    process.executableURL = Node.executable
    process.arguments = [file.path]
    process.currentDirectoryURL = directory.url
    process.environment = ["COMMENT_AUTHOR": author, "PATH": "/usr/bin:/bin"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test("a marker comment someone else wrote is never updated; the bot's own is")
  func onlyItsOwnComment() throws {
    #expect(try Self.step().author == "github-actions[bot]")
    let someone = (id: 1, login: "mallory", type: "User", body: "\(Self.marker)\nforged")
    let lookalike = (id: 2, login: "github-actions", type: "User", body: "\(Self.marker)\nx")
    let unmarked = (id: 3, login: "github-actions[bot]", type: "Bot", body: "deploy preview")
    let own = (id: 4, login: "github-actions[bot]", type: "Bot", body: "\(Self.marker)\nold")
    #expect(try Self.run(comments: [someone, lookalike, unmarked, own]) == ["update 4"])
    #expect(try Self.run(comments: [someone, lookalike, unmarked]) == ["create"])
    #expect(try Self.run(comments: []) == ["create"])
  }
}
