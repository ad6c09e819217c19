package io.github.providergateway.guard.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * A SQL client fed what the call does not show (decisions 152 and 176): for {@code
 * production.opaque-sql} and {@code databases.sql-unreadable-shared}.
 */
final class UnreadableFeeds {
  private UnreadableFeeds() {}

  /**
   * Whether the program is a SQL client fed by something whose output the call does not show: a
   * decoder ({@code base64 -d}, {@code xxd -r}, {@code openssl … -d}) or a fetch from the network,
   * in the same command.
   */
  static boolean fedUnreadable(Scan scan, Step step) {
    if (!step.is(ProgramKind.SQL_CLIENT) || scan.source() == null || !scan.source().contains("|")) {
      return false;
    }
    for (io.github.providergateway.guard.shell.Redirect redirect : step.invocation().redirects()) {
      if (redirect.operator().startsWith("<")) {
        return false; // a file, a here-document or a here-string: read where it is
      }
    }
    for (String arg : step.invocation().args()) {
      switch (arg) {
        case "-c", "-e", "-f", "-q", "--command", "--execute", "--file", "--query" -> {
          return false; // its SQL is its own argument, not what it is fed
        }
        default -> {}
      }
    }
    for (Step other : scan.steps()) {
      if (other == step) {
        break; // a feeder stands before the client it feeds
      }
      List<String> args = other.invocation().args();
      boolean decodes =
          switch (other.program()) {
            case "base64", "base32", "basenc" ->
                args.contains("-d") || args.contains("--decode") || args.contains("-D");
            case "xxd" -> args.contains("-r") || args.contains("-r -p");
            case "openssl" -> args.contains("-d");
            case "curl", "wget" -> true;
            case "rev" -> true; // decision 176: the statement written backwards
            case "tr" -> rotates(args); // rot13
            default -> false;
          };
      if (decodes) {
        return true;
      }
    }
    return false;
  }

  /**
   * A set of letters turned round the alphabet: {@code tr 'A-Za-z' 'N-ZA-Mn-za-m'} (decision 176).
   */
  private static final Pattern ROTATED = Pattern.compile("[B-Zb-z]-[Zz][Aa]-[A-Ya-y]");

  /** Whether {@code tr}'s second set turns letters round the alphabet, as rot13 does. */
  private static boolean rotates(List<String> args) {
    for (String arg : args) {
      if (ROTATED.matcher(arg).find()) {
        return true;
      }
    }
    return false;
  }
}
