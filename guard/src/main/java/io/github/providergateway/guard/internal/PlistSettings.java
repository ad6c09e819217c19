package io.github.providergateway.guard.internal;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An Apple property list's settings written as {@code key: value} lines (decision 251), so that the
 * settings readers ({@link WeakSettings}, {@link RehearsalMadeReal}) read a configuration profile's
 * switch as they read YAML's: {@code <key>AutoFilterEnabled</key> <true/>} becomes {@code
 * AutoFilterEnabled: true}, {@code <key>Mode</key> <string>strict</string>} becomes {@code Mode:
 * strict}. Text with no such pair is returned as it is, and so is an app's entitlement.
 */
final class PlistSettings {
  private PlistSettings() {}

  /** Longer text is left alone: a profile's switch is edited in a few lines. */
  private static final int MAX_TEXT = 64 * 1024;

  /**
   * An app's entitlements are left as they are: {@code apple.entitlements-weakened} reads them and
   * says what opening its sandbox or runtime costs.
   */
  private static final String ENTITLEMENT = "com.apple.security.";

  private static final Pattern PAIR =
      Pattern.compile(
          "<key>\\s*([A-Za-z_][\\w.\\-]{0,80})\\s*</key>\\s*"
              + "(?:<(true|false)\\s*/>|<(string|integer|real)>([^<>\\n]{0,80})</\\3>)");

  /**
   * {@return {@code text} with each plist key and its plain value on a line of its own as {@code
   * key: value}}
   *
   * @param text a file's text or a part of it
   */
  static String flattened(String text) {
    if (text.length() > MAX_TEXT || !text.contains("<key>")) {
      return text;
    }
    Matcher pair = PAIR.matcher(text);
    StringBuilder out = new StringBuilder(text.length());
    while (pair.find()) {
      if (pair.group(1).startsWith(ENTITLEMENT)) {
        pair.appendReplacement(out, Matcher.quoteReplacement(pair.group()));
        continue;
      }
      String value = pair.group(2) != null ? pair.group(2) : pair.group(4).strip();
      pair.appendReplacement(out, Matcher.quoteReplacement(pair.group(1) + ": " + value));
    }
    pair.appendTail(out);
    return out.toString();
  }
}
