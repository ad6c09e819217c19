package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whom a program trusts widened by the change's shape (session 19, helper weaken; round 76's
 * Android {@code <pin-set>}), for {@link SafeguardEdits} ({@code safeguards.check-removed}): a
 * certificate's or a key's pins taken out (an Android network security configuration's {@code
 * pin-set}, OkHttp's {@code CertificatePinner}, TrustKit, {@code Public-Key-Pins}) with none left,
 * and an allow-list of origins, hosts or senders made a wildcard ({@code ['*']}) where it named
 * some. A development's or local file's list is the person's.
 */
final class TrustWidened {
  private TrustWidened() {}

  /** What pins a certificate or a key. */
  private static final Pattern PINS =
      Pattern.compile(
          "(?i)<pin-set\\b|<pin\\s+digest|certificatepinner|trustkit|public-key-pins"
              + "|pinnedcertificates|pinned_?public_?keys|ssl_?pinning|pinningmode|pin_?sha256");

  /** A list's key and its value on one line. */
  private static final Pattern LISTED =
      Pattern.compile(
          "^(?:(?:export|const|let|var|final|static|private|public|readonly|val)\\s+)*['\"]?"
              + "([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*(?::|=|:=|=>)\\s*(.{1,300})$");

  /** Words of a key whose list says who is trusted. */
  private static final Set<String> TRUSTED =
      NameSet.of(
          "allowed",
          "allow",
          "allowlist",
          "whitelist",
          "trusted",
          "origins",
          "hosts",
          "senders",
          "domains",
          "redirect",
          "cors",
          "ips");

  private static final Set<String> OWN = NameSet.of("dev", "development", "local", "sandbox");

  /**
   * What a change widens, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty() || old.length() > 16 * 1024 || now.length() > 16 * 1024) {
      return null;
    }
    if (SafeguardEdits.has(SafeguardEdits.words(file), OWN)) {
      return null;
    }
    Matcher pin = PINS.matcher(old);
    if (pin.find() && !PINS.matcher(now).find()) {
      return "the pins (" + pin.group() + ") taken out";
    }
    Map<String, String> before = lists(old);
    for (Map.Entry<String, String> list : lists(now).entrySet()) {
      String was = before.get(list.getKey());
      if (was != null && wildcard(list.getValue()) && !wildcard(was)) {
        return list.getKey() + " made " + list.getValue().strip();
      }
    }
    return null;
  }

  /** The trusted lists of a text, by key. */
  private static Map<String, String> lists(String text) {
    Map<String, String> lists = new HashMap<>();
    for (String line : text.split("\n", -1)) {
      if (line.length() > SafeguardEdits.MAX_LINE || lists.size() > 32) {
        continue;
      }
      Matcher listed = LISTED.matcher(line.strip());
      if (listed.matches()) {
        List<String> key = SafeguardEdits.words(listed.group(1));
        if (SafeguardEdits.has(key, TRUSTED)) {
          lists.put(listed.group(1), listed.group(2));
        }
      }
    }
    return lists;
  }

  /** Whether a value is a wildcard alone: {@code "*"}, {@code ['*']}, {@code 0.0.0.0/0}. */
  private static boolean wildcard(String value) {
    String bare = value.toLowerCase(Locale.ROOT).replaceAll("[\\s\\[\\]'\"`;,()]", "");
    return bare.equals("*") || bare.equals("0.0.0.0/0") || bare.equals("listof*");
  }
}
