package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.regex.Pattern;

/**
 * A SQL client fed what the call does not show (decisions 152, 176 and 178): for {@code
 * production.opaque-sql} and {@code databases.sql-unreadable-shared}. A decoder writes it (base64,
 * hex, a compressed file, a character set turned, escapes, code that decodes, {@code rev}, rot13)
 * into the client's input by a pipe, a process substitution, or a file it reads next.
 */
final class UnreadableFeeds {
  private UnreadableFeeds() {}

  /**
   * Whether the program is a SQL client fed by something whose output the call does not show: a
   * decoder ({@code base64 -d}, {@code xxd -r}, {@code openssl … -d}, {@code zcat}) or a fetch from
   * the network, in the same command.
   */
  static boolean fedUnreadable(Scan scan, Step step) {
    String source = scan.source();
    if (!step.is(ProgramKind.SQL_CLIENT) || source == null) {
      return false;
    }
    if (source.contains("<(") && substituted(scan, step)) {
      return true; // psql -f <(… | base64 -d), psql < <(…) (decision 178)
    }
    if (source.contains(">") && readsDecodedFile(scan, step)) {
      return true; // base64 -d > /tmp/q.sql && psql -f /tmp/q.sql (decision 178)
    }
    if (!source.contains("|")) {
      return false;
    }
    for (Redirect redirect : step.invocation().redirects()) {
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
      if (Decoders.decodes(other)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a process substitution decodes and the client, not inside one, reads one. */
  private static boolean substituted(Scan scan, Step client) {
    if (client.invocation().via().contains("<(…)")) {
      return false;
    }
    for (Step other : scan.steps()) {
      if (other != client && other.invocation().via().contains("<(…)") && Decoders.decodes(other)) {
        return true;
      }
    }
    return false;
  }

  /** Whether a decoder before the client writes a file the client then reads. */
  private static boolean readsDecodedFile(Scan scan, Step client) {
    for (Step other : scan.steps()) {
      if (other == client) {
        return false;
      }
      for (Redirect written : other.invocation().redirects()) {
        if (written.operator().startsWith(">")
            && Decoders.decodes(other)
            && reads(client, written.target().text())) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether the client reads the file: {@code -f FILE}, {@code -i FILE}, {@code < FILE}. */
  private static boolean reads(Step client, String file) {
    for (Redirect redirect : client.invocation().redirects()) {
      if (redirect.operator().equals("<") && redirect.target().text().equals(file)) {
        return true;
      }
    }
    for (Word word : client.args()) {
      String text = word.text();
      if (text.equals(file) || text.endsWith("=" + file) || text.equals("source " + file)) {
        return true;
      }
    }
    return false;
  }

  /**
   * A set of letters turned round the alphabet: {@code tr 'A-Za-z' 'N-ZA-Mn-za-m'} (decision 176).
   */
  static final Pattern ROTATED = Pattern.compile("[B-Zb-z]-[Zz][Aa]-[A-Ya-y]");
}
