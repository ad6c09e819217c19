package io.github.providergateway.guard.internal;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A test's or a sandbox's address replaced by a live one in a setting (decision 291): {@code
 * iis_endpoint: https://iis-test.health.state.mn.us/vxu} made {@code
 * https://miic.health.state.mn.us/vxu} in {@code config/environments/test.yml}, {@code PAYMENT_API:
 * https://api.sandbox.paypal.com} made {@code https://api.paypal.com}. What ran against the
 * rehearsal's service (every test run, every replay of synthetic records) now writes to the live
 * one. Only a setting whose old value the change shows is read; a live address moved to a test's,
 * to this machine or to another test's is none, nor documentation.
 */
final class TestEndpointsMadeLive {
  private TestEndpointsMadeLive() {}

  /** A key given an address: {@code iis_endpoint: https://…}, {@code "url": "https://…"}. */
  private static final Pattern ADDRESS_SETTING =
      Pattern.compile(
          "^\\s*-?\\s*['\"]?([A-Za-z_][\\w.\\-]{0,80})['\"]?\\s*(?::|=|=>)\\s*['\"]?"
              + "([a-z][a-z0-9+.\\-]{1,12}://[^\\s'\"`,;]{3,300})");

  /** How many lines of a change are read. */
  private static final int MAX_LINES = 2_000;

  /** Files that describe rather than configure. */
  private static final Set<String> DOCUMENTS =
      Set.of("md", "markdown", "rst", "txt", "adoc", "html");

  /**
   * The setting moved from a test's address to a live one, or {@code null}.
   *
   * @param old the text taken out, empty where not known
   * @param now the text put in
   * @param files the files changed
   * @return the key with both addresses, or {@code null}
   */
  static String of(String old, String now, List<String> files) {
    String file = files.isEmpty() ? "" : files.get(0);
    String extension = file.substring(file.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
    if (old.isEmpty() || DOCUMENTS.contains(extension)) {
      return null;
    }
    Map<String, String> before = new HashMap<>();
    Set<String> oldLines = new HashSet<>();
    String[] lines = old.split("\n", MAX_LINES);
    for (String line : lines) {
      oldLines.add(line.strip());
      Matcher setting = ADDRESS_SETTING.matcher(line);
      if (setting.find()) {
        before.putIfAbsent(setting.group(1), setting.group(2));
      }
    }
    for (String line : now.split("\n", MAX_LINES)) {
      Matcher setting = ADDRESS_SETTING.matcher(line);
      if (oldLines.contains(line.strip()) || !setting.find()) {
        continue;
      }
      String was = before.get(setting.group(1));
      if (was != null
          && testHost(Environments.host(was))
          && live(Environments.host(setting.group(2)))) {
        return setting.group(1) + ": " + was + " → " + setting.group(2);
      }
    }
    return null;
  }

  /** Whether a host's name says a test, staging, a sandbox or development. */
  private static boolean testHost(String host) {
    return host != null && (Environments.stagingHost(host) || Environments.testName(host));
  }

  /** Whether a host is another machine's whose name says no test and no place of this machine. */
  private static boolean live(String host) {
    return host != null
        && host.indexOf('.') > 0
        && !Environments.localHost(host)
        && !host.endsWith(".localhost")
        && !host.endsWith(".local")
        && !host.endsWith(".test")
        && !host.endsWith(".example")
        && !testHost(host);
  }
}
