package io.github.providergateway.guard.internal;

/**
 * Statements that run a procedure whose own statements the call does not show (issue 80 round 35,
 * decision 226): {@code CALL ledger.close_period(2026, 11)}, T-SQL's {@code EXEC
 * dbo.usp_PersonMerge @Keep = 41} and {@code EXECUTE ops.CloseImpairments}, and a function that
 * changes things called in a {@code SELECT} as PostgreSQL's are ({@code SELECT
 * cgs_admin.reopen_draw(9921)}), read as the writes they most likely are. The server's own reading
 * procedures ({@code sp_help}, {@code sp_who2}, {@code sp_spaceused} and their kin) change nothing,
 * and {@code sp_executesql} is {@link AssembledStatements}'; a function is taken for a write by its
 * name's verb ({@code reopen_}, {@code void_}, {@code merge_}), as a {@code SELECT} of {@code
 * count(…)} or {@code ST_Distance(…)} reads. A table format's own procedures ({@code CALL
 * lake.system.expire_snapshots(…)}, Iceberg's and Delta's) are {@link LakeWords}' (decision 229).
 */
final class ProcedureCalls {
  private ProcedureCalls() {}

  /** The server's procedures that read: catalog, activity, space and error log. */
  private static final String READING_PROCEDURES =
      "(?:sys\\.|dbo\\.|master\\.(?:dbo\\.)?)?(?:sp_help|sp_who|sp_spaceused|sp_columns|sp_tables"
          + "|sp_databases|sp_lock|sp_describe|sp_server_info|sp_readerrorlog|xp_readerrorlog"
          + "|sp_depends|sp_stored_procedures|sp_statistics|sp_pkeys|sp_fkeys|sp_sproc_columns"
          + "|sp_blitz|sp_whoisactive|sp_executesql)";

  /** The verbs a function's name starts with when calling it changes rows. */
  private static final String CHANGING_VERBS =
      "(?:reopen|close|cancel|delete|purge|remove|reset|merge|update|insert|apply|approve"
          + "|release|refund|pay|void|grant|revoke|disable|enable|expire|archive|truncate|drop"
          + "|transfer|assign|mark|force|lift|clear|rebuild|recalc(?:ulate)?|move|restore"
          + "|reverse|settle|post|book|credit|debit|unlock|suspend|resume|terminate|wipe|erase"
          + "|anonymi[sz]e|adjust|override|reassign|rollback|replay|backfill|bulk)";

  /**
   * The forms, as alternatives of a pattern read at a statement's start ({@code (?i)}): a procedure
   * executed by name, a changing function selected.
   */
  static final String FORMS =
      "CALL\\s+(?!(?:[\\w\"]+\\.)?system\\.)[\\w.\"]+\\s*\\(|EXEC(?:UTE)?\\s+(?:@\\w+\\s*=\\s*)?(?!"
          + READING_PROCEDURES
          + ")\\[?[A-Za-z_][\\w\\]\\[]*(?:\\.\\[?[A-Za-z_][\\w\\]\\[]*){0,2}(?=\\s|;|$)"
          + "|SELECT\\s+(?:\\*\\s+FROM\\s+)?(?:\"?\\w+\"?\\.)?\"?"
          + CHANGING_VERBS
          + "_\\w*\"?\\s*\\(";
}
