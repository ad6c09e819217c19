package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A dynamic DNS name repointed (session 16, joined to {@code production.dns-repoint}): a DDNS
 * provider's update URL (DuckDNS, dynv6, No-IP's and DynDNS' {@code /nic/update}, FreeDNS, deSEC,
 * Dynu) given an address of the call's own ({@code ip=}, {@code myip=}, {@code ipv4=}, {@code
 * address=}), or {@code ddclient} told the address ({@code -ip 198.51.100.200}). An update with no
 * address names the caller's own, as the house's updater does every few minutes; a read of the
 * zones is no update.
 */
final class DynamicDnsUpdates {
  private DynamicDnsUpdates() {}

  /** The update URLs of DDNS providers. */
  private static final List<String> UPDATE_URLS =
      List.of(
          "duckdns.org/update",
          "members.dyndns.org/v3/update",
          "dynv6.com/api/update",
          "/nic/update",
          "freedns.afraid.org/dynamic/update",
          "update.dedyn.io",
          "api.dynu.com",
          "dyn.dns.he.net",
          "ydns.io/api/v1/update",
          "now-dns.com/update",
          "update.spdyn.de",
          "dynamic.zoneedit.com",
          "ipv64.net/update");

  /**
   * A call that names neither the client nor an update URL repoints nothing ({@link #repointed}).
   */
  static final CallClues NAMED =
      CallClues.inAnyCase(Stream.concat(Stream.of("ddclient"), UPDATE_URLS.stream()).toList());

  /** An address the URL names. */
  private static final Pattern ADDRESS =
      Pattern.compile("[?&](ip|myip|ipv4|ipv6|myipv6|ip6|address|addr)=[^&\\s\"'$]");

  private static final Pattern DDCLIENT_IP = Pattern.compile("^--?ip(=.+)?$|^--?use=ip,ip=.+");

  /** Whether a DDNS name is pointed at an address the call gives. */
  static boolean repointed(Step step) {
    List<Word> args = step.args();
    if (step.program().equals("ddclient")) {
      for (int i = 0; i < args.size(); i++) {
        String text = args.get(i).text();
        if (DDCLIENT_IP.matcher(text).matches()
            && (text.contains("=")
                || i + 1 < args.size() && !args.get(i + 1).text().startsWith("-"))) {
          return true;
        }
      }
      return false;
    }
    for (Word word : args) {
      String url = word.text().toLowerCase(Locale.ROOT);
      if (url.length() < 2048
          && UPDATE_URLS.stream().anyMatch(url::contains)
          && ADDRESS.matcher(url).find()) {
        return true;
      }
    }
    return false;
  }
}
