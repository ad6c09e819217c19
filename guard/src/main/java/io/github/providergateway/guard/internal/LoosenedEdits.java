package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Edits that loosen a safeguard (decision 98, the {@code loosens.*} rules), read from an edit
 * tool's call: the key files' lines taken out of {@code .gitignore}, a secret listed among an app's
 * bundled assets, a recipient added to an encryption's settings ({@code .sops.yaml}), a limit
 * raised a hundredfold or more. Each reads the call's old and new text, line by line: no pattern.
 */
final class LoosenedEdits {
  private LoosenedEdits() {}

  /** The names that say a key file or a secret's file in an ignore list or an asset list. */
  private static final List<String> KEY_FILES =
      List.of(
          ".jks",
          ".keystore",
          ".p12",
          ".pfx",
          ".pem",
          ".key",
          ".p8",
          ".env",
          "key.properties",
          "id_rsa",
          "id_ed25519",
          "credentials",
          "secrets",
          "service-account",
          ".tfvars",
          "google-services.json",
          "googleservice-info.plist");

  private static final int READ = 64 * 1024;

  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-ignored-keys-dropped", scan -> keysUnignored(scan.call()));
    named.put("edit-secret-bundled", scan -> secretBundled(scan.call()));
    named.put("edit-recipient-added", scan -> recipientAdded(scan.call()));
    named.put("edit-limit-raised", scan -> limitRaised(scan.call()));
    named.put(
        "edit-data-recipient-added",
        scan -> scan.call() == null ? null : EditCalls.read(scan.call(), DataRecipients::of));
    named.put("edit-opened-to-world", scan -> WorldOpenings.opened(scan.call()));
    named.put("edit-environment-served", scan -> WorldOpenings.environmentServed(scan.call()));
    named.put(
        "edit-test-endpoint-made-live",
        scan ->
            scan.call() == null ? null : EditCalls.read(scan.call(), TestEndpointsMadeLive::of));
    named.put(
        "edit-production-given-test-data",
        scan ->
            scan.call() == null ? null : EditCalls.read(scan.call(), ProductionGivenTestData::of));
  }

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("inplace-ignored-keys-dropped", (scan, step, read) -> sedDropsIgnoredKeys(step));
  }

  /**
   * Whether {@code sed -i '/\.jks/d' .gitignore} (or {@code gsed}) deletes a key file's line from a
   * {@code .gitignore}: an expression {@code /…/d} whose pattern, its escapes aside, names one.
   */
  static boolean sedDropsIgnoredKeys(Step step) {
    boolean inPlace = false;
    boolean ignoreFile = false;
    boolean dropsKey = false;
    for (io.github.providergateway.guard.shell.Word word : step.args()) {
      String text = word.text();
      if (text.equals("-i")
          || text.startsWith("-i") && !text.startsWith("-i=")
          || text.startsWith("--in-place")) {
        inPlace = true;
      } else if (text.equals(".gitignore") || text.endsWith("/.gitignore")) {
        ignoreFile = true;
      } else if (text.length() > 3 && text.startsWith("/") && text.endsWith("/d")) {
        dropsKey |=
            keyFile(text.substring(1, text.length() - 2).replace("\\", "").replace("^", ""));
      }
    }
    return inPlace && ignoreFile && dropsKey;
  }

  /** {path, old, new} of an edit tool's call, or null: read by {@link SharedSystems} too. */
  static String[] edit(CallForRules call) {
    String tool = call.tool();
    if (!tool.equals("edit") && !tool.equals("write")) {
      return null;
    }
    JsonNode args = call.args();
    String path = EditCalls.text(args, "path", "file_path");
    String old = EditCalls.text(args, "old_string", "old_str");
    String now = EditCalls.text(args, "new_string", "new_str");
    if (now == null) {
      now = EditCalls.text(args, "content", "file_text");
      old = "";
    }
    if (path == null || now == null || old == null || old.length() + now.length() > READ) {
      return null;
    }
    return new String[] {path, old, now};
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
  }

  private static boolean keyFile(String line) {
    String lower = line.trim().toLowerCase(Locale.ROOT);
    if (lower.isEmpty() || lower.startsWith("#") || lower.startsWith("!")) {
      return false;
    }
    for (String key : KEY_FILES) {
      if (lower.contains(key) && !lower.contains(".example") && !lower.contains(".sample")) {
        return true;
      }
    }
    return false;
  }

  /** A key file's line of {@code .gitignore} the edit takes out. */
  static String keysUnignored(CallForRules call) {
    String[] edit = edit(call);
    if (edit == null || !name(edit[0]).equals(".gitignore") || edit[1].isEmpty()) {
      return null;
    }
    List<String> now = edit[2].lines().map(String::trim).toList();
    for (String line : edit[1].lines().toList()) {
      if (keyFile(line) && !now.contains(line.trim())) {
        return ".gitignore no longer ignores " + line.trim();
      }
    }
    return null;
  }

  /** A secret's file added to the assets an app bundles (pubspec.yaml, package.json's files). */
  static String secretBundled(CallForRules call) {
    String[] edit = edit(call);
    if (edit == null) {
      return null;
    }
    String name = name(edit[0]);
    if (!name.equals("pubspec.yaml") && !name.equals("package.json")) {
      return null;
    }
    List<String> old = edit[1].lines().map(String::trim).toList();
    for (String line : edit[2].lines().toList()) {
      String item = line.trim();
      if (old.contains(item)) {
        continue;
      }
      String bare = item.replaceFirst("^-\\s*", "").replace("\"", "").replace(",", "").trim();
      if ((item.startsWith("-") || item.startsWith("\""))
          && !bare.contains(" ")
          && !bare.contains(":")
          && keyFile(bare)) {
        return name + " bundles " + bare;
      }
    }
    return null;
  }

  /** More recipients in an encryption's settings than before: another can read its secrets. */
  static String recipientAdded(CallForRules call) {
    String[] edit = edit(call);
    if (edit == null) {
      return null;
    }
    String name = name(edit[0]);
    if (!name.equals(".sops.yaml")
        && !name.equals(".sops.yml")
        && !name.equals(".gpg-id")
        && !name.endsWith("recipients.txt")
        && !name.equals(".age-recipients")) {
      return null;
    }
    if (edit[1].isEmpty()) {
      return null; // a new file: its first recipients
    }
    int before = recipients(edit[1]);
    int after = recipients(edit[2]);
    return after > before ? name + " gains a recipient (" + before + " -> " + after + ")" : null;
  }

  /** age keys ({@code age1…}) and PGP fingerprints (40 hexadecimal digits) in a text. */
  private static int recipients(String text) {
    int count = 0;
    int run = 0;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ' ';
      if (Character.digit(c, 16) >= 0) {
        run++;
      } else {
        if (run == 40) {
          count++;
        }
        run = 0;
      }
      if (text.startsWith("age1", i)
          && (i == 0 || !Character.isLetterOrDigit(text.charAt(i - 1)))) {
        count++;
      }
    }
    return count;
  }

  /** A MAX, LIMIT or THRESHOLD name's number made a hundred times larger or more. */
  static String limitRaised(CallForRules call) {
    String[] edit = edit(call);
    if (edit == null || edit[1].isEmpty() || CheckFiles.servesNobody(edit[0])) {
      return null; // a test's, a fixture's, an example's limit is no one's (decision 326)
    }
    Map<String, Double> old = limits(edit[1]);
    if (old.isEmpty()) {
      return null;
    }
    for (Map.Entry<String, Double> limit : limits(edit[2]).entrySet()) {
      Double was = old.get(limit.getKey());
      if (was != null && was > 0 && limit.getValue() >= was * 100) {
        return limit.getKey() + " raised " + Math.round(limit.getValue() / was) + "-fold";
      }
    }
    return null;
  }

  private static Map<String, Double> limits(String text) {
    Map<String, Double> limits = new HashMap<>();
    for (String line : text.lines().limit(2048).toList()) {
      int eq = line.indexOf('=');
      if (eq <= 0) {
        eq = line.indexOf(':');
      }
      if (eq <= 0) {
        continue;
      }
      String key = line.substring(0, eq).trim();
      String upper = key.toUpperCase(Locale.ROOT);
      if (!(upper.contains("MAX") || upper.contains("LIMIT") || upper.contains("THRESHOLD"))
          || key.isEmpty()
          || key.contains(" ")) {
        continue;
      }
      String rest = line.substring(eq + 1).trim();
      int end = 0;
      while (end < rest.length()
          && (Character.isDigit(rest.charAt(end))
              || rest.charAt(end) == '_'
              || rest.charAt(end) == '.')) {
        end++;
      }
      if (end == 0) {
        continue;
      }
      try {
        limits.put(key, Double.parseDouble(rest.substring(0, end).replace("_", "")));
      } catch (NumberFormatException e) {
        // not a number: 1.2.3
      }
    }
    return limits;
  }
}
