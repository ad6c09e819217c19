package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.Locale;
import java.util.Set;

/**
 * The URLs of this machine ({@code localhost}, {@code 127.0.0.1}, {@code [::1]}): a program sent
 * only to them sends nothing out.
 */
final class LocalUrls {
  private LocalUrls() {}

  private static final Set<String> LOCAL =
      NameSet.of("localhost", "127.0.0.1", "::1", "[::1]", "0.0.0.0", "host.docker.internal");

  /** Whether every URL the program is given is this machine. */
  static boolean only(Step step) {
    for (Word word : step.args()) {
      String text = word.text();
      if (text.startsWith("-")) {
        continue;
      }
      if (!word.literal()) {
        return false; // a URL the guard cannot know
      }
      if (text.startsWith(":")) {
        continue; // httpie's shorthand for localhost (http :8080/health)
      }
      int scheme = text.indexOf("://");
      boolean url = scheme > 0 || text.contains(".") || text.startsWith("localhost");
      if (!url) {
        continue;
      }
      String host = scheme > 0 ? text.substring(scheme + 3) : text;
      int end = host.length();
      for (char stop : new char[] {'/', '?', '#'}) {
        int at = host.indexOf(stop);
        if (at >= 0 && at < end) {
          end = at;
        }
      }
      host = host.substring(host.indexOf('@') + 1 > end ? 0 : host.indexOf('@') + 1, end);
      if (!host.startsWith("[") && host.indexOf(':') >= 0) {
        host = host.substring(0, host.indexOf(':'));
      } else if (host.startsWith("[") && host.indexOf(']') > 0) {
        host = host.substring(0, host.indexOf(']') + 1);
      }
      host = host.toLowerCase(Locale.ROOT);
      if (!LOCAL.contains(host) && !host.endsWith(".localhost") && !host.startsWith("127.")) {
        return false;
      }
    }
    return true;
  }
}
