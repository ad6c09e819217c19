package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.internal.NameSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A protection taken out of a configuration where no setting says so (decision 202), for {@link
 * SafeguardEdits} ({@code safeguards.protection-off}): a response step dropped from a plan by yq
 * ({@code .steps |= map(select(.action != "CALL_FIRE_DEPT"))}); a de-identification's rule for a
 * DICOM tag deleted ({@code sed '/tag: "(0010,0030)"/,+1d'}), or its action turned to keep in a
 * script's own syntax ({@code @remove()} to {@code @keep()}); a retention's expiration taken out,
 * so what it limited is kept forever ({@code expiration { days = … }} deleted from a bucket's
 * lifecycle).
 */
final class ProtectionsTakenOut {
  private ProtectionsTakenOut() {}

  /** yq's filters that drop a list's items by a field's value. */
  private static final List<Pattern> DROPS =
      List.of(
          Pattern.compile(
              "\\.([\\w.\\[\\]\"]{1,120}?)\\s*\\|=\\s*map\\(\\s*select\\(\\s*\\.\\w{1,60}\\s*!=\\s*\"([^\"]{1,80})\"\\s*\\)\\s*\\)"),
          Pattern.compile(
              "del\\(\\s*\\.([\\w.\\[\\]\"]{1,120}?)\\[\\]\\s*\\|\\s*select\\(\\s*\\.\\w{1,60}\\s*==\\s*\"([^\"]{1,80})\"\\s*\\)\\s*\\)"),
          Pattern.compile("\\.([\\w.\\[\\]\"]{1,120}?)\\s*-=\\s*\\[\\s*\"([^\"]{1,80})\"\\s*\\]"));

  /** The lists a plan's response is made of. */
  private static final Set<String> STEP_LISTS =
      NameSet.of(
          "steps",
          "actions",
          "escalation",
          "escalations",
          "responders",
          "notify",
          "notifications",
          "contacts",
          "approvers",
          "reviewers",
          "checks",
          "plan");

  /** The words of a step that answers for people: a call to the fire department, a review. */
  private static final Set<String> RESPONSES =
      NameSet.of(
          "call",
          "dispatch",
          "notify",
          "page",
          "alert",
          "escalate",
          "police",
          "fire",
          "ambulance",
          "ems",
          "911",
          "callback",
          "verify",
          "review",
          "approve",
          "screen",
          "screening",
          "hold",
          "supervisor");

  /** A DICOM attribute's tag: {@code (0010,0030)}. */
  private static final Pattern TAG =
      Pattern.compile("\\(\\s*([0-9A-Fa-f]{4})\\s*,\\s*([0-9A-Fa-f]{4})\\s*\\)");

  /** A setting's or a block's key at the start of a line: {@code expiration {}. */
  private static final Pattern KEY =
      Pattern.compile("['\"]?([A-Za-z_][\\w\\-]{0,60})['\"]?\\s*[:={]");

  /** Words of a key that limits how long what is kept is kept. */
  private static final Set<String> RETENTION =
      NameSet.of("expiration", "expiry", "expire", "expires", "retention", "retain");

  /** A configuration's file, where a retention is a setting (not a cookie's expiry in code). */
  private static final Pattern CONFIGURATIONS =
      Pattern.compile("(?i)\\.(?:ya?ml|json|tf|tfvars|hcl|toml|ini|conf|cfg|properties)$");

  private static final Pattern WORD = Pattern.compile("[A-Za-z_]{1,60}");

  /**
   * What a change takes out of a protection.
   *
   * @param old the text it takes out, empty where not known (yq's script)
   * @param now the text it puts in
   * @param file the file it changes, not a test's or a rehearsal's
   * @return what the reason shows, or {@code null}
   */
  static String of(String old, String now, String file) {
    List<String> path = CheckWords.words(file);
    String shown = stepDropped(now, path);
    if (shown != null || old.isEmpty()) {
      return shown;
    }
    if (SafeguardSettings.deidentifying(path)) {
      shown = actionKept(old, now);
      if (shown == null) {
        shown = tagRuleDeleted(old, now);
      }
      if (shown != null) {
        return shown;
      }
    }
    return PatternLiterals.finds(CONFIGURATIONS, file) ? retentionTakenOut(old, now) : null;
  }

  /** A yq filter that drops a plan's response step. */
  private static String stepDropped(String script, List<String> path) {
    if (script.length() > 4096 || !script.contains("select(") && !script.contains("-=")) {
      return null;
    }
    for (Pattern drop : DROPS) {
      Matcher found = drop.matcher(script);
      while (found.find()) {
        List<String> list = SafeguardEdits.words(found.group(1));
        List<String> value = new ArrayList<>(SafeguardEdits.words(found.group(2)));
        value.addAll(path);
        if (!list.isEmpty()
            && STEP_LISTS.contains(list.get(list.size() - 1))
            && SafeguardEdits.has(value, RESPONSES)) {
          return found.group(1) + " loses " + found.group(2);
        }
      }
    }
    return null;
  }

  /**
   * A de-identification's action turned to keep in any syntax: {@code @remove()} to
   * {@code @keep()}.
   */
  private static String actionKept(String old, String now) {
    if (old.length() > 4096 || now.length() > 4096) {
      return null;
    }
    List<String> before = words(old);
    List<String> after = words(now);
    if (before.size() != after.size()) {
      return null;
    }
    String shown = null;
    for (int i = 0; i < before.size(); i++) {
      String a = before.get(i).toLowerCase(Locale.ROOT);
      String b = after.get(i).toLowerCase(Locale.ROOT);
      if (a.equals(b)) {
        continue;
      }
      if (!SafeguardSettings.protectiveAction(a) || !SafeguardSettings.keepingAction(b)) {
        return null; // another change than an action turned to keep
      }
      shown = before.get(i) + " → " + after.get(i);
    }
    return shown;
  }

  /** A DICOM tag's rule the old text held and the new does not. */
  private static String tagRuleDeleted(String old, String now) {
    if (!old.toLowerCase(Locale.ROOT).contains("tag")) {
      return null; // (1000,2000) in code is no attribute's tag
    }
    Matcher tag = TAG.matcher(old);
    String kept = now.toUpperCase(Locale.ROOT).replace(" ", "");
    while (tag.find()) {
      String named = ("(" + tag.group(1) + "," + tag.group(2) + ")").toUpperCase(Locale.ROOT);
      if (!kept.contains(named)) {
        return "the de-identification rule for " + named + " taken out";
      }
    }
    return null;
  }

  /** A retention's expiration the old text held and the new text has none of. */
  private static String retentionTakenOut(String old, String now) {
    for (String word : CheckWords.words(now)) {
      if (RETENTION.contains(word)) {
        return null; // rewritten, not taken out
      }
    }
    for (String line : old.split("\n")) {
      Matcher key = KEY.matcher(line.strip());
      if (line.length() <= SafeguardEdits.MAX_LINE
          && key.lookingAt()
          && SafeguardEdits.has(SafeguardEdits.words(key.group(1)), RETENTION)) {
        return key.group(1) + " taken out";
      }
    }
    return null;
  }

  private static List<String> words(String text) {
    List<String> words = new ArrayList<>();
    Matcher word = WORD.matcher(text);
    while (word.find() && words.size() < 256) {
      words.add(word.group());
    }
    return words;
  }
}
