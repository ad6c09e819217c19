package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A person's own machine reached by a dynamic DNS name (decision 215): a home NAS, a router, a
 * desktop at home ({@code nas.lee-family.duckdns.org}, {@code *.synology.me}, {@code
 * *.myqnapcloud.com}). A company's data copied there leaves every control the company keeps (its
 * storage, its backups, its export review), however much the copy looks like a backup.
 */
final class PersonalHosts {
  private PersonalHosts() {}

  /** The domains of dynamic DNS services and of home devices' own relays. */
  private static final Pattern HOME_DOMAIN =
      Pattern.compile(
          "[a-z0-9-]\\.(?:duckdns\\.org|ddns\\.net|no-ip\\.(?:org|com|biz|info)|noip\\.me|hopto\\.org"
              + "|zapto\\.org|sytes\\.net|servebeer\\.com|dyndns\\.(?:org|info|tv)|dynu\\.net"
              + "|freeddns\\.org|mooo\\.com|synology\\.me|diskstation\\.me|myqnapcloud\\.com"
              + "|tplinkdns\\.com|asuscomm\\.com|myds\\.me|dsmynas\\.com)(?![a-z0-9.-])");

  /**
   * Whether a program sends to a host at home by its dynamic DNS name: the destination of a copy
   * ({@code scp} and {@code rsync}'s last word; a copy from home to here is not one), any host of
   * another transfer client's.
   */
  static boolean names(Step step) {
    List<Word> args = step.args();
    boolean lastOnly = step.program().equals("scp") || step.program().equals("rsync");
    for (int i = lastOnly ? args.size() - 1 : 0; i >= 0 && i < args.size(); i++) {
      String text = args.get(i).text();
      if (!text.startsWith("-")
          && PatternLiterals.finds(HOME_DOMAIN, text.toLowerCase(Locale.ROOT))) {
        return true;
      }
    }
    return false;
  }
}
