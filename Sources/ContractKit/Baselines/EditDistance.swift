import ContractKitRuntime

/// Levenshtein distance, for "Did you mean" suggestions: a command, an option, a git ref.
func editDistance(_ a: String, _ b: String) -> Int {
  let a = Array(a), b = Array(b)
  var previous = Array(0...b.count)
  for (i, left) in a.enumerated() {
    var row = [i + 1]
    for (j, right) in b.enumerated() {
      row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (left == right ? 0 : 1)))
    }
    previous = row
  }
  return previous[b.count]
}

/// The name among `names` nearest to `name`, when one is near enough to be what was meant:
/// at most `limit` edits, and at most half the longer name (`de` is not a typo of `en`); the
/// first of the nearest in `names`' order.
func nearestName(to name: String, in names: [String], limit: Int = 2) -> String? {
  names.map { ($0, editDistance($0, name)) }
    .filter { $0.1 <= limit && $0.1 * 2 <= max($0.0.count, name.count) }
    .min { $0.1 < $1.1 }?.0
}
