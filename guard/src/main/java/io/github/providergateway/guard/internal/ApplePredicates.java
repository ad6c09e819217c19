package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Word;
import io.github.providergateway.guard.shell.internal.NameSet;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What the book's {@code apple} rules ask (issue 80, round 8, decision 124): a Mac developer's and
 * its keeper's harms, each predicate under its name. The words are {@link AppleTexts}'; a program's
 * whole text is {@link LandPredicates#joined}, a file a program writes {@link LandWrites}'.
 */
final class ApplePredicates {
  private ApplePredicates() {}

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put(
        "names-apple-personal-store", (scan, step, read) -> finds(step, AppleTexts.PERSONAL_STORE));
    named.put(
        "script-asks-personal-app",
        (scan, step, read) -> finds(step, AppleTexts.ASKS_PERSONAL_APP));
    named.put("script-sends-message", (scan, step, read) -> finds(step, AppleTexts.SENDS_MESSAGE));
    named.put("script-ends-session", (scan, step, read) -> finds(step, AppleTexts.ENDS_SESSION));
    named.put(
        "sets-mac-protection-off", (scan, step, read) -> finds(step, AppleTexts.PROTECTION_OFF));
    named.put("sets-quarantine-off", (scan, step, read) -> finds(step, AppleTexts.QUARANTINE_OFF));
    named.put("turns-remote-access-on", (scan, step, read) -> finds(step, AppleTexts.REMOTE_ON));
    named.put("boot-args-weakened", (scan, step, read) -> finds(step, AppleTexts.BOOT_ARGS_OFF));
    named.put("word-skips-quarantine", (scan, step, read) -> finds(step, AppleTexts.NO_QUARANTINE));
    named.put(
        "sql-changes-consent",
        (scan, step, read) ->
            finds(step, AppleTexts.CONSENT_STORE) && finds(step, AppleTexts.SQL_WRITES));
    named.put(
        "sql-changes-download-trail",
        (scan, step, read) ->
            finds(step, AppleTexts.DOWNLOAD_TRAIL) && finds(step, AppleTexts.SQL_WRITES));
    named.put("clears-quarantine-elsewhere", ApplePredicates::clearsQuarantineElsewhere);
    named.put("plist-opens-runtime", (scan, step, read) -> plistOpensRuntime(step));
    named.put("ships-to-store", (scan, step, read) -> shipsToStore(step));
    named.put(
        "store-api-ships",
        (scan, step, read) -> finds(step, AppleTexts.STORE_API_SHIPS) && writesOverHttp(step));
    named.put(
        "store-api-revokes",
        (scan, step, read) -> finds(step, AppleTexts.STORE_API_REVOKES) && deletesOverHttp(step));
    named.put("sends-update-feed", (scan, step, read) -> AppleFeeds.sendsUpdateFeed(step));
    named.put(
        "names-app-keychain-item",
        (scan, step, read) -> LandPredicates.any(step, AppleTexts.APP_KEYCHAIN_ITEM));
    named.put("makes-admin-account", (scan, step, read) -> finds(step, AppleTexts.MAKES_ADMIN));
    named.put(
        "devicectl-erases",
        (scan, step, read) ->
            finds(step, AppleTexts.DEVICE_ERASED)
                || step.program().equals("devicectl")
                    && finds(step, Pattern.compile("^device erase\\b")));
    named.put("excludes-personal-folder", ApplePredicates::excludesPersonalFolder);
    named.put(
        "writes-pam-permit",
        (scan, step, read) -> LandWrites.written(scan, step, ApplePredicates::pamPermit));
  }

  /** Adds the call's predicates under their names: an edit tool's text, a tool's name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put(
        "edit-opens-runtime", scan -> LandWrites.edited(scan, ApplePredicates::runtimeOpened));
    named.put(
        "edit-skips-quarantine", scan -> LandWrites.edited(scan, ApplePredicates::skipsQuarantine));
    named.put("edit-pam-permit", scan -> LandWrites.edited(scan, ApplePredicates::pamPermit));
    named.put("store-tool-ships", ApplePredicates::storeToolShips);
    named.put("hunts-identity-papers-out", AppleFeeds::huntsIdentityPapersOut);
    named.put(
        "edit-script-sends-credentials",
        scan -> LandWrites.edited(scan, AppleFeeds::scriptSendsCredentials));
  }

  /** Whether the program's words or the text it is handed hold the pattern. */
  static boolean finds(Step step, Pattern pattern) {
    String text = LandPredicates.joined(step);
    return text != null && PatternLiterals.finds(pattern, text);
  }

  /**
   * {@code xattr -dr com.apple.quarantine /Applications/X.app}, {@code xattr -cr
   * ~/Downloads/X.app}: the quarantine taken off something neither the project's nor a temporary
   * folder's.
   */
  static boolean clearsQuarantineElsewhere(Scan scan, Step step, Where.Read read) {
    if (!step.program().equals("xattr")) {
      return false;
    }
    boolean clears = false;
    boolean deletes = false;
    boolean names = false;
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-") && !t.startsWith("--")) {
        clears |= t.indexOf('c') > 0;
        deletes |= t.indexOf('d') > 0;
      } else if (t.equalsIgnoreCase("com.apple.quarantine")) {
        names = true;
      }
    }
    if (!clears && !(deletes && names)) {
      return false;
    }
    for (Word word : step.args()) {
      String t = word.text();
      if (t.startsWith("-") || t.equalsIgnoreCase("com.apple.quarantine")) {
        continue;
      }
      for (Target target : scan.targets(step, word)) {
        Place place = scan.place(target);
        if (place != Place.INSIDE && place != Place.PROJECT && place != Place.TEMP) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code PlistBuddy -c 'Add :com.apple.security.cs.disable-library-validation bool true'
   * X.entitlements}.
   */
  static boolean plistOpensRuntime(Step step) {
    boolean entitlements = false;
    for (Word word : step.args()) {
      entitlements |= word.text().endsWith(".entitlements");
    }
    return entitlements && finds(step, AppleTexts.RUNTIME_OPENED_KEY);
  }

  /**
   * {@code fastlane deliver --submit_for_review true}, {@code fastlane run pilot
   * distribute_external:true}.
   */
  static boolean shipsToStore(Step step) {
    boolean action = false;
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String text = args.get(i).text();
      if (ServiceVerbs.validatesOnly(
          text.toLowerCase(java.util.Locale.ROOT),
          i + 1 < args.size() ? args.get(i + 1).text().toLowerCase(java.util.Locale.ROOT) : "")) {
        return false; // supply --validate_only true: the store checks the edit, then drops it
      }
      action |= PatternLiterals.matcher(AppleTexts.STORE_ACTION, text).matches();
    }
    return action && finds(step, AppleTexts.STORE_REACHES);
  }

  private static final Set<String> WRITE_METHODS = NameSet.of("POST", "PATCH", "PUT", "DELETE");

  /** A request that writes: a method other than GET, or a body. */
  static boolean writesOverHttp(Step step) {
    List<Word> args = step.args();
    for (int i = 0; i < args.size(); i++) {
      String t = args.get(i).text();
      String next = i + 1 < args.size() ? args.get(i + 1).text().toUpperCase() : "";
      if (WRITE_METHODS.contains(t.toUpperCase())
          || (t.equals("-X") || t.equals("--request")) && WRITE_METHODS.contains(next)
          || t.startsWith("-X") && WRITE_METHODS.contains(t.substring(2).toUpperCase())
          || t.startsWith("--request=") && WRITE_METHODS.contains(t.substring(10).toUpperCase())
          || t.equals("-d")
          || t.startsWith("--data")
          || t.equals("--json")
          || t.startsWith("--method")) {
        return true;
      }
    }
    return false;
  }

  /** A request whose method is DELETE. */
  static boolean deletesOverHttp(Step step) {
    for (Word word : step.args()) {
      String t = word.text().toUpperCase();
      if (t.equals("DELETE") || t.equals("-XDELETE") || t.equals("--REQUEST=DELETE")) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code tmutil addexclusion ~/Documents}, {@code xattr -w com_apple_backup_excludeItem …
   * ~/Pictures}: the person's own folders (or the home) left out of the laptop's backup.
   */
  static boolean excludesPersonalFolder(Scan scan, Step step, Where.Read read) {
    boolean tmutil = step.program().equals("tmutil");
    if (!tmutil && !finds(step, Pattern.compile("backup_excludeItem"))) {
      return false;
    }
    Path home = scan.places().home();
    for (Word word : step.args()) {
      if (word.text().startsWith("-")) {
        continue;
      }
      for (Target target : scan.targets(step, word)) {
        Path p = target.path();
        if (p == null || !p.startsWith(home)) {
          continue;
        }
        if (p.equals(home)) {
          return true;
        }
        for (String folder : AppleTexts.PERSONAL_FOLDERS) {
          if (p.equals(home.resolve(folder))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /** A sandbox taken away or the hardened runtime opened in an entitlements file. */
  static String runtimeOpened(String old, String now, List<String> files) {
    if (files.stream().noneMatch(f -> f.endsWith(".entitlements"))) {
      return null;
    }
    var found = PatternLiterals.matcher(AppleTexts.RUNTIME_OPENED, now);
    while (found.find()) {
      String key = found.group().replaceAll("\\s+", "");
      if (!old.replaceAll("\\s+", "").contains(key)) {
        return found.group().replaceAll("\\s+", " ");
      }
    }
    return null;
  }

  /**
   * {@code HOMEBREW_CASK_OPTS="--no-quarantine"} written to brew.env, a start-up file, a Brewfile.
   */
  static String skipsQuarantine(String old, String now, List<String> files) {
    if (files.stream().anyMatch(f -> f.endsWith(".md") || f.endsWith(".txt"))) {
      return null;
    }
    var found = PatternLiterals.matcher(AppleTexts.NO_QUARANTINE, now);
    return found.find() && !PatternLiterals.finds(AppleTexts.NO_QUARANTINE, old)
        ? "no-quarantine"
        : null;
  }

  /** {@code auth sufficient pam_permit.so} written to a PAM file: a password no longer asked. */
  static String pamPermit(String old, String now, List<String> files) {
    if (files.stream().noneMatch(f -> f.contains("pam.d/")) || !now.contains("pam_permit")) {
      return null;
    }
    return old.contains("pam_permit") ? null : "pam_permit.so";
  }

  /** {@code mcp__app-store-connect__submit_for_review}: a store's tool that ships. */
  static String storeToolShips(Scan scan) {
    String tool = scan.call().tool();
    var server = PatternLiterals.matcher(AppleTexts.STORE_SERVER, tool);
    if (!server.find()) {
      return null;
    }
    String name = tool.substring(server.end());
    return PatternLiterals.finds(AppleTexts.STORE_TOOL_SHIPS, name) ? tool : null;
  }
}
