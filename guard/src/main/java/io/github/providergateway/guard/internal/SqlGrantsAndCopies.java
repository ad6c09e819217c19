package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a database client's statements give away (round 74): a whole schema or database granted to a
 * broad role, or a schema of special-category data granted at all ({@code GRANT SELECT ON ALL
 * TABLES IN SCHEMA CLAIMS.MEDICAL TO ROLE ANALYST_ALL}, {@code … TO PUBLIC}; {@code
 * access.schema-granted-broadly}); and a table copied by the engine itself to another
 * organisation's bucket ({@code duckdb -c "COPY (…) TO 's3://…-vendor-drop/…'"}, Redshift's {@code
 * UNLOAD}, BigQuery's {@code EXPORT DATA}; {@code out.shared-data-to-another}). A grant to a named
 * reader role of an ordinary schema, on this machine's database, and a copy to a local file are
 * not.
 */
final class SqlGrantsAndCopies {
  private SqlGrantsAndCopies() {}

  /** A grant on a whole schema or database: its object's name and its grantee. */
  private static final Pattern WHOLE_GRANT =
      Pattern.compile(
          "(?is)\\bGRANT\\s+.{1,160}?\\s+ON\\s+(?:(?:ALL|FUTURE)\\s+(?:TABLES|VIEWS)\\s+IN\\s+)?"
              + "(?:SCHEMA|DATABASE)\\s+([\\w.\"`]+)\\s+TO\\s+(?:ROLE\\s+|GROUP\\s+)?"
              + "([\\w\"`'@.:-]+)");

  /** A grantee that is everyone or a whole population: PUBLIC, EVERYONE, ANALYST_ALL. */
  private static final Pattern BROAD =
      Pattern.compile(
          "(?i)[\"'`]?(?:group:|role:)?(?:public|everyone|all[-_]?users|allauthenticatedusers"
              + "|all[-_][\\w.-]*|[\\w.-]*[-_]all|[\\w.-]*everyone)(?:@[\\w.-]+)?[\"'`]?");

  /** A schema of special-category or identity data. */
  private static final Pattern SPECIAL =
      Pattern.compile(
          "(?i)(?:^|[._\"`])(?:medical|health|clinical|patients?|phi|pii|kyc|hr|payroll|salar(?:y|ies)"
              + "|biometrics?|genetics?|diagnos\\w*)(?:$|[._\"`])");

  /** {@return the schema granted and to whom, where it is granted broadly, or {@code null}} */
  static String broadGrant(Scan scan, Step step) {
    String text = String.join(" ", step.invocation().args());
    if (text.length() > 64 * 1024 || text.toUpperCase(java.util.Locale.ROOT).indexOf("GRANT") < 0) {
      return null;
    }
    Matcher grant = WHOLE_GRANT.matcher(text);
    while (grant.find()) {
      if ((PatternLiterals.matches(BROAD, grant.group(2))
              || PatternLiterals.finds(SPECIAL, grant.group(1)))
          && !Environments.localTestData(scan, step)) {
        return grant.group(1) + " to " + grant.group(2);
      }
    }
    return null;
  }

  /** A statement that has the engine write a table out: COPY, UNLOAD, EXPORT DATA. */
  private static final Pattern WRITES_OUT =
      Pattern.compile("(?i)\\b(?:COPY|UNLOAD|EXPORT\\s+DATA)\\b");

  /** The remote place such a statement writes to. */
  private static final Pattern REMOTE_TARGET =
      Pattern.compile(
          "(?i)\\b(?:TO|INTO|uri\\s*=)\\s*'((?:s3|s3a|gs|gcs|az|azure|abfss|r2)://[^']{1,400})'");

  /** {@return the other organisation's place a statement copies to, or {@code null}} */
  static String copiedToAnother(Step step) {
    String text = String.join(" ", step.invocation().args());
    if (text.length() > 64 * 1024 || !PatternLiterals.finds(WRITES_OUT, text)) {
      return null;
    }
    Matcher target = REMOTE_TARGET.matcher(text);
    while (target.find()) {
      if (PatternLiterals.finds(SharedDataSent.ANOTHERS, target.group(1))) {
        return target.group(1);
      }
    }
    return null;
  }
}
