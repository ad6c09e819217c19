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
 * A setting that says who sees, reaches or is followed, turned from its closed side to its open
 * one, whatever the trade and the file's syntax (decision 336, helper weaken2; round 77's {@code
 * location_tracking: off} → {@code always}, {@code default_privacy: private} → {@code public} and
 * BIND's {@code recursion no; allow-recursion { none; };} → {@code yes; … { any; }}), for {@link
 * SafeguardEdits} ({@code safeguards.protection-off}). The key names visibility, privacy, access,
 * tracking, recursion, sharing, a zone's transfer, a listing or an audience; the old value is a
 * closed one (private, internal, none, off, deny, never, restricted, localhost) and the new an open
 * one (public, any, all, on, always, allow, everyone, anyone, {@code 0.0.0.0/0}). Read as {@code
 * key: value}, {@code key = value}, {@code key value;} and {@code key { value; };}.
 *
 * <p>A value opened where it was closed is read from an edit's old and new text; a tool that sets a
 * value without showing the old one ({@code yq -i '.privacy.location_tracking = "always"'}) is read
 * by {@link #set}. Tightening (public to private), a key of no such word (a theme, a log level), a
 * log's key ({@code access_log}: on is the safer side) and a development's, local or example file
 * are not read.
 */
final class ExposureFlips {
  private ExposureFlips() {}

  /** A setting on its line, in the syntaxes of YAML, INI, TOML, JSON, HCL, nginx and BIND. */
  private static final Pattern SETTING =
      Pattern.compile(
          "['\"]?([A-Za-z_][\\w.\\-]{0,80}+)['\"]?(?:\\s*+[:=]|\\s)\\s*+(?:\\{\\s*+)?"
              + "['\"]?([\\w.\\-/:]{1,40}+)['\"]?\\s*+;?\\s*+(?:\\}\\s*+;?)?\\s*+,?\\s*+"
              + "(?:(?:#|//).*)?");

  /** Words of a key that says who sees, reaches or is followed. */
  private static final Set<String> EXPOSURE =
      NameSet.of(
          "visibility",
          "privacy",
          "access",
          "tracking",
          "recursion",
          "sharing",
          "share",
          "transfer",
          "autoindex",
          "listing",
          "acl",
          "audience",
          "exposure",
          "discoverable");

  /** Words of a key that logs: turning it on is the safer side. */
  private static final Set<String> LOGGING = NameSet.of("log", "logs", "logging", "audit");

  /** Values that keep it closed. */
  private static final Set<String> CLOSED =
      NameSet.of(
          "private",
          "internal",
          "none",
          "off",
          "no",
          "deny",
          "denied",
          "disabled",
          "never",
          "restricted",
          "members",
          "team",
          "owner",
          "owners",
          "self",
          "only_me",
          "nobody",
          "localhost",
          "127.0.0.1",
          "closed",
          "hidden",
          "unlisted",
          "false",
          "0",
          "opt_in",
          "opt-in",
          "optin",
          "ask");

  /** Values that open it. */
  private static final Set<String> OPEN =
      NameSet.of(
          "public",
          "any",
          "all",
          "on",
          "yes",
          "always",
          "allow",
          "allowed",
          "enabled",
          "everyone",
          "everybody",
          "anyone",
          "world",
          "anonymous",
          "true",
          "1",
          "0.0.0.0/0",
          "0.0.0.0",
          "public-read",
          "public-read-write",
          "open",
          "continuous",
          "unrestricted",
          "anyone_with_link",
          "external",
          "opt_out",
          "opt-out",
          "optout");

  /**
   * A setting an edit opens, or {@code null}.
   *
   * @param old the text it takes out
   * @param now the text it puts in
   * @param file the file it changes
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    if (old.isEmpty() || PermissiveFlips.persons(file)) {
      return null;
    }
    Map<String, String> before = settings(old);
    if (before.isEmpty()) {
      return null;
    }
    for (Map.Entry<String, String> setting : settings(now).entrySet()) {
      String was = before.get(setting.getKey());
      if (was != null && CLOSED.contains(was) && OPEN.contains(setting.getValue())) {
        return setting.getKey() + ": " + was + " → " + setting.getValue();
      }
    }
    return null;
  }

  /**
   * A setting a tool writes open, its old value unseen ({@code yq -i}, {@code jq … > t && mv t}),
   * or {@code null}.
   *
   * @param text the settings' lines the tool writes
   * @param file the file it writes
   * @return what the reason shows, or {@code null}
   */
  static String set(String text, String file) {
    if (PermissiveFlips.persons(file)) {
      return null;
    }
    for (Map.Entry<String, String> setting : settings(text).entrySet()) {
      if (OPEN.contains(setting.getValue()) && !setting.getValue().equals("1")) {
        return setting.getKey() + " set " + setting.getValue();
      }
    }
    return null;
  }

  /** The exposure settings of a text, by key, their values in lower case. */
  private static Map<String, String> settings(String text) {
    Map<String, String> settings = new HashMap<>();
    for (String raw : text.split("\n", -1)) {
      String line = raw.strip();
      while (line.startsWith(".")) {
        line = line.substring(1); // yq's and jq's path: .privacy.location_tracking = "always"
      }
      if (line.isEmpty() || line.length() > SafeguardEdits.MAX_LINE || settings.size() > 64) {
        continue;
      }
      Matcher setting = SETTING.matcher(line);
      if (!setting.matches()) {
        continue;
      }
      List<String> words = SafeguardEdits.words(setting.group(1));
      if (SafeguardEdits.has(words, EXPOSURE) && !SafeguardEdits.has(words, LOGGING)) {
        settings.put(setting.group(1), setting.group(2).toLowerCase(Locale.ROOT));
      }
    }
    return settings;
  }
}
