package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.nio.file.Path;
import java.util.Map;

/**
 * A site's own command-line tool run against the live site (for {@code production.write-every-row};
 * round 67's {@code wp search-replace … --all-tables} over ssh in the web root, which rewrote every
 * URL in a travel agency's live database): on another machine by ssh, told a server by the tool's
 * own {@code --ssh=} option, or in or told a web root ({@code /var/www}, {@code /srv}). A local
 * development site is none.
 */
final class LiveSiteCommands {
  private LiveSiteCommands() {}

  /** Adds the predicate under its name. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("site-tool-on-live-site", (scan, step, read) -> live(step));
  }

  static boolean live(Step step) {
    if (step.invocation().via().contains("ssh")) {
      return true;
    }
    for (Word word : step.args()) {
      String text = word.text();
      if (text.startsWith("--ssh=")) {
        String host = text.substring(6).replaceFirst("^[^@]*@", "").replaceFirst("[:/].*$", "");
        return !Environments.localHost(host) && !Environments.stagingHost(host);
      }
      if (text.startsWith("--path=") && servedRoot(text.substring(7))) {
        return true;
      }
    }
    for (Path cwd : step.cwds()) {
      if (servedRoot(cwd.toString())) {
        return true;
      }
    }
    return false;
  }

  private static boolean servedRoot(String path) {
    return path.startsWith("/var/www") || path.startsWith("/srv/");
  }
}
