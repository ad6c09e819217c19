package io.github.providergateway.guard.internal;

import java.util.List;

/**
 * BigQuery's command line replacing or removing a table (issue 80 round 72, read with {@link
 * LakeTableWrites}): {@code bq query --replace --destination_table=…}, {@code bq load --replace …},
 * {@code bq cp -f SOURCE DESTINATION}, {@code bq rm -f -t …}. BigQuery is always Google's, never
 * this machine's: a table is the company's unless its project or dataset says scratch, sandbox,
 * test or development. A dry run ({@code --dry_run}) and a copy or query that adds a table are not.
 */
final class BigQueryReplaces {
  private BigQueryReplaces() {}

  /**
   * {@return what a {@code bq} command replaces or removes, or null}
   *
   * @param step the {@code bq} command
   */
  static String replaced(Step step) {
    List<String> args = step.invocation().args();
    String verb = null;
    boolean replace = false;
    boolean force = false;
    String destination = null;
    String last = null;
    String firstAfterVerb = null;
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String option = arg.replaceFirst("^--?", "");
      if (arg.startsWith("-")) {
        switch (option) {
          case "dry_run", "dry_run=true" -> {
            return null;
          }
          case "replace", "replace=true" -> replace = true;
          case "f", "force", "force=true" -> force = true;
          case "destination_table" -> destination = i + 1 < args.size() ? args.get(++i) : null;
          default -> {
            if (option.startsWith("destination_table=")) {
              destination = option.substring("destination_table=".length());
            }
          }
        }
      } else if (verb == null) {
        verb = arg;
      } else {
        firstAfterVerb = firstAfterVerb == null ? arg : firstAfterVerb;
        last = arg;
      }
    }
    if (verb == null) {
      return null;
    }
    String table =
        switch (verb) {
          case "query" -> replace ? destination : null;
          case "load" -> replace ? firstAfterVerb : null;
          case "cp" -> force ? last : null;
          case "rm" -> force ? last : null;
          default -> null;
        };
    if (table == null || table.startsWith("$")) {
      return null;
    }
    return LakeTableWrites.scratch(table.replace(':', '.'), false)
        ? null
        : "bq " + verb + " " + table;
  }
}
