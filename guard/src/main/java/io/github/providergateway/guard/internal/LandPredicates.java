package io.github.providergateway.guard.internal;

import io.github.providergateway.guard.shell.Redirect;
import io.github.providergateway.guard.shell.Word;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * What the book's {@code land} rules ask (issue 80, round 7, decision 120): the harms done to the
 * person and their laptop with ordinary tools' side features, each predicate under its name. The
 * readings are {@link LandPrograms}' (a program's own words), {@link LandMachine}'s (the laptop's
 * accounts, packages, network and memory) and {@link LandWrites}' (the text a call writes).
 */
final class LandPredicates {
  private LandPredicates() {}

  /** The most of a word, a text written or a command read. */
  static final int MAX_TEXT = 16 * 1024;

  /** Adds the programs' predicates under their names. */
  static void addTo(Map<String, Where.Predicate> named) {
    named.put("dialog-asks-password", (scan, step, read) -> LandPrograms.dialogAsksPassword(step));
    named.put("prompt-asks-password", (scan, step, read) -> LandPrograms.promptAsksPassword(step));
    named.put("writes-password-catcher", LandWrites::writesPasswordCatcher);
    named.put("writes-agent-auto-approve", LandWrites::writesAgentAutoApprove);
    named.put("exposes-system-secret", LandMachine::exposesSystemSecret);
    named.put("writes-agent-instructions", LandWrites::writesAgentInstructions);
    named.put("sets-proxy-elsewhere", (scan, step, read) -> LandPrograms.setsProxyElsewhere(step));
    named.put("writes-proxy-elsewhere", LandWrites::writesProxyElsewhere);
    named.put("pager-hides-lines", LandPrograms::pagerHidesLines);
    named.put("writes-hiding-attributes", LandWrites::writesHidingAttributes);
    named.put("clipboard-gets-command", LandPrograms::clipboardGetsCommand);
    named.put(
        "names-device-management", (scan, step, read) -> any(step, LandMachine.DEVICE_MANAGEMENT));
    named.put("dumps-secret-process", (scan, step, read) -> LandMachine.dumpsSecretProcess(step));
    named.put("widens-token-scopes", (scan, step, read) -> LandPrograms.widensScopes(step));
    named.put("names-link-scheme", (scan, step, read) -> LandPrograms.namesScheme(step));
    named.put("sets-browser-policy", (scan, step, read) -> LandPrograms.setsBrowserPolicy(step));
    named.put("writes-folder-code", LandWrites::writesFolderCode);
    named.put("writes-tests-skipped", LandWrites::writesTestsSkipped);
    named.put(
        "removes-essential-package", (scan, step, read) -> LandMachine.removesEssential(step));
    named.put("agent-task-acts", (scan, step, read) -> LandPrograms.taskActs(step));
    named.put("names-laptop-backup", (scan, step, read) -> any(step, LandMachine.LAPTOP_BACKUP));
    named.put("mode-locks-owner-out", LandMachine::locksOwnerOut);
    named.put("owner-taken-in-home", LandMachine::ownerTakenInHome);
    named.put("acl-locks-owner-out", LandMachine::aclLocksOwnerOut);
    named.put("drops-all-outgoing", (scan, step, read) -> LandMachine.dropsAllOutgoing(step));
    named.put("routes-all-elsewhere", (scan, step, read) -> LandMachine.routesAllElsewhere(step));
    named.put(
        "loads-browser-extension", (scan, step, read) -> any(step, LandMachine.LOADS_EXTENSION));
    named.put("writes-link-handlers", LandWrites::writesLinkHandlers);
    named.put("edits-tests-skipped-wholesale", LandWrites::editsTestsSkippedWholesale);
    named.put(
        "agent-tools-all-allowed",
        (scan, step, read) -> LandPrograms.toolsAllAllowed(step) && LandPrograms.taskActs(step));
    named.put(
        "forwards-agent-unverified",
        (scan, step, read) -> LandMachine.forwardsAgentUnverified(step));
    named.put("code-writes-ahead-of-system", LandWrites::codeWritesAheadOfSystem);
    named.put(
        "weakens-kernel-hardening",
        (scan, step, read) -> any(step, LandMachine.KERNEL_HARDENING_OFF));
    named.put("names-network-daemon", (scan, step, read) -> any(step, LandPrograms.NETWORK_DAEMON));
    named.put("names-admin-group", (scan, step, read) -> any(step, LandMachine.ADMIN_GROUP));
    named.put("names-home-whole", (scan, step, read) -> LandMachine.namesHomeWhole(step));
    named.put("sets-immutable-flag", (scan, step, read) -> LandMachine.setsImmutable(step));
    named.put("writes-bidi-controls", LandWrites::writesBidi);
  }

  /** Adds the call's predicates under their names: an edit tool's text. */
  static void addCallsTo(Map<String, Where.CallPredicate> named) {
    named.put("floods-processes", LandMachine::floodsProcesses);
    named.put("edit-password-catcher", scan -> LandWrites.edited(scan, LandWrites::catcher));
    named.put("edit-agent-auto-approve", scan -> LandWrites.edited(scan, LandWrites::autoApprove));
    named.put("edit-agent-instructions", scan -> LandWrites.edited(scan, LandWrites::planted));
    named.put("edit-proxy-elsewhere", scan -> LandWrites.edited(scan, LandWrites::proxyWritten));
    named.put(
        "edit-hiding-attributes", scan -> LandWrites.edited(scan, LandWrites::hidingAttributes));
    named.put("edit-folder-code", scan -> LandWrites.edited(scan, LandWrites::folderCode));
    named.put("edit-tests-skipped", scan -> LandWrites.edited(scan, LandWrites::testsSkipped));
    named.put("edit-bidi-controls", scan -> LandWrites.edited(scan, LandWrites::bidi));
  }

  /** Whether inline code joins paths to the home it reads ({@code os.homedir() + '/bin/x'}). */
  static boolean homeInCode(String code) {
    return code.contains("homedir()")
        || code.contains("expanduser(")
        || code.contains("Path.home()")
        || code.contains("Dir.home")
        || code.contains("env.HOME")
        || code.contains("'HOME'")
        || code.contains("\"HOME\"");
  }

  /** Whether a word of the program matches. */
  static boolean any(Step step, Pattern pattern) {
    for (Word word : step.args()) {
      String t = word.text();
      if (t.length() <= 1000 && pattern.matcher(t).find()) {
        return true;
      }
    }
    return false;
  }

  /** The program's words joined, or null past the bound; a here-document it reads too. */
  static String joined(Step step) {
    StringBuilder text = new StringBuilder();
    for (Word word : step.args()) {
      text.append(word.text()).append(' ');
      if (text.length() > MAX_TEXT) {
        return null;
      }
    }
    for (Redirect redirect : step.invocation().redirects()) {
      if (redirect.body() != null && redirect.body().length() <= MAX_TEXT) {
        text.append(redirect.body());
      }
    }
    return text.toString();
  }
}
