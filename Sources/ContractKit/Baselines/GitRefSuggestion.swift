import ContractKitRuntime

/// What to say after a ref that names no commit: the repository's tag nearest to it (a typo
/// such as `v1.0` for `v1.0.0`), else its newest tags, else that it has none.
enum GitRefSuggestion {
  /// How many tags the sentence lists when none is near.
  static let listed = 5

  /// `did you mean v1.0.0?`, `its newest tags: v2.0.0, v1.0.0`, or `it has no tags`; the
  /// tags are read newest first (by the tagged commit's date).
  static func sentence(for ref: String, git: GitCommand) -> String {
    let listing = try? git.run(
      ["for-each-ref", "--sort=-creatordate", "--format=%(refname:short)", "refs/tags"])
    let tags = listing.map { String(decoding: $0.output, as: UTF8.self) }?
      .split(separator: "\n").map(String.init) ?? []
    guard !tags.isEmpty else { return "it has no tags" }
    if let near = nearestName(to: ref, in: tags) { return "did you mean \(near)?" }
    return "its newest tags: " + tags.prefix(listed).joined(separator: ", ")
      + (tags.count > listed ? ", …" : "")
  }
}
