package io.github.providergateway.guard.internal;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command written into a script that runs after every deploy or in CI's checks (decision 204): a
 * post-deploy step, a smoke check, a health check. Such a script only looks (a health endpoint, a
 * status), and nobody reads what it runs; a command added to it that acts ({@code csctl alarms
 * resolve --queue ALL}, a live payment sent) runs again at every deploy. The lines the edit adds
 * are judged by the guard's own rules as if typed, as {@link HeldContent} judges a written script;
 * a rule that would deny or ask under the standard preset makes the edit {@code
 * deferred.deploy-script-acts}.
 */
final class DeployScriptActs {
  private DeployScriptActs() {}

  /** The words of a script's name or folder that say it runs after a deploy, to check it. */
  private static final Set<String> AFTER_DEPLOY =
      Set.of(
          "smoke",
          "smoketest",
          "smoketests",
          "postdeploy",
          "afterdeploy",
          "postrelease",
          "postrollout",
          "healthcheck",
          "verifydeploy");

  /** Adds the call's predicate under its name. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("edit-deploy-script-acts", DeployScriptActs::acts);
  }

  /** What a command added to a script run after a deploy does, as the rule found it; or null. */
  private static String acts(Scan scan) {
    return addedTo(
        scan,
        DeployScriptActs::afterDeploy,
        file -> file.endsWith(".yml") || file.endsWith(".yaml"),
        RuleAction.ASK);
  }

  /**
   * What the lines an edit or a write adds to a file of a kind would do typed, as the rule that
   * answers them found it; or null: {@code edit-deploy-script-acts}' reading, and {@link
   * BuildRecipeActs}'.
   *
   * @param scan the call's scan
   * @param kind which files are read, by their path as the call names it
   * @param steps which of them are task files, read for their commands before they are compared
   * @param least the mildest answer under the standard preset that counts: ask, or deny alone (a
   *     task file's, whose secrets read or printed are the task's own and do not count)
   * @return the rule that would answer the added lines, what it found and the file's name; or null
   */
  static String addedTo(
      Scan scan,
      java.util.function.Predicate<String> kind,
      java.util.function.Predicate<String> steps,
      RuleAction least) {
    CallForRules call = scan.call();
    String tool = call.tool();
    if (scan.ofScript() || !tool.equals("edit") && !tool.equals("write")) {
      return null;
    }
    JsonNode path = EditCalls.pathNode(call.args());
    if (path == null || !path.isTextual() || !kind.test(path.asText())) {
      return null;
    }
    String file = path.asText().startsWith("/") ? path.asText() : "/" + path.asText();
    boolean commands = steps.test(file);
    return EditCalls.read(call, (old, now, files) -> added(scan, file, old, now, commands, least));
  }

  /** Whether a file's name or its folder's says it runs after a deploy. */
  static boolean afterDeploy(String file) {
    String[] parts = file.split("/");
    for (int i = Math.max(0, parts.length - 2); i < parts.length; i++) {
      String part = parts[i];
      List<String> words =
          SafeguardEdits.words(
              part.contains(".") ? part.substring(0, part.lastIndexOf('.')) : part);
      for (int w = 0; w < words.size(); w++) {
        String pair = w + 1 < words.size() ? words.get(w) + words.get(w + 1) : "";
        if (AFTER_DEPLOY.contains(words.get(w)) || AFTER_DEPLOY.contains(pair)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The lines an edit adds, judged as typed: a task file's commands (a CI file's steps, a
   * Makefile's recipes, a package's scripts) as its old and new commands differ, another script's
   * added lines as its language runs them.
   *
   * @param scan the call's scan
   * @param file the file's path
   * @param old the text the edit takes out (empty for a whole file)
   * @param now the text it puts in
   * @param steps whether the file is a task file, read for its commands before it is compared
   * @param least the mildest answer under the standard preset that counts: ask, or deny alone (a
   *     task file's, whose secrets read or printed are the task's own and do not count)
   * @return the rule that would answer the added lines, what it found and the file's name; or null
   */
  private static String added(
      Scan scan, String file, String old, String now, boolean steps, RuleAction least) {
    String before = steps ? HeldContent.asShell(file, old) : old;
    String after = steps ? HeldContent.asShell(file, now) : now;
    if (after == null) {
      return null;
    }
    Set<String> kept = new HashSet<>();
    for (String line : (before == null ? "" : before).split("\n")) {
      kept.add(line.strip());
    }
    StringBuilder added = new StringBuilder();
    for (String line : after.split("\n")) {
      if (!line.isBlank() && !kept.contains(line.strip())) {
        added.append(line).append('\n');
      }
    }
    if (added.isEmpty() || added.length() > HeldContent.MAX_CHARS) {
      return null;
    }
    String shell = steps ? added.toString() : HeldContent.asShell(file, added.toString());
    Hit hit = shell == null ? null : HeldContent.strongest(scan, file, shell);
    if (hit == null) {
      return null;
    }
    if (least == RuleAction.DENY && hit.rule().category().equals("secrets")) {
      return null; // a task's own secrets: its output goes to no conversation (BuildRecipeActs)
    }
    RuleAction standard = hit.rule().action("standard");
    if (standard != RuleAction.DENY && (standard != RuleAction.ASK || least == RuleAction.DENY)) {
      return null;
    }
    String name = file.substring(file.lastIndexOf('/') + 1);
    return hit.rule().id() + " (" + FlowReading.shorten(hit.found()) + ") added to " + name;
  }
}
