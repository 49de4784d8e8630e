extension HelpText {
  /// `review --help`.
  static func review(_ usage: String) -> String {
    """
    OVERVIEW: Accept or reject the pending results that check and swift test kept.

    Every check and swift test that finds a difference keeps today's encoding as a pending
    result in .contracts-pending/ beside the baseline directory (on CI only with --pending
    or CONTRACTKIT_PENDING). In a terminal, review shows each change once, grouped across
    versions, locales, variants and rows, with its findings and a line diff: a accept,
    r reject, s skip, d full diff, ? help, q quit. Accepting writes exactly what record
    --only writes; a breaking change asks for the reason Baselines.md logs. Without a
    terminal it lists the pending changes and exits 1 if there are any.

    A pending result whose baseline or encoding changed since it was made is never applied:
    dropped from the local folder, refused from --from.

    USAGE: \(usage)

    OPTIONS:
      --baselines <dir>       The baseline directory. (default: the catalog's)
      --from <dir>            Review pending results downloaded from CI (an artifact of
                              check --pending <dir>) against the local tree.
      --list                  List every pending change, one line each with its selector.
      --accept <selector> ... Accept the selected changes (selectors as record --only).
      --reason <text>         Why an accepted breaking change is intended (required for one).
      --reject <selector> ... Forget the selected pending results; the baselines stay.
      -h, --help              Show help information.

    EXIT CODES:
      0                       Nothing pending (--list), or the decisions were applied.
      1                       Changes pending (--list, no terminal), or refused: a breaking
                              change without --reason, or a result that no longer applies;
                              nothing was written.
      2                       Bad usage or unusable input.

    """
  }
}
